package shapes

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/compiler"
)

// GenCommand is how generated/doc.go runs the generator of cse/shapes/gen; it
// is recorded, with the arguments, in the header of the files it writes.
const GenCommand = "go run ../cse/shapes/gen"

// genFileName is the file --out DIR writes, as for exprc gen.
const genFileName = "exprc_gen.go"

// GenerateFile does what `exprc gen` does with the same arguments ([--out DIR |
// -o FILE] [--package NAME] [--no-cse] SPEC...), in a process where probe is
// registered: it compiles the specs (compiler.CompileSources) and generates the
// evaluators (codegen.Generate). Paths are relative to dir. It returns the
// file to write (relative to dir, like the arguments) and its contents;
// cse/shapes/gen writes it, and the freshness test compares it with the file
// on disk.
func GenerateFile(dir string, args []string) (target string, src []byte, err error) {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	outDir := fs.String("out", "", "write DIR/"+genFileName)
	outFile := fs.String("o", "", "write this file")
	pkg := fs.String("package", "", "Go package name (default: the output directory's name)")
	noCSE := fs.Bool("no-cse", false, "do not share common subexpressions")
	if err := fs.Parse(args); err != nil {
		return "", nil, err
	}
	specs := fs.Args()
	if len(specs) == 0 {
		return "", nil, fmt.Errorf("no spec files given")
	}
	if *outDir != "" && *outFile != "" {
		return "", nil, fmt.Errorf("--out and -o are exclusive")
	}
	target = *outFile
	switch {
	case *outDir != "":
		target = filepath.Join(*outDir, genFileName)
	case target == "":
		target = genFileName
	}
	if *pkg == "" {
		abs := target
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, target)
		}
		*pkg = filepath.Base(filepath.Dir(abs))
	}
	srcs := map[string][]byte{}
	for _, s := range specs {
		path := s
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, s)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return "", nil, err
		}
		srcs[s] = b
	}
	prog, err := compiler.CompileSources(specs, srcs)
	if err != nil {
		return "", nil, err
	}
	src, err = codegen.Generate(prog.Queries, codegen.Options{
		Package: *pkg,
		Command: GenCommand + " " + strings.Join(args, " "),
		NoCSE:   *noCSE,
	})
	return target, src, err
}
