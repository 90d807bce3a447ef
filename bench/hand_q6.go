package bench

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

var q6Schema = arrow.NewSchema([]arrow.Field{
	{Name: "revenue", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
}, nil)

// f64Grower is a DOUBLE output column whose length is not known in advance
// (a selective WHERE): a buffer from the allocator, grown by doubling.
type f64Grower struct {
	buf *memory.Buffer
	v   []float64
}

func newF64Grower(mem memory.Allocator, capacity int) f64Grower {
	buf, v := allocF64(mem, capacity)
	return f64Grower{buf, v}
}

// room makes sure need more values fit after the first k.
func (g *f64Grower) room(k, need int) {
	if k+need > len(g.v) {
		size := max(2*len(g.v), k+need)
		g.buf.Resize(size * 8)
		g.v = asSlice[float64](g.buf, size)
	}
}

// HandQ6Filter is Q6Filter by hand, in one pass: the four conjuncts are
// evaluated without branches (the date range as one unsigned comparison) and
// every row's revenue is written at the next output position, which advances
// only for a row that passes. A NULL operand makes the row fail (a FALSE
// conjunct or NULL, the WHERE keeps neither), so with NULLs each block of 64
// rows ANDs the three columns' validity words into its selection, and the
// revenue's validity (l_extendedprice's; l_discount is never NULL on a kept
// row) is compressed by the selection into the output bitmap.
func HandQ6Filter(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q6Filter: %w", err)
	}
	n := int(in.NumRows())
	qv := in.Column(4).(*array.Float64).Float64Values()[:n]
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	sv := in.Column(10).(*array.Date32).Date32Values()[:n]

	out := newF64Grower(mem, n/32+64) // Q6 keeps about 2% of lineitem
	k := 0
	var valid *memory.Buffer
	nulls := 0
	if in.Column(4).NullN()+in.Column(6).NullN()+in.Column(10).NullN()+in.Column(5).NullN() == 0 {
		for base := 0; base < n; base += 64 {
			end := min(base+64, n)
			out.room(k, 64)
			o := out.v
			var m uint64
			for i := base; i < end; i++ {
				d := dv[i]
				keep := b2u(uint32(sv[i]-date19940101) < date19950101-date19940101) &
					b2u(d >= 0.05) & b2u(d <= 0.07) & b2u(qv[i] < 24)
				m |= keep << (uint(i-base) & 63)
			}
			k = revenueOf(o, pv, dv, k, base, m)
		}
	} else {
		vq, vp, vd, vs := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(10))
		var bits []uint64
		valid, bits = allocBits(mem, n)
		clear(bits)
		for base := 0; base < n; base += 64 {
			end := min(base+64, n)
			out.room(k, 64)
			o := out.v
			w := vq.word(base) & vd.word(base) & vs.word(base)
			start := k
			var m uint64
			for i := base; i < end; i++ {
				d := dv[i]
				keep := b2u(uint32(sv[i]-date19940101) < date19950101-date19940101) &
					b2u(d >= 0.05) & b2u(d <= 0.07) & b2u(qv[i] < 24) & (w >> (uint(i-base) & 63))
				m |= keep << (uint(i-base) & 63)
			}
			if m != 0 {
				k = revenueOf(o, pv, dv, k, base, m)
				c := newCompressor(m)
				deposit(bits, start, c.apply(vp.word(base)))
			}
		}
		valid, nulls = finishValidity(valid, bits[:words(k)], k)
	}
	return newBatch(q6Schema, k, newArray(arrow.PrimitiveTypes.Float64, k, nulls, valid, shrink(out.buf, k*8))), nil
}

// revenueOf writes l_extendedprice * l_discount of the rows of the 64-row
// block at base that mask m keeps at o[k:] and returns the new k: the
// filter keeps about 2% of the rows, so the price column is read only at
// those rows, not streamed whole.
func revenueOf(o, pv, dv []float64, k, base int, m uint64) int {
	for ; m != 0; m &= m - 1 {
		i := base + bits.TrailingZeros64(m)
		o[k] = pv[i] * dv[i]
		k++
	}
	return k
}
