package rt

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// TestDatePatternRoundTrip formats days from 1600 to 2400 with patterns that
// determine the date, checks a few fields against Go's time package, and
// parses the text back to the same day.
func TestDatePatternRoundTrip(t *testing.T) {
	patterns := []string{"yyyy-MM-dd", "dd/MM/yyyy", "d/M/y", "yyyyMMdd", "EEE, MMM d, yyyy", "EEEE, MMMM dd yyyy",
		"yyyy DDD", "yyyy-D", "QQQ yyyy-MM-dd", "'day' d 'of' LLLL yyyy", "yyyy''MM''dd"}
	start := daysFromCivil(1600, 1, 1)
	end := daysFromCivil(2400, 12, 31)
	for _, pat := range patterns {
		p := CompileDatePattern(pat)
		if p.Err() != nil {
			t.Fatalf("%q: %v", pat, p.Err())
		}
		for d := start; d <= end; d += 7 {
			s := p.Format(int32(d))
			got, err := p.Parse(s)
			if err != nil || got != int32(d) {
				t.Fatalf("%q: %s parses back to %d, %v; want %d", pat, s, got, err, d)
			}
		}
	}
	tm := time.Date(2024, 7, 4, 0, 0, 0, 0, time.UTC)
	d := int32(tm.Unix() / 86400)
	if got, _ := DateFormat(d, "EEEE MMMM"); got != tm.Format("Monday January") {
		t.Errorf("date_format = %q", got)
	}
	if got, _ := DateFormat(d, "EEE MMM"); got != tm.Format("Mon Jan") {
		t.Errorf("date_format = %q", got)
	}
}

// TestDatePatternNoPanic runs random patterns over random text and dates,
// including the extremes of the DATE range: errors, never panics.
func TestDatePatternNoPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "yMLdDEQqHmsaGu'-/ []{}#0123456789+"
	text := "0123456789-+/ JanJulyThuMondayQ3rd quarter'"
	rnd := func(a string, n int) string {
		b := make([]byte, r.IntN(n))
		for i := range b {
			b[i] = a[r.IntN(len(a))]
		}
		return string(b)
	}
	for range 20000 {
		pat := rnd(alphabet, 12)
		for _, d := range []int32{math.MinInt32, math.MaxInt32, 0, -1, int32(r.Uint32())} {
			_, _ = DateFormat(d, pat)
		}
		_, _ = ToDateFmt(rnd(text, 20), pat)
		_ = ToDateFmtDefined(rnd(text, 20), pat)
		_ = TryToDateFmt(rnd(text, 20), pat)
	}
	if _, err := ToDateFmt("9999999999-01-01", "y-MM-dd"); err == nil {
		t.Error("a year out of the DATE range parses")
	}
}

// TestTryArithGuards checks each guard of the try_ arithmetic against the
// kernel that raises, and the value kernel against its result.
func TestTryArithGuards(t *testing.T) {
	i32 := []int32{0, 1, -1, 2, -2, 65536, math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1, 46341}
	i64 := []int64{0, 1, -1, 2, -2, 3037000500, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, 1 << 32, -(1 << 32)}
	for _, a := range i32 {
		for _, b := range i32 {
			check32 := func(name string, fits bool, wrap int32, f func(a, b int32) (int32, *Error)) {
				v, err := f(a, b)
				if fits != (err == nil) || fits && v != wrap {
					t.Errorf("%s(%d, %d): fits %v, value %d; kernel gives %d, %v", name, a, b, fits, wrap, v, err)
				}
			}
			check32("add", AddFitsInt32(a, b), AddWrapInt32(a, b), AddInt32)
			check32("sub", SubFitsInt32(a, b), SubWrapInt32(a, b), SubInt32)
			check32("mul", MulFitsInt32(a, b), MulWrapInt32(a, b), MulInt32)
			check32("mod", NonZeroDivisorInt32(a, b), ModTotalInt32(a, b), ModInt32)
			check32("date_add", DateAddFits(a, b), DateAddWrap(a, b), DateAdd)
			check32("date_sub", DateSubFits(a, b), DateSubWrap(a, b), DateSub)
		}
	}
	for _, a := range i64 {
		for _, b := range i64 {
			check64 := func(name string, fits bool, wrap int64, f func(a, b int64) (int64, *Error)) {
				v, err := f(a, b)
				if fits != (err == nil) || fits && v != wrap {
					t.Errorf("%s(%d, %d): fits %v, value %d; kernel gives %d, %v", name, a, b, fits, wrap, v, err)
				}
			}
			check64("add", AddFitsInt64(a, b), AddWrapInt64(a, b), AddInt64)
			check64("sub", SubFitsInt64(a, b), SubWrapInt64(a, b), SubInt64)
			check64("mul", MulFitsInt64(a, b), MulWrapInt64(a, b), MulInt64)
			check64("mod", NonZeroDivisorInt64(a, b), ModTotalInt64(a, b), ModInt64)
		}
	}
}

// TestYearOfWeek checks the ISO week-based year against Go's time package.
func TestYearOfWeek(t *testing.T) {
	for d := daysFromCivil(1900, 1, 1); d <= daysFromCivil(2100, 12, 31); d++ {
		y, _ := time.Unix(d*86400, 0).UTC().ISOWeek()
		if got := YearOfWeek(int32(d)); got != int32(y) {
			t.Fatalf("yearofweek(%d) = %d, want %d", d, got, y)
		}
	}
	_ = YearOfWeek(math.MaxInt32)
	_ = YearOfWeek(math.MinInt32)
}
