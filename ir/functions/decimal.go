package functions

import (
	"fmt"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// DECIMAL(p, s) arithmetic follows Spark with
// spark.sql.decimalOperations.allowPrecisionLoss=true (docs/semantics.md
// section 2.2). The result type of each operator is computed from the
// operand types; the kernels get the scales and the result's precision as
// constant arguments (ir.Signature.KernelArgs), so one kernel serves every
// pair of types.

// adjustPrecision is Spark's DecimalType.adjustPrecisionScale: a result type
// wider than 38 digits keeps its integral digits and gives up scale, down to
// min(s, 6).
func adjustPrecision(p, s int) ir.Type {
	if p <= ir.MaxDecimalPrecision {
		return ir.DecimalOf(p, s)
	}
	intDigits := p - s
	minScale := min(s, 6)
	return ir.DecimalOf(ir.MaxDecimalPrecision, max(ir.MaxDecimalPrecision-intDigits, minScale))
}

// decimalResult is the result type of a binary arithmetic operator on
// DECIMAL(p1, s1) and DECIMAL(p2, s2).
func decimalResult(op string, a, b ir.Type) ir.Type {
	p1, s1, p2, s2 := a.P(), a.S(), b.P(), b.S()
	switch op {
	case "add", "subtract":
		s := max(s1, s2)
		return adjustPrecision(max(p1-s1, p2-s2)+s+1, s)
	case "multiply":
		return adjustPrecision(p1+p2+1, s1+s2)
	case "divide":
		s := max(6, s1+p2+1)
		return adjustPrecision(p1-s1+s2+s, s)
	case "mod", "pmod":
		s := max(s1, s2)
		return adjustPrecision(min(p1-s1, p2-s2)+s, s)
	}
	panic("functions: no DECIMAL result rule for " + op)
}

// decimalOperands reports whether a call's arguments are DECIMAL arithmetic:
// at least one DECIMAL, and the others DECIMAL, INT, BIGINT or an untyped
// NULL. It returns the DECIMAL type each argument converts to (Spark's
// DecimalType.forType; a NULL takes its sibling's type).
func decimalOperands(args []ir.Type) ([]ir.Type, bool) {
	var any ir.Type
	for _, a := range args {
		switch a.Kind {
		case ir.KindDecimal:
			any = a
		case ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint, ir.KindNull:
		default:
			return nil, false
		}
	}
	if any.Kind != ir.KindDecimal {
		return nil, false
	}
	out := make([]ir.Type, len(args))
	for i, a := range args {
		if a.Kind == ir.KindNull {
			out[i] = any
			continue
		}
		out[i], _ = a.AsDecimal()
	}
	return out, true
}

// decimalKernel2 is a binary DECIMAL kernel.
type decimalKernel2 = func(a, b rt.Decimal, sa, sb, s, p int) (rt.Decimal, *rt.Error)

// decimalBinary is the signature of a binary DECIMAL operator.
func decimalBinary(a, b, ret ir.Type, k decimalKernel2) *ir.Signature {
	sa, sb, s, p := a.S(), b.S(), ret.S(), ret.P()
	bound := func(x, y rt.Decimal) (rt.Decimal, *rt.Error) { return k(x, y, sa, sb, s, p) }
	return sig(ret, withConsts(k2(bound), k, sa, sb, s, p), a, b)
}

// cannotOverflow reports whether op on DECIMAL a and b always fits its
// result type: +, - and * whose type the 38-digit limit did not cut hold
// every result (a sum has at most one more integral digit than its larger
// operand, a product at most p1 + p2 digits), so they cannot fail.
func cannotOverflow(op string, a, b ir.Type) bool {
	p1, s1, p2, s2 := a.P(), a.S(), b.P(), b.S()
	switch op {
	case "add", "subtract":
		return max(p1-s1, p2-s2)+max(s1, s2)+1 <= ir.MaxDecimalPrecision
	case "multiply":
		return p1+p2+1 <= ir.MaxDecimalPrecision
	}
	return false
}

// totalKernels are the kernels of the operators that cannot fail on a pair of
// types (cannotOverflow): the same computation without an error result, so
// that CSE and fused loops treat the call as one that never fails.
var totalKernels = map[string]func(a, b rt.Decimal, sa, sb, s, p int) rt.Decimal{
	"add": rt.AddDecimalTotal, "subtract": rt.SubtractDecimalTotal, "multiply": rt.MultiplyDecimalTotal,
}

// withDecimalArith makes a binary arithmetic function resolve DECIMAL
// operands to kernel k before its other overloads (which would otherwise take
// a DECIMAL as a DOUBLE).
func withDecimalArith(fn *ir.Function, k decimalKernel2) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if ds, ok := decimalOperands(args); ok && len(args) == 2 {
			ret := decimalResult(fn.Name, ds[0], ds[1])
			if total := totalKernels[fn.Name]; total != nil && cannotOverflow(fn.Name, ds[0], ds[1]) {
				return decimalTotal(fn.Name, ds[0], ds[1], ret, total), nil
			}
			if fn.Name == "multiply" && ret.S() == ds[0].S()+ds[1].S() && ret.P() == ir.MaxDecimalPrecision {
				return multiply38(ds[0], ds[1], ret), nil
			}
			return decimalBinary(ds[0], ds[1], ret, k), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p1,s1), DECIMAL(p2,s2)) -> DECIMAL(p,s) (INT and BIGINT operands as DECIMAL(10,0) and DECIMAL(20,0); p and s in docs/semantics.md section 2.2)")
	fn.Errors = appendClass(fn.Errors, rt.NumericValueOutOfRange)
	return fn
}

