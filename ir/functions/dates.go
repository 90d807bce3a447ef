package functions

import (
	"math"

	"github.com/exprc/exprc/ir"
)

func yearOf(d ir.Date) int32 {
	y, _, _ := d.YMD()
	return int32(y)
}

func monthOf(d ir.Date) int32 {
	_, m, _ := d.YMD()
	return int32(m)
}

func dayOf(d ir.Date) int32 {
	_, _, dd := d.YMD()
	return int32(dd)
}

// addDays moves a date by n days. A DATE is an int32 day count, so the result
// must stay in int32; leaving it is ARITHMETIC_OVERFLOW rather than a wrapped,
// meaningless date.
func addDays(d ir.Date, n int64) (ir.Date, *ir.EvalError) {
	r := int64(d) + n
	if r < math.MinInt32 || r > math.MaxInt32 {
		return 0, ir.Errorf(ir.ErrArithmeticOverflow, "integer overflow: the date is out of range")
	}
	return ir.Date(r), nil
}

func dateAdd(d ir.Date, n int32) (ir.Date, *ir.EvalError) { return addDays(d, int64(n)) }
func dateSub(d ir.Date, n int32) (ir.Date, *ir.EvalError) { return addDays(d, -int64(n)) }

// dateDiff is end - start in days. Two extreme dates can be more than 2^31 days
// apart, which INT cannot hold: that raises instead of wrapping as Spark does.
func dateDiff(end, start ir.Date) (int32, *ir.EvalError) {
	return narrow32(int64(end) - int64(start))
}

func init() {
	register(strict("year", "Year of the date (proleptic Gregorian calendar).",
		nil, sig(tInt, false, ok1(yearOf), tDate)))
	register(strict("month", "Month of the date, 1 to 12.",
		nil, sig(tInt, false, ok1(monthOf), tDate)))
	register(strict("day", "Day of the month of the date, 1 to 31.",
		nil, sig(tInt, false, ok1(dayOf), tDate)), "dayofmonth")
	register(strict("date_add",
		"The date n days after d (n may be negative); n is INT, as in Spark (a BIGINT needs a CAST). A result outside the DATE range raises.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, true, k2(dateAdd), tDate, tInt)))
	register(strict("date_sub",
		"The date n days before d (n may be negative); n is INT, as in Spark. A result outside the DATE range raises.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, true, k2(dateSub), tDate, tInt)))
	register(strict("datediff",
		"Number of days from start to end (end - start), as INT; raises only when the difference of two extreme dates does not fit in INT.",
		errs(ir.ErrArithmeticOverflow), sig(tInt, true, k2(dateDiff), tDate, tDate)))
}
