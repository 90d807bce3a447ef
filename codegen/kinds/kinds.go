// Package kinds is the one table of what code generation knows of each SQL
// type kind: the Go type that holds a value, the Arrow type and array of a
// column, and the templates/vec and templates/rt functions that read, write,
// look up and flag values of the kind. Adding a type kind is one row here
// plus its kernels and vec functions; the lowering pass and the printer ask
// this table instead of switching on ir.Kind.
package kinds

import (
	"fmt"

	"github.com/exprc/exprc/ir"
)

// Info is one row of the table.
type Info struct {
	// GoType is the Go type of one value in generated code; it matches the
	// parameter types of the templates/rt kernels.
	GoType string
	// ArrowGroup and ArrowField name the arrow package variable of the
	// column's Arrow type: arrow.<ArrowGroup>.<ArrowField>, or, with no
	// ArrowGroup, vec.<ArrowField>.
	ArrowGroup, ArrowField string
	// ArrowArray is the arrow/array type of a column (array.<ArrowArray>).
	ArrowArray string
	// Reader is the vec function reading a column as a vector (vec.Int64s).
	Reader string
	// Builder is the vec function building an output column from a vector
	// (vec.Int64Array).
	Builder string
	// Appender is the vec function appending one value to an Arrow builder,
	// for MAP keys and items (vec.AppendInt64).
	Appender string
	// Failed is the vec.Failed method that takes a kernel's two results of
	// this kind, so a fused loop can flag a failing row.
	Failed string
	// Direct: a fused loop writes an output column of this kind straight
	// into its Arrow buffers (vec.FixedOut or vec.StringOut).
	Direct bool
	// Fixed: values are fixed-width and cheap to compute again (see
	// lower.Cheap).
	Fixed bool
	// KeySuffix names the kind in the vec MAP lookup functions (FindInt64,
	// RowFindString): empty when a MAP key cannot be of this kind.
	KeySuffix string
	// MissingKey is the rt function making a MAP_KEY_DOES_NOT_EXIST error
	// for a key of this kind.
	MissingKey string
	// KeyWiden is the Go type a key is converted to for MissingKey ("" when
	// it takes the key as is).
	KeyWiden string
	// MapKeys is the vec function reading a MAP column's key array of this
	// kind for the lookups (vec.StringKeys).
	MapKeys string
	// ItemConv is the Go conversion of a value read from an Arrow array of
	// this kind to GoType ("" when Value returns GoType already).
	ItemConv string
	// ItemFunc is the vec function converting such a value to GoType where
	// no Go conversion does ("" when none is needed).
	ItemFunc string
	// SubSpec is the vec constructor of a settled subquery's spec over
	// values of this kind (vec.SubSpecInt64; "" for SubSpecBool).
	SubSpec string
	// Order is the function ordering the keys of a sorted subquery of
	// this kind, in package OrderPkg ("vec" or "rt"; "" for rt.CompareBool).
	OrderPkg, Order string
	// Packer is the vec.KeyPacker method appending a key of this kind to a
	// packed key ("" when it cannot be a packed key part).
	Packer string
	// JSONKey and JSONValue are the rt writers of to_json's MAP keys and
	// values of this kind ("" where the kind has none, or the printer
	// makes one: DECIMAL's takes its scale).
	JSONKey, JSONValue string
	// InputMethod is the vec.InputBuilder method appending a value of this
	// kind to an input batch, and InputPkg and InputType the Go type it takes
	// (a generated table builder's Append methods take the same): the Go
	// type a caller holds, which is not always GoType (a DATE is a
	// time.Time, a DECIMAL its exact text). Empty for MAP, whose builder
	// method takes a slice of keys and one of values of their kinds'
	// InputTypes (vec.AppendMapInput).
	InputMethod, InputPkg, InputType string
}

