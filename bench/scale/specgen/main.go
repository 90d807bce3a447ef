// Command specgen prints a spec of the compile-side scale benchmark (package
// bench/scale) on stdout, so the input the driver measures can be inspected,
// checked with exprc check or fed to exprc gen by hand:
//
//	go run ./bench/scale/specgen -shape everyday|nested -queries 100 -columns 20 -seed 1 > spec.sql
//
// The output is a pure function of the flags.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/exprc/exprc/bench/scale"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command with its arguments and outputs, returning the exit
// status: 0 after -h, 2 for a bad flag, 1 for a failure to write.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("specgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shape := fs.String("shape", string(scale.Everyday), "expression shape: everyday or nested")
	queries := fs.Int("queries", 100, "number of queries")
	columns := fs.Int("columns", 20, "output columns per query")
	seed := fs.Uint64("seed", 1, "seed of the random choices")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "specgen: unexpected arguments %q\n", fs.Args())
		return 2
	}
	sh, err := scale.ParseShape(*shape)
	if err != nil {
		fmt.Fprintf(stderr, "specgen: -shape: %v\n", err)
		return 2
	}
	spec, err := scale.Generate(scale.Config{Shape: sh, Queries: *queries, Columns: *columns, Seed: *seed})
	if err != nil {
		fmt.Fprintf(stderr, "specgen: %v\n", err)
		return 2
	}
	if _, err := io.WriteString(stdout, spec); err != nil {
		fmt.Fprintf(stderr, "specgen: writing the spec: %v\n", err)
		return 1
	}
	return 0
}
