package bench

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// wideSchema is w01 .. w40, DOUBLE, all nullable but w37 (an IF of two
// constants).
var wideSchema = func() *arrow.Schema {
	fields := make([]arrow.Field, 40)
	for c := range fields {
		fields[c] = arrow.Field{Name: fmt.Sprintf("w%02d", c+1), Type: arrow.PrimitiveTypes.Float64, Nullable: c+1 != 37}
	}
	return arrow.NewSchema(fields, nil)
}()

// The SQL of Wide's columns that can fail (a division by a column).
const (
	wideW04 = "(l_extendedprice * (1 - l_discount) * (1 + l_tax)) / (l_quantity + 1)"
	wideW09 = "((l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount))) / (l_tax + 1)"
	wideW11 = "(l_extendedprice * (1 - l_discount)) / (l_quantity + 2)"
	wideW26 = "(l_extendedprice * (1 - l_discount) * (1 + l_tax)) / (l_discount + 1)"
)

// pick is b where c is 1 and a where c is 0, without a branch.
func pick(a, b float64, c uint64) float64 {
	x, y := math.Float64bits(a), math.Float64bits(b)
	return math.Float64frombits(x ^ (x^y)&-c)
}

// one is 1.0's bits.
const one = 0x3FF0000000000000

// wideScratch keeps the disc_price and charge vectors of HandWide between
// calls.
var wideScratch = sync.Pool{New: func() any { return new([]float64) }}

