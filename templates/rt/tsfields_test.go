package rt

import (
	"math"
	"testing"
)

// TestTimestampFields checks the field kernels. 2024-01-01 (a Monday) is day
// 19723, 1704067200 s; 1969-12-31 was a Wednesday in ISO week 1 of 1970
// (Monday 12-29 to Sunday 01-04).
func TestTimestampFields(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	type fields struct{ y, q, m, d, dow, doy, woy, h, mi, s int32 }
	cases := []struct {
		name string
		us   int64
		z    *Zone
		want fields
		frac int64
	}{
		{"2024-01-01 10:11:12.345678", 1704103872345678, UTC, fields{2024, 1, 1, 1, 2, 1, 1, 10, 11, 12}, 12345678},
		{"-1 us", -1, UTC, fields{1969, 4, 12, 31, 4, 365, 1, 23, 59, 59}, 59999999},
		{"epoch", 0, UTC, fields{1970, 1, 1, 1, 5, 1, 1, 0, 0, 0}, 0},
		{"Paris 2024-10-27 02:30 CEST", 1729989000e6, paris, fields{2024, 4, 10, 27, 1, 301, 43, 2, 30, 0}, 0},
		{"Paris 2024-10-27 02:30 CET", 1729992600e6, paris, fields{2024, 4, 10, 27, 1, 301, 43, 2, 30, 0}, 0},
		{"Paris 2023-12-31 23:30Z", (1704067200 - 1800) * 1e6, paris, fields{2024, 1, 1, 1, 2, 1, 1, 0, 30, 0}, 0},
		{"New York 2024-07-01 02:00Z", (1719792000 + 7200) * 1e6, ny, fields{2024, 2, 6, 30, 1, 182, 26, 22, 0, 0}, 0},
		{"Paris 1900-01-01 00:00 PMT", -2208989361e6, paris, fields{1900, 1, 1, 1, 2, 1, 1, 0, 0, 0}, 0},
		{"Paris 1899-12-31 23:59:59", -2208989362e6, paris, fields{1899, 4, 12, 31, 1, 365, 52, 23, 59, 59}, 59000000},
		// 294247-01-10 is a Sunday, so Monday the 4th starts ISO week 1; -290308 is a leap year (Dec 21 is day 335 + 21)
		{"largest", math.MaxInt64, UTC, fields{294247, 1, 1, 10, 1, 10, 1, 4, 0, 54}, 54775807},
		{"smallest", math.MinInt64, UTC, fields{-290308, 4, 12, 21, 1, 356, 51, 19, 59, 5}, 5224192},
	}
	for _, c := range cases {
		got := fields{YearTimestamp(c.us, c.z.Cursor()), QuarterTimestamp(c.us, c.z.Cursor()), MonthTimestamp(c.us, c.z.Cursor()), DayTimestamp(c.us, c.z.Cursor()),
			DayOfWeekTimestamp(c.us, c.z.Cursor()), DayOfYearTimestamp(c.us, c.z.Cursor()), WeekOfYearTimestamp(c.us, c.z.Cursor()),
			HourTimestamp(c.us, c.z.Cursor()), MinuteTimestamp(c.us, c.z.Cursor()), SecondTimestamp(c.us, c.z.Cursor())}
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		if f := SecondWithFractionTimestamp(c.us, c.z.Cursor()); f != c.frac {
			t.Errorf("%s: second with fraction %d, want %d", c.name, f, c.frac)
		}
	}
}

// TestDateTrunc checks date_trunc. 2024-07-04 13:45:56.789123 UTC (a
// Thursday, day 19908) is 1720100756789123 µs; 2024-07-01 is 1719792000 s.
func TestDateTrunc(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	const ts = 1720100756789123
	cases := []struct {
		fmt  string
		us   int64
		z    *Zone
		want int64
	}{
		{"YEAR", ts, UTC, 1704067200e6}, {"yyyy", ts, UTC, 1704067200e6}, {"Yy", ts, UTC, 1704067200e6},
		{"QUARTER", ts, UTC, 1719792000e6}, {"MONTH", ts, UTC, 1719792000e6}, {"mm", ts, UTC, 1719792000e6},
		{"mon", ts, UTC, 1719792000e6}, {"WEEK", ts, UTC, 1719792000e6},
		{"DAY", ts, UTC, 1720051200e6}, {"dd", ts, UTC, 1720051200e6},
		{"HOUR", ts, UTC, 1720098000e6}, {"minute", ts, UTC, 1720100700e6}, {"SECOND", ts, UTC, 1720100756e6},
		{"MILLISECOND", ts, UTC, 1720100756789000}, {"MICROSECOND", ts, UTC, ts},
		// floored before the epoch
		{"SECOND", -1, UTC, -1e6}, {"MILLISECOND", -1, UTC, -1000}, {"MINUTE", -1, UTC, -60e6},
		{"HOUR", -1, UTC, -3600e6}, {"DAY", -1, UTC, -86400e6}, {"YEAR", -1, UTC, -31536000e6},
		{"WEEK", -1, UTC, -3 * 86400e6}, // Wednesday 1969-12-31 -> Monday 12-29
		// the hour of an overlap keeps its offset
		{"HOUR", 1729992600e6, paris, 1729990800e6}, {"HOUR", 1729989000e6, paris, 1729987200e6},
		{"MINUTE", 1729992610e6, paris, 1729992600e6},
		// the day: midnight of 2024-03-31 was CET
		{"DAY", 1711879200e6, paris, 1711839600e6}, {"YEAR", 1711879200e6, paris, 1704063600e6},
		{"DAY", 1730653200e6, ny, 1730606400e6},
		// Paris in 1900 (PMT +00:09:21): truncating to the minute keeps the odd offset
		{"DAY", -2208989361e6 + 3600e6, paris, -2208989361e6},
		{"MINUTE", -2208989361e6 + 90e6, paris, -2208989361e6 + 60e6},
	}
	for _, c := range cases {
		if !DateTruncDefined(c.fmt, c.us) {
			t.Errorf("%s: not defined", c.fmt)
		}
		got, err := DateTrunc(c.fmt, c.us, c.z.Cursor())
		if err != nil || got != c.want {
			t.Errorf("date_trunc(%s, %d) in %s = %d, %v; want %d", c.fmt, c.us, c.z, got, err, c.want)
		}
	}
	for _, f := range []string{"DECADE", " DAY", "", "W", "MS", "US", "HOURS"} {
		if DateTruncDefined(f, 0) {
			t.Errorf("%q is defined", f)
		}
	}
	if _, err := DateTrunc("YEAR", math.MinInt64, UTC.Cursor()); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("year of the smallest instant: %v", err)
	}
	if got, err := DateTrunc("DAY", math.MaxInt64, UTC.Cursor()); err != nil || got != 106751991*MicrosPerDay {
		t.Errorf("day of the largest instant: %d %v", got, err)
	}
}
