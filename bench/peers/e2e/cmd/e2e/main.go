// Command e2e runs the end-to-end benchmark of package e2e (`make
// bench-e2e`): `exprc run` against DuckDB on whole CSV and Parquet files,
// and writes bench/E2E.md. Run it from bench/peers:
//
//	go run ./e2e/cmd/e2e -rows 2000000,10000000 -repeat 3 -report ../E2E.md
//
// It runs itself as two kinds of child: "e2e measure -timeout D -- ARGV..."
// starts and measures each measured process, and "e2e duckdb-job -threads N
// -sql STATEMENT" is a DuckDB job.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/exprc/exprc/bench/peers/e2e"
)

func main() {
	if code, ok := e2e.Child(os.Args[1:]); ok {
		os.Exit(code)
	}
	os.Exit(run())
}

func run() int {
	root := flag.String("root", "../..", "the exprc repository (the main module)")
	dir := flag.String("dir", filepath.Join(os.TempDir(), "exprc-e2e"), "directory of the generated data (kept, regenerated only when missing) and of the outputs")
	rows := flag.String("rows", "2000000,10000000", "comma-separated row counts")
	threads := flag.String("threads", "", "comma-separated thread counts (default: 1 and the number of CPUs)")
	repeat := flag.Int("repeat", 3, "runs of each engine on each job")
	engine := flag.String("engine", "", "exprc's --engine (default: leave the flag out, exprc's default)")
	chunk := flag.Int("chunk", 1_000_000, "rows generated at a time: one seed and one Parquet row group each")
	startup := flag.Bool("startup", true, "measure the compiled engine's first (building) and cached start-up")
	timeout := flag.Duration("timeout", 10*time.Minute, "limit of each process")
	report := flag.String("report", "", "write the Markdown report to this file (default: stdout)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "e2e: unexpected arguments %q\n", flag.Args())
		return 2
	}
	rowCounts, err := ints(*rows)
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: -rows: %v\n", err)
		return 2
	}
	threadCounts, err := ints(*threads)
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: -threads: %v\n", err)
		return 2
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := e2e.Run(ctx, e2e.Config{
		Root: *root, Dir: *dir, Rows: rowCounts, Threads: threadCounts, Repeat: *repeat,
		Engine: *engine, Chunk: *chunk, Startup: *startup, Timeout: *timeout,
		Self:    []string{self},
		Command: commandLine(),
		Log:     os.Stderr,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 1
	}
	out := os.Stdout
	if *report != "" {
		f, err := os.Create(*report)
		if err != nil {
			fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
			return 1
		}
		defer f.Close()
		out = f
	}
	if err := e2e.WriteReport(out, rep); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: writing the report: %v\n", err)
		return 1
	}
	if *report != "" {
		if err := out.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "e2e: writing the report: %v\n", err)
			return 1
		}
		fmt.Fprintf(os.Stderr, "wrote %s\n", *report)
	}
	return 0
}

// ints parses a comma-separated list of positive integers; "" is none.
func ints(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive integer", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// commandLine is how this program was run, as `go run` from bench/peers.
func commandLine() string {
	args := []string{"go", "run", "./e2e/cmd/e2e"}
	for _, a := range os.Args[1:] {
		if a == "" || strings.ContainsAny(a, " \t'\"$\\*?;&|<>()") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		args = append(args, a)
	}
	return strings.Join(args, " ")
}