// HandWide is Wide by hand. The 40 columns share two subexpressions,
// disc_price = l_extendedprice * (1 - l_discount) and charge = disc_price *
// (1 + l_tax): one pass computes them for the whole batch into two pooled
// vectors, with the zero tests of the divisions by a column (w04, w09, w11,
// w25, w26: one OR per row, and only when it is set a row-by-row search for
// the first failing row and column among those whose inputs are not NULL);
// then each column is allocated and filled in a loop of its own, so that
// its buffer, zeroed by the allocator just before, is still in cache when
// it is written (with the 40 columns allocated first and written 64 rows at
// a time, this loop was slower than the generated code's, which allocates
// each column as it computes it). Validity is per word: a column is valid
// where the columns it reads are, so the 40 columns share four bitmaps
// (price and discount; and tax; and quantity; all four), except the three
// IFs whose branch decides whether l_tax is read and w37, an IF of
// constants that is never NULL. The IFs run 64 rows at a time, their
// branch chosen without a jump and kept as a mask for their validity.
func HandWide(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Wide: %w", err)
	}
	n := int(in.NumRows())
	vq, vp, vd, vt := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	nullable := vq.b != nil || vp.b != nil || vd.b != nil || vt.b != nil

	scratch := wideScratch.Get().(*[]float64)
	defer wideScratch.Put(scratch)
	if cap(*scratch) < 2*n {
		*scratch = make([]float64, 2*n)
	}
	dp := (*scratch)[:n]
	ch := (*scratch)[n:][:len(dp)]
	P := in.Column(5).(*array.Float64).Float64Values()[:len(dp)]
	D := in.Column(6).(*array.Float64).Float64Values()[:len(dp)]
	T := in.Column(7).(*array.Float64).Float64Values()[:len(dp)]
	Q := in.Column(4).(*array.Float64).Float64Values()[:len(dp)]
	zero := false
	for j, p := range P {
		d, t, q := D[j], T[j], Q[j]
		x := p * (1 - d)
		dp[j], ch[j] = x, x*(1+t)
		zero = zero || q+1 == 0 || t+1 == 0 || q+2 == 0 || d+1 == 0
	}
	if zero {
		if err := wideDivisionError(n, P, D, T, Q, vp, vd, vt, vq); err != nil {
			return nil, err
		}
	}

	// validity bitmaps: PD, PDT, PDQ, PDTQ, w05, w14, w24
	var vBufs [7]*memory.Buffer
	var vw [7][]uint64
	if nullable {
		for c := range vBufs {
			vBufs[c], vw[c] = allocBits(mem, n)
		}
		for b, base := 0, 0; base < n; b, base = b+1, base+64 {
			wpd := vp.word(base) & vd.word(base)
			wt, wq := vt.word(base), vq.word(base)
			vw[0][b], vw[1][b], vw[2][b], vw[3][b] = wpd, wpd&wt, wpd&wq, wpd&wt&wq
		}
	}

	var bufs [40]*memory.Buffer
	col := func(c int) []float64 {
		var o []float64
		bufs[c], o = allocF64(mem, n)
		return o[:len(dp)]
	}
	var w []float64
	// w01 .. w10
	w = col(0)
	for j, x := range dp {
		w[j] = x * 1.01
	}
	w = col(1)
	for j, x := range dp {
		w[j] = ch[j] - x
	}
	w = col(2)
	for j, x := range dp {
		w[j] = x + Q[j]*2
	}
	w = col(3)
	for j, x := range ch {
		w[j] = x / (Q[j] + 1)
	}
	w = col(4)
	for b, base := 0, 0; base < n; b, base = b+1, base+64 {
		x := dp[base:min(base+64, n)]
		w, c := w[base:][:len(x)], ch[base:][:len(x)]
		var m uint64
		for j, x := range x {
			k := b2u(gtNaN(x, 50000))
			m |= k << (j & 63)
			w[j] = pick(x, c[j], k)
		}
		if nullable {
			vw[4][b] = vw[0][b] & (^m | vt.word(base))
		}
	}
	w = col(5)
	for j, x := range dp {
		w[j] = x - P[j]
	}
	w = col(6)
	for j, x := range ch {
		w[j] = x * T[j]
	}
	w = col(7)
	for j, x := range dp {
		w[j] = x * D[j]
	}
	w = col(8)
	for j, x := range ch {
		w[j] = (x - dp[j]) / (T[j] + 1)
	}
	w = col(9)
	for j, x := range ch {
		w[j] = x + Q[j]
	}
	// w11 .. w20
	w = col(10)
	for j, x := range dp {
		w[j] = x / (Q[j] + 2)
	}
	w = col(11)
	for j, x := range ch {
		w[j] = x*0.97 - dp[j]*0.03
	}
	w = col(12)
	for j, x := range dp {
		w[j] = (Q[j] * x) / 100
	}
	w = col(13)
	for b, base := 0, 0; base < n; b, base = b+1, base+64 {
		x := dp[base:min(base+64, n)]
		w, c, q := w[base:][:len(x)], ch[base:][:len(x)], Q[base:][:len(x)]
		wq := vq.word(base)
		var m uint64
		for j, x := range x {
			k := b2u(q[j] < 25) & (wq >> (j & 63))
			m |= k << (j & 63)
			w[j] = pick(c[j], x, k)
		}
		if nullable {
			vw[5][b] = vw[0][b] & (m | vt.word(base))
		}
	}
	w = col(14)
	for j, x := range ch {
		w[j] = x - Q[j]*3
	}
	w = col(15)
	for j, x := range dp {
		w[j] = x * (1 + D[j])
	}
	w = col(16)
	for j, x := range ch {
		w[j] = x * (1 - T[j])
	}
	w = col(17)
	for j, x := range dp {
		w[j] = (x + ch[j]) / 2
	}
	w = col(18)
	for j, x := range dp {
		w[j] = (x * x) / 1000000
	}
	w = col(19)
	for j, x := range ch {
		w[j] = x - P[j]
	}
	// w21 .. w30
	w = col(20)
	for j, x := range dp {
		w[j] = x - Q[j]
	}
	w = col(21)
	for j, x := range ch {
		w[j] = x * 1.05
	}
	w = col(22)
	for j, x := range dp {
		w[j] = x + ch[j]
	}
	w = col(23)
	for b, base := 0, 0; base < n; b, base = b+1, base+64 {
		x := dp[base:min(base+64, n)]
		w, c, d := w[base:][:len(x)], ch[base:][:len(x)], D[base:][:len(x)]
		wd := vd.word(base)
		var m uint64
		for j, x := range x {
			k := b2u(gtNaN(d[j], 0.05)) & (wd >> (j & 63))
			m |= k << (j & 63)
			w[j] = pick(x, c[j], k) * 2
		}
		if nullable {
			vw[6][b] = vw[0][b] & (^m | vt.word(base))
		}
	}
	w = col(24)
	for j, x := range dp {
		w[j] = x / (T[j] + 1)
	}
	w = col(25)
	for j, x := range ch {
		w[j] = x / (D[j] + 1)
	}
	w = col(26)
	for j, x := range dp {
		w[j] = x*T[j] + ch[j]*D[j]
	}
	w = col(27)
	for j, x := range ch {
		w[j] = x - dp[j]*0.5
	}
	w = col(28)
	for j, x := range dp {
		w[j] = x + 100
	}
	w = col(29)
	for j, x := range ch {
		w[j] = x - 100
	}
	// w31 .. w40
	w = col(30)
	for j, x := range dp {
		w[j] = x*3 - ch[j]
	}
	w = col(31)
	for j, x := range ch {
		w[j] = (x - dp[j]) * Q[j]
	}
	w = col(32)
	for j, x := range dp {
		w[j] = x / 7
	}
	w = col(33)
	for j, x := range ch {
		w[j] = x / 11
	}
	w = col(34)
	for j, x := range dp {
		w[j] = x*0.9 + T[j]
	}
	w = col(35)
	for j, x := range ch {
		w[j] = x*0.8 + D[j]
	}
	w = col(36)
	for base := 0; base < n; base += 64 {
		x := dp[base:min(base+64, n)]
		w, c := w[base:][:len(x)], ch[base:][:len(x)]
		wpdt := vp.word(base) & vd.word(base) & vt.word(base)
		for j, x := range x {
			k := b2u(gtSpark(c[j], x*1.05)) & (wpdt >> (j & 63))
			w[j] = math.Float64frombits(one & -k)
		}
	}
	w = col(37)
	for j, x := range dp {
		w[j] = x - ch[j]*T[j]
	}
	w = col(38)
	for j, x := range ch {
		w[j] = x + dp[j]*D[j]
	}
	w = col(39)
	for j, x := range dp {
		w[j] = x * (Q[j] + 1)
	}

	var nulls [7]int
	if nullable {
		for c := range vBufs {
			vBufs[c], nulls[c] = finishValidity(vBufs[c], vw[c], n)
		}
	}
	// the validity class of each column: an index into vBufs, -1 for w37
	class := [40]int8{
		0, 1, 2, 3, 4, 0, 1, 0, 1, 3, // w01 .. w10
		2, 1, 2, 5, 3, 0, 1, 1, 0, 1, // w11 .. w20
		2, 1, 1, 6, 1, 1, 1, 1, 0, 1, // w21 .. w30
		1, 3, 0, 1, 1, 1, -1, 1, 1, 2, // w31 .. w40
	}
	cols := make([]arrow.Array, 40)
	for c := range cols {
		var valid *memory.Buffer
		nn := 0
		if k := class[c]; k >= 0 {
			valid, nn = shared(vBufs[k]), nulls[k]
		}
		cols[c] = newArray(arrow.PrimitiveTypes.Float64, n, nn, valid, bufs[c])
	}
	for _, b := range vBufs {
		if b != nil {
			b.Release()
		}
	}
	return newBatch(wideSchema, n, cols...), nil
}

