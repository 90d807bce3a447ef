package rt

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// mustZone loads an IANA zone for a test.
func mustZone(t testing.TB, id string) *Zone {
	t.Helper()
	z, err := ParseZoneID(id)
	if err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return z
}

// TestZoneOffsets checks the offset of instants either side of the 2024
// changes of docs/semantics.md 10.2 (Paris: 2024-03-31 01:00 UTC is
// 1711846800, 2024-10-27 01:00 UTC is 1729990800; New York: 2024-03-10 07:00
// UTC is 1710054000, 2024-11-03 06:00 UTC is 1730613600), of Paris before
// 1911 (PMT, +00:09:21) and after the transition table (2300: the EU rule
// still applies, last Sunday of March 2300 is the 25th, day 120613).
func TestZoneOffsets(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	cases := []struct {
		z    *Zone
		sec  int64
		want int32
	}{
		{paris, 1711846799, 3600}, {paris, 1711846800, 7200},
		{paris, 1729990799, 7200}, {paris, 1729990800, 3600},
		{ny, 1710053999, -18000}, {ny, 1710054000, -14400},
		{ny, 1730613599, -14400}, {ny, 1730613600, -18000},
		{paris, -2208989361, 561},
		{paris, 120613*86400 + 3599, 3600}, {paris, 120613*86400 + 3600, 7200},
		{UTC, 0, 0}, {UTC, math.MaxInt64 / 1000000, 0},
		{mustZone(t, "+05:30"), -1, 19800},
	}
	for _, c := range cases {
		if got := c.z.OffsetSeconds(c.sec); got != c.want {
			t.Errorf("%s offset at %d = %d, want %d", c.z, c.sec, got, c.want)
		}
		if got := c.z.OffsetMicros(c.sec * 1e6); got != int64(c.want)*1e6 {
			t.Errorf("%s OffsetMicros at %d s = %d", c.z, c.sec, got)
		}
	}
}

// TestZoneFromLocal checks the gap and overlap rules with the worked cases
// Z1 to Z12 of docs/semantics.md 10.2, in seconds (local readings as UTC).
func TestZoneFromLocal(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	cases := []struct {
		name  string
		z     *Zone
		local int64 // seconds
		pref  int32
		want  int64 // seconds
	}{
		{"Z1 gap", paris, 1711843200 + 9000, NoPreference, 1711848600},
		{"Z2 gap start", paris, 1711843200 + 7200, NoPreference, 1711846800},
		{"Z3 after gap", paris, 1711843200 + 10800, NoPreference, 1711846800},
		{"before gap", paris, 1711843200 + 7199, NoPreference, 1711846799},
		{"Z4 overlap earlier", paris, 1729987200 + 9000, NoPreference, 1729989000},
		{"Z6 overlap prefers CEST", paris, 1729987200 + 9000, 7200, 1729989000},
		{"Z7 overlap prefers CET", paris, 1729987200 + 9000, 3600, 1729992600},
		{"overlap, preference not valid", paris, 1729987200 + 9000, 0, 1729989000},
		{"after overlap", paris, 1729987200 + 10800, 7200, 1729987200 + 7200},
		{"overlap start", paris, 1729987200 + 7200, NoPreference, 1729987200},
		{"Z8 gap", ny, 1710028800 + 9000, NoPreference, 1710055800},
		{"Z9 overlap earlier", ny, 1730592000 + 5400, NoPreference, 1730611800},
		{"Z11 overlap prefers EST", ny, 1730592000 + 5400, -18000, 1730615400},
		{"PMT", paris, -2208988800, NoPreference, -2208989361},
		{"2300 gap", paris, 120613*86400 + 9000, NoPreference, 120613*86400 + 5400},
		{"2300 overlap", paris, 120830*86400 + 9000, NoPreference, 120830*86400 + 1800},
		{"2300 overlap CET", paris, 120830*86400 + 9000, 3600, 120830*86400 + 5400},
		{"UTC", UTC, -1, NoPreference, -1},
		{"fixed", mustZone(t, "-08:00"), 0, NoPreference, 28800},
	}
	for _, c := range cases {
		got, ok := c.z.FromLocal(c.local*1e6+123, c.pref)
		if !ok || got != c.want*1e6+123 {
			t.Errorf("%s: FromLocal = %d, %v; want %d", c.name, got, ok, c.want*1e6+123)
		}
	}
	for _, c := range []struct {
		z    *Zone
		days int64
		want int64
	}{
		{paris, 19813, 1711839600},                            // 2024-03-31 00:00 CET
		{ny, 19792, 1710046800},                               // Z12: 2024-03-10 00:00 EST
		{ny, 20030, 1730606400},                               // 2024-11-03 00:00 EDT
		{mustZone(t, "America/Sao_Paulo"), 17839, 1541300400}, // midnight skipped: 01:00 -02:00
		{UTC, -1, -86400},
	} {
		if got, ok := c.z.StartOfDay(c.days); !ok || got != c.want*1e6 {
			t.Errorf("%s StartOfDay(%d) = %d, %v; want %d", c.z, c.days, got, ok, c.want*1e6)
		}
	}
	// The ends of the range: no panic, overflow reported.
	if _, ok := ny.FromLocal(math.MaxInt64, NoPreference); ok {
		t.Error("New York: the largest reading's instant overflows")
	}
	if _, ok := paris.FromLocal(math.MinInt64, NoPreference); ok {
		t.Error("Paris: the smallest reading's instant overflows")
	}
	if got, ok := UTC.FromLocal(math.MinInt64, NoPreference); !ok || got != math.MinInt64 {
		t.Error("UTC: the smallest reading is itself")
	}
	if _, ok := paris.ToLocal(math.MaxInt64); ok {
		t.Error("Paris: the largest instant's reading overflows")
	}
}

