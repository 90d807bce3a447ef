package rt

import (
	"strconv"
	"sync/atomic"
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
	// fixed is the pattern's fixed-width writer when it has only literals
	// and yyyy, MM, dd, HH, mm, ss (tsfmt_fixed.go), else nil.
	fixed *fixedLayout
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
	if err == nil {
		p.fixed = compileFixed(items)
	}
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

// datetimePattern is the cached compiled pattern. Kernels call it on every
// row with their (usually constant) pattern, so the pattern found last is
// checked first: one atomic load and a string comparison (the same string
// in memory compares by pointer) instead of a lock and a map lookup.
func datetimePattern(pattern string) *DatetimePattern {
	if last := lastDatetimePattern.Load(); last != nil && last.src == pattern {
		return last.p
	}
	p := datetimePatternCache.get(pattern, func() *DatetimePattern { return CompileDatetimePattern(pattern) })
	lastDatetimePattern.Store(&namedPattern{pattern, p})
	return p
}

// namedPattern is a compiled pattern and its text, datetimePattern's last.
type namedPattern struct {
	src string
	p   *DatetimePattern
}

// lastDatetimePattern is the pattern datetimePattern returned last.
var lastDatetimePattern atomic.Pointer[namedPattern]

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
	// The common fields (MM, dd, HH, mm, ss; yyyy of years 1000-9999)
	// without a loop or strconv.
	switch {
	case width <= 2 && n >= 10 && n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	case width == 2 && n >= 0 && n < 10:
		return append(b, '0', byte('0'+n))
	case width == 4 && n >= 1000 && n < 10000:
		hi, lo := n/100, n%100
		return append(b, byte('0'+hi/10), byte('0'+hi%10), byte('0'+lo/10), byte('0'+lo%10))
	}
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
	z    *ZoneCursor
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
func (p *DatetimePattern) Format(us int64, z *ZoneCursor) string {
	var buf [64]byte
	return string(p.appendTimestamp(buf[:0], us, z))
}

// appendTimestamp appends the TIMESTAMP us written in the zone z with the
// pattern, which must be valid.
func (p *DatetimePattern) appendTimestamp(b []byte, us int64, z *ZoneCursor) []byte {
	if p.fixed != nil {
		if r, ok := p.fixed.appendFixed(b, us, z); ok {
			return r
		}
	}
	sec := floorDiv(us, MicrosPerSecond)
	off := z.OffsetSeconds(sec)
	days, tod := splitLocal(us, int64(off)*MicrosPerSecond)
	v := dtValue{days: days, tod: tod, off: off, sec: sec, z: z}
	return appendFormat(b, p.items, &v)
}

// DateFormatTimestampIn is DateFormatTimestampIn(us, pattern, zc), the text
// written into the arena.
func (a *Arena) DateFormatTimestampIn(us int64, pattern string, zc *ZoneCursor) (string, *Error) {
	p := datetimePattern(pattern)
	if p.err != nil {
		return "", p.err
	}
	a.reserve(32)
	start := len(a.buf)
	a.buf = p.appendTimestamp(a.buf, us, zc)
	return a.done(start), nil
}

// DateFormatTimestamp is date_format(ts, fmt): the TIMESTAMP us written in
// the session zone z with the datetime pattern fmt; a TIMESTAMP_NTZ is
// written with z = UTC. An invalid pattern raises INVALID_DATETIME_PATTERN.
func DateFormatTimestamp(us int64, pattern string, z *ZoneCursor) (string, *Error) {
	p := datetimePattern(pattern)
	if p.err != nil {
		return "", p.err
	}
	return p.Format(us, z), nil
}

// FromUnixTime is from_unixtime(sec, fmt): the instant sec seconds after the
// epoch written with the pattern in the zone z. Seconds beyond the TIMESTAMP
// range raise ARITHMETIC_OVERFLOW (Spark's multiplyExact).
func FromUnixTime(sec int64, pattern string, z *ZoneCursor) (string, *Error) {
	us, ok := mulMicrosSec(sec)
	if !ok {
		return "", ErrLongOverflow
	}
	return DateFormatTimestamp(us, pattern, z)
}
