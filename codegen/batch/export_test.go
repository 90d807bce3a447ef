package batch

// SetChunkRows sets the rows Eval computes at once, for a test, and returns
// the function that restores it.
func SetChunkRows(n int) (restore func()) {
	old := chunkRows
	chunkRows = n
	return func() { chunkRows = old }
}
