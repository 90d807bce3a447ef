package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

// What exprc run decides about its files before it compiles or builds
// anything: the format of the output and of each input, and (openOuter,
// checkInput) the outer input opened as both engines open it, so that a file
// the run cannot read fails in the same words, at once, whichever engine runs.

// outputFormat returns the format of the output: format when given (any
// --output extension then goes), else the one --output's extension names,
// else (standard output) jsonl. An --output whose extension names no format
// is an error, rather than a file of JSON lines under a misleading name.
func outputFormat(output, format string) (string, error) {
	if format != "" {
		return format, nil
	}
	if output == "" || output == "-" {
		return "jsonl", nil
	}
	if f, ok := fileio.OutputFormat(output); ok {
		return f, nil
	}
	known := fileio.OrList(fileio.OutputExtensions)
	if ext := filepath.Ext(output); ext != "" {
		return "", fmt.Errorf("--output %s: unknown extension %q (exprc writes %s; or give the format with --format)", output, ext, known)
	}
	return "", fmt.Errorf("--output %s: no extension to tell the format by (exprc writes %s; or give the format with --format)", output, known)
}

// inputFormats returns the format of each --input (TABLE=FILE, in order) by
// lower-cased table name: "" where the file's extension names it, else
// inputFormat, which is the format of standard input and of a file with no
// known extension. A file whose format is neither named by its extension nor
// given is an error; so is an --input-format that no input takes.
func inputFormats(inputs []string, inputFormat string) (map[string]string, error) {
	if inputFormat != "" && !fileio.IsInputFormat(inputFormat) {
		return nil, fmt.Errorf("unknown --input-format %q (want %s)", inputFormat, fileio.InputFormats)
	}
	formats := map[string]string{}
	used := false
	for _, in := range inputs {
		table, file, _ := strings.Cut(in, "=")
		key := strings.ToLower(table)
		if file != "-" {
			if _, ok := fileio.InputFormatOf(file); ok {
				formats[key] = ""
				continue
			}
		}
		if inputFormat == "" {
			if file == "-" {
				return nil, fmt.Errorf("--input %s: give the format of standard input with --input-format (%s)", in, fileio.InputFormats)
			}
			what := "no extension to tell the format by"
			if ext := filepath.Ext(file); ext != "" {
				what = fmt.Sprintf("unknown extension %q", ext)
			}
			return nil, fmt.Errorf("--input %s: %s (exprc reads %s; or give the format with --input-format)", in, what, fileio.OrList(fileio.InputExtensions))
		}
		formats[key] = inputFormat
		used = true
	}
	if inputFormat != "" && !used {
		return nil, errors.New("--input-format is for standard input and files without a known extension, but every --input file's extension names its format")
	}
	return formats, nil
}

// openOuter opens the outer table's input of j as the interpreter reads it,
// on threads goroutines.
func openOuter(q *ir.Query, j *runJob, threads int) (fileio.Input, error) {
	return fileio.OpenPath(j.input, j.inputFormat, j.stdin, ir.ArrowSchema(q.Source.Columns), fileio.Options{
		BatchSize: j.batchSize, Mem: memory.DefaultAllocator, Threads: threads, Skip: j.skip, Strict: j.strict,
		Zone: q.Zone,
	})
}

// checkInput opens and closes the outer table's input of j, which checks
// what can be checked before the first row: the file exists and its format is
// known; a CSV file's header, a Parquet or Arrow file's schema against the
// table's columns; the compression of the Parquet columns the query reads.
// exprc run does it before either engine starts, so that the compiled engine
// reports such an error with the interpreter's words, before it spends tens
// of seconds on a build. Standard input is not checked: reading it would
// consume it.
func checkInput(q *ir.Query, j *runJob) error {
	if j.input == "-" {
		return nil
	}
	in, err := openOuter(q, j, 1)
	if err != nil {
		return err
	}
	return in.Close()
}

// readColumns marks the columns of table (lower-cased name) that q's
// subqueries read: the ones whose warnings matter.
func readColumns(q *ir.Query, table string) []bool {
	var read []bool
	var walk func(e ir.Expr)
	walk = func(e ir.Expr) {
		if e == nil {
			return
		}
		if c, ok := e.(*ir.ColumnRef); ok && c.Index < len(read) {
			read[c.Index] = true
		}
		for _, k := range e.Children() { // a nested subquery's Args are in this scope
			walk(k)
		}
	}
	for _, s := range q.Subqueries {
		if strings.ToLower(s.Table.Name) != table {
			continue
		}
		if read == nil {
			read = make([]bool, len(s.Table.Columns))
		}
		for _, e := range s.Exprs() {
			walk(e)
		}
	}
	return read
}

// readWarnings returns the warnings of an inner table's input read to its
// end, about the columns read marks.
func readWarnings(in fileio.Input, read []bool, columns []ir.Column) []error {
	var out []error
	for _, w := range fileio.Warnings(in) {
		var u *fileio.UnseenColumnError
		if errors.As(w, &u) {
			keep := false
			for i, c := range columns {
				if c.Name == u.Column && i < len(read) && read[i] {
					keep = true
				}
			}
			if !keep {
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// printWarnings writes one "warning: " line per warning.
func printWarnings(stderr io.Writer, warnings []error) {
	for _, w := range warnings {
		fmt.Fprintf(stderr, "warning: %v\n", w)
	}
}
