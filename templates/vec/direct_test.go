package vec

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestStringOut writes columns that fit the writer's first buffer and ones
// that outgrow it (continuing in Go memory and copied back once), and checks
// every value and that the allocator gets all its memory back, also from a
// writer released half-way.
func TestStringOut(t *testing.T) {
	for _, tc := range []struct {
		what string
		vals []string
	}{
		{"empty", nil},
		{"short", []string{"a", "", "bc", "déf"}},
		{"outgrows", []string{strings.Repeat("x", 100), "", strings.Repeat("é", 500), "y"}},
		{"empty strings", []string{"", "", ""}},
	} {
		mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
		w := NewStringOut(mem, len(tc.vals))
		for _, v := range tc.vals {
			w.Append(v)
		}
		arr := w.Array().(*array.String)
		if arr.Len() != len(tc.vals) || arr.NullN() != 0 {
			t.Fatalf("%s: %d values, %d NULLs; want %d, 0", tc.what, arr.Len(), arr.NullN(), len(tc.vals))
		}
		for i, v := range tc.vals {
			if arr.Value(i) != v {
				t.Errorf("%s: value %d is %q, want %q", tc.what, i, arr.Value(i), v)
			}
		}
		arr.Release()
		mem.AssertSize(t, 0)

		w = NewStringOut(mem, len(tc.vals))
		for _, v := range tc.vals[:len(tc.vals)/2] {
			w.Append(v)
		}
		w.Release()
		mem.AssertSize(t, 0)
	}
}

func TestFixedOut(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	w := NewFixedOut[int32](mem, arrow.FixedWidthTypes.Date32, 3)
	copy(w.V, []int32{1, -2, 19000})
	arr := w.Array().(*array.Date32)
	if got := arr.Date32Values(); arr.Len() != 3 || got[0] != 1 || got[1] != -2 || got[2] != 19000 {
		t.Errorf("got %v", got)
	}
	arr.Release()
	NewFixedOut[float64](mem, arrow.PrimitiveTypes.Float64, 0).Release()
	mem.AssertSize(t, 0)
}

// TestStrView reads a sliced VARCHAR array in place: every row's value is
// the array's, from its first row, and an empty array has no rows.
func TestStrView(t *testing.T) {
	b := array.NewStringBuilder(memory.DefaultAllocator)
	defer b.Release()
	vals := []string{"skip", "", "ab", "ß€", "", "last"}
	for i, s := range vals {
		if i == 4 {
			b.AppendNull()
			continue
		}
		b.Append(s)
	}
	full := b.NewArray()
	defer full.Release()
	for off := range 3 {
		s := array.NewSlice(full, int64(off), int64(len(vals))).(*array.String)
		v := ViewOf(s)
		for i := range s.Len() {
			if got, want := v.At(i), s.Value(i); got != want {
				t.Errorf("offset %d row %d: %q, want %q", off, i, got, want)
			}
		}
		s.Release()
	}
	empty := array.NewSlice(full, 2, 2).(*array.String)
	defer empty.Release()
	if v := ViewOf(empty); v.offs != nil || v.data != "" {
		t.Errorf("view of an empty array: %+v", v)
	}
}

// TestNullWord: marks collected 64 positions at a time make exactly those
// positions NULL, in the whole words of the bitmap and in its last bytes.
func TestNullWord(t *testing.T) {
	for _, n := range []int{1, 63, 64, 65, 130, 200} {
		w := NewFixedOut[int64](memory.DefaultAllocator, arrow.PrimitiveTypes.Int64, n)
		w.PrepareNulls()
		var marks uint64
		want := make([]bool, n)
		for i := range n {
			if i&63 == 0 {
				w.NullWord(i-1, marks)
				marks = 0
			}
			null := i%3 == 0 || i == n-1
			want[i] = null
			marks |= Bit(null) << (uint(i) & 63)
		}
		w.NullWord(n-1, marks)
		a := w.Array()
		nulls := 0
		for i := range n {
			if a.IsNull(i) != want[i] {
				t.Fatalf("n=%d: position %d NULL = %v", n, i, a.IsNull(i))
			}
			if want[i] {
				nulls++
			}
		}
		if a.NullN() != nulls {
			t.Fatalf("n=%d: NullN %d, want %d", n, a.NullN(), nulls)
		}
		a.Release()
	}
}