// decimalTotal is the signature of binary DECIMAL operator op where it
// cannot fail (or where a try_ function's guard holds). Where the scales
// allow, its kernel is one of the small ones Go inlines into a generated
// loop: + and - of operands of the result's scale, * without a scale cut.
func decimalTotal(op string, a, b, ret ir.Type, k func(a, b rt.Decimal, sa, sb, s, p int) rt.Decimal) *ir.Signature {
	sa, sb, s, p := a.S(), b.S(), ret.S(), ret.P()
	switch {
	case op == "add" && sa == s && sb == s:
		return sig(ret, ok2(rt.AddDecimalSameScale), a, b)
	case op == "subtract" && sa == s && sb == s:
		return sig(ret, ok2(rt.SubtractDecimalSameScale), a, b)
	case op == "multiply" && s == sa+sb:
		return sig(ret, ok2(rt.MultiplyDecimalExact), a, b)
	case (op == "add" || op == "subtract") && sb == s && sa < s:
		return widened(ret, a, b, s-sa, map[string]func(a, b rt.Decimal, k int) rt.Decimal{
			"add": rt.AddDecimalWidenLeft, "subtract": rt.SubtractDecimalWidenLeft}[op])
	case (op == "add" || op == "subtract") && sa == s && sb < s:
		return widened(ret, a, b, s-sb, map[string]func(a, b rt.Decimal, k int) rt.Decimal{
			"add": rt.AddDecimalWidenRight, "subtract": rt.SubtractDecimalWidenRight}[op])
	}
	bound := func(x, y rt.Decimal) rt.Decimal { return k(x, y, sa, sb, s, p) }
	return sig(ret, withConsts(ok2(bound), k, sa, sb, s, p), a, b)
}

// widened is the signature of + or - that cannot fail, whose operand of the
// smaller scale kernel k widens by 10^shift.
func widened(ret, a, b ir.Type, shift int, k func(a, b rt.Decimal, k int) rt.Decimal) *ir.Signature {
	bound := func(x, y rt.Decimal) rt.Decimal { return k(x, y, shift) }
	return sig(ret, withConsts(ok2(bound), k, shift), a, b)
}

// multiply38 is the signature of a DECIMAL product that can overflow but
// keeps its scale (s = sa + sb, a 38-digit result, as Q1's charge).
func multiply38(a, b, ret ir.Type) *ir.Signature {
	sa, sb := a.S(), b.S()
	bound := func(x, y rt.Decimal) (rt.Decimal, *rt.Error) { return rt.MultiplyDecimal38(x, y, sa, sb) }
	return sig(ret, withConsts(k2(bound), rt.MultiplyDecimal38, sa, sb), a, b)
}

// withDecimalUnary makes a unary function of DECIMAL(p, s) -> DECIMAL(p, s)
// resolve to kernel k.
func withDecimalUnary(fn *ir.Function, k func(rt.Decimal) rt.Decimal) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 1 && args[0].Kind == ir.KindDecimal {
			return sig(args[0], ok1(k), args[0]), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p,s)) -> DECIMAL(p,s)")
	return fn
}

func appendClass(cs []ir.ErrorClass, c ir.ErrorClass) []ir.ErrorClass {
	for _, x := range cs {
		if x == c {
			return cs
		}
	}
	return append(cs, c)
}

// integralDivideDecimal is DIV over DECIMAL operands: the truncated quotient
// as a BIGINT.
func integralDivideDecimal(a, b ir.Type) *ir.Signature {
	sa, sb := a.S(), b.S()
	bound := func(x, y rt.Decimal) (int64, *rt.Error) { return rt.DivDecimal(x, y, sa, sb) }
	return sig(tBig, withConsts(k2(bound), rt.DivDecimal, sa, sb), a, b)
}

