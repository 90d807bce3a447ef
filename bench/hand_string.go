package bench

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

var stringCaseSchema = arrow.NewSchema([]arrow.Field{
	{Name: "label", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

// SWAR constants: a byte of each value in every byte of a word.
const (
	ones64 = 0x0101010101010101
	high64 = 0x8080808080808080
)

// airWord is "AIR" as a little-endian 3-byte word.
const airWord = 'A' | 'I'<<8 | 'R'<<16

// lowBytes is the mask of the low l bytes of a word (0 <= l <= 8).
func lowBytes(l int) uint64 { return ^uint64(0) >> (64 - 8*uint(l)) }

// upperASCII upper-cases the ASCII letters of a word of ASCII bytes (no byte
// has its high bit set), eight at a time: a byte is a lower-case letter when
// adding 0x80-'a' carries into its high bit and adding 0x80-('z'+1) does not.
func upperASCII(w uint64) uint64 {
	lower := (w + (0x80-'a')*ones64) &^ (w + (0x80-'z'-1)*ones64) & high64
	return w ^ lower>>2
}

// appendUpper appends upper(s) as rt.Upper computes it (simple per-character
// mapping; bytes that are not UTF-8 are kept), without building a string.
func appendUpper(dst, s []byte) []byte {
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, w := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && w <= 1 {
			dst = append(dst, s[i])
			i++
			continue
		}
		dst = utf8.AppendRune(dst, unicode.ToUpper(r))
		i += w
	}
	return dst
}

// prefixChars is the length in bytes of the first n characters of s (as
// rt.Substring3(s, 1, n) counts them: a byte that is not UTF-8 is one
// character): all of s when it has at most n bytes, n when its first n bytes
// are ASCII, else by decoding.
func prefixChars(s []byte, n int) int {
	if len(s) <= n {
		return len(s)
	}
	ascii := true
	for _, c := range s[:n] {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return n
	}
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRune(s[i:])
		i += w
	}
	return i
}

var special = []byte("special")

// put16 copies raw[s:e] into dst at pos and returns its length: up to 16
// bytes as two 8-byte words when both sides have room (the bytes past the
// value are overwritten by the next one, or lie past the column's end).
func put16(dst []byte, pos int, raw []byte, s, e int) int {
	l := e - s
	if l <= 16 && pos+16 <= len(dst) && s+16 <= len(raw) {
		d, r := dst[pos:pos+16], raw[s:s+16]
		binary.LittleEndian.PutUint64(d, binary.LittleEndian.Uint64(r))
		binary.LittleEndian.PutUint64(d[8:], binary.LittleEndian.Uint64(r[8:]))
		return l
	}
	copy(dst[pos:], raw[s:e])
	return l
}

// HandStringCase is StringCase by hand, in one pass writing each row's label
// straight into the output bytes. upper(l_shipmode) is computed once per row:
// a mode of at most 8 ASCII bytes (every mode of the data) is one word,
// upper-cased eight bytes at a time, tested for the suffix 'AIR' with one
// comparison and stored as one word; any other mode goes through a scratch
// buffer reused across rows. The substrings are byte lengths found without
// decoding when the prefix is ASCII, and the concatenations are stores of
// their parts. NULLs follow the CASE: a NULL l_shipmode makes the first WHEN
// NULL (not taken) and the ELSE NULL, a NULL l_comment the second WHEN; a
// taken branch is NULL when one of its arguments is. The validity bits come
// from 64-row validity words and are collected in a register.
func HandStringCase(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query StringCase: %w", err)
	}
	n := int(in.NumRows())
	flag, status := stringsOf(in.Column(8)), stringsOf(in.Column(9))
	instr, mode, comment := stringsOf(in.Column(13)), stringsOf(in.Column(14)), stringsOf(in.Column(15))
	vf, vs := validityOf(in.Column(8)), validityOf(in.Column(9))
	vi, vm, vc := validityOf(in.Column(13)), validityOf(in.Column(14)), validityOf(in.Column(15))
	fo, so, io, mo, co := flag.offs[:n+1], status.offs[:n+1], instr.offs[:n+1], mode.offs[:n+1], comment.offs[:n+1]
	fraw, sraw, iraw, mraw, craw := flag.raw, status.raw, instr.raw, mode.raw, comment.raw

	out := newStrOut(mem, n, n*8+64)
	oo := out.offs[:n+1]
	data := out.data
	valid, vbits := allocBits(mem, n)
	var scratch []byte
	pos := 0
	oo[0] = 0
	for base := 0; base < n; base += 64 {
		end := min(base+64, n)
		wf, ws, wi, wm, wc := vf.word(base), vs.word(base), vi.word(base), vm.word(base), vc.word(base)
		var acc uint64
		for i := base; i < end; i++ {
			j := uint(i-base) & 63
			ok := uint64(0)
			// upper(l_shipmode), as a word (fast) or in scratch
			ms, me := int(mo[i]), int(mo[i+1])
			ml := me - ms
			var up uint64
			fast := false
			if ml <= 8 && ms+8 <= len(mraw) {
				w := binary.LittleEndian.Uint64(mraw[ms:]) & lowBytes(ml)
				if w&high64 == 0 {
					up, fast = upperASCII(w), true
				}
			}
			modeOK := wm>>j&1 != 0
			air := false
			if modeOK {
				if fast {
					air = ml >= 3 && up>>(8*uint(ml-3))&0xffffff == airWord
				} else {
					scratch = appendUpper(scratch[:0], mraw[ms:me])
					air = bytes.HasSuffix(scratch, []byte("AIR"))
				}
			}
			upLen := ml
			if !fast {
				upLen = len(scratch)
			}
			switch {
			case air:
				// concat(substring(l_shipinstruct, 1, 7), '/', upper(l_shipmode))
				if wi>>j&1 == 0 {
					break
				}
				is := int(io[i])
				il := prefixChars(iraw[is:io[i+1]], 7)
				if pos+il+upLen+32 > len(data) {
					out.pos = pos
					out.grow(il + upLen + 32)
					data = out.data
				}
				pos += put16(data, pos, iraw, is, is+il)
				data[pos] = '/'
				pos++
				if fast {
					binary.LittleEndian.PutUint64(data[pos:], up)
					pos += ml
				} else {
					pos += copy(data[pos:], scratch)
				}
				ok = 1
			case wc>>j&1 != 0 && bytes.Contains(craw[co[i]:co[i+1]], special):
				// concat(l_returnflag, l_linestatus, '-', substring(l_comment, 1, 12))
				if wf>>j&1 == 0 || ws>>j&1 == 0 {
					break
				}
				cs := int(co[i])
				cl := prefixChars(craw[cs:co[i+1]], 12)
				fs, fe, ss, se := int(fo[i]), int(fo[i+1]), int(so[i]), int(so[i+1])
				if pos+cl+fe-fs+se-ss+64 > len(data) {
					out.pos = pos
					out.grow(cl + fe - fs + se - ss + 64)
					data = out.data
				}
				pos += put16(data, pos, fraw, fs, fe)
				pos += put16(data, pos, sraw, ss, se)
				data[pos] = '-'
				pos++
				pos += put16(data, pos, craw, cs, cs+cl)
				ok = 1
			case modeOK:
				// upper(l_shipmode)
				if pos+upLen+16 > len(data) {
					out.pos = pos
					out.grow(upLen + 16)
					data = out.data
				}
				if fast {
					binary.LittleEndian.PutUint64(data[pos:], up)
					pos += ml
				} else {
					pos += copy(data[pos:], scratch)
				}
				ok = 1
			}
			oo[i+1] = int32(pos)
			acc |= ok << j
		}
		vbits[base>>6] = acc
	}
	out.pos = pos
	valid, nulls := finishValidity(valid, vbits, n)
	return newBatch(stringCaseSchema, n, out.array(n, valid, nulls)), nil
}
