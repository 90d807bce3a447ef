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
)

// fmtItem is one item of a compiled pattern: a field and its letter count,
// or literal text.
type fmtItem struct {
	kind  fmtKind
	count int
	lit   string
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
	p := &DatePattern{}
	var lit []byte
	flush := func() {
		if len(lit) > 0 {
			p.items = append(p.items, fmtItem{kind: fmtLit, lit: string(lit)})
			lit = lit[:0]
		}
	}
	for i := 0; i < len(pattern); {
		c := pattern[i]
		switch {
		case c == '\'':
			if i+1 < len(pattern) && pattern[i+1] == '\'' {
				lit = append(lit, '\'')
				i += 2
				continue
			}
			j := i + 1
			for {
				if j >= len(pattern) {
					p.err = patternError(InvalidDatetimePatternChar, pattern, "the pattern ends inside a quoted literal")
					return p
				}
				if pattern[j] == '\'' {
					if j+1 < len(pattern) && pattern[j+1] == '\'' {
						lit = append(lit, '\'')
						j += 2
						continue
					}
					break
				}
				lit = append(lit, pattern[j])
				j++
			}
			i = j + 1
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(pattern) && pattern[j] == c {
				j++
			}
			n := j - i
			limit, ok := maxLetters[c]
			if !ok {
				p.err = patternError(InvalidDatetimePatternChar, pattern, letterReason(c))
				return p
			}
			if n > limit {
				p.err = patternError(InvalidDatetimePatternLength, pattern, "too many letters '"+string(c)+"' (at most "+strconv.Itoa(limit)+")")
				return p
			}
			flush()
			var k fmtKind
			switch c {
			case 'y':
				k = fmtYear
			case 'M', 'L':
				k = fmtMonth
			case 'd':
				k = fmtDay
			case 'D':
				k = fmtDayOfYear
			case 'E':
				k = fmtDayOfWeek
			default:
				k = fmtQuarter
			}
			p.items = append(p.items, fmtItem{kind: k, count: n})
			i = j
		case c == '[' || c == ']' || c == '{' || c == '}' || c == '#':
			p.err = patternError(InvalidDatetimePatternChar, pattern, "the character '"+string(c)+"' is reserved (optional sections are not supported)")
			return p
		default:
			lit = append(lit, c)
			i++
		}
	}
	flush()
	return p
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

// appendNum appends n (which may be negative) padded to width digits.
func appendNum(b []byte, n int64, width int) []byte {
	if n < 0 {
		return pad0(append(b, '-'), -n, width)
	}
	return pad0(b, n, width)
}

// Format formats the DATE d with the pattern, which must be valid.
func (p *DatePattern) Format(d int32) string {
	y, m, day := YMD(d)
	b := make([]byte, 0, 16)
	for _, it := range p.items {
		switch it.kind {
		case fmtLit:
			b = append(b, it.lit...)
		case fmtYear:
			switch {
			case it.count == 2:
				b = pad0(b, int64((y%100+100)%100), 2)
			case y >= 0 && it.count >= 4 && len(strconv.Itoa(y)) > it.count:
				b = strconv.AppendInt(append(b, '+'), int64(y), 10)
			default:
				b = appendNum(b, int64(y), it.count)
			}
		case fmtMonth:
			switch it.count {
			case 3:
				b = append(b, monthNames[m-1][:3]...)
			case 4:
				b = append(b, monthNames[m-1]...)
			default:
				b = pad0(b, int64(m), it.count)
			}
		case fmtDay:
			b = pad0(b, int64(day), it.count)
		case fmtDayOfYear:
			b = pad0(b, int64(DayOfYear(d)), it.count)
		case fmtDayOfWeek:
			name := weekdayNames[weekdayMon0(d)]
			if it.count < 4 {
				name = name[:3]
			}
			b = append(b, name...)
		case fmtQuarter:
			q := (m-1)/3 + 1
			switch it.count {
			case 3:
				b = append(b, 'Q', byte('0'+q))
			case 4:
				b = append(append(b, quarterOrdNum[q-1]...), " quarter"...)
			default:
				b = pad0(b, int64(q), it.count)
			}
		}
	}
	return string(b)
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
	var f parsed
	pos := 0
	for k, it := range p.items {
		if it.kind == fmtLit {
			if !strings.HasPrefix(s[pos:], it.lit) {
				return 0, parseFailure(s, atIndex(pos))
			}
			pos += len(it.lit)
			continue
		}
		if minW, maxW, numeric := it.numWidth(); numeric {
			neg := false
			start := pos
			if it.kind == fmtYear && it.count != 2 && pos < len(s) && (s[pos] == '-' || s[pos] == '+' && it.count >= 4) {
				neg = s[pos] == '-'
				pos++
				if it.count >= 4 {
					maxW = 10 // a sign allows more digits than the pad width
					if !neg {
						minW = it.count + 1
					}
				}
			}
			avail := 0
			for pos+avail < len(s) && s[pos+avail] >= '0' && s[pos+avail] <= '9' {
				avail++
			}
			// Leave the digits the following adjacent numeric items need.
			reserve := 0
			for _, next := range p.items[k+1:] {
				nmin, _, ok := next.numWidth()
				if !ok {
					break
				}
				reserve += nmin
			}
			digits := min(avail, maxW)
			if reserve > 0 && avail-reserve < digits {
				digits = max(minW, avail-reserve)
			}
			if digits < minW || digits > avail || digits > 10 {
				return 0, parseFailure(s, atIndex(start))
			}
			v, _ := strconv.ParseInt(s[pos:pos+digits], 10, 64)
			if neg {
				v = -v
			}
			pos += digits
			switch it.kind {
			case fmtYear:
				if it.count == 2 {
					v += 2000
				}
				f.year, f.hasYear = v, true
			case fmtMonth:
				f.month, f.hasMonth = v, true
			case fmtDay:
				f.day, f.hasDay = v, true
			case fmtDayOfYear:
				f.doy, f.hasDOY = v, true
			case fmtQuarter:
				f.quarter, f.hasQuarter = v, true
			}
			continue
		}
		rest := s[pos:]
		var i, n int
		switch it.kind {
		case fmtMonth:
			i, n = matchName(rest, monthNames[:], it.count == 3)
			f.month, f.hasMonth = int64(i+1), true
		case fmtDayOfWeek:
			i, n = matchName(rest, weekdayNames[:], it.count < 4)
			f.dow, f.hasDOW = int64(i), true
		case fmtQuarter:
			if it.count == 3 {
				if len(rest) >= 2 && (rest[0] == 'Q' || rest[0] == 'q') && rest[1] >= '1' && rest[1] <= '4' {
					i, n = int(rest[1]-'1'), 2
				} else {
					i = -1
				}
			} else {
				i, n = matchName(rest, []string{"1st quarter", "2nd quarter", "3rd quarter", "4th quarter"}, false)
			}
			f.quarter, f.hasQuarter = int64(i+1), true
		}
		if i < 0 {
			return 0, parseFailure(s, atIndex(pos))
		}
		pos += n
	}
	if pos < len(s) {
		return 0, parseFailure(s, ", unparsed text found"+atIndex(pos))
	}
	return f.resolve(s)
}

// resolve builds the DATE from the parsed fields.
func (f *parsed) resolve(s string) (int32, *Error) {
	bad := func(what string) (int32, *Error) { return 0, parseFailure(s, ": "+what) }
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
