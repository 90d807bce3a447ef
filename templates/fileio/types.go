package fileio

import (
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/rt"
)

// kind is the SQL type of a column as this package reads and writes it. The
// package depends on Arrow and templates/rt only, so that the compiled engine
// of `exprc run` can link it, and it learns a table's SQL types from the Arrow
// schema exprc gives it (ir.ArrowSchema), whose types map one to one.
type kind uint8

const (
	kindBoolean kind = iota + 1
	kindInt
	kindBigint
	kindDouble
	kindVarchar
	kindDate
	kindMap
	kindDecimal
)

var kindNames = [...]string{kindBoolean: "BOOLEAN", kindInt: "INT", kindBigint: "BIGINT", kindDouble: "DOUBLE", kindVarchar: "VARCHAR", kindDate: "DATE", kindMap: "MAP", kindDecimal: "DECIMAL"}

// sqlType is a column's SQL type; Key and Value are set for a MAP.
type sqlType struct {
	Kind       kind
	Key, Value *sqlType
	P, S       int // DECIMAL's precision and scale
}

// String spells t as SQL does, for error messages: BIGINT, MAP<VARCHAR, INT>.
func (t sqlType) String() string {
	if t.Kind == kindDecimal {
		return rt.DecimalTypeName(t.P, t.S)
	}
	if t.Kind != kindMap {
		return kindNames[t.Kind]
	}
	var b strings.Builder
	b.WriteString("MAP<")
	b.WriteString(t.Key.String())
	b.WriteString(", ")
	b.WriteString(t.Value.String())
	b.WriteString(">")
	return b.String()
}

// typeOf returns the SQL type whose Arrow type is dt.
func typeOf(dt arrow.DataType) (sqlType, error) {
	switch dt.ID() {
	case arrow.BOOL:
		return sqlType{Kind: kindBoolean}, nil
	case arrow.INT32:
		return sqlType{Kind: kindInt}, nil
	case arrow.INT64:
		return sqlType{Kind: kindBigint}, nil
	case arrow.FLOAT64:
		return sqlType{Kind: kindDouble}, nil
	case arrow.STRING:
		return sqlType{Kind: kindVarchar}, nil
	case arrow.DATE32:
		return sqlType{Kind: kindDate}, nil
	case arrow.DECIMAL128:
		d := dt.(*arrow.Decimal128Type)
		return sqlType{Kind: kindDecimal, P: int(d.Precision), S: int(d.Scale)}, nil
	case arrow.MAP:
		m := dt.(*arrow.MapType)
		k, err := typeOf(m.KeyType())
		if err != nil {
			return sqlType{}, err
		}
		v, err := typeOf(m.ItemType())
		if err != nil {
			return sqlType{}, err
		}
		return sqlType{Kind: kindMap, Key: &k, Value: &v}, nil
	}
	return sqlType{}, fmt.Errorf("no SQL type for Arrow type %s", dt)
}

// arrowType is the Arrow type of t (as ir.ArrowType).
func arrowType(t sqlType) arrow.DataType {
	switch t.Kind {
	case kindBoolean:
		return arrow.FixedWidthTypes.Boolean
	case kindInt:
		return arrow.PrimitiveTypes.Int32
	case kindBigint:
		return arrow.PrimitiveTypes.Int64
	case kindDouble:
		return arrow.PrimitiveTypes.Float64
	case kindVarchar:
		return arrow.BinaryTypes.String
	case kindDate:
		return arrow.FixedWidthTypes.Date32
	case kindMap:
		return arrow.MapOf(arrowType(*t.Key), arrowType(*t.Value))
	case kindDecimal:
		return &arrow.Decimal128Type{Precision: int32(t.P), Scale: int32(t.S)}
	}
	return arrow.Null
}

// column is one column of a table.
type column struct {
	Name     string
	Type     sqlType
	Nullable bool
}

// tableType is the shape of the rows an Input returns: its columns and their Arrow
// schema.
type tableType struct {
	Columns []column
	schema  *arrow.Schema
}

// tableOf reads a table's columns from its Arrow schema.
func tableOf(schema *arrow.Schema) (*tableType, error) {
	t := &tableType{schema: schema}
	for _, f := range schema.Fields() {
		st, err := typeOf(f.Type)
		if err != nil {
			return nil, fmt.Errorf("column %q: %w", f.Name, err)
		}
		t.Columns = append(t.Columns, column{Name: f.Name, Type: st, Nullable: f.Nullable})
	}
	return t, nil
}

// date is a DATE value: days since 1970-01-01.
type date int32

// mapValue is a MAP value read from text: keys in first-seen order, each with
// its last value (Spark's LAST_WIN).
type mapValue struct {
	Keys   []any
	Values []any
}
