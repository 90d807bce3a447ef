package functions

import (
	"math"
	"strings"

	"github.com/exprc/exprc/ir"
)

// compareDouble orders DOUBLEs the way Spark does: -0.0 equals 0.0, NaN equals
// NaN, and NaN is greater than every other value (including +Infinity). This is
// a total order, so sorting, grouping and comparisons agree.
func compareDouble(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareValues orders two non-NULL values of the same scalar type: BOOLEAN
// false < true, numbers numerically (DOUBLE as compareDouble), VARCHAR byte-wise
// (which is code-point order for valid UTF-8), DATE chronologically.
func compareValues(a, b any) int {
	switch a := a.(type) {
	case bool:
		b := b.(bool)
		switch {
		case a == b:
			return 0
		case b:
			return -1
		}
		return 1
	case int32:
		return cmp3(a, b.(int32))
	case int64:
		return cmp3(a, b.(int64))
	case float64:
		return compareDouble(a, b.(float64))
	case string:
		return strings.Compare(a, b.(string))
	case ir.Date:
		return cmp3(a, b.(ir.Date))
	}
	return 0
}

func cmp3[T int32 | int64 | ir.Date](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// comparison builds one of = <> < <= > >=. Both sides widen to their common
// type; the overloads are made per type on demand and cached, so equal calls
// share one *ir.Signature.
func comparison(name, infix, doc string, test func(c int) bool) *ir.Function {
	sigs := map[ir.Kind]*ir.Signature{}
	for _, t := range []ir.Type{tBool, tInt, tBig, tDbl, tStr, tDate} {
		sigs[t.Kind] = sig(tBool, false, ok2(func(a, b any) bool { return test(compareValues(a, b)) }), t, t)
	}
	return &ir.Function{
		Name:  name,
		Infix: infix,
		Doc:   doc,
		Synopsis: []string{name + "(T, T) -> BOOLEAN where T is BOOLEAN, INT, BIGINT, DOUBLE, VARCHAR or DATE " +
			"(both sides widen to their common type)"},
		Strict: true,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 2 {
				return nil, arityError(name, len(args), []int{2})
			}
			t, err := commonScalar("compare", args)
			if err != nil {
				return nil, err
			}
			return sigs[t.Kind], nil
		},
	}
}

func notBool(b bool) bool { return !b }

func init() {
	const order = " DOUBLE compares as Spark does: NaN = NaN is true, NaN is greater than every other value, and -0.0 = 0.0."
	register(comparison("eq", "=", "Equality; VARCHAR compares byte-wise."+order, func(c int) bool { return c == 0 }))
	register(comparison("ne", "<>", "Inequality (also written !=); VARCHAR compares byte-wise."+order, func(c int) bool { return c != 0 }))
	register(comparison("lt", "<", "Less than; VARCHAR compares byte-wise, false < true."+order, func(c int) bool { return c < 0 }))
	register(comparison("le", "<=", "Less than or equal; VARCHAR compares byte-wise, false < true."+order, func(c int) bool { return c <= 0 }))
	register(comparison("gt", ">", "Greater than; VARCHAR compares byte-wise, false < true."+order, func(c int) bool { return c > 0 }))
	register(comparison("ge", ">=", "Greater than or equal; VARCHAR compares byte-wise, false < true."+order, func(c int) bool { return c >= 0 }))
	not := strict("not", "Logical negation; NOT NULL is NULL.", nil, sig(tBool, false, ok1(notBool), tBool))
	not.Prefix = "NOT"
	register(not)
}
