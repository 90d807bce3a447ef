package rt

import (
	"strconv"
	"strings"
)

// Spark's datetime patterns (the "Datetime Patterns" page of its reference,
// Java's DateTimeFormatter letters as Spark 3+ restricts them) for the fields
// a DATE has: to_date(s, fmt), try_to_date(s, fmt) and date_format(d, fmt).

// Error classes of the datetime patterns, as Spark names them.
const (
	CannotParseTimestamp         = "CANNOT_PARSE_TIMESTAMP"
	InvalidDatetimePatternChar   = "INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER"
	InvalidDatetimePatternLength = "INVALID_DATETIME_PATTERN.LENGTH"
)

// fmtKind is the field of one pattern item.
type fmtKind uint8

const (
	fmtLit       fmtKind = iota // literal text
	fmtYear                     // y: the proleptic year
	fmtMonth                    // M, L: month of year, number or text
	fmtDay                      // d: day of month
	fmtDayOfYear                // D
	fmtDayOfWeek                // E: text only
	fmtQuarter                  // Q, q: number or text

	// The fields of a TIMESTAMP pattern only (tsfmt.go).
	fmtEra         // G
	fmtAlignedDOW  // F
	fmtAmPm        // a
	fmtClockHourAP // h: 1-12
	fmtHourAP      // K: 0-11
	fmtClockHour   // k: 1-24
	fmtHour        // H: 0-23
	fmtMinute      // m
	fmtSecond      // s
	fmtFraction    // S
	fmtZoneID      // VV
	fmtZoneName    // z
	fmtOffsetO     // O
	fmtOffset      // X, x, Z
	fmtOptStart    // [
	fmtOptEnd      // ]
	fmtWeekYear    // Y: week-based year (US weeks), formatting only
	fmtWeekOfYear  // w: week of week-based year
	fmtWeekOfMonth // W
	fmtLocalDOW    // e: day of week, Sunday = 1
)

// fmtItem is one item of a compiled pattern: a field and its letter count,
// or literal text.
type fmtItem struct {
	kind   fmtKind
	count  int
	lit    string
	letter byte        // the pattern letter
	yoe    bool        // y is the year of era (the pattern has G)
	off    offsetStyle // how an X, x or Z item writes the offset
}

// DatePattern is a compiled datetime pattern, or the error of compiling it.
type DatePattern struct {
	items []fmtItem
	err   *Error
}

// Err is the pattern's compile error, nil when it is valid.
func (p *DatePattern) Err() *Error { return p.err }

// maxLetters is the longest run of each supported letter Spark accepts.
var maxLetters = map[byte]int{'y': 6, 'M': 4, 'L': 4, 'd': 2, 'D': 3, 'E': 4, 'Q': 4, 'q': 4}

// patternError is INVALID_DATETIME_PATTERN (class is one of its sub-classes)
// for pattern, with the reason.
func patternError(class, pattern, reason string) *Error {
	return NewError(class,
		"Unrecognized datetime pattern: "+quoteString(pattern)+": "+reason+".")
}

// letterReason says why a pattern letter is rejected on a DATE.
func letterReason(c byte) string {
	switch {
	case strings.IndexByte("aBhKkHmsSAnN", c) >= 0:
		return "the letter '" + string(c) + "' is a time-of-day field, which a DATE does not have (exprc has no TIMESTAMP type yet)"
	case strings.IndexByte("VvzOXxZ", c) >= 0:
		return "the letter '" + string(c) + "' is a time-zone field, which a DATE does not have"
	}
	return "the letter '" + string(c) + "' is not a supported date field (supported: y, M, L, d, D, E, Q, q)"
}

// CompileDatePattern compiles a datetime pattern. Letters name fields, a run
// of one letter is one field (its length selects the form), text between
// single quotes is literal (” is a quote, inside or outside quotes), and any
// other character but [ ] { } # stands for itself.
func CompileDatePattern(pattern string) *DatePattern {
	items, err := compilePattern(pattern, false)
	return &DatePattern{items: items, err: err}
}

