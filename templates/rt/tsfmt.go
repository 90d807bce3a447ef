package rt

import (
	"strconv"
	"strings"
)

// Spark's datetime patterns for TIMESTAMP (date_format, from_unixtime,
// to_timestamp, try_to_timestamp, unix_timestamp, to_unix_timestamp) and the
// engine shared with the DATE patterns of datefmt.go.
//
// Design. A pattern is compiled once into a list of items (a field and its
// letter count, literal text, or the bounds of an optional section) and
// cached (datetimePatternCache: bounded, safe for concurrent use). Formatting
// reads the wall-clock fields of an instant with the integer calendar of
// dates.go (TimestampToDate's split into a day and a time of day, so no
// time.Time and, in UTC or a fixed offset, no zone lookup at all) and appends
// them into a stack buffer: the output string is the only allocation.
// Parsing follows java.time's DateTimeFormatter as Spark configures it
// (case-insensitive, ResolverStyle.STRICT, IsoChronology, a variable-length
// fraction), then Spark's defaults for missing fields (1970-01-01, 00:00)
// and the zone of the text or the session zone with the gap and overlap
// rules of tz.go.
//
// The letters, with Spark 3+'s restrictions (DateTimeFormatterHelper) and
// Java's meaning of their counts:
//
//	G era (AD; Anno Domini)         y year (u: proleptic when no G)
//	D day of year                   M, L month (7; 07; Jul; July)
//	d day of month                  Q, q quarter (3; 03; Q3; 3rd quarter)
//	E day of week (Tue; Tuesday)    F aligned day of week in month
//	a AM/PM                         h clock hour 1-12, K hour 0-11
//	k clock hour 1-24, H hour 0-23  m minute, s second
//	S fraction, 1 to 9 digits       VV zone ID
//	z zone abbreviation (1 to 3)    O GMT offset (O, OOOO)
//	X, x, Z offsets                 'text', '' literal; [ ] optional section
//	Y week-based year, w week of it, W week of month, e day of week
//	(Sunday = 1): the US week of Spark's default locale, formatting only
//
// Spark rejects u, c, A, n, N, p always and Y, w, W, e, E, F, q, Q when
// parsing; exprc rejects zzzz, v (CLDR zone names, which Go's database does
// not have) and B (day periods) too: INVALID_DATETIME_PATTERN rather than a
// text that differs from Spark's.

// datetimePatternCache holds the compiled TIMESTAMP patterns.
var datetimePatternCache patternCache[string, *DatetimePattern]

// DatetimePattern is a compiled TIMESTAMP datetime pattern, or the error of
// compiling it. It is immutable and safe for concurrent use.
type DatetimePattern struct {
	items []fmtItem
	err   *Error
	// parseErr is the error of parsing with the pattern: Spark rejects some
	// letters for parsing only (E, F, Q, q).
	parseErr *Error
	hasZone  bool // the pattern has a zone or offset field
}

// Err is the pattern's compile error, nil when it is valid.
func (p *DatetimePattern) Err() *Error { return p.err }

// ParseErr is the error of parsing with the pattern (its compile error, or a
// letter Spark only formats), nil when it can parse.
func (p *DatetimePattern) ParseErr() *Error {
	if p.err != nil {
		return p.err
	}
	return p.parseErr
}

// CompileDatetimePattern compiles a TIMESTAMP datetime pattern (the letter
// table of the file comment). Errors are INVALID_DATETIME_PATTERN's
// sub-classes, kept in the result.
func CompileDatetimePattern(pattern string) *DatetimePattern {
	items, err := compilePattern(pattern, true)
	p := &DatetimePattern{items: items, err: err}
	for _, it := range items {
		switch it.kind {
		case fmtDayOfWeek, fmtAlignedDOW, fmtQuarter, fmtWeekYear, fmtWeekOfYear, fmtWeekOfMonth, fmtLocalDOW:
			if p.parseErr == nil {
				p.parseErr = patternError(InvalidDatetimePatternChar, pattern,
					"the letter '"+string(it.letter)+"' can format but not parse (Spark rejects it for parsing)")
			}
		case fmtZoneID, fmtZoneName, fmtOffsetO, fmtOffset:
			p.hasZone = true
		}
	}
	return p
}

// datetimePattern is the cached compiled pattern.
func datetimePattern(pattern string) *DatetimePattern {
	return datetimePatternCache.get(pattern, func() *DatetimePattern { return CompileDatetimePattern(pattern) })
}

// maxLettersTS is the longest run of each letter a TIMESTAMP pattern takes
// (Java's limits, and Spark's 5-letter text and 11-letter year bans).
var maxLettersTS = map[byte]int{'G': 4, 'y': 10, 'D': 3, 'M': 4, 'L': 4, 'd': 2, 'Q': 4, 'q': 4, 'E': 4,
	'F': 19, 'a': 1, 'h': 2, 'K': 2, 'k': 2, 'H': 2, 'm': 2, 's': 2, 'S': 9, 'V': 2, 'z': 3, 'O': 4,
	'X': 5, 'x': 5, 'Z': 5, 'Y': 10, 'w': 2, 'W': 1, 'e': 4}

