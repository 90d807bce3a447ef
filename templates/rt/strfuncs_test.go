package rt

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStrfuncsProperties checks the string kernels against simpler
// definitions on random strings over a small alphabet (with a multi-byte
// character and an invalid byte).
func TestStrfuncsProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := []string{"a", "b", ",", "é", "\xff", "."}
	gen := func() string {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 20000 {
		s, delim := gen(), []string{",", ".", ",.", "é"}[r.IntN(4)]
		if utf8.ValidString(s) && Reverse(Reverse(s)) != s {
			t.Fatalf("reverse(reverse(%q)) = %q", s, Reverse(Reverse(s)))
		}
		parts := strings.Split(s, delim)
		for n := int32(-5); n <= 5; n++ {
			got, err := SplitPart(s, delim, n)
			want := ""
			switch {
			case n > 0 && int(n) <= len(parts):
				want = parts[n-1]
			case n < 0 && int(-n) <= len(parts):
				want = parts[len(parts)+int(n)]
			}
			if n == 0 {
				if err == nil {
					t.Fatalf("split_part(%q, %q, 0) did not raise", s, delim)
				}
			} else if got != want || err != nil {
				t.Fatalf("split_part(%q, %q, %d) = %q, %v, want %q", s, delim, n, got, err, want)
			}
			want = ""
			switch {
			case n > 0:
				want = strings.Join(parts[:min(int(n), len(parts))], delim)
			case n < 0:
				want = strings.Join(parts[max(len(parts)+int(n), 0):], delim)
			}
			if got := SubstringIndex(s, delim, n); got != want {
				t.Fatalf("substring_index(%q, %q, %d) = %q, want %q", s, delim, n, got, want)
			}
		}
		u := gen()
		if a, b := Levenshtein2(s, u), Levenshtein2(u, s); a != b || a > int32(max(len(chars(s)), len(chars(u)))) {
			t.Fatalf("levenshtein(%q, %q) = %d, reversed %d", s, u, a, b)
		}
		if Levenshtein2(s, s) != 0 {
			t.Fatalf("levenshtein(%q, itself) = %d", s, Levenshtein2(s, s))
		}
		n := int32(r.IntN(10) - 2)
		if got, want := Left(s, n)+Right(s, max(int32(len(chars(s)))-max(n, 0), 0)), s; n >= 0 && got != want {
			t.Fatalf("left(%q, %d) || right(...) = %q", s, n, got)
		}
	}
}

// TestLevenshteinTrims checks the distance, which skips the prefix and the
// suffix two values share, against the whole table over their characters
// (multi-byte ones and invalid bytes included), with and without a
// threshold; and that two equal long values take linear time.
func TestLevenshteinTrims(t *testing.T) {
	whole := func(a, b string) int32 {
		ra, rb := chars(a), chars(b)
		d := make([][]int32, len(ra)+1)
		for i := range d {
			d[i] = make([]int32, len(rb)+1)
			d[i][0] = int32(i)
		}
		for j := range d[0] {
			d[0][j] = int32(j)
		}
		for i := 1; i <= len(ra); i++ {
			for j := 1; j <= len(rb); j++ {
				cost := int32(1)
				if ra[i-1] == rb[j-1] {
					cost = 0
				}
				d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			}
		}
		return d[len(ra)][len(rb)]
	}
	r := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "b", "é", "€", "\xe2\x82", "\xac", "\xff", "ab", "\u00e9"}
	text := func() string {
		s := ""
		for range r.IntN(9) {
			s += pieces[r.IntN(len(pieces))]
		}
		return s
	}
	for range 20000 {
		a, b := text(), text()
		if r.IntN(3) == 0 {
			b = a[:r.IntN(len(a)+1)] + text() + a[r.IntN(len(a)+1):]
		}
		want := whole(a, b)
		if got := Levenshtein2(a, b); got != want {
			t.Fatalf("levenshtein(%q, %q) = %d, want %d", a, b, got, want)
		}
		for th := int32(-1); th <= 4; th++ {
			w := want
			if w > th {
				w = -1
			}
			if got := Levenshtein3(a, b, th); got != w {
				t.Fatalf("levenshtein(%q, %q, %d) = %d, want %d", a, b, th, got, w)
			}
		}
	}
	long := strings.Repeat("abcé", 1<<18)
	if got := Levenshtein2(long, long+"x"); got != 1 {
		t.Fatalf("a million characters and one more: %d", got)
	}
}

// chars splits s into its characters (an invalid byte is one).
func chars(s string) []string {
	out := make([]string, 0, len(s))
	for i := 0; i < len(s); {
		_, w := decode(s, i)
		out = append(out, s[i:i+w])
		i += w
	}
	return out
}
