package vec

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestFindKey checks FindKey against RowFindString on maps of keys of
// every length from 0 to 10 bytes (the key itself 1 to 8), with the searched key anywhere (repeated:
// the last wins) or missing, near the start and the end of the key bytes.
func TestFindKey(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := "ab"
	word := func() string {
		b := make([]byte, r.IntN(11))
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for round := range 300 {
		kb := array.NewStringBuilder(memory.DefaultAllocator)
		offs := []int32{0}
		for range 1 + r.IntN(6) {
			for range r.IntN(5) {
				kb.Append(word())
			}
			offs = append(offs, int32(kb.Len()))
		}
		arr := kb.NewStringArray()
		keys := StringKeys(arr)
		for range 20 {
			key := word()
			if len(key) > 8 {
				key = key[:8]
			}
			if key == "" {
				key = "a"
			}
			w := KeyWord(key)
			for i := range len(offs) - 1 {
				got, want := FindKey(keys, offs[i], offs[i+1], w, int32(len(key))), RowFindString(offs, keys, i, key)
				if got != want {
					t.Fatalf("round %d: key %q in row %d (entries %d..%d): FindKey %d, RowFindString %d", round, key, i, offs[i], offs[i+1], got, want)
				}
			}
		}
		arr.Release()
	}
}

// TestHasPrefixWord checks HasPrefixWord against strings.HasPrefix for
// prefixes of 1 to 8 bytes and values of 0 to 20 bytes read through a view
// (readable 8 bytes past their start; under -race, checkptr checks each
// word load stays within one allocation), the last value at the very end of
// the array's bytes.
func TestHasPrefixWord(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	alphabet := "ab"
	text := func(n int) string {
		b := make([]byte, n)
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	for round := range 200 {
		sb := array.NewStringBuilder(memory.DefaultAllocator)
		for l := range 21 {
			sb.Append(text(l))
		}
		sb.Append(text(r.IntN(21)))
		arr := sb.NewStringArray()
		view := ViewOf(arr)
		for p := 1; p <= 8; p++ {
			prefix := text(p)
			for i := range arr.Len() {
				s := view.At(i)
				prefixes := []string{prefix}
				if len(s) >= p {
					prefixes = append(prefixes, s[:p], s[:p-1]+"c") // matching; differing in the last byte
				}
				for _, prefix := range prefixes {
					if got, want := HasPrefixWord(s, KeyWord(prefix), int32(p)), strings.HasPrefix(s, prefix); got != want {
						t.Fatalf("round %d: HasPrefixWord(%q, %q) = %v, want %v", round, s, prefix, got, want)
					}
				}
			}
		}
		arr.Release()
	}
}
