package rt

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The session time zone (docs/semantics.md 10.2). A zone is named by the
// text of SET TIME ZONE (a region ID, an offset, a SHORT_IDS name), and its
// rules come from zoneinfo.zip, a copy of the IANA database Go releases ship
// ($GOROOT/lib/time/zoneinfo.zip, the data package time/tzdata embeds),
// never from the host's /usr/share/zoneinfo: time.LoadLocation prefers the
// host's files, so results would depend on the machine.
//
// A Zone keeps its offset changes as a table of UTC seconds, so converting
// an instant to a wall-clock reading and back is a binary search and integer
// arithmetic, never a time.Time per row.

//go:embed zoneinfo.zip
var zoneinfoZip []byte

// Zone is one session time zone's rules: a fixed offset, or the offset
// changes of an IANA region.
type Zone struct {
	// Name is the zone as SET TIME ZONE named it.
	Name string
	// first is the offset (seconds east of UTC) before the first change.
	first int64
	// at are the UTC seconds of the changes, sorted; before[i] and after[i]
	// the offsets just before and from at[i] (different from each other).
	at, before, after []int64
	// periodic: beyond the table's end the rules repeat every 400 years
	// (the Gregorian cycle, a whole number of weeks), so a later instant
	// is moved back by whole cycles into the table's last 400 years.
	periodic bool
}

const (
	// cycleSeconds is 400 Gregorian years: 146097 days.
	cycleSeconds = 146097 * 86400
	// tableEnd is 2500-01-01 00:00:00 UTC, where a region's table ends.
	tableEnd = 16725225600
	// tableStart is the instant the table's search for changes begins,
	// before every region's first change (year -1000).
	tableStart = -93692592000
	// maxOffset is Java's ZoneOffset bound, 18 hours.
	maxOffset = 18 * 3600
)

// UTC is the zone exprc uses when a spec sets none.
var UTC = &Zone{Name: "UTC"}

var (
	zoneCache   sync.Map // name -> *Zone, valid names only
	zoneArchive struct {
		once  sync.Once
		files map[string]*zip.File
	}
)

// ZoneOf returns the zone SET TIME ZONE names, or ok false when Spark's
// getZoneId refuses the name. Zones are cached, so a kernel may call it
// with its constant zone argument on every row.
func ZoneOf(name string) (*Zone, bool) {
	if z, ok := zoneCache.Load(name); ok {
		return z.(*Zone), true
	}
	z, ok := loadZone(name)
	if !ok {
		return nil, false
	}
	z.Name = name
	zoneCache.Store(name, z)
	return z, true
}

// zoneFor is ZoneOf of a name the compiler has already checked: the
// constant zone argument of a kernel.
func zoneFor(name string) *Zone {
	if name == "UTC" {
		return UTC
	}
	if z := lastZone.Load(); z != nil && z.Name == name {
		return z
	}
	if z, ok := ZoneOf(name); ok {
		lastZone.Store(z)
		return z
	}
	return UTC
}

// lastZone is the zone zoneFor found last: a query's kernels ask for one
// zone on every row.
var lastZone atomic.Pointer[Zone]

// shortIDs is java.time.ZoneId.SHORT_IDS, which Spark's getZoneId passes
// to ZoneId.of.
var shortIDs = map[string]string{
	"ACT": "Australia/Darwin", "AET": "Australia/Sydney", "AGT": "America/Argentina/Buenos_Aires",
	"ART": "Africa/Cairo", "AST": "America/Anchorage", "BET": "America/Sao_Paulo", "BST": "Asia/Dhaka",
	"CAT": "Africa/Harare", "CNT": "America/St_Johns", "CST": "America/Chicago", "CTT": "Asia/Shanghai",
	"EAT": "Africa/Addis_Ababa", "ECT": "Europe/Paris", "IET": "America/Indiana/Indianapolis",
	"IST": "Asia/Kolkata", "JST": "Asia/Tokyo", "MIT": "Pacific/Apia", "NET": "Asia/Yerevan",
	"NST": "Pacific/Auckland", "PLT": "Asia/Karachi", "PNT": "America/Phoenix", "PRT": "America/Puerto_Rico",
	"PST": "America/Los_Angeles", "SST": "Pacific/Guadalcanal", "VST": "Asia/Ho_Chi_Minh",
	"EST": "-05:00", "MST": "-07:00", "HST": "-10:00",
}