// letterReasonTS says why a letter is rejected in a TIMESTAMP pattern.
func letterReasonTS(c byte) string {
	switch c {
	case 'u':
		return "the letter 'u' (day number of week) is not supported since Spark 3.0; use 'E'"
	case 'v':
		return "the letter 'v' (generic zone name) is not supported"
	}
	return "the letter '" + string(c) + "' is not a supported datetime field"
}

// compilePattern lexes a pattern: runs of one letter (fields), quoted text
// and other characters (literals), and in TIMESTAMP mode the optional
// section brackets. DATE mode keeps the DATE letters only (datefmt.go).
func compilePattern(pattern string, ts bool) ([]fmtItem, *Error) {
	var items []fmtItem
	var lit []byte
	depth := 0
	hasEra := ts && patternHasEra(pattern)
	flush := func() {
		if len(lit) > 0 {
			items = append(items, fmtItem{kind: fmtLit, lit: string(lit)})
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
					return nil, patternError(InvalidDatetimePatternChar, pattern, "the pattern ends inside a quoted literal")
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
			limits, reason := maxLetters, letterReason
			if ts {
				limits, reason = maxLettersTS, letterReasonTS
			}
			limit, ok := limits[c]
			if !ok {
				return nil, patternError(InvalidDatetimePatternChar, pattern, reason(c))
			}
			if n > limit {
				if c == 'z' && n == 4 {
					return nil, patternError(InvalidDatetimePatternChar, pattern, "the full zone name 'zzzz' is not supported (use 'VV' or 'z')")
				}
				return nil, patternError(InvalidDatetimePatternLength, pattern, "too many letters '"+string(c)+"' (at most "+strconv.Itoa(limit)+")")
			}
			if c == 'V' && n != 2 || c == 'O' && n != 1 && n != 4 {
				want := "2"
				if c == 'O' {
					want = "1 or 4"
				}
				return nil, patternError(InvalidDatetimePatternLength, pattern, "the letter '"+string(c)+"' must be repeated "+want+" times")
			}
			flush()
			it := fmtItem{kind: letterKinds[c], count: n, letter: c, yoe: c == 'y' && hasEra}
			if it.kind == fmtOffset {
				it.off = offsetStyleOf(c, n)
			}
			items = append(items, it)
			i = j
		case ts && c == '[':
			flush()
			items = append(items, fmtItem{kind: fmtOptStart})
			depth++
			i++
		case ts && c == ']':
			if depth == 0 {
				return nil, patternError(InvalidDatetimePatternChar, pattern, "']' closes no optional section")
			}
			flush()
			items = append(items, fmtItem{kind: fmtOptEnd})
			depth--
			i++
		case c == '[' || c == ']' || c == '{' || c == '}' || c == '#':
			why := "the character '" + string(c) + "' is reserved"
			if !ts && (c == '[' || c == ']') {
				why += " (optional sections are not supported)"
			}
			return nil, patternError(InvalidDatetimePatternChar, pattern, why)
		default:
			lit = append(lit, c)
			i++
		}
	}
	flush()
	for ; depth > 0; depth-- {
		items = append(items, fmtItem{kind: fmtOptEnd})
	}
	return items, nil
}

// patternHasEra is whether G appears outside quotes: then y is the year of
// era, else Spark reads y as u, the proleptic year.
func patternHasEra(pattern string) bool {
	quoted := false
	for i := 0; i < len(pattern); i++ {
		switch {
		case pattern[i] == '\'':
			quoted = !quoted
		case !quoted && pattern[i] == 'G':
			return true
		}
	}
	return false
}

// letterKinds maps each supported letter to its field.
var letterKinds = [128]fmtKind{'G': fmtEra, 'y': fmtYear, 'D': fmtDayOfYear, 'M': fmtMonth, 'L': fmtMonth,
	'd': fmtDay, 'Q': fmtQuarter, 'q': fmtQuarter, 'E': fmtDayOfWeek, 'F': fmtAlignedDOW, 'a': fmtAmPm,
	'h': fmtClockHourAP, 'K': fmtHourAP, 'k': fmtClockHour, 'H': fmtHour, 'm': fmtMinute, 's': fmtSecond,
	'S': fmtFraction, 'V': fmtZoneID, 'z': fmtZoneName, 'O': fmtOffsetO, 'X': fmtOffset, 'x': fmtOffset,
	'Z': fmtOffset, 'Y': fmtWeekYear, 'w': fmtWeekOfYear, 'W': fmtWeekOfMonth, 'e': fmtLocalDOW}

