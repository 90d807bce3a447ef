package rt

import (
	"strconv"
	"strings"
)

// Parsing text with a TIMESTAMP datetime pattern (to_timestamp,
// try_to_timestamp, unix_timestamp, to_unix_timestamp, to_timestamp_ntz),
// as java.time's DateTimeFormatter in Spark's configuration: case-insensitive
// text, adjacent numeric fields sharing a run of digits, a variable-length
// fraction, optional sections, then the STRICT resolver (fields in range,
// agreeing with each other) and Spark's defaults for missing fields. The
// pattern engine is in tsfmt.go.

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
