package rt

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The zone rules come from zoneinfo.zip, a copy of the IANA database Go
// releases ship ($GOROOT/lib/time/zoneinfo.zip, the data package
// time/tzdata embeds), embedded here and so linked into exprc and into every
// generated evaluator; never from the host's /usr/share/zoneinfo, which
// time.LoadLocation prefers: a result must not depend on the machine
// (docs/semantics.md 10.2).
//
//go:embed zoneinfo.zip
var zoneinfoZip []byte

// Time zones for the TIMESTAMP kernels (docs/semantics.md 10.2).
//
// A TIMESTAMP is int64 microseconds since the epoch (an instant), a
// TIMESTAMP_NTZ int64 microseconds of a wall-clock reading taken as UTC.
// Kernels that turn one into the other take a *Zone, found once per query
// by ZoneOf (the session zone's name) or ParseZoneID (a zone argument) and
// shared by every row, or a ZoneCursor over it (zonecursor.go). A Zone
// holds the zone's transitions from its first to the year 2200 in a sorted
// table, so the per-row conversions are a binary search and integer
// arithmetic: no allocation, no time.Time. A fixed-offset zone (UTC, '+01:00')
// has no transitions and is pure int64 arithmetic. Instants past the table
// (only zones whose rules still change offsets, after 2200) ask the
// time.Location for the few transitions around them.

// MicrosPerMilli is the microseconds in a millisecond (interval.go has
// MicrosPerSecond to MicrosPerDay).
const MicrosPerMilli int64 = 1000

// InvalidTimezone is Spark's class for a zone text getZoneId refuses in a
// function argument (from_utc_timestamp, convert_timezone, make_timestamp).
const InvalidTimezone = "INVALID_TIMEZONE"

// zoneTrans is one offset change: at instant at (seconds since the epoch)
// the offset goes from before to after (seconds east of UTC). localLo is the
// first wall-clock reading (seconds, read as UTC) that the change affects:
// the start of the gap or of the overlap, at + min(before, after).
type zoneTrans struct {
	at, localLo   int64
	before, after int32
}

// tableEnd is the first instant (seconds) the transition table does not
// cover: 2200-01-01T00:00:00Z.
const tableEnd int64 = 7258118400

// Zone is a time zone prepared for per-row conversions. It is immutable and
// safe for concurrent use.
type Zone struct {
	loc   *time.Location
	name  string
	first int32       // the offset before the first transition (or always, when fixed)
	trans []zoneTrans // ordered by at (and so by localLo)
	// open is true when the zone still has transitions at tableEnd, so
	// instants past it need the time.Location.
	open bool
}

// UTC is the zone of TIMESTAMP_NTZ arithmetic and exprc's default session
// zone.
var UTC = &Zone{loc: time.UTC, name: "UTC"}

var zoneCache sync.Map // *time.Location -> *Zone

// zoneOfLocation returns the prepared Zone of loc, building its transition
// table the first time loc is seen (cached per *time.Location, so callers
// build it once per query and never per row). A nil loc is UTC.
func zoneOfLocation(loc *time.Location) *Zone {
	if loc == nil || loc == time.UTC {
		return UTC
	}
	if z, ok := zoneCache.Load(loc); ok {
		return z.(*Zone)
	}
	z := buildZone(loc)
	actual, _ := zoneCache.LoadOrStore(loc, z)
	return actual.(*Zone)
}

// buildZone walks loc's zone periods with time.Time.ZoneBounds from the
// earliest instant a TIMESTAMP can hold to tableEnd.
func buildZone(loc *time.Location) *Zone {
	z := &Zone{loc: loc, name: loc.String()}
	t := time.Unix(math.MinInt64/MicrosPerSecond-1, 0).In(loc)
	_, off := t.Zone()
	z.first = int32(off)
	prev := int32(off)
	for {
		start, end := t.ZoneBounds()
		if _, o := t.Zone(); int32(o) != prev {
			at := start.Unix()
			z.trans = append(z.trans, zoneTrans{at: at, localLo: at + int64(min(prev, int32(o))), before: prev, after: int32(o)})
			prev = int32(o)
		}
		if end.IsZero() {
			return z
		}
		if end.Unix() >= tableEnd {
			z.open = true
			return z
		}
		t = nextPeriod(t, end)
	}
}

