package rt

import (
	"math"
	"testing"
	"time"
	_ "time/tzdata" // the zone rules of the worked cases, whatever the host has
)

// TestIntervalText checks the text form of both classes against the values
// of docs/semantics.md 10.6 and 10.9, worked out by hand.
func TestIntervalText(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{FormatYMInterval(14, 0, 1), "INTERVAL '1-2' YEAR TO MONTH"},
		{FormatYMInterval(-14, 0, 1), "INTERVAL '-1-2' YEAR TO MONTH"},
		{FormatYMInterval(-1, 0, 1), "INTERVAL '-0-1' YEAR TO MONTH"},
		{FormatYMInterval(14, 1, 1), "INTERVAL '14' MONTH"},
		{FormatYMInterval(-25, 0, 0), "INTERVAL '-2' YEAR"},
		{FormatYMInterval(math.MinInt32, 0, 1), "INTERVAL '-178956970-8' YEAR TO MONTH"},
		{FormatDTInterval(93784500000, 0, 3), "INTERVAL '1 02:03:04.5' DAY TO SECOND"},
		{FormatDTInterval(2*MicrosPerHour, 1, 1), "INTERVAL '02' HOUR"},
		{FormatDTInterval(29*MicrosPerDay, 0, 0), "INTERVAL '29' DAY"},
		{FormatDTInterval(26*MicrosPerHour, 1, 2), "INTERVAL '26:00' HOUR TO MINUTE"},
		{FormatDTInterval(333333, 3, 3), "INTERVAL '00.333333' SECOND"},
		{FormatDTInterval(-1, 3, 3), "INTERVAL '-00.000001' SECOND"},
		{FormatDTInterval(666667, 0, 3), "INTERVAL '0 00:00:00.666667' DAY TO SECOND"},
		// the most negative value: its magnitude does not fit an int64
		{FormatDTInterval(math.MinInt64, 0, 3), "INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND"},
		{FormatDTInterval(math.MinInt64, 3, 3), "INTERVAL '-9223372036854.775808' SECOND"},
	} {
		if c.got != c.want {
			t.Errorf("got %s, want %s", c.got, c.want)
		}
	}
}

// TestIntervalParse checks text to interval: the forms each target type
// accepts, the INTERVAL '...' form with its own fields, and the errors.
func TestIntervalParse(t *testing.T) {
	for _, c := range []struct {
		s          string
		ym         bool
		start, end int
		want       int64
		class      string
	}{
		{"1-2", true, 0, 1, 14, ""},
		{" -1-2 ", true, 0, 1, -14, ""},
		{"INTERVAL '1-2' YEAR TO MONTH", true, 0, 1, 14, ""},
		{"interval -'-1-2'  year   to month", true, 0, 1, 14, ""},
		{"178956970-7", true, 0, 1, math.MaxInt32, ""},
		{"-178956970-8", true, 0, 1, math.MinInt32, ""},
		{"178956970-8", true, 0, 1, 0, IntervalParsing},
		{"1-12", true, 0, 1, 0, IntervalParsing},
		{"1", true, 0, 1, 0, IntervalUnmatchedFormat},
		{"3", true, 0, 0, 36, ""},
		{"-14", true, 1, 1, -14, ""},
		{"INTERVAL '1' YEAR", true, 0, 1, 0, IntervalUnmatchedFormat},
		{"1 02:03:04.5", false, 0, 3, 93784500000, ""},
		{"-1 02:03:04.123456789", false, 0, 3, -93784123456, ""},
		{"1 02", false, 0, 1, 26 * MicrosPerHour, ""},
		{"1 24", false, 0, 1, 0, IntervalParsing},
		{"02:03", false, 1, 2, 2*MicrosPerHour + 3*MicrosPerMinute, ""},
		{"100:00", false, 1, 2, 100 * MicrosPerHour, ""},
		{"03:04.5", false, 2, 3, 184500000, ""},
		{"1.5", false, 3, 3, 1500000, ""},
		{"-0.000001", false, 3, 3, -1, ""},
		{"1.5", false, 0, 0, 0, IntervalUnmatchedFormatNotice},
		{"7", false, 0, 0, 7 * MicrosPerDay, ""},
		{"INTERVAL '7' DAY", false, 0, 0, 7 * MicrosPerDay, ""},
		{"INTERVAL '7' HOUR", false, 0, 0, 0, IntervalUnmatchedFormatNotice},
		{"abc", false, 0, 3, 0, IntervalUnmatchedFormatNotice},
		{"1 2:3:4", false, 0, 3, 93784000000, ""},
		{"1 2:3", false, 0, 3, 0, IntervalUnmatchedFormatNotice},
		{"106751991 04:00:54.775807", false, 0, 3, math.MaxInt64, ""},
		{"-106751991 04:00:54.775808", false, 0, 3, math.MinInt64, ""},
		{"106751991 04:00:54.775808", false, 0, 3, 0, IntervalParsing},
	} {
		var got int64
		var err *Error
		if c.ym {
			var m int32
			m, err = CastStringToYMInterval(c.s, c.start, c.end)
			got = int64(m)
		} else {
			got, err = CastStringToDTInterval(c.s, c.start, c.end)
		}
		switch {
		case c.class != "" && (err == nil || err.Class != c.class):
			t.Errorf("%q (%d..%d): got %d, %v; want %s", c.s, c.start, c.end, got, err, c.class)
		case c.class == "" && (err != nil || got != c.want):
			t.Errorf("%q (%d..%d): got %d, %v; want %d", c.s, c.start, c.end, got, err, c.want)
		}
	}
}