// Spark's getZoneId first pads a one-digit hour and a one-digit minute of
// an offset with a zero (+1:00 is +01:00, +01:0 is +01:00).
var (
	oneDigitHour   = regexp.MustCompile(`(\+|\-)(\d):`)
	oneDigitMinute = regexp.MustCompile(`(\+|\-)(\d\d):(\d)$`)
	regionID       = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9~/._+-]+$`)
)

// loadZone is Spark's getZoneId: java.time.ZoneId.of after the padding,
// with SHORT_IDS.
func loadZone(name string) (*Zone, bool) {
	id := name
	if loc := oneDigitHour.FindStringSubmatchIndex(id); loc != nil {
		id = id[:loc[0]] + id[loc[2]:loc[3]] + "0" + id[loc[4]:loc[5]] + ":" + id[loc[1]:]
	}
	if loc := oneDigitMinute.FindStringSubmatchIndex(id); loc != nil {
		id = id[:loc[0]] + id[loc[2]:loc[3]] + id[loc[4]:loc[5]] + ":0" + id[loc[6]:loc[7]]
	}
	if s, ok := shortIDs[id]; ok {
		id = s
	}
	if len(id) <= 1 || id[0] == '+' || id[0] == '-' {
		off, ok := parseOffsetID(id)
		return &Zone{first: off}, ok
	}
	for _, p := range []string{"UTC", "GMT", "UT"} {
		if rest, ok := strings.CutPrefix(id, p); ok && (rest == "" || rest[0] == '+' || rest[0] == '-') {
			if rest == "" {
				return &Zone{}, true
			}
			off, ok := parseOffsetID(rest)
			return &Zone{first: off}, ok
		}
	}
	if !regionID.MatchString(id) {
		return nil, false
	}
	data, ok := tzFile(id)
	if !ok {
		return nil, false
	}
	loc, err := time.LoadLocationFromTZData(id, data)
	if err != nil {
		return nil, false
	}
	return regionZone(loc), true
}

// parseOffsetID is java.time.ZoneOffset.of: Z, +h, +hh, +hh:mm, +hhmm,
// +hh:mm:ss, +hhmmss, at most 18 hours.
func parseOffsetID(s string) (int64, bool) {
	if s == "Z" {
		return 0, true
	}
	if len(s) < 2 || s[0] != '+' && s[0] != '-' {
		return 0, false
	}
	num := func(t string) (int64, bool) {
		if len(t) != 2 || t[0] < '0' || t[0] > '9' || t[1] < '0' || t[1] > '9' {
			return 0, false
		}
		return int64(t[0]-'0')*10 + int64(t[1]-'0'), true
	}
	body := s[1:]
	var h, m, sec int64
	ok := true
	switch len(body) {
	case 1:
		if body[0] < '0' || body[0] > '9' {
			return 0, false
		}
		h = int64(body[0] - '0')
	case 2:
		h, ok = num(body)
	case 4:
		var ok2 bool
		h, ok = num(body[:2])
		m, ok2 = num(body[2:])
		ok = ok && ok2
	case 5:
		var ok2 bool
		h, ok = num(body[:2])
		m, ok2 = num(body[3:])
		ok = ok && ok2 && body[2] == ':'
	case 6:
		var ok2, ok3 bool
		h, ok = num(body[:2])
		m, ok2 = num(body[2:4])
		sec, ok3 = num(body[4:])
		ok = ok && ok2 && ok3
	case 8:
		var ok2, ok3 bool
		h, ok = num(body[:2])
		m, ok2 = num(body[3:5])
		sec, ok3 = num(body[6:])
		ok = ok && ok2 && ok3 && body[2] == ':' && body[5] == ':'
	default:
		return 0, false
	}
	if !ok || h > 18 || m > 59 || sec > 59 {
		return 0, false
	}
	off := h*3600 + m*60 + sec
	if off > maxOffset {
		return 0, false
	}
	if s[0] == '-' {
		off = -off
	}
	return off, true
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

// regionZone tabulates loc's offset changes up to tableEnd. Go's
// ZoneBounds finds the changes the TZif file lists; past them (where the
// file's POSIX rule string extends the rules) it is unreliable, so the rest
// is found by probing every 7 days (no zone changes twice in a week) and
// bisecting to the second.
func regionZone(loc *time.Location) *Zone {
	offAt := func(sec int64) int64 {
		_, o := time.Unix(sec, 0).In(loc).Zone()
		return int64(o)
	}
	z := &Zone{first: offAt(tableStart)}
	cur := z.first
	add := func(at, o int64) {
		z.at = append(z.at, at)
		z.before = append(z.before, cur)
		z.after = append(z.after, o)
		cur = o
	}
	sec := int64(tableStart)
	for {
		_, end := time.Unix(sec, 0).In(loc).ZoneBounds()
		if end.IsZero() || end.Unix() <= sec || end.Unix() >= tableEnd {
			break
		}
		sec = end.Unix()
		if o := offAt(sec); o != cur {
			add(sec, o)
		}
	}
	const week = 7 * 86400
	for ; sec < tableEnd; sec += week {
		next := min(sec+week, tableEnd)
		o := offAt(next)
		if o == cur {
			continue
		}
		lo, hi := sec, next // offAt(lo) == cur, offAt(hi) == o
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if offAt(mid) == cur {
				lo = mid
			} else {
				hi = mid
			}
		}
		add(hi, o)
	}
	// rules still in force at the table's end repeat with the calendar
	z.periodic = len(z.at) > 0 && z.at[len(z.at)-1] > tableEnd-cycleSeconds/4
	return z
}

// Fixed reports whether the zone has one offset at all times.
func (z *Zone) Fixed() bool { return len(z.at) == 0 }

// OffsetAt is the zone's offset, in seconds east of UTC, at UTC second sec.
func (z *Zone) OffsetAt(sec int64) int64 {
	if len(z.at) == 0 {
		return z.first
	}
	if z.periodic && sec >= tableEnd {
		sec -= ((sec-tableEnd)/cycleSeconds + 1) * cycleSeconds
	}
	i := sort.Search(len(z.at), func(i int) bool { return z.at[i] > sec })
	if i == 0 {
		return z.first
	}
	return z.after[i-1]
}

// noPreference asks LocalToUTC for no preferred offset.
const noPreference = int64(1) << 40

// localToUTCSec converts a wall-clock reading, in seconds since the epoch
// read as UTC, to UTC seconds as java.time.ZonedDateTime.ofLocal does: a
// reading in a gap moves later by the gap's length, one in an overlap takes
// pref when it is one of the two valid offsets, else the earlier offset
// (the one before the change). pref is noPreference for none.
func (z *Zone) localToUTCSec(local, pref int64) int64 {
	if len(z.at) == 0 {
		return local - z.first
	}
	shift := int64(0)
	if z.periodic && local >= tableEnd {
		shift = ((local-tableEnd)/cycleSeconds + 1) * cycleSeconds
		local -= shift
	}
	// the last change whose earlier local instant is at or before local
	i := sort.Search(len(z.at), func(i int) bool {
		return z.at[i]+min(z.before[i], z.after[i]) > local
	}) - 1
	if i < 0 {
		return local - z.first + shift
	}
	ob, oa := z.before[i], z.after[i]
	if local >= z.at[i]+max(ob, oa) {
		return local - oa + shift
	}
	if oa > ob {
		// gap: the reading moves later by oa - ob and takes oa
		return local - ob + shift
	}
	// overlap
	if pref == oa {
		return local - oa + shift
	}
	return local - ob + shift
}

// LocalToUTC converts a wall-clock reading in microseconds to an instant,
// with no preferred offset (ZonedDateTime.of); ok is false when the
// instant leaves the int64 microseconds.
func (z *Zone) LocalToUTC(local int64) (int64, bool) {
	return z.localToUTCPref(local, noPreference)
}

func (z *Zone) localToUTCPref(local, pref int64) (int64, bool) {
	sec, frac := floorDivMod(local, 1e6)
	u := z.localToUTCSec(sec, pref)
	return secMicros(u, frac)
}

// UTCToLocal converts an instant in microseconds to the zone's wall-clock
// reading; ok is false when the reading leaves the int64 microseconds.
func (z *Zone) UTCToLocal(us int64) (int64, bool) {
	sec, frac := floorDivMod(us, 1e6)
	return secMicros(sec+z.OffsetAt(sec), frac)
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
func floorDivMod(a, b int64) (int64, int64) {
	q, r := a/b, a%b
	if r < 0 {
		q, r = q-1, r+b
	}
	return q, r
}

// ValidZone reports whether SET TIME ZONE accepts name (Spark's getZoneId),
// with the reason when it does not.
func ValidZone(name string) (ok bool, reason string) {
	if _, ok := ZoneOf(name); ok {
		return true, ""
	}
	return false, "Cannot resolve the given timezone " + strconv.Quote(name) + "."
}
