package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestUnitKernelsAgree checks the per-unit date_trunc kernels against
// DateTruncIn, and TimestampAddDTIn's fast path against its general path,
// over instants across the range (the ends included) in UTC, Europe/Paris
// and a zone with a 30-minute offset, with the cursor reused row after row
// as generated code does.
func TestUnitKernelsAgree(t *testing.T) {
	var zones []*Zone
	for _, name := range []string{"UTC", "Europe/Paris", "Asia/Kolkata", "Australia/Lord_Howe"} {
		z, ok := ZoneOf(name)
		if !ok {
			t.Fatalf("no zone %s", name)
		}
		zones = append(zones, z)
	}
	units := []struct {
		name string
		k    func(int64, *ZoneCursor) (int64, *Error)
	}{{"MINUTE", DateTruncMinuteIn}, {"HOUR", DateTruncHourIn}, {"DAY", DateTruncDayIn}}
	r := rand.New(rand.NewPCG(3, 4))
	for _, z := range zones {
		zc, ref := z.Cursor(), z.Cursor()
		for i := 0; i < 50000; i++ {
			var us int64
			switch i % 3 {
			case 0:
				us = r.Int64N(60*365*MicrosPerDay) + 1e15 // 2001-2061: offset changes
			case 1:
				us = r.Int64() - r.Int64()/2
			default:
				us = math.MaxInt64 - r.Int64N(3*MicrosPerDay)
				if r.IntN(2) == 0 {
					us = math.MinInt64 + r.Int64N(3*MicrosPerDay)
				}
			}
			for _, u := range units {
				got, gerr := u.k(us, zc)
				want, werr := DateTruncIn(u.name, us, ref)
				if got != want || (gerr == nil) != (werr == nil) {
					t.Fatalf("%s %s %d: %d %v, DateTruncIn %d %v", z.name, u.name, us, got, gerr, want, werr)
				}
			}
			for _, dt := range []int64{MicrosPerDay, -MicrosPerDay, 90 * MicrosPerMinute, 400 * MicrosPerDay, r.Int64()} {
				got, gerr := TimestampAddDTIn(us, dt, zc)
				want, werr := timestampAddDT(us, dt, ref)
				if got != want || (gerr == nil) != (werr == nil) {
					t.Fatalf("%s %d + %d: %d %v, general %d %v", z.name, us, dt, got, gerr, want, werr)
				}
			}
		}
	}
	for _, u := range []string{"hour", "Hour", "MINUTE", "dd", "day"} {
		if DateTruncUnitKernel(u) == "" {
			t.Errorf("DateTruncUnitKernel(%q) is empty", u)
		}
	}
	for _, u := range []string{"month", "second", "bogus", ""} {
		if k := DateTruncUnitKernel(u); k != "" {
			t.Errorf("DateTruncUnitKernel(%q) = %q", u, k)
		}
	}
}
