package rt

import (
	"math"
	"testing"
)

// TestZoneConversions checks from_utc_timestamp, to_utc_timestamp and
// convert_timezone. 2016-08-31 is day 17044 (1472601600 s); Seoul is +09:00.
func TestZoneConversions(t *testing.T) {
	const aug31 = 1472601600
	for _, c := range []struct {
		name string
		got  func() (int64, *Error)
		want int64
	}{
		{"from_utc Seoul", func() (int64, *Error) { return FromUTCTimestamp(aug31*1e6, "Asia/Seoul") }, (aug31 + 32400) * 1e6},
		{"to_utc Seoul", func() (int64, *Error) { return ToUTCTimestamp((aug31+32400)*1e6, "Asia/Seoul") }, aug31 * 1e6},
		{"to_utc gap", func() (int64, *Error) { return ToUTCTimestamp((1711843200+9000)*1e6, "Europe/Paris") }, 1711848600e6},
		{"from_utc +05:30", func() (int64, *Error) { return FromUTCTimestamp(0, "+05:30") }, 19800e6},
		{"convert Paris to New York", func() (int64, *Error) {
			return ConvertTimezone("Europe/Paris", "America/New_York", (1720051200+43200)*1e6)
		}, (1720051200 + 21600) * 1e6},
		{"convert UTC to Kolkata", func() (int64, *Error) { return ConvertTimezone("UTC", "Asia/Kolkata", 0) }, 19800e6},
	} {
		got, err := c.got()
		if err != nil || got != c.want {
			t.Errorf("%s = %d, %v; want %d", c.name, got, err, c.want)
		}
	}
	if _, err := FromUTCTimestamp(0, "Mars/Olympus"); err == nil || err.Class != InvalidTimezone {
		t.Errorf("bad zone: %v", err)
	}
	if _, err := ConvertTimezone("UTC", "+25:00", 0); err == nil || err.Class != InvalidTimezone {
		t.Errorf("bad zone: %v", err)
	}
	if _, err := FromUTCTimestamp(math.MaxInt64, "+01:00"); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("overflow: %v", err)
	}
}

// TestMakeTimestamp checks make_timestamp. 2014-12-28 is day 16432
// (1419724800 s); 2019-07-01 is day 18078 (1561939200 s).
func TestMakeTimestamp(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	const dec28 = 1419724800 + 23445 // 06:30:45
	for _, c := range []struct {
		y, mo, d, h, mi int32
		sec             int64
		z               *Zone
		want            int64
	}{
		{2014, 12, 28, 6, 30, 45887000, UTC, dec28*1e6 + 887000},
		{2014, 12, 28, 6, 30, 45887000, mustZone(t, "+01:00"), (dec28-3600)*1e6 + 887000},
		{2019, 6, 30, 23, 59, 60000000, UTC, 1561939200e6},
		{2024, 2, 29, 0, 0, 0, UTC, 1709164800e6},
		{2024, 3, 31, 2, 30, 0, paris, 1711848600e6},
		{2024, 10, 27, 2, 30, 0, paris, 1729989000e6},
		// the ends of the range (docs/semantics.md 10.1)
		{-290308, 12, 21, 19, 59, 5224192, UTC, math.MinInt64},
		{294247, 1, 10, 4, 0, 54775807, UTC, math.MaxInt64},
	} {
		got, err := MakeTimestamp(c.y, c.mo, c.d, c.h, c.mi, c.sec, c.z)
		if err != nil || got != c.want {
			t.Errorf("make_timestamp(%d, %d, %d, %d, %d, %d) in %s = %d, %v; want %d", c.y, c.mo, c.d, c.h, c.mi, c.sec, c.z, got, err, c.want)
		}
	}
	if got, err := MakeTimestampTz(2014, 12, 28, 6, 30, 45887000, "CET"); err != nil || got != (dec28-3600)*1e6+887000 {
		t.Errorf("make_timestamp with CET: %d %v", got, err)
	}
	if got, err := MakeTimestampNTZ(2024, 3, 31, 2, 30, 0); err != nil || got != (1711843200+9000)*1e6 {
		t.Errorf("make_timestamp_ntz: %d %v", got, err)
	}
	for _, c := range []struct {
		y, mo, d, h, mi int32
		sec             int64
		class           string
	}{
		{2019, 6, 30, 23, 59, 60500000, InvalidFractionOfSecond},
		{2019, 13, 1, 0, 0, 0, DatetimeFieldOutOfBounds},
		{2023, 2, 29, 0, 0, 0, DatetimeFieldOutOfBounds},
		{2024, 4, 31, 0, 0, 0, DatetimeFieldOutOfBounds},
		{2024, 1, 1, 24, 0, 0, DatetimeFieldOutOfBounds},
		{2024, 1, 1, 0, 60, 0, DatetimeFieldOutOfBounds},
		{2024, 1, 1, 0, 0, -1, DatetimeFieldOutOfBounds},
		{2024, 1, 1, 0, 0, 61000000, DatetimeFieldOutOfBounds},
		{1000000000, 1, 1, 0, 0, 0, DatetimeFieldOutOfBounds},
		{300000, 1, 1, 0, 0, 0, ArithmeticOverflow},
		{-290308, 12, 21, 19, 59, 5224191, ArithmeticOverflow},
		{294247, 1, 10, 4, 0, 54775808, ArithmeticOverflow},
	} {
		_, err := MakeTimestamp(c.y, c.mo, c.d, c.h, c.mi, c.sec, UTC)
		if err == nil || err.Class != c.class {
			t.Errorf("make_timestamp(%d, %d, %d, %d, %d, %d): %v, want %s", c.y, c.mo, c.d, c.h, c.mi, c.sec, err, c.class)
		}
		// try_make_timestamp is NULL for the fields' errors, and raises
		// the overflow
		if valid := MakeTimestampFieldsValid(c.y, c.mo, c.d, c.h, c.mi, DecimalFromInt64(c.sec)); valid != (c.class == ArithmeticOverflow) {
			t.Errorf("try_make_timestamp(%d, %d, %d, %d, %d, %d): guard %v", c.y, c.mo, c.d, c.h, c.mi, c.sec, valid)
		}
	}
	if _, err := MakeTimestampTz(2024, 1, 1, 0, 0, 0, "-100"); err == nil || err.Class != InvalidTimezone {
		t.Errorf("make_timestamp with a bad zone: %v", err)
	}
}

