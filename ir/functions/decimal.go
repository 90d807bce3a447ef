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
		case ir.KindInt, ir.KindBigint, ir.KindNull:
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
	return &ir.Signature{
		Params: []ir.Type{a, b}, Ret: ret, MayError: true,
		Kernel: kernelName(k), KernelErr: true, KernelArgs: []int{sa, sb, s, p},
		Eval: func(args []any) (any, *ir.EvalError) {
			r, err := k(args[0].(rt.Decimal), args[1].(rt.Decimal), sa, sb, s, p)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
	}
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
				return decimalTotal(ds[0], ds[1], ret, total), nil
			}
			return decimalBinary(ds[0], ds[1], ret, k), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p1,s1), DECIMAL(p2,s2)) -> DECIMAL(p,s) (INT and BIGINT operands as DECIMAL(10,0) and DECIMAL(20,0); p and s in docs/semantics.md section 2.2)")
	fn.Errors = appendClass(fn.Errors, rt.NumericValueOutOfRange)
	return fn
}

// decimalTotal is the signature of a binary DECIMAL operator that cannot fail.
func decimalTotal(a, b, ret ir.Type, k func(a, b rt.Decimal, sa, sb, s, p int) rt.Decimal) *ir.Signature {
	sa, sb, s, p := a.S(), b.S(), ret.S(), ret.P()
	return &ir.Signature{
		Params: []ir.Type{a, b}, Ret: ret,
		Kernel: kernelName(k), KernelArgs: []int{sa, sb, s, p},
		Eval: func(args []any) (any, *ir.EvalError) {
			return k(args[0].(rt.Decimal), args[1].(rt.Decimal), sa, sb, s, p), nil
		},
	}
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
	return &ir.Signature{
		Params: []ir.Type{a, b}, Ret: tBig, MayError: true,
		Kernel: "DivDecimal", KernelErr: true, KernelArgs: []int{sa, sb},
		Eval: func(args []any) (any, *ir.EvalError) {
			r, err := rt.DivDecimal(args[0].(rt.Decimal), args[1].(rt.Decimal), sa, sb)
			if err != nil {
				return nil, err
			}
			return r, nil
		},
	}
}

// decimalCast is the signature of a cast whose kernel takes constant
// arguments; k is its typed kernel, call applies it.
func decimalCast(from, to ir.Type, kernel any, mayErr bool, consts []int, call func(v any) (any, *rt.Error)) *ir.Signature {
	return &ir.Signature{
		Params: []ir.Type{from}, Ret: to, MayError: mayErr,
		Kernel: kernelName(kernel), KernelErr: mayErr, KernelArgs: consts,
		Eval: func(args []any) (any, *ir.EvalError) {
			r, err := call(args[0])
			if err != nil {
				return nil, err
			}
			return r, nil
		},
	}
}

