package vec

import (
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestBoolArrayPacks checks BoolArray's eight-at-a-time packing against the
// values one by one, at every length around a word and with a selection.
func TestBoolArrayPacks(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	for n := range 140 {
		v := Make[bool](n)
		for i := range v.V {
			v.V[i] = r.IntN(2) == 1
			if r.IntN(5) == 0 {
				v.SetNull(i)
			}
		}
		for _, sel := range []Sel{nil, evenRows(n)} {
			arr := BoolArray(mem, &v, sel, n).(*array.Boolean)
			if arr.Len() != sel.Rows(n) {
				t.Fatalf("n=%d: %d values, want %d", n, arr.Len(), sel.Rows(n))
			}
			for k := range sel.Rows(n) {
				i := sel.Row(k)
				if arr.IsNull(k) != v.IsNull(i) || !arr.IsNull(k) && arr.Value(k) != v.V[i] {
					t.Fatalf("n=%d sel=%v: position %d is %v (NULL %v), want %v (NULL %v)", n, sel != nil, k, arr.Value(k), arr.IsNull(k), v.V[i], v.IsNull(i))
				}
			}
			arr.Release()
		}
	}
}

func evenRows(n int) Sel {
	s := Sel{}
	for i := 0; i < n; i += 2 {
		s = append(s, int32(i))
	}
	return s
}
