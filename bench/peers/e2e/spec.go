package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
)

// The benchmark's spec, query and table: exprc reads the spec files, DuckDB
// runs the query's own SELECT (Query.SQL) with its table replaced by a file
// reader.
var (
	specFiles = []string{"bench/tables.sql", "bench/bench.sql"}
	queryName = "Q1Projection"
)

// spec is what both engines need to know about the query: the table it reads
// and the columns it writes, as DuckDB types, and its SELECT.
type spec struct {
	table   *ir.Table
	output  []ir.Column
	sql     string // the SELECT as written in the spec
	tableRe *regexp.Regexp
}

// loadSpec compiles the spec files under root and returns queryName's spec.
func loadSpec(root string) (*spec, error) {
	var paths []string
	for _, f := range specFiles {
		paths = append(paths, filepath.Join(root, f))
	}
	prog, err := compiler.Compile(paths)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", strings.Join(specFiles, " "), err)
	}
	q := prog.Query(queryName)
	if q == nil {
		return nil, fmt.Errorf("%s: no query %s", strings.Join(specFiles, " "), queryName)
	}
	if len(q.Subqueries) > 0 {
		return nil, fmt.Errorf("query %s reads subqueries: the benchmark gives exprc one input", queryName)
	}
	// DuckDB types a literal with a decimal point as DECIMAL, exprc as
	// DOUBLE: the results would differ in their last bits. Integer literals
	// convert to DOUBLE exactly in both.
	if decimal := regexp.MustCompile(`\b\d*\.\d+\b|\b\d+\.\d*`); decimal.MatchString(q.SQL) {
		return nil, fmt.Errorf("query %s has a literal with a decimal point (%s), which DuckDB types as DECIMAL: its SQL would need a ::DOUBLE cast", queryName, decimal.FindString(q.SQL))
	}
	s := &spec{table: q.Source, output: q.OutputSchema(), sql: strings.TrimSuffix(strings.TrimSpace(q.SQL), ";")}
	s.tableRe = regexp.MustCompile(`(?i)\bFROM\s+` + regexp.QuoteMeta(q.Source.Name) + `\b`)
	if n := len(s.tableRe.FindAllStringIndex(s.sql, -1)); n != 1 {
		return nil, fmt.Errorf("query %s: want one FROM %s in its SQL, found %d:\n%s", queryName, q.Source.Name, n, s.sql)
	}
	for _, cols := range [][]ir.Column{s.table.Columns, s.output} {
		for _, c := range cols {
			if _, err := duckType(c.Type); err != nil {
				return nil, fmt.Errorf("column %s: %w", c.Name, err)
			}
		}
	}
	return s, nil
}

// duckType is DuckDB's name of an exprc scalar type.
func duckType(t ir.Type) (string, error) {
	switch t.Kind {
	case ir.KindBoolean:
		return "BOOLEAN", nil
	case ir.KindInt:
		return "INTEGER", nil
	case ir.KindBigint:
		return "BIGINT", nil
	case ir.KindDouble:
		return "DOUBLE", nil
	case ir.KindVarchar:
		return "VARCHAR", nil
	case ir.KindDate:
		return "DATE", nil
	}
	return "", fmt.Errorf("type %s has no CSV spelling here", t)
}

// sqlString quotes s as a SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// reader is the DuckDB table function reading file (format "csv" or
// "parquet") as columns cols. A CSV file is read as exprc reads it: with the
// declared types and the dialect given, not sniffed (auto_detect=false: the
// sniffer costs DuckDB a constant 0.1 to 0.5 s of samples that exprc does not
// take), and an empty unquoted field is NULL, a quoted "" the empty string
// (allow_quoted_nulls=false).
func reader(format, file string, cols []ir.Column) string {
	if format == "parquet" {
		return "read_parquet(" + sqlString(file) + ")"
	}
	var b strings.Builder
	b.WriteString("read_csv(" + sqlString(file) + `, header=true, auto_detect=false, delim=',', quote='"', escape='"', allow_quoted_nulls=false, columns={`)
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		t, _ := duckType(c.Type) // checked by loadSpec
		b.WriteString(sqlString(c.Name) + ": " + sqlString(t))
	}
	b.WriteString("})")
	return b.String()
}

// copySQL is DuckDB's job: the query over input file in (format inFmt),
// written to out in format outFmt.
func (s *spec) copySQL(inFmt, in, outFmt, out string) string {
	sel := s.tableRe.ReplaceAllLiteralString(s.sql, "FROM "+reader(inFmt, in, s.table.Columns)+" AS "+s.table.Name)
	opts := "FORMAT parquet"
	if outFmt == "csv" {
		opts = "FORMAT csv, HEADER true"
	}
	return "COPY (" + sel + ") TO " + sqlString(out) + " (" + opts + ")"
}

// header is the CSV header line of the query's output.
func (s *spec) header() string {
	var names []string
	for _, c := range s.output {
		names = append(names, string(appendCSVString(nil, c.Name)))
	}
	return strings.Join(names, ",")
}
