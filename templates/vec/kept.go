package vec

import (
	"math"
	"math/bits"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Kept is the selection of a query's WHERE clause in the form that gathers
// validity bitmaps: one mask of kept rows per 64 batch rows. An output
// column's validity is its input's (or the AND of its inputs') compressed
// by that mask, 64 rows at a time, instead of one bit read per kept row.
// The masks, and the shifts that compress by them, are built once per batch
// on first use and shared by every column of the query, so a batch without
// NULLs never pays for them. A nil *Kept stands for every row.
type Kept struct {
	sel    Sel
	n      int
	blocks []keptBlock // by 64-row block of the batch; nil until built
}

// keptBlock is the mask of one 64-row block and what compressing by it
// takes: the bits that move by 1, 2, 4, ..., 32 places in each step of the
// parallel-suffix compress (Hacker's Delight, 7-4).
type keptBlock struct {
	mask  uint64
	moves [6]uint64
}

// KeptOf returns the bitmap form of sel over a batch of n rows (nil for
// every row).
func KeptOf(sel Sel, n int) *Kept {
	if sel == nil {
		return nil
	}
	return &Kept{sel: sel, n: n}
}

// build makes the masks from the (increasing) row indexes, one word kept in
// a register while its rows come, and their compress steps.
func (k *Kept) build() {
	k.blocks = make([]keptBlock, (k.n+63)/64)
	blocks := k.blocks
	w, m := -1, uint64(0)
	for _, r := range k.sel {
		if b := int(r) >> 6; b != w {
			if w >= 0 {
				blocks[w].mask = m
			}
			w, m = b, 0
		}
		m |= 1 << (uint(r) & 63)
	}
	if w >= 0 {
		blocks[w].mask = m
	}
	for b := range blocks {
		if m := blocks[b].mask; m != 0 && m != math.MaxUint64 {
			blocks[b].moves = compressSteps(m)
		}
	}
}

// compressSteps returns, for each step s of compressing by mask m, the bits
// that move right by 1<<s places.
func compressSteps(m uint64) [6]uint64 {
	var moves [6]uint64
	zerosRight := ^m << 1 // bit i: how many zeros of m lie right of it, counted mod 2 per step below
	for s := range moves {
		// prefix parity of zerosRight: the bits of m with an odd count of
		// zeros to their right (in the count's bit s) move 1<<s places
		p := zerosRight ^ zerosRight<<1
		p ^= p << 2
		p ^= p << 4
		p ^= p << 8
		p ^= p << 16
		p ^= p << 32
		move := p & m
		moves[s] = move
		m = m ^ move | move>>(1<<s)
		zerosRight &^= p
	}
	return moves
}

// compress returns the bits of x at the set bits of the block's mask, packed
// from bit 0 (x's bits elsewhere are dropped).
func (b *keptBlock) compress(x uint64) uint64 {
	x &= b.mask
	for s, move := range b.moves {
		t := x & move
		x = x ^ t | t>>(1<<s)
	}
	return x
}

// validityOf is the validity bitmap of the kept rows of a column whose
// validity by batch row is bm, and its count of NULLs; nil when no kept row
// is NULL. The output words are written in order, each once.
func (k *Kept) validityOf(mem memory.Allocator, bm Bitmap) (*memory.Buffer, int) {
	if bm.bits == nil {
		return nil, 0
	}
	if k == nil {
		return bitmapValidity(mem, bm, nil, bm.n)
	}
	if k.blocks == nil {
		k.build()
	}
	cnt := len(k.sel)
	nw := (cnt + 63) / 64
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(nw * 8)
	if nw == 0 {
		buf.Release()
		return nil, 0
	}
	out := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(buf.Bytes()))), nw)
	var acc uint64 // the output word being filled, from bit 0
	fill, o, valid := uint(0), 0, 0
	for b := range k.blocks {
		blk := &k.blocks[b]
		m := blk.mask
		if m == 0 {
			continue
		}
		x := bm.Word(b << 6)
		c := uint(64)
		if m != math.MaxUint64 {
			x = blk.compress(x)
			c = uint(bits.OnesCount64(m))
		}
		valid += bits.OnesCount64(x)
		acc |= x << fill
		if fill+c < 64 {
			fill += c
			continue
		}
		out[o] = acc
		o++
		// the bits of x that did not fit (none when fill was 0: a shift by
		// 64 is 0 in Go)
		acc = x >> (64 - fill)
		fill = fill + c - 64
	}
	if fill > 0 {
		out[o] = acc
	}
	if valid == cnt {
		buf.Release()
		return nil, 0
	}
	return buf, cnt - valid
}
