package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFastPathsAgree checks each fast path of FastPaths against its kernel
// on the edges of the range and on random instants in four zones (one fixed,
// three with changes, one of them by half an hour): where the fast path
// reports true, the kernel gives the same value and no error; the cursors
// move as generated code moves them (the fast path's cursor is the one the
// kernel then takes).
func TestFastPathsAgree(t *testing.T) {
	type pair struct {
		fast   func(us, dt int64, zc *ZoneCursor) (int64, bool)
		kernel func(us, dt int64, zc *ZoneCursor) (int64, *Error)
	}
	field := func(f func(int64, *ZoneCursor) (int32, bool), k func(int64, *ZoneCursor) int32) pair {
		return pair{
			func(us, _ int64, zc *ZoneCursor) (int64, bool) { v, ok := f(us, zc); return int64(v), ok },
			func(us, _ int64, zc *ZoneCursor) (int64, *Error) { return int64(k(us, zc)), nil },
		}
	}
	unary := func(f func(int64, *ZoneCursor) (int64, bool), k func(int64, *ZoneCursor) (int64, *Error)) pair {
		return pair{
			func(us, _ int64, zc *ZoneCursor) (int64, bool) { return f(us, zc) },
			func(us, _ int64, zc *ZoneCursor) (int64, *Error) { return k(us, zc) },
		}
	}
	pairs := map[string]pair{
		"HourTimestampIn":   field(HourTimestampFast, HourTimestampIn),
		"MinuteTimestampIn": field(MinuteTimestampFast, MinuteTimestampIn),
		"SecondTimestampIn": field(SecondTimestampFast, SecondTimestampIn),
		"DateTruncMinuteIn": unary(DateTruncMinuteFast, DateTruncMinuteIn),
		"DateTruncHourIn":   unary(DateTruncHourFast, DateTruncHourIn),
		"DateTruncDayIn":    unary(DateTruncDayFast, DateTruncDayIn),
		"TimestampAddDTIn":  {TimestampAddDTFast, TimestampAddDTIn},
		"TimestampSubDTIn":  {TimestampSubDTFast, TimestampSubDTIn},
	}
	if len(pairs) != len(FastPaths) {
		t.Fatalf("FastPaths has %d kernels; this test checks %d", len(FastPaths), len(pairs))
	}
	for k := range FastPaths {
		if _, ok := pairs[k]; !ok {
			t.Fatalf("FastPaths: %s is not checked here", k)
		}
	}
	r := rand.New(rand.NewPCG(41, 42))
	hits := map[string]int{}
	for _, name := range []string{"UTC", "Europe/Paris", "Asia/Kolkata", "Australia/Lord_Howe"} {
		z, ok := ZoneOf(name)
		if !ok {
			t.Fatalf("no zone %s", name)
		}
		zc, ref := z.Cursor(), z.Cursor()
		for i := 0; i < 30000; i++ {
			var us int64
			switch i % 4 {
			case 0, 1:
				us = r.Int64N(60*365*MicrosPerDay) + 1e15 // 2001-2061: offset changes
			case 2:
				us = r.Int64() - r.Int64()/2
			default:
				us = math.MaxInt64 - r.Int64N(3*MicrosPerDay)
				if r.IntN(2) == 0 {
					us = math.MinInt64 + r.Int64N(3*MicrosPerDay)
				}
			}
			for _, dt := range []int64{MicrosPerDay, -MicrosPerDay, 90 * MicrosPerMinute, 400 * MicrosPerDay, math.MinInt64, r.Int64()} {
				for k, p := range pairs {
					v, ok := p.fast(us, dt, zc)
					if !ok {
						p.kernel(us, dt, zc) // which moves the cursor, as in generated code
						continue
					}
					hits[k]++
					want, err := p.kernel(us, dt, ref)
					if err != nil || v != want {
						t.Fatalf("%s %s(%d, %d): fast path %d, kernel %d %v", name, k, us, dt, v, want, err)
					}
				}
			}
		}
	}
	for k := range pairs {
		if hits[k] == 0 {
			t.Errorf("%s: the fast path never reported true", k)
		}
	}
}
