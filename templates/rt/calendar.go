package rt

import (
	"math"
	"strconv"
	"strings"
)

// The calendar functions of Spark's library over DATE (days since 1970-01-01,
// proleptic Gregorian; see dates.go).

// DatetimeFieldOutOfBounds is Spark's class for a date built from fields that
// do not name a day (make_date(2023, 2, 30)).
const DatetimeFieldOutOfBounds = "DATETIME_FIELD_OUT_OF_BOUNDS"

// IllegalDayOfWeek is Spark's class for a day name next_day does not know.
const IllegalDayOfWeek = "ILLEGAL_DAY_OF_WEEK"

// weekdayMon0 is the day of the week of d, 0 for Monday to 6 for Sunday
// (1970-01-01 was a Thursday).
func weekdayMon0(d int32) int64 {
	w := (int64(d) + 3) % 7
	if w < 0 {
		w += 7
	}
	return w
}

// DayOfWeek is dayofweek(d): 1 for Sunday to 7 for Saturday.
func DayOfWeek(d int32) int32 { return int32((weekdayMon0(d)+1)%7 + 1) }

// Weekday is weekday(d): 0 for Monday to 6 for Sunday.
func Weekday(d int32) int32 { return int32(weekdayMon0(d)) }

// DayName is dayname(d) (Spark 4.0): the day of the week as English's
// three-letter abbreviation, "Mon" to "Sun" (java.time's DayOfWeek in the
// SHORT text style of Locale.US).
func DayName(d int32) string { return weekdayNames[weekdayMon0(d)][:3] }

// MonthName is monthname(d) (Spark 4.0): the month as English's three-letter
// abbreviation, "Jan" to "Dec".
func MonthName(d int32) string {
	_, m, _ := YMD(d)
	return monthNames[m-1][:3]
}

// DayOfYear is dayofyear(d): 1 for January 1st.
func DayOfYear(d int32) int32 {
	y, _, _ := YMD(d)
	return int32(int64(d) - daysFromCivil(int64(y), 1, 1) + 1)
}

// Quarter is quarter(d): 1 to 4.
func Quarter(d int32) int32 {
	_, m, _ := YMD(d)
	return int32((m-1)/3 + 1)
}

// WeekOfYear is weekofyear(d): the ISO 8601 week number, 1 to 53; weeks start
// on Monday and week 1 holds the year's first Thursday, so early January days
// can be in week 52 or 53 and late December days in week 1.
func WeekOfYear(d int32) int32 {
	// The Thursday of d's week decides its ISO year.
	thu := int64(d) - weekdayMon0(d) + 3
	y, _, _ := YMD(int32(max(min(thu, math.MaxInt32), math.MinInt32)))
	return int32((thu-daysFromCivil(int64(y), 1, 1))/7 + 1)
}

// LastDay is last_day(d): the last day of d's month.
func LastDay(d int32) (int32, *Error) {
	y, m, _ := YMD(d)
	r, ok := DateFromYMD(y, m, daysIn(y, m))
	if !ok {
		return 0, ErrDateOutOfRange
	}
	return r, nil
}

// AddMonths is add_months(d, n): the date n months after d (n may be
// negative), its day of month cut to the length of the resulting month, as in
// Spark 3 (add_months(2019-02-28, 1) is 2019-03-28, add_months(2019-01-31, 1)
// is 2019-02-28). A result outside the DATE range raises ARITHMETIC_OVERFLOW.
func AddMonths(d, n int32) (int32, *Error) {
	y, m, day := YMD(d)
	total := int64(y)*12 + int64(m-1) + int64(n)
	ny := total / 12
	nm := total%12 + 1
	if total < 0 && total%12 != 0 {
		ny--
		nm += 12
	}
	if ny < -6_000_000 || ny > 6_000_000 {
		return 0, ErrDateOutOfRange
	}
	r, ok := DateFromYMD(int(ny), int(nm), min(day, daysIn(int(ny), int(nm))))
	if !ok {
		return 0, ErrDateOutOfRange
	}
	return r, nil
}

