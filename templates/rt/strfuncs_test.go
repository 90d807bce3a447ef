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
