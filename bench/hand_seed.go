package bench

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

var (
	seedIfSchema = arrow.NewSchema([]arrow.Field{
		{Name: "bucket", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	}, nil)
	seedCaseSchema = arrow.NewSchema([]arrow.Field{
		{Name: "label", Type: arrow.BinaryTypes.String, Nullable: true},
	}, nil)
)

// seedIfText is the SQL of SeedIf's column, as the error names it.
const seedIfText = "IF(x > y, a + 5, (a + 5) DIV 100)"

// HandSeedIf is SeedIf by hand: a + 5 is computed once per row (both branches
// need it, so its overflow fails the row whatever x and y are), and the
// condition picks it or its DIV 100 without a branch. A NULL x or y makes the
// condition NULL, which takes the ELSE branch: with NULLs the condition is
// ANDed with the 64-row validity word of x AND y. The column is never NULL.
func HandSeedIf(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, EventsSchema, 2); err != nil {
		return nil, fmt.Errorf("query SeedIf: %w", err)
	}
	n := int(in.NumRows())
	xv := in.Column(0).(*array.Int64).Int64Values()[:n]
	yv := in.Column(1).(*array.Int64).Int64Values()[:n]
	av := in.Column(2).(*array.Int64).Int64Values()[:n]
	buf, out := allocI64(mem, n)
	out = out[:len(av)]

	vx, vy := validityOf(in.Column(0)), validityOf(in.Column(1))
	if vx.b == nil && vy.b == nil {
		xv, yv = xv[:len(av)], yv[:len(av)]
		i := 0
		for ; i+1 < len(av); i += 2 { // two rows at a time
			a0, a1 := av[i], av[i+1]
			if max(a0, a1) > math.MaxInt64-5 {
				break // the row loop below reports it
			}
			s0, s1 := a0+5, a1+5
			r0, r1 := s0/100, s1/100
			if xv[i] > yv[i] { // conditional moves, not branches
				r0 = s0
			}
			if xv[i+1] > yv[i+1] {
				r1 = s1
			}
			out[i], out[i+1] = r0, r1
		}
		for ; i < len(av); i++ {
			a := av[i]
			if a > math.MaxInt64-5 {
				buf.Release()
				return nil, queryError(i, "bucket", seedIfText, rt.ErrLongOverflow)
			}
			s := a + 5
			r := s / 100
			if xv[i] > yv[i] {
				r = s
			}
			out[i] = r
		}
	} else {
		for base := 0; base < n; base += 64 {
			end := min(base+64, n)
			w := vx.word(base) & vy.word(base)
			ab, xb, yb, ob := av[base:end], xv[base:end], yv[base:end], out[base:end]
			xb, yb, ob = xb[:len(ab)], yb[:len(ab)], ob[:len(ab)]
			for j, a := range ab {
				if a > math.MaxInt64-5 {
					buf.Release()
					return nil, queryError(base+j, "bucket", seedIfText, rt.ErrLongOverflow)
				}
				s := a + 5
				r := s / 100
				if b2u(xb[j] > yb[j])&(w>>(j&63)) != 0 { // a conditional move
					r = s
				}
				ob[j] = r
			}
		}
	}
	return newBatch(seedIfSchema, n, newArray(arrow.PrimitiveTypes.Int64, n, 0, nil, buf)), nil
}

// seedCaseText is the SQL of SeedCase's column, as the error names it.
const seedCaseText = "CASE WHEN info['test'] LIKE '123%' THEN 'FOO'\n" +
	"            WHEN info['test'] LIKE '124%' THEN 'BAR'\n" +
	"            WHEN info['test'] LIKE '125%' THEN 'BAZ'\n" +
	"            ELSE info['test'] END"

// keyTest is "test" as a word in memory.
var keyTest = binary.NativeEndian.Uint32([]byte("test"))

