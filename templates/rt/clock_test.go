package rt

import (
	"context"
	"math"
	"testing"
	"time"
)

func TestClockAt(t *testing.T) {
	for _, c := range []struct {
		t    time.Time
		want int64
	}{
		{time.Date(2024, 3, 10, 1, 30, 0, 0, time.UTC), 1710034200000000},
		// nanoseconds are dropped toward the past, before 1970 too
		{time.Date(2024, 3, 10, 1, 30, 0, 123456789, time.UTC), 1710034200123456},
		{time.Date(1969, 12, 31, 23, 59, 59, 999999999, time.UTC), -1},
		{time.Unix(0, 0), 0},
		// beyond the TIMESTAMP range, less a day: clamped
		{time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC), math.MaxInt64 - MicrosPerDay},
		{time.Date(-300000, 1, 1, 0, 0, 0, 0, time.UTC), math.MinInt64 + MicrosPerDay},
	} {
		if got := ClockAt(c.t).Micros(); got != c.want {
			t.Errorf("ClockAt(%v) = %d, want %d", c.t, got, c.want)
		}
	}
	if got := ClockAt(time.Date(2024, 3, 10, 2, 30, 0, 5, time.FixedZone("", 3600))).Time(); !got.Equal(time.Date(2024, 3, 10, 1, 30, 0, 0, time.UTC)) {
		t.Errorf("Time() = %v", got)
	}
}

func TestClockContext(t *testing.T) {
	ctx := context.Background()
	if ClockIsFixed(ctx) {
		t.Error("a bare context has a fixed clock")
	}
	// without a fixed clock, each call reads the current time
	before := time.Now().UnixMicro()
	c := ClockOf(ctx).Micros()
	if after := time.Now().UnixMicro(); c < before || c > after {
		t.Errorf("ClockOf(no clock) = %d, not between %d and %d", c, before, after)
	}
	at := time.Date(2024, 10, 27, 0, 30, 0, 0, time.UTC)
	fixed := WithClock(ctx, at)
	if !ClockIsFixed(fixed) || ClockOf(fixed).Micros() != at.UnixMicro() {
		t.Errorf("WithClock: %v", ClockOf(fixed).Time())
	}
	// FixClock keeps a fixed clock, and fixes one once
	if ClockOf(FixClock(fixed)) != ClockOf(fixed) {
		t.Error("FixClock replaced a fixed clock")
	}
	once := FixClock(ctx)
	first := ClockOf(once)
	time.Sleep(2 * time.Microsecond)
	if ClockOf(once) != first {
		t.Error("FixClock's clock moved")
	}
}

func TestClockKernels(t *testing.T) {
	// 2024-03-31 00:59:59 UTC is 01:59:59 CET; one second later 03:00:00 CEST
	c := ClockAt(time.Date(2024, 3, 31, 0, 59, 59, 0, time.UTC))
	if got, want := LocalTimestampIn(c, SessionZone("Europe/Paris").Cursor()), time.Date(2024, 3, 31, 1, 59, 59, 0, time.UTC).UnixMicro(); got != want {
		t.Errorf("LocalTimestampIn = %d, want %d", got, want)
	}
	c = ClockAt(time.Date(2024, 3, 31, 1, 0, 0, 0, time.UTC))
	if got, want := LocalTimestampIn(c, SessionZone("Europe/Paris").Cursor()), time.Date(2024, 3, 31, 3, 0, 0, 0, time.UTC).UnixMicro(); got != want {
		t.Errorf("LocalTimestampIn = %d, want %d", got, want)
	}
	// 23:30 UTC on the 30th is the 31st in Paris (day 19813), the 30th in UTC
	c = ClockAt(time.Date(2024, 3, 30, 23, 30, 0, 0, time.UTC))
	if got := CurrentDateIn(c, SessionZone("Europe/Paris").Cursor()); got != 19813 {
		t.Errorf("CurrentDateIn(Paris) = %d", got)
	}
	if got := CurrentDateIn(c, SessionZone("UTC").Cursor()); got != 19812 {
		t.Errorf("CurrentDateIn(UTC) = %d", got)
	}
	if CurrentTimestamp(c) != c.Micros() {
		t.Error("CurrentTimestamp is not the clock")
	}
	// the clamped ends still have a reading and a date in every zone
	for _, end := range []Clock{{math.MaxInt64 - clockMargin}, {math.MinInt64 + clockMargin}} {
		for _, z := range []string{"+18:00", "-18:00", "Europe/Paris"} {
			local := LocalTimestampIn(end, SessionZone(z).Cursor())
			if d := local - end.micros; d < -18*MicrosPerHour || d > 18*MicrosPerHour {
				t.Errorf("LocalTimestampIn(%d, %s) = %d", end.micros, z, local)
			}
		}
	}
}
