package functions

import (
	"fmt"
	"math"
	"testing"

	"github.com/exprc/exprc/ir"
)

// arg is one argument of a test call: its type and its outcome.
type arg struct {
	t   ir.Type
	out ir.Outcome
}

// v infers the SQL type from the Go representation.
func v(x any) arg {
	switch x := x.(type) {
	case bool:
		return arg{tBool, ir.Outcome{V: x}}
	case int32:
		return arg{tInt, ir.Outcome{V: x}}
	case int:
		return arg{tInt, ir.Outcome{V: int32(x)}}
	case int64:
		return arg{tBig, ir.Outcome{V: x}}
	case float64:
		return arg{tDbl, ir.Outcome{V: x}}
	case string:
		return arg{tStr, ir.Outcome{V: x}}
	case ir.Date:
		return arg{tDate, ir.Outcome{V: x}}
	case nil:
		return arg{ir.TypeNull, ir.Outcome{}}
	}
	panic(fmt.Sprintf("v(%T)", x))
}

func null(t ir.Type) arg { return arg{t, ir.Outcome{}} }

func fail(t ir.Type, c errWant) arg {
	return arg{t, ir.Outcome{Err: ir.Errorf(string(c), "test")}}
}

func date(s string) ir.Date {
	d, ok := ir.ParseDate(s)
	if !ok {
		panic("bad date " + s)
	}
	return d
}

func mapOf(kt, vt ir.Type, kv ...any) arg {
	m := &ir.MapValue{}
	for i := 0; i < len(kv); i += 2 {
		m.Keys = append(m.Keys, kv[i])
		m.Values = append(m.Values, kv[i+1])
	}
	return arg{ir.MapOf(kt, vt), ir.Outcome{V: m}}
}

// call resolves name over the argument types and evaluates it the way the
// interpreter does: widening casts first, then the strict rule (NULL beats the
// leftmost error beats evaluation) or EvalOutcomes.
func call(t *testing.T, name string, args ...arg) ir.Outcome {
	t.Helper()
	fn := Lookup(name)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	types := make([]ir.Type, len(args))
	for i, a := range args {
		types[i] = a.t
	}
	s, err := fn.Resolve(types)
	if err != nil {
		t.Fatalf("%s%s: %v", name, typeList(types), err)
	}
	outs := make([]ir.Outcome, len(args))
	for i, a := range args {
		outs[i] = widen(t, a, s.Params[i])
	}
	return apply(fn, s, outs)
}

func widen(t *testing.T, a arg, to ir.Type) ir.Outcome {
	t.Helper()
	if a.out.Err != nil || a.out.V == nil || a.t.Equal(to) {
		return a.out
	}
	cs, err := ResolveCast(a.t, to)
	if err != nil {
		t.Fatalf("widen %s to %s: %v", a.t, to, err)
	}
	r, e := cs.Eval([]any{a.out.V})
	return ir.Outcome{V: r, Err: e}
}

func apply(fn *ir.Function, s *ir.Signature, outs []ir.Outcome) ir.Outcome {
	if !fn.Strict {
		return s.EvalOutcomes(outs)
	}
	var firstErr *ir.EvalError
	vals := make([]any, len(outs))
	for i, o := range outs {
		if o.IsNull() {
			return ir.Outcome{}
		}
		if o.Err != nil && firstErr == nil {
			firstErr = o.Err
		}
		vals[i] = o.V
	}
	if firstErr != nil {
		return ir.Outcome{Err: firstErr}
	}
	r, e := s.Eval(vals)
	return ir.Outcome{V: r, Err: e}
}

// castV evaluates CAST(x AS to).
func castV(t *testing.T, x arg, to ir.Type) ir.Outcome {
	t.Helper()
	s, err := ResolveCast(x.t, to)
	if err != nil {
		t.Fatalf("cast %s to %s: %v", x.t, to, err)
	}
	return apply(CastFn, s, []ir.Outcome{x.out})
}

// same compares an outcome with an expectation: an errWant means that
// error, nil means NULL, anything else a value (DOUBLE compared bit-exactly,
// except that any NaN matches NaN).
func same(got ir.Outcome, want any) bool {
	if c, ok := want.(errWant); ok {
		return got.Err != nil && got.Err.Class == string(c)
	}
	if got.Err != nil {
		return false
	}
	if w, ok := want.(int); ok {
		want = int32(w)
	}
	if w, ok := want.(float64); ok {
		g, ok := got.V.(float64)
		return ok && (math.Float64bits(g) == math.Float64bits(w) || math.IsNaN(g) && math.IsNaN(w))
	}
	return got.V == want
}

func show(o ir.Outcome) string {
	if o.Err != nil {
		return "error " + o.Err.Error()
	}
	return fmt.Sprintf("%#v", o.V)
}
