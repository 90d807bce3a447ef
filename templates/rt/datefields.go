package rt

import (
	"math"
	"strings"
)

// The fields of EXTRACT(field FROM d) / date_part('field', d) that have no
// function of their own, and trunc(d, fmt).

// YearOfWeek is EXTRACT(YEAROFWEEK FROM d): the ISO 8601 week-based year, the
// year of the Thursday of d's week (Monday to Sunday), so 2021-01-01 (a
// Friday of week 53) is in 2020.
func YearOfWeek(d int32) int32 {
	thu := int64(d) - weekdayMon0(d) + 3
	if thu > math.MaxInt32 || thu < math.MinInt32 {
		// The Thursday is outside the DATE range, at most 3 days from d:
		// its year is d's unless the days between cross a new year.
		y, m, day := YMD(d)
		switch shift := int(thu - int64(d)); {
		case m == 12 && day+shift > 31:
			return int32(y + 1)
		case m == 1 && day+shift < 1:
			return int32(y - 1)
		}
		return int32(y)
	}
	y, _, _ := YMD(int32(thu))
	return int32(y)
}

// DayOfWeekISO is EXTRACT(DAYOFWEEK_ISO FROM d): 1 for Monday to 7 for Sunday.
func DayOfWeekISO(d int32) int32 { return int32(weekdayMon0(d)) + 1 }

// truncLevel is the unit trunc(d, fmt) truncates to; truncNone is a fmt that
// names no unit of a DATE (Spark: NULL).
type truncLevel uint8

const (
	truncNone truncLevel = iota
	truncWeek
	truncMonth
	truncQuarter
	truncYear
)

// parseTruncLevel reads trunc's fmt, in any case: 'YEAR', 'YYYY', 'YY',
// 'QUARTER', 'MONTH', 'MM', 'MON' or 'WEEK'. Any other text, including the
// units finer than a week Spark knows for timestamps ('DAY', 'HOUR' ...),
// gives truncNone, for which Spark's trunc returns NULL.
func parseTruncLevel(fmt string) truncLevel {
	switch {
	case strings.EqualFold(fmt, "YEAR"), strings.EqualFold(fmt, "YYYY"), strings.EqualFold(fmt, "YY"):
		return truncYear
	case strings.EqualFold(fmt, "QUARTER"):
		return truncQuarter
	case strings.EqualFold(fmt, "MONTH"), strings.EqualFold(fmt, "MM"), strings.EqualFold(fmt, "MON"):
		return truncMonth
	case strings.EqualFold(fmt, "WEEK"):
		return truncWeek
	}
	return truncNone
}

// TruncDateDefined is the guard of trunc(d, fmt): whether fmt names a unit
// trunc accepts (else trunc is NULL).
func TruncDateDefined(_ int32, fmt string) bool { return parseTruncLevel(fmt) != truncNone }

// TruncDate is trunc(d, fmt): the first day of d's year, quarter, month or
// ISO week (a Monday). A result before the first DATE raises
// ARITHMETIC_OVERFLOW (only for dates within a year of it). A fmt that names
// no unit gives d itself; the binder's guard makes that NULL.
func TruncDate(d int32, fmt string) (int32, *Error) {
	lvl := parseTruncLevel(fmt)
	if lvl == truncWeek {
		return addDays(d, -weekdayMon0(d))
	}
	y, m, _ := YMD(d)
	switch lvl {
	case truncYear:
		m = 1
	case truncQuarter:
		m = (m-1)/3*3 + 1
	case truncMonth:
	default:
		return d, nil
	}
	r, ok := DateFromYMD(y, m, 1)
	if !ok {
		return 0, ErrDateOutOfRange
	}
	return r, nil
}
