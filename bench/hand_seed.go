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
			q := s / 100
			then := int64(b2u(xb[j] > yb[j]) & (w >> (j & 63)))
			ob[j] = q + (s-q)&-then
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
// a repeated key wins; a 4-byte key compared as one word), and its first
// three bytes pick the label, which is written straight into the output
// bytes. A missing key fails the row; a NULL map or a NULL value gives NULL,
// whose validity bit is collected in a register and stored every 64 rows.
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
	ko, kraw := keys.offs, keys.raw
	io, iraw := items.offs, items.raw
	vm, vi := validityOf(info), validityOf(info.Items())
	nullable := vm.b != nil || vi.b != nil

	out := newStrOut(mem, n, n*6)
	oo := out.offs[:n+1]
	data := out.data
	pos := 0
	oo[0] = 0
	var valid *memory.Buffer
	var vbits []uint64
	if nullable {
		valid, vbits = allocBits(mem, n)
	}
	var acc uint64
	for i := range n {
		ok := true
		if nullable && !vm.bit(i) {
			ok = false
		} else {
			start, j := int(offs[i]), findTest(ko, kraw, int(offs[i]), int(offs[i+1]))
			if j < start {
				out.release()
				if valid != nil {
					valid.Release()
				}
				return nil, queryError(i, "label", seedCaseText, rt.MapKeyNotExistString("test"))
			}
			if nullable && !vi.bit(j) {
				ok = false
			} else {
				s, e := io[j], io[j+1]
				if pos+int(e-s)+8 > len(data) {
					out.pos = pos
					out.grow(int(e-s) + 8)
					data = out.data
				}
				v := iraw[s:e]
				if len(v) >= 3 && v[0] == '1' && v[1] == '2' && v[2] >= '3' && v[2] <= '5' {
					// 'FOO', 'BAR' or 'BAZ'
					binary.LittleEndian.PutUint32(data[pos:], labels[v[2]-'3'])
					pos += 3
				} else {
					pos += putBytes(data, pos, iraw, s, e)
				}
			}
		}
		oo[i+1] = int32(pos)
		if nullable {
			acc |= b2u(ok) << (i & 63)
			if i&63 == 63 || i == n-1 {
				vbits[i>>6] = acc
				acc = 0
			}
		}
	}
	out.pos = pos
	nulls := 0
	if nullable {
		valid, nulls = finishValidity(valid, vbits, n)
	}
	return newBatch(seedCaseSchema, n, out.array(n, valid, nulls)), nil
}

// labels are SeedCase's THEN values 'FOO', 'BAR' and 'BAZ' as little-endian
// words (the fourth byte is overwritten by the next value or lies past the
// column's end).
var labels = [3]uint32{
	'F' | 'O'<<8 | 'O'<<16,
	'B' | 'A'<<8 | 'R'<<16,
	'B' | 'A'<<8 | 'Z'<<16,
}

// findTest returns the last of the map entries [start, end) whose key is
// 'test', or -1: from the last entry back, without a branch on the key's
// length (a third of the keys have 4 bytes; the one branch is on the
// match), comparing the 4 bytes at the key's start as one word (read in
// place, when they lie inside the key data).
func findTest(ko []int32, kraw []byte, start, end int) int {
	lim := len(kraw) - 4 // the last offset 4 bytes can be read at
	data := unsafe.Pointer(unsafe.SliceData(kraw))
	key := keyTest
	e1 := ko[end]
	for j := end - 1; j >= start; j-- {
		e0 := ko[j]
		var w uint32
		if uint(e0) <= uint(lim) {
			w = *(*uint32)(unsafe.Add(data, e0))
		}
		if b2u(e1-e0 == 4)&b2u(w == key) != 0 {
			return j
		}
		e1 = e0
	}
	return -1
}