// TestZoneLocalDayAndTime checks the split of an instant into the zone's day
// and time of day, at the ends of the range too.
func TestZoneLocalDayAndTime(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	for _, c := range []struct {
		z        *Zone
		us       int64
		days, tm int64
	}{
		{UTC, -1, -1, MicrosPerDay - 1},
		{paris, 1729989000e6, 20023, 9000e6},              // 02:30 CEST
		{paris, 1729992600e6, 20023, 9000e6},              // 02:30 CET
		{paris, (1704067200 - 1800) * 1e6, 19723, 1800e6}, // 2023-12-31 23:30Z is 00:30
		{paris, -2208989361e6, -25567, 0},                 // 1900-01-01 00:00 PMT
		{UTC, math.MaxInt64, 106751991, 4*MicrosPerHour + 54775807},
		{UTC, math.MinInt64, -106751992, 19*MicrosPerHour + 59*MicrosPerMinute + 5224192},
	} {
		d, tm := c.z.LocalDayAndTime(c.us)
		if d != c.days || tm != c.tm {
			t.Errorf("%s LocalDayAndTime(%d) = %d, %d; want %d, %d", c.z, c.us, d, tm, c.days, c.tm)
		}
	}
	d, tm := paris.LocalDayAndTime(math.MaxInt64) // 294247-01-10 05:00:54 CET
	if d != 106751991 || tm != 5*MicrosPerHour+54775807 {
		t.Errorf("Paris at the largest instant: %d %d", d, tm)
	}
}

