package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// raise_error and assert_true (Spark's misc.scala RaiseError and AssertTrue).
//
// Their result type is Spark's NULL type, which exprc already has for the
// untyped NULL literal: the binder gives such an expression the type its
// context asks for (compiler: retype). The binder rewrites each call into
// existing forms over one strict kernel that always fails (rt.RaiseError):
//
//	raise_error(msg)         raise_error_value(COALESCE(msg, 'null'))
//	assert_true(c)           IF(c, NULL, raise_error_value('''<c>'' is not true!'))
//	assert_true(c, msg)      IF(c, NULL, raise_error_value(COALESCE(msg, 'null')))
//
// raise_error_value's call is of the NULL type; retyped to t it becomes
// CAST(raise_error_value(...) AS t) (its VARCHAR result never exists, the
// CAST passes its error on), so CSE, the interpreter and both code
// generators need nothing new, and the IF keeps the error off every row
// where the condition holds (and off rows a CASE branch is not taken on).

// raiseErrorValue is the internal always-failing kernel call.
var raiseErrorValue = strict("raise_error_value", "Internal: USER_RAISED_EXCEPTION with the message.",
	errs(rt.UserRaisedException), sig(tStr, k1(rt.RaiseError), tStr))

// IsRaise reports whether e is the NULL-typed kernel call raise_error and
// assert_true expand into, which the binder retypes with RaiseAs.
func IsRaise(e ir.Expr) bool {
	c, ok := e.(*ir.Call)
	return ok && c.Fn == raiseErrorValue && c.Sig.Ret.Kind == ir.KindNull
}

// RaiseAs is the raise_error_value call e (see IsRaise) with its VARCHAR
// result; the caller casts it to the type the context asks for.
func RaiseAs(e ir.Expr) ir.Expr {
	c := e.(*ir.Call)
	return callOf(raiseErrorValue, c.Args...)
}

// raiseCall is raise_error_value(COALESCE(msg, 'null')) of the NULL type:
// Spark raises with the text "null" for a NULL message.
func raiseCall(msg ir.Expr) ir.Expr {
	arg := msg
	if msg.Type().Kind == ir.KindNull {
		arg = &ir.Const{T: tStr, V: "null"}
	} else {
		arg = &ir.Coalesce{Args: []ir.Expr{msg, &ir.Const{T: tStr, V: "null"}}, T: tStr}
	}
	c := callOf(raiseErrorValue, arg)
	s := *c.Sig
	s.Ret = ir.TypeNull
	c.Sig = &s
	return c
}

// raiseOutcome is what raise_error gives for its message's outcome.
func raiseOutcome(o ir.Outcome) ir.Outcome {
	if o.Err != nil {
		return o
	}
	msg := "null"
	if o.V != nil {
		msg = o.V.(string)
	}
	_, err := rt.RaiseError(msg)
	return ir.Outcome{Err: err}
}

func raiseErrorFn() *ir.Function {
	const syn = "raise_error(VARCHAR) -> NULL"
	mk := func(int) *ir.Signature {
		return &ir.Signature{Params: []ir.Type{tStr}, Ret: ir.TypeNull, MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			return raiseOutcome(outs[0])
		}}
	}
	fn := &ir.Function{
		Name: "raise_error",
		Doc: "Fails the row with USER_RAISED_EXCEPTION and the message msg (the text 'null' when msg is NULL); " +
			"of the NULL type, so it fits any context: CASE WHEN x > 0 THEN x ELSE raise_error('bad x') END.",
		Synopsis: []string{syn},
		Errors:   errs(rt.UserRaisedException),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 1 {
				return nil, arityError("raise_error", len(args), []int{1})
			}
			if !ir.Widens(args[0], tStr) {
				return nil, noOverload("raise_error", args, []string{syn})
			}
			return mk(1), nil
		},
		Implicit: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 1 {
				return nil, errNoImplicit
			}
			return strImplicit(args, func(int) ir.Type { return tStr }, 1, mk)
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr { return raiseCall(c.Args[0]) }
	return fn
}

func assertTrueFn() *ir.Function {
	syns := []string{"assert_true(BOOLEAN) -> NULL", "assert_true(BOOLEAN, VARCHAR) -> NULL"}
	mk := func(n int) *ir.Signature {
		ps := []ir.Type{tBool, tStr}[:n]
		return &ir.Signature{Params: ps, Ret: ir.TypeNull, MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			if outs[0].Err != nil || outs[0].V == true {
				return ir.Outcome{Err: outs[0].Err}
			}
			if n == 1 {
				return raiseOutcome(ir.Outcome{V: "assertion is not true!"})
			}
			return raiseOutcome(outs[1])
		}}
	}
	fn := &ir.Function{
		Name: "assert_true",
		Doc: "NULL when cond is TRUE; otherwise (FALSE or NULL) fails the row with USER_RAISED_EXCEPTION, " +
			"with the message msg or '<cond>' is not true!. Of the NULL type, like raise_error.",
		Synopsis: syns,
		Errors:   errs(rt.UserRaisedException),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 || len(args) > 2 {
				return nil, arityError("assert_true", len(args), []int{1, 2})
			}
			if !ir.Widens(args[0], tBool) || len(args) == 2 && !ir.Widens(args[1], tStr) {
				return nil, noOverload("assert_true", args, syns)
			}
			return mk(len(args)), nil
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		var msg ir.Expr
		if len(c.Args) == 2 {
			msg = c.Args[1]
		} else {
			msg = &ir.Const{T: tStr, V: "'" + ir.Format(c.Args[0]) + "' is not true!"}
		}
		return &ir.If{Cond: c.Args[0], Then: &ir.Const{T: ir.TypeNull}, Else: raiseCall(msg)}
	}
	return fn
}

func init() {
	register(raiseErrorFn())
	register(assertTrueFn())
}