// nextPeriod is the instant after t to look up next when walking a zone's
// periods: the end of t's period, or, where Go's rule-based range reports an
// end that does not advance (at a year boundary), one hour later.
func nextPeriod(t, end time.Time) time.Time {
	if end.After(t) {
		return end
	}
	return t.Add(time.Hour)
}

// Location is the zone's *time.Location.
func (z *Zone) Location() *time.Location { return z.loc }

// String is the zone's ID as it was given ("Europe/Paris", "UTC", "+01:00").
func (z *Zone) String() string { return z.name }

// IsFixed reports whether the zone has a single offset forever (UTC, a fixed
// offset), for which every conversion is one addition.
func (z *Zone) IsFixed() bool { return len(z.trans) == 0 && !z.open }

// floorDiv is Java's Math.floorDiv: the quotient rounded toward negative
// infinity, so -1 µs is in second -1.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// floorMod is Java's Math.floorMod: a - floorDiv(a, b)*b, with b's sign.
func floorMod(a, b int64) int64 {
	m := a % b
	if m != 0 && ((m < 0) != (b < 0)) {
		m += b
	}
	return m
}

// OffsetSeconds is the zone's offset (seconds east of UTC) at the instant
// sec (seconds since the epoch). An instant has exactly one offset.
func (z *Zone) OffsetSeconds(sec int64) int32 {
	if len(z.trans) == 0 && !z.open {
		return z.first
	}
	if z.open && sec >= tableEnd {
		_, o := time.Unix(sec, 0).In(z.loc).Zone()
		return int32(o)
	}
	// The last transition at or before sec.
	i := searchAt(z.trans, sec)
	if i < 0 {
		return z.first
	}
	return z.trans[i].after
}

// OffsetMicros is the zone's offset, in microseconds, at the TIMESTAMP us.
func (z *Zone) OffsetMicros(us int64) int64 {
	return int64(z.OffsetSeconds(floorDiv(us, MicrosPerSecond))) * MicrosPerSecond
}

// LocalDayAndTime splits the TIMESTAMP us into the zone's wall-clock reading:
// days since 1970-01-01 and microseconds into that day. It cannot overflow,
// even at the ends of the int64 range, where the reading as one int64 would.
func (z *Zone) LocalDayAndTime(us int64) (days, tod int64) {
	return splitLocal(us, z.OffsetMicros(us))
}

// splitLocal is LocalDayAndTime for the offset off (microseconds) of us.
func splitLocal(us, off int64) (days, tod int64) {
	days, tod = floorDiv(us, MicrosPerDay), floorMod(us, MicrosPerDay)
	tod += off
	if tod < 0 {
		tod += MicrosPerDay
		days--
	} else if tod >= MicrosPerDay {
		tod -= MicrosPerDay
		days++
	}
	return days, tod
}

// ToLocal is the zone's wall-clock reading of the TIMESTAMP us, as
// microseconds read as UTC (a TIMESTAMP_NTZ). ok is false when the reading
// is outside int64 microseconds (within 18 hours of the ends).
func (z *Zone) ToLocal(us int64) (local int64, ok bool) { return addOffset(us, z.OffsetMicros(us)) }

// addOffset is us + off, ok false when it overflows.
func addOffset(us, off int64) (int64, bool) {
	r := us + off
	if off > 0 && r < us || off < 0 && r > us {
		return 0, false
	}
	return r, true
}

// NoPreference is the preferred offset argument of FromLocal that prefers
// none: an overlap then takes the earlier offset, as ZonedDateTime.of.
const NoPreference int32 = math.MinInt32

