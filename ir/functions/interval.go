package functions

import (
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The ANSI interval types in the registry (docs/semantics.md section 10):
// their casts, their arithmetic (hooked into the numeric operators'
// Resolve, as DECIMAL's is), EXTRACT of their fields and the constructors.
// A YEAR-MONTH value is an int32 of months and a DAY-TIME value an int64 of
// microseconds in the kernels, so + - and unary minus of intervals are the
// INT and BIGINT kernels (with Spark's own messages, "integer overflow" and
// "long overflow"), and the generated code is the INT and BIGINT code.

// ymParts and dtParts are the interval's fields as the kernels' constant
// arguments.
func ivParts(t ir.Type) (int, int) { return int(t.Start), int(t.End) }

// resolveIntervalCast is ResolveCast when from or to is an interval.
func resolveIntervalCast(from, to ir.Type) (*ir.Signature, error) {
	fs, fe := ivParts(from)
	ts, te := ivParts(to)
	switch {
	case from.Kind == ir.KindYMInterval && to.Kind == ir.KindYMInterval:
		bound := func(m int32) int32 { return rt.CastYMIntervalToYMInterval(m, te) }
		return sig(to, withConsts(ok1(bound), rt.CastYMIntervalToYMInterval, te), from), nil
	case from.Kind == ir.KindDTInterval && to.Kind == ir.KindDTInterval:
		bound := func(m int64) int64 { return rt.CastDTIntervalToDTInterval(m, te) }
		return sig(to, withConsts(ok1(bound), rt.CastDTIntervalToDTInterval, te), from), nil
	case from.Kind == ir.KindYMInterval:
		switch to.Kind {
		case ir.KindVarchar:
			bound := func(m int32) string { return rt.CastYMIntervalToString(m, fs, fe) }
			return sig(to, withConsts(ok1(bound), rt.CastYMIntervalToString, fs, fe), from), nil
		case ir.KindBigint:
			bound := func(m int32) int64 { return rt.CastYMIntervalToInt64(m, fs, fe) }
			return sig(to, withConsts(ok1(bound), rt.CastYMIntervalToInt64, fs, fe), from), nil
		case ir.KindInt:
			bound := func(m int32) int32 { return rt.CastYMIntervalToInt32(m, fs, fe) }
			return sig(to, withConsts(ok1(bound), rt.CastYMIntervalToInt32, fs, fe), from), nil
		case ir.KindSmallint:
			bound := func(m int32) (int16, *rt.Error) { return rt.CastYMIntervalToInt16(m, fs, fe) }
			return sig(to, withConsts(k1(bound), rt.CastYMIntervalToInt16, fs, fe), from), nil
		case ir.KindTinyint:
			bound := func(m int32) (int8, *rt.Error) { return rt.CastYMIntervalToInt8(m, fs, fe) }
			return sig(to, withConsts(k1(bound), rt.CastYMIntervalToInt8, fs, fe), from), nil
		}
	case from.Kind == ir.KindDTInterval:
		switch to.Kind {
		case ir.KindVarchar:
			bound := func(m int64) string { return rt.CastDTIntervalToString(m, fs, fe) }
			return sig(to, withConsts(ok1(bound), rt.CastDTIntervalToString, fs, fe), from), nil
		case ir.KindBigint:
			bound := func(m int64) int64 { return rt.CastDTIntervalToInt64(m, fs, fe) }
			return sig(to, withConsts(ok1(bound), rt.CastDTIntervalToInt64, fs, fe), from), nil
		case ir.KindInt:
			bound := func(m int64) (int32, *rt.Error) { return rt.CastDTIntervalToInt32(m, fs, fe) }
			return sig(to, withConsts(k1(bound), rt.CastDTIntervalToInt32, fs, fe), from), nil
		case ir.KindSmallint:
			bound := func(m int64) (int16, *rt.Error) { return rt.CastDTIntervalToInt16(m, fs, fe) }
			return sig(to, withConsts(k1(bound), rt.CastDTIntervalToInt16, fs, fe), from), nil
		case ir.KindTinyint:
			bound := func(m int64) (int8, *rt.Error) { return rt.CastDTIntervalToInt8(m, fs, fe) }
			return sig(to, withConsts(k1(bound), rt.CastDTIntervalToInt8, fs, fe), from), nil
		}
	case to.Kind == ir.KindYMInterval:
		switch from.Kind {
		case ir.KindVarchar:
			bound := func(s string) (int32, *rt.Error) { return rt.CastStringToYMInterval(s, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastStringToYMInterval, ts, te), from), nil
		case ir.KindBigint:
			bound := func(n int64) (int32, *rt.Error) { return rt.CastInt64ToYMInterval(n, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastInt64ToYMInterval, ts, te), from), nil
		case ir.KindInt:
			bound := func(n int32) (int32, *rt.Error) { return rt.CastInt32ToYMInterval(n, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastInt32ToYMInterval, ts, te), from), nil
		case ir.KindSmallint:
			bound := func(n int16) int32 { return rt.CastInt16ToYMInterval(n, ts, te) }
			return sig(to, withConsts(ok1(bound), rt.CastInt16ToYMInterval, ts, te), from), nil
		case ir.KindTinyint:
			bound := func(n int8) int32 { return rt.CastInt8ToYMInterval(n, ts, te) }
			return sig(to, withConsts(ok1(bound), rt.CastInt8ToYMInterval, ts, te), from), nil
		}
	case to.Kind == ir.KindDTInterval:
		switch from.Kind {
		case ir.KindVarchar:
			bound := func(s string) (int64, *rt.Error) { return rt.CastStringToDTInterval(s, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastStringToDTInterval, ts, te), from), nil
		case ir.KindBigint:
			bound := func(n int64) (int64, *rt.Error) { return rt.CastInt64ToDTInterval(n, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastInt64ToDTInterval, ts, te), from), nil
		case ir.KindInt:
			bound := func(n int32) (int64, *rt.Error) { return rt.CastInt32ToDTInterval(n, ts, te) }
			return sig(to, withConsts(k1(bound), rt.CastInt32ToDTInterval, ts, te), from), nil
		case ir.KindSmallint:
			bound := func(n int16) int64 { return rt.CastInt16ToDTInterval(n, ts, te) }
			return sig(to, withConsts(ok1(bound), rt.CastInt16ToDTInterval, ts, te), from), nil
		case ir.KindTinyint:
			bound := func(n int8) int64 { return rt.CastInt8ToDTInterval(n, ts, te) }
			return sig(to, withConsts(ok1(bound), rt.CastInt8ToDTInterval, ts, te), from), nil
		}
	}
	if from.Kind == ir.KindDecimal || to.Kind == ir.KindDecimal {
		return nil, fmt.Errorf("cannot cast %s to %s: casts between intervals and DECIMAL are not supported yet; cast through BIGINT", from, to)
	}
	return nil, fmt.Errorf("cannot cast %s to %s", from, to)
}

// intervalArith is the signature of binary operator name (add, subtract,
// multiply, divide) over interval operands, or nil when neither operand is
// an interval. An error says why the types do not go together.
func intervalArith(name string, args []ir.Type) (*ir.Signature, error) {
	if len(args) != 2 || !args[0].IsInterval() && !args[1].IsInterval() {
		return nil, nil
	}
	a, b := args[0], args[1]
	switch name {
	case "add", "subtract":
		if a.Kind == ir.KindNull || b.Kind == ir.KindNull {
			if a.Kind == ir.KindNull {
				a = b
			}
			b = a
		}
		if a.IsInterval() && b.IsInterval() && a.Kind != b.Kind {
			return nil, fmt.Errorf("cannot %s %s and %s: YEAR-MONTH and DAY-TIME intervals do not mix (Spark has no common type for them)", name, args[0], args[1])
		}
		if a.Kind != b.Kind {
			return nil, fmt.Errorf("cannot %s %s and %s: an interval adds to an interval of its class, or to a DATE", name, args[0], args[1])
		}
		t, _ := ir.CommonType(a, b)
		if t.Kind == ir.KindYMInterval {
			f := rt.AddInt32
			if name == "subtract" {
				f = rt.SubInt32
			}
			return sig(t, k2(f), t, t), nil
		}
		f := rt.AddInt64
		if name == "subtract" {
			f = rt.SubInt64
		}
		return sig(t, k2(f), t, t), nil
	case "multiply", "divide":
		iv, n, ivFirst := a, b, true
		if !a.IsInterval() {
			iv, n, ivFirst = b, a, false
		}
		if n.IsInterval() || name == "divide" && !ivFirst {
			return nil, fmt.Errorf("cannot %s %s by %s", name, a, b)
		}
		var nt ir.Type
		switch {
		case n.IsIntegral() || n.Kind == ir.KindNull:
			nt = tBig
		case n.IsFloating() || n.Kind == ir.KindDecimal:
			// a DECIMAL multiplier is computed in DOUBLE (exact for the
			// usual values; Spark multiplies the exact DECIMAL)
			nt = tDbl
		default:
			return nil, fmt.Errorf("cannot %s %s by %s: the number must be numeric", name, iv, n)
		}
		ret := ir.TypeYMInterval
		var k impl
		switch {
		case iv.Kind == ir.KindYMInterval && nt.Kind == ir.KindBigint && name == "multiply":
			k = k2(rt.MulYMIntervalInt64)
		case iv.Kind == ir.KindYMInterval && nt.Kind == ir.KindBigint:
			k = k2(rt.DivYMIntervalInt64)
		case iv.Kind == ir.KindYMInterval && name == "multiply":
			k = k2(rt.MulYMIntervalFloat64)
		case iv.Kind == ir.KindYMInterval:
			k = k2(rt.DivYMIntervalFloat64)
		case nt.Kind == ir.KindBigint && name == "multiply":
			ret, k = ir.TypeDTInterval, k2(rt.MulDTIntervalInt64)
		case nt.Kind == ir.KindBigint:
			ret, k = ir.TypeDTInterval, k2(rt.DivDTIntervalInt64)
		case name == "multiply":
			ret, k = ir.TypeDTInterval, k2(rt.MulDTIntervalFloat64)
		default:
			ret, k = ir.TypeDTInterval, k2(rt.DivDTIntervalFloat64)
		}
		if !ivFirst {
			// n * i: the binder puts the interval first, as Spark's
			// MultiplyYMInterval(i, n) does
			return nil, fmt.Errorf("multiply: write the interval first (i * n)")
		}
		return sig(ret, k, iv, nt), nil
	}
	return nil, nil
}

// withIntervalArith makes binary operator fn (add, subtract, multiply,
// divide) resolve interval operands with intervalArith.
func withIntervalArith(fn *ir.Function) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		s, err := intervalArith(fn.Name, args)
		if s != nil || err != nil {
			return s, err
		}
		return base(args)
	}
	switch fn.Name {
	case "add", "subtract":
		fn.Synopsis = append(fn.Synopsis, fn.Name+"(INTERVAL, INTERVAL) -> INTERVAL (one class; the type spanning both operands' fields)")
	case "multiply":
		fn.Synopsis = append(fn.Synopsis, "multiply(INTERVAL, number) -> INTERVAL YEAR TO MONTH / DAY TO SECOND (also number * INTERVAL; a fractional product rounded HALF_UP)")
	case "divide":
		fn.Synopsis = append(fn.Synopsis, "divide(INTERVAL, number) -> INTERVAL YEAR TO MONTH / DAY TO SECOND (rounded HALF_UP; a zero divisor raises INTERVAL_DIVIDED_BY_ZERO)")
		fn.Errors = appendClass(fn.Errors, rt.IntervalDividedByZero)
	}
	fn.Errors = appendClass(fn.Errors, ir.ErrArithmeticOverflow)
	return fn
}

