package bench

import (
	"context"
	"fmt"

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

// q6Chunk is the number of rows HandQ6Filter filters before it computes the
// revenue of those that pass: a flat loop long enough that its exit costs
// nothing, a list of row positions that stays in L1.
const q6Chunk = 1024

// HandQ6Filter is Q6Filter by hand, in one pass over chunks of q6Chunk rows:
// the four conjuncts are evaluated without branches (the date range as one
// unsigned comparison), each row's position in the chunk written to a list
// that advances only for a row that passes; then the revenue of the listed
// rows (about 2% of them) is computed, so l_extendedprice is read only
// there, not streamed. A NULL operand makes the row fail (a FALSE conjunct
// or NULL, the WHERE keeps neither), so with NULLs a listed row is kept only
// where the three columns' validity bits say so, and the revenue's validity
// (l_extendedprice's; l_discount is never NULL on a kept row) is copied bit
// by bit into the output bitmap: only the listed rows' bits are read.
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
	var listed [q6Chunk]uint16 // the rows of a chunk the conjuncts pass
	hasNulls := in.Column(4).NullN()+in.Column(6).NullN()+in.Column(10).NullN()+in.Column(5).NullN() > 0
	var vq, vp, vd, vs validity
	var bits []uint64
	if hasNulls {
		vq, vp, vd, vs = validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(10))
		valid, bits = allocBits(mem, n)
		clear(bits)
	}
	for base := 0; base < n; base += q6Chunk {
		d := dv[base:min(base+q6Chunk, n)]
		s, q := sv[base:][:len(d)], qv[base:][:len(d)]
		c := 0
		for j, x := range d {
			listed[c&(q6Chunk-1)] = uint16(j)
			c += int(b2u(uint32(s[j]-date19940101) < date19950101-date19940101) &
				b2u(x >= 0.05) & b2u(x <= 0.07) & b2u(q[j] < 24))
		}
		if c == 0 {
			continue
		}
		out.room(k, c)
		p := pv[base:][:len(d)]
		if !hasNulls {
			o := out.v[k:][:c]
			for t, j := range listed[:c] {
				o[t] = p[j] * d[j]
			}
			k += c
			continue
		}
		o := out.v
		for _, j := range listed[:c] {
			i := base + int(j)
			keep := b2u(vq.bit(i)) & b2u(vd.bit(i)) & b2u(vs.bit(i))
			o[k] = p[j] * d[j]
			bits[k>>6] |= (keep & b2u(vp.bit(i))) << (uint(k) & 63) // nothing for a row left out
			k += int(keep)
		}
	}
	if hasNulls {
		valid, nulls = finishValidity(valid, bits[:words(k)], k)
	}
	return newBatch(q6Schema, k, newArray(arrow.PrimitiveTypes.Float64, k, nulls, valid, shrink(out.buf, k*8))), nil
}
