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
	// Timestamp is Spark's TIMESTAMP (TIMESTAMP_LTZ): an instant, int64
	// microseconds since 1970-01-01 00:00:00 UTC. TimestampNTZ is
	// TIMESTAMP_NTZ: a wall-clock reading with no zone, the same number
	// read as if in UTC. Both are Spark's Arrow types, so IPC from Spark
	// and pandas round-trips.
	Timestamp
	TimestampNTZ
	// YMInterval and DTInterval are Spark's ANSI interval types,
	// YearMonthIntervalType (a count of months, int32) and
	// DayTimeIntervalType (a count of microseconds, int64). Their start and
	// end fields (Type.Start, Type.End) are part of the type, not the value.
	YMInterval
	DTInterval
	// Binary is Spark's BinaryType: a byte string with no encoding, Arrow's
	// binary (Parquet BYTE_ARRAY without a string annotation).
	Binary
)

var kindNames = [...]string{
	Null:         "NULL",
	Boolean:      "BOOLEAN",
	Int:          "INT",
	Bigint:       "BIGINT",
	Double:       "DOUBLE",
	Varchar:      "VARCHAR",
	Date:         "DATE",
	Map:          "MAP",
	Decimal:      "DECIMAL",
	Tinyint:      "TINYINT",
	Smallint:     "SMALLINT",
	Float:        "FLOAT",
	Timestamp:    "TIMESTAMP",
	TimestampNTZ: "TIMESTAMP_NTZ",
	// The kinds' names; a type's String names its fields too.
	YMInterval: "INTERVAL YEAR TO MONTH",
	DTInterval: "INTERVAL DAY TO SECOND",
	Binary:     "BINARY",
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
	// Start and End are an interval's fields, Spark's numbering: YEAR 0,
	// MONTH 1 of a YMInterval; DAY 0, HOUR 1, MINUTE 2, SECOND 3 of a
	// DTInterval (Start <= End).
	Start, End int
}

// The interval fields, numbered as Spark numbers them
// (YearMonthIntervalType.YEAR ..., DayTimeIntervalType.DAY ...).
const (
	FieldYear   = 0
	FieldMonth  = 1
	FieldDay    = 0
	FieldHour   = 1
	FieldMinute = 2
	FieldSecond = 3
)

var ymFieldNames = [...]string{"YEAR", "MONTH"}
var dtFieldNames = [...]string{"DAY", "HOUR", "MINUTE", "SECOND"}

// IntervalFields spells an interval type's fields as SQL does: "DAY",
// "DAY TO SECOND", "YEAR TO MONTH" (the text after INTERVAL).
func IntervalFields(k Kind, start, end int) string {
	names := dtFieldNames[:]
	if k == YMInterval {
		names = ymFieldNames[:]
	}
	if start < 0 || end >= len(names) || start > end {
		return "?"
	}
	if start == end {
		return names[start]
	}
	return names[start] + " TO " + names[end]
}

// ParseIntervalFields reads the text IntervalFields writes (case-insensitive),
// for the exprc.interval metadata of an Arrow field.
func ParseIntervalFields(k Kind, s string) (start, end int, ok bool) {
	names := dtFieldNames[:]
	if k == YMInterval {
		names = ymFieldNames[:]
	}
	find := func(w string) int {
		for i, n := range names {
			if strings.EqualFold(n, w) {
				return i
			}
		}
		return -1
	}
	f := strings.Fields(s)
	switch {
	case len(f) == 1:
		start = find(f[0])
		return start, start, start >= 0
	case len(f) == 3 && strings.EqualFold(f[1], "TO"):
		start, end = find(f[0]), find(f[2])
		return start, end, start >= 0 && end > start
	}
	return 0, 0, false
}

// IntervalMetaKey is the Arrow field metadata key that carries an interval
// column's fields ("DAY TO HOUR"): Arrow's month_interval and duration types
// have no place for them. A column without it has Spark's default fields,
// YEAR TO MONTH or DAY TO SECOND.
const IntervalMetaKey = "exprc.interval"

