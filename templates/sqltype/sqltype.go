// Package sqltype is the one table of how exprc's SQL types travel in Arrow
// record batches: the closed set of type kinds and, for each type, its Arrow
// type, both ways.
//
// Both sides of the project need the table and neither may import the other.
// The compiler (package ir, whose Kind is this package's Kind) gives every
// table and query the Arrow schema its evaluators read and write. The runtime
// (package templates/fileio, which the compiled engine of `exprc run` links)
// reads those schemas back into SQL types to decode and encode files. The
// runtime must not import the compiler, which would pull the binder, the
// function registry and the interpreter into every binary that reads a file
// (and the compiled engine is built from the embedded templates alone); and ir
// should not import the runtime's code. So the table lives here, in a leaf
// below both that imports Arrow and nothing of exprc: it sits under templates
// only so that it is embedded with the runtime that needs it (templates.Source).
package sqltype

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
)

// Kind is the SQL type family of a value. The set is closed: every kind has a
// fixed Arrow representation (Arrow) and a fixed Go representation in the
// interpreter and in generated code, so adding one is a deliberate,
// project-wide change.
type Kind uint8

// The kinds exprc supports. Null is the type of an untyped NULL literal before
// the binder gives it a type from its context; no column or output ever has
// it, and it has no Arrow type.
const (
	Null Kind = iota
	Boolean
	Int
	Bigint
	Double
	Varchar
	Date
	Map
	Decimal
	// Tinyint, Smallint and Float are Spark's ByteType, ShortType and
	// FloatType: the narrow numbers Parquet and Arrow files written by
	// Spark, DuckDB and pandas carry (int8, int16, float32). They come last
	// so the older kinds keep their numbers.
	Tinyint
	Smallint
	Float
	// Binary is Spark's BinaryType: a byte string with no encoding, Arrow's
	// binary (Parquet BYTE_ARRAY without a string annotation).
	Binary
)

var kindNames = [...]string{
	Null:     "NULL",
	Boolean:  "BOOLEAN",
	Int:      "INT",
	Bigint:   "BIGINT",
	Double:   "DOUBLE",
	Varchar:  "VARCHAR",
	Date:     "DATE",
	Map:      "MAP",
	Decimal:  "DECIMAL",
	Tinyint:  "TINYINT",
	Smallint: "SMALLINT",
	Float:    "FLOAT",
	Binary:   "BINARY",
}

// String is the kind's SQL name: BIGINT, MAP, DECIMAL.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Type is a SQL type as this table sees it: a Kind, with the key and value
// types of a MAP and the precision and scale of a DECIMAL. (The compiler's
// ir.Type carries the same parts and converts to it.)
type Type struct {
	Kind             Kind
	Key, Value       *Type // MAP only
	Precision, Scale int   // DECIMAL only
}

// String spells t as SQL does: BIGINT, DECIMAL(15,2), MAP<VARCHAR, INT>.
func (t Type) String() string {
	switch t.Kind {
	case Decimal:
		return "DECIMAL(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
	case Map:
		var b strings.Builder
		b.WriteString("MAP<")
		b.WriteString(t.Key.String())
		b.WriteString(", ")
		b.WriteString(t.Value.String())
		b.WriteString(">")
		return b.String()
	}
	return t.Kind.String()
}

// Arrow is the Arrow type that carries values of t in record batches: the
// interpreter, generated evaluators and the file readers and writers all use
// it, so a batch produced by one is accepted by the others. Null has none
// (arrow.Null).
//
//	BOOLEAN boolean   INT int32   BIGINT int64   DOUBLE float64
//	VARCHAR utf8      DATE date32 MAP<K, V> map<K, V>
//	DECIMAL(p, s) decimal128(p, s)
//	TINYINT int8      SMALLINT int16   FLOAT float32
//	BINARY binary
func Arrow(t Type) arrow.DataType {
	switch t.Kind {
	case Boolean:
		return arrow.FixedWidthTypes.Boolean
	case Int:
		return arrow.PrimitiveTypes.Int32
	case Bigint:
		return arrow.PrimitiveTypes.Int64
	case Tinyint:
		return arrow.PrimitiveTypes.Int8
	case Smallint:
		return arrow.PrimitiveTypes.Int16
	case Float:
		return arrow.PrimitiveTypes.Float32
	case Double:
		return arrow.PrimitiveTypes.Float64
	case Varchar:
		return arrow.BinaryTypes.String
	case Binary:
		return arrow.BinaryTypes.Binary
	case Date:
		return arrow.FixedWidthTypes.Date32
	case Map:
		return arrow.MapOf(Arrow(*t.Key), Arrow(*t.Value))
	case Decimal:
		return &arrow.Decimal128Type{Precision: int32(t.Precision), Scale: int32(t.Scale)}
	}
	return arrow.Null
}

// Of is the SQL type whose Arrow type is dt, the inverse of Arrow; an Arrow
// type that Arrow never gives is an error.
func Of(dt arrow.DataType) (Type, error) {
	switch dt.ID() {
	case arrow.BOOL:
		return Type{Kind: Boolean}, nil
	case arrow.INT32:
		return Type{Kind: Int}, nil
	case arrow.INT64:
		return Type{Kind: Bigint}, nil
	case arrow.INT8:
		return Type{Kind: Tinyint}, nil
	case arrow.INT16:
		return Type{Kind: Smallint}, nil
	case arrow.FLOAT32:
		return Type{Kind: Float}, nil
	case arrow.FLOAT64:
		return Type{Kind: Double}, nil
	case arrow.STRING:
		return Type{Kind: Varchar}, nil
	case arrow.BINARY:
		return Type{Kind: Binary}, nil
	case arrow.DATE32:
		return Type{Kind: Date}, nil
	case arrow.DECIMAL128:
		d := dt.(*arrow.Decimal128Type)
		return Type{Kind: Decimal, Precision: int(d.Precision), Scale: int(d.Scale)}, nil
	case arrow.MAP:
		m := dt.(*arrow.MapType)
		k, err := Of(m.KeyType())
		if err != nil {
			return Type{}, err
		}
		v, err := Of(m.ItemType())
		if err != nil {
			return Type{}, err
		}
		return Type{Kind: Map, Key: &k, Value: &v}, nil
	}
	return Type{}, fmt.Errorf("no SQL type for Arrow type %s", dt)
}
