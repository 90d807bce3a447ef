package bench

import (
	"context"
	"fmt"
	"math"

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

// HandWide is Wide by hand. The 40 columns share two subexpressions,
// disc_price = l_extendedprice * (1 - l_discount) and charge = disc_price *
// (1 + l_tax): each block of 64 rows computes them once into arrays on the
// stack, then fills each column's 64 values in a loop of its own (one output
// stream at a time, its inputs in L1). The divisions by a column (w04, w09,
// w11, w25, w26) fail on a zero divisor: one OR of the block's four zero
// tests, and only when it is set a row-by-row search for the first failing
// row and column among those whose inputs are not NULL. Validity is per
// block and word: a column is valid where the columns it reads are, so the
// 40 columns share four bitmaps (price and discount; and tax; and quantity;
// all four), except the three IFs whose branch decides whether l_tax is read
// and w37, an IF of constants that is never NULL.
func HandWide(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Wide: %w", err)
	}
	n := int(in.NumRows())
	qv := in.Column(4).(*array.Float64).Float64Values()[:n]
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	tv := in.Column(7).(*array.Float64).Float64Values()[:n]
	vq, vp, vd, vt := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	nullable := vq.b != nil || vp.b != nil || vd.b != nil || vt.b != nil

	var bufs [40]*memory.Buffer
	var o [40][]float64
	for c := range o {
		bufs[c], o[c] = allocF64(mem, n)
	}
	// validity bitmaps: PD, PDT, PDQ, PDTQ, w05, w14, w24
	var vBufs [7]*memory.Buffer
	var vw [7][]uint64
	if nullable {
		for c := range vBufs {
			vBufs[c], vw[c] = allocBits(mem, n)
		}
	}
	release := func() {
		for _, b := range bufs {
			b.Release()
		}
		for _, b := range vBufs {
			if b != nil {
				b.Release()
			}
		}
	}

	var dpA, chA [64]float64
	for base := 0; base < n; base += 64 {
		end := min(base+64, n)
		P := pv[base:end]
		m := len(P)
		D, T, Q := dv[base:end][:m], tv[base:end][:m], qv[base:end][:m]
		dp, ch := dpA[:m], chA[:m]
		zero := false
		for j, p := range P {
			d, t, q := D[j], T[j], Q[j]
			x := p * (1 - d)
			dp[j], ch[j] = x, x*(1+t)
			zero = zero || q+1 == 0 || t+1 == 0 || q+2 == 0 || d+1 == 0
		}
		wp, wd, wt, wq := vp.word(base), vd.word(base), vt.word(base), vq.word(base)
		wpd := wp & wd
		wpdt, wpdq := wpd&wt, wpd&wq
		wpdtq := wpdt & wq
		if zero {
			for j := range m {
				column, text := "", ""
				switch {
				case wpdtq>>j&1 != 0 && Q[j]+1 == 0:
					column, text = "w04", wideW04
				case wpdt>>j&1 != 0 && T[j]+1 == 0:
					column, text = "w09", wideW09 // and w25, the same divisor
				case wpdq>>j&1 != 0 && Q[j]+2 == 0:
					column, text = "w11", wideW11
				case wpdt>>j&1 != 0 && D[j]+1 == 0:
					column, text = "w26", wideW26
				default:
					continue
				}
				release()
				return nil, queryError(base+j, column, text, rt.ErrDivideByZero)
			}
		}

		var c05, c14, c24 uint64
		col := func(c int) []float64 { return o[c][base:end][:m] }
		// w01 .. w10
		w := col(0)
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
		for j, c := range ch {
			w[j] = c / (Q[j] + 1)
		}
		w = col(4)
		for j, x := range dp {
			k := b2u(gtNaN(x, 50000))
			c05 |= k << (j & 63)
			w[j] = pick(x, ch[j], k)
		}
		w = col(5)
		for j, x := range dp {
			w[j] = x - P[j]
		}
		w = col(6)
		for j, c := range ch {
			w[j] = c * T[j]
		}
		w = col(7)
		for j, x := range dp {
			w[j] = x * D[j]
		}
		w = col(8)
		for j, c := range ch {
			w[j] = (c - dp[j]) / (T[j] + 1)
		}
		w = col(9)
		for j, c := range ch {
			w[j] = c + Q[j]
		}
		// w11 .. w20
		w = col(10)
		for j, x := range dp {
			w[j] = x / (Q[j] + 2)
		}
		w = col(11)
		for j, c := range ch {
			w[j] = c*0.97 - dp[j]*0.03
		}
		w = col(12)
		for j, x := range dp {
			w[j] = (Q[j] * x) / 100
		}
		w = col(13)
		for j, x := range dp {
			k := b2u(Q[j] < 25) & (wq >> (j & 63))
			c14 |= k << (j & 63)
			w[j] = pick(ch[j], x, k)
		}
		w = col(14)
		for j, c := range ch {
			w[j] = c - Q[j]*3
		}
		w = col(15)
		for j, x := range dp {
			w[j] = x * (1 + D[j])
		}
		w = col(16)
		for j, c := range ch {
			w[j] = c * (1 - T[j])
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
		for j, c := range ch {
			w[j] = c - P[j]
		}
		// w21 .. w30
		w = col(20)
		for j, x := range dp {
			w[j] = x - Q[j]
		}
		w = col(21)
		for j, c := range ch {
			w[j] = c * 1.05
		}
		w = col(22)
		for j, x := range dp {
			w[j] = x + ch[j]
		}
		w = col(23)
		for j, x := range dp {
			k := b2u(gtNaN(D[j], 0.05)) & (wd >> (j & 63))
			c24 |= k << (j & 63)
			w[j] = pick(x, ch[j], k) * 2
		}
		w = col(24)
		for j, x := range dp {
			w[j] = x / (T[j] + 1)
		}
		w = col(25)
		for j, c := range ch {
			w[j] = c / (D[j] + 1)
		}
		w = col(26)
		for j, x := range dp {
			w[j] = x*T[j] + ch[j]*D[j]
		}
		w = col(27)
		for j, c := range ch {
			w[j] = c - dp[j]*0.5
		}
		w = col(28)
		for j, x := range dp {
			w[j] = x + 100
		}
		w = col(29)
		for j, c := range ch {
			w[j] = c - 100
		}
		// w31 .. w40
		w = col(30)
		for j, x := range dp {
			w[j] = x*3 - ch[j]
		}
		w = col(31)
		for j, c := range ch {
			w[j] = (c - dp[j]) * Q[j]
		}
		w = col(32)
		for j, x := range dp {
			w[j] = x / 7
		}
		w = col(33)
		for j, c := range ch {
			w[j] = c / 11
		}
		w = col(34)
		for j, x := range dp {
			w[j] = x*0.9 + T[j]
		}
		w = col(35)
		for j, c := range ch {
			w[j] = c*0.8 + D[j]
		}
		w = col(36)
		for j, c := range ch {
			k := b2u(gtSpark(c, dp[j]*1.05)) & (wpdt >> (j & 63))
			w[j] = math.Float64frombits(one & -k)
		}
		w = col(37)
		for j, x := range dp {
			w[j] = x - ch[j]*T[j]
		}
		w = col(38)
		for j, c := range ch {
			w[j] = c + dp[j]*D[j]
		}
		w = col(39)
		for j, x := range dp {
			w[j] = x * (Q[j] + 1)
		}

		if nullable {
			b := base >> 6
			vw[0][b], vw[1][b], vw[2][b], vw[3][b] = wpd, wpdt, wpdq, wpdtq
			vw[4][b] = wpd & (^c05 | wt)
			vw[5][b] = wpd & (c14 | wt)
			vw[6][b] = wpd & (^c24 | wt)
		}
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