// resolveDecimalCast is ResolveCast when from or to is a DECIMAL.
func resolveDecimalCast(from, to ir.Type) (*ir.Signature, error) {
	if to.Kind == ir.KindDecimal {
		s, p := to.S(), to.P()
		dec := func(r rt.Decimal, err *rt.Error) (any, *rt.Error) { return r, err }
		switch from.Kind {
		case ir.KindInt:
			return decimalCast(from, to, rt.CastInt32ToDecimal, true, []int{s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastInt32ToDecimal(v.(int32), s, p))
			}), nil
		case ir.KindBigint:
			return decimalCast(from, to, rt.CastInt64ToDecimal, true, []int{s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastInt64ToDecimal(v.(int64), s, p))
			}), nil
		case ir.KindBoolean:
			return decimalCast(from, to, rt.CastBoolToDecimal, true, []int{s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastBoolToDecimal(v.(bool), s, p))
			}), nil
		case ir.KindDouble:
			return decimalCast(from, to, rt.CastFloat64ToDecimal, true, []int{s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastFloat64ToDecimal(v.(float64), s, p))
			}), nil
		case ir.KindVarchar:
			return decimalCast(from, to, rt.CastStringToDecimal, true, []int{s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastStringToDecimal(v.(string), s, p))
			}), nil
		case ir.KindDecimal:
			fs := from.S()
			if ir.Widens(from, to) { // keeps every value: cannot fail
				return decimalCast(from, to, rt.WidenDecimal, false, []int{fs, s}, func(v any) (any, *rt.Error) {
					return rt.WidenDecimal(v.(rt.Decimal), fs, s), nil
				}), nil
			}
			return decimalCast(from, to, rt.CastDecimalToDecimal, true, []int{fs, s, p}, func(v any) (any, *rt.Error) {
				return dec(rt.CastDecimalToDecimal(v.(rt.Decimal), fs, s, p))
			}), nil
		}
		return nil, fmt.Errorf("cannot cast %s to %s", from, to)
	}
	s, p := from.S(), from.P()
	switch to.Kind {
	case ir.KindInt:
		return decimalCast(from, to, rt.CastDecimalToInt32, true, []int{s, p}, func(v any) (any, *rt.Error) {
			r, err := rt.CastDecimalToInt32(v.(rt.Decimal), s, p)
			return r, err
		}), nil
	case ir.KindBigint:
		return decimalCast(from, to, rt.CastDecimalToInt64, true, []int{s, p}, func(v any) (any, *rt.Error) {
			r, err := rt.CastDecimalToInt64(v.(rt.Decimal), s, p)
			return r, err
		}), nil
	case ir.KindDouble:
		return decimalCast(from, to, rt.CastDecimalToFloat64, false, []int{s}, func(v any) (any, *rt.Error) {
			return rt.CastDecimalToFloat64(v.(rt.Decimal), s), nil
		}), nil
	case ir.KindVarchar:
		return decimalCast(from, to, rt.CastDecimalToString, false, []int{s}, func(v any) (any, *rt.Error) {
			return rt.CastDecimalToString(v.(rt.Decimal), s), nil
		}), nil
	case ir.KindBoolean:
		return sig(to, ok1(rt.CastDecimalToBool), from), nil
	}
	return nil, fmt.Errorf("cannot cast %s to %s", from, to)
}

// finiteGuard is the guard of CAST(DOUBLE AS DECIMAL): Spark's cast of NaN or
// an infinity to DECIMAL is NULL, even in ANSI mode.
var finiteGuard = domain("cast_decimal_domain", sig(tBool, ok1(rt.FiniteFloat64), tDbl))

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
		return &ir.Signature{Params: []ir.Type{x}, Ret: ret, Kernel: kernelName(k), KernelArgs: []int{s},
			Eval: func(a []any) (any, *ir.EvalError) { return k(a[0].(rt.Decimal), s), nil }}, nil
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(DECIMAL(p,s)) -> DECIMAL(p-s+1,0)")
	return fn
}

// ResolveWithArgs resolves the calls whose result type depends on a constant
// argument's value, which Resolve (over types) cannot: round and bround of a
// DECIMAL, whose scale Spark requires to be a constant. handled is false for
// every other call.
func ResolveWithArgs(fn *ir.Function, args []ir.Expr) (sig *ir.Signature, handled bool, err error) {
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
	even := fn.Name == "bround"
	sg := &ir.Signature{Params: params, Ret: ret, MayError: true, KernelErr: true, KernelArgs: []int{s, d, rp}}
	switch {
	case len(args) == 1 && !even:
		sg.Kernel = kernelName(rt.RoundDecimal)
	case len(args) == 1:
		sg.Kernel = kernelName(rt.BroundDecimal)
	case !even:
		sg.Kernel = kernelName(rt.RoundDecimalTo)
	default:
		sg.Kernel = kernelName(rt.BroundDecimalTo)
	}
	sg.Eval = func(a []any) (any, *ir.EvalError) {
		k := rt.RoundDecimal
		if even {
			k = rt.BroundDecimal
		}
		r, err := k(a[0].(rt.Decimal), s, d, rp)
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	return sg, true, nil
}

// constValue is the value of a non-NULL, non-error constant, or nil.
func constValue(c *ir.Const, ok bool) any {
	if !ok || c.Err != nil {
		return nil
	}
	return c.V
}
