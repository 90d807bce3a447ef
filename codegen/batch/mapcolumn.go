package batch

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// colKeys is the key array of a MAP input column read in place for the
// lookups of codegen's emitMapColumnCall: find is vec.FindString (FindInt32,
// FindInt64), the last entry among [start, end) with the key or -1, and
// count vec.CountString (...), the number of distinct keys.
type colKeys[K comparable] struct {
	find  func(start, end int64, key K) int
	count func(start, end int64) int32
	// findConst, where not nil, is find for constant key: a faster search
	// (vec.FindKey for a VARCHAR key of 1 to 8 bytes, as a fused loop of
	// generated code searches), or nil where there is none.
	findConst func(key K) func(start, end int64) int
}

// colKeyReaders read a MAP column's key array in place, by key kind (the
// kinds.Info MapKeys and KeySuffix functions).
var colKeyReaders = map[ir.Kind]any{
	ir.KindVarchar: func(a arrow.Array) colKeys[string] {
		k := vec.StringKeys(a)
		return colKeys[string]{
			find:  func(s, e int64, key string) int { return vec.FindString(k, s, e, key) },
			count: func(s, e int64) int32 { return vec.CountString(k, s, e) },
			findConst: func(key string) func(s, e int64) int {
				if len(key) < 1 || len(key) > 8 {
					return nil
				}
				word, n := vec.KeyWord(key), int32(len(key))
				return func(s, e int64) int { return vec.FindKey(k, int32(s), int32(e), word, n) }
			}}
	},
	ir.KindInt: func(a arrow.Array) colKeys[int32] {
		k := vec.Int32Keys(a)
		return colKeys[int32]{
			find:  func(s, e int64, key int32) int { return vec.FindInt32(k, s, e, key) },
			count: func(s, e int64) int32 { return vec.CountInt32(k, s, e) }}
	},
	ir.KindBigint: func(a arrow.Array) colKeys[int64] {
		k := vec.Int64Keys(a)
		return colKeys[int64]{
			find:  func(s, e int64, key int64) int { return vec.FindInt64(k, s, e, key) },
			count: func(s, e int64) int32 { return vec.CountInt64(k, s, e) }}
	},
}

// colItemReaders read one entry of a MAP column's item array in place, by
// value kind, as generated code does (items.Value(entry), with the kinds.Info
// ItemConv or ItemFunc conversion).
var colItemReaders = map[ir.Kind]any{
	ir.KindBoolean: func(a arrow.Array) func(int) bool { return a.(*array.Boolean).Value },
	ir.KindInt:     func(a arrow.Array) func(int) int32 { return a.(*array.Int32).Value },
	ir.KindBigint:  func(a arrow.Array) func(int) int64 { return a.(*array.Int64).Value },
	ir.KindDouble:  func(a arrow.Array) func(int) float64 { return a.(*array.Float64).Value },
	ir.KindVarchar: func(a arrow.Array) func(int) string { return a.(*array.String).Value },
	ir.KindDate: func(a arrow.Array) func(int) int32 {
		d := a.(*array.Date32)
		return func(j int) int32 { return int32(d.Value(j)) }
	},
	ir.KindDecimal: func(a arrow.Array) func(int) rt.Decimal {
		d := a.(*array.Decimal128)
		return func(j int) rt.Decimal { return vec.Dec128(d.Value(j)) }
	},
}

// lookupColumn is lookup over MAP input column col read in place (its
// offsets, key array and item array), as codegen's emitMapColumnCall: no
// map value is made per row.
func (m *mapKind[K, V]) lookupColumn(fn string, col int, key ir.Type, args []step, sel func(*frame) vec.Sel) (step, error) {
	if m.colKeys == nil || m.colItems == nil {
		return nil, unsupported("%s over a MAP column in place", fn)
	}
	if fn != "cardinality" {
		if kk, err := kindOf(key); err != nil {
			return nil, err
		} else if _, ok := kk.(ops[K]); !ok {
			return nil, unsupported("%s with a key of type %s", fn, key)
		}
	}
	subscript := fn == "subscript"
	return func(fr *frame) operand {
		s := sel(fr)
		arr := fr.in.Column(col).(*array.Map)
		keys := m.colKeys(arr.Keys())
		fs := []vec.Flags{vec.ArrowFlags(arr)}
		if fn == "cardinality" {
			res := vec.Make[int32](fr.n)
			for l := strictRows(&res, s, fr.n, fs); ; {
				i, ok := l.row()
				if !ok {
					break
				}
				start, end := arr.ValueOffsets(i)
				res.V[i] = keys.count(start, end)
			}
			return operand{vec: &res}
		}
		ka := argOf(m.key, args[1](fr), fr.n)
		fs = ka.flags(fs)
		if fn == "map_contains_key" {
			res := vec.Make[bool](fr.n)
			for l := strictRows(&res, s, fr.n, fs); ; {
				i, ok := l.row()
				if !ok {
					break
				}
				start, end := arr.ValueOffsets(i)
				res.V[i] = keys.find(start, end, ka.at(i)) >= 0
			}
			return operand{vec: &res}
		}
		find := func(start, end int64, i int) int { return keys.find(start, end, ka.at(i)) }
		if ka.v == nil && keys.findConst != nil {
			if f := keys.findConst(ka.c); f != nil {
				find = func(start, end int64, _ int) int { return f(start, end) }
			}
		}
		items := arr.Items()
		item := m.colItems(items)
		res := vec.Make[V](fr.n)
		for l := strictRows(&res, s, fr.n, fs); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			start, end := arr.ValueOffsets(i)
			switch j := find(start, end, i); {
			case j < 0 && subscript:
				res.SetErr(i, m.missing(ka.at(i)))
			case j < 0 || items.IsNull(j):
				res.SetNull(i)
			default:
				res.V[i] = item(j)
			}
		}
		return operand{vec: &res}
	}, nil
}
