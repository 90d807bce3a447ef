package batch_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/exprc/exprc/codegen/batch/internal/kernelgen"
)

// TestKernelsUpToDate fails when kernels_gen.go is not what the generator
// writes from templates/rt today (a kernel added, changed or removed).
func TestKernelsUpToDate(t *testing.T) {
	want, err := kernelgen.Source(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("kernels_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("kernels_gen.go is stale: run go generate ./codegen/batch (%s)", kernelgen.Command)
	}
}