// resolveSec is java.time's ZonedDateTime.ofLocal for the wall-clock reading
// local (seconds, read as UTC): it returns the offset to subtract. In a gap
// the reading moves later by the gap's length, so the offset before the
// gap applies (local - before is the same instant as (local + gap) -
// after); in an overlap the preferred offset when it is one of the two,
// else the earlier one (the offset before the change).
func (z *Zone) resolveSec(local int64, pref int32) int32 {
	if len(z.trans) == 0 && !z.open {
		return z.first
	}
	trans := z.trans
	var near [6]zoneTrans
	if z.open && local >= tableEnd-2*86400 {
		trans = z.transitionsNear(local, near[:0])
	}
	i := searchLocal(trans, local)
	if i < 0 {
		if len(trans) > 0 {
			return trans[0].before
		}
		if z.open {
			return z.OffsetSeconds(local)
		}
		return z.first
	}
	t := trans[i]
	hi := t.at + int64(max(t.before, t.after))
	if local < hi {
		// In the gap or the overlap.
		if t.after < t.before && pref == t.after {
			return t.after
		}
		return t.before
	}
	return t.after
}

// transitionsNear lists the zone's transitions within two days of the
// wall-clock reading local (seconds), for readings past the table.
func (z *Zone) transitionsNear(local int64, buf []zoneTrans) []zoneTrans {
	t := time.Unix(local-3*86400, 0).In(z.loc)
	_, o := t.Zone()
	prev := int32(o)
	for len(buf) < cap(buf) {
		start, end := t.ZoneBounds()
		if _, o := t.Zone(); int32(o) != prev {
			at := start.Unix()
			buf = append(buf, zoneTrans{at: at, localLo: at + int64(min(prev, int32(o))), before: prev, after: int32(o)})
			prev = int32(o)
		}
		if end.IsZero() || end.Unix() > local+3*86400 {
			break
		}
		t = nextPeriod(t, end)
	}
	if len(buf) == 0 {
		// No change near: a zero-length pseudo transition carries the offset.
		buf = append(buf, zoneTrans{at: math.MinInt64 / 2, localLo: math.MinInt64 / 2, before: prev, after: prev})
	}
	return buf
}

// FromLocal is the TIMESTAMP of the wall-clock reading local (microseconds
// read as UTC) in the zone, by java.time's rules (docs/semantics.md 10.2): a
// reading in a gap moves later by the gap's length, one in an overlap takes
// pref when it is one of its two offsets (seconds; NoPreference for none),
// else the earlier offset. ok is false when the instant is outside int64
// microseconds.
func (z *Zone) FromLocal(local int64, pref int32) (int64, bool) {
	return subOffset(local, int64(z.resolveSec(floorDiv(local, MicrosPerSecond), pref))*MicrosPerSecond)
}

// subOffset is local - off, ok false when it overflows.
func subOffset(local, off int64) (int64, bool) {
	r := local - off
	if off > 0 && r > local || off < 0 && r < local {
		return 0, false
	}
	return r, true
}

// fromLocalParts is FromLocal for a reading given as days and microseconds
// into the day, which may be outside int64 as one number.
func (z *Zone) fromLocalParts(days, tod int64, pref int32) (int64, bool) {
	sec := days*86400 + floorDiv(tod, MicrosPerSecond)
	return instantOfParts(sec, tod, int64(z.resolveSec(sec, pref)))
}

