package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// make_timestamp, make_timestamp_ltz, make_timestamp_ntz and their try_
// forms (Spark's MakeTimestamp, docs/semantics.md 10.12). The forms of six
// arguments that make a TIMESTAMP read the fields in the session zone, so
// they belong to each zone's set (tsfuncs.go); the forms with a timezone
// argument and the TIMESTAMP_NTZ ones do not depend on the session.

// tSec is make_timestamp's sec parameter: Spark's DECIMAL(16,6), whose
// unscaled value is the microseconds.
var tSec = ir.DecimalOf(16, 6)

// makeTSParams are the six parameters of make_timestamp, plus extra.
func makeTSParams(extra ...ir.Type) []ir.Type {
	return append([]ir.Type{tInt, tInt, tInt, tInt, tInt, tSec}, extra...)
}

// makeTSErrs are the errors the raising forms can give.
var makeTSErrs = errs(rt.DatetimeFieldOutOfBounds, rt.InvalidFractionOfSecond, rt.InvalidTimezone, ir.ErrArithmeticOverflow)

// makeTSGuard is the guard of the try_ forms: the fields name a reading
// (the zone argument is not looked at; an invalid one raises).
var makeTSGuard = domain("make_timestamp_domain",
	sig(tBool, ok6(rt.MakeTimestampFieldsValid), makeTSParams()...),
	sig(tBool, ok7(rt.MakeTimestampFieldsValidAt), makeTSParams(tStr)...))

const makeTSDoc = "The TIMESTAMP of the wall-clock reading year-month-day hour:min:sec in the session time zone, or in timezone when given (a reading in a DST gap moves later by the gap's length, an overlap takes the earlier offset). sec is a DECIMAL(16,6): its fraction gives the microseconds, and 60 (without a fraction) is the next minute's start, as in PostgreSQL. Fields that do not name a reading raise DATETIME_FIELD_OUT_OF_BOUNDS (Spark's ANSI mode), sec 60 with a fraction INVALID_FRACTION_OF_SECOND, an invalid timezone INVALID_TIMEZONE; make_timestamp_ltz is the same function."

const tryMakeTSDoc = "make_timestamp, but NULL where the fields do not name a reading (DATETIME_FIELD_OUT_OF_BOUNDS, INVALID_FRACTION_OF_SECOND) instead of raising. An invalid timezone still raises INVALID_TIMEZONE and an instant beyond the TIMESTAMP range ARITHMETIC_OVERFLOW, as in Spark; try_make_timestamp_ltz is the same function."

// makeTSSigs are the overloads of make_timestamp in zone, of
// try_make_timestamp's value when try is set.
func makeTSSigs(zone string, try bool) []*ir.Signature {
	inZone, at := rt.MakeTimestampIn, rt.MakeTimestampAt
	if try {
		inZone, at = rt.TryMakeTimestampIn, rt.TryMakeTimestampAt
	}
	zz := rt.SessionZone(zone) // the interpreter's: resolved once, a cursor per call
	bound := func(y, mo, d, h, mi int32, s rt.Decimal) (int64, *rt.Error) {
		return inZone(y, mo, d, h, mi, s, zz.Cursor())
	}
	return []*ir.Signature{
		sig(tTS, zk(k6(bound), inZone, zone), makeTSParams()...),
		sig(tTS, k7(at), makeTSParams(tStr)...),
	}
}

// addMakeTimestamp adds make_timestamp and try_make_timestamp of zone to
// its set.
func addMakeTimestamp(z *zoneFuncs, zone string) {
	z.byName["make_timestamp"] = strict("make_timestamp", makeTSDoc, makeTSErrs, makeTSSigs(zone, false)...)
	z.byName["try_make_timestamp"] = guarded("try_make_timestamp", tryMakeTSDoc,
		errs(rt.InvalidTimezone, ir.ErrArithmeticOverflow), makeTSGuard, makeTSSigs(zone, true)...)
}

func init() {
	register(strict("make_timestamp_ntz",
		"The TIMESTAMP_NTZ of the reading year-month-day hour:min:sec, with make_timestamp's rules for the fields (sec a DECIMAL(16,6), 60 the next minute; DATETIME_FIELD_OUT_OF_BOUNDS, INVALID_FRACTION_OF_SECOND).",
		errs(rt.DatetimeFieldOutOfBounds, rt.InvalidFractionOfSecond, ir.ErrArithmeticOverflow),
		sig(tNTZ, k6(rt.MakeTimestampNTZOf), makeTSParams()...)))
	register(guarded("try_make_timestamp_ntz",
		"make_timestamp_ntz, but NULL where the fields do not name a reading instead of raising (a reading beyond the range still raises ARITHMETIC_OVERFLOW).",
		errs(ir.ErrArithmeticOverflow), makeTSGuard,
		sig(tNTZ, k6(rt.TryMakeTimestampNTZOf), makeTSParams()...)))
}

// k6 adapts a typed rt kernel of six arguments that can fail.
func k6[A, B, C, D, E, F, R any](f func(A, B, C, D, E, F) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C), args[3].(D), args[4].(E), args[5].(F))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// k7 adapts a typed rt kernel of seven arguments that can fail.
func k7[A, B, C, D, E, F, G, R any](f func(A, B, C, D, E, F, G) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C), args[3].(D), args[4].(E), args[5].(F), args[6].(G))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// ok6 adapts a typed rt kernel of six arguments that cannot fail.
func ok6[A, B, C, D, E, F, R any](f func(A, B, C, D, E, F) R) impl {
	return impl{fn: f, eval: func(args []any) (any, *ir.EvalError) {
		return f(args[0].(A), args[1].(B), args[2].(C), args[3].(D), args[4].(E), args[5].(F)), nil
	}}
}

// ok7 adapts a typed rt kernel of seven arguments that cannot fail.
func ok7[A, B, C, D, E, F, G, R any](f func(A, B, C, D, E, F, G) R) impl {
	return impl{fn: f, eval: func(args []any) (any, *ir.EvalError) {
		return f(args[0].(A), args[1].(B), args[2].(C), args[3].(D), args[4].(E), args[5].(F), args[6].(G)), nil
	}}
}
