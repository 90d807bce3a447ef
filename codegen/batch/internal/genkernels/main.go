// Command genkernels writes codegen/batch/kernels_gen.go (see package
// kernelgen). Run it from codegen/batch: go generate ./codegen/batch.
package main

import (
	"fmt"
	"os"

	"github.com/exprc/exprc/codegen/batch/internal/kernelgen"
)

func main() {
	src, err := kernelgen.Source(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("kernels_gen.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
