package rt

import (
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

// reserve makes room for n more bytes in the current chunk.
func (a *Arena) reserve(n int) {
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

// mapCase maps s's letters by f; ASCII letters in [lo, hi] change by 32.
//
// One pass over the bytes, without a branch per byte: each byte is written
// flipped (its case bit where it is in [lo, hi]) into a scratch array on
// the stack (a longer value: the arena's free room), while the pass
// collects whether any byte is not ASCII and whether any changed; the bytes
// go to the arena only when s is ASCII and changed, so that a value
// already in the case asked allocates nothing. (Most values are short: a
// mode, a flag, a code; their time went to the per-byte branches of a scan
// and a second pass.)
func (a *Arena) mapCase(s string, lo, hi byte, f func(rune) rune) string {
	var scratch [32]byte
	var dst []byte
	if len(s) <= len(scratch) {
		dst = scratch[:len(s)]
	} else {
		a.reserve(len(s))
		dst = a.buf[len(a.buf) : len(a.buf)+len(s)]
	}
	var high, changed uint8
	for i := range dst {
		c := s[i]
		flip := uint8(0)
		if c-lo <= hi-lo {
			flip = 0x20
		}
		high |= c
		changed |= flip
		dst[i] = c ^ flip
	}
	switch {
	case high >= utf8.RuneSelf:
		return a.mapRunes(s, f)
	case changed == 0:
		return s
	}
	if len(s) <= len(scratch) {
		a.reserve(len(s))
		a.buf = append(a.buf, dst...)
	} else {
		a.buf = a.buf[:len(a.buf)+len(s)]
	}
	return unsafe.String(&a.buf[len(a.buf)-len(s)], len(s))
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
