package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// tryGuarded is guarded (nulldomain.go) for the try_ arithmetic functions,
// whose guard covers only the overloads that can fail: a call whose
// parameters the guard has no overload for (DOUBLE try_add, which never
// fails) stays a plain call of a total kernel.
func tryGuarded(name, doc string, guard *ir.Function, sigs ...*ir.Signature) *ir.Function {
	fn := strict(name, doc, nil, sigs...)
	fn.NullOnValue = true
	expansions[fn] = func(c *ir.Call) ir.Expr {
		gs, err := guard.Resolve(c.Sig.Params)
		if err != nil {
			return c
		}
		return &ir.If{
			Cond: &ir.Call{Fn: guard, Sig: gs, Args: c.Args},
			Then: c,
			Else: &ir.Const{T: c.Sig.Ret},
		}
	}
	keepsName[fn] = true
	return fn
}

// exactGuard builds an unregistered guard over the INT and BIGINT overloads
// (and, when given, the DATE one) of a try_ function.
func exactGuard(name string, sigs ...*ir.Signature) *ir.Function {
	return strict(name, "Whether the try_ function of the same prefix succeeds at these arguments.", nil, sigs...)
}

// Spark's try_ arithmetic (TryAdd, TrySubtract, TryMultiply, TryDivide,
// TryMod): NULL where the operator raises. As in Spark 3.4+ for numbers (the
// operator evaluated in TRY mode), only the operator's own failure becomes
// NULL: an error in an argument is still the outcome. The binder gives the
// arguments the operator's conversions (string promotion, DATE arithmetic).
func init() {
	addOK := exactGuard("try_add_ok",
		sig(tBool, ok2(rt.AddFitsInt32), tInt, tInt),
		sig(tBool, ok2(rt.AddFitsInt64), tBig, tBig),
		sig(tBool, ok2(rt.DateAddFits), tDate, tInt))
	subOK := exactGuard("try_subtract_ok",
		sig(tBool, ok2(rt.SubFitsInt32), tInt, tInt),
		sig(tBool, ok2(rt.SubFitsInt64), tBig, tBig),
		sig(tBool, ok2(rt.DateSubFits), tDate, tInt))
	mulOK := exactGuard("try_multiply_ok",
		sig(tBool, ok2(rt.MulFitsInt32), tInt, tInt),
		sig(tBool, ok2(rt.MulFitsInt64), tBig, tBig))
	divOK := exactGuard("try_divide_ok",
		sig(tBool, ok2(rt.NonZeroDivisorFloat64), tDbl, tDbl))
	modOK := exactGuard("try_mod_ok",
		sig(tBool, ok2(rt.NonZeroDivisorInt32), tInt, tInt),
		sig(tBool, ok2(rt.NonZeroDivisorInt64), tBig, tBig),
		sig(tBool, ok2(rt.NonZeroDivisorFloat64), tDbl, tDbl))

	register(tryDecimal(tryGuarded("try_add",
		"a + b, but NULL where + overflows (INT, BIGINT) instead of raising; DOUBLE addition never fails. try_add(d, n) and try_add(n, d) are date_add(d, n), NULL outside the DATE range. An argument's own error is still raised, as in Spark's TRY evaluation mode.",
		addOK,
		sig(tInt, ok2(rt.AddWrapInt32), tInt, tInt),
		sig(tBig, ok2(rt.AddWrapInt64), tBig, tBig),
		sig(tDbl, ok2(rt.AddFloat64), tDbl, tDbl),
		sig(tDate, ok2(rt.DateAddWrap), tDate, tInt)), "add", addOK, rt.AddDecimalTotal, rt.AddDecimalFits))
	register(tryDecimal(tryGuarded("try_subtract",
		"a - b, but NULL where - overflows instead of raising; try_subtract(d, n) is date_sub(d, n), NULL outside the DATE range. An argument's own error is still raised.",
		subOK,
		sig(tInt, ok2(rt.SubWrapInt32), tInt, tInt),
		sig(tBig, ok2(rt.SubWrapInt64), tBig, tBig),
		sig(tDbl, ok2(rt.SubFloat64), tDbl, tDbl),
		sig(tDate, ok2(rt.DateSubWrap), tDate, tInt)), "subtract", subOK, rt.SubtractDecimalTotal, rt.SubtractDecimalFits))
	register(tryDecimal(tryGuarded("try_multiply",
		"a * b, but NULL where * overflows instead of raising; DOUBLE multiplication never fails. An argument's own error is still raised.",
		mulOK,
		sig(tInt, ok2(rt.MulWrapInt32), tInt, tInt),
		sig(tBig, ok2(rt.MulWrapInt64), tBig, tBig),
		sig(tDbl, ok2(rt.MulFloat64), tDbl, tDbl)), "multiply", mulOK, rt.MultiplyDecimalTotal, rt.MultiplyDecimalFits))
	register(tryDecimal(tryGuarded("try_divide",
		"a / b as DOUBLE (integer arguments are converted, as for /), but NULL where b is 0 (also 0.0 or -0.0) instead of raising. An argument's own error is still raised.",
		divOK,
		sig(tDbl, ok2(rt.QuotFloat64), tDbl, tDbl)), "divide", divOK, rt.DivideDecimalTotal, rt.DivideDecimalFits))
	register(tryDecimal(tryGuarded("try_mod",
		"a % b (the sign follows the dividend, as for %), but NULL where b is 0 (also 0.0 or -0.0) instead of raising (Spark 4.0). An argument's own error is still raised.",
		modOK,
		sig(tInt, ok2(rt.ModTotalInt32), tInt, tInt),
		sig(tBig, ok2(rt.ModTotalInt64), tBig, tBig),
		sig(tDbl, ok2(rt.RemFloat64), tDbl, tDbl)), "mod", modOK, rt.RemainderDecimalTotal, rt.RemainderDecimalFits))
}

// tryDecimal gives a try_ function its DECIMAL overloads: the operator op's
// result type and kernel, NULL where the kernel fails (guard, whose DECIMAL
// overload calls fits with the same constants).
func tryDecimal(fn *ir.Function, op string, guard *ir.Function, k func(a, b rt.Decimal, sa, sb, s, p int) rt.Decimal,
	fits func(a, b rt.Decimal, sa, sb, s, p int) bool) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if ds, ok := decimalOperands(args); ok && len(args) == 2 {
			return decimalTotal(op, ds[0], ds[1], decimalResult(op, ds[0], ds[1]), k), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p1,s1), DECIMAL(p2,s2)) -> DECIMAL(p,s), the type of the operator")
	gbase := guard.Resolve
	guard.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if ds, ok := decimalOperands(args); ok && len(args) == 2 {
			ret := decimalResult(op, ds[0], ds[1])
			sa, sb, s, p := ds[0].S(), ds[1].S(), ret.S(), ret.P()
			bound := func(x, y rt.Decimal) bool { return fits(x, y, sa, sb, s, p) }
			return sig(tBool, withConsts(ok2(bound), fits, sa, sb, s, p), ds...), nil
		}
		return gbase(args)
	}
	return fn
}