// resolveDecimalCast is ResolveCast when from or to is a DECIMAL.
func resolveDecimalCast(from, to ir.Type) (*ir.Signature, error) {
	cast := func(k impl, fn any, consts ...int) (*ir.Signature, error) {
		return sig(to, withConsts(k, fn, consts...), from), nil
	}
	if to.Kind == ir.KindDecimal {
		s, p := to.S(), to.P()
		switch from.Kind {
		case ir.KindTinyint:
			return cast(k1(func(v int8) (rt.Decimal, *rt.Error) { return rt.CastInt8ToDecimal(v, s, p) }), rt.CastInt8ToDecimal, s, p)
		case ir.KindSmallint:
			return cast(k1(func(v int16) (rt.Decimal, *rt.Error) { return rt.CastInt16ToDecimal(v, s, p) }), rt.CastInt16ToDecimal, s, p)
		case ir.KindFloat:
			return cast(k1(func(v float32) (rt.Decimal, *rt.Error) { return rt.CastFloat32ToDecimal(v, s, p) }), rt.CastFloat32ToDecimal, s, p)
		case ir.KindInt:
			return cast(k1(func(v int32) (rt.Decimal, *rt.Error) { return rt.CastInt32ToDecimal(v, s, p) }), rt.CastInt32ToDecimal, s, p)
		case ir.KindBigint:
			return cast(k1(func(v int64) (rt.Decimal, *rt.Error) { return rt.CastInt64ToDecimal(v, s, p) }), rt.CastInt64ToDecimal, s, p)
		case ir.KindBoolean:
			return cast(k1(func(v bool) (rt.Decimal, *rt.Error) { return rt.CastBoolToDecimal(v, s, p) }), rt.CastBoolToDecimal, s, p)
		case ir.KindDouble:
			return cast(k1(func(v float64) (rt.Decimal, *rt.Error) { return rt.CastFloat64ToDecimal(v, s, p) }), rt.CastFloat64ToDecimal, s, p)
		case ir.KindVarchar:
			return cast(k1(func(v string) (rt.Decimal, *rt.Error) { return rt.CastStringToDecimal(v, s, p) }), rt.CastStringToDecimal, s, p)
		case ir.KindDecimal:
			fs := from.S()
			if ir.Widens(from, to) { // keeps every value: cannot fail
				return cast(ok1(func(v rt.Decimal) rt.Decimal { return rt.WidenDecimal(v, fs, s) }), rt.WidenDecimal, fs, s)
			}
			return cast(k1(func(v rt.Decimal) (rt.Decimal, *rt.Error) { return rt.CastDecimalToDecimal(v, fs, s, p) }), rt.CastDecimalToDecimal, fs, s, p)
		}
		return nil, fmt.Errorf("cannot cast %s to %s", from, to)
	}
	s, p := from.S(), from.P()
	switch to.Kind {
	case ir.KindTinyint:
		return cast(k1(func(v rt.Decimal) (int8, *rt.Error) { return rt.CastDecimalToInt8(v, s, p) }), rt.CastDecimalToInt8, s, p)
	case ir.KindSmallint:
		return cast(k1(func(v rt.Decimal) (int16, *rt.Error) { return rt.CastDecimalToInt16(v, s, p) }), rt.CastDecimalToInt16, s, p)
	case ir.KindFloat:
		return cast(ok1(func(v rt.Decimal) float32 { return rt.CastDecimalToFloat32(v, s) }), rt.CastDecimalToFloat32, s)
	case ir.KindInt:
		return cast(k1(func(v rt.Decimal) (int32, *rt.Error) { return rt.CastDecimalToInt32(v, s, p) }), rt.CastDecimalToInt32, s, p)
	case ir.KindBigint:
		return cast(k1(func(v rt.Decimal) (int64, *rt.Error) { return rt.CastDecimalToInt64(v, s, p) }), rt.CastDecimalToInt64, s, p)
	case ir.KindDouble:
		return cast(ok1(func(v rt.Decimal) float64 { return rt.CastDecimalToFloat64(v, s) }), rt.CastDecimalToFloat64, s)
	case ir.KindVarchar:
		return cast(ok1(func(v rt.Decimal) string { return rt.CastDecimalToString(v, s) }), rt.CastDecimalToString, s)
	case ir.KindBoolean:
		return sig(to, ok1(rt.CastDecimalToBool), from), nil
	}
	return nil, fmt.Errorf("cannot cast %s to %s", from, to)
}

// finiteGuard is the guard of CAST(DOUBLE AS DECIMAL) and CAST(FLOAT AS
// DECIMAL): Spark's cast of NaN or an infinity to DECIMAL is NULL, even in
// ANSI mode.
var finiteGuard = domain("cast_decimal_domain", sig(tBool, ok1(rt.FiniteFloat32), tFlt), sig(tBool, ok1(rt.FiniteFloat64), tDbl))

