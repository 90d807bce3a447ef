package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/internal/cli"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

// An --input table that no spec declares is inferred from its file when the
// file carries a schema (Parquet, Arrow IPC): the CREATE TABLE `exprc schema`
// prints for it, named as the --input names it, is compiled with the specs
// as one more spec file. A CSV or JSON lines file carries no schema, and
// types inferred from a sample may not hold for the rest of the file, so such
// a table must be declared; the error says how. A table a spec declares is
// never inferred.

// inferredInput is a table inferred from an --input file.
type inferredInput struct {
	table, file string
	stmt        *inferredTable
}

// compileRun compiles the specs of exprc run with a CREATE TABLE for each
// --input table no spec declares whose file carries a schema, printed to
// stderr when verbose. formats holds each table's input format where
// --input-format gives it (inputFormats). It returns the program and the
// inferred tables in --input order; on failure it has printed the errors.
func compileRun(specs, inputs []string, formats map[string]string, verbose bool, stderr io.Writer) (*compiler.Program, []inferredInput, bool) {
	declared, ok := declaredTables(specs)
	if !ok {
		// A spec that does not read or parse: its errors come first.
		prog, ok := cli.Compile(specs, stderr)
		return prog, nil, ok
	}
	var inferred []inferredInput
	var names []string
	srcs := map[string][]byte{}
	var untyped []string // --input TABLE=FILE of undeclared tables not inferred
	for _, in := range inputs {
		table, file, _ := strings.Cut(in, "=")
		key := strings.ToLower(table)
		if declared[key] {
			continue
		}
		format, err := fileio.InputFormat(file)
		if f := formats[key]; f != "" {
			format, err = f, nil
		}
		switch {
		case file == "-" || format == "csv" || format == "jsonl":
			untyped = append(untyped, in)
			continue
		case err != nil:
			continue // reading the file reports it
		}
		sch, err := fileio.InferSchema(file, fileio.InferOptions{Format: format})
		if err == nil {
			var stmt *inferredTable
			if stmt, err = createTable(table, file, sch, 0); err == nil {
				name := "<table " + table + " inferred from " + file + ">"
				names = append(names, name)
				srcs[name] = []byte(stmt.text)
				inferred = append(inferred, inferredInput{table: table, file: file, stmt: stmt})
				if verbose {
					fmt.Fprintf(stderr, "-- table %s inferred from --input %s\n%s", safeText(table), safeText(in), stmt.text)
				}
				continue
			}
		}
		fmt.Fprintf(stderr, "error: --input %s: no spec declares table %s, and its file's schema does not make one: %s\n", safeText(in), safeText(table), fileio.ErrorLine(err.Error()))
		return nil, nil, false
	}
	prog, ok := cli.CompileWith(specs, names, srcs, stderr)
	if !ok {
		for _, in := range untyped {
			table, file, _ := strings.Cut(in, "=")
			how := "run `exprc schema " + safeText(file) + "` and add its CREATE TABLE to a spec"
			if file == "-" {
				how = "declare it with CREATE TABLE in a spec"
			}
			fmt.Fprintf(stderr, "note: --input %s: no spec declares table %s, and exprc infers a table only from a Parquet or Arrow IPC file: %s\n", safeText(in), safeText(table), how)
		}
		for _, t := range inferred {
			if len(t.stmt.left) > 0 {
				fmt.Fprintf(stderr, "note: table %s, inferred from %s, leaves out %s\n", safeText(t.table), safeText(t.file), firstFew(t.stmt.left))
			}
		}
		return nil, nil, false
	}
	return prog, inferred, true
}

// declaredTables returns the lower-cased names of the tables the specs
// declare; ok is false when a spec does not read or parse.
func declaredTables(specs []string) (map[string]bool, bool) {
	declared := map[string]bool{}
	for _, s := range specs {
		src, err := os.ReadFile(s)
		if err != nil {
			return nil, false
		}
		f, errs := parser.ParseFile(s, src)
		if len(errs) > 0 {
			return nil, false
		}
		for _, t := range f.Tables {
			declared[strings.ToLower(t.Name.Name)] = true
		}
	}
	return declared, true
}

// checkInferredRead reports an inferred table that q does not read: its
// --input then names no table the query needs, as an undeclared table did
// before inference.
func checkInferredRead(q *ir.Query, inferred []inferredInput) error {
	reads := map[string]bool{strings.ToLower(q.Source.Name): true}
	for _, s := range q.Subqueries {
		reads[strings.ToLower(s.Table.Name)] = true
	}
	for _, t := range inferred {
		if !reads[strings.ToLower(t.table)] {
			return fmt.Errorf("--input %s=%s: no spec declares table %s, and query %s does not read it", safeText(t.table), safeText(t.file), safeText(t.table), q.Name)
		}
	}
	return nil
}
