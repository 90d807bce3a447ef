package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ts1 is 2024-07-04 13:45:56.789123 UTC, a Thursday: day 19908 (1720051200 s)
// plus 49556 s.
const ts1 = 1720100756789123

// TestTimestampFormat checks date_format against the letters' meanings
// (Java's DateTimeFormatter, US names) worked out by hand.
func TestTimestampFormat(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	india, odd := mustZone(t, "Asia/Kolkata"), mustZone(t, "+05:30:15")
	cases := []struct {
		us   int64
		z    *Zone
		pat  string
		want string
	}{
		{ts1, UTC, "yyyy-MM-dd HH:mm:ss", "2024-07-04 13:45:56"},
		{ts1, UTC, "yyyy-MM-dd HH:mm", "2024-07-04 13:45"},
		{ts1, UTC, "S SSS SSSSSS SSSSSSSSS", "7 789 789123 789123000"},
		{ts1, UTC, "h:mm a|hh|K|KK|k|H", "1:45 PM|01|1|01|13|13"},
		{ts1, UTC, "G yyyy GGGG", "AD 2024 Anno Domini"},
		{ts1, UTC, "E EEE EEEE F D DDD QQQ QQQQ q MMM MMMM L", "Thu Thu Thursday 4 186 186 Q3 3rd quarter 3 Jul July 7"},
		{ts1, UTC, "y yy yyy yyyyy yyyyyyyyyy", "2024 24 2024 02024 0000002024"},
		{ts1, UTC, "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "2024-07-04T13:45:56.789Z"},
		{ts1, UTC, "x xx xxx Z ZZZZ ZZZZZ O OOOO VV z X", "+00 +0000 +00:00 +0000 GMT Z GMT GMT UTC UTC Z"},
		{ts1, UTC, "yyyy-MM-dd[ HH:mm]''", "2024-07-04 13:45'"},
		{0, UTC, "k h a K H", "24 12 AM 0 0"},
		{ts1, paris, "HH:mm XXX X XX Z O OOOO ZZZZ VV z", "15:45 +02:00 +02 +0200 +0200 GMT+2 GMT+02:00 GMT+02:00 Europe/Paris CEST"},
		{1704067200e6, paris, "HH:mm z xxx", "01:00 CET +01:00"},
		{ts1, india, "X O x XXX", "+0530 GMT+5:30 +0530 +05:30"},
		{1704067200e6, ny, "yyyy-MM-dd HH z XXX O", "2023-12-31 19 EST -05:00 GMT-5"},
		{0, odd, "XXXXX XXX XXXX O OOOO", "+05:30:15 +05:30 +053015 GMT+5:30:15 GMT+05:30:15"},
		{-1, UTC, "yyyy-MM-dd HH:mm:ss.SSSSSS", "1969-12-31 23:59:59.999999"},
		{math.MaxInt64, UTC, "yyyy-MM-dd HH:mm:ss.SSSSSS", "+294247-01-10 04:00:54.775807"},
		{math.MinInt64, UTC, "yyyy-MM-dd HH:mm:ss.SSSSSS", "-290308-12-21 19:59:05.224192"},
		{math.MinInt64, UTC, "y G", "290309 BC"},
		// year 0 is 1 BC; -1 is 2 BC (0000-01-01 is day -719528). With G
		// every y is the year of era; without, the proleptic year (u).
		{-719528 * MicrosPerDay, UTC, "yyyy G|yyyy|y", "0001 BC|0001|1"},
		{-719528 * MicrosPerDay, UTC, "yyyy|y", "0000|0"},
		{-719893 * MicrosPerDay, UTC, "yyyy G|yy", "0002 BC|02"},
		{-719893 * MicrosPerDay, UTC, "yyyy|y|yy", "-0001|-1|99"},
		// 10000-01-01 is day 2932897
		{2932897 * MicrosPerDay, UTC, "yyyy|yyyyy|y", "+10000|10000|10000"},
		// US weeks (Sunday first, week 1 holds January 1st): July 2024's
		// first week is Mon 1 to Sat 6; 2024-12-29 (a Sunday, day 20086)
		// starts the week of 2025-01-01; 2022-12-31 (a Saturday, day 19357)
		// is in week 53 of 2022.
		{ts1, UTC, "YYYY w W e ee eee eeee YY", "2024 27 1 5 05 Thu Thursday 24"},
		{20086 * MicrosPerDay, UTC, "YYYY-ww e eee", "2025-01 1 Sun"},
		{19357 * MicrosPerDay, UTC, "YYYY-ww e W", "2022-53 7 5"},
		{1704067200e6, UTC, "YYYY-ww e W", "2024-01 2 1"},
	}
	for _, c := range cases {
		p := CompileDatetimePattern(c.pat)
		if p.Err() != nil {
			t.Errorf("%q: %v", c.pat, p.Err())
			continue
		}
		if got := p.Format(c.us, c.z.Cursor()); got != c.want {
			t.Errorf("date_format(%d, %q) in %s = %q, want %q", c.us, c.pat, c.z, got, c.want)
		}
	}
	if got, err := FromUnixTime(0, DefaultTimestampPattern, ny.Cursor()); err != nil || got != "1969-12-31 19:00:00" {
		t.Errorf("from_unixtime(0) in New York = %q, %v", got, err)
	}
	if _, err := FromUnixTime(math.MaxInt64/1000, DefaultTimestampPattern, UTC.Cursor()); err == nil || err.Class != ArithmeticOverflow {
		t.Errorf("from_unixtime out of range: %v", err)
	}
}

// TestTimestampParse checks to_timestamp and unix_timestamp.
func TestTimestampParse(t *testing.T) {
	paris, ny := mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York")
	const day = 1720051200 // 2024-07-04 00:00 UTC, s
	cases := []struct {
		s, pat string
		z      *Zone
		want   int64 // µs
	}{
		{"2024-07-04 13:45:56", "yyyy-MM-dd HH:mm:ss", UTC, (day + 49556) * 1e6},
		{"2024-07-04 13:45:56.789", "yyyy-MM-dd HH:mm:ss.SSS", UTC, (day+49556)*1e6 + 789000},
		{"2024-07-04 13:45:56.7", "yyyy-MM-dd HH:mm:ss.SSS", UTC, (day+49556)*1e6 + 700000},
		{"2024-07-04 13:45:56.1234567", "yyyy-MM-dd HH:mm:ss.SSSSSSS", UTC, (day+49556)*1e6 + 123456},
		{"2024-07-04 01:45 PM", "yyyy-MM-dd hh:mm a", UTC, (day + 49500) * 1e6},
		{"2024-07-04 01:45 pm", "yyyy-MM-dd hh:mm a", UTC, (day + 49500) * 1e6},
		{"2024-07-04 12:00 AM", "yyyy-MM-dd hh:mm a", UTC, day * 1e6},
		{"2024-07-04 24:00", "yyyy-MM-dd kk:mm", UTC, day * 1e6},
		{"2024-07-04 11", "yyyy-MM-dd hh", UTC, (day + 39600) * 1e6},
		{"2024-07-04 PM", "yyyy-MM-dd a", UTC, (day + 43200) * 1e6},
		{"2024-07-04 5 13", "yyyy-MM-dd K H", UTC, 0}, // conflict, checked below
		{"2024-07-04", "yyyy-MM-dd", UTC, day * 1e6},
		{"20240704134556", "yyyyMMddHHmmss", UTC, (day + 49556) * 1e6},
		{"2024-07-04 13:45:56 +02:00", "yyyy-MM-dd HH:mm:ss XXX", UTC, (day + 49556 - 7200) * 1e6},
		{"2024-07-04 13:45:56Z", "yyyy-MM-dd HH:mm:ssX", paris, (day + 49556) * 1e6},
		{"2024-07-04 13:45:56 +0530", "yyyy-MM-dd HH:mm:ss Z", UTC, (day + 49556 - 19800) * 1e6},
		{"2024-07-04 13:45:56 Europe/Paris", "yyyy-MM-dd HH:mm:ss VV", UTC, (day + 49556 - 7200) * 1e6},
		{"2024-07-04 13:45:56 GMT+2", "yyyy-MM-dd HH:mm:ss O", UTC, (day + 49556 - 7200) * 1e6},
		{"2024-07-04 13:45:56 CEST", "yyyy-MM-dd HH:mm:ss z", UTC, (day + 49556 - 7200) * 1e6},
		{"2024-07-04 13:45:56 PST", "yyyy-MM-dd HH:mm:ss z", UTC, (day + 49556 + 25200) * 1e6},
		{"2024-03-31 02:30", "yyyy-MM-dd HH:mm", paris, 1711848600e6},
		{"2024-11-03 01:30", "yyyy-MM-dd HH:mm", ny, 1730611800e6},
		{"2024-07-04", "yyyy-MM-dd[ HH:mm]", UTC, day * 1e6},
		{"2024-07-04 13:45", "yyyy-MM-dd[ HH:mm]", UTC, (day + 49500) * 1e6},
		{"0001 BC", "yyyy G", UTC, -719528 * MicrosPerDay},
		{"2024T07", "yyyy't'MM", UTC, 1719792000e6},
		{"-0001-12-31", "yyyy-MM-dd", UTC, -719529 * MicrosPerDay},
	}
	for _, c := range cases {
		got, err := ToTimestampFmt(c.s, c.pat, c.z)
		if c.want == 0 {
			if err == nil || err.Class != CannotParseTimestamp {
				t.Errorf("to_timestamp(%q, %q) = %d, %v; want a conflict", c.s, c.pat, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("to_timestamp(%q, %q) in %s = %d, %v; want %d", c.s, c.pat, c.z, got, err, c.want)
		}
		if !ToTimestampFmtDefined(c.s, c.pat, c.z) || TryToTimestampFmt(c.s, c.pat, c.z) != c.want {
			t.Errorf("try_to_timestamp(%q, %q) disagrees", c.s, c.pat)
		}
	}
	for _, c := range []struct{ s, pat, class string }{
		{"2024-02-30", "yyyy-MM-dd", CannotParseTimestamp},
		{"2024-07-04 25:00", "yyyy-MM-dd HH:mm", CannotParseTimestamp},
		{"2024-07-04 13", "yyyy-MM-dd hh", CannotParseTimestamp},
		{"2024-07-04 00:00", "yyyy-MM-dd kk:mm", CannotParseTimestamp},
		{"2024-07-04 13:45:56 extra", "yyyy-MM-dd HH:mm:ss", CannotParseTimestamp},
		{"2024-07-04 13:45:56 +19:00", "yyyy-MM-dd HH:mm:ss XXX", CannotParseTimestamp},
		{"2024-07-04 13:45:56 Mars/Olympus", "yyyy-MM-dd HH:mm:ss VV", CannotParseTimestamp},
		{"0000 AD", "yyyy G", CannotParseTimestamp},
		{"Thu 2024", "E yyyy", InvalidDatetimePatternChar},
		{"3 2024", "Q yyyy", InvalidDatetimePatternChar},
		{"2024 27", "YYYY ww", InvalidDatetimePatternChar},
		{"5 2024", "e yyyy", InvalidDatetimePatternChar},
		{"2024", "yyyy{", InvalidDatetimePatternChar},
	} {
		if _, err := ToTimestampFmt(c.s, c.pat, UTC); err == nil || err.Class != c.class {
			t.Errorf("to_timestamp(%q, %q): %v, want %s", c.s, c.pat, err, c.class)
		}
		if ToTimestampFmtDefined(c.s, c.pat, UTC) {
			t.Errorf("try_to_timestamp(%q, %q) is defined", c.s, c.pat)
		}
	}
	if sec, err := ToUnixTimestampFmt("1969-12-31 23:59:59.5", "yyyy-MM-dd HH:mm:ss.S", UTC); err != nil || sec != -1 {
		t.Errorf("unix_timestamp floors: %d %v", sec, err)
	}
	if sec, err := ToUnixTimestampFmt("2024-07-04 13:45:56", DefaultTimestampPattern, UTC); err != nil || sec != day+49556 {
		t.Errorf("unix_timestamp: %d %v", sec, err)
	}
	if us, err := ToTimestampNTZFmt("2024-03-31 02:30", "yyyy-MM-dd HH:mm"); err != nil || us != (1711843200+9000)*1e6 {
		t.Errorf("to_timestamp_ntz has no gap: %d %v", us, err)
	}
	if _, err := ToTimestampNTZFmt("2024-03-31 02:30 +01:00", "yyyy-MM-dd HH:mm XXX"); err == nil {
		t.Error("to_timestamp_ntz accepts a zone")
	}
}

// TestTimestampPatternErrors checks Spark's pattern restrictions.
func TestTimestampPatternErrors(t *testing.T) {
	for _, c := range []struct{ pat, class string }{
		{"yyyyyyyyyyy", InvalidDatetimePatternLength}, {"MMMMM", InvalidDatetimePatternLength},
		{"EEEEE", InvalidDatetimePatternLength}, {"GGGGG", InvalidDatetimePatternLength},
		{"SSSSSSSSSS", InvalidDatetimePatternLength}, {"HHH", InvalidDatetimePatternLength},
		{"aa", InvalidDatetimePatternLength}, {"V", InvalidDatetimePatternLength}, {"VVV", InvalidDatetimePatternLength},
		{"OO", InvalidDatetimePatternLength}, {"XXXXXX", InvalidDatetimePatternLength}, {"ddd", InvalidDatetimePatternLength},
		{"zzzz", InvalidDatetimePatternChar},
		{"u", InvalidDatetimePatternChar}, {"c", InvalidDatetimePatternChar}, {"A", InvalidDatetimePatternChar},
		{"n", InvalidDatetimePatternChar}, {"N", InvalidDatetimePatternChar}, {"p", InvalidDatetimePatternChar},
		{"YYYYYYYYYYY", InvalidDatetimePatternLength}, {"www", InvalidDatetimePatternLength},
		{"WW", InvalidDatetimePatternLength}, {"eeeee", InvalidDatetimePatternLength}, {"B", InvalidDatetimePatternChar}, {"b", InvalidDatetimePatternChar},
		{"v", InvalidDatetimePatternChar}, {"{", InvalidDatetimePatternChar}, {"}", InvalidDatetimePatternChar},
		{"#", InvalidDatetimePatternChar}, {"yyyy]", InvalidDatetimePatternChar}, {"'abc", InvalidDatetimePatternChar},
	} {
		p := CompileDatetimePattern(c.pat)
		if p.Err() == nil || p.Err().Class != c.class {
			t.Errorf("%q: %v, want %s", c.pat, p.Err(), c.class)
		}
		if _, err := DateFormatTimestamp(0, c.pat, UTC.Cursor()); err == nil {
			t.Errorf("date_format with %q succeeds", c.pat)
		}
	}
	for _, pat := range []string{"yyyyyyyyyy", "[yyyy", "'u'", "SSSSSSSSS", "VV", "OOOO", "ZZZZZ", "zzz", "yyyy[-MM[-dd]]"} {
		if err := CompileDatetimePattern(pat).Err(); err != nil {
			t.Errorf("%q: %v", pat, err)
		}
	}
	// The DATE patterns keep their letters.
	if CompileDatePattern("HH").Err() == nil || CompileDatePattern("[yyyy]").Err() == nil {
		t.Error("a DATE pattern accepts time fields or optional sections")
	}
}

// TestTimestampPatternRoundTrip formats instants from 1600 to 2400 in Paris
// and New York and parses the text back.
func TestTimestampPatternRoundTrip(t *testing.T) {
	zones := []*Zone{UTC, mustZone(t, "Europe/Paris"), mustZone(t, "America/New_York"), mustZone(t, "+05:30")}
	pats := []string{"yyyy-MM-dd HH:mm:ss.SSSSSS XXXXX", "yyyyMMddHHmmssSSSSSSxxxx", "d MMM yyyy hh:mm:ss.SSSSSS a VV",
		"G yyyy-MM-dd'T'HH:mm:ss.SSSSSSZZZZZ", "yyyy-DDD kk:mm:ss.SSSSSS OOOO"}
	r := rand.New(rand.NewPCG(3, 4))
	lo, hi := daysFromCivil(1600, 1, 1)*MicrosPerDay, daysFromCivil(2400, 1, 1)*MicrosPerDay
	for _, pat := range pats {
		p := CompileDatetimePattern(pat)
		if p.ParseErr() != nil {
			t.Fatalf("%q: %v", pat, p.ParseErr())
		}
		for range 3000 {
			us := lo + r.Int64N(hi-lo)
			for _, z := range zones {
				s := p.Format(us, z.Cursor())
				back, err := p.Parse(s, UTC, "try_to_timestamp")
				if err != nil || back != us {
					t.Fatalf("%q in %s: %d -> %q -> %d, %v", pat, z, us, s, back, err)
				}
			}
		}
	}
}

// TestTimestampPatternNoPanic runs random patterns over random text.
func TestTimestampPatternNoPanic(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := "GyDMLdQqEFahKkHmsSVzOXxZ'[]-:. +T"
	text := "0123456789-+:. TZAMPMGMTUTCEurope/ParisCESTADBC"
	rnd := func(a string, n int) string {
		b := make([]byte, r.IntN(n))
		for i := range b {
			b[i] = a[r.IntN(len(a))]
		}
		return string(b)
	}
	paris := mustZone(t, "Europe/Paris")
	for range 20000 {
		pat := rnd(alphabet, 10)
		for _, us := range []int64{math.MinInt64, math.MaxInt64, 0, -1, int64(r.Uint64())} {
			_, _ = DateFormatTimestamp(us, pat, paris.Cursor())
		}
		_, _ = ToTimestampFmt(rnd(text, 24), pat, paris)
		_, _ = ToTimestampNTZFmt(rnd(text, 24), pat)
	}
}

// formatSink keeps the allocation tests' results, which the compiler could
// otherwise leave on the stack.
var formatSink string

// TestTimestampFormatAllocs checks that formatting in UTC with a compiled
// pattern allocates only the result.
func TestTimestampFormatAllocs(t *testing.T) {
	p := CompileDatetimePattern("yyyy-MM-dd HH:mm")
	n := testing.AllocsPerRun(1000, func() { formatSink = p.Format(ts1, UTC.Cursor()) })
	if n != 1 {
		t.Errorf("%v allocations per format, want 1", n)
	}
	n = testing.AllocsPerRun(1000, func() { formatSink, _ = DateFormatTimestamp(ts1, "yyyy-MM-dd HH:mm", UTC.Cursor()) })
	if n != 1 {
		t.Errorf("%v allocations per date_format, want 1", n)
	}
}

// BenchmarkDateFormatUTC formats 1M instants with 'yyyy-MM-dd HH:mm' in UTC
// per iteration.
func BenchmarkDateFormatUTC(b *testing.B) {
	p := CompileDatetimePattern("yyyy-MM-dd HH:mm")
	n := 0
	for b.Loop() {
		for i := range int64(1_000_000) {
			n += len(p.Format(ts1+i*61_000_123, UTC.Cursor()))
		}
	}
	_ = n
}

// BenchmarkDateFormatParis is BenchmarkDateFormatUTC in Europe/Paris.
func BenchmarkDateFormatParis(b *testing.B) {
	p := CompileDatetimePattern("yyyy-MM-dd HH:mm")
	paris := mustZone(b, "Europe/Paris")
	n := 0
	for b.Loop() {
		for i := range int64(1_000_000) {
			n += len(p.Format(ts1+i*61_000_123, paris.Cursor()))
		}
	}
	_ = n
}