// Field is the Arrow field of a column of type t: its Arrow type and, for an
// interval, its fields in the metadata (IntervalMetaKey).
func Field(name string, t Type, nullable bool) arrow.Field {
	f := arrow.Field{Name: name, Type: Arrow(t), Nullable: nullable}
	if t.Kind == YMInterval || t.Kind == DTInterval {
		f.Metadata = arrow.NewMetadata([]string{IntervalMetaKey}, []string{IntervalFields(t.Kind, t.Start, t.End)})
	}
	return f
}

// OfField is the SQL type of an Arrow field: Of of its type, with an
// interval's fields read from its metadata (IntervalMetaKey; Spark's
// defaults without it).
func OfField(f arrow.Field) (Type, error) {
	t, err := Of(f.Type)
	if err != nil || t.Kind != YMInterval && t.Kind != DTInterval {
		return t, err
	}
	if v, ok := f.Metadata.GetValue(IntervalMetaKey); ok {
		s, e, ok := ParseIntervalFields(t.Kind, v)
		if !ok {
			return Type{}, fmt.Errorf("metadata %s=%q is not the fields of an %s type", IntervalMetaKey, v, t.Kind)
		}
		t.Start, t.End = s, e
	}
	return t, nil
}

// String spells t as SQL does: BIGINT, DECIMAL(15,2), MAP<VARCHAR, INT>.
func (t Type) String() string {
	switch t.Kind {
	case Decimal:
		return "DECIMAL(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
	case YMInterval, DTInterval:
		return "INTERVAL " + IntervalFields(t.Kind, t.Start, t.End)
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
//	TIMESTAMP timestamp[us, tz=UTC]    TIMESTAMP_NTZ timestamp[us]
//	INTERVAL YEAR ... month_interval   INTERVAL DAY ... duration[us]
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
	case Timestamp:
		return ArrowTimestamp
	case TimestampNTZ:
		return ArrowTimestampNTZ
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
	case YMInterval:
		return arrow.FixedWidthTypes.MonthInterval
	case DTInterval:
		return arrow.FixedWidthTypes.Duration_us
	}
	return arrow.Null
}

// ArrowTimestamp and ArrowTimestampNTZ are the Arrow types of TIMESTAMP and
// TIMESTAMP_NTZ columns (Spark's ArrowUtils.toArrowType): microseconds, with
// the zone UTC for an instant and none for a wall-clock reading.
var (
	ArrowTimestamp    arrow.DataType = &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
	ArrowTimestampNTZ arrow.DataType = &arrow.TimestampType{Unit: arrow.Microsecond}
)

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
	case arrow.TIMESTAMP:
		// any unit: the readers convert seconds, milliseconds and
		// nanoseconds to microseconds
		if dt.(*arrow.TimestampType).TimeZone == "" {
			return Type{Kind: TimestampNTZ}, nil
		}
		return Type{Kind: Timestamp}, nil
	case arrow.INTERVAL_MONTHS:
		return Type{Kind: YMInterval, Start: FieldYear, End: FieldMonth}, nil
	case arrow.DURATION:
		if dt.(*arrow.DurationType).Unit == arrow.Microsecond {
			return Type{Kind: DTInterval, Start: FieldDay, End: FieldSecond}, nil
		}
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

// TimestampMicros converts a timestamp of unit to microseconds, nanoseconds
// floored (toward the past, as Spark's instantToMicros); ok is false when
// the value leaves int64 microseconds.
func TimestampMicros(x int64, unit arrow.TimeUnit) (int64, bool) {
	switch unit {
	case arrow.Second:
		if x > 9223372036854 || x < -9223372036854 {
			return 0, false
		}
		return x * 1e6, true
	case arrow.Millisecond:
		if x > 9223372036854775 || x < -9223372036854775 {
			return 0, false
		}
		return x * 1000, true
	case arrow.Nanosecond:
		q := x / 1000
		if x%1000 < 0 {
			q--
		}
		return q, true
	}
	return x, true
}
