package fileio

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
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
		&arrow.TimestampType{Unit: arrow.Microsecond}, arrow.BinaryTypes.Binary, arrow.ListOf(arrow.PrimitiveTypes.Int64),
		arrow.StructOf(arrow.Field{Name: "a", Type: arrow.PrimitiveTypes.Int64}), &arrow.Decimal256Type{Precision: 40, Scale: 2},
		arrow.MapOf(arrow.FixedWidthTypes.Date32, arrow.BinaryTypes.String), arrow.MapOf(arrow.BinaryTypes.String, arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String)),
		&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}, arrow.FixedWidthTypes.Float16,
	} {
		if st, note, ok := ArrowSQLType(dt); ok || note == "" {
			t.Errorf("%s: inferred %s (note %q), want none with a note", dt, st, note)
		}
	}
}
