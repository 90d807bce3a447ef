package batch

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// mapKind is the kind of a MAP<K, V> type: a vector of vec.MapRef[K, V], as
// generated code holds a computed map, read from an input column with
// vec.Maps and written with vec.MapArray. It is made per MAP type (its JSON
// writer of DECIMAL values takes the scale), over the key and value kinds'
// ops, and it runs the map functions (mapcalls.go), typed, with the vec
// helpers generated code calls.
type mapKind[K comparable, V any] struct {
	ops[vec.MapRef[K, V]]
	key ops[K]
	val ops[V]
	// the writers of a key and a non-NULL value to an Arrow builder and to
	// to_json's text, and the MAP_KEY_DOES_NOT_EXIST error of a key
	appendKey func(array.Builder, K)
	appendVal func(array.Builder, V)
	jsonKey   func([]byte, K) []byte
	jsonVal   func([]byte, V) []byte
	missing   func(K) *rt.Error
	// the readers of a MAP input column's keys and items in place
	// (mapcolumn.go)
	colKeys  func(arrow.Array) colKeys[K]
	colItems func(arrow.Array) func(int) V
}

// mapElem is what the engine knows of a MAP key or value kind beyond its
// ops: the functions kinds.Info names (Appender, JSONKey, JSONValue,
// MissingKey with KeyWiden), typed as func values of the kind's Go type.
type mapElem struct {
	appender, jsonKey, jsonValue, missing any
}

// mapElems holds the kinds the compiler admits as MAP keys (VARCHAR, INT,
// BIGINT: those with jsonKey and missing) and values (BOOLEAN, INT, BIGINT,
// DOUBLE, DECIMAL, VARCHAR, DATE). DECIMAL's JSON writer takes the scale
// (rt.JSONDecimalWriter), made per type.
var mapElems = map[ir.Kind]mapElem{
	ir.KindBoolean: {appender: vec.AppendBool, jsonValue: rt.AppendJSONBool},
	ir.KindInt: {appender: vec.AppendInt32, jsonKey: rt.AppendJSONKeyInt32, jsonValue: rt.AppendJSONInt32,
		missing: func(k int32) *rt.Error { return rt.MapKeyNotExistInt64(int64(k)) }},
	ir.KindBigint: {appender: vec.AppendInt64, jsonKey: rt.AppendJSONKeyInt64, jsonValue: rt.AppendJSONInt64,
		missing: rt.MapKeyNotExistInt64},
	ir.KindDouble: {appender: vec.AppendFloat64, jsonValue: rt.AppendJSONDouble},
	ir.KindVarchar: {appender: vec.AppendString, jsonKey: rt.AppendJSONKeyString, jsonValue: rt.AppendJSONString,
		missing: rt.MapKeyNotExistString},
	ir.KindDate:    {appender: vec.AppendDate, jsonValue: rt.AppendJSONDate},
	ir.KindDecimal: {appender: vec.AppendDecimal},
}

// mapKindOf is the kind of MAP type t: its Go key and value types come from
// the key and value kinds' ops (a DATE value is an int32, as in generated
// code), one instantiation per pair the compiler admits.
func mapKindOf(t ir.Type) (kind, error) {
	if t.Key == nil || t.Value == nil {
		return nil, unsupported("values of type %s", t)
	}
	switch kinds[t.Key.Kind].(type) {
	case ops[string]:
		return mapValues[string](t)
	case ops[int32]:
		return mapValues[int32](t)
	case ops[int64]:
		return mapValues[int64](t)
	}
	return nil, unsupported("values of type %s", t)
}

func mapValues[K comparable](t ir.Type) (kind, error) {
	switch kinds[t.Value.Kind].(type) {
	case ops[bool]:
		return newMapKind[K, bool](t)
	case ops[int32]:
		return newMapKind[K, int32](t)
	case ops[int64]:
		return newMapKind[K, int64](t)
	case ops[float64]:
		return newMapKind[K, float64](t)
	case ops[string]:
		return newMapKind[K, string](t)
	case ops[rt.Decimal]:
		return newMapKind[K, rt.Decimal](t)
	}
	return nil, unsupported("values of type %s", t)
}

