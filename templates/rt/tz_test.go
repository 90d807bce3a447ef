package rt

import (
	"math/rand/v2"
	"testing"
	"time"
)

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
			if got := z.OffsetAt(sec); got != int64(want) {
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
		if !ok || z.OffsetAt(0) != off {
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