// withIntervalUnary makes unary fn (negate, abs, positive) accept an
// interval, keeping its type: -i and abs(i) raise ARITHMETIC_OVERFLOW for
// the most negative value.
func withIntervalUnary(fn *ir.Function, ym, dt impl) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 1 && args[0].Kind == ir.KindYMInterval {
			return sig(args[0], ym, args[0]), nil
		}
		if len(args) == 1 && args[0].Kind == ir.KindDTInterval {
			return sig(args[0], dt, args[0]), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, fn.Name+"(INTERVAL) -> INTERVAL (the same type)")
	return fn
}

// The hidden functions of DATE arithmetic with intervals, which the binder
// picks for d + i and d - i (Spark's DateAddYMInterval and DateAdd of
// ExtractANSIIntervalDays), and of d1 - d2 (SubtractDates). They are not
// callable by name from SQL.
var (
	DateAddYM = strict("date_add_ym_interval", "d + i of a DATE and a YEAR-MONTH interval: add_months, the day clamped to the month's end.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateAddYMInterval), tDate, ir.TypeYMInterval))
	DateSubYM = strict("date_sub_ym_interval", "d - i of a DATE and a YEAR-MONTH interval.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateSubYMInterval), tDate, ir.TypeYMInterval))
	DateAddDay = strict("date_add_day_interval", "d + i of a DATE and an INTERVAL DAY: date_add of the whole days.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateAddDayInterval), tDate, ir.DTIntervalOf(ir.FieldDay, ir.FieldDay)))
	DateSubDay = strict("date_sub_day_interval", "d - i of a DATE and an INTERVAL DAY.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateSubDayInterval), tDate, ir.DTIntervalOf(ir.FieldDay, ir.FieldDay)))
	SubtractDates = strict("subtract_dates", "d1 - d2 of two DATEs: the days between them as an INTERVAL DAY.",
		errs(ir.ErrArithmeticOverflow), sig(ir.DTIntervalOf(ir.FieldDay, ir.FieldDay), k2(rt.SubtractDates), tDate, tDate))
)

// intervalPartFns are EXTRACT's functions over intervals (Spark's
// ExtractANSIIntervalYears ...), hidden like the DATE fields without a
// function of their own.
var (
	ivYears = strict("extract_interval_years", "EXTRACT(YEAR FROM i) of a YEAR-MONTH interval: whole years, toward zero.",
		nil, sig(tInt, ok1(rt.YMIntervalYears), ir.TypeYMInterval))
	ivMonths = strict("extract_interval_months", "EXTRACT(MONTH FROM i): the months beyond the whole years, signed.",
		nil, sig(tTiny, ok1(rt.YMIntervalMonths), ir.TypeYMInterval))
	ivDays = strict("extract_interval_days", "EXTRACT(DAY FROM i) of a DAY-TIME interval: whole days, toward zero.",
		nil, sig(tInt, ok1(rt.DTIntervalDays), ir.TypeDTInterval))
	ivHours = strict("extract_interval_hours", "EXTRACT(HOUR FROM i): the hours beyond the whole days, signed.",
		nil, sig(tTiny, ok1(rt.DTIntervalHours), ir.TypeDTInterval))
	ivMinutes = strict("extract_interval_minutes", "EXTRACT(MINUTE FROM i): the minutes beyond the whole hours, signed.",
		nil, sig(tTiny, ok1(rt.DTIntervalMinutes), ir.TypeDTInterval))
	ivSeconds = strict("extract_interval_seconds", "EXTRACT(SECOND FROM i): the seconds beyond the whole minutes with their fraction, DECIMAL(8,6).",
		nil, sig(ir.DecimalOf(8, 6), ok1(rt.DTIntervalSeconds), ir.TypeDTInterval))
)

// IntervalPart returns the function EXTRACT(field FROM i) and
// date_part('field', i) call on an interval i of type t (Spark's
// ExtractIntervalPart): YEAR and MONTH of a YEAR-MONTH interval, DAY, HOUR,
// MINUTE and SECOND of a DAY-TIME one, each only when the type's fields
// include it. The function takes the widest type of t's class, to which t
// widens.
func IntervalPart(field string, t ir.Type, source string) (*ir.Function, error) {
	up := strings.ToUpper(field)
	s, e := ivParts(t)
	in := func(f int) bool { return s <= f && f <= e }
	if t.Kind == ir.KindYMInterval {
		switch up {
		case "YEAR", "Y", "YEARS", "YR", "YRS":
			if in(ir.FieldYear) {
				return ivYears, nil
			}
		case "MONTH", "MON", "MONS", "MONTHS":
			if in(ir.FieldMonth) {
				return ivMonths, nil
			}
		}
	} else {
		switch up {
		case "DAY", "D", "DAYS":
			if in(ir.FieldDay) {
				return ivDays, nil
			}
		case "HOUR", "H", "HOURS", "HR", "HRS":
			if in(ir.FieldHour) {
				return ivHours, nil
			}
		case "MINUTE", "M", "MIN", "MINS", "MINUTES":
			if in(ir.FieldMinute) {
				return ivMinutes, nil
			}
		case "SECOND", "S", "SEC", "SECONDS", "SECS":
			if in(ir.FieldSecond) {
				return ivSeconds, nil
			}
		}
	}
	return nil, fmt.Errorf("[INVALID_EXTRACT_FIELD] Cannot extract `%s` from %s (of type %s: the fields of its type only)", field, source, t)
}

func init() {
	register(strict("make_ym_interval",
		"The YEAR-MONTH interval of years and months (both default to 0); ARITHMETIC_OVERFLOW beyond INT months.",
		errs(ir.ErrArithmeticOverflow),
		sig(ir.TypeYMInterval, k2(rt.MakeYMInterval), tInt, tInt)))
	mk := func(args []any) (any, *ir.EvalError) {
		r, err := rt.MakeDTInterval(args[0].(int32), args[1].(int32), args[2].(int32), args[3].(rt.Decimal))
		if err != nil {
			return nil, err
		}
		return r, nil
	}
	register(strict("make_dt_interval",
		"The DAY-TIME interval of days, hours, minutes and seconds (a DECIMAL(18,6); all default to 0); ARITHMETIC_OVERFLOW beyond BIGINT microseconds.",
		errs(ir.ErrArithmeticOverflow),
		sig(ir.TypeDTInterval, impl{eval: mk, fn: rt.MakeDTInterval, mayError: true}, tInt, tInt, tInt, ir.DecimalOf(18, 6))))
}
