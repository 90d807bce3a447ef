package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAppendFormsAgree checks each append form of AppendForms against its
// kernel: the same text appended after what dst held, the same error with
// dst as it was, over patterns fixed and not, valid and not, and instants
// across the range in two zones.
func TestAppendFormsAgree(t *testing.T) {
	type pair struct {
		app    func([]byte, int64, string, *ZoneCursor) ([]byte, *Error)
		kernel func(int64, string, *ZoneCursor) (string, *Error)
	}
	compiled := func(f func([]byte, int64, *DatetimePattern, *ZoneCursor) ([]byte, *Error)) func([]byte, int64, string, *ZoneCursor) ([]byte, *Error) {
		return func(dst []byte, v int64, pat string, zc *ZoneCursor) ([]byte, *Error) {
			return f(dst, v, DatetimePatternOf(pat), zc)
		}
	}
	pairs := map[string]pair{
		"DateFormatTimestampIn":   {AppendDateFormatTimestampIn, DateFormatTimestampIn},
		"FromUnixTimeIn":          {AppendFromUnixTimeIn, FromUnixTimeIn},
		"DateFormatTimestampWith": {compiled(AppendDateFormatTimestampWith), DateFormatTimestampIn},
		"FromUnixTimeWith":        {compiled(AppendFromUnixTimeWith), FromUnixTimeIn},
	}
	if 2*len(AppendForms) != len(pairs) {
		t.Fatalf("AppendForms has %d kernels; this test checks %d forms", len(AppendForms), len(pairs))
	}
	patterns := []string{"yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "dd/MM/yyyy", "EEE, d MMM yyyy HH:mm:ss.SSS z", "yyyyyyy", "qqqqq", ""}
	r := rand.New(rand.NewPCG(5, 6))
	for _, zone := range []string{"UTC", "Europe/Paris"} {
		z, _ := ZoneOf(zone)
		zc, ref := z.Cursor(), z.Cursor()
		for i := 0; i < 3000; i++ {
			v := r.Int64N(200*365*MicrosPerDay) - 100*365*MicrosPerDay
			switch i % 5 {
			case 3:
				v = r.Int64()
			case 4:
				v = []int64{math.MinInt64, math.MaxInt64, 0, -1, 253402300800000000}[i/5%5]
			}
			for k, p := range pairs {
				for _, pat := range patterns {
					dst := append(make([]byte, 0, 64), "prefix"...) // room for the short layouts' word stores
					got, gerr := p.app(dst, v, pat, zc)
					want, werr := p.kernel(v, pat, ref)
					if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
						t.Fatalf("%s %s(%d, %q): error %v, kernel %v", zone, k, v, pat, gerr, werr)
					}
					if werr != nil {
						want = ""
					}
					if string(got) != "prefix"+want {
						t.Fatalf("%s %s(%d, %q) = %q, kernel %q", zone, k, v, pat, got, want)
					}
				}
			}
		}
	}
	for pat, w := range map[string]int{"yyyy-MM-dd HH:mm": 16, "yyyy-MM-dd HH:mm:ss": 19, "dd/MM/yyyy": 10, "d MMM yyyy": 0, "yyyyyyy": 0} {
		if got := DatetimePatternWidth(pat); got != w {
			t.Errorf("DatetimePatternWidth(%q) = %d, want %d", pat, got, w)
		}
	}
}
