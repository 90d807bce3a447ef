package rt

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestCharOffsetDecodes checks charOffset, which skips decoding for an
// ASCII prefix or a count past the end, against decoding rune by rune, over
// ASCII, multi-byte and invalid UTF-8 text of 0 to 40 bytes.
func TestCharOffsetDecodes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "Z", " ", "é", "€", "𝄞", "\xff", "\xe2\x82", "1234567"}
	for range 20000 {
		s := ""
		for len(s) < r.IntN(41) {
			s += pieces[r.IntN(len(pieces))]
		}
		for n := int64(-1); n <= int64(len(s))+2; n++ {
			want := 0
			for k := int64(0); k < n && want < len(s); k++ {
				_, w := utf8.DecodeRuneInString(s[want:])
				want += w
			}
			if got := charOffset(s, n); got != want {
				t.Fatalf("charOffset(%q, %d) = %d, want %d", s, n, got, want)
			}
		}
	}
}