// GuardDoubleToDecimal wraps the cast c of a DOUBLE to a DECIMAL in
// IF(finite(x), c, NULL), so that NaN and the infinities cast to NULL (see
// nulldomain.go).
func GuardDoubleToDecimal(c *ir.Call) ir.Expr {
	gs, _ := finiteGuard.Resolve(c.Sig.Params)
	return &ir.If{Cond: &ir.Call{Fn: finiteGuard, Sig: gs, Args: c.Args}, Then: c, Else: &ir.Const{T: c.Sig.Ret}}
}

// DecimalLiteralType is the type of a decimal literal's text (1.50 is
// DECIMAL(3,2)); ok is false when it needs more than 38 digits.
func DecimalLiteralType(text string) (ir.Type, bool) {
	p, s, ok := rt.DecimalLiteralType(text)
	if !ok || p > ir.MaxDecimalPrecision {
		return ir.Type{}, false
	}
	return ir.DecimalOf(p, s), true
}

// withDecimalFloor makes floor or ceil of a DECIMAL(p, s) a DECIMAL(p - s +
// 1, 0) (the same type when s is 0), as Spark's Floor and Ceil are.
func withDecimalFloor(fn *ir.Function, k func(rt.Decimal, int) rt.Decimal) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) != 1 || args[0].Kind != ir.KindDecimal {
			return base(args)
		}
		x := args[0]
		if x.S() == 0 {
			return sig(x, ok1(rt.PositiveDecimal), x), nil
		}
		ret := ir.DecimalOf(min(x.P()-x.S()+1, ir.MaxDecimalPrecision), 0)
		s := x.S()
		return sig(ret, withConsts(ok1(func(v rt.Decimal) rt.Decimal { return k(v, s) }), k, s), x), nil
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p,s)) -> DECIMAL(p-s+1,0)")
	return fn
}

// ResolveWithArgs resolves the calls whose result type depends on a constant
// argument's value, which Resolve (over types) cannot: round and bround of a
// DECIMAL, whose scale Spark requires to be a constant. handled is false for
// every other call.
func ResolveWithArgs(fn *ir.Function, args []ir.Expr) (_ *ir.Signature, handled bool, _ error) {
	if argTyped[fn.Name] {
		s, err := resolveToNumber(fn, args)
		return s, true, err
	}
	if fn.Name != "round" && fn.Name != "bround" || len(args) == 0 || len(args) > 2 || args[0].Type().Kind != ir.KindDecimal {
		return nil, false, nil
	}
	x := args[0].Type()
	d := 0
	params := []ir.Type{x}
	if len(args) == 2 {
		c, ok := args[1].(*ir.Const)
		var v int64
		switch n := constValue(c, ok).(type) {
		case int32:
			v = int64(n)
		case int64:
			v = n
		default:
			return nil, true, fmt.Errorf("%s of a DECIMAL needs a constant, non-NULL integer scale (Spark requires a foldable one)", fn.Name)
		}
		if v < -ir.MaxDecimalPrecision || v > ir.MaxDecimalPrecision {
			return nil, true, fmt.Errorf("%s of a DECIMAL: the scale %d is outside [-38, 38]", fn.Name, v)
		}
		d = int(v)
		params = append(params, tInt)
	}
	p, s := x.P(), x.S()
	var ret ir.Type
	if d < 0 {
		ret = ir.DecimalOf(min(max(p-s+1, -d+1), ir.MaxDecimalPrecision), 0)
	} else {
		ns := min(s, d)
		ret = ir.DecimalOf(min(p-s+1+ns, ir.MaxDecimalPrecision), ns)
	}
	rp := ret.P()
	k, kTo := rt.RoundDecimal, rt.RoundDecimalTo
	if fn.Name == "bround" {
		k, kTo = rt.BroundDecimal, rt.BroundDecimalTo
	}
	if len(args) == 1 {
		bound := func(v rt.Decimal) (rt.Decimal, *rt.Error) { return k(v, s, d, rp) }
		return sig(ret, withConsts(k1(bound), k, s, d, rp), params...), true, nil
	}
	bound := func(v rt.Decimal, dv int32) (rt.Decimal, *rt.Error) { return kTo(v, dv, s, d, rp) }
	return sig(ret, withConsts(k2(bound), kTo, s, d, rp), params...), true, nil
}

// constValue is the value of a non-NULL, non-error constant, or nil.
func constValue(c *ir.Const, ok bool) any {
	if !ok || c.Err != nil {
		return nil
	}
	return c.V
}
