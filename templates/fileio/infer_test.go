package fileio

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/sqltype"
)

// TestArrowSQLTypeReads checks that every Arrow type ArrowSQLType maps is
// one the readers accept as its type: a file's inferred CREATE TABLE must
// read the file.
func TestArrowSQLTypeReads(t *testing.T) {
	for _, dt := range []arrow.DataType{
		arrow.FixedWidthTypes.Boolean, arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32,
		arrow.PrimitiveTypes.Int64, arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32,
		arrow.PrimitiveTypes.Uint64, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64, arrow.BinaryTypes.String,
		arrow.BinaryTypes.LargeString, arrow.BinaryTypes.StringView, arrow.FixedWidthTypes.Date32, arrow.FixedWidthTypes.Date64,
		&arrow.Decimal32Type{Precision: 9, Scale: 2}, &arrow.Decimal64Type{Precision: 18, Scale: 3},
		&arrow.Decimal128Type{Precision: 38, Scale: 38}, arrow.MapOf(arrow.PrimitiveTypes.Int16, arrow.FixedWidthTypes.Date64),
		arrow.BinaryTypes.Binary, arrow.BinaryTypes.LargeBinary, &arrow.FixedSizeBinaryType{ByteWidth: 16}, arrow.BinaryTypes.BinaryView,
		&arrow.TimestampType{Unit: arrow.Microsecond}, &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "UTC"},
		&arrow.TimestampType{Unit: arrow.Second, TimeZone: "Europe/Paris"},
	} {
		st, _, ok := ArrowSQLType(dt)
		if !ok {
			t.Errorf("%s: no type", dt)
			continue
		}
		if !convertible(dt, st) {
			t.Errorf("%s: inferred %s, which the readers do not read it as", dt, st)
		}
	}
	for _, dt := range []arrow.DataType{
		arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.Binary), arrow.ListOf(arrow.PrimitiveTypes.Int64),
		arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64}), &arrow.Decimal256Type{Precision: 40, Scale: 2},
		arrow.MapOf(arrow.FixedWidthTypes.Date32, arrow.BinaryTypes.String), arrow.MapOf(arrow.BinaryTypes.String, arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String)),
		&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, arrow.FixedWidthTypes.Float16,
	} {
		if st, note, ok := ArrowSQLType(dt); ok || note == "" {
			t.Errorf("%s: inferred %s (note %q), want none with a note", dt, st, note)
		}
	}
}