// TestStringOutAppendConcat checks that AppendConcat writes the parts as one
// value, between values Append and AppendNull write.
func TestStringOutAppendConcat(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	w := NewStringOut(mem, 4)
	w.Append("a")
	w.AppendConcat("bc", "", "d", strings.Repeat("e", 40))
	w.AppendNull()
	w.AppendConcat()
	arr := w.Array().(*array.String)
	defer arr.Release()
	want := []string{"a", "bcd" + strings.Repeat("e", 40), "", ""}
	for k, s := range want {
		if arr.Value(k) != s || arr.IsNull(k) != (k == 2) {
			t.Errorf("value %d: %q (NULL %v), want %q", k, arr.Value(k), arr.IsNull(k), s)
		}
	}
}

// TestStrViewPadded: every value of a view is readable 8 bytes past its
// start, in place where the buffer's allocation extends that far and from
// a copy where it does not (a buffer made over exactly its bytes), with the
// same values either way.
func TestStrViewPadded(t *testing.T) {
	vals := []string{"a", "", "abcdefgh", "xyz", "12345678901"}
	var data []byte
	offs := []int32{0}
	for _, v := range vals {
		data = append(data, v...)
		offs = append(offs, int32(len(data)))
	}
	offBytes := arrow.Int32Traits.CastToBytes(offs)
	for _, spare := range []int{0, 3, 8, 64} {
		whole := make([]byte, len(data)+spare)
		copy(whole, data)
		buf := memory.NewBufferBytes(whole[:len(data)])
		if spare > 0 {
			// a buffer whose allocation runs past its length
			buf = memory.NewBufferBytes(whole)
			buf.ResizeNoShrink(len(data))
		}
		d := array.NewData(arrow.BinaryTypes.String, len(vals), []*memory.Buffer{nil, memory.NewBufferBytes(offBytes), buf}, nil, 0, 0)
		s := array.NewStringData(d)
		v := ViewOf(s)
		inPlace := unsafe.StringData(v.data) == unsafe.SliceData(whole)
		if wantInPlace := spare >= 8; inPlace != wantInPlace {
			t.Errorf("spare %d: in place %v, want %v", spare, inPlace, wantInPlace)
		}
		for i, want := range vals {
			got := v.At(i)
			if got != want {
				t.Errorf("spare %d row %d: %q, want %q", spare, i, got, want)
			}
			if got != "" {
				_ = *(*uint64)(unsafe.Pointer(unsafe.StringData(got))) // readable: -race's checkptr checks the word lies in one allocation
			}
		}
		s.Release()
		d.Release()
	}
}

// TestAppendShort writes values of every length from 0 to 20 from padded
// sources, each as the only value and between others, into a writer sized
// too small so that it outgrows its buffer: each value reads back whole and
// the bytes a word copy stores past one never show.
func TestAppendShort(t *testing.T) {
	var vals []string
	for l := range 21 {
		vals = append(vals, strings.Repeat(string(rune('a'+l)), l))
	}
	padded := PaddedStrings(vals...)
	for k, p := range padded {
		if p != vals[k] {
			t.Fatalf("PaddedStrings value %d is %q, want %q", k, p, vals[k])
		}
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	w := NewStringOut(mem, 3*len(padded)) // 8 bytes a value, 10 on average: outgrown
	var want []string
	for round := range 3 {
		for k := range padded {
			p := padded[(k*7+round)%len(padded)]
			w.AppendShort(p)
			want = append(want, p)
		}
	}
	arr := w.Array().(*array.String)
	for i, v := range want {
		if arr.Value(i) != v {
			t.Errorf("value %d is %q, want %q", i, arr.Value(i), v)
		}
	}
	arr.Release()
	mem.AssertSize(t, 0)
}
