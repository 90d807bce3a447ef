// Command gen is `exprc gen` for specs that call the test-only function probe
// (package internal/check/probe): it registers probe, which the product CLI never does,
// and runs the CLI's gen command (internal/cli.Gen) with the same flags,
// --verify included. generated/doc.go runs it for generated/cseshapes and
// generated/cseshapesnocse:
//
//	go run ../internal/check/shapes/gen [--out DIR | -o FILE] [--package NAME] [--no-cse] [--verify] SPEC...
//
// The header of the files it writes records shapes.GenCommand and the
// arguments. The freshness test of internal/check/shapes runs the same lines with
// --verify.
package main

import (
	"os"

	_ "github.com/exprc/exprc/internal/check/probe" // registers probe
	"github.com/exprc/exprc/internal/check/shapes"
	"github.com/exprc/exprc/internal/cli"
)

func main() {
	os.Exit(cli.Gen(shapes.GenCommand, os.Args[1:], os.Stdout, os.Stderr))
}
