package bench

import (
	"context"
	"fmt"
	"math"
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

var nullHeavySchema = arrow.NewSchema([]arrow.Field{
	{Name: "disc_price", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "rate", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "keysum", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "big", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "signed_qty", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
}, nil)

// HandNullHeavy is NullHeavy by hand: one pass of 64-row blocks that
// computes every column on every row without a branch and takes each
// column's validity word from the inputs' words:
//
//   - disc_price: valid where l_extendedprice and l_discount are;
//   - rate = COALESCE(l_tax, 0.0) + l_discount: l_tax's bits masked to +0.0
//     where it is NULL; valid where l_discount is;
//   - keysum = l_partkey + l_suppkey: overflow bits collected per block and
//     tested against the block's validity word (a NULL operand wins over the
//     overflow); valid where both are;
//   - big = l_quantity > 25 (NaN is greater): value bits collected in a
//     register; valid where l_quantity is;
//   - signed_qty = IF(l_shipdate < l_commitdate, l_quantity, -l_quantity): a
//     NULL date makes the condition NULL, which takes -l_quantity; the sign is
//     flipped by XOR; valid where l_quantity is (both branches read it), the
//     same word as big's, so the two columns share one validity bitmap.
func HandNullHeavy(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query NullHeavy: %w", err)
	}
	n := int(in.NumRows())
	pkv := in.Column(1).(*array.Int64).Int64Values()[:n]
	skv := in.Column(2).(*array.Int64).Int64Values()[:n]
	qv := in.Column(4).(*array.Float64).Float64Values()[:n]
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	tv := in.Column(7).(*array.Float64).Float64Values()[:n]
	sv := in.Column(10).(*array.Date32).Date32Values()[:n]
	cv := in.Column(11).(*array.Date32).Date32Values()[:n]
	vpk, vsk, vq := validityOf(in.Column(1)), validityOf(in.Column(2)), validityOf(in.Column(4))
	vp, vd, vt := validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	vs, vc := validityOf(in.Column(10)), validityOf(in.Column(11))

	dBuf, od := allocF64(mem, n)
	rBuf, or := allocF64(mem, n)
	kBuf, ok := allocI64(mem, n)
	bBuf, ob := allocBits(mem, n)
	qBuf, oq := allocF64(mem, n)
	dValid, dw := allocBits(mem, n)
	rValid, rw := allocBits(mem, n)
	kValid, kw := allocBits(mem, n)
	qValid, qw := allocBits(mem, n)
	for w := range dw {
		base := w * 64
		end := min(base+64, n)
		wp, wd, wt, wq := vp.word(base), vd.word(base), vt.word(base), vq.word(base)
		wk := vpk.word(base) & vsk.word(base)
		wsc := vs.word(base) & vc.word(base)
		pb := pv[base:end]
		db, tb, qb, sb, cb := dv[base:end], tv[base:end], qv[base:end], sv[base:end], cv[base:end]
		pkb, skb := pkv[base:end], skv[base:end]
		odb, orb, okb, oqb := od[base:end], or[base:end], ok[base:end], oq[base:end]
		db, tb, qb, sb, cb = db[:len(pb)], tb[:len(pb)], qb[:len(pb)], sb[:len(pb)], cb[:len(pb)]
		pkb, skb = pkb[:len(pb)], skb[:len(pb)]
		odb, orb, okb, oqb = odb[:len(pb)], orb[:len(pb)], okb[:len(pb)], oqb[:len(pb)]
		var big, ovf uint64
		for j, p := range pb {
			s := uint(j) & 63
			d := db[j]
			odb[j] = p * (1 - d)
			orb[j] = math.Float64frombits(math.Float64bits(tb[j])&-(wt>>s&1)) + d
			a, b := pkb[j], skb[j]
			r := a + b
			okb[j] = r
			ovf |= uint64((r^a)&(r^b)) >> 63 << s
			q := qb[j]
			big |= b2u(gtNaN(q, 25)) << s
			lt := b2u(sb[j] < cb[j]) & (wsc >> s)
			oqb[j] = math.Float64frombits(math.Float64bits(q) ^ (lt^1)<<63)
		}
		if bad := ovf & wk & tailMask(end-base); bad != 0 {
			for _, b := range []*memory.Buffer{dBuf, rBuf, kBuf, bBuf, qBuf, dValid, rValid, kValid, qValid} {
				b.Release()
			}
			return nil, queryError(base+bits.TrailingZeros64(bad), "keysum", "l_partkey + l_suppkey", rt.ErrLongOverflow)
		}
		dw[w], rw[w], kw[w], qw[w] = wp&wd, wd, wk, wq
		ob[w] = big & wq
	}
	dValid, dNulls := finishValidity(dValid, dw, n)
	rValid, rNulls := finishValidity(rValid, rw, n)
	kValid, kNulls := finishValidity(kValid, kw, n)
	qValid, qNulls := finishValidity(qValid, qw, n)
	return newBatch(nullHeavySchema, n,
		newArray(arrow.PrimitiveTypes.Float64, n, dNulls, dValid, dBuf),
		newArray(arrow.PrimitiveTypes.Float64, n, rNulls, rValid, rBuf),
		newArray(arrow.PrimitiveTypes.Int64, n, kNulls, kValid, kBuf),
		newArray(arrow.FixedWidthTypes.Boolean, n, qNulls, shared(qValid), bBuf),
		newArray(arrow.PrimitiveTypes.Float64, n, qNulls, qValid, qBuf)), nil
}