// instantOfParts is the instant of the reading sec (whole seconds, read as
// UTC) and tod's fraction of a second at the offset off (seconds), ok false
// outside int64 microseconds.
func instantOfParts(sec, tod, off int64) (int64, bool) {
	// The instant in seconds and the micro remainder, checked against the
	// int64 range before they are combined (a negative instant is built
	// from the next second down, so the smallest one does not overflow).
	isec := sec - off
	frac := floorMod(tod, MicrosPerSecond)
	if isec >= 0 {
		if isec > math.MaxInt64/MicrosPerSecond {
			return 0, false
		}
		base := isec * MicrosPerSecond
		r := base + frac
		if r < base {
			return 0, false
		}
		return r, true
	}
	if isec+1 < math.MinInt64/MicrosPerSecond {
		return 0, false
	}
	base := (isec + 1) * MicrosPerSecond
	r := base + frac - MicrosPerSecond
	if r > base {
		return 0, false
	}
	return r, true
}

// StartOfDay is the TIMESTAMP at which the day days (since 1970-01-01) starts
// in the zone: its midnight, or, when midnight is in a gap, the end of the
// gap (java.time's LocalDate.atStartOfDay(zone), Spark's daysToMicros); an
// overlap takes the earlier offset.
func (z *Zone) StartOfDay(days int64) (int64, bool) {
	sec := days * 86400
	off := z.resolveSec(sec, NoPreference)
	if !z.IsFixed() {
		// In a gap atStartOfDay moves to the transition itself, not
		// midnight plus the gap's length.
		if at, ok := z.gapAt(sec); ok {
			return mulMicrosSec(at)
		}
	}
	return z.fromLocalParts(days, 0, off)
}

// gapAt returns the instant (seconds) of the transition whose gap holds the
// wall-clock reading local (seconds).
func (z *Zone) gapAt(local int64) (int64, bool) {
	trans := z.trans
	var near [6]zoneTrans
	if z.open && local >= tableEnd-2*86400 {
		trans = z.transitionsNear(local, near[:0])
	}
	i := searchLocal(trans, local)
	if i < 0 {
		return 0, false
	}
	t := trans[i]
	if t.after > t.before && local < t.at+int64(t.after) {
		return t.at, true
	}
	return 0, false
}

// mulMicrosSec is sec seconds as microseconds, ok false on overflow.
func mulMicrosSec(sec int64) (int64, bool) {
	if sec > math.MaxInt64/MicrosPerSecond || sec < math.MinInt64/MicrosPerSecond {
		return 0, false
	}
	return sec * MicrosPerSecond, true
}

// fixedZoneCache keeps the Zones of fixed offsets, by offset in seconds.
var fixedZoneCache sync.Map // int32 -> *Zone

// FixedZone is the Zone of a constant offset (seconds east of UTC), named as
// java.time's ZoneOffset.getId prints it ("Z", "+01:00", "-05:30:15").
func FixedZone(off int32) *Zone {
	if off == 0 {
		return UTC
	}
	if z, ok := fixedZoneCache.Load(off); ok {
		return z.(*Zone)
	}
	name := string(appendOffsetID(nil, off))
	z := &Zone{loc: time.FixedZone(name, int(off)), name: name, first: off}
	actual, _ := fixedZoneCache.LoadOrStore(off, z)
	return actual.(*Zone)
}

// ZoneOffsetID is the ID java.time.ZoneOffset gives a fixed offset of off
// seconds: "Z" for zero, else appendOffsetID's form (SET TIME ZONE INTERVAL
// names its zone so).
func ZoneOffsetID(off int32) string {
	if off == 0 {
		return "Z"
	}
	return string(appendOffsetID(nil, off))
}

// appendOffsetID writes an offset as ZoneOffset's ID: ±hh:mm, then :ss when
// the seconds are not zero.
func appendOffsetID(b []byte, off int32) []byte {
	if off < 0 {
		b = append(b, '-')
		off = -off
	} else {
		b = append(b, '+')
	}
	b = append2(b, int(off/3600))
	b = append(b, ':')
	b = append2(b, int(off/60%60))
	if off%60 != 0 {
		b = append(b, ':')
		b = append2(b, int(off%60))
	}
	return b
}

// append2 appends 0 <= n < 100 as two digits.
func append2(b []byte, n int) []byte { return append(b, byte('0'+n/10), byte('0'+n%10)) }

