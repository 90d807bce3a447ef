package ir

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
)

// ArrowType is the Arrow type that carries values of t in record batches: the
// interpreter, generated evaluators and the data readers all agree on it, so a
// batch produced by one is accepted by the others.
//
//	BOOLEAN boolean   INT int32   BIGINT int64   DOUBLE float64
//	VARCHAR utf8      DATE date32 MAP<K, V> map<K, V>
func ArrowType(t Type) arrow.DataType {
	switch t.Kind {
	case KindBoolean:
		return arrow.FixedWidthTypes.Boolean
	case KindInt:
		return arrow.PrimitiveTypes.Int32
	case KindBigint:
		return arrow.PrimitiveTypes.Int64
	case KindDouble:
		return arrow.PrimitiveTypes.Float64
	case KindVarchar:
		return arrow.BinaryTypes.String
	case KindDate:
		return arrow.FixedWidthTypes.Date32
	case KindMap:
		return arrow.MapOf(ArrowType(*t.Key), ArrowType(*t.Value))
	}
	return arrow.Null
}

// ArrowSchema is the Arrow schema of a list of columns.
func ArrowSchema(cols []Column) *arrow.Schema {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = arrow.Field{Name: c.Name, Type: ArrowType(c.Type), Nullable: c.Nullable}
	}
	return arrow.NewSchema(fields, nil)
}

// CheckSchema reports whether batch schema s can be read as the columns cols: the
// same number of columns, the same names in the same order, the same Arrow types,
// and no nullable field where the column is NOT NULL. The error names the first
// column that differs.
func CheckSchema(s *arrow.Schema, cols []Column) error {
	if s.NumFields() != len(cols) {
		return fmt.Errorf("input has %d columns, want %d (%s)", s.NumFields(), len(cols), columnNames(cols))
	}
	for i, c := range cols {
		f := s.Field(i)
		if f.Name != c.Name {
			return fmt.Errorf("column %d: input has %q, want %q", i, f.Name, c.Name)
		}
		if want := ArrowType(c.Type); !arrow.TypeEqual(f.Type, want) {
			return fmt.Errorf("column %q: input type %s, want %s (%s)", c.Name, f.Type, want, c.Type)
		}
	}
	return nil
}

func columnNames(cols []Column) string {
	s := ""
	for i, c := range cols {
		if i > 0 {
			s += ", "
		}
		s += c.Name
	}
	return s
}