// offsetStyle is how an X, x or Z item writes an offset (java.time's
// OffsetIdPrinterParser patterns "+HH", "+HHmm", "+HH:MM:ss" ...).
type offsetStyle struct {
	zero    string // the text of a zero offset: "Z", "+00", "+0000", "+00:00"
	colon   bool   // ':' between the parts
	minutes uint8  // 1: when not zero (mm), 2: always (MM)
	seconds bool   // seconds when not zero (ss)
	full    bool   // ZZZZ: the localized form GMT+HH:MM
}

// offsetStyleOf is the style of a run of n letters X, x or Z.
func offsetStyleOf(c byte, n int) offsetStyle {
	if c == 'Z' {
		switch n {
		case 4:
			return offsetStyle{full: true}
		case 5:
			return offsetStyle{zero: "Z", colon: true, minutes: 2, seconds: true}
		}
		return offsetStyle{zero: "+0000", minutes: 2}
	}
	s := [5]offsetStyle{{minutes: 1}, {minutes: 2}, {colon: true, minutes: 2}, {minutes: 2, seconds: true},
		{colon: true, minutes: 2, seconds: true}}[n-1]
	if c == 'X' {
		s.zero = "Z"
	} else {
		s.zero = [5]string{"+00", "+0000", "+00:00", "+0000", "+00:00"}[n-1]
	}
	return s
}

// appendPad appends the non-negative n with at least width digits, without
// allocating.
func appendPad(b []byte, n int64, width int) []byte {
	digits := 1
	for v := n; v >= 10; v /= 10 {
		digits++
	}
	for ; digits < width; digits++ {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, n, 10)
}

// appendSigned appends n padded to width digits, '-' before a negative n.
func appendSigned(b []byte, n int64, width int) []byte {
	if n < 0 {
		return appendPad(append(b, '-'), -n, width)
	}
	return appendPad(b, n, width)
}

// dtValue is what formatting reads: a wall-clock reading split into a day
// and a time of day, and the zone and offset it was read in.
type dtValue struct {
	days int64 // days since 1970-01-01 of the reading
	tod  int64 // microseconds into the day
	off  int32 // the offset, seconds
	sec  int64 // the instant, seconds (for zone names)
	z    *Zone
}

var amPm = [2]string{"AM", "PM"}

// appendYear writes a year field: yy is the last two digits, y and yyy
// show a sign only when negative, yyyy and more a '+' when the year has
// more digits than letters (Java's SignStyle.NORMAL / EXCEEDS_PAD).
func appendYear(b []byte, y int64, count int) []byte {
	switch {
	case count == 2:
		return appendPad(b, (y%100+100)%100, 2)
	case y >= 0 && count >= 4:
		digits := 1
		for v := y; v >= 10; v /= 10 {
			digits++
		}
		if digits > count {
			return strconv.AppendInt(append(b, '+'), y, 10)
		}
	}
	return appendSigned(b, y, count)
}

// appendFormat writes v with the items.
func appendFormat(b []byte, items []fmtItem, v *dtValue) []byte {
	d := int32(v.days)
	y, m, day := YMD(d)
	for _, it := range items {
		switch it.kind {
		case fmtLit:
			b = append(b, it.lit...)
		case fmtOptStart, fmtOptEnd:
			// Every field of an instant in a zone is available: optional
			// sections are written.
		case fmtEra:
			era := 1
			if y <= 0 {
				era = 0
			}
			if it.count == 4 {
				b = append(b, [2]string{"Before Christ", "Anno Domini"}[era]...)
			} else {
				b = append(b, [2]string{"BC", "AD"}[era]...)
			}
		case fmtYear:
			yy := int64(y)
			if it.yoe && yy <= 0 {
				yy = 1 - yy
			}
			b = appendYear(b, yy, it.count)
		case fmtMonth:
			switch it.count {
			case 3:
				b = append(b, monthNames[m-1][:3]...)
			case 4:
				b = append(b, monthNames[m-1]...)
			default:
				b = appendPad(b, int64(m), it.count)
			}
		case fmtDay:
			b = appendPad(b, int64(day), it.count)
		case fmtDayOfYear:
			b = appendPad(b, int64(DayOfYear(d)), it.count)
		case fmtDayOfWeek:
			name := weekdayNames[weekdayMon0(d)]
			if it.count < 4 {
				name = name[:3]
			}
			b = append(b, name...)
		case fmtAlignedDOW:
			b = appendPad(b, int64((day-1)%7+1), it.count)
		case fmtQuarter:
			q := (m-1)/3 + 1
			switch it.count {
			case 3:
				b = append(b, 'Q', byte('0'+q))
			case 4:
				b = append(append(b, quarterOrdNum[q-1]...), " quarter"...)
			default:
				b = appendPad(b, int64(q), it.count)
			}
		case fmtAmPm:
			b = append(b, amPm[v.tod/(12*MicrosPerHour)]...)
		case fmtClockHourAP:
			h := v.tod / MicrosPerHour % 12
			if h == 0 {
				h = 12
			}
			b = appendPad(b, h, it.count)
		case fmtHourAP:
			b = appendPad(b, v.tod/MicrosPerHour%12, it.count)
		case fmtClockHour:
			h := v.tod / MicrosPerHour
			if h == 0 {
				h = 24
			}
			b = appendPad(b, h, it.count)
		case fmtHour:
			b = appendPad(b, v.tod/MicrosPerHour, it.count)
		case fmtMinute:
			b = appendPad(b, v.tod/MicrosPerMinute%60, it.count)
		case fmtSecond:
			b = appendPad(b, v.tod/MicrosPerSecond%60, it.count)
		case fmtFraction:
			// The first count digits of the nanoseconds, truncated.
			nanos := v.tod % MicrosPerSecond * 1000
			for k := 0; k < it.count; k++ {
				nanos *= 10
				b = append(b, byte('0'+nanos/1_000_000_000))
				nanos %= 1_000_000_000
			}
		case fmtWeekYear:
			wy, _ := usWeekOfYear(d)
			b = appendYear(b, wy, it.count)
		case fmtWeekOfYear:
			_, w := usWeekOfYear(d)
			b = appendPad(b, w, it.count)
		case fmtWeekOfMonth:
			dow := int64(DayOfWeek(d))
			b = appendPad(b, usWeek(usWeekOffset(int64(day), dow), int64(day)), it.count)
		case fmtLocalDOW:
			switch it.count {
			case 1, 2:
				b = appendPad(b, int64(DayOfWeek(d)), it.count)
			case 3:
				b = append(b, weekdayNames[weekdayMon0(d)][:3]...)
			default:
				b = append(b, weekdayNames[weekdayMon0(d)]...)
			}
		case fmtZoneID:
			b = append(b, v.z.String()...)
		case fmtZoneName:
			b = append(b, v.z.zoneName(v.sec)...)
		case fmtOffsetO:
			b = appendLocalizedOffset(b, v.off, it.count == 4)
		case fmtOffset:
			if it.off.full {
				b = appendLocalizedOffset(b, v.off, true)
			} else {
				b = appendOffset(b, v.off, it.off)
			}
		}
	}
	return b
}

