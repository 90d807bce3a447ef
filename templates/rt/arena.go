package rt

import (
	"encoding/binary"
	"math"
	"strconv"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Arena holds the bytes of the strings the string-building kernels make for
// one batch (upper, concat, a number cast to text...): generated code calls
// the kernels as its methods, so that a batch costs a few large allocations
// rather than one per value. The first chunk is sized by the batch's rows;
// a chunk that fills up is followed by a larger one, never grown in place,
// so the strings already made keep their bytes. They live as long as any
// of them is referenced (a chunk is never reused), like any Go string.
//
// The methods give the same results as the functions of the same names.
type Arena struct {
	buf  []byte // the current chunk: len is what is used
	rows int
}

// arenaBytesPerRow sizes an arena's first chunk: enough for a short string
// or two per row (a code, a flag, a name) in one allocation.
const arenaBytesPerRow = 32

// NewArena returns an arena for a batch of rows rows. It allocates nothing
// until a kernel writes.
func NewArena(rows int) *Arena { return &Arena{rows: rows} }

// reserve makes room for n more bytes in the current chunk, and for at
// least 8: every string the arena hands out is readable 8 bytes past its
// start (in its chunk), so that vec.StringOut.AppendShort may copy a short
// one as one word.
func (a *Arena) reserve(n int) {
	n = max(n, 8)
	if cap(a.buf)-len(a.buf) >= n {
		return
	}
	size := max(4096, a.rows*arenaBytesPerRow, 2*cap(a.buf), n)
	a.buf = make([]byte, 0, size)
}

// done returns the bytes appended since start as a string.
func (a *Arena) done(start int) string {
	if len(a.buf) == start {
		return ""
	}
	return unsafe.String(&a.buf[start], len(a.buf)-start)
}

// Upper is Upper(s): s itself when it has no lower-case letter.
func (a *Arena) Upper(s string) string { return a.mapCase(s, 'a', 'z', unicode.ToUpper) }

// Lower is Lower(s): s itself when it has no upper-case letter.
func (a *Arena) Lower(s string) string { return a.mapCase(s, 'A', 'Z', unicode.ToLower) }

// UpperPadded is Upper for s readable 8 bytes past its start (a value read
// in place through a view, or the arena's): a value of 1 to 8 bytes is one
// word load, with no branch on its length, where Upper gathers a short
// value's bytes by loads that stay inside it (which branch on a length the
// data decides: SHIP and AIR).
func (a *Arena) UpperPadded(s string) string { return a.mapCasePadded(s, 'a', 'z', unicode.ToUpper) }

// LowerPadded is Lower for s readable 8 bytes past its start (UpperPadded).
func (a *Arena) LowerPadded(s string) string { return a.mapCasePadded(s, 'A', 'Z', unicode.ToLower) }

// mapCasePadded is mapCase for s readable 8 bytes past its start. Its end
// repeats mapCaseShort's on purpose: shared through a function, it is over
// the inliner's budget, and each value would pay a second call.
func (a *Arena) mapCasePadded(s string, lo, hi byte, f func(rune) rune) string {
	n := len(s)
	if uint(n)-1 >= 8 { // empty, or longer than a word
		return a.mapCase(s, lo, hi, f)
	}
	v := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8)) & (math.MaxUint64 >> (64 - 8*uint(n)))
	m := caseFlips(v, lo, hi)
	switch {
	case v&highBits != 0:
		return a.mapRunes(s, f)
	case m == 0:
		return s
	}
	a.reserve(8)
	end := len(a.buf)
	binary.LittleEndian.PutUint64(a.buf[end:end+8], v^m)
	a.buf = a.buf[:end+n]
	return unsafe.String(&a.buf[end], n)
}

// mapCase maps s's letters by f; ASCII letters in [lo, hi] change by 32.
//
// Eight bytes at a time, without a branch per byte: each word of s is
// written with its letters' case bit flipped (caseFlips) into a scratch
// array on the stack (a longer value: the arena's free room), while the
// pass collects whether any byte is not ASCII and whether any changed; the
// bytes go to the arena only when s is ASCII and changed, so that a value
// already in the case asked allocates nothing. A value shorter than a word
// goes through a word on the stack; a longer one ends with the word of its
// last eight bytes, which overlaps the one before. (Most values are short: a
// mode, a flag, a code; their time went to the per-byte work of the scan.)
func (a *Arena) mapCase(s string, lo, hi byte, f func(rune) rune) string {
	n := len(s)
	if n < 8 {
		return a.mapCaseShort(s, lo, hi, f)
	}
	var scratch [32]byte
	var dst []byte
	if n <= len(scratch) {
		dst = scratch[:n]
	} else {
		a.reserve(n)
		dst = a.buf[len(a.buf) : len(a.buf)+n]
	}
	var bits, flips uint64 // every byte's bits ORed, and every flip
	src := unsafe.Slice(unsafe.StringData(s), n)
	for i := 0; i < n; i += 8 {
		i = min(i, n-8) // the last word overlaps the one before
		v := binary.LittleEndian.Uint64(src[i:])
		m := caseFlips(v, lo, hi)
		bits, flips = bits|v, flips|m
		binary.LittleEndian.PutUint64(dst[i:], v^m)
	}
	switch {
	case bits&highBits != 0:
		return a.mapRunes(s, f)
	case flips == 0:
		return s
	}
	if n <= len(scratch) {
		a.reserve(n)
		a.buf = append(a.buf, dst...)
	} else {
		a.buf = a.buf[:len(a.buf)+n]
	}
	return unsafe.String(&a.buf[len(a.buf)-n], n)
}