// TestTimestampAddDayTime checks ts + a DAY-TIME interval (docs/semantics.md
// 10.7 and 10.9): whole days on the calendar, the rest elapsed.
func TestTimestampAddDayTime(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	for _, c := range []struct {
		us, dt, want int64
	}{
		{1711796400e6, 24 * MicrosPerHour, 1711879200e6},            // 2024-03-30 12:00 CET + 24 h = 03-31 12:00 CEST
		{1711796400e6, 25 * MicrosPerHour, 1711882800e6},            // then 13:00
		{1729902600e6, MicrosPerDay, 1729989000e6},                  // Z6
		{1730079000e6, -MicrosPerDay, 1729992600e6},                 // Z7
		{1711796400e6, -MicrosPerDay - MicrosPerHour, 1711706400e6}, // 03-29 11:00 CET
	} {
		if got, ok := TimestampAddDayTime(c.us, c.dt, paris.Cursor()); !ok || got != c.want {
			t.Errorf("%d + %d µs in Paris = %d, %v; want %d", c.us, c.dt, got, ok, c.want)
		}
	}
	if _, ok := TimestampAddDayTime(math.MaxInt64, 1, UTC.Cursor()); ok {
		t.Error("overflow")
	}
}

// TestTimestampAdd checks timestampadd, with the DST cases of
// docs/semantics.md 10.9 (Paris 2024-03-30 12:00 CET is 1711796400;
// 2024-10-26 02:30 CEST is 1729902600; 2024-10-28 02:30 CET is 1730079000;
// New York 2024-02-10 02:30 EST is 1707550200).
func TestTimestampAdd(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	for _, c := range []struct {
		unit string
		n    int64
		us   int64
		z    *Zone
		want int64
	}{
		{"MONTH", 1, 1706695200e6, UTC, 1709200800e6},    // 2024-01-31 10:00 -> 02-29
		{"year", 1, 1709164800e6, UTC, 1740700800e6},     // 2024-02-29 -> 2025-02-28
		{"QUARTER", -1, 1717113600e6, UTC, 1709164800e6}, // 2024-05-31 -> 02-29
		{"DAY", 1, 1711796400e6, paris, 1711879200e6},
		// hours are elapsed time (Spark 4's timestampAddInterval), unlike
		// INTERVAL '24' HOUR added to a TIMESTAMP
		{"HOUR", 24, 1711796400e6, paris, 1711882800e6},
		{"HOUR", 25, 1711796400e6, paris, 1711886400e6},
		{"WEEK", 1, 1711796400e6, paris, 1711879200e6 + 6*86400e6},
		{"DAY", 1, 1729902600e6, paris, 1729989000e6},
		{"DAY", -1, 1730079000e6, paris, 1729992600e6},
		{"MONTH", 1, 1707550200e6, ny, 1710055800e6},
		{"WEEK", 1, 0, UTC, 7 * MicrosPerDay},
		{"DAYOFYEAR", 1, 0, UTC, MicrosPerDay},
		{"MILLISECOND", 1, -1, UTC, 999},
		{"MICROSECOND", -1, math.MinInt64 + 1, UTC, math.MinInt64},
		{"SECOND", 3, 0, ny, 3e6},
		{"MINUTE", -90, 0, UTC, -90 * MicrosPerMinute},
	} {
		got, err := TimestampAdd(c.unit, c.n, c.us, c.z)
		if err != nil || got != c.want {
			t.Errorf("timestampadd(%s, %d, %d) in %s = %d, %v; want %d", c.unit, c.n, c.us, c.z, got, err, c.want)
		}
	}
	for _, c := range []struct {
		unit  string
		n, us int64
		class string
	}{
		{"SECOND", math.MaxInt64, 0, DatetimeOverflow},
		{"YEAR", 1 << 40, 0, DatetimeOverflow},
		{"MONTH", 1 << 31, 0, DatetimeOverflow},
		{"DAY", 1 << 31, 0, DatetimeOverflow},
		{"WEEK", 1 << 30, 0, DatetimeOverflow},
		{"MICROSECOND", 1, math.MaxInt64, DatetimeOverflow},
		{"YEAR", 300000, 0, DatetimeOverflow},
		{"DECADE", 1, 0, InvalidDatetimeUnit},
	} {
		if _, err := TimestampAdd(c.unit, c.n, c.us, UTC); err == nil || err.Class != c.class {
			t.Errorf("timestampadd(%s, %d, %d): %v, want %s", c.unit, c.n, c.us, err, c.class)
		}
	}
	if !TimestampAddUnitValid("dayofyear") || TimestampDiffUnitValid("DAYOFYEAR") || TimestampAddUnitValid("MONTHS") {
		t.Error("unit validity")
	}
}

