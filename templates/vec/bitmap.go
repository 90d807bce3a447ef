package vec

import (
	"encoding/binary"
	"math"
	"math/bits"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// Bitmap is a validity bitmap in Arrow's layout: bit off+i is set where row i
// is not NULL. An input column's is its Arrow buffer, read in place (never
// written); AndValid makes one for a strict expression. The zero Bitmap
// stands for "no row is NULL".
//
// NULLs travel as bitmaps so that a strict expression's validity is the AND
// of its inputs' validity, 64 rows at a time, while its values are computed
// on every row by the same loop as on a clean batch (a NULL row's value is
// never read). Per-row flags (Vec.Null) are made from a bitmap only where the
// vector code needs them.
type Bitmap struct {
	bits []byte
	off  int
	n    int // rows
}

// BitmapOf returns the validity bitmap of Arrow array a; the zero Bitmap
// when a has no NULLs.
func BitmapOf(a arrow.Array) Bitmap {
	if a.NullN() == 0 {
		return Bitmap{}
	}
	d := a.Data()
	return Bitmap{bits: d.Buffers()[0].Bytes(), off: d.Offset(), n: a.Len()}
}

// Has reports whether the bitmap marks any row (false: no row is NULL).
func (b Bitmap) Has() bool { return b.bits != nil }

// IsNull reports whether row i is NULL; b must be non-zero (Has).
func (b Bitmap) IsNull(i int) bool {
	j := b.off + i
	return b.bits[j>>3]&(1<<(j&7)) == 0
}

// IsValid reports whether row i is not NULL; every row of the zero Bitmap
// is. With Both, a fused loop tests a condition's inputs' validity (their
// AND, made before the loop) without a branch per input.
func (b Bitmap) IsValid(i int) bool {
	if b.bits == nil {
		return true
	}
	j := b.off + i
	return b.bits[j>>3]>>(j&7)&1 != 0
}

// Word returns the validity of rows [i, i+64), bit j for row i+j; bits past
// the end of the bitmap are 0. The zero Bitmap's words are all ones.
func (b Bitmap) Word(i int) uint64 {
	if b.bits == nil {
		return math.MaxUint64
	}
	p := b.off + i
	q, s := p>>3, uint(p&7)
	if q+9 <= len(b.bits) {
		return binary.LittleEndian.Uint64(b.bits[q:])>>s | uint64(b.bits[q+8])<<(64-s)
	}
	var lo, hi uint64
	for k := 0; k < 8 && q+k < len(b.bits); k++ {
		lo |= uint64(b.bits[q+k]) << (8 * k)
	}
	if q+8 < len(b.bits) {
		hi = uint64(b.bits[q+8])
	}
	return lo>>s | hi<<(64-s)
}

// WordBit reports whether row i is valid in w, the bitmap's Word of the 64
// rows from i&^63: a loop over every row loads a validity word once per 64
// rows and tests one bit per row, with no bounds check and no branch.
func WordBit(w uint64, i int) bool { return w>>(uint(i)&63)&1 != 0 }

// expand returns b as per-row NULL flags (nil for the zero Bitmap).
func (b Bitmap) expand() []bool {
	if b.bits == nil {
		return nil
	}
	out := make([]bool, b.n)
	for i := 0; i < b.n; i += 64 {
		w := ^b.Word(i)
		for w != 0 {
			j := bits.TrailingZeros64(w)
			if i+j >= b.n {
				break
			}
			out[i+j] = true
			w &= w - 1
		}
	}
	return out
}

// Nulls counts the NULL rows of b.
func (b Bitmap) Nulls() int {
	if b.bits == nil {
		return 0
	}
	return b.n - bitutil.CountSetBits(b.bits, b.off, b.n)
}

// AndValid returns the validity of a strict expression over n rows whose
// arguments have the NULL flags args: a row is valid where every argument
// is. Errors in args are not looked at (the caller decides those rows). It
// works 64 rows at a time, and returns the zero Bitmap when no row is NULL.
func AndValid(n int, args ...Flags) Bitmap {
	some, only := 0, -1
	for k := range args {
		if args[k].valid.bits != nil || args[k].null != nil {
			some++
			only = k
		}
	}
	if some == 0 || n == 0 {
		return Bitmap{}
	}
	if some == 1 && args[only].valid.bits != nil {
		return args[only].valid // one input's bitmap, read in place
	}
	words := make([]uint64, (n+63)/64)
	for w := range words {
		words[w] = math.MaxUint64
	}
	for k := range args {
		switch f := &args[k]; {
		case f.valid.bits != nil:
			v := f.valid
			if v.off&7 == 0 {
				// whole bytes: a word is one load
				bs := v.bits[v.off>>3:]
				for w := range words {
					if (w+1)*8 <= len(bs) {
						words[w] &= binary.LittleEndian.Uint64(bs[w*8:])
					} else {
						words[w] &= v.Word(w * 64)
					}
				}
				continue
			}
			for w := range words {
				words[w] &= v.Word(w * 64)
			}
		case f.null != nil:
			null := f.null[:n]
			for w := range words {
				var m uint64
				for j, isNull := range null[w*64 : min(w*64+64, n)] {
					if isNull {
						m |= 1 << uint(j)
					}
				}
				words[w] &^= m
			}
		}
	}
	if n%64 != 0 {
		words[len(words)-1] &= 1<<uint(n%64) - 1
	}
	valid := 0
	for _, w := range words {
		valid += bits.OnesCount64(w)
	}
	if valid == n {
		return Bitmap{}
	}
	return Bitmap{bits: unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), len(words)*8), n: n}
}
