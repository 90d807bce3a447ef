package main

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/csv"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// fixCol is a column of a test file: its Arrow field and its values, as Go
// values (nil for NULL): bool, int64 for every integer type, float64 for
// both float types, string for strings, dates ("yyyy-mm-dd"), decimals
// ("-12.50", exactly the scale's digits) and timestamps (microseconds as
// int64), and [][2]string pairs for a map<string, string> (values "" are
// NULL in a map<string, string> of nullable items: none here).
type fixCol struct {
	name     string
	typ      arrow.DataType
	nullable bool
	values   []any
}

// buildBatch makes one record batch of the columns.
func buildBatch(t testing.TB, cols []fixCol) arrow.RecordBatch {
	t.Helper()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.name, Type: c.typ, Nullable: c.nullable}
	}
	rb := array.NewRecordBuilder(memory.DefaultAllocator, arrow.NewSchema(fields, nil))
	defer rb.Release()
	for i, c := range cols {
		for _, v := range c.values {
			if err := appendFix(rb.Field(i), v); err != nil {
				t.Fatalf("column %s: %v", c.name, err)
			}
		}
	}
	return rb.NewRecordBatch()
}

func appendFix(b array.Builder, v any) error {
	if v == nil {
		b.AppendNull()
		return nil
	}
	switch b := b.(type) {
	case *array.BooleanBuilder:
		b.Append(v.(bool))
	case *array.Int8Builder:
		b.Append(int8(v.(int64)))
	case *array.Int16Builder:
		b.Append(int16(v.(int64)))
	case *array.Int32Builder:
		b.Append(int32(v.(int64)))
	case *array.Int64Builder:
		b.Append(v.(int64))
	case *array.Uint8Builder:
		b.Append(uint8(v.(int64)))
	case *array.Uint16Builder:
		b.Append(uint16(v.(int64)))
	case *array.Uint32Builder:
		b.Append(uint32(v.(int64)))
	case *array.Float32Builder:
		b.Append(float32(v.(float64)))
	case *array.Float64Builder:
		b.Append(v.(float64))
	case *array.StringBuilder:
		b.Append(v.(string))
	case *array.Date32Builder:
		d, err := time.Parse(time.DateOnly, v.(string))
		if err != nil {
			return err
		}
		b.Append(arrow.Date32FromTime(d))
	case *array.TimestampBuilder:
		b.Append(arrow.Timestamp(v.(int64)))
	case *array.Float16Builder:
		b.Append(float16.New(float32(v.(float64))))
	case *array.Decimal128Builder:
		dt := b.Type().(*arrow.Decimal128Type)
		n, err := decimal128.FromString(v.(string), dt.Precision, dt.Scale)
		if err != nil {
			return err
		}
		b.Append(n)
	case *array.Decimal32Builder:
		dt := b.Type().(*arrow.Decimal32Type)
		n, err := decimal.Decimal32FromString(v.(string), dt.Precision, dt.Scale)
		if err != nil {
			return err
		}
		b.Append(n)
	case *array.Decimal64Builder:
		dt := b.Type().(*arrow.Decimal64Type)
		n, err := decimal.Decimal64FromString(v.(string), dt.Precision, dt.Scale)
		if err != nil {
			return err
		}
		b.Append(n)
	case *array.MapBuilder:
		b.Append(true)
		for _, kv := range v.([][2]string) {
			b.KeyBuilder().(*array.StringBuilder).Append(kv[0])
			b.ItemBuilder().(*array.StringBuilder).Append(kv[1])
		}
	default:
		return fmt.Errorf("no test builder for %T", b)
	}
	return nil
}

// writeArrowFile writes rec with arrow-go's own writer of format: parquet,
// arrow (IPC file), arrows (IPC stream) or csv (arrow/csv, with a header).
func writeArrowFile(t testing.TB, path, format string, rec arrow.RecordBatch) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	switch format {
	case "parquet":
		// The writer closes f.
		w, err := pqarrow.NewFileWriter(rec.Schema(), f, parquet.NewWriterProperties(), pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
		if err == nil {
			if err = w.Write(rec); err == nil {
				err = w.Close()
			}
		}
		if err != nil {
			t.Fatal(err)
		}
		return
	case "arrow":
		w, err := ipc.NewFileWriter(f, ipc.WithSchema(rec.Schema()))
		if err == nil {
			if err = w.Write(rec); err == nil {
				err = w.Close()
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	case "arrows":
		w := ipc.NewWriter(f, ipc.WithSchema(rec.Schema()))
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	case "csv":
		w := csv.NewWriter(f, rec.Schema(), csv.WithHeader(true), csv.WithNullWriter(""))
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if err := w.Error(); err != nil {
			t.Fatal(err)
		}
	case "jsonl":
		if err := array.RecordToJSON(rec, f); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("no writer for %s", format)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// schemaFixtures are the columnar files the schema golden tests name.
var schemaFixtures = map[string][]fixCol{
	// Every Arrow type exprc reads, and some it does not.
	"alltypes": {
		{"id", arrow.PrimitiveTypes.Int64, false, []any{int64(1), int64(2)}},
		{"flag", arrow.FixedWidthTypes.Boolean, true, []any{true, nil}},
		{"tiny", arrow.PrimitiveTypes.Int8, true, []any{int64(-8), nil}},
		{"small", arrow.PrimitiveTypes.Int16, true, []any{int64(300), nil}},
		{"i32", arrow.PrimitiveTypes.Int32, true, []any{int64(7), nil}},
		{"u8", arrow.PrimitiveTypes.Uint8, true, []any{int64(255), nil}},
		{"u16", arrow.PrimitiveTypes.Uint16, true, []any{int64(65535), nil}},
		{"u32", arrow.PrimitiveTypes.Uint32, true, []any{int64(4000000000), nil}},
		{"f32", arrow.PrimitiveTypes.Float32, true, []any{1.5, nil}},
		{"f64", arrow.PrimitiveTypes.Float64, true, []any{2.25, nil}},
		{"name", arrow.BinaryTypes.String, true, []any{"x", nil}},
		{"day", arrow.FixedWidthTypes.Date32, false, []any{"2024-02-29", "1970-01-01"}},
		{"price", &arrow.Decimal128Type{Precision: 9, Scale: 2}, true, []any{"12.50", nil}},
		{"wide", &arrow.Decimal128Type{Precision: 38, Scale: 10}, true, []any{"1234567890123456789012345678.0123456789", nil}},
		{"attrs", arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String), true, []any{[][2]string{{"k", "v"}}, nil}},
		{"ts", &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, true, []any{int64(0), nil}},
		{"select", arrow.BinaryTypes.String, true, []any{"reserved", nil}},
		{"Mixed Case", arrow.BinaryTypes.String, true, []any{"spaces", nil}},
		{"NAME", arrow.BinaryTypes.String, true, []any{"folds onto name", nil}},
	},
	// Arrow's 32- and 64-bit decimals (IPC only: pqarrow does not write them).
	"decimals": {
		{"d32", &arrow.Decimal32Type{Precision: 5, Scale: 1}, true, []any{"-12.5", nil}},
		{"d64", &arrow.Decimal64Type{Precision: 12, Scale: 3}, true, []any{"1.250", nil}},
	},
	// No column exprc reads.
	"untyped": {
		{"h", arrow.FixedWidthTypes.Float16, true, []any{1.5}},
	},
}