// shortIDs is java.time's ZoneId.SHORT_IDS, which Spark's getZoneId passes
// to ZoneId.of: three-letter names that are not IANA IDs.
var shortIDs = map[string]string{
	"ACT": "Australia/Darwin", "AET": "Australia/Sydney", "AGT": "America/Argentina/Buenos_Aires",
	"ART": "Africa/Cairo", "AST": "America/Anchorage", "BET": "America/Sao_Paulo",
	"BST": "Asia/Dhaka", "CAT": "Africa/Harare", "CNT": "America/St_Johns",
	"CST": "America/Chicago", "CTT": "Asia/Shanghai", "EAT": "Africa/Addis_Ababa",
	"ECT": "Europe/Paris", "IET": "America/Indiana/Indianapolis", "IST": "Asia/Kolkata",
	"JST": "Asia/Tokyo", "MIT": "Pacific/Apia", "NET": "Asia/Yerevan",
	"NST": "Pacific/Auckland", "PLT": "Asia/Karachi", "PNT": "America/Phoenix",
	"PRT": "America/Puerto_Rico", "PST": "America/Los_Angeles", "SST": "Pacific/Guadalcanal",
	"VST": "Asia/Ho_Chi_Minh", "EST": "-05:00", "MST": "-07:00", "HST": "-10:00",
}

// regionCache keeps the Zones of region IDs.
var regionCache patternCache[string, *Zone]

// invalidTimezone is Spark's INVALID_TIMEZONE for the zone text id.
func invalidTimezone(id string) *Error {
	return NewError(InvalidTimezone, "The timezone: "+id+" is invalid. The timezone must be either a region-based "+
		"zone ID or a zone offset. Region IDs must have the form 'area/city', such as 'America/Los_Angeles'. "+
		"Zone offsets must be in the format '(+|-)HH', '(+|-)HH:mm' or '(+|-)HH:mm:ss', e.g '-08', '+01:00' or "+
		"'-13:33:33', and must be in the range from -18:00 to +18:00. 'Z' and 'UTC' are accepted as synonyms for '+00:00'.")
}

// ParseZoneID reads a zone as Spark's getZoneId: a one-digit hour ('+1:00')
// and a one-digit minute ('+01:5') are padded first, then java.time's
// ZoneId.of(id, SHORT_IDS): 'Z'; an offset '+h', '+hh', '+hh:mm', '+hhmm',
// '+hh:mm:ss', '+hhmmss' within ±18:00; 'UTC', 'GMT', 'UT' alone or followed
// by an offset; a SHORT_IDS name ('PST'); or an IANA region ID
// ('Europe/Paris', case-sensitive). Anything else is INVALID_TIMEZONE. Region
// zones are cached, so a zone that varies per row is loaded once.
func ParseZoneID(id string) (*Zone, *Error) {
	norm := padZoneID(id)
	if m, ok := shortIDs[norm]; ok {
		norm = m
	}
	switch {
	case norm == "Z":
		return UTC, nil
	case len(norm) <= 1:
		return nil, invalidTimezone(id)
	case norm[0] == '+' || norm[0] == '-':
		off, ok := parseOffsetID(norm)
		if !ok {
			return nil, invalidTimezone(id)
		}
		return FixedZone(off), nil
	case norm == "UTC" || norm == "GMT" || norm == "UT":
		return UTC, nil
	}
	for _, p := range [...]string{"UTC", "GMT", "UT"} {
		if len(norm) > len(p) && strings.HasPrefix(norm, p) && (norm[len(p)] == '+' || norm[len(p)] == '-') {
			off, ok := parseOffsetID(norm[len(p):])
			if !ok {
				return nil, invalidTimezone(id)
			}
			// ZoneId.of("GMT+01:00") is a region with fixed rules: the
			// same instants as the offset.
			return FixedZone(off), nil
		}
	}
	if !validRegionID(norm) {
		return nil, invalidTimezone(id)
	}
	z := regionCache.get(norm, func() *Zone {
		data, ok := tzFile(norm)
		if !ok {
			return nil
		}
		loc, err := time.LoadLocationFromTZData(norm, data)
		if err != nil {
			return nil
		}
		return zoneOfLocation(loc)
	})
	if z == nil {
		return nil, invalidTimezone(id)
	}
	return z, nil
}

