package vec

import (
	"math"
	"math/bits"
	"sync"
)

// Conditional values without a branch.
//
// A fused loop computes an IF whose two results are cheap, cannot fail and
// may be computed on any row (both, whichever the condition picks) as one of
// these: on data where the condition is TRUE on a random half of the rows a
// branch is mispredicted every other row, while a select costs the same on
// every row. Go compiles the integer ones to a conditional move; a float
// has no conditional move on amd64, so it selects its bits through a mask.

// ChooseInt64 is a where c holds, else b.
func ChooseInt64(c bool, a, b int64) int64 {
	if c {
		return a
	}
	return b
}

// ChooseInt32 is a where c holds, else b (INT and DATE).
func ChooseInt32(c bool, a, b int32) int32 {
	if c {
		return a
	}
	return b
}

// ChooseFloat64 is a where c holds, else b.
func ChooseFloat64(c bool, a, b float64) float64 {
	m := -b2u(c)
	return math.Float64frombits(math.Float64bits(a)&m | math.Float64bits(b)&^m)
}

// ChooseBool is a where c holds, else b.
func ChooseBool(c bool, a, b bool) bool {
	m := -b2u(c)
	return (b2u(a)&m | b2u(b)&^m) != 0
}

// FirstTrue is the position of the lowest bit set in m: the WHEN a CASE
// picks without a branch (lower.ChosenCase), m having a bit per WHEN that
// holds, in order, and one above them all for the ELSE.
//
//	k := vec.FirstTrue(vec.Bit(c0) | vec.Bit(c1)<<1 | 1<<2)
func FirstTrue(m uint64) int { return bits.TrailingZeros64(m) }

// Both is a && b with both evaluated and no branch: a condition computed
// on every row ANDed with its inputs' validity (Bitmap.IsValid).
func Both(a, b bool) bool { return b2u(a)&b2u(b) != 0 }

// Bit is 1 where b holds, else 0: the conditions of a WHERE clause a fused
// loop ANDs without a branch (vec.Bit(x > 1) & vec.Bit(y < 2)).
func Bit(b bool) uint64 { return b2u(b) }

// GetSel returns room for the selection a fused WHERE loop builds over n
// rows: it writes every row's number at the selection's end and advances
// the end by whether the row is kept, so the last write may be one past
// the rows kept (the spare). The room comes from a free list the query
// gives it back to (PutSel) once its output is built: a batch-sized
// selection allocated and zeroed per batch cost a Q6-like filter 15-25% of
// its time.
func GetSel(n int) Sel {
	selFree.Lock()
	defer selFree.Unlock()
	for k, s := range selFree.list {
		if cap(s) > n {
			last := len(selFree.list) - 1
			selFree.list[k], selFree.list[last] = selFree.list[last], nil
			selFree.list = selFree.list[:last]
			return s[:n+1]
		}
	}
	return make(Sel, n+1)
}

// PutSel gives a selection of GetSel back to the free list, when nothing
// reads it any more (its length may have been cut to the rows kept). A
// full list keeps its larger selections.
func PutSel(s Sel) {
	if cap(s) == 0 {
		return
	}
	s = s[:cap(s)]
	selFree.Lock()
	defer selFree.Unlock()
	if len(selFree.list) < selFreeMax {
		selFree.list = append(selFree.list, s)
		return
	}
	small := 0
	for k, t := range selFree.list {
		if cap(t) < cap(selFree.list[small]) {
			small = k
		}
	}
	if cap(s) > cap(selFree.list[small]) {
		selFree.list[small] = s
	}
}

// selFree holds a few selection buffers between batches (and evaluators).
// Unlike a sync.Pool it keeps them across garbage collections: a pool is
// emptied by each, and where other code churns the heap (the hand-written
// loop between the generated code's batches, in the benchmark) every batch
// allocated and zeroed its selection again, which doubled a Q6-like
// filter's time. It holds at most selFreeMax (8 batch-sized selections of
// 1M rows are 32 MB).
var selFree struct {
	sync.Mutex
	list []Sel
}

const selFreeMax = 8
