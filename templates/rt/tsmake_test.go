package rt

import (
	"strings"
	"testing"
)

// TestMakeTimestampSQL checks the SQL forms of make_timestamp: the
// DECIMAL(16,6) seconds, the session zone's gap, the try_ forms' split
// between NULL (the fields) and errors (the zone, the range).
func TestMakeTimestampSQL(t *testing.T) {
	// 2024-03-31 00:00 UTC is 1711843200; 02:30 in Paris is in the gap: 03:30 CEST = 01:30 UTC
	if got, err := MakeTimestampIn(2024, 3, 31, 2, 30, DecimalFromInt64(0), SessionZone("Europe/Paris").Cursor()); err != nil || got != (1711843200+5400)*1e6 {
		t.Errorf("make_timestamp in the gap: %d, %v", got, err)
	}
	// 45.887 s
	if got, err := MakeTimestampNTZOf(1970, 1, 1, 0, 0, DecimalFromInt64(45887000)); err != nil || got != 45887000 {
		t.Errorf("make_timestamp_ntz: %d, %v", got, err)
	}
	if got, err := MakeTimestampAt(1970, 1, 1, 1, 0, DecimalFromInt64(0), "CET"); err != nil || got != 0 {
		t.Errorf("make_timestamp with CET: %d, %v", got, err)
	}
	// LocalDateTime.of checks the date before the time of day
	_, err := MakeTimestampNTZOf(2023, 2, 30, 25, 0, DecimalFromInt64(0))
	if err == nil || !strings.Contains(err.Message(), "Invalid date 'FEBRUARY 30'") {
		t.Errorf("Feb 30 at 25:00: %v", err)
	}
	_, err = MakeTimestampNTZOf(2023, 2, 29, 0, 0, DecimalFromInt64(0))
	if err == nil || !strings.Contains(err.Message(), "Invalid date 'February 29' as '2023' is not a leap year") {
		t.Errorf("Feb 29 2023: %v", err)
	}
	// 23:59:60 on LocalDateTime's last day: plusMinutes leaves the years
	_, err = MakeTimestampNTZOf(999999999, 12, 31, 23, 59, DecimalFromInt64(60000000))
	if err == nil || err.Class != DatetimeFieldOutOfBounds {
		t.Errorf("999999999-12-31 23:59:60: %v", err)
	}
	for _, c := range []struct {
		y     int32
		sec   int64
		tz    string
		valid bool
		class string // of the try_ value kernel
	}{
		{2024, 0, "UTC", true, ""},
		{2024, 60500000, "UTC", false, ""},
		{2024, -500000, "UTC", false, ""},
		{0, 0, "UTC", true, ""},
		{300000, 0, "UTC", true, ArithmeticOverflow},
		{2024, 0, "Mars/Olympus", true, InvalidTimezone},
		{1000000000, 0, "Mars/Olympus", false, InvalidTimezone},
	} {
		if v := MakeTimestampFieldsValidAt(c.y, 1, 1, 0, 0, DecimalFromInt64(c.sec), c.tz); v != c.valid {
			t.Errorf("guard(%d, %d, %s) = %v", c.y, c.sec, c.tz, v)
		}
		_, err := TryMakeTimestampAt(c.y, 1, 1, 0, 0, DecimalFromInt64(c.sec), c.tz)
		if got := errClass(err); got != c.class {
			t.Errorf("try_make_timestamp(%d, %d, %s): %q, want %q", c.y, c.sec, c.tz, got, c.class)
		}
	}
	if _, err := TryMakeTimestampIn(2023, 2, 29, 0, 0, DecimalFromInt64(0), SessionZone("UTC").Cursor()); err != nil {
		t.Errorf("try_make_timestamp of Feb 29 2023 raised %v", err)
	}
	if _, err := TryMakeTimestampNTZOf(2023, 13, 1, 0, 0, DecimalFromInt64(0)); err != nil {
		t.Errorf("try_make_timestamp_ntz of month 13 raised %v", err)
	}
}

// TestTimestampUnitsSQL checks the SQL forms of TIMESTAMPADD and
// TIMESTAMPDIFF in a zone and the unit spellings.
func TestTimestampUnitsSQL(t *testing.T) {
	// 2024-03-30 12:00 CET is 11:00 UTC = 1711796400; a day later is 12:00 CEST = 10:00 UTC
	start := int64(1711796400) * 1e6
	if got, err := TimestampAddIn("DAY", 1, start, SessionZone("Europe/Paris").Cursor()); err != nil || got != start+23*3600e6 {
		t.Errorf("TIMESTAMPADD(DAY) over the gap: %d, %v", got, err)
	}
	if got, err := TimestampAddIn("hour", 24, start, SessionZone("Europe/Paris").Cursor()); err != nil || got != start+24*3600e6 {
		t.Errorf("TIMESTAMPADD(hour): %d, %v", got, err)
	}
	if got, err := TimestampAddNTZ("WEEK", -1, 7*86400e6); err != nil || got != 0 {
		t.Errorf("TIMESTAMPADD(WEEK) of an NTZ: %d, %v", got, err)
	}
	if got, err := TimestampDiffIn("HOUR", start, start+23*3600e6, SessionZone("Europe/Paris").Cursor()); err != nil || got != 24 {
		t.Errorf("TIMESTAMPDIFF(HOUR) over the gap: %d, %v", got, err)
	}
	_, err := TimestampDiffIn("DAYOFYEAR", 0, 0, SessionZone("UTC").Cursor())
	if err == nil || err.Class != InvalidDatetimeUnit || !strings.Contains(err.Message(), "`TIMESTAMPDIFF`") || !strings.Contains(err.Message(), "'DAYOFYEAR'") {
		t.Errorf("TIMESTAMPDIFF(DAYOFYEAR): %v", err)
	}
}

// TestXPathFloatShort checks xpath_float's rounding and xpath_short's
// Double.shortValue: the int conversion, then the low 16 bits.
func TestXPathFloatShort(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want int16
	}{{"<a>40000</a>", -25536}, {"<a>32768</a>", -32768}, {"<a>3000000000</a>", -1}, {"<a>-2.7</a>", -2}, {"<a>x</a>", 0}} {
		if got, err := XPathShortOf(c.doc, "a"); err != nil || got != c.want {
			t.Errorf("xpath_short(%s) = %d, %v; want %d", c.doc, got, err, c.want)
		}
	}
	if got, err := XPathFloatOf("<a>0.1</a>", "a"); err != nil || got != float32(0.1) {
		t.Errorf("xpath_float(0.1) = %v, %v", got, err)
	}
	if _, err := XPathShortOf("<a>", "a"); err == nil || err.Class != InvalidXML {
		t.Errorf("xpath_short of a malformed document: %v", err)
	}
}