// HandSeedCase is SeedCase by hand: info['test'] is looked up once per row,
// in place in the map's key bytes (from the last entry back, so the last of
// a repeated key wins; a 4-byte key compared as one word, findTest), and the
// value's first three bytes pick the label, which is written straight into
// the output bytes (putLabel). A missing key fails the row; a NULL map or a
// NULL value gives NULL, whose validity bit is collected in a register and
// stored every 64 rows.
func HandSeedCase(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, EventsSchema, 2); err != nil {
		return nil, fmt.Errorf("query SeedCase: %w", err)
	}
	n := int(in.NumRows())
	info := in.Column(3).(*array.Map)
	var offs []int32
	if o := info.Offsets(); len(o) > 0 {
		off := info.Data().Offset()
		offs = o[off : off+n+1]
	} else {
		offs = make([]int32, n+1)
	}
	keys, items := stringsOf(info.Keys()), stringsOf(info.Items())
	ko, kdata := keys.offs, paddedKeys(info.Keys())
	io, iraw := items.offs, items.raw
	vm, vi := validityOf(info), validityOf(info.Items())

	out := newStrOut(mem, n, n*6)
	oo := out.offs[:n+1]
	data := out.data
	pos := 0
	oo[0] = 0
	missing := func(row int) error {
		out.release()
		return queryError(row, "label", seedCaseText, rt.MapKeyNotExistString("test"))
	}
	if vm.b == nil && vi.b == nil {
		start := int(offs[0])
		for i, end := range offs[1:] {
			j := findTest(ko, kdata, start, int(end), keyTest)
			if j < 0 {
				return nil, missing(i)
			}
			s, e := io[j], io[j+1]
			l := int(e - s)
			if pos+l+8 > len(data) {
				out.pos = pos
				out.grow(l + 8)
				data = out.data
			}
			if l <= 8 && int(s)+8 <= len(iraw) { // putLabel's fast path, inlined
				w := binary.LittleEndian.Uint64(iraw[s:])
				c := uint32(w>>16&0xff) - '3'
				if b2u(l >= 3)&b2u(uint16(w) == '1'|'2'<<8)&b2u(c < 3) != 0 {
					w, l = labels[c&3], 3
				}
				binary.LittleEndian.PutUint64(data[pos:], w)
				pos += l
			} else {
				pos += putLabelSlow(data, pos, iraw[s:e])
			}
			oo[i+1] = int32(pos)
			start = int(end)
		}
		out.pos = pos
		return newBatch(seedCaseSchema, n, out.array(n, nil, 0)), nil
	}

	valid, vbits := allocBits(mem, n)
	var acc uint64
	for i := range n {
		ok := false
		if vm.bit(i) {
			j := findTest(ko, kdata, int(offs[i]), int(offs[i+1]), keyTest)
			if j < 0 {
				valid.Release()
				return nil, missing(i)
			}
			if vi.bit(j) {
				s, e := io[j], io[j+1]
				if pos+int(e-s)+8 > len(data) {
					out.pos = pos
					out.grow(int(e-s) + 8)
					data = out.data
				}
				pos += putLabel(data, pos, iraw, s, e)
				ok = true
			}
		}
		oo[i+1] = int32(pos)
		acc |= b2u(ok) << (i & 63)
		if i&63 == 63 || i == n-1 {
			vbits[i>>6] = acc
			acc = 0
		}
	}
	out.pos = pos
	valid, nulls := finishValidity(valid, vbits, n)
	return newBatch(seedCaseSchema, n, out.array(n, valid, nulls)), nil
}

// putLabel writes the CASE's result for the value raw[s:e] at data[pos:],
// which has room for it and 8 bytes more, and returns its length. A value
// of at most 8 bytes (every value of the data) is one word, and so is its
// label: selected without a branch and stored whole (the bytes past it are
// overwritten by the next value or lie past the column's end).
func putLabel(data []byte, pos int, raw []byte, s, e int32) int {
	l := int(e - s)
	if l > 8 || int(s)+8 > len(raw) {
		return putLabelSlow(data, pos, raw[s:e])
	}
	w := binary.LittleEndian.Uint64(raw[s:])
	c := uint32(w>>16&0xff) - '3' // 0, 1, 2 for '123', '124', '125'
	if b2u(l >= 3)&b2u(uint16(w) == '1'|'2'<<8)&b2u(c < 3) != 0 {
		w, l = labels[c&3], 3
	}
	binary.LittleEndian.PutUint64(data[pos:], w)
	return l
}

// putLabelSlow is putLabel for a longer value.
func putLabelSlow(data []byte, pos int, v []byte) int {
	if len(v) >= 3 && v[0] == '1' && v[1] == '2' && v[2] >= '3' && v[2] <= '5' {
		return copy(data[pos:], labelText[v[2]-'3'])
	}
	return copy(data[pos:], v)
}

// labels are SeedCase's THEN values 'FOO', 'BAR' and 'BAZ' as little-endian
// words (and a fourth, never used, so that an index masked to 2 bits needs no
// bounds check); labelText are the same as strings.
var (
	labels    = [4]uint64{'F' | 'O'<<8 | 'O'<<16, 'B' | 'A'<<8 | 'R'<<16, 'B' | 'A'<<8 | 'Z'<<16}
	labelText = [3]string{"FOO", "BAR", "BAZ"}
)

// findTest returns the last of the map entries [start, end) whose key is
// key, 4 bytes: from the last entry back, without a branch on the key's
// length (a third of the keys have 4 bytes; the one branch is on the
// match), comparing the 4 bytes at the key's start as one word, read in
// place from data (paddedKeys: readable 4 bytes past every key's start).
func findTest(ko []int32, data unsafe.Pointer, start, end int, key uint32) int {
	kos := ko[start : end+1]
	e1 := kos[len(kos)-1]
	for j := len(kos) - 2; j >= 0; j-- {
		e0 := kos[j]
		if uint32(e1-e0-4)|(*(*uint32)(unsafe.Add(data, uint(e0)))^key) == 0 { // length 4 and the bytes match
			return start + j
		}
		e1 = e0
	}
	return -1
}

// paddedKeys returns the key bytes of a MAP column's VARCHAR keys as memory
// readable 4 bytes past their end, for findTest's word loads: the buffer's
// own memory where its allocation goes on that far (the usual case: Arrow
// rounds allocations up to 64 bytes), else a copy.
func paddedKeys(a arrow.Array) unsafe.Pointer {
	var raw, whole []byte
	if b := a.Data().Buffers()[2]; b != nil {
		raw, whole = b.Bytes(), b.Buf()
	}
	if len(raw) > 0 && len(whole) > 0 && unsafe.SliceData(raw) == unsafe.SliceData(whole) && len(whole)-len(raw) >= 4 {
		return unsafe.Pointer(unsafe.SliceData(raw))
	}
	c := make([]byte, len(raw)+4)
	copy(c, raw)
	return unsafe.Pointer(unsafe.SliceData(c))
}