// TestInferTextReads is the text inference's promise, on random files: with
// the whole file as the sample, the inferred types read every row of it.
func TestInferTextReads(t *testing.T) {
	csvTokens := []string{"1", "-5", "+7", " 12 ", "99999999999999999999", "1.5", "2e3", "NaN", "Infinity", "true",
		"FALSE", " True ", "2024-01-02", "2024-1-2", "2024-02-30", "abc", "", `""`, "NULL", "NA", `"{""a"":1}"`,
		`"{""a"":""x""}"`, `"{""a"":1.5}"`, `{}`, `"{""a"":{""b"":1}}"`, "1e999", `"x,y"`, `"line` + "\n" + `two"`}
	jsonTokens := []string{`1`, `-5`, `"7"`, `1.5`, `1e999`, `99999999999999999999`, `true`, `"true"`, `"2024-01-02"`,
		`"x"`, `null`, `{"a":1}`, `{"a":"x"}`, `{}`, `[1]`, `{"a":{"b":1}}`, `"NaN"`, `""`, `{"a":null}`, `"2024-02-30"`, ``}
	rng := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	for iter := range 200 {
		var b strings.Builder
		format := "csv"
		ncols, nrows := 1+rng.IntN(3), 1+rng.IntN(6)
		if iter%2 == 1 {
			format = "jsonl"
		}
		if format == "csv" {
			for c := range ncols {
				if c > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "c%d", c)
			}
			b.WriteString("\n")
		}
		for range nrows {
			if format == "jsonl" {
				b.WriteString("{")
				sep := ""
				for c := range ncols {
					if tok := jsonTokens[rng.IntN(len(jsonTokens))]; tok != "" {
						fmt.Fprintf(&b, `%s"c%d": %s`, sep, c, tok)
						sep = ", "
					}
				}
				b.WriteString("}\n")
				continue
			}
			for c := range ncols {
				if c > 0 {
					b.WriteString(",")
				}
				tok := csvTokens[rng.IntN(len(csvTokens))]
				if ncols == 1 && tok == "" {
					tok = `""` // a blank line is no record
				}
				b.WriteString(tok)
			}
			b.WriteString("\n")
		}
		path := filepath.Join(dir, fmt.Sprintf("f%d.%s", iter, format))
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		fs, err := InferSchema(path, InferOptions{})
		if err != nil && strings.Contains(err.Error(), "the file has no columns") && !strings.Contains(b.String(), `"c`) {
			continue // every line is {}
		}
		if err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		var fields []arrow.Field
		for _, c := range fs.Columns {
			if c.Typed {
				fields = append(fields, arrow.Field{Name: c.Name, Type: sqltype.Arrow(c.Type), Nullable: !c.NotNull})
			}
		}
		if len(fields) == 0 || !fs.Whole || fs.Rows != int64(nrows) {
			if len(fields) > 0 {
				t.Errorf("%s: rows %d whole %v, want %d", path, fs.Rows, fs.Whole, nrows)
			}
			continue
		}
		in, err := OpenInput(path, arrow.NewSchema(fields, nil), Options{})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for {
			rec, err := in.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: the inferred types %v do not read the file: %v\n%s", path, fields, err, b.String())
				break
			}
			rec.Release()
		}
		in.Close()
	}
}

// TestInferTextTypes pins the inference list on small files.
func TestInferTextTypes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, data string
		want       []string // the type of each column, or "-" for none
	}{
		{"ints.csv", "a,b\n1,9223372036854775807\n-2,\n", []string{"BIGINT", "BIGINT"}},
		{"big.csv", "a\n9223372036854775808\n", []string{"DECIMAL(38,0)"}},
		{"toobig.csv", "a\n123456789012345678901234567890123456789\n", []string{"DOUBLE"}},
		{"nan.csv", "a,b\nNaN,NaN\n1,x\n", []string{"DOUBLE", "VARCHAR"}},
		{"nandigits.csv", "a\nNaN\nInfinity\n", []string{"VARCHAR"}},
		{"dates.csv", "a,b\n2024-01-02,2024-1-2\n", []string{"DATE", "VARCHAR"}},
		{"nullword.csv", "a\n1\nNULL\n", []string{"VARCHAR"}},
		{"quotedempty.csv", "a,b\n\"\",1\n,\"\"\n", []string{"VARCHAR", "BIGINT"}},
		{"map.csv", "a\n\"{\"\"k\"\": 1}\"\n{}\n", []string{"MAP<VARCHAR, BIGINT>"}},
		{"mapmixed.csv", "a\n\"{\"\"k\"\": 1}\"\n\"{\"\"k\"\": \"\"x\"\"}\"\n", []string{"VARCHAR"}},
		{"j.jsonl", `{"a": 1, "b": "7", "c": 1.5, "d": [1], "e": {"k": 2}, "f": null}` + "\n", []string{"BIGINT", "VARCHAR", "DOUBLE", "-", "MAP<VARCHAR, BIGINT>", "VARCHAR"}},
		{"jmix.jsonl", `{"a": 1, "b": 1, "c": true, "d": {"k": 1}}` + "\n" + `{"a": "2", "b": "x", "c": "false", "d": 3}` + "\n", []string{"BIGINT", "-", "BOOLEAN", "-"}},
		{"jbig.jsonl", `{"a": 99999999999999999999, "b": 1e999}` + "\n", []string{"DECIMAL(38,0)", "-"}},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		fs, err := InferSchema(path, InferOptions{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []string
		for _, col := range fs.Columns {
			if col.Typed {
				got = append(got, col.Type.String())
			} else {
				got = append(got, "-")
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