// TestTimestampDiff checks timestampdiff: differences of wall-clock
// readings, java.time's LocalDateTime.until.
func TestTimestampDiff(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	day := func(y, m, d int64) int64 { return daysFromCivil(y, m, d) * MicrosPerDay }
	for _, c := range []struct {
		unit       string
		start, end int64
		z          *Zone
		want       int64
	}{
		{"MONTH", day(2024, 1, 31), day(2024, 2, 29), UTC, 0},
		{"MONTH", day(2024, 1, 31), day(2024, 3, 31), UTC, 2},
		{"month", day(2024, 3, 31), day(2024, 1, 31), UTC, -2},
		{"MONTH", day(2024, 3, 31), day(2024, 2, 29), UTC, -1},
		{"YEAR", day(2020, 2, 29), day(2021, 2, 28), UTC, 0},
		{"YEAR", day(2020, 2, 29), day(2021, 3, 1), UTC, 1},
		{"QUARTER", day(2024, 1, 1), day(2024, 7, 1), UTC, 2},
		{"DAY", day(2024, 1, 1) + 10*MicrosPerHour, day(2024, 1, 2) + 10*MicrosPerHour - 1e6, UTC, 0},
		{"DAY", day(2024, 1, 2) + 9*MicrosPerHour, day(2024, 1, 1) + 10*MicrosPerHour, UTC, 0},
		{"DAY", day(2024, 1, 1), day(2024, 3, 1), UTC, 60},
		{"WEEK", 0, 13 * MicrosPerDay, UTC, 1},
		{"WEEK", 13 * MicrosPerDay, 0, UTC, -1},
		{"HOUR", 1711796400e6, 1711879200e6, paris, 24},
		{"HOUR", 1711796400e6, 1711879200e6, UTC, 23},
		{"SECOND", -1, 0, UTC, 0},
		{"MILLISECOND", -1001, 0, UTC, 1},
		{"MICROSECOND", -5, 7, UTC, 12},
		{"MINUTE", 0, -119 * MicrosPerSecond, UTC, -1},
	} {
		got, err := TimestampDiff(c.unit, c.start, c.end, c.z)
		if err != nil || got != c.want {
			t.Errorf("timestampdiff(%s, %d, %d) in %s = %d, %v; want %d", c.unit, c.start, c.end, c.z, got, err, c.want)
		}
	}
	if _, err := TimestampDiff("MICROSECOND", math.MinInt64, math.MaxInt64, UTC); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("overflow: %v", err)
	}
	if _, err := TimestampDiff("DAYOFYEAR", 0, 0, UTC); err == nil || err.Class != InvalidDatetimeUnit {
		t.Errorf("unit: %v", err)
	}
}

