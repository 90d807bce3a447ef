package bench

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// q1Schema is the output schema of Q1Projection and Q1NoWhere.
var q1Schema = arrow.NewSchema([]arrow.Field{
	{Name: "l_returnflag", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_linestatus", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_quantity", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "l_extendedprice", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "disc_price", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "charge", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
}, nil)

// HandQ1Projection is Q1Projection by hand, in one pass: each row's six
// outputs are written at the next output position, which advances only when
// the row passes the WHERE (l_shipdate <= 1998-09-02, a NULL date fails it),
// so that the selection costs no branch. With NULLs, the rows go 64 at a time:
// the block's selection is a mask, and the outputs' validity words (the
// inputs' words ANDed where a column reads several) are compressed by that
// mask and appended to the output bitmaps.
func HandQ1Projection(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q1Projection: %w", err)
	}
	n := int(in.NumRows())
	qv := in.Column(4).(*array.Float64).Float64Values()[:n]
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	tv := in.Column(7).(*array.Float64).Float64Values()[:n]
	flag, status := stringsOf(in.Column(8)), stringsOf(in.Column(9))
	sv := in.Column(10).(*array.Date32).Date32Values()[:n]

	qBuf, oq := allocF64(mem, n)
	pBuf, op := allocF64(mem, n)
	dBuf, od := allocF64(mem, n)
	cBuf, oc := allocF64(mem, n)
	fOut, sOut := newStrOut(mem, n, flag.size()), newStrOut(mem, n, status.size())
	fOffs, sOffs := fOut.offs[:n+1], sOut.offs[:n+1]
	fData, sData := fOut.data, sOut.data
	fIn, sIn := flag.offs[:n+1], status.offs[:n+1]
	fRaw, sRaw := flag.raw, status.raw

	k, fPos, sPos := 0, 0, 0
	fOffs[0], sOffs[0] = 0, 0
	nullable := false
	for c := 4; c <= 10; c++ {
		nullable = nullable || in.Column(c).NullN() > 0
	}
	if !nullable {
		for i, s := range sv {
			keep := int(b2u(s <= date19980902))
			oq[k], op[k] = qv[i], pv[i]
			dp := pv[i] * (1 - dv[i])
			od[k], oc[k] = dp, dp*(1+tv[i])
			fPos += putBytes(fData, fPos, fRaw, fIn[i], fIn[i+1]) & -keep
			sPos += putBytes(sData, sPos, sRaw, sIn[i], sIn[i+1]) & -keep
			k += keep
			fOffs[k], sOffs[k] = int32(fPos), int32(sPos)
		}
		fOut.pos, sOut.pos = fPos, sPos
		return newBatch(q1Schema, k,
			fOut.array(k, nil, 0), sOut.array(k, nil, 0),
			newArray(arrow.PrimitiveTypes.Float64, k, 0, nil, shrink(qBuf, k*8)),
			newArray(arrow.PrimitiveTypes.Float64, k, 0, nil, shrink(pBuf, k*8)),
			newArray(arrow.PrimitiveTypes.Float64, k, 0, nil, shrink(dBuf, k*8)),
			newArray(arrow.PrimitiveTypes.Float64, k, 0, nil, shrink(cBuf, k*8))), nil
	}

	vq, vp, vd, vt := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	vf, vs, vship := validityOf(in.Column(8)), validityOf(in.Column(9)), validityOf(in.Column(10))
	var valid [6]*memory.Buffer
	var bitsOut [6][]uint64
	for c := range valid {
		valid[c], bitsOut[c] = allocBits(mem, n)
		clear(bitsOut[c])
	}
	for base := 0; base < n; base += 64 {
		end := min(base+64, n)
		ws := vship.word(base)
		start := k
		var m uint64
		for i := base; i < end; i++ {
			keep := b2u(sv[i] <= date19980902) & (ws >> (uint(i-base) & 63))
			m |= keep << (uint(i-base) & 63)
			keepI := int(keep)
			oq[k], op[k] = qv[i], pv[i]
			dp := pv[i] * (1 - dv[i])
			od[k], oc[k] = dp, dp*(1+tv[i])
			fPos += putBytes(fData, fPos, fRaw, fIn[i], fIn[i+1]) & -keepI
			sPos += putBytes(sData, sPos, sRaw, sIn[i], sIn[i+1]) & -keepI
			k += keepI
			fOffs[k], sOffs[k] = int32(fPos), int32(sPos)
		}
		if m == 0 {
			continue
		}
		c := newCompressor(m)
		wp, wd := vp.word(base), vd.word(base)
		wpd := wp & wd
		deposit(bitsOut[0], start, c.apply(vf.word(base)))
		deposit(bitsOut[1], start, c.apply(vs.word(base)))
		deposit(bitsOut[2], start, c.apply(vq.word(base)))
		deposit(bitsOut[3], start, c.apply(wp))
		deposit(bitsOut[4], start, c.apply(wpd))
		deposit(bitsOut[5], start, c.apply(wpd&vt.word(base)))
	}
	fOut.pos, sOut.pos = fPos, sPos
	var nulls [6]int
	for c := range valid {
		valid[c], nulls[c] = finishValidity(valid[c], bitsOut[c][:words(k)], k)
	}
	return newBatch(q1Schema, k,
		fOut.array(k, valid[0], nulls[0]), sOut.array(k, valid[1], nulls[1]),
		newArray(arrow.PrimitiveTypes.Float64, k, nulls[2], valid[2], shrink(qBuf, k*8)),
		newArray(arrow.PrimitiveTypes.Float64, k, nulls[3], valid[3], shrink(pBuf, k*8)),
		newArray(arrow.PrimitiveTypes.Float64, k, nulls[4], valid[4], shrink(dBuf, k*8)),
		newArray(arrow.PrimitiveTypes.Float64, k, nulls[5], valid[5], shrink(cBuf, k*8))), nil
}