var table = map[ir.Kind]Info{
	ir.KindBoolean: {GoType: "bool", ArrowGroup: "FixedWidthTypes", ArrowField: "Boolean", ArrowArray: "Boolean",
		Reader: "Bools", Builder: "BoolArray", Appender: "AppendBool", Failed: "Bool", Fixed: true,
		Packer: "Bool", JSONValue: "AppendJSONBool",
		InputMethod: "Bool", InputType: "bool"},
	ir.KindInt: {GoType: "int32", ArrowGroup: "PrimitiveTypes", ArrowField: "Int32", ArrowArray: "Int32",
		Reader: "Int32s", Builder: "Int32Array", Appender: "AppendInt32", Failed: "Int32", Direct: true, Fixed: true,
		KeySuffix: "Int32", MissingKey: "MapKeyNotExistInt64", KeyWiden: "int64", MapKeys: "Int32Keys",
		SubSpec: "SubSpecInt32", OrderPkg: "vec", Order: "CompareInt32", Packer: "Int32", JSONKey: "AppendJSONKeyInt32", JSONValue: "AppendJSONInt32",
		InputMethod: "Int32", InputType: "int32"},
	ir.KindBigint: {GoType: "int64", ArrowGroup: "PrimitiveTypes", ArrowField: "Int64", ArrowArray: "Int64",
		Reader: "Int64s", Builder: "Int64Array", Appender: "AppendInt64", Failed: "Int64", Direct: true, Fixed: true,
		KeySuffix: "Int64", MissingKey: "MapKeyNotExistInt64", MapKeys: "Int64Keys",
		SubSpec: "SubSpecInt64", OrderPkg: "vec", Order: "CompareInt64", Packer: "Int64", JSONKey: "AppendJSONKeyInt64", JSONValue: "AppendJSONInt64",
		InputMethod: "Int64", InputType: "int64"},
	// TINYINT, SMALLINT and FLOAT are never MAP keys or values nor subquery
	// members (the compiler refuses such MAPs and computes subqueries over
	// INT and DOUBLE), so their rows have no lookup, subquery or JSON parts.
	ir.KindTinyint: {GoType: "int8", ArrowGroup: "PrimitiveTypes", ArrowField: "Int8", ArrowArray: "Int8",
		Reader: "Int8s", Builder: "Int8Array", Appender: "AppendInt8", Failed: "Int8", Direct: true, Fixed: true,
		InputMethod: "Int8", InputType: "int8"},
	ir.KindSmallint: {GoType: "int16", ArrowGroup: "PrimitiveTypes", ArrowField: "Int16", ArrowArray: "Int16",
		Reader: "Int16s", Builder: "Int16Array", Appender: "AppendInt16", Failed: "Int16", Direct: true, Fixed: true,
		InputMethod: "Int16", InputType: "int16"},
	ir.KindFloat: {GoType: "float32", ArrowGroup: "PrimitiveTypes", ArrowField: "Float32", ArrowArray: "Float32",
		Reader: "Float32s", Builder: "Float32Array", Appender: "AppendFloat32", Failed: "Float32", Direct: true, Fixed: true,
		InputMethod: "Float32", InputType: "float32"},
	// The interval kinds are INT and BIGINT in Go (months, microseconds),
	// read and written in place as Arrow's month_interval and duration[us];
	// their fields are constants of the kernels that need them. They are
	// never MAP keys or values (the compiler refuses such MAPs).
	ir.KindYMInterval: {GoType: "int32", ArrowGroup: "FixedWidthTypes", ArrowField: "MonthInterval", ArrowArray: "MonthInterval",
		Reader: "MonthIntervals", Builder: "MonthIntervalArray", Appender: "AppendMonthInterval", Failed: "Int32", Direct: true, Fixed: true,
		ItemConv: "int32", SubSpec: "SubSpecInt32", OrderPkg: "vec", Order: "CompareInt32", Packer: "Int32",
		InputMethod: "MonthInterval", InputType: "int32"},
	ir.KindDTInterval: {GoType: "int64", ArrowGroup: "FixedWidthTypes", ArrowField: "Duration_us", ArrowArray: "Duration",
		Reader: "Durations", Builder: "DurationArray", Appender: "AppendDuration", Failed: "Int64", Direct: true, Fixed: true,
		ItemConv: "int64", SubSpec: "SubSpecInt64", OrderPkg: "vec", Order: "CompareInt64", Packer: "Int64",
		InputMethod: "Duration", InputType: "int64"},
	ir.KindDouble: {GoType: "float64", ArrowGroup: "PrimitiveTypes", ArrowField: "Float64", ArrowArray: "Float64",
		Reader: "Float64s", Builder: "Float64Array", Appender: "AppendFloat64", Failed: "Float64", Direct: true, Fixed: true,
		SubSpec: "SubSpecFloat64", OrderPkg: "rt", Order: "CompareFloat64", Packer: "Float64", JSONValue: "AppendJSONDouble",
		InputMethod: "Float64", InputType: "float64"},
	ir.KindVarchar: {GoType: "string", ArrowGroup: "BinaryTypes", ArrowField: "String", ArrowArray: "String",
		Reader: "Strings", Builder: "StringArray", Appender: "AppendString", Failed: "String", Direct: true,
		KeySuffix: "String", MissingKey: "MapKeyNotExistString", MapKeys: "StringKeys",
		SubSpec: "SubSpecString", OrderPkg: "rt", Order: "CompareString", Packer: "String", JSONKey: "AppendJSONKeyString", JSONValue: "AppendJSONString",
		InputMethod: "String", InputType: "string"},
	// BINARY is VARCHAR's row but for its Arrow type and the functions that
	// read and build columns: its values are Go strings too (ir.Value), so
	// views, writers, comparisons, hashed and sorted subquery structures and
	// packed keys serve it unchanged. It is never a MAP key or value (the
	// compiler refuses such MAPs).
	ir.KindBinary: {GoType: "string", ArrowGroup: "BinaryTypes", ArrowField: "Binary", ArrowArray: "Binary",
		Reader: "Binaries", Builder: "BinaryArray", Appender: "AppendBinary", Failed: "String", Direct: true,
		SubSpec: "SubSpecString", OrderPkg: "rt", Order: "CompareString", Packer: "String",
		InputMethod: "Binary", InputType: "[]byte"},
	ir.KindDate: {GoType: "int32", ArrowGroup: "FixedWidthTypes", ArrowField: "Date32", ArrowArray: "Date32",
		Reader: "Dates", Builder: "DateArray", Appender: "AppendDate", Failed: "Int32", Direct: true, Fixed: true,
		ItemConv: "int32", SubSpec: "SubSpecInt32", OrderPkg: "vec", Order: "CompareInt32", Packer: "Int32", JSONValue: "AppendJSONDate",
		InputMethod: "Date", InputPkg: "time", InputType: "Time"},
	// TIMESTAMP and TIMESTAMP_NTZ are int64 microseconds and compute as
	// BIGINT does, subquery keys included (BIGINT's spec, order and
	// packer); they are never MAP keys or values (the compiler refuses
	// such MAPs). Their Arrow types have a time unit and a zone, so no arrow
	// package variable holds them: ArrowGroup is empty, and ArrowField
	// names a variable of package vec (vec.ArrowTimestamp).
	ir.KindTimestamp: {GoType: "int64", ArrowField: "ArrowTimestamp", ArrowArray: "Timestamp",
		Reader: "Timestamps", Builder: "TimestampArray", Appender: "AppendTimestamp", Failed: "Int64", Direct: true, Fixed: true,
		SubSpec: "SubSpecInt64", OrderPkg: "vec", Order: "CompareInt64", Packer: "Int64",
		InputMethod: "Timestamp", InputPkg: "time", InputType: "Time"},
	ir.KindTimestampNTZ: {GoType: "int64", ArrowField: "ArrowTimestampNTZ", ArrowArray: "Timestamp",
		Reader: "Timestamps", Builder: "TimestampNTZArray", Appender: "AppendTimestamp", Failed: "Int64", Direct: true, Fixed: true,
		SubSpec: "SubSpecInt64", OrderPkg: "vec", Order: "CompareInt64", Packer: "Int64",
		InputMethod: "TimestampNTZ", InputPkg: "time", InputType: "Time"},
	// DECIMAL(p, s) is an rt.Decimal (the unscaled value in Arrow's
	// decimal128 layout) whatever p and s are: the printer spells the Go
	// type and the Arrow type (decimal128 with p and s), and the builder
	// takes the column's Arrow type.
	ir.KindDecimal: {GoType: "rt.Decimal", ArrowArray: "Decimal128", Reader: "Decimals", Builder: "DecimalArray",
		Appender: "AppendDecimal", Failed: "Decimal", Direct: true, Fixed: true, ItemFunc: "Dec128",
		SubSpec: "SubSpecDecimal", OrderPkg: "rt", Order: "CompareDecimal", Packer: "Decimal",
		InputMethod: "Decimal", InputType: "string"},
	// MAP is generic over its key and value: the printer composes its Go
	// type (vec.MapRef[K, V]), Arrow type (arrow.MapOf) and reader (vec.Maps
	// with the key and value readers) from theirs.
	ir.KindMap: {Reader: "Maps", Builder: "MapArray"},
}

// Of returns the row of t's kind. A kind without a row is a bug in the
// compiler (the binder admits no such type into a query), so it panics.
func Of(t ir.Type) Info {
	info, ok := table[t.Kind]
	if !ok {
		panic(fmt.Sprintf("kinds: no code generation for type %s", t))
	}
	return info
}

// FixedWidth reports whether values of type t are fixed-width (Info.Fixed):
// computing one from a NULL row's arbitrary inputs costs what any row costs
// (a string could be as long as such an input says: lpad, repeat).
func FixedWidth(t ir.Type) bool { return Known(t) && Of(t).Fixed }

// Known reports whether t's kind has a row (the NULL type does not: a
// typed context always retypes it first).
func Known(t ir.Type) bool {
	_, ok := table[t.Kind]
	return ok
}
