package functions

import (
	"cmp"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// CompareValues orders two non-NULL values of the same scalar type: BOOLEAN
// false < true, numbers numerically (DOUBLE as rt.CompareFloat64), VARCHAR
// byte-wise (which is code-point order for valid UTF-8), DATE chronologically.
func CompareValues(a, b any) int {
	switch a := a.(type) {
	case bool:
		return rt.CompareBool(a, b.(bool))
	case int8:
		return cmp.Compare(a, b.(int8))
	case int16:
		return cmp.Compare(a, b.(int16))
	case float32:
		return rt.CompareFloat64(float64(a), float64(b.(float32)))
	case int32:
		return cmp.Compare(a, b.(int32))
	case int64:
		return cmp.Compare(a, b.(int64))
	case float64:
		return rt.CompareFloat64(a, b.(float64))
	case string:
		return rt.CompareString(a, b.(string))
	case ir.Date:
		return cmp.Compare(a, b.(ir.Date))
	case ir.Timestamp:
		return cmp.Compare(a, b.(ir.Timestamp))
	case ir.TimestampNTZ:
		return cmp.Compare(a, b.(ir.TimestampNTZ))
	case ir.YMInterval:
		return cmp.Compare(a, b.(ir.YMInterval))
	case ir.DTInterval:
		return cmp.Compare(a, b.(ir.DTInterval))
	case rt.Decimal:
		return rt.CompareDecimal(a, b.(rt.Decimal))
	}
	return 0
}

// cmpKernels are the rt kernels of one comparison, one per Go type; DATE uses
// the int32 one.
type cmpKernels struct {
	b func(a, b bool) bool
	i func(a, b int32) bool
	l func(a, b int64) bool
	d func(a, b float64) bool
	s func(a, b string) bool
	m func(a, b rt.Decimal) bool
	// TINYINT, SMALLINT and FLOAT
	y func(a, b int8) bool
	h func(a, b int16) bool
	f func(a, b float32) bool
}

// comparison builds one of = <> < <= > >=. Both sides widen to their common
// type; the overloads are made per type on demand and cached, so equal calls
// share one *ir.Signature.
func comparison(name, infix, doc string, k cmpKernels) *ir.Function {
	sigs := map[ir.Kind]*ir.Signature{}
	for t, f := range map[ir.Type]impl{tBool: ok2(k.b), tInt: ok2(k.i), tBig: ok2(k.l), tDbl: ok2(k.d), tStr: ok2(k.s), tDate: ok2(k.i),
		tTS: ok2(k.l), tNTZ: ok2(k.l), tTiny: ok2(k.y), tSml: ok2(k.h), tFlt: ok2(k.f), tBin: ok2(k.s)} {
		sigs[t.Kind] = sig(tBool, f, t, t)
	}
	return &ir.Function{
		Name:  name,
		Infix: infix,
		Doc:   doc,
		Synopsis: []string{name + "(T, T) -> BOOLEAN where T is BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, VARCHAR, DATE, TIMESTAMP, TIMESTAMP_NTZ, BINARY or an interval " +
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
			switch t.Kind {
			case ir.KindDecimal:
				return sig(tBool, ok2(k.m), t, t), nil
			case ir.KindYMInterval:
				// intervals of one class compare as numbers whatever their
				// fields (INTERVAL '1' DAY = INTERVAL '24' HOUR)
				return sig(tBool, ok2(k.i), t, t), nil
			case ir.KindDTInterval:
				return sig(tBool, ok2(k.l), t, t), nil
			}
			return sigs[t.Kind], nil
		},
	}
}

func init() {
	const order = " DOUBLE compares as Spark does: NaN = NaN is true, NaN is greater than every other value, and -0.0 = 0.0."
	register(comparison("eq", "=", "Equality; VARCHAR compares byte-wise."+order,
		cmpKernels{rt.EqBool, rt.EqInt32, rt.EqInt64, rt.EqFloat64, rt.EqString, rt.EqDecimal, rt.EqInt8, rt.EqInt16, rt.EqFloat32}))
	register(comparison("ne", "<>", "Inequality (also written !=); VARCHAR compares byte-wise."+order,
		cmpKernels{rt.NeBool, rt.NeInt32, rt.NeInt64, rt.NeFloat64, rt.NeString, rt.NeDecimal, rt.NeInt8, rt.NeInt16, rt.NeFloat32}))
	register(comparison("lt", "<", "Less than; VARCHAR compares byte-wise, false < true."+order,
		cmpKernels{rt.LtBool, rt.LtInt32, rt.LtInt64, rt.LtFloat64, rt.LtString, rt.LtDecimal, rt.LtInt8, rt.LtInt16, rt.LtFloat32}))
	register(comparison("le", "<=", "Less than or equal; VARCHAR compares byte-wise, false < true."+order,
		cmpKernels{rt.LeBool, rt.LeInt32, rt.LeInt64, rt.LeFloat64, rt.LeString, rt.LeDecimal, rt.LeInt8, rt.LeInt16, rt.LeFloat32}))
	register(comparison("gt", ">", "Greater than; VARCHAR compares byte-wise, false < true."+order,
		cmpKernels{rt.GtBool, rt.GtInt32, rt.GtInt64, rt.GtFloat64, rt.GtString, rt.GtDecimal, rt.GtInt8, rt.GtInt16, rt.GtFloat32}))
	register(comparison("ge", ">=", "Greater than or equal; VARCHAR compares byte-wise, false < true."+order,
		cmpKernels{rt.GeBool, rt.GeInt32, rt.GeInt64, rt.GeFloat64, rt.GeString, rt.GeDecimal, rt.GeInt8, rt.GeInt16, rt.GeFloat32}))
	not := strict("not", "Logical negation; NOT NULL is NULL.", nil, sig(tBool, ok1(rt.Not), tBool))
	not.Prefix = "NOT"
	register(not)
}