// TestIntervalArith checks the rounding and overflow rules of 10.7.
func TestIntervalArith(t *testing.T) {
	check := func(name string, got int64, err *Error, want int64, class string) {
		t.Helper()
		if class != "" {
			if err == nil || err.Class != class {
				t.Errorf("%s: got %d, %v; want %s", name, got, err, class)
			}
			return
		}
		if err != nil || got != want {
			t.Errorf("%s: got %d, %v; want %d", name, got, err, want)
		}
	}
	r, err := DivYMIntervalInt64(7, 2)
	check("7/2", int64(r), err, 4, "")
	r, err = DivYMIntervalInt64(-7, 2)
	check("-7/2", int64(r), err, -4, "")
	r, err = DivYMIntervalInt64(-1, 2)
	check("-1/2", int64(r), err, -1, "")
	r, err = DivYMIntervalInt64(5, -3)
	check("5/-3", int64(r), err, -2, "")
	r, err = DivYMIntervalInt64(1, 0)
	check("1/0", int64(r), err, 0, IntervalDividedByZero)
	r, err = DivYMIntervalInt64(math.MinInt32, -1)
	check("min/-1", int64(r), err, 0, ArithmeticOverflow)
	l, err := DivDTIntervalInt64(2000000, 3)
	check("2s/3", l, err, 666667, "")
	l, err = DivDTIntervalInt64(math.MinInt64, 2)
	check("min/2", l, err, math.MinInt64/2, "")
	l, err = DivDTIntervalInt64(math.MaxInt64, math.MinInt64)
	check("max/min", l, err, -1, "")
	r, err = MulYMIntervalFloat64(1, 2.5)
	check("1*2.5", int64(r), err, 3, "")
	r, err = MulYMIntervalFloat64(1, -2.5)
	check("1*-2.5", int64(r), err, -3, "")
	r, err = MulYMIntervalFloat64(1, math.NaN())
	check("1*NaN", int64(r), err, 0, ArithmeticOverflow)
	r, err = MulYMIntervalInt64(math.MaxInt32, 2)
	check("max*2", int64(r), err, 0, ArithmeticOverflow)
	l, err = MulDTIntervalFloat64(math.MaxInt64, 1)
	check("max*1.0", l, err, 0, ArithmeticOverflow)
	l, err = SubtractDates(1, 0)
	check("1-0 days", l, err, MicrosPerDay, "")
	l, err = SubtractDates(math.MaxInt32, math.MinInt32)
	check("date range", l, err, 0, ArithmeticOverflow)
	n, err := CastDTIntervalToInt32(-1500000, 3, 3)
	check("-1.5 s to INT", int64(n), err, -1, "")
	l, err = CastInt64ToDTInterval(math.MinInt64, 3, 3)
	check("min s", l, err, 0, CastOverflow)
	r, err = CastInt32ToYMInterval(math.MinInt32, 1, 1)
	check("min months", int64(r), err, math.MinInt32, "")
	l, err = MakeDTInterval(1, 2, 3, DecimalFromInt64(4500000))
	check("make_dt_interval", l, err, 93784500000, "")
}