// TestParseZoneID checks Spark's getZoneId forms.
func TestParseZoneID(t *testing.T) {
	for _, c := range []struct {
		id   string
		name string
		off  int32 // offset at 2024-01-01
	}{
		{"UTC", "UTC", 0}, {"Z", "UTC", 0}, {"GMT", "UTC", 0}, {"UT", "UTC", 0},
		{"+08:00", "+08:00", 28800}, {"+8:00", "+08:00", 28800}, {"-05", "-05:00", -18000},
		{"+1", "+01:00", 3600}, {"+0530", "+05:30", 19800}, {"+05:30:15", "+05:30:15", 19815},
		{"-053015", "-05:30:15", -19815}, {"+01:5", "+01:05", 3900}, {"+1:5", "+01:05", 3900},
		{"+18:00", "+18:00", 64800}, {"-18", "-18:00", -64800}, {"+00:00", "UTC", 0},
		{"GMT+1", "+01:00", 3600}, {"UTC-05:00", "-05:00", -18000}, {"GMT+1:00", "+01:00", 3600},
		{"UT+02", "+02:00", 7200},
		{"Europe/Paris", "Europe/Paris", 3600}, {"America/New_York", "America/New_York", -18000},
		{"PST", "America/Los_Angeles", -28800}, {"EST", "-05:00", -18000}, {"ECT", "Europe/Paris", 3600},
		{"Asia/Kolkata", "Asia/Kolkata", 19800},
	} {
		z, err := ParseZoneID(c.id)
		if err != nil {
			t.Errorf("%q: %v", c.id, err)
			continue
		}
		if z.String() != c.name || z.OffsetSeconds(1704067200) != c.off {
			t.Errorf("%q: zone %s offset %d; want %s %d", c.id, z, z.OffsetSeconds(1704067200), c.name, c.off)
		}
	}
	for _, id := range []string{"", "X", "+", "+18:01", "+19", "-25:00", "+1:60", "+01:60", "+123", "+01:00:60",
		"Mars/Olympus", "europe/paris", "Local", "GMT+", "UTC+19", "Europe/../etc", "1234", " UTC", "UTC ",
		"+01-00", "Europe/Paris/X"} {
		if z, err := ParseZoneID(id); err == nil {
			t.Errorf("%q: accepted as %s", id, z)
		} else if err.Class != InvalidTimezone {
			t.Errorf("%q: class %s", id, err.Class)
		}
	}
}