// TestEpochConversions checks unix_* and timestamp_*.
func TestEpochConversions(t *testing.T) {
	if UnixMillis(-1) != -1 || UnixSeconds(-1) != -1 || UnixSeconds(1e6) != 1 || UnixMicros(-7) != -7 || TimestampMicros(5) != 5 {
		t.Error("floored epoch numbers")
	}
	if v, err := TimestampSeconds(-2); err != nil || v != -2e6 {
		t.Errorf("timestamp_seconds(-2) = %d %v", v, err)
	}
	if _, err := TimestampSeconds(math.MaxInt64/1000000 + 1); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("timestamp_seconds overflow: %v", err)
	}
	if v, err := TimestampMillis(-1); err != nil || v != -1000 {
		t.Errorf("timestamp_millis(-1) = %d %v", v, err)
	}
	if _, err := TimestampMillis(math.MinInt64 / 100); err == nil {
		t.Error("timestamp_millis overflow")
	}
	for _, c := range []struct {
		x    float64
		want int64
	}{{1.5, 1500000}, {-1.0000015, -1000001}, {0, 0}} {
		if v, err := TimestampSecondsFloat64(c.x); err != nil || v != c.want || !TimestampSecondsFloat64Defined(c.x) {
			t.Errorf("timestamp_seconds(%v) = %d %v", c.x, v, err)
		}
	}
	if TimestampSecondsFloat64Defined(math.NaN()) || TimestampSecondsFloat64Defined(math.Inf(-1)) {
		t.Error("NaN is defined")
	}
	if _, err := TimestampSecondsFloat64(1e19); err == nil {
		t.Error("1e19 s fits")
	}
	if got := UnixTimestampDate(19813, mustZone(t, "Europe/Paris")); got != 1711839600 {
		t.Errorf("unix_timestamp(DATE '2024-03-31') in Paris = %d", got)
	}
	if got := UnixTimestampDate(17839, mustZone(t, "America/Sao_Paulo")); got != 1541300400 {
		t.Errorf("unix_timestamp(DATE '2018-11-04') in Sao Paulo = %d", got)
	}
	if got := UnixTimestampDate(math.MaxInt32, UTC); got != math.MaxInt32*86400 {
		t.Errorf("unix_timestamp of the last DATE = %d", got)
	}
}

// TestTimestampKernelsNoAlloc checks that the per-row kernels over a
// prepared zone allocate nothing.
func TestTimestampKernelsNoAlloc(t *testing.T) {
	paris := mustZone(t, "Europe/Paris")
	n := testing.AllocsPerRun(100, func() {
		_ = HourTimestamp(ts1, paris.Cursor()) + YearTimestamp(ts1, paris.Cursor())
		_ = SecondWithFractionTimestamp(ts1, paris.Cursor())
		_, _ = DateTrunc("HOUR", ts1, paris.Cursor())
		_, _ = DateTrunc("month", ts1, paris.Cursor())
		_, _ = TimestampAdd("MONTH", 1, ts1, paris)
		_, _ = TimestampAdd("HOUR", 25, ts1, paris)
		_, _ = TimestampDiff("DAY", 0, ts1, paris)
		_, _ = MakeTimestamp(2024, 3, 31, 2, 30, 0, paris)
	})
	if n != 0 {
		t.Errorf("%v allocations per run", n)
	}
}