// shrink sets buf's length to size bytes (no reallocation) and returns it.
func shrink(buf *memory.Buffer, size int) *memory.Buffer {
	buf.ResizeNoShrink(size)
	return buf
}

// HandQ1NoWhere is Q1Projection without the WHERE: the four columns it passes
// through are the input arrays themselves (zero copy), and disc_price and
// charge come from one loop. With NULLs the loop runs 64 rows at a time and
// writes each block's validity words, ANDed from the inputs' (l_extendedprice
// and l_discount for disc_price, and l_tax for charge); values are computed on
// NULL rows too, where they are harmless.
func HandQ1NoWhere(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q1NoWhere: %w", err)
	}
	n := int(in.NumRows())
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	tv := in.Column(7).(*array.Float64).Float64Values()[:n]
	dBuf, od := allocF64(mem, n)
	cBuf, oc := allocF64(mem, n)
	od, oc = od[:len(pv)], oc[:len(pv)]
	dv, tv = dv[:len(pv)], tv[:len(pv)]
	var dValid, cValid *memory.Buffer
	var dNulls, cNulls int
	if in.Column(5).NullN()+in.Column(6).NullN()+in.Column(7).NullN() == 0 {
		for i, p := range pv {
			dp := p * (1 - dv[i])
			od[i] = dp
			oc[i] = dp * (1 + tv[i])
		}
	} else {
		vp, vd, vt := validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
		var dw, cw []uint64
		dValid, dw = allocBits(mem, n)
		cValid, cw = allocBits(mem, n)
		for w := range dw {
			base := w * 64
			end := min(base+64, n)
			pb, db, tb := pv[base:end], dv[base:end], tv[base:end]
			odb, ocb := od[base:end], oc[base:end]
			db, tb, odb, ocb = db[:len(pb)], tb[:len(pb)], odb[:len(pb)], ocb[:len(pb)]
			for j, p := range pb {
				dp := p * (1 - db[j])
				odb[j] = dp
				ocb[j] = dp * (1 + tb[j])
			}
			wpd := vp.word(base) & vd.word(base)
			dw[w] = wpd
			cw[w] = wpd & vt.word(base)
		}
		dValid, dNulls = finishValidity(dValid, dw, n)
		cValid, cNulls = finishValidity(cValid, cw, n)
	}
	return newBatch(q1Schema, n,
		passThrough(in.Column(8)), passThrough(in.Column(9)), passThrough(in.Column(4)), passThrough(in.Column(5)),
		newArray(arrow.PrimitiveTypes.Float64, n, dNulls, dValid, dBuf),
		newArray(arrow.PrimitiveTypes.Float64, n, cNulls, cValid, cBuf)), nil
}
