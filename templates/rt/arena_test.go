package rt

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unsafe"
)

// TestArenaAgrees checks every arena kernel against the plain function of
// the same name, over ASCII, non-ASCII and invalid UTF-8 text, keeping every
// result until the end so that a chunk reused or grown in place would show.
func TestArenaAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"a", "Z", "q", "é", "É", "ß", "ı", "\xff", "\xe2\x82", " ", "1", "ǅ", "ﬀ", "Σ"}
	text := func() string {
		s := ""
		for range r.IntN(12) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		return s
	}
	a := NewArena(4) // small: many chunks
	type kept struct{ got, want, what string }
	var all []kept
	for range 5000 {
		x, y, z := text(), text(), text()
		v := r.Int64() >> r.IntN(64)
		all = append(all,
			kept{a.Upper(x), Upper(x), "upper " + x},
			kept{a.Lower(x), Lower(x), "lower " + x},
			kept{a.Concat2(x, y), Concat2(x, y), "concat2"},
			kept{a.Concat(x, y, z), Concat(x, y, z), "concat"},
			kept{a.Concat(), Concat(), "concat()"},
			kept{a.CastInt64ToString(v), CastInt64ToString(v), "cast"},
			kept{a.CastInt32ToString(int32(v)), CastInt32ToString(int32(v)), "cast32"},
		)
	}
	for _, k := range all {
		if k.got != k.want {
			t.Fatalf("%s: %q, want %q", k.what, k.got, k.want)
		}
	}
}

// TestArenaAllocations: a batch's strings cost one allocation, however many
// rows it has (when they are short).
func TestArenaAllocations(t *testing.T) {
	for _, rows := range []int{1000, 100000} {
		allocs := testing.AllocsPerRun(5, func() {
			a := NewArena(rows)
			for i := range rows {
				_ = a.Concat("x", a.Lower("ABC"), a.CastInt64ToString(int64(i)))
			}
		})
		if allocs > 2 { // the arena and its one chunk
			t.Errorf("%d rows: %.0f allocations", rows, allocs)
		}
	}
}

// TestFloat64ComparisonsFollowCompare checks the comparison kernels, written
// without CompareFloat64's branches, against it (NaN is the greatest value
// and equal to itself; -0 equals 0).
func TestFloat64ComparisonsFollowCompare(t *testing.T) {
	vals := []float64{math.NaN(), math.Inf(-1), -1, math.Copysign(0, -1), 0, 0.05, 1, math.Inf(1), math.MaxFloat64}
	for _, a := range vals {
		for _, b := range vals {
			c := CompareFloat64(a, b)
			if LtFloat64(a, b) != (c < 0) || LeFloat64(a, b) != (c <= 0) || GtFloat64(a, b) != (c > 0) ||
				GeFloat64(a, b) != (c >= 0) || EqFloat64(a, b) != (c == 0) || NeFloat64(a, b) != (c != 0) {
				t.Errorf("%v vs %v: compare %d, lt %v le %v gt %v ge %v eq %v ne %v", a, b, c,
					LtFloat64(a, b), LeFloat64(a, b), GtFloat64(a, b), GeFloat64(a, b), EqFloat64(a, b), NeFloat64(a, b))
			}
		}
	}
}

// TestArenaCaseEveryByte checks upper and lower, which map eight bytes at a
// time, on every byte value at every position of values of 0 to 40 bytes
// (the letters' neighbours '@', '[', '`' and '{' included), against the
// plain functions.
func TestArenaCaseEveryByte(t *testing.T) {
	a := NewArena(16)
	base := []byte("xY0@[`{zA:a-Z.b")
	for n := range 41 {
		for pos := range n {
			for c := range 256 {
				b := make([]byte, n)
				for i := range b {
					b[i] = base[(i+n)%len(base)]
				}
				b[pos] = byte(c)
				s := string(b)
				if got, want := a.Upper(s), Upper(s); got != want {
					t.Fatalf("upper %q: %q, want %q", s, got, want)
				}
				if got, want := a.Lower(s), Lower(s); got != want {
					t.Fatalf("lower %q: %q, want %q", s, got, want)
				}
				// the same bytes readable past their end, followed by
				// letters that must not show (UpperPadded, LowerPadded)
				padded := append(append(make([]byte, 0, n+8), b...), "aZaZaZaZ"...)
				p := unsafe.String(unsafe.SliceData(padded), n)
				if got, want := a.UpperPadded(p), Upper(s); got != want {
					t.Fatalf("upper padded %q: %q, want %q", s, got, want)
				}
				if got, want := a.LowerPadded(p), Lower(s); got != want {
					t.Fatalf("lower padded %q: %q, want %q", s, got, want)
				}
			}
		}
	}
}

// TestArenaPadded: every string the arena builds is readable 8 bytes past
// its start, in its chunk (vec.StringOut.AppendShort copies a short one as
// one word; under -race, checkptr also fails a read that leaves the
// chunk's allocation): a short string asked for where the chunk has fewer
// than 8 bytes left starts a new chunk.
func TestArenaPadded(t *testing.T) {
	build := []func(a *Arena) string{
		func(a *Arena) string { return a.Concat("x", "y") },
		func(a *Arena) string { return a.Concat2("q", "é") },
		func(a *Arena) string { return a.Lower("AB") },
		func(a *Arena) string { return a.Upper("abcdefghijk") },
		func(a *Arena) string { return a.CastInt64ToString(7) },
		func(a *Arena) string { return a.Upper("é") },
		func(a *Arena) string { return a.UpperPadded(a.Concat("ab", "c")) },
	}
	for left := range 16 {
		for k, f := range build {
			a := NewArena(0)
			a.Concat("z")                                             // a 4096-byte chunk
			a.Concat(strings.Repeat("z", cap(a.buf)-len(a.buf)-left)) // now with left bytes free
			s := f(a)
			if room := cap(a.buf) - (len(a.buf) - len(s)); room < 8 {
				t.Fatalf("%d bytes left, kernel %d: %q starts %d bytes before its chunk's end", left, k, s, room)
			}
			_ = *(*uint64)(unsafe.Pointer(unsafe.StringData(s)))
		}
	}
}