// dayNames maps the names next_day accepts (upper-cased) to the day of the
// week, 0 for Monday.
var dayNames = map[string]int64{
	"MO": 0, "MON": 0, "MONDAY": 0,
	"TU": 1, "TUE": 1, "TUESDAY": 1,
	"WE": 2, "WED": 2, "WEDNESDAY": 2,
	"TH": 3, "THU": 3, "THURSDAY": 3,
	"FR": 4, "FRI": 4, "FRIDAY": 4,
	"SA": 5, "SAT": 5, "SATURDAY": 5,
	"SU": 6, "SUN": 6, "SUNDAY": 6,
}

// NextDay is next_day(d, day): the first date after d (never d itself) that
// falls on day, given as a two-letter, three-letter or full English name in
// any case ('MO', 'Mon', 'monday'). Any other name raises ILLEGAL_DAY_OF_WEEK,
// as Spark does in ANSI mode.
func NextDay(d int32, day string) (int32, *Error) {
	want, ok := dayNames[strings.ToUpper(day)]
	if !ok {
		return 0, NewError(IllegalDayOfWeek, "Illegal input for day of week: "+day+".")
	}
	delta := (want - weekdayMon0(d) + 7) % 7
	if delta == 0 {
		delta = 7
	}
	return addDays(d, delta)
}

// MakeDate is make_date(year, month, day). Fields that do not name a day
// (month 13, February 30th) raise DATETIME_FIELD_OUT_OF_BOUNDS, as Spark does in
// ANSI mode; so does a year beyond the DATE range.
func MakeDate(y, m, d int32) (int32, *Error) {
	r, ok := DateFromYMD(int(y), int(m), int(d))
	if !ok {
		return 0, NewError(DatetimeFieldOutOfBounds, "Invalid date: year "+strconv.Itoa(int(y))+", month "+strconv.Itoa(int(m))+", day "+strconv.Itoa(int(d))+".")
	}
	return r, nil
}

// UnixDate is unix_date(d): the number of days since 1970-01-01.
func UnixDate(d int32) int32 { return d }

// DateFromUnixDate is date_from_unix_date(n): the date n days after 1970-01-01.
func DateFromUnixDate(n int32) int32 { return n }

// MonthsBetween2 is months_between(end, start): MonthsBetween3 rounded.
func MonthsBetween2(end, start int32) float64 { return MonthsBetween3(end, start, true) }

// MonthsBetween3 is months_between(end, start, roundOff): the number of months
// from start to end. It is whole when both dates have the same day of month or
// are both the last day of their months; otherwise the difference of days of
// month counts as 1/31 of a month each. With roundOff it is rounded half up to
// 8 decimal places, from the shortest decimal form of the value, as Spark's
// BigDecimal(double).setScale(8, HALF_UP) does.
func MonthsBetween3(end, start int32, roundOff bool) float64 {
	y1, m1, d1 := YMD(end)
	y2, m2, d2 := YMD(start)
	months := float64((int64(y1)*12 + int64(m1)) - (int64(y2)*12 + int64(m2)))
	if d1 == d2 || d1 == daysIn(y1, m1) && d2 == daysIn(y2, m2) {
		return months
	}
	diff := months + float64(d1-d2)*86400/(31*86400.0)
	if !roundOff {
		return diff
	}
	return roundHalfUp8(diff)
}

// roundHalfUp8 rounds x half up (away from zero) to 8 decimal places, reading
// x as its shortest decimal form.
func roundHalfUp8(x float64) float64 {
	s := strconv.FormatFloat(math.Abs(x), 'f', -1, 64)
	dot := strings.IndexByte(s, '.')
	if dot < 0 || len(s)-dot-1 <= 8 {
		return x
	}
	digits := []byte(s[:dot] + s[dot+1:dot+9]) // integer part and 8 decimals
	if s[dot+9] >= '5' {
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	n := len(digits)
	r, _ := strconv.ParseFloat(string(digits[:n-8])+"."+string(digits[n-8:]), 64)
	if x < 0 {
		r = -r
	}
	return r
}