// usWeekOffset is java.time's WeekFields.startOfWeekOffset for the US week
// (first day Sunday, minimal days 1): where week 1 of a month or year
// starts, given a day number (of month or year, 1-based) and its day of
// week (Sunday = 1).
func usWeekOffset(day, dow int64) int64 {
	if ws := floorMod(day-dow, 7); ws > 0 {
		return 7 - ws
	}
	return 0
}

// usWeek is WeekFields.computeWeek: the week number of day.
func usWeek(offset, day int64) int64 { return (7 + offset + day - 1) / 7 }

// usWeekOfYear is the week-based year and week of the DATE d with US weeks
// (Y and w): weeks start on Sunday and week 1 holds January 1st, so the
// last days of December may be week 1 of the next year.
func usWeekOfYear(d int32) (int64, int64) {
	y, _, _ := YMD(d)
	doy := int64(DayOfYear(d))
	off := usWeekOffset(doy, int64(DayOfWeek(d)))
	w := usWeek(off, doy)
	yearLen := int64(365)
	if isLeap(y) {
		yearLen = 366
	}
	if next := usWeek(off, yearLen+1); w >= next {
		return int64(y) + 1, w - next + 1
	}
	return int64(y), w
}

// appendOffset writes an offset in an X, x or Z style.
func appendOffset(b []byte, off int32, st offsetStyle) []byte {
	if off == 0 {
		return append(b, st.zero...)
	}
	a := off
	if a < 0 {
		b = append(b, '-')
		a = -a
	} else {
		b = append(b, '+')
	}
	h, m, s := int(a/3600), int(a/60%60), int(a%60)
	b = append2(b, h)
	if st.minutes == 2 || st.minutes == 1 && m > 0 || st.seconds && s > 0 {
		if st.colon {
			b = append(b, ':')
		}
		b = append2(b, m)
		if st.seconds && s > 0 {
			if st.colon {
				b = append(b, ':')
			}
			b = append2(b, s)
		}
	}
	return b
}

// appendLocalizedOffset writes O ("GMT+8", "GMT+5:30") or OOOO / ZZZZ
// ("GMT+08:00"); a zero offset is "GMT".
func appendLocalizedOffset(b []byte, off int32, full bool) []byte {
	b = append(b, "GMT"...)
	if off == 0 {
		return b
	}
	a := off
	if a < 0 {
		b = append(b, '-')
		a = -a
	} else {
		b = append(b, '+')
	}
	h, m, s := int(a/3600), int(a/60%60), int(a%60)
	if full {
		b = append2(b, h)
		b = append(append(b, ':'), byte('0'+m/10), byte('0'+m%10))
	} else {
		b = strconv.AppendInt(b, int64(h), 10)
		if m > 0 || s > 0 {
			b = append2(append(b, ':'), m)
		}
	}
	if s > 0 {
		b = append2(append(b, ':'), s)
	}
	return b
}

