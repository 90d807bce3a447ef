package main

import (
	"encoding/json"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/fileio"
)

// roundTripCols hold every SQL type exprc has (BOOLEAN, INT, BIGINT, DOUBLE,
// VARCHAR, DATE, DECIMAL of 64- and 128-bit precisions, MAP<VARCHAR,
// VARCHAR>, TINYINT as int8, FLOAT as float32), Arrow types exprc reads as
// one of them (uint16, uint32), a NOT NULL column, NULLs in every other column, and edge values.
var roundTripCols = []fixCol{
	{"b", arrow.FixedWidthTypes.Boolean, true, []any{true, false, nil, true, false}},
	{"i", arrow.PrimitiveTypes.Int32, true, []any{int64(math.MinInt32), int64(math.MaxInt32), nil, int64(0), int64(-7)}},
	{"n", arrow.PrimitiveTypes.Int64, false, []any{int64(math.MaxInt64), int64(math.MinInt64), int64(0), int64(42), int64(-1)}},
	{"d", arrow.PrimitiveTypes.Float64, true, []any{1.5, -2.25e-300, nil, 1e300, 0.1}},
	{"s", arrow.BinaryTypes.String, true, []any{"héllo, \"world\"\nline2", "日本語 😀", nil, " lead", "NULL"}},
	{"day", arrow.FixedWidthTypes.Date32, true, []any{"2024-02-29", "1970-01-01", nil, "0001-01-01", "9999-12-31"}},
	{"dec9", &arrow.Decimal128Type{Precision: 9, Scale: 2}, true, []any{"12.50", "-9999999.99", nil, "0.00", "0.01"}},
	{"dec18", &arrow.Decimal128Type{Precision: 18, Scale: 4}, true, []any{"12345678901234.5678", "-0.0001", nil, "1.0000", "-99999999999999.9999"}},
	{"dec38", &arrow.Decimal128Type{Precision: 38, Scale: 10}, true, []any{"1234567890123456789012345678.0123456789", "-1.0000000000", nil, "0.0000000001", "9999999999999999999999999999.9999999999"}},
	{"m", arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String), true, []any{[][2]string{{"k", "v"}, {"a", "b"}}, [][2]string{}, nil, [][2]string{{"é", "x y"}}, [][2]string{{"", "empty key"}}}},
	{"i8", arrow.PrimitiveTypes.Int8, true, []any{int64(-128), int64(127), nil, int64(0), int64(1)}},
	{"u16", arrow.PrimitiveTypes.Uint16, true, []any{int64(65535), int64(0), nil, int64(1), int64(2)}},
	{"u32", arrow.PrimitiveTypes.Uint32, true, []any{int64(math.MaxUint32), int64(0), nil, int64(1), int64(2)}},
	{"f", arrow.PrimitiveTypes.Float32, true, []any{1.5, -2.25, nil, 0.0, 1024.0}},
}

// exprcTypes are the columns of roundTripCols whose Arrow type is the one of
// an exprc type, which exprc's own writers take.
var exprcTypes = []string{"b", "i", "n", "d", "s", "day", "dec9", "dec18", "dec38", "m"}