func newMapKind[K comparable, V any](t ir.Type) (kind, error) {
	ke, okK := mapElems[t.Key.Kind]
	ve, okV := mapElems[t.Value.Kind]
	m := &mapKind[K, V]{}
	var ok [6]bool
	m.key, ok[0] = kinds[t.Key.Kind].(ops[K])
	m.val, ok[1] = kinds[t.Value.Kind].(ops[V])
	m.appendKey, ok[2] = ke.appender.(func(array.Builder, K))
	m.appendVal, ok[3] = ve.appender.(func(array.Builder, V))
	m.jsonKey, ok[4] = ke.jsonKey.(func([]byte, K) []byte)
	if t.Value.Kind == ir.KindDecimal {
		m.jsonVal, ok[5] = any(rt.JSONDecimalWriter(t.Value.S())).(func([]byte, V) []byte)
	} else {
		m.jsonVal, ok[5] = ve.jsonValue.(func([]byte, V) []byte)
	}
	m.missing, _ = ke.missing.(func(K) *rt.Error)
	m.colKeys, _ = colKeyReaders[t.Key.Kind].(func(arrow.Array) colKeys[K])
	m.colItems, _ = colItemReaders[t.Value.Kind].(func(arrow.Array) func(int) V)
	if !okK || !okV || m.missing == nil || ok != [6]bool{true, true, true, true, true, true} {
		return nil, unsupported("values of type %s", t)
	}
	m.ops = ops[vec.MapRef[K, V]]{
		reader: func(a arrow.Array) vec.Vec[vec.MapRef[K, V]] { return vec.Maps(a, m.key.reader, m.val.reader) },
		builder: func(mem memory.Allocator, dt arrow.DataType, v *vec.Vec[vec.MapRef[K, V]], sel vec.Sel, n int) arrow.Array {
			return vec.MapArray(mem, dt.(*arrow.MapType), v, sel, n, m.appendKey, m.appendVal)
		},
		in:  m.fromValue,
		out: m.toValue,
	}
	return m, nil
}

// toValue is map value x as the interpreter holds it: each key once, at its
// first position, with its last value (the LAST_WIN reading of a MAP column
// with a repeated key, which vec.MapArray writes too).
func (m *mapKind[K, V]) toValue(x vec.MapRef[K, V]) any {
	out := &ir.MapValue{}
	for j := x.Start; j < x.End; j++ {
		k := x.Data.Keys[j]
		if seenBefore(x, j) {
			continue
		}
		v, _, null := x.Get(k)
		out.Keys = append(out.Keys, m.key.out(k))
		if null {
			out.Values = append(out.Values, nil)
		} else {
			out.Values = append(out.Values, m.val.out(v))
		}
	}
	return out
}

// fromValue is the interpreter's map value x (distinct keys) as a MapRef.
func (m *mapKind[K, V]) fromValue(x any) vec.MapRef[K, V] {
	mv := x.(*ir.MapValue)
	keys, vals, null := make([]K, len(mv.Keys)), make([]V, len(mv.Keys)), make([]bool, len(mv.Keys))
	for j, k := range mv.Keys {
		keys[j] = m.key.in(k)
		if mv.Values[j] == nil {
			null[j] = true
		} else {
			vals[j] = m.val.in(mv.Values[j])
		}
	}
	return vec.MapLit(keys, vals, null)
}

// seenBefore reports whether entry j's key occurs earlier in map x.
func seenBefore[K comparable, V any](x vec.MapRef[K, V], j int32) bool {
	for i := x.Start; i < j; i++ {
		if x.Data.Keys[i] == x.Data.Keys[j] {
			return true
		}
	}
	return false
}
