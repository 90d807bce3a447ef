package ir

import (
	"hash/maphash"
	"math"
)

// Equal reports whether a and b are the same expression: same node kinds, same
// functions and overloads, equal constants and columns, equal children. This is
// the identity CSE shares on. Two NaN constants are equal (they print alike and
// behave alike); 0.0 and -0.0 are not.
func Equal(a, b Expr) bool {
	if a == b {
		return true
	}
	switch a := a.(type) {
	case *Const:
		b, ok := b.(*Const)
		return ok && a.T.Equal(b.T) && constEqual(a.V, b.V) && errEqual(a.Err, b.Err)
	case *ColumnRef:
		b, ok := b.(*ColumnRef)
		return ok && a.Index == b.Index && a.T.Equal(b.T)
	case *Call:
		b, ok := b.(*Call)
		return ok && a.Fn == b.Fn && sigEqual(a.Sig, b.Sig) && listEqual(a.Args, b.Args)
	case *And:
		b, ok := b.(*And)
		return ok && listEqual(a.Args, b.Args)
	case *Or:
		b, ok := b.(*Or)
		return ok && listEqual(a.Args, b.Args)
	case *If:
		b, ok := b.(*If)
		return ok && Equal(a.Cond, b.Cond) && Equal(a.Then, b.Then) && Equal(a.Else, b.Else)
	case *Case:
		b, ok := b.(*Case)
		return ok && (a.Operand == nil) == (b.Operand == nil) && a.T.Equal(b.T) &&
			listEqual(a.Children(), b.Children())
	case *Coalesce:
		b, ok := b.(*Coalesce)
		return ok && a.T.Equal(b.T) && listEqual(a.Args, b.Args)
	case *IsNull:
		b, ok := b.(*IsNull)
		return ok && a.Not == b.Not && Equal(a.Arg, b.Arg)
	case *In:
		b, ok := b.(*In)
		return ok && listEqual(a.Children(), b.Children())
	case *Between:
		b, ok := b.(*Between)
		return ok && listEqual(a.Children(), b.Children())
	case *NullIf:
		b, ok := b.(*NullIf)
		return ok && Equal(a.A, b.A) && Equal(a.B, b.B)
	case *Try:
		b, ok := b.(*Try)
		return ok && Equal(a.Arg, b.Arg)
	case *Param:
		b, ok := b.(*Param)
		return ok && a.Slot == b.Slot && a.T.Equal(b.T)
	case *Subquery:
		b, ok := b.(*Subquery)
		if !ok || !listEqual(a.Args, b.Args) {
			return false
		}
		if a.Settled != nil || b.Settled != nil {
			return a.Settled == b.Settled
		}
		return a.Kind == b.Kind && a.Agg == b.Agg && a.Table == b.Table && a.T.Equal(b.T) &&
			(a.Cmp == nil) == (b.Cmp == nil) && (a.Cmp == nil || a.Cmp.Fn == b.Cmp.Fn && sigEqual(a.Cmp.Sig, b.Cmp.Sig)) &&
			optEqual(a.Where, b.Where) && optEqual(a.Value, b.Value)
	}
	return false
}

// optEqual is Equal over expressions that may be absent.
func optEqual(a, b Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return Equal(a, b)
}

func listEqual(a, b []Expr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

func sigEqual(a, b *Signature) bool {
	if a == b {
		return true
	}
	if len(a.Params) != len(b.Params) || !a.Ret.Equal(b.Ret) {
		return false
	}
	for i := range a.Params {
		if !a.Params[i].Equal(b.Params[i]) {
			return false
		}
	}
	return true
}

func errEqual(a, b *EvalError) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func constEqual(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && (math.Float64bits(fa) == math.Float64bits(fb) || math.IsNaN(fa) && math.IsNaN(fb))
	}
	return a == b
}

var hashSeed = maphash.MakeSeed()

// Hash returns a structural hash consistent with Equal, for hash maps keyed on
// expressions. It is seeded per process: never persist it.
func Hash(e Expr) uint64 {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	hashInto(&h, e)
	return h.Sum64()
}

func hashInto(h *maphash.Hash, e Expr) {
	switch e := e.(type) {
	case *Const:
		h.WriteString("c")
		h.WriteString(e.T.String())
		if f, ok := e.V.(float64); ok && math.IsNaN(f) {
			h.WriteString("NaN")
		} else {
			h.WriteString(FormatConst(e.V, e.T))
		}
		if e.Err != nil {
			h.WriteString(string(e.Err.Class))
		}
	case *ColumnRef:
		maphash.WriteComparable(h, e.Index)
	case *Call:
		h.WriteString(e.Fn.Name)
		h.WriteString(e.Sig.Ret.String())
	case *IsNull:
		maphash.WriteComparable(h, e.Not)
	case *Param:
		maphash.WriteComparable(h, e.Slot)
	case *Subquery:
		h.WriteString(e.SQL)
	}
	h.WriteString(nodeName(e))
	for _, k := range e.Children() {
		h.WriteByte('(')
		hashInto(h, k)
		h.WriteByte(')')
	}
}

func nodeName(e Expr) string {
	switch e.(type) {
	case *Const:
		return "Const"
	case *ColumnRef:
		return "Col"
	case *Call:
		return "Call"
	case *And:
		return "And"
	case *Or:
		return "Or"
	case *If:
		return "If"
	case *Case:
		return "Case"
	case *Coalesce:
		return "Coalesce"
	case *IsNull:
		return "IsNull"
	case *In:
		return "In"
	case *Between:
		return "Between"
	case *NullIf:
		return "NullIf"
	case *Try:
		return "Try"
	case *Param:
		return "Param"
	case *Subquery:
		return "Subquery"
	}
	return "?"
}
