// Command gen is `exprc gen` for specs that call the test-only function probe
// (package cse/probe): importing cse/shapes registers probe, which the product
// CLI never does. generated/doc.go runs it for generated/cseshapes and
// generated/cseshapesnocse:
//
//	go run ../cse/shapes/gen [--out DIR | -o FILE] [--package NAME] [--no-cse] SPEC...
//
// The freshness test of cse/shapes regenerates the same files in memory and
// compares them with the checked-in ones.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/exprc/exprc/cse/shapes"
)

func main() {
	target, src, err := shapes.GenerateFile(".", os.Args[1:])
	if err == nil {
		err = writeAtomic(target, src)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}

// writeAtomic writes data to path through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".gen-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after a successful rename
	if _, err := tmp.Write(data); err != nil {
		tmp.Close() //nolint:errcheck // already failing
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
