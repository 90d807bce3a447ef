package rt

import (
	"math/big"
	"testing"
	"time"
)

// TestCalendarAgainstTime checks the calendar kernels on every day from
// 1600 to 2400 against Go's time package (proleptic Gregorian too).
func TestCalendarAgainstTime(t *testing.T) {
	start := daysFromCivil(1600, 1, 1)
	end := daysFromCivil(2400, 12, 31)
	for d := start; d <= end; d++ {
		day := int32(d)
		tm := time.Unix(d*86400, 0).UTC()
		if got, want := DayOfWeek(day), int32(tm.Weekday())+1; got != want {
			t.Fatalf("dayofweek(%s) = %d, want %d", tm.Format(time.DateOnly), got, want)
		}
		if got, want := Weekday(day), (int32(tm.Weekday())+6)%7; got != want {
			t.Fatalf("weekday(%s) = %d, want %d", tm.Format(time.DateOnly), got, want)
		}
		if got, want := DayOfYear(day), int32(tm.YearDay()); got != want {
			t.Fatalf("dayofyear(%s) = %d, want %d", tm.Format(time.DateOnly), got, want)
		}
		if got, want := Quarter(day), int32(tm.Month()-1)/3+1; got != want {
			t.Fatalf("quarter(%s) = %d, want %d", tm.Format(time.DateOnly), got, want)
		}
		if _, w := tm.ISOWeek(); WeekOfYear(day) != int32(w) {
			t.Fatalf("weekofyear(%s) = %d, want %d", tm.Format(time.DateOnly), WeekOfYear(day), w)
		}
		last := time.Date(tm.Year(), tm.Month()+1, 0, 0, 0, 0, 0, time.UTC)
		if got, err := LastDay(day); err != nil || int64(got) != last.Unix()/86400 {
			t.Fatalf("last_day(%s) = %d, %v", tm.Format(time.DateOnly), got, err)
		}
		for _, n := range []int32{-13, -1, 1, 2, 12, 25} {
			y, m := tm.Year(), int(tm.Month())+int(n)
			first := time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC)
			dim := time.Date(first.Year(), first.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
			want := time.Date(first.Year(), first.Month(), min(tm.Day(), dim), 0, 0, 0, 0, time.UTC)
			if got, err := AddMonths(day, n); err != nil || int64(got) != want.Unix()/86400 {
				t.Fatalf("add_months(%s, %d) = %d, %v, want %s", tm.Format(time.DateOnly), n, got, err, want.Format(time.DateOnly))
			}
		}
	}
}

// TestRoundHalfUp8 checks months_between's rounding against exact decimal
// rounding of each value's shortest decimal form.
func TestRoundHalfUp8(t *testing.T) {
	for num := int64(-400); num <= 400; num++ {
		for _, months := range []float64{0, 1, -7, 123} {
			x := months + float64(num)/31
			want := new(big.Rat)
			want.SetString(big.NewFloat(x).Text('g', -1))
			// half up at 8 places: floor(|x| * 1e8 + 1/2) / 1e8, signed
			abs := new(big.Rat).Abs(want)
			abs.Mul(abs, big.NewRat(100_000_000, 1))
			abs.Add(abs, big.NewRat(1, 2))
			q := new(big.Int).Quo(abs.Num(), abs.Denom())
			r := new(big.Rat).SetFrac(q, big.NewInt(100_000_000))
			if x < 0 {
				r.Neg(r)
			}
			w, _ := r.Float64()
			if got := roundHalfUp8(x); got != w {
				t.Fatalf("roundHalfUp8(%v) = %v, want %v", x, got, w)
			}
		}
	}
	if got := MonthsBetween2(int32(daysFromCivil(1997, 2, 28)), int32(daysFromCivil(1996, 10, 30))); got != 3.93548387 {
		t.Errorf("months_between = %v", got)
	}
}