// TestSchemaRoundTrip is issue 40's acceptance test for `exprc schema` over
// files written by arrow-go: for each format, `exprc schema FILE` prints a
// CREATE TABLE, `exprc run` of SELECT * over it gives the values written,
// and for Parquet and IPC `exprc run` without the CREATE TABLE (inferring
// it) gives the same output. CSV and JSON lines files come from arrow-go's
// writers (arrow/csv, array.RecordToJSON) and from exprc's own: their
// columns get the types of the inference rules, so a decimal reads back as
// the DOUBLE (CSV, exprc's JSON) or the VARCHAR (arrow-go's JSON strings) of
// the same number; arrow-go's JSON map (an array of key/value objects) is
// left out, and its CSV writer cannot write a map.
func TestSchemaRoundTrip(t *testing.T) {
	dir := t.TempDir()
	rec := buildBatch(t, roundTripCols)
	defer rec.Release()
	query := filepath.Join(dir, "q.sql")
	if err := os.WriteFile(query, []byte("-- name: q\nSELECT * FROM t;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		file, writer string
		// types the schema must give, by column; the others must be as in
		// Parquet (the file's own types).
		types map[string]string
		left  []string // columns left out
	}{
		{file: "t.parquet", writer: "arrow-go"},
		{file: "t.arrow", writer: "arrow-go"},
		{file: "t.arrows", writer: "arrow-go"},
		{file: "t.csv", writer: "arrow-go", types: map[string]string{
			"i": "BIGINT", "dec9": "DOUBLE", "dec18": "DOUBLE", "dec38": "DOUBLE", "i8": "BIGINT", "u16": "BIGINT", "u32": "BIGINT", "f": "DOUBLE",
		}},
		{file: "t.jsonl", writer: "arrow-go", types: map[string]string{
			"i": "BIGINT", "dec9": "VARCHAR", "dec18": "VARCHAR", "dec38": "VARCHAR", "i8": "BIGINT", "u16": "BIGINT", "u32": "BIGINT", "f": "DOUBLE",
		}, left: []string{"m"}},
		{file: "x.csv", writer: "exprc", types: map[string]string{
			"i": "BIGINT", "dec9": "DOUBLE", "dec18": "DOUBLE", "dec38": "DOUBLE",
		}},
		{file: "x.jsonl", writer: "exprc", types: map[string]string{
			"i": "BIGINT", "dec9": "DOUBLE", "dec18": "DOUBLE", "dec38": "DOUBLE",
		}},
	}
	for _, c := range cases {
		t.Run(c.writer+"/"+c.file, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			format := strings.TrimPrefix(filepath.Ext(c.file), ".")
			cols := roundTripCols
			switch {
			case c.writer == "arrow-go" && format == "csv":
				// arrow/csv cannot write a map.
				cols = slices.DeleteFunc(slices.Clone(cols), func(fc fixCol) bool { return fc.name == "m" })
				r := buildBatch(t, cols)
				writeArrowFile(t, path, format, r)
				r.Release()
			case c.writer == "arrow-go":
				writeArrowFile(t, path, format, rec)
			default:
				cols = nil
				for _, fc := range roundTripCols {
					for _, n := range exprcTypes {
						if fc.name == n {
							cols = append(cols, fc)
						}
					}
				}
				writeExprcFile(t, path, format, cols)
			}
			sch := exprc("schema", "--table", "t", path)
			if sch.code != 0 {
				t.Fatalf("exprc schema: %s", sch.stderr)
			}
			want := map[string]string{ // the Parquet types
				"b": "BOOLEAN", "i": "INT", "n": "BIGINT NOT NULL", "d": "DOUBLE", "s": "VARCHAR", "day": "DATE",
				"dec9": "DECIMAL(9,2)", "dec18": "DECIMAL(18,4)", "dec38": "DECIMAL(38,10)", "m": "MAP<VARCHAR, VARCHAR>",
				"i8": "TINYINT", "u16": "INT", "u32": "BIGINT", "f": "FLOAT",
			}
			if c.types != nil {
				want["n"] = "BIGINT" // text formats: never NOT NULL
			}
			for k, v := range c.types {
				want[k] = v
			}
			left := map[string]bool{}
			for _, l := range c.left {
				left[l] = true
			}
			for _, fc := range cols {
				line := "  " + fc.name + " " + want[fc.name]
				switch got := strings.Contains(sch.stdout, line+",\n") || strings.Contains(sch.stdout, line+"\n"); {
				case left[fc.name] && !strings.Contains(sch.stdout, "-- column "+fc.name+" left out"):
					t.Errorf("column %s is not left out:\n%s", fc.name, sch.stdout)
				case !left[fc.name] && !got:
					t.Errorf("no line %q in:\n%s", line, sch.stdout)
				}
			}
			spec := filepath.Join(dir, c.file+".sql")
			if err := os.WriteFile(spec, []byte(sch.stdout), 0o644); err != nil {
				t.Fatal(err)
			}
			r := exprc("run", spec, query, "-q", "q", "--input", "t="+path)
			if r.code != 0 {
				t.Fatalf("exprc run: %s", r.stderr)
			}
			checkRows(t, r.stdout, cols, left, c.writer == "arrow-go" && format == "csv")
			if format == "parquet" || format == "arrow" || format == "arrows" {
				inf := exprc("run", query, "-q", "q", "--input", "t="+path)
				if inf.code != 0 || inf.stdout != r.stdout {
					t.Errorf("exprc run inferring the table: exit %d, stderr %s\nstdout %s\nwant %s", inf.code, inf.stderr, inf.stdout, r.stdout)
				}
			}
		})
	}
}