var datePatternCache patternCache[string, *DatePattern]

// datePattern returns the compiled pattern, cached: a constant pattern is
// compiled once, and a pattern that varies per row still only when new.
func datePattern(pattern string) *DatePattern {
	return datePatternCache.get(pattern, func() *DatePattern { return CompileDatePattern(pattern) })
}

var (
	monthNames = [12]string{"January", "February", "March", "April", "May", "June", "July",
		"August", "September", "October", "November", "December"}
	weekdayNames  = [7]string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	quarterOrdNum = [4]string{"1st", "2nd", "3rd", "4th"}
)

// Format formats the DATE d with the pattern, which must be valid.
func (p *DatePattern) Format(d int32) string {
	v := dtValue{days: int64(d), z: utcCursor}
	var buf [64]byte
	return string(appendFormat(buf[:0], p.items, &v))
}

// DateFormat is date_format(d, fmt): d written with the datetime pattern fmt.
// An invalid pattern raises INVALID_DATETIME_PATTERN.
func DateFormat(d int32, pattern string) (string, *Error) {
	p := datePattern(pattern)
	if p.err != nil {
		return "", p.err
	}
	return p.Format(d), nil
}

// parsed holds the fields a pattern read from a string; the have flags say
// which were present.
type parsed struct {
	year, month, day, doy, dow, quarter                   int64
	hasYear, hasMonth, hasDay, hasDOY, hasDOW, hasQuarter bool
}

// numWidth is the number of digits a numeric item takes when parsing: at
// least min, at most max (the rest of a run of digits belongs to the
// numeric items that follow it without a literal in between: Java's
// adjacent value parsing).
func (it fmtItem) numWidth() (min, max int, numeric bool) {
	switch it.kind {
	case fmtYear:
		switch {
		case it.count == 2:
			return 2, 2, true
		case it.count >= 4:
			return it.count, it.count, true
		}
		return it.count, 10, true
	case fmtMonth, fmtQuarter:
		if it.count >= 3 {
			return 0, 0, false
		}
		if it.count == 2 {
			return 2, 2, true
		}
		return 1, 10, true
	case fmtDay:
		if it.count == 2 {
			return 2, 2, true
		}
		return 1, 10, true
	case fmtDayOfYear:
		switch it.count {
		case 1:
			return 1, 10, true
		case 2:
			return 2, 3, true
		}
		return 3, 3, true
	}
	return 0, 0, false
}

// matchName matches one of names (or their first three letters when short)
// at the start of s, ignoring case, and returns its index and length.
func matchName(s string, names []string, short bool) (int, int) {
	for i, n := range names {
		if short {
			n = n[:3]
		}
		if len(s) >= len(n) && strings.EqualFold(s[:len(n)], n) {
			return i, len(n)
		}
	}
	return -1, 0
}

// parseFailure is CANNOT_PARSE_TIMESTAMP for s, with Java's wording.
func parseFailure(s, detail string) *Error {
	return NewError(CannotParseTimestamp, "Text "+quoteString(s)+" could not be parsed"+detail+
		". Use `try_to_date` to tolerate invalid input string and return NULL instead.")
}

func atIndex(i int) string { return " at index " + strconv.Itoa(i) }

// Parse reads s with the pattern (which must be valid) as a DATE. Missing
// fields default as in Spark: the year to 1970, the month and day to 1. The
// fields must name a real day, and a day of week or quarter must agree with
// the date.
func (p *DatePattern) Parse(s string) (int32, *Error) {
	var f dtFields
	pos, failAt := parseItems(p.items, s, 0, &f)
	if failAt >= 0 {
		return 0, parseFailure(s, atIndex(failAt))
	}
	if pos < len(s) {
		return 0, parseFailure(s, ", unparsed text found"+atIndex(pos))
	}
	return f.parsed.resolveWith(s, parseFailure)
}