// wideDivisionError returns the error of the first row where a division by
// a column of Wide (by l_quantity + 1, l_tax + 1, l_quantity + 2 or
// l_discount + 1) has a zero divisor and inputs that are not NULL, in
// column order within the row; nil if there is none (the zero divisors are
// on rows whose division is NULL).
func wideDivisionError(n int, P, D, T, Q []float64, vp, vd, vt, vq validity) error {
	for base := 0; base < n; base += 64 {
		wpd := vp.word(base) & vd.word(base)
		wpdt, wpdq := wpd&vt.word(base), wpd&vq.word(base)
		wpdtq := wpdt & vq.word(base)
		for j := range min(64, n-base) {
			i := base + j
			var column, text string
			switch {
			case wpdtq>>j&1 != 0 && Q[i]+1 == 0:
				column, text = "w04", wideW04
			case wpdt>>j&1 != 0 && T[i]+1 == 0:
				column, text = "w09", wideW09 // and w25, the same divisor
			case wpdq>>j&1 != 0 && Q[i]+2 == 0:
				column, text = "w11", wideW11
			case wpdt>>j&1 != 0 && D[i]+1 == 0:
				column, text = "w26", wideW26
			default:
				continue
			}
			return queryError(i, column, text, rt.ErrDivideByZero)
		}
	}
	return nil
}