// TestTimestampInterval checks the TIMESTAMP interval kernels on the
// worked cases of docs/semantics.md 10.9 (UTC, Paris, New York).
func TestTimestampInterval(t *testing.T) {
	pz, _ := ZoneOf("Europe/Paris")
	nz, _ := ZoneOf("America/New_York")
	paris, ny := pz.Location(), nz.Location()
	ts := func(s string, loc *time.Location) int64 {
		v, err := time.ParseInLocation("2006-01-02 15:04:05", s, loc)
		if err != nil {
			t.Fatal(err)
		}
		return v.UnixMicro()
	}
	sec := func(us int64, err *Error) int64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return us / MicrosPerSecond
	}
	secOK := func(us int64, ok bool) int64 {
		t.Helper()
		if !ok {
			t.Fatal("overflow")
		}
		return us / MicrosPerSecond
	}
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		// Jan 31 + 1 month clamps to Feb 29 (2024), Feb 28 (2023)
		{"utc months", secOK(TimestampAddMonths(ts("2024-01-31 10:00:00", time.UTC), 1, UTC.Cursor())), ts("2024-02-29 10:00:00", time.UTC) / MicrosPerSecond},
		{"utc months 2023", sec(TimestampAddMonthsUTC(ts("2023-01-31 10:00:00", time.UTC), 1)), ts("2023-02-28 10:00:00", time.UTC) / MicrosPerSecond},
		{"utc -13 months", sec(TimestampAddMonthsUTC(ts("2024-03-31 00:00:00", time.UTC), -13)), ts("2023-02-28 00:00:00", time.UTC) / MicrosPerSecond},
		// 2024-03-30 12:00 CET + 1 day = 03-31 12:00 CEST = 10:00 UTC
		{"paris +1 day", secOK(TimestampAddDayTime(ts("2024-03-30 12:00:00", paris), MicrosPerDay, pz.Cursor())), 1711879200},
		// 25 hours = 1 calendar day, then 1 elapsed hour: 13:00 CEST
		{"paris +25 h", secOK(TimestampAddDayTime(ts("2024-03-30 12:00:00", paris), 25*MicrosPerHour, pz.Cursor())), ts("2024-03-31 13:00:00", paris) / MicrosPerSecond},
		// Z6, Z7: an overlap reached by days keeps the starting offset
		{"Z6 real", secOK(TimestampAddDayTime(ts("2024-10-26 02:30:00", paris), MicrosPerDay, pz.Cursor())), 1729989000},
		{"Z7", secOK(TimestampAddDayTime(ts("2024-10-28 02:30:00", paris), -MicrosPerDay, pz.Cursor())), 1729992600},
		// 02:30 on 03-30 + 1 day falls in the gap: 03:30 CEST = 01:30 UTC (Z1)
		{"gap", secOK(TimestampAddDayTime(ts("2024-03-30 02:30:00", paris), MicrosPerDay, pz.Cursor())), 1711848600},
		// Z11 and its EDT twin
		{"Z11", secOK(TimestampAddDayTime(ts("2024-11-04 01:30:00", ny), -MicrosPerDay, nz.Cursor())), 1730615400},
		{"Z11 EDT", secOK(TimestampAddDayTime(ts("2024-11-02 01:30:00", ny), MicrosPerDay, nz.Cursor())), 1730611800},
		// a month added into the gap moves one hour later: 03:30 EDT
		{"ny month gap", secOK(TimestampAddMonths(ts("2024-02-10 02:30:00", ny), 1, nz.Cursor())), 1710055800},
		// 12:00 - 00:00 on the day clocks go forward reads 12 hours
		{"ny wall diff", sec(SubtractTimestamps(ts("2024-03-10 12:00:00", ny), ts("2024-03-10 00:00:00", ny), nz.Cursor())), 12 * 3600},
		{"Z12 local", secOK(nz.FromLocal(ts("2024-03-10 00:00:00", time.UTC), NoPreference)), 1710046800},
		{"Z9 local", secOK(nz.FromLocal(ts("2024-11-03 01:30:00", time.UTC), NoPreference)), 1730611800},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %d, want %d", c.name, c.got, c.want)
		}
	}
	if _, err := TimestampAddDayTimeUTC(math.MaxInt64, 1); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("largest instant + 1 us: %v, want ARITHMETIC_OVERFLOW", err)
	}
	if _, ok := TimestampAddMonths(math.MaxInt64-MicrosPerDay, 1, pz.Cursor()); ok {
		t.Error("a month past the largest instant did not overflow")
	}
}
