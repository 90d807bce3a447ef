package batch

import (
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// govec holds the helpers of one Go vector type that reads of subqueries need
// beside a kind's: an argument's errors (vec.SubArgErrs), an outer value as
// a per-row test's parameter (vec.SubParam) and a key part packed into a
// string key (vec.SubPack).
type govec struct {
	errs  func(v any) []*rt.Error
	param func(v any, i, n int) any
	// pack is nil for a type that is never a key part (TINYINT, SMALLINT,
	// FLOAT: the compiler computes subqueries over INT and DOUBLE).
	pack func(dst *vec.Vec[string], src any, sel vec.Sel, n int)
}

// govecOf returns the helpers of kind k's Go type (vectors of one Go type are
// alike whatever their SQL type: DATE is INT's int32).
func govecOf(k kind) (govec, bool) {
	switch k.(type) {
	case ops[bool]:
		return govecFor((*vec.KeyPacker).Bool), true
	case ops[int8]:
		return govecFor[int8](nil), true
	case ops[int16]:
		return govecFor[int16](nil), true
	case ops[int32]:
		return govecFor((*vec.KeyPacker).Int32), true
	case ops[int64]:
		return govecFor((*vec.KeyPacker).Int64), true
	case ops[float32]:
		return govecFor[float32](nil), true
	case ops[float64]:
		return govecFor((*vec.KeyPacker).Float64), true
	case ops[string]:
		return govecFor((*vec.KeyPacker).String), true
	case ops[rt.Decimal]:
		return govecFor((*vec.KeyPacker).Decimal), true
	}
	return govec{}, false
}

func govecFor[T any](enc func(*vec.KeyPacker, T)) govec {
	t := govec{
		errs: func(v any) []*rt.Error { return v.(*vec.Vec[T]).Err },
		param: func(v any, i, n int) any {
			x := v.(*vec.Vec[T])
			r := vec.SubParam(n, x.V[i], x.IsNull(i))
			return &r
		},
	}
	if enc != nil {
		t.pack = func(dst *vec.Vec[string], src any, sel vec.Sel, n int) {
			vec.SubPack(dst, src.(*vec.Vec[T]), enc, sel, n)
		}
	}
	return t
}