// mapCaseShort is mapCase for s of fewer than 8 bytes. Its bytes are
// gathered into one word by loads that stay inside s (two 4-byte loads
// that overlap for 4 to 7 bytes; the first, middle and last byte for 1 to
// 3), since a copy into a word on the stack costs a call and a stalled load,
// and the mapped word is stored whole into the arena's free room, which
// keeps only its first n bytes.
func (a *Arena) mapCaseShort(s string, lo, hi byte, f func(rune) rune) string {
	n := len(s)
	var v uint64
	switch {
	case n >= 4:
		src := unsafe.Slice(unsafe.StringData(s), n)
		first, last := binary.LittleEndian.Uint32(src), binary.LittleEndian.Uint32(src[n-4:])
		v = uint64(first) | uint64(last)<<(8*uint(n-4)&63)
	case n > 0:
		v = uint64(s[0]) | uint64(s[n>>1])<<(8*uint(n>>1)&63) | uint64(s[n-1])<<(8*uint(n-1)&63)
	}
	m := caseFlips(v, lo, hi)
	switch {
	case v&highBits != 0:
		return a.mapRunes(s, f)
	case m == 0:
		return s
	}
	a.reserve(8)
	end := len(a.buf)
	binary.LittleEndian.PutUint64(a.buf[end:end+8], v^m)
	a.buf = a.buf[:end+n]
	return unsafe.String(&a.buf[end], n)
}

// highBits is each byte's high bit: a byte with it set is not ASCII.
const highBits = 0x8080808080808080

// caseFlips returns, for each byte of word v that is an ASCII letter in
// [lo, hi], its case bit (0x20), and 0 for the other bytes. Each byte's low
// seven bits plus 0x80-lo reach 0x80 exactly when the byte is >= lo, and
// plus 0x7f-hi when it is > hi; neither sum carries into the next byte.
func caseFlips(v uint64, lo, hi byte) uint64 {
	const ones = 0x0101010101010101
	low7 := v &^ highBits
	ge := low7 + ones*uint64(0x80-lo)
	gt := low7 + ones*uint64(0x7f-hi)
	return (ge &^ gt &^ v & highBits) >> 2
}

// mapRunes is mapCase for s with a byte that is not ASCII: rune by rune,
// an invalid byte kept as it is.
func (a *Arena) mapRunes(s string, f func(rune) rune) string {
	a.reserve(utf8.UTFMax * len(s)) // a rune's case mapping is at most 4 bytes
	start := len(a.buf)
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w <= 1 {
			a.buf = append(a.buf, s[i])
			i++
			continue
		}
		a.buf = utf8.AppendRune(a.buf, f(r))
		i += w
	}
	return a.done(start)
}

// Concat2 is Concat2(x, y).
func (a *Arena) Concat2(x, y string) string {
	switch {
	case x == "":
		return y
	case y == "":
		return x
	}
	a.reserve(len(x) + len(y))
	buf := a.buf
	start := len(buf)
	buf = append(append(buf, x...), y...)
	a.buf = buf
	return unsafe.String(&buf[start], len(buf)-start)
}

// Concat is Concat(parts...).
func (a *Arena) Concat(parts ...string) string {
	size := 0
	for _, p := range parts {
		size += len(p)
	}
	a.reserve(size)
	buf := a.buf
	start := len(buf)
	for _, p := range parts {
		buf = append(buf, p...)
	}
	a.buf = buf
	if size == 0 {
		return ""
	}
	return unsafe.String(&buf[start], size)
}

// CastInt64ToString is CastInt64ToString(v).
func (a *Arena) CastInt64ToString(v int64) string {
	a.reserve(20)
	start := len(a.buf)
	a.buf = strconv.AppendInt(a.buf, v, 10)
	return a.done(start)
}

// CastInt32ToString is CastInt32ToString(v).
func (a *Arena) CastInt32ToString(v int32) string { return a.CastInt64ToString(int64(v)) }
