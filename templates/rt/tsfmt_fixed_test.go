package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFixedLayoutAgrees checks the fixed-width writer against the general
// one (appendFormat) for instants across the range, in UTC and a zone with
// changes, for patterns it takes and one it refuses.
func TestFixedLayoutAgrees(t *testing.T) {
	paris, ok := ZoneOf("Europe/Paris")
	if !ok {
		t.Fatal("no Europe/Paris")
	}
	for _, pat := range []string{"yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "dd/MM/yyyy", "HH'h'mm", "[yyyy]MMdd", "yyyyMMddHHmmss",
		"HH:mm HH:mm", "'the date is' yyyy-MM-dd 'and the time' HH:mm:ss"} {
		p := CompileDatetimePattern(pat)
		if p.err != nil || p.fixed == nil {
			t.Fatalf("%q: no fixed layout (err %v)", pat, p.err)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for _, z := range []*Zone{UTC, paris} {
			zc := z.Cursor()
			for i := 0; i < 20000; i++ {
				var us int64
				switch i % 4 {
				case 0:
					us = r.Int64N(4*365*MicrosPerDay) + 1640995200000000 // 2022-2026
				case 1:
					us = r.Int64() // anywhere, mostly outside 0000-9999
				case 2:
					us = r.Int64N(400*365*MicrosPerDay) - 62167219200000000 // around year 0
				default:
					us = 253402300799999999 - r.Int64N(3*MicrosPerDay) // around 9999-12-31
				}
				if i == 0 {
					us = math.MinInt64
				}
				got := string(p.appendTimestamp(nil, us, zc))
				// with room for the short layouts' word stores, after a prefix
				roomy := string(p.appendTimestamp(append(make([]byte, 0, 64), "ab"...), us, zc))
				sec := floorDiv(us, MicrosPerSecond)
				off := zc.OffsetSeconds(sec)
				days, tod := splitLocal(us, int64(off)*MicrosPerSecond)
				want := string(appendFormat(nil, p.items, &dtValue{days: days, tod: tod, off: off, sec: sec, z: zc}))
				if roomy != "ab"+want {
					t.Fatalf("%q in %s at %d: fixed with room %q, general %q", pat, z.name, us, roomy, want)
				}
				if got != want {
					t.Fatalf("%q in %s at %d: fixed %q, general %q", pat, z.name, us, got, want)
				}
			}
		}
	}
	if l := CompileDatetimePattern("yyyy-MM-dd HH:mm").fixed; !l.short {
		t.Error("yyyy-MM-dd HH:mm: not a short layout")
	}
	if CompileDatetimePattern("HH:mm HH:mm").fixed.short || CompileDatetimePattern("'the date is' yyyy-MM-dd 'and the time' HH:mm:ss").fixed.short {
		t.Error("a layout with a field twice, or of more than 30 bytes, is short")
	}
	if CompileDatetimePattern("yyyy-MM-dd HH:mm z").fixed != nil || CompileDatetimePattern("yy-MM-dd").fixed != nil {
		t.Error("a pattern with a zone or a two-letter year got a fixed layout")
	}
}
