package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's calendar functions over DATE (kernels in templates/rt/calendar.go).
func init() {
	register(strict("dayofweek", "Day of the week of d, 1 for Sunday to 7 for Saturday.",
		nil, sig(tInt, ok1(rt.DayOfWeek), tDate)))
	register(strict("weekday", "Day of the week of d, 0 for Monday to 6 for Sunday.",
		nil, sig(tInt, ok1(rt.Weekday), tDate)))
	register(strict("dayname", "The day of the week of d as a three-letter English name, 'Mon' to 'Sun' (Spark 4.0).",
		nil, sig(tStr, ok1(rt.DayName), tDate)))
	register(strict("monthname", "The month of d as a three-letter English name, 'Jan' to 'Dec' (Spark 4.0).",
		nil, sig(tStr, ok1(rt.MonthName), tDate)))
	register(strict("dayofyear", "Day of the year of d, 1 for January 1st.",
		nil, sig(tInt, ok1(rt.DayOfYear), tDate)))
	register(strict("quarter", "Quarter of the year of d, 1 to 4.",
		nil, sig(tInt, ok1(rt.Quarter), tDate)))
	register(strict("weekofyear", "ISO 8601 week number of d, 1 to 53: weeks start on Monday and week 1 holds the year's first Thursday.",
		nil, sig(tInt, ok1(rt.WeekOfYear), tDate)))
	register(strict("last_day", "The last day of the month of d.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k1(rt.LastDay), tDate)))
	register(strict("add_months",
		"The date n months after d (n may be negative), its day of month cut to the length of the resulting month (Spark 3: add_months(DATE '2019-01-31', 1) is 2019-02-28). A result outside the DATE range raises.",
		errs(ir.ErrArithmeticOverflow), sig(tDate, k2(rt.AddMonths), tDate, tInt)))
	register(strict("next_day",
		"The first date after d (never d itself) that falls on the day named by day: 'MO', 'MON' or 'MONDAY' in any case, and so on. Any other name raises ILLEGAL_DAY_OF_WEEK (Spark's ANSI mode).",
		errs(rt.IllegalDayOfWeek, ir.ErrArithmeticOverflow), sig(tDate, k2(rt.NextDay), tDate, tStr)))
	register(strict("make_date",
		"The date of year, month and day; fields that do not name a day (month 13, February 30th) raise DATETIME_FIELD_OUT_OF_BOUNDS (Spark's ANSI mode).",
		errs(rt.DatetimeFieldOutOfBounds), sig(tDate, k3(rt.MakeDate), tInt, tInt, tInt)))
	register(strict("unix_date", "Number of days from 1970-01-01 to d.",
		nil, sig(tInt, ok1(rt.UnixDate), tDate)))
	register(strict("date_from_unix_date", "The date n days after 1970-01-01.",
		nil, sig(tDate, ok1(rt.DateFromUnixDate), tInt)))
	register(strict("months_between",
		"Months from start to end as DOUBLE: whole when both dates have the same day of month or are both the last day of their months, else the difference of days of month counts 1/31 month each; rounded half up to 8 decimal places unless roundOff is false.",
		nil,
		sig(tDbl, ok2(rt.MonthsBetween2), tDate, tDate),
		sig(tDbl, ok3(rt.MonthsBetween3), tDate, tDate, tBool)))
}