// writeExprcFile writes the columns with exprc's own writer of format (jsonl
// or csv), as `exprc run --format` does.
func writeExprcFile(t *testing.T, path, format string, cols []fixCol) {
	t.Helper()
	rec := buildBatch(t, cols)
	defer rec.Release()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, err := fileio.NewOutput(f, format, rec.Schema(), fileio.OutputOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := out.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkRows compares exprc run's JSON lines with the values of cols; left
// columns must be absent. With arrowCSV, a string's newline may come back
// as written by encoding/csv (unchanged).
func checkRows(t *testing.T, out string, cols []fixCol, left map[string]bool, arrowCSV bool) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	row := 0
	for dec.More() {
		var got map[string]any
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("output row %d: %v\n%s", row, err, out)
		}
		for _, c := range cols {
			v, ok := got[c.name]
			switch {
			case left[c.name]:
				if ok {
					t.Errorf("row %d: column %s should be left out, got %v", row, c.name, v)
				}
			case !ok:
				t.Errorf("row %d: no column %s in %v", row, c.name, got)
			case !sameValue(c.values[row], v, c.typ):
				t.Errorf("row %d column %s: got %#v, want %#v", row, c.name, v, c.values[row])
			}
		}
		row++
	}
	if want := len(cols[0].values); row != want {
		t.Errorf("got %d rows, want %d:\n%s", row, want, out)
	}
}

// sameValue reports whether got, a value of exprc's JSON output, is the
// fixture value want of Arrow type typ: the same number (a decimal also when
// it came back as the DOUBLE or the string of the same number), string,
// date, boolean or map.
func sameValue(want, got any, typ arrow.DataType) bool {
	if want == nil || got == nil {
		return want == nil && got == nil
	}
	switch w := want.(type) {
	case bool:
		return got == w
	case int64:
		n, ok := got.(json.Number)
		return ok && n.String() == strconv.FormatInt(w, 10)
	case float64:
		n, ok := got.(json.Number)
		f, err := n.Float64()
		return ok && err == nil && f == w
	case string:
		switch typ.ID() {
		case arrow.DECIMAL128:
			var text string
			switch g := got.(type) {
			case json.Number:
				text = g.String()
			case string:
				text = g
			default:
				return false
			}
			if text == w {
				return true
			}
			a, aok := new(big.Rat).SetString(w)
			b, bok := new(big.Rat).SetString(text)
			if aok && bok && a.Cmp(b) == 0 {
				return true
			}
			// Read as DOUBLE: the double nearest the decimal.
			wf, err1 := strconv.ParseFloat(w, 64)
			gf, err2 := strconv.ParseFloat(text, 64)
			return err1 == nil && err2 == nil && wf == gf && strings.ContainsAny(text, ".eE")
		}
		return got == w
	case [][2]string:
		m, ok := got.(map[string]any)
		if !ok || len(m) != len(w) {
			return false
		}
		for _, kv := range w {
			if m[kv[0]] != kv[1] {
				return false
			}
		}
		return true
	}
	return false
}
