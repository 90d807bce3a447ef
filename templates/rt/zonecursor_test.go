package rt

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestZoneCursorAgrees checks that a cursor, read row after row the way a
// batch reads it (in order, then jumping around, across offset changes,
// gaps, overlaps and the end of the transition table), gives the zone's
// own answers: the offset of an instant and the resolution of a reading
// with each preference.
func TestZoneCursorAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	for _, id := range []string{"UTC", "+05:30", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "America/Santiago", "Asia/Kolkata"} {
		z, err := ParseZoneID(id)
		if err != nil {
			t.Fatal(err)
		}
		var secs []int64
		// Every 7 minutes and 13 seconds through 2023-2025 (both changes of
		// each year, many rows in each period), then the readings around each
		// transition, then random instants anywhere, some past 2200.
		for s := int64(1672531200); s < 1767225600; s += 433 {
			secs = append(secs, s)
		}
		for _, tr := range z.trans {
			for d := int64(-7200); d <= 7200; d += 900 {
				secs = append(secs, tr.at+d, tr.localLo+d)
			}
		}
		for range 20000 {
			secs = append(secs, rng.Int64N(2*tableEnd)-tableEnd/2)
		}
		secs = append(secs, math.MinInt64/MicrosPerSecond, math.MaxInt64/MicrosPerSecond, tableEnd-1, tableEnd, tableEnd-2*86400)
		c := z.Cursor()
		for i, s := range secs {
			if got, want := c.OffsetSeconds(s), z.OffsetSeconds(s); got != want {
				t.Fatalf("%s: row %d: offset at %d = %d, want %d", id, i, s, got, want)
			}
			pref := NoPreference
			switch i % 3 {
			case 1:
				pref = z.OffsetSeconds(s)
			case 2:
				pref = z.OffsetSeconds(s - 86400)
			}
			if got, want := c.resolveSec(s, pref), z.resolveSec(s, pref); got != want {
				t.Fatalf("%s: row %d: reading %d (preferring %d) resolves to %d, want %d", id, i, s, pref, got, want)
			}
		}
	}
}

// TestZoneCursorNoAllocs checks that a cursor taken for a call stays on the
// stack.
func TestZoneCursorNoAllocs(t *testing.T) {
	paris, _ := ParseZoneID("Europe/Paris")
	n := testing.AllocsPerRun(100, func() {
		_ = HourTimestamp(1717200000000000, paris.Cursor())
		_, _ = TimestampAddDayTime(1717200000000000, MicrosPerDay, paris.Cursor())
	})
	if n != 0 {
		t.Fatalf("%v allocations per call, want 0", n)
	}
}

// TestZoneCursorFastPaths checks the kernels' fast paths (a reused cursor,
// its period remembered) against their general paths on instants around every offset change of the zones, at the ends of
// the range and at random.
func TestZoneCursorFastPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 8))
	units := []string{"hour", "MINUTE", "day", "second", "month", "week", "bogus"}
	dts := []int64{MicrosPerDay, -MicrosPerDay, 3*MicrosPerDay + 5*MicrosPerHour, -MicrosPerHour, 0, math.MaxInt64, math.MinInt64}
	for _, id := range []string{"UTC", "-03:30", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu"} {
		z, err := ParseZoneID(id)
		if err != nil {
			t.Fatal(err)
		}
		var uss []int64
		for _, tr := range z.trans {
			for d := int64(-26 * 3600); d <= 26*3600; d += 1799 {
				uss = append(uss, (tr.at+d)*MicrosPerSecond+rng.Int64N(MicrosPerSecond))
			}
		}
		for range 20000 {
			uss = append(uss, rng.Int64())
		}
		uss = append(uss, math.MinInt64, math.MinInt64+1, math.MaxInt64, math.MaxInt64-MicrosPerDay, -1, 0)
		c := z.Cursor()
		for i, us := range uss {
			if got, want := HourTimestampIn(us, c), HourTimestamp(us, z.Cursor()); got != want {
				t.Fatalf("%s row %d: hour(%d) = %d, want %d", id, i, us, got, want)
			}
			if got, want := MinuteTimestampIn(us, c), MinuteTimestamp(us, z.Cursor()); got != want {
				t.Fatalf("%s row %d: minute(%d) = %d, want %d", id, i, us, got, want)
			}
			u := units[i%len(units)]
			got, gotErr := DateTruncIn(u, us, c)
			want, wantErr := DateTrunc(u, us, z.Cursor())
			if got != want || (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("%s row %d: date_trunc(%s, %d) = %d, %v, want %d, %v", id, i, u, us, got, gotErr, want, wantErr)
			}
			dt := dts[i%len(dts)]
			got, gotErr = TimestampAddDTIn(us, dt, c)
			want, wantErr = timestampAddDT(us, dt, z.Cursor())
			if got != want || (gotErr == nil) != (wantErr == nil) {
				t.Fatalf("%s row %d: %d + %d = %d, %v, want %d, %v", id, i, us, dt, got, gotErr, want, wantErr)
			}
		}
	}
}

// TestParseTsTruncLevel checks the word reading of date_trunc's units
// against the Unicode comparison, on every name in three cases, near
// misses and text that is not ASCII.
func TestParseTsTruncLevel(t *testing.T) {
	var texts []string
	for _, u := range tsTruncNames {
		texts = append(texts, u.name, strings.ToLower(u.name), strings.ToUpper(u.name[:1])+strings.ToLower(u.name[1:]),
			u.name+" ", " "+u.name, u.name[:len(u.name)-1], u.name+"S")
	}
	texts = append(texts, "", "ſecond", "hour\x00", "HO\x15R", "h0ur", "YYYYY", "D", "hOuR", "MICROSECONDS")
	for _, s := range texts {
		if got, want := parseTsTruncLevel(s), parseTsTruncLevelFold(s); got != want {
			t.Errorf("parseTsTruncLevel(%q) = %d, want %d", s, got, want)
		}
	}
}
