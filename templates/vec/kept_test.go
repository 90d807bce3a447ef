package vec

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestCompressStepsPackBits checks the parallel-suffix compress against the
// bit-at-a-time definition on random and edge masks.
func TestCompressStepsPackBits(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	masks := []uint64{1, 1 << 63, 0x8000000000000001, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, ^uint64(1), ^uint64(1 << 63), 0xffff0000ffff0000}
	for range 2000 {
		masks = append(masks, r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64(), r.Uint64()|r.Uint64()|r.Uint64())
	}
	for _, m := range masks {
		b := keptBlock{mask: m, moves: compressSteps(m)}
		for range 4 {
			x := r.Uint64()
			var want uint64
			j := 0
			for i := range 64 {
				if m>>i&1 == 1 {
					want |= (x >> i & 1) << j
					j++
				}
			}
			if got := b.compress(x); got != want {
				t.Fatalf("compress(%#x, mask %#x) = %#x, want %#x", x, m, got, want)
			}
		}
	}
}

// TestKeptValidityGathers compares the compressed validity of the kept rows
// with a bit read per kept row, for selections of every density (empty,
// full, runs, single rows), bitmaps at every bit offset within a byte and
// batch sizes around word boundaries.
func TestKeptValidityGathers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	for _, n := range []int{1, 63, 64, 65, 128, 129, 300, 1000, 4096} {
		for _, keep := range []float64{0, 0.02, 0.5, 0.98, 1} {
			for off := range 9 {
				null := randomNulls(r, n, 0.2)
				null[0] = true
				a := sliced(t, null, off)
				bm := BitmapOf(a)
				var sel Sel = make(Sel, 0, n)
				for i := range n {
					if r.Float64() < keep {
						sel = append(sel, int32(i))
					}
				}
				kept := KeptOf(sel, n)
				for round := range 2 { // the second use reads the built masks
					buf, nulls := kept.validityOf(mem, bm)
					wantNulls := 0
					for _, i := range sel {
						if null[i] {
							wantNulls++
						}
					}
					if nulls != wantNulls {
						t.Fatalf("n=%d keep=%v off=%d round %d: %d NULLs, want %d", n, keep, off, round, nulls, wantNulls)
					}
					if wantNulls == 0 {
						if buf != nil {
							t.Fatalf("n=%d keep=%v off=%d: a bitmap for no NULL", n, keep, off)
						}
						continue
					}
					got := buf.Bytes()
					for k, i := range sel {
						if bitutil.BitIsSet(got, k) == null[i] {
							t.Fatalf("n=%d keep=%v off=%d: kept row %d (batch row %d) valid = %v", n, keep, off, k, i, !null[i])
						}
					}
					// no bit is set past the kept rows
					ones := 0
					for _, b := range got[:(len(sel)+63)/64*8] {
						ones += bits.OnesCount8(b)
					}
					if ones != len(sel)-wantNulls {
						t.Fatalf("n=%d keep=%v off=%d: %d bits set, want %d", n, keep, off, ones, len(sel)-wantNulls)
					}
					buf.Release()
				}
				a.Release()
			}
		}
	}
}

// TestTakeColumnKept passes a nullable column through a selection and
// compares every kept row's value and NULL.
func TestTakeColumnKept(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	n := 1000
	null := randomNulls(r, n, 0.1)
	null[0] = true
	a := sliced(t, null, 3)
	defer a.Release()
	var sel Sel
	for i := range n {
		if r.IntN(3) > 0 {
			sel = append(sel, int32(i))
		}
	}
	out := TakeColumn(mem, a, KeptOf(sel, n), n).(*array.Int64)
	defer out.Release()
	if out.Len() != len(sel) {
		t.Fatalf("%d rows, want %d", out.Len(), len(sel))
	}
	for k, i := range sel {
		if out.IsNull(k) != null[i] || (!null[i] && out.Value(k) != int64(i)) {
			t.Fatalf("kept row %d (batch row %d): NULL %v value %d, want NULL %v value %d", k, i, out.IsNull(k), out.Value(k), null[i], i)
		}
	}
}