// Format writes the TIMESTAMP us in the zone z with the pattern, which must
// be valid. The only allocation is the result.
func (p *DatetimePattern) Format(us int64, z *Zone) string {
	days, tod := z.LocalDayAndTime(us)
	sec := floorDiv(us, MicrosPerSecond)
	v := dtValue{days: days, tod: tod, off: z.OffsetSeconds(sec), sec: sec, z: z}
	var buf [64]byte
	return string(appendFormat(buf[:0], p.items, &v))
}

// DateFormatTimestamp is date_format(ts, fmt): the TIMESTAMP us written in
// the session zone z with the datetime pattern fmt; a TIMESTAMP_NTZ is
// written with z = UTC. An invalid pattern raises INVALID_DATETIME_PATTERN.
func DateFormatTimestamp(us int64, pattern string, z *Zone) (string, *Error) {
	p := datetimePattern(pattern)
	if p.err != nil {
		return "", p.err
	}
	return p.Format(us, z), nil
}

// dtFields is the state parseItems fills: the DATE fields, the time and
// era fields, and the zone of the text.
type dtFields struct {
	parsed
	era, hour, clockHourAP, hourAP, clockHour, ampm, minute, second, nanos int64
	hasEra, hasHour, hasClockHourAP, hasHourAP, hasClockHour, hasAmPm      bool
	hasMinute, hasSecond, hasNanos                                         bool
	zone                                                                   *Zone
}

// numWidthTS extends numWidth with the time fields: at least min, at most
// max digits when parsing.
func (it fmtItem) numWidthTS() (min, max int, numeric bool) {
	switch it.kind {
	case fmtHour, fmtClockHour, fmtHourAP, fmtClockHourAP, fmtMinute, fmtSecond:
		if it.count == 2 {
			return 2, 2, true
		}
		return 1, 10, true
	case fmtFraction:
		// Spark parses a run of S as 1 to that many digits.
		return 1, it.count, true
	}
	return it.numWidth()
}

// parseFailureFn is CANNOT_PARSE_TIMESTAMP for s, with Java's wording and
// the try_ function Spark's message suggests.
func parseFailureFn(s, detail, tryFn string) *Error {
	return NewError(CannotParseTimestamp, "Text "+quoteString(s)+" could not be parsed"+detail+
		". Use `"+tryFn+"` to tolerate invalid input string and return NULL instead.")
}

