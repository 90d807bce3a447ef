package ir

import (
	"math"
	"testing"
	"time"
)

func TestDateRoundTrip(t *testing.T) {
	for _, d := range []Date{0, 1, -1, 59, 60, 365, -719468, 2932896, math.MaxInt32, math.MinInt32, 19723} {
		y, m, dd := d.YMD()
		back, ok := DateFromYMD(y, m, dd)
		if !ok || back != d {
			t.Errorf("%d -> %d-%d-%d -> %d, %v", d, y, m, dd, back, ok)
		}
	}
	// Agree with the time package inside its range.
	for days := -800000; days < 800000; days += 997 {
		tm := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, days)
		y, m, d := Date(days).YMD()
		if y != tm.Year() || m != int(tm.Month()) || d != tm.Day() {
			t.Fatalf("day %d: got %d-%d-%d want %s", days, y, m, d, tm)
		}
	}
}

func TestParseDate(t *testing.T) {
	good := map[string]string{
		"2024-01-01": "2024-01-01", "2024-1-2": "2024-01-02", " 2024-02-29 ": "2024-02-29",
		"2024-03-04T10:00:00": "2024-03-04", "2024": "2024-01-01", "2024-05": "2024-05-01",
		"1969-12-31": "1969-12-31", "0001-01-01": "0001-01-01",
	}
	for in, want := range good {
		d, ok := ParseDate(in)
		if !ok || d.String() != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", in, d, ok, want)
		}
	}
	for _, in := range []string{"", "2023-02-29", "2024-13-01", "2024-00-10", "24-01-01", "2024/01/01", "abcd", "2024-01-01x", "2024--01"} {
		if d, ok := ParseDate(in); ok {
			t.Errorf("ParseDate(%q) = %v, want failure", in, d)
		}
	}
}

func TestFormatDouble(t *testing.T) {
	cases := map[float64]string{
		1: "1.0", 0.5: "0.5", 1e7: "1.0E7", 123456.789: "123456.789", 0.001: "0.001", 0.0001: "1.0E-4",
		-2.5e-10: "-2.5E-10", math.Inf(1): "Infinity", math.NaN(): "NaN", math.Copysign(0, -1): "-0.0",
		1.7976931348623157e308: "1.7976931348623157E308",
	}
	for in, want := range cases {
		if got := FormatDouble(in); got != want {
			t.Errorf("FormatDouble(%v) = %q, want %q", in, got, want)
		}
	}
}

func TestCommonType(t *testing.T) {
	if ct, ok := CommonType(TypeInt, TypeBigint, TypeNull); !ok || !ct.Equal(TypeBigint) {
		t.Errorf("got %v %v", ct, ok)
	}
	if ct, ok := CommonType(TypeInt, TypeDouble); !ok || !ct.Equal(TypeDouble) {
		t.Errorf("got %v %v", ct, ok)
	}
	if _, ok := CommonType(TypeInt, TypeVarchar); ok {
		t.Error("INT and VARCHAR have no common type")
	}
	if ct, ok := CommonType(MapOf(TypeVarchar, TypeInt), TypeNull); !ok || ct.String() != "MAP<VARCHAR, INT>" {
		t.Errorf("got %v", ct)
	}
}