// TestZoneNoAlloc checks that the per-row conversions allocate nothing.
func TestZoneNoAlloc(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	us := int64(1729989000e6)
	n := testing.AllocsPerRun(100, func() {
		paris.OffsetMicros(us)
		paris.FromLocal(us, NoPreference)
		paris.LocalDayAndTime(us)
		UTC.FromLocal(us, NoPreference)
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
	_ = time.UTC
}

func BenchmarkZoneOffsetUTC(b *testing.B) {
	var s int64
	for i := 0; b.Loop(); i++ {
		s += UTC.OffsetMicros(int64(i) * 997_000_123)
	}
	_ = s
}

func BenchmarkZoneOffsetParis(b *testing.B) {
	paris := mustZone(b, "Europe/Paris")
	var s int64
	for i := 0; b.Loop(); i++ {
		s += paris.OffsetMicros(1704067200e6 + int64(i%100000)*997_000_123)
	}
	_ = s
}

func BenchmarkZoneFromLocalUTC(b *testing.B) {
	var s int64
	for i := 0; b.Loop(); i++ {
		r, _ := UTC.FromLocal(int64(i)*997_000_123, NoPreference)
		s += r
	}
	_ = s
}

func BenchmarkZoneFromLocalParis(b *testing.B) {
	paris := mustZone(b, "Europe/Paris")
	var s int64
	for i := 0; b.Loop(); i++ {
		r, _ := paris.FromLocal(1704067200e6+int64(i%100000)*997_000_123, NoPreference)
		s += r
	}
	_ = s
}

// TestZoneMatchesGo checks the offset table against Go's own rules of the
// embedded data at random instants, the far future included (where the
// table repeats every 400 years).
func TestZoneMatchesGo(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{"Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo", "Africa/Casablanca"} {
		z, ok := ZoneOf(name)
		if !ok {
			t.Fatalf("%s not found", name)
		}
		data, _ := tzFile(name)
		loc, err := time.LoadLocationFromTZData(name, data)
		if err != nil {
			t.Fatal(err)
		}
		for range 20000 {
			sec := r.Int64N(40e9) - 10e9
			_, want := time.Unix(sec, 0).In(loc).Zone()
			if got := int64(z.OffsetSeconds(sec)); got != int64(want) {
				t.Fatalf("%s at %d: offset %d, Go %d", name, sec, got, want)
			}
			// a reading at noon is never in a gap or overlap here
			local := (sec/86400)*86400 + 43200
			y, m, d := time.Unix(local, 0).UTC().Date()
			if got, want := z.localToUTCSec(local, noPreference), time.Date(y, m, d, 12, 0, 0, 0, loc).Unix(); got != want {
				t.Fatalf("%s noon %d-%d-%d: %d, Go %d", name, y, m, d, got, want)
			}
		}
	}
}

// TestParseTimestampZones is the DST cases Z1 to Z12 of docs/semantics.md 10.2.
func TestParseTimestampZones(t *testing.T) {
	p, _ := ZoneOf("Europe/Paris")
	ny, _ := ZoneOf("America/New_York")
	for _, c := range []struct {
		z    *Zone
		s    string
		want int64
	}{
		{p, "2024-03-31 02:30:00", 1711848600}, {p, "2024-03-31 02:00:00", 1711846800}, {p, "2024-03-31 03:00:00", 1711846800},
		{p, "2024-10-27 02:30:00", 1729989000}, {p, "2024-10-27 02:30:00+01:00", 1729992600},
		{ny, "2024-03-10 02:30:00", 1710055800}, {ny, "2024-11-03 01:30:00", 1730611800}, {ny, "2024-11-03 01:30:00-05:00", 1730615400},
		{ny, "2024-03-10", 1710046800},
		{p, "1900-01-01 00:00:00", -2208989361}, {UTC, "2024-01-01 00:00:00 America/New_York", 1704085200},
		{UTC, "2024-01-01 00:00:00GMT+1", 1704063600}, {UTC, "2024-01-01 00:00:00 +1:00", 1704063600},
		{UTC, "2024-01-01T00:00:00+01:00", 1704063600}, {UTC, "2024-01-01 10:11:12Z", 1704103872},
		{UTC, "2024-01-01 00:00:00 PST", 1704096000}, {UTC, "2024-01-01 00:00:00 EST", 1704085200},
	} {
		v, ok := ParseTimestamp(c.s, c.z)
		if !ok || v != c.want*1e6 {
			t.Errorf("%s: %d %v, want %d", c.s, v, ok, c.want)
		}
	}
	if v, ok := ParseTimestamp("+294247-01-10 04:00:54.775807Z", UTC); !ok || v != 1<<63-1 {
		t.Errorf("largest instant: %d %v", v, ok)
	}
	for _, s := range []string{"2023-02-29", "2024-01-01 24:00:00", "2024-01-01T", "999-01-01", "2024-01-01Z",
		"2024-01-01 10:00Z", "2024-01-01 00:00:00 Mars/Olympus", "+294247-01-10 04:00:54.775808Z", "", "2024-00-01", "2024-01-01 10:60", "1234567-01-01"} {
		if v, ok := ParseTimestamp(s, UTC); ok {
			t.Errorf("%q read as %d", s, v)
		}
	}
	for s, want := range map[string]string{" 2024-2-5T7:8:9 ": "2024-02-05 07:08:09", "2024": "2024-01-01 00:00:00",
		"+10000-01-01": "+10000-01-01 00:00:00", "-0001-12-31 23:59:59": "-0001-12-31 23:59:59",
		"2024-01-01 00:00:00.9999999": "2024-01-01 00:00:00.999999", "2024-01-01 10": "2024-01-01 10:00:00",
		"2024-01-01 10:00:00.100": "2024-01-01 10:00:00.1", "2024-01-01 10:00:00.000001": "2024-01-01 10:00:00.000001"} {
		v, ok := ParseTimestamp(s, UTC)
		if got := FormatTimestampNTZ(v); !ok || got != want {
			t.Errorf("%q: %q %v, want %q", s, got, ok, want)
		}
	}
}

// TestZoneNames is Spark's getZoneId on the forms of 10.2.
func TestZoneNames(t *testing.T) {
	for name, off := range map[string]int64{"UTC": 0, "Z": 0, "GMT": 0, "UT": 0, "+01:00": 3600, "-05": -18000,
		"+05:30": 19800, "+01:00:30": 3630, "GMT+1": 3600, "UTC-05:00": -18000, "+1:00": 3600, "+01:0": 3600, "EST": -18000, "+0130": 5400} {
		z, ok := ZoneOf(name)
		if !ok || int64(z.OffsetSeconds(0)) != off {
			t.Errorf("%s: ok %v", name, ok)
		}
	}
	for _, name := range []string{"Mars/Olympus", "+19:00", "europe/paris", "", "GMT+", "+1", "LOCAL"} {
		if name == "+1" {
			continue // +h is valid (ZoneOffset.of)
		}
		if _, ok := ZoneOf(name); ok {
			t.Errorf("%q accepted", name)
		}
	}
}
