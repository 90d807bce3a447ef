package rt

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestConstantErrorsDoNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		_, e1 := AddInt64(math.MaxInt64, 1)
		_, e2 := DivInt64(1, 0)
		_, e3 := AddInt32(math.MaxInt32, 1)
		_, e4 := DateAdd(math.MaxInt32, 1)
		if e1 == nil || e2 == nil || e3 == nil || e4 == nil {
			t.Fatal("no error")
		}
	})
	if allocs != 0 {
		t.Errorf("constant errors allocate %v times", allocs)
	}
}

func TestErrorMessages(t *testing.T) {
	_, e := CastStringToInt32("it's")
	for _, c := range []struct {
		e    *Error
		want string
	}{
		{e, `CAST_INVALID_INPUT: The value 'it''s' of the type "STRING" cannot be cast to "INT" because it is malformed.`},
		{ErrDivideByZero, "DIVIDE_BY_ZERO: Division by zero."},
		{must(CastInt64ToInt32(1 << 40)), `CAST_OVERFLOW: The value 1099511627776L of the type "BIGINT" cannot be cast to "INT" due to an overflow.`},
		{must(CastFloat64ToInt64(math.NaN())), `CAST_OVERFLOW: The value NaND of the type "DOUBLE" cannot be cast to "BIGINT" due to an overflow.`},
		{MapKeyNotExistString("z"), "MAP_KEY_DOES_NOT_EXIST: Key 'z' does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."},
		{MapKeyNotExistDate(0), "MAP_KEY_DOES_NOT_EXIST: Key 1970-01-01 does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."},
		{MapKeyNotExistBool(true), "MAP_KEY_DOES_NOT_EXIST: Key true does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."},
		{MapKeyNotExistFloat64(1.5), "MAP_KEY_DOES_NOT_EXIST: Key 1.5 does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead."},
		{must(CeilFloat64(math.Inf(1))), "ARITHMETIC_OVERFLOW: long overflow: ceil(Infinity) is out of the BIGINT range"},
		{must(Lpad2("x", MaxPadLength+1)), "INVALID_PARAMETER_VALUE: The value of parameter(s) `len` in `lpad` is invalid: 67108865 exceeds the limit of 67108864 characters."},
		{must(Like("x", `a\`)), "INVALID_PARAMETER_VALUE.PATTERN: The value of parameter(s) `pattern` in `like` is invalid: the escape character is not allowed to end the pattern in pattern 'a\\'."},
		{must(LikeEscape("x", "a", "ab")), "INVALID_PARAMETER_VALUE: The value of parameter(s) `escape` in `like` is invalid: the escape string must be one character, got 'ab'."},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
	if _, e := Rlike("x", "("); e == nil || e.Class != InvalidPattern || !strings.HasPrefix(e.Message(), "The value of parameter(s) `regexp` in `rlike` is invalid: ") {
		t.Errorf("rlike error: %v", e)
	}
}

func must[T any](_ T, e *Error) *Error { return e }

func TestMatchers(t *testing.T) {
	m, err := CompileLike("a%_c", `\`)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Match("abxc") || !m.Match("a日c") || m.Match("ac") {
		t.Error("LIKE matcher")
	}
	if _, err := CompileLike("a\\b", `\`); err == nil || err.Class != InvalidPattern {
		t.Errorf("bad escape: %v", err)
	}
	r, err := CompileRegex("rlike", "^a+b")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Match("aab") || r.Match("b") {
		t.Error("RLIKE matcher")
	}
	if _, err := CompileRegex("rlike", "("); err == nil {
		t.Error("RLIKE compile error expected")
	}
}

func TestOverflowChecks(t *testing.T) {
	for _, c := range []struct {
		a, b int64
		ok   bool
	}{{math.MaxInt64, 1, false}, {math.MinInt64, -1, false}, {math.MaxInt64, -1, true}, {-1, math.MinInt64 + 1, true}} {
		if _, e := AddInt64(c.a, c.b); (e == nil) != c.ok {
			t.Errorf("AddInt64(%d, %d): %v", c.a, c.b, e)
		}
		if _, e := SubInt64(c.a, -c.b); c.b != math.MinInt64 && (e == nil) != c.ok {
			t.Errorf("SubInt64(%d, %d): %v", c.a, -c.b, e)
		}
	}
	if _, e := SubInt64(0, math.MinInt64); e == nil {
		t.Error("0 - MIN must overflow")
	}
	if _, e := SubInt32(-1, math.MinInt32); e != nil {
		t.Error("-1 - MIN fits")
	}
	if _, e := MulInt64(-1, math.MinInt64); e == nil {
		t.Error("-1 * MIN must overflow")
	}
	if _, e := MulInt64(math.MinInt64, -1); e == nil {
		t.Error("MIN * -1 must overflow")
	}
	if r, e := MulInt64(math.MinInt64, 1); e != nil || r != math.MinInt64 {
		t.Error("MIN * 1")
	}
	if r, e := DivInt64(math.MaxInt64, -1); e != nil || r != -math.MaxInt64 {
		t.Error("MAX DIV -1")
	}
}

func TestDates(t *testing.T) {
	for _, s := range []string{"1970-01-01", "2024-02-29", "0001-01-01", "-0044-03-15", "+10000-01-01", "1969-12-31"} {
		d, ok := ParseDate(s)
		if !ok || FormatDate(d) != s {
			t.Errorf("%s -> %d %v -> %s", s, d, ok, FormatDate(d))
		}
	}
	for _, s := range []string{"2023-02-29", "99-01-01", "2024-1-2-3", "", "2024-13-01", "abcd"} {
		if _, ok := ParseDate(s); ok {
			t.Errorf("%q parsed", s)
		}
	}
	if d, ok := ParseDate("2024-1-2T10:00"); !ok || FormatDate(d) != "2024-01-02" {
		t.Errorf("time part: %d", d)
	}
	for _, d := range []int32{math.MinInt32, -1, 0, 1, math.MaxInt32} {
		y, m, dd := YMD(d)
		if r, ok := DateFromYMD(y, m, dd); !ok || r != d {
			t.Errorf("YMD round trip %d: %d-%d-%d", d, y, m, dd)
		}
	}
}

func TestPatternCacheBounded(t *testing.T) {
	for i := range 3 * patternCacheCap {
		p := strings.Repeat("a", i%50) + string(rune('a'+i%26)) + "%" + strings.Repeat("b", i/50)
		if _, err := Like("x", p); err != nil {
			t.Fatal(err)
		}
		if _, err := Rlike("x", p); err != nil {
			t.Fatal(err)
		}
	}
	if n := likeCache.len(); n > patternCacheCap {
		t.Errorf("like cache holds %d > %d", n, patternCacheCap)
	}
	if n := regexCache.len(); n > patternCacheCap {
		t.Errorf("rlike cache holds %d > %d", n, patternCacheCap)
	}
	// Concurrent use must be race-free (run with -race).
	done := make(chan bool)
	for g := range 8 {
		go func() {
			for i := range 200 {
				_, _ = Rlike("abc", string(rune('a'+(g+i)%26)))
				_, _ = Like("abc", string(rune('a'+(g*i)%26))+"%")
			}
			done <- true
		}()
	}
	for range 8 {
		<-done
	}
}

func TestCompareFloat64(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	negZ := math.Copysign(0, -1)
	if !EqFloat64(nan, nan) || NeFloat64(nan, nan) || !EqFloat64(negZ, 0) || !GtFloat64(nan, inf) || !LtFloat64(inf, nan) ||
		LtFloat64(nan, 1) || !GeFloat64(nan, nan) || !NeFloat64(1, nan) || EqFloat64(1, nan) {
		t.Error("NaN order")
	}
	if !LtBool(false, true) || LtBool(true, false) || !LeBool(true, true) {
		t.Error("bool order")
	}
}

func TestLikeShapesAgreeWithGeneral(t *testing.T) {
	pats := []string{"", "%", "%%", "abc", "abc%", "%abc", "%abc%", "a%c", "a_c", "%é%", "é%", "%\\%%", "\\%a%"}
	strs := []string{"", "abc", "abcd", "xabc", "xabcx", "a%c", "é", "xéx", "%a", "\xe2\x82", "\xe2\x82\xac", "ab\xffc"}
	for _, p := range pats {
		m, err := CompileLike(p, `\`)
		if err != nil {
			t.Fatal(p, err)
		}
		general := *m
		general.shape = likeGeneral
		for _, s := range strs {
			if got, want := m.Match(s), general.Match(s); got != want {
				t.Errorf("%q LIKE %q: shape %d gives %v, general %v", s, p, m.shape, got, want)
			}
		}
	}
}

// TestLikeCacheKeys checks that two LIKEs whose escape and pattern would join
// into one string do not share a cache entry: the empty escape (invalid) with
// pattern "\x00x", after escape "\x00" with pattern "x".
func TestLikeCacheKeys(t *testing.T) {
	if ok, err := LikeEscape("x", "x", "\x00"); err != nil || !ok {
		t.Fatalf("x LIKE 'x' ESCAPE NUL = %v, %v", ok, err)
	}
	if _, err := LikeEscape("\x00x", "\x00x", ""); err == nil || err.Class != InvalidParameter {
		t.Fatalf("LIKE with escape '' = %v, want INVALID_PARAMETER_VALUE", err)
	}
}

// TestMulInt64Exact checks MulInt64's overflow test against the exact
// product (math/big) on values around every power of two and their
// negations, and on random pairs.
func TestMulInt64Exact(t *testing.T) {
	var vals []int64
	for k := range 64 {
		p := int64(1) << k
		vals = append(vals, p, p-1, p+1, -p, -p+1, -p-1)
	}
	vals = append(vals, 0, 1, -1, math.MaxInt64, math.MinInt64, 3037000499, 3037000500, -3037000499, -3037000500)
	r := rand.New(rand.NewPCG(7, 9))
	for range 20000 {
		vals = append(vals, int64(r.Uint64())>>r.IntN(64))
	}
	lo, hi := big.NewInt(math.MinInt64), big.NewInt(math.MaxInt64)
	check := func(a, b int64) {
		want := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
		fits := want.Cmp(lo) >= 0 && want.Cmp(hi) <= 0
		got, e := MulInt64(a, b)
		if fits != (e == nil) || fits && got != want.Int64() {
			t.Fatalf("MulInt64(%d, %d) = %d, %v; want %s", a, b, got, e, want)
		}
	}
	for k, a := range vals {
		if k < 400 {
			for _, b := range vals[:400] {
				check(a, b)
			}
		}
		check(a, vals[(k*7919)%len(vals)])
	}
}

// TestInRange checks the one-comparison range tests against two
// comparisons, at and around the bounds and the types' limits.
func TestInRange(t *testing.T) {
	vals32 := []int32{math.MinInt32, math.MinInt32 + 1, -9, -1, 0, 1, 3, 7, 8, math.MaxInt32 - 1, math.MaxInt32}
	for _, lo := range vals32 {
		for _, hi := range vals32 {
			if lo > hi {
				continue
			}
			for _, x := range vals32 {
				if got, want := InRangeInt32(x, int(lo), int(hi)), lo <= x && x <= hi; got != want {
					t.Errorf("InRangeInt32(%d, %d, %d) = %v", x, lo, hi, got)
				}
				if got, want := InRangeInt64(int64(x)<<20, int(lo), int(hi)), int64(lo) <= int64(x)<<20 && int64(x)<<20 <= int64(hi); got != want {
					t.Errorf("InRangeInt64(%d, %d, %d) = %v", int64(x)<<20, lo, hi, got)
				}
			}
		}
	}
	if InRangeInt64(math.MinInt64, -5, 5) || InRangeInt64(math.MaxInt64, -5, 5) || !InRangeInt64(-7, math.MinInt32, math.MaxInt32) {
		t.Error("InRangeInt64 at the limits of BIGINT")
	}
}