// parseItems reads s from pos with items into f. It returns the position
// after them and -1, or where the text stopped matching.
func parseItems(items []fmtItem, s string, pos int, f *dtFields) (int, int) {
	for k := 0; k < len(items); k++ {
		it := items[k]
		switch it.kind {
		case fmtLit:
			if len(s)-pos < len(it.lit) || !strings.EqualFold(s[pos:pos+len(it.lit)], it.lit) {
				return 0, pos
			}
			pos += len(it.lit)
			continue
		case fmtOptStart:
			// An optional section: its fields when they all read, else
			// nothing (java.time's optionalStart).
			end := matchingEnd(items, k)
			save := *f
			if np, failAt := parseItems(items[k+1:end], s, pos, f); failAt < 0 {
				pos = np
			} else {
				*f = save
			}
			k = end
			continue
		case fmtOptEnd:
			continue
		}
		if minW, maxW, numeric := it.numWidthTS(); numeric {
			neg := false
			start := pos
			if it.kind == fmtYear && !it.yoe && it.count != 2 && pos < len(s) && (s[pos] == '-' || s[pos] == '+' && it.count >= 4) {
				neg = s[pos] == '-'
				pos++
				if it.count >= 4 {
					maxW = 10
					if !neg {
						minW = it.count + 1
					}
				}
			}
			avail := 0
			for pos+avail < len(s) && isDigit(s[pos+avail]) {
				avail++
			}
			reserve := 0
			for _, next := range items[k+1:] {
				nmin, nmax, ok := next.numWidthTS()
				if !ok || next.kind == fmtFraction && nmin != nmax {
					break
				}
				reserve += nmin
			}
			digits := min(avail, maxW)
			if reserve > 0 && avail-reserve < digits {
				digits = max(minW, avail-reserve)
			}
			if digits < minW || digits > avail || digits > 10 && it.kind != fmtFraction {
				return 0, start
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
			case fmtHour:
				f.hour, f.hasHour = v, true
			case fmtClockHour:
				f.clockHour, f.hasClockHour = v, true
			case fmtHourAP:
				f.hourAP, f.hasHourAP = v, true
			case fmtClockHourAP:
				f.clockHourAP, f.hasClockHourAP = v, true
			case fmtMinute:
				f.minute, f.hasMinute = v, true
			case fmtSecond:
				f.second, f.hasSecond = v, true
			case fmtFraction:
				for d := digits; d < 9; d++ {
					v *= 10
				}
				f.nanos, f.hasNanos = v, true
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
		case fmtEra:
			if it.count == 4 {
				i, n = matchName(rest, []string{"Before Christ", "Anno Domini"}, false)
			} else {
				i, n = matchName(rest, []string{"BC", "AD"}, false)
			}
			f.era, f.hasEra = int64(i), true
		case fmtAmPm:
			i, n = matchName(rest, amPm[:], false)
			f.ampm, f.hasAmPm = int64(i), true
		case fmtZoneID, fmtZoneName:
			var z *Zone
			z, n = parseZoneText(rest, it.kind == fmtZoneName)
			if z == nil {
				i = -1
			}
			f.zone = z
		case fmtOffsetO:
			var off int32
			off, n = parseLocalizedOffset(rest, it.count == 4)
			if n == 0 {
				i = -1
			}
			f.zone = FixedZone(off)
		case fmtOffset:
			var off int32
			if it.off.full {
				off, n = parseLocalizedOffset(rest, true)
			} else {
				off, n = parseOffset(rest, it.off)
			}
			if n == 0 {
				i = -1
			}
			f.zone = FixedZone(off)
		}
		if i < 0 {
			return 0, pos
		}
		pos += n
	}
	return pos, -1
}

// matchingEnd is the index of the fmtOptEnd closing the section opened at k.
func matchingEnd(items []fmtItem, k int) int {
	depth := 0
	for j := k; j < len(items); j++ {
		switch items[j].kind {
		case fmtOptStart:
			depth++
		case fmtOptEnd:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(items) - 1
}

// zoneAbbrevs are the zone names the letter z reads that are not zone IDs:
// the abbreviations java.time's US names give these zones.
var zoneAbbrevs = map[string]string{
	"EST": "America/New_York", "EDT": "America/New_York", "CST": "America/Chicago", "CDT": "America/Chicago",
	"MST": "America/Denver", "MDT": "America/Denver", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
	"CET": "Europe/Paris", "CEST": "Europe/Paris", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
	"EET": "Europe/Athens", "EEST": "Europe/Athens", "BST": "Europe/London", "JST": "Asia/Tokyo",
	"AKST": "America/Anchorage", "AKDT": "America/Anchorage", "HST": "Pacific/Honolulu",
}

// parseZoneText reads a zone at the start of s: an offset, 'Z', UTC / GMT /
// UT with an optional offset, a region ID (the longest that exists), and
// for z also the abbreviations of zoneAbbrevs. It returns the zone and the
// bytes read (nil, 0 when none).
func parseZoneText(s string, names bool) (*Zone, int) {
	n := 0
	for n < len(s) && (isDigit(s[n]) || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || strings.IndexByte("~/._+-:", s[n]) >= 0) {
		n++
	}
	if n > 0 && (s[0] == '+' || s[0] == '-') {
		off, k := parseOffset(s, offsetStyle{colon: true, minutes: 1, seconds: true})
		if k == 0 {
			return nil, 0
		}
		return FixedZone(off), k
	}
	for k := n; k > 0; k-- {
		id := s[:k]
		if names {
			if m, ok := zoneAbbrevs[strings.ToUpper(id)]; ok {
				z, _ := ParseZoneID(m)
				return z, k
			}
		}
		if _, isShort := shortIDs[id]; isShort {
			continue
		}
		if z, err := ParseZoneID(id); err == nil {
			return z, k
		}
	}
	return nil, 0
}

// parseOffset reads an offset in an X, x or Z style: the zero text, or a
// sign, two-digit hours, then minutes and seconds as the style has them.
func parseOffset(s string, st offsetStyle) (int32, int) {
	if st.zero != "" && len(s) >= len(st.zero) && strings.EqualFold(s[:len(st.zero)], st.zero) {
		return 0, len(st.zero)
	}
	if len(s) < 3 || (s[0] != '+' && s[0] != '-') || !isDigit(s[1]) || !isDigit(s[2]) {
		return 0, 0
	}
	h := int32(s[1]-'0')*10 + int32(s[2]-'0')
	n := 3
	var m, sec int32
	part := func(required bool) (int32, bool) {
		p := n
		if st.colon {
			if p >= len(s) || s[p] != ':' {
				return 0, !required
			}
			p++
		}
		if p+1 >= len(s) || !isDigit(s[p]) || !isDigit(s[p+1]) {
			return 0, !required
		}
		n = p + 2
		return int32(s[p]-'0')*10 + int32(s[p+1]-'0'), true
	}
	var ok bool
	if m, ok = part(st.minutes == 2); !ok {
		return 0, 0
	}
	if st.seconds && n > 3 {
		if sec, ok = part(false); !ok {
			return 0, 0
		}
	}
	if h > 18 || m > 59 || sec > 59 || h == 18 && (m > 0 || sec > 0) {
		return 0, 0
	}
	off := h*3600 + m*60 + sec
	if s[0] == '-' {
		off = -off
	}
	return off, n
}

// parseLocalizedOffset reads O ("GMT", "GMT+8", "GMT+8:30") or OOOO
// ("GMT+08:00").
func parseLocalizedOffset(s string, full bool) (int32, int) {
	if len(s) < 3 || !strings.EqualFold(s[:3], "GMT") {
		return 0, 0
	}
	if len(s) == 3 || s[3] != '+' && s[3] != '-' {
		return 0, 3
	}
	p := 4
	h := 0
	digits := 0
	for p < len(s) && isDigit(s[p]) && digits < 2 {
		h = h*10 + int(s[p]-'0')
		p++
		digits++
	}
	if digits == 0 || full && digits != 2 {
		return 0, 3
	}
	m, sec := 0, 0
	if p+2 < len(s)+0 && s[p] == ':' && isDigit(s[p+1]) && p+2 < len(s) && isDigit(s[p+2]) {
		m = int(s[p+1]-'0')*10 + int(s[p+2]-'0')
		p += 3
		if p+2 < len(s) && s[p] == ':' && isDigit(s[p+1]) && isDigit(s[p+2]) {
			sec = int(s[p+1]-'0')*10 + int(s[p+2]-'0')
			p += 3
		}
	} else if full {
		return 0, 3
	}
	if h > 18 || m > 59 || sec > 59 || h == 18 && (m > 0 || sec > 0) {
		return 0, 0
	}
	off := int32(h*3600 + m*60 + sec)
	if s[3] == '-' {
		off = -off
	}
	return off, p
}

// timeOfDayFields resolves the time fields as java.time's STRICT resolver
// and Spark's toLocalTime: k 24 is hour 0, h 12 is hour 0 of its half, a
// with h or K gives the hour of day, h or K without a is the morning, a
// alone is 00:00 or 12:00; fields that disagree are a conflict.
func (f *dtFields) timeOfDay() (int64, string) {
	type rng struct {
		has    bool
		v      int64
		lo, hi int64
		name   string
	}
	for _, r := range []rng{
		{f.hasHour, f.hour, 0, 23, "HourOfDay"}, {f.hasClockHour, f.clockHour, 1, 24, "ClockHourOfDay"},
		{f.hasHourAP, f.hourAP, 0, 11, "HourOfAmPm"}, {f.hasClockHourAP, f.clockHourAP, 1, 12, "ClockHourOfAmPm"},
		{f.hasMinute, f.minute, 0, 59, "MinuteOfHour"}, {f.hasSecond, f.second, 0, 59, "SecondOfMinute"},
	} {
		if r.has && (r.v < r.lo || r.v > r.hi) {
			return 0, "Invalid value for " + r.name + " (valid values " + strconv.FormatInt(r.lo, 10) + " - " +
				strconv.FormatInt(r.hi, 10) + "): " + strconv.FormatInt(r.v, 10)
		}
	}
	const conflict = "Conflict found: the hour fields do not agree"
	hod, hasHod := f.hour, f.hasHour
	if f.hasClockHour {
		h := f.clockHour % 24
		if hasHod && h != hod {
			return 0, conflict
		}
		hod, hasHod = h, true
	}
	hap, hasHap := f.hourAP, f.hasHourAP
	if f.hasClockHourAP {
		h := f.clockHourAP % 12
		if hasHap && h != hap {
			return 0, conflict
		}
		hap, hasHap = h, true
	}
	switch {
	case f.hasAmPm && hasHap:
		h := f.ampm*12 + hap
		if hasHod && h != hod {
			return 0, conflict
		}
		hod, hasHod = h, true
	case hasHap:
		if hasHod && hod%12 != hap {
			return 0, conflict
		}
		if !hasHod {
			hod, hasHod = hap, true
		}
	case f.hasAmPm:
		if hasHod && hod/12 != f.ampm {
			return 0, conflict
		}
		if !hasHod {
			hod = f.ampm * 12
		}
	}
	return hod*MicrosPerHour + f.minute*MicrosPerMinute + f.second*MicrosPerSecond + f.nanos/1000, ""
}

// parse reads s: the local day and time of day, and the zone of the text
// (nil when it has none).
func (p *DatetimePattern) parse(s, tryFn string) (days, tod int64, zone *Zone, err *Error) {
	if e := p.ParseErr(); e != nil {
		return 0, 0, nil, e
	}
	var f dtFields
	pos, failAt := parseItems(p.items, s, 0, &f)
	if failAt >= 0 {
		return 0, 0, nil, parseFailureFn(s, atIndex(failAt), tryFn)
	}
	if pos < len(s) {
		return 0, 0, nil, parseFailureFn(s, ", unparsed text found"+atIndex(pos), tryFn)
	}
	if f.hasEra && f.hasYear {
		if f.year < 1 {
			return 0, 0, nil, parseFailureFn(s, ": Invalid value for YearOfEra: "+strconv.FormatInt(f.year, 10), tryFn)
		}
		if f.era == 0 {
			f.year = 1 - f.year
		}
	}
	d, derr := f.parsed.resolveWith(s, func(s, detail string) *Error { return parseFailureFn(s, detail, tryFn) })
	if derr != nil {
		return 0, 0, nil, derr
	}
	t, msg := f.timeOfDay()
	if msg != "" {
		return 0, 0, nil, parseFailureFn(s, ": "+msg, tryFn)
	}
	return int64(d), t, f.zone, nil
}

// Parse reads s with the pattern as a TIMESTAMP: the wall-clock reading in
// the text's zone when it has one, else in the session zone z (a gap moves
// later, an overlap takes the earlier offset). Errors are
// CANNOT_PARSE_TIMESTAMP (naming tryFn, the try_ function Spark suggests)
// or the pattern's INVALID_DATETIME_PATTERN.
func (p *DatetimePattern) Parse(s string, z *Zone, tryFn string) (int64, *Error) {
	days, tod, zone, err := p.parse(s, tryFn)
	if err != nil {
		return 0, err
	}
	if zone != nil {
		z = zone
	}
	us, ok := z.fromLocalParts(days, tod, NoPreference)
	if !ok {
		return 0, parseFailureFn(s, ": the instant is out of the TIMESTAMP range", tryFn)
	}
	return us, nil
}

// ParseNTZ reads s with the pattern as a TIMESTAMP_NTZ (to_timestamp_ntz):
// the wall-clock reading, a zone in the text refused as Spark's
// parseWithoutTimeZone(allowTimeZone = false) does.
func (p *DatetimePattern) ParseNTZ(s, tryFn string) (int64, *Error) {
	days, tod, zone, err := p.parse(s, tryFn)
	if err != nil {
		return 0, err
	}
	if zone != nil {
		return 0, parseFailureFn(s, ": a TIMESTAMP_NTZ has no time zone", tryFn)
	}
	us, ok := UTC.fromLocalParts(days, tod, NoPreference)
	if !ok {
		return 0, parseFailureFn(s, ": the reading is out of the TIMESTAMP_NTZ range", tryFn)
	}
	return us, nil
}

// ToTimestampFmt is to_timestamp(s, fmt): s read with the datetime pattern
// fmt in the session zone z. Text that does not match raises
// CANNOT_PARSE_TIMESTAMP (Spark's ANSI mode), an invalid pattern
// INVALID_DATETIME_PATTERN.
func ToTimestampFmt(s, pattern string, z *Zone) (int64, *Error) {
	return datetimePattern(pattern).parseIn(s, z, "try_to_timestamp")
}

// parseIn is Parse after the pattern's own error.
func (p *DatetimePattern) parseIn(s string, z *Zone, tryFn string) (int64, *Error) {
	if p.err != nil {
		return 0, p.err
	}
	return p.Parse(s, z, tryFn)
}

// ToTimestampFmtDefined is the guard of try_to_timestamp(s, fmt): whether
// the pattern is valid and s matches it.
func ToTimestampFmtDefined(s, pattern string, z *Zone) bool {
	_, err := ToTimestampFmt(s, pattern, z)
	return err == nil
}

// TryToTimestampFmt is the value of try_to_timestamp(s, fmt) where its guard
// holds (0 elsewhere).
func TryToTimestampFmt(s, pattern string, z *Zone) int64 {
	us, _ := ToTimestampFmt(s, pattern, z)
	return us
}

// ToTimestampNTZFmt is to_timestamp_ntz(s, fmt): s read with the pattern as
// a wall-clock reading; a zone in the text is an error.
func ToTimestampNTZFmt(s, pattern string) (int64, *Error) {
	p := datetimePattern(pattern)
	if p.err != nil {
		return 0, p.err
	}
	return p.ParseNTZ(s, "try_to_timestamp")
}

// DefaultTimestampPattern is the pattern of unix_timestamp(s) and
// from_unixtime(n) without one (Spark's TimestampFormatter.defaultPattern).
const DefaultTimestampPattern = "yyyy-MM-dd HH:mm:ss"

// ToUnixTimestampFmt is to_unix_timestamp(s, fmt) and unix_timestamp(s,
// fmt): the seconds since the epoch (floored) of s read with the pattern in
// the zone z. Errors as ToTimestampFmt.
func ToUnixTimestampFmt(s, pattern string, z *Zone) (int64, *Error) {
	us, err := datetimePattern(pattern).parseIn(s, z, "try_to_timestamp")
	if err != nil {
		return 0, err
	}
	return floorDiv(us, MicrosPerSecond), nil
}

// FromUnixTime is from_unixtime(sec, fmt): the instant sec seconds after the
// epoch written with the pattern in the zone z. Seconds beyond the TIMESTAMP
// range raise ARITHMETIC_OVERFLOW (Spark's multiplyExact).
func FromUnixTime(sec int64, pattern string, z *Zone) (string, *Error) {
	us, ok := mulMicrosSec(sec)
	if !ok {
		return "", ErrLongOverflow
	}
	return DateFormatTimestamp(us, pattern, z)
}