// padZoneID is getZoneId's two rewrites: the first "(+|-)d:" gets a leading
// zero on its hour, then a trailing "(+|-)dd:d" one on its minute.
func padZoneID(id string) string {
	for i := 0; i+2 < len(id); i++ {
		if (id[i] == '+' || id[i] == '-') && isDigit(id[i+1]) && id[i+2] == ':' {
			id = id[:i+1] + "0" + id[i+1:]
			break
		}
	}
	if n := len(id); n >= 5 && (id[n-5] == '+' || id[n-5] == '-') && isDigit(id[n-4]) && isDigit(id[n-3]) && id[n-2] == ':' && isDigit(id[n-1]) {
		id = id[:n-1] + "0" + id[n-1:]
	}
	return id
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validRegionID is ZoneRegion's syntax check, [A-Za-z][A-Za-z0-9~/._+-]+,
// and refuses Go's own name "Local" (the host's zone), which is no IANA ID.
func validRegionID(id string) bool {
	if len(id) < 2 || id == "Local" {
		return false
	}
	c := id[0]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return false
	}
	for i := 1; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || strings.IndexByte("~/._+-", c) >= 0) {
			return false
		}
	}
	return !strings.Contains(id, "..")
}

// parseOffsetID is ZoneOffset.of: ±h, ±hh, ±hh:mm, ±hhmm, ±hh:mm:ss,
// ±hhmmss, at most 18:00:00, minutes and seconds below 60.
func parseOffsetID(s string) (int32, bool) {
	if len(s) < 2 || (s[0] != '+' && s[0] != '-') {
		return 0, false
	}
	neg := s[0] == '-'
	d := s[1:]
	num := func(p string) (int32, bool) {
		if len(p) != 2 || !isDigit(p[0]) || !isDigit(p[1]) {
			return 0, false
		}
		return int32(p[0]-'0')*10 + int32(p[1]-'0'), true
	}
	var h, m, sec int32
	var ok1, ok2, ok3 = true, true, true
	switch len(d) {
	case 1:
		if !isDigit(d[0]) {
			return 0, false
		}
		h = int32(d[0] - '0')
	case 2:
		h, ok1 = num(d)
	case 4:
		h, ok1 = num(d[:2])
		m, ok2 = num(d[2:])
	case 5:
		if d[2] != ':' {
			return 0, false
		}
		h, ok1 = num(d[:2])
		m, ok2 = num(d[3:])
	case 6:
		h, ok1 = num(d[:2])
		m, ok2 = num(d[2:4])
		sec, ok3 = num(d[4:])
	case 8:
		if d[2] != ':' || d[5] != ':' {
			return 0, false
		}
		h, ok1 = num(d[:2])
		m, ok2 = num(d[3:5])
		sec, ok3 = num(d[6:])
	default:
		return 0, false
	}
	if !ok1 || !ok2 || !ok3 || h > 18 || m > 59 || sec > 59 || h == 18 && (m != 0 || sec != 0) {
		return 0, false
	}
	off := h*3600 + m*60 + sec
	if neg {
		off = -off
	}
	return off, true
}

