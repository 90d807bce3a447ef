package functions

import "github.com/exprc/exprc/ir"

// ImplicitCost says how far Spark's ANSI implicit cast of a function argument
// goes from type from to parameter type to, or -1 when Spark does not cast
// implicitly (AnsiTypeCoercion.implicitCast: the same type, a NULL, any
// number to any number, anything scalar to a string, a string to any scalar).
// Lower is closer, so that among overloads the nearest wins:
//
//	0  the same type, or an untyped NULL
//	1  a widening (INT -> BIGINT -> DOUBLE)
//	2  VARCHAR -> DOUBLE (Spark's default concrete type for "a number")
//	3  VARCHAR -> INT, BIGINT, DATE or BOOLEAN; INT, BIGINT, DOUBLE, DATE or BOOLEAN -> VARCHAR
//	4  a narrowing number (BIGINT -> INT, DOUBLE -> INT or BIGINT), which
//	   raises CAST_OVERFLOW out of range like the CAST it is
//	5  VARCHAR -> BOOLEAN, last: where a function takes a number or a
//	   BOOLEAN (bit_count), Spark reads a string as a number
//
// BOOLEAN and DATE never become numbers, numbers never become DATE or BOOLEAN,
// and MAP values are never cast.
func ImplicitCost(from, to ir.Type) int {
	switch {
	case from.Equal(to), from.Kind == ir.KindNull:
		return 0
	case ir.Widens(from, to):
		return 1
	case !from.IsScalar() || !to.IsScalar():
		return -1
	case from.Kind == ir.KindVarchar && to.Kind == ir.KindDouble:
		return 2
	case from.Kind == ir.KindVarchar && to.Kind == ir.KindBoolean:
		return 5
	case from.Kind == ir.KindVarchar, to.Kind == ir.KindVarchar:
		return 3
	case from.IsNumeric() && to.IsNumeric():
		return 4
	}
	return -1
}

// resolveImplicit is the Implicit resolution of an overload list: the overload
// whose parameters every argument casts to implicitly at the least total cost
// (ImplicitCost), the first one on a tie. abs('-1.5') is abs(DOUBLE), as
// Spark casts a string to DOUBLE where a function takes any number.
func resolveImplicit(sigs []*ir.Signature) func([]ir.Type) (*ir.Signature, error) {
	return func(args []ir.Type) (*ir.Signature, error) {
		var best *ir.Signature
		bestCost := -1
		for _, s := range sigs {
			if len(s.Params) != len(args) {
				continue
			}
			cost := 0
			for i, a := range args {
				c := ImplicitCost(a, s.Params[i])
				if c < 0 {
					cost = -1
					break
				}
				cost += c
			}
			if cost >= 0 && (best == nil || cost < bestCost) {
				best, bestCost = s, cost
			}
		}
		if best == nil {
			return nil, errNoImplicit
		}
		return best, nil
	}
}

// errNoImplicit is what Implicit returns when no overload takes the
// arguments even with implicit casts; the binder reports Resolve's message.
var errNoImplicit = noImplicitError{}

type noImplicitError struct{}

func (noImplicitError) Error() string { return "no overload accepts the arguments with implicit casts" }
