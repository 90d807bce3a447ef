package rt

import (
	"math"
	"strconv"
	"strings"
)

// A DATE is an int32 count of days since 1970-01-01 in the proleptic Gregorian
// calendar, the number Arrow's date32 stores.

// DateFromYMD builds a DATE from a year, month and day. ok is false when the
// fields do not name a real day or the day count overflows int32.
func DateFromYMD(y, m, d int) (int32, bool) {
	if m < 1 || m > 12 || d < 1 || d > daysIn(y, m) || y < -6_000_000 || y > 6_000_000 {
		return 0, false
	}
	days := daysFromCivil(int64(y), int64(m), int64(d))
	if days < math.MinInt32 || days > math.MaxInt32 {
		return 0, false
	}
	return int32(days), true
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

func daysIn(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// daysFromCivil counts days since 1970-01-01 in the proleptic Gregorian calendar
// (H. Hinnant's algorithm); plain integer arithmetic, so it has no range limit
// such as time.Duration's 292 years.
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// YMD returns the year, month (1-12) and day of month of a DATE.
func YMD(d int32) (int, int, int) {
	z := int64(d) + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return int(y), int(m), int(day)
}

// FormatDate formats a DATE as yyyy-mm-dd (years outside 0..9999 get a sign or
// more digits, as Spark prints them).
func FormatDate(d int32) string {
	y, m, dd := YMD(d)
	var b []byte
	switch {
	case y < 0:
		b = append(b, '-')
		b = pad0(b, int64(-y), 4)
	case y > 9999:
		b = append(b, '+')
		b = strconv.AppendInt(b, int64(y), 10)
	default:
		b = pad0(b, int64(y), 4)
	}
	b = append(b, '-')
	b = pad0(b, int64(m), 2)
	b = append(b, '-')
	b = pad0(b, int64(dd), 2)
	return string(b)
}

// pad0 appends the non-negative n with at least width digits.
func pad0(b []byte, n int64, width int) []byte {
	s := strconv.FormatInt(n, 10)
	for i := len(s); i < width; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// ParseDate reads yyyy-mm-dd (one- or two-digit month and day accepted, and a
// trailing time part after 'T' or ' ' ignored, as Spark's cast does). ok is false
// on anything else.
func ParseDate(s string) (int32, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "T "); i >= 0 {
		s = s[:i]
	}
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	var nums = [3]int{0, 1, 1}
	for i := 0; ; i++ {
		if i == 3 {
			return 0, false
		}
		p, rest, more := strings.Cut(s, "-")
		if p == "" || len(p) > 9 || (i == 0 && len(p) < 4) || (i > 0 && len(p) > 2) {
			return 0, false
		}
		n := 0
		for _, c := range []byte(p) {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + int(c-'0')
		}
		nums[i] = n
		if !more {
			break
		}
		s = rest
	}
	if neg {
		nums[0] = -nums[0]
	}
	return DateFromYMD(nums[0], nums[1], nums[2])
}

// Year is year(DATE).
func Year(d int32) int32 {
	y, _, _ := YMD(d)
	return int32(y)
}

// Month is month(DATE), 1 to 12.
func Month(d int32) int32 {
	_, m, _ := YMD(d)
	return int32(m)
}

// Day is day(DATE), the day of the month, 1 to 31.
func Day(d int32) int32 {
	_, _, dd := YMD(d)
	return int32(dd)
}

// addDays moves a date by n days. The result must stay in int32; leaving it is
// ARITHMETIC_OVERFLOW rather than a wrapped, meaningless date.
func addDays(d int32, n int64) (int32, *Error) {
	r := int64(d) + n
	if r < math.MinInt32 || r > math.MaxInt32 {
		return 0, ErrDateOutOfRange
	}
	return int32(r), nil
}

// DateAdd is date_add(d, n): the date n days after d (n may be negative).
func DateAdd(d, n int32) (int32, *Error) { return addDays(d, int64(n)) }

// DateSub is date_sub(d, n): the date n days before d (n may be negative).
func DateSub(d, n int32) (int32, *Error) { return addDays(d, -int64(n)) }

// DateDiff is datediff(end, start) = end - start in days. Two extreme dates can
// be more than 2^31 days apart, which INT cannot hold: that raises
// ARITHMETIC_OVERFLOW instead of wrapping.
func DateDiff(end, start int32) (int32, *Error) {
	r := int64(end) - int64(start)
	if r != int64(int32(r)) {
		return 0, ErrIntOverflow
	}
	return int32(r), nil
}