// resolveWith builds the DATE from the parsed fields; fail builds the
// error for s and a detail.
func (f *parsed) resolveWith(s string, fail func(s, detail string) *Error) (int32, *Error) {
	bad := func(what string) (int32, *Error) { return 0, fail(s, ": "+what) }
	year := int64(1970)
	if f.hasYear {
		year = f.year
	}
	if year < -6_000_000 || year > 6_000_000 {
		return bad("Invalid value for Year: " + strconv.FormatInt(year, 10))
	}
	switch {
	case f.hasMonth && (f.month < 1 || f.month > 12):
		return bad("Invalid value for MonthOfYear: " + strconv.FormatInt(f.month, 10))
	case f.hasDay && (f.day < 1 || f.day > 31):
		return bad("Invalid value for DayOfMonth: " + strconv.FormatInt(f.day, 10))
	case f.hasDOY && (f.doy < 1 || f.doy > 366):
		return bad("Invalid value for DayOfYear: " + strconv.FormatInt(f.doy, 10))
	case f.hasQuarter && (f.quarter < 1 || f.quarter > 4):
		return bad("Invalid value for QuarterOfYear: " + strconv.FormatInt(f.quarter, 10))
	}
	var d int32
	if f.hasDOY {
		first, ok := DateFromYMD(int(year), 1, 1)
		if !ok || f.doy == 366 && !isLeap(int(year)) || int64(first)+f.doy-1 > 1<<31-1 {
			return bad("Invalid date 'DayOfYear 366' as '" + strconv.FormatInt(year, 10) + "' is not a leap year")
		}
		d = first + int32(f.doy-1)
		_, m, dd := YMD(d)
		if f.hasMonth && int64(m) != f.month || f.hasDay && int64(dd) != f.day {
			return bad("Conflict found: the day of year does not match the month or day")
		}
	} else {
		m, dd := int64(1), int64(1)
		if f.hasMonth {
			m = f.month
		}
		if f.hasDay {
			dd = f.day
		}
		var ok bool
		if d, ok = DateFromYMD(int(year), int(m), int(dd)); !ok {
			return bad("Invalid date '" + strings.ToUpper(monthNames[m-1]) + " " + strconv.FormatInt(dd, 10) + "'")
		}
	}
	_, m, _ := YMD(d)
	if f.hasQuarter && f.hasMonth && int64((m-1)/3+1) != f.quarter {
		return bad("Conflict found: the quarter does not match the month")
	}
	if f.hasDOW && f.hasYear && (f.hasDOY || f.hasMonth && f.hasDay) && weekdayMon0(d) != f.dow {
		return bad("Conflict found: the day of week does not match the date")
	}
	return d, nil
}

// ToDateFmt is to_date(s, fmt): s parsed with the datetime pattern fmt.
// Text that does not match raises CANNOT_PARSE_TIMESTAMP (Spark's ANSI mode),
// an invalid pattern INVALID_DATETIME_PATTERN.
func ToDateFmt(s, pattern string) (int32, *Error) {
	p := datePattern(pattern)
	if p.err != nil {
		return 0, p.err
	}
	return p.Parse(s)
}

// ToDateFmtDefined is the guard of try_to_date(s, fmt): whether the pattern
// is valid and s matches it.
func ToDateFmtDefined(s, pattern string) bool {
	_, err := ToDateFmt(s, pattern)
	return err == nil
}

// TryToDateFmt is the value of try_to_date(s, fmt) where its guard holds
// (0 elsewhere).
func TryToDateFmt(s, pattern string) int32 {
	d, _ := ToDateFmt(s, pattern)
	return d
}

// ToDateDefined is the guard of try_to_date(s): whether s reads as a DATE
// (the rules of CAST(s AS DATE)).
func ToDateDefined(s string) bool {
	_, ok := ParseDate(trimCast(s))
	return ok
}

// TryToDate is the value of try_to_date(s) where its guard holds (0
// elsewhere).
func TryToDate(s string) int32 {
	d, _ := ParseDate(trimCast(s))
	return d
}