// zoneName is the zone's abbreviation at the instant sec, from the IANA
// database ("CET", "CEST", "EST"): what the pattern letters z..zzz write.
// Offsets print as java.time does for fixed zones and UTC ("UTC", "Z" is
// "Z"); an abbreviation the database gives as digits ("+03") prints as
// java.time's fallback, GMT and the offset ("GMT+03:00").
func (z *Zone) zoneName(sec int64) string {
	if z.IsFixed() {
		if z == UTC {
			return "UTC"
		}
		return z.name
	}
	name, off := time.Unix(sec, 0).In(z.loc).Zone()
	if name == "" || name[0] == '+' || name[0] == '-' || isDigit(name[0]) {
		if off == 0 {
			return "GMT"
		}
		return "GMT" + string(appendOffsetID(nil, int32(off)))
	}
	return name
}

// searchAt is the index of the last transition at or before the instant
// sec, -1 when there is none.
func searchAt(trans []zoneTrans, sec int64) int {
	lo, hi := 0, len(trans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if trans[m].at > sec {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo - 1
}

// searchLocal is the index of the last transition whose affected readings
// start at or before the reading local, -1 when there is none.
func searchLocal(trans []zoneTrans, local int64) int {
	lo, hi := 0, len(trans)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if trans[m].localLo > local {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo - 1
}

// tzFile is the TZif data of a region from the embedded archive.
func tzFile(id string) ([]byte, bool) {
	zoneArchive.once.Do(func() {
		zoneArchive.files = map[string]*zip.File{}
		r, err := zip.NewReader(bytes.NewReader(zoneinfoZip), int64(len(zoneinfoZip)))
		if err != nil {
			return
		}
		for _, f := range r.File {
			zoneArchive.files[f.Name] = f
		}
	})
	f, ok := zoneArchive.files[id]
	if !ok {
		return nil, false
	}
	rc, err := f.Open()
	if err != nil {
		return nil, false
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	return data, err == nil
}

// zoneArchive is the index of zoneinfo.zip, read on first use.
var zoneArchive struct {
	once  sync.Once
	files map[string]*zip.File
}

// namedZones caches ZoneOf by the name as SET TIME ZONE spelled it (valid
// names only).
var namedZones sync.Map // string -> *Zone

// ZoneOf returns the zone SET TIME ZONE names (Spark's getZoneId, as
// ParseZoneID), or ok false when getZoneId refuses the name. Zones are
// cached by name.
func ZoneOf(name string) (*Zone, bool) {
	if z, ok := namedZones.Load(name); ok {
		return z.(*Zone), true
	}
	z, err := ParseZoneID(name)
	if err != nil {
		return nil, false
	}
	namedZones.Store(name, z)
	return z, true
}

// ValidZone reports whether SET TIME ZONE accepts name (Spark's getZoneId),
// with the reason when it does not.
func ValidZone(name string) (ok bool, reason string) {
	if _, ok := ZoneOf(name); ok {
		return true, ""
	}
	return false, "Cannot resolve the given timezone " + strconv.Quote(name) + "."
}

// noPreference asks localToUTCSec for no preferred offset.
const noPreference = int64(NoPreference)

// localToUTCSec converts a wall-clock reading, in seconds since the epoch
// read as UTC, to UTC seconds as java.time.ZonedDateTime.ofLocal does (see
// FromLocal); pref is a preferred offset in seconds or noPreference.
func (z *Zone) localToUTCSec(local, pref int64) int64 {
	return local - int64(z.resolveSec(local, int32(pref)))
}

// secMicros is sec seconds and frac microseconds (0 <= frac < 10^6) as
// microseconds, ok false on overflow.
func secMicros(sec, frac int64) (int64, bool) {
	switch {
	case sec > -9223372036855 && sec < 9223372036854:
		return sec*1e6 + frac, true
	case sec == 9223372036854 && frac <= 775807:
		return sec*1e6 + frac, true
	case sec == -9223372036855 && frac >= 224192:
		return (sec+1)*1e6 + (frac - 1e6), true
	}
	return 0, false
}

// floorDivMod is Java's floorDiv and floorMod.
func floorDivMod(a, b int64) (int64, int64) { return floorDiv(a, b), floorMod(a, b) }
