package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

func init() {
	register(strict("year", "Year of the date (proleptic Gregorian calendar).",
		nil, sig(tInt, ok1(rt.Year), tDate)))
	register(strict("month", "Month of the date, 1 to 12.",
		nil, sig(tInt, ok1(rt.Month), tDate)))
	register(strict("day", "Day of the month of the date, 1 to 31.",
		nil, sig(tInt, ok1(rt.Day), tDate)), "dayofmonth")
	register(strict("date_add",
		"The date n days after d (n may be negative); n is INT, as in Spark (a BIGINT needs a CAST). A result outside the DATE range raises. With a unit keyword first, date_add(unit, n, ts) and dateadd(unit, n, ts) are Spark's TIMESTAMPADD form (docs/semantics.md 10.12).",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateAdd), tDate, tInt)), "dateadd")
	register(strict("date_sub",
		"The date n days before d (n may be negative); n is INT, as in Spark. A result outside the DATE range raises.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.DateSub), tDate, tInt)))
	register(strict("datediff",
		"Number of days from start to end (end - start), as INT; raises only when the difference of two extreme dates does not fit in INT. With a unit keyword first, datediff(unit, start, end) and date_diff(unit, start, end) are Spark's TIMESTAMPDIFF form, a BIGINT (docs/semantics.md 10.12).",
		errs(ir.ErrArithmeticOverflow), sig(tInt, k2(rt.DateDiff), tDate, tDate)), "date_diff")
}
