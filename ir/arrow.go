package ir

import "github.com/apache/arrow-go/v18/arrow"

// ArrowType is the Arrow type that carries values of t in record batches: the
// interpreter, generated evaluators and the data readers all agree on it, so a
// batch produced by one is accepted by the others.
//
//	BOOLEAN boolean   INT int32   BIGINT int64   DOUBLE float64
//	VARCHAR utf8      DATE date32 MAP<K, V> map<K, V>
//	DECIMAL(p, s) decimal128(p, s)
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
	case KindDecimal:
		return &arrow.Decimal128Type{Precision: int32(t.Precision), Scale: int32(t.Scale)}
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
