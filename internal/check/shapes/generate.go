package shapes

// GenCommand is how generated/doc.go runs internal/check/shapes/gen, the exprc gen
// command (internal/cli.Gen) with probe registered; it is recorded, with the
// arguments, in the header of the files it writes.
const GenCommand = "go run ../internal/check/shapes/gen"
