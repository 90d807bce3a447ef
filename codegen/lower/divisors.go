package lower

import "github.com/exprc/exprc/ir"

// Divisions by a constant.
//
// DIV, % and / fail only on their divisor: zero (DIVIDE_BY_ZERO), and for
// integer DIV the overflow of MIN DIV -1. With a constant divisor that is
// neither, the call cannot fail on any row, so a fused loop calls the
// kernel's twin without an error result (templates/rt QuotInt64 and its
// kin): it sets no flag, leaves no row to the vector code, and is computed
// on every row like an addition (EveryRow, StoredAnyRow), a conditional
// picking its value without a branch. The CSE plan is not changed: it still
// counts the call as one that may fail, which only makes it more careful.

// constDivisor pairs a failing division kernel with its twin for a
// divisor that ok accepts.
type constDivisor struct {
	kernel string
	ok     func(v any) bool
}

var constDivisors = map[string]constDivisor{
	"DivInt64":      {"QuotInt64", intDivisorSafe},
	"ModInt32":      {"RemInt32", intDivisorSafe},
	"ModInt64":      {"RemInt64", intDivisorSafe},
	"DivideFloat64": {"QuotFloat64", floatDivisorSafe},
	"ModFloat64":    {"RemFloat64", floatDivisorSafe},
}

func intDivisorSafe(v any) bool {
	switch v := v.(type) {
	case int32:
		return v != 0 && v != -1
	case int64:
		return v != 0 && v != -1
	}
	return false
}

func floatDivisorSafe(v any) bool {
	f, ok := v.(float64)
	return ok && f != 0 // a NaN divisor is not zero: the quotient is NaN
}

// kernelSig is the signature a fused loop calls for kernel call e: its
// own, or the infallible twin's when its divisor is a constant that cannot
// make it fail.
func kernelSig(e *ir.Call) *ir.Signature {
	d, ok := constDivisors[e.Sig.Kernel]
	if !ok || e.Sig.KernelPkg != "" || len(e.Args) != 2 {
		return e.Sig
	}
	c, ok := e.Args[1].(*ir.Const)
	if !ok || c.Err != nil || c.V == nil || !d.ok(c.V) {
		return e.Sig
	}
	twin := *e.Sig
	twin.Kernel, twin.KernelErr, twin.MayError = d.kernel, false, false
	return &twin
}
