package interp_test

import (
	"fmt"
	"testing"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/ir/interp"
)

// TestExpansionsMatchEvalOutcomes checks, for the non-strict functions the
// binder rewrites into strict kernels (concat_ws, elt, mask, format_string),
// that the rewrite evaluates to what the function's EvalOutcomes states, on
// every combination of values, NULLs and errors of small argument lists.
func TestExpansionsMatchEvalOutcomes(t *testing.T) {
	errArg := ir.Errorf("TEST_ERROR", "argument")
	str := func(vs ...string) []any {
		out := make([]any, len(vs))
		for i, v := range vs {
			out[i] = v
		}
		return out
	}
	vals := map[ir.Kind][]any{
		ir.KindVarchar: str("", "a", ",", "%s|%5s", "%d", "ab", "Ab1-é"),
		ir.KindInt:     {int32(0), int32(1), int32(2), int32(65), int32(-3)},
		ir.KindBigint:  {int64(-1), int64(1234567)},
		ir.KindDouble:  {0.125, -1.5},
		ir.KindBoolean: {true},
		ir.KindDate:    {ir.Date(10)},
	}
	calls := []struct {
		name  string
		types []ir.Type
	}{
		{"concat_ws", []ir.Type{ir.TypeVarchar, ir.TypeVarchar, ir.TypeVarchar}},
		{"concat_ws", []ir.Type{ir.TypeVarchar}},
		{"elt", []ir.Type{ir.TypeInt, ir.TypeVarchar, ir.TypeVarchar}},
		{"mask", []ir.Type{ir.TypeVarchar, ir.TypeVarchar}},
		{"mask", []ir.Type{ir.TypeVarchar, ir.TypeVarchar, ir.TypeVarchar, ir.TypeVarchar, ir.TypeVarchar}},
		{"format_string", []ir.Type{ir.TypeVarchar, ir.TypeInt, ir.TypeVarchar}},
		{"format_string", []ir.Type{ir.TypeVarchar, ir.TypeDouble, ir.TypeBigint}},
		{"format_string", []ir.Type{ir.TypeVarchar, ir.TypeBoolean, ir.TypeDate}},
	}
	n := 0
	for _, c := range calls {
		fn := functions.Lookup(c.name)
		sig, err := fn.Resolve(c.types)
		if err != nil {
			t.Fatal(err)
		}
		var rec func(args []ir.Expr)
		rec = func(args []ir.Expr) {
			if len(args) == len(c.types) {
				outs := make([]ir.Outcome, len(args))
				for i, a := range args {
					k := a.(*ir.Const)
					outs[i] = ir.Outcome{V: k.V, Err: k.Err}
				}
				want := sig.EvalOutcomes(outs)
				got := interp.EvalExpr(functions.Expand(&ir.Call{Fn: fn, Sig: sig, Args: args}), nil)
				n++
				if fmt.Sprint(got.V) != fmt.Sprint(want.V) || (got.Err == nil) != (want.Err == nil) ||
					got.Err != nil && got.Err.Error() != want.Err.Error() {
					t.Errorf("%s%v: expansion %v / %v, EvalOutcomes %v / %v", c.name, outs, got.V, got.Err, want.V, want.Err)
				}
				return
			}
			ty := c.types[len(args)]
			opts := []ir.Expr{&ir.Const{T: ty}, &ir.Const{T: ty, Err: errArg}}
			for _, v := range vals[ty.Kind] {
				opts = append(opts, &ir.Const{T: ty, V: v})
			}
			for _, o := range opts {
				rec(append(append([]ir.Expr(nil), args...), o))
			}
		}
		rec(nil)
	}
	t.Logf("%d calls", n)
}
