package bench

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The DECIMAL twin of Q1's money (bench.sql's Q1ChargeDecimal over
// lineitem_dec, whose quantities and money are DECIMAL(15,2)): its data and
// the hand-written loop that is its limit.

var (
	decimal15x2 = &arrow.Decimal128Type{Precision: 15, Scale: 2}
	// discPriceType and chargeType are the result types of
	// price * (1 - discount) and of that * (1 + tax) on DECIMAL(15,2).
	discPriceType = &arrow.Decimal128Type{Precision: 32, Scale: 4}
	chargeType    = &arrow.Decimal128Type{Precision: 38, Scale: 6}
)

// LineitemDecSchema is the Arrow schema of table lineitem_dec in
// bench/tables.sql: LineitemSchema with DECIMAL(15,2) quantities and money.
var LineitemDecSchema = func() *arrow.Schema {
	fields := append([]arrow.Field(nil), LineitemSchema.Fields()...)
	for c := 4; c <= 7; c++ {
		fields[c].Type = decimal15x2
	}
	return arrow.NewSchema(fields, nil)
}()

// q1ChargeDecSchema is the output schema of Q1ChargeDecimal.
var q1ChargeDecSchema = arrow.NewSchema([]arrow.Field{
	{Name: "disc_price", Type: discPriceType, Nullable: true},
	{Name: "charge", Type: chargeType, Nullable: true},
}, nil)

// LineitemDecimal is Lineitem with its quantities and money as DECIMAL(15,2):
// the same rows, each DOUBLE rounded to its cents (Lineitem's are prices
// times small integers, which a double holds to within far less than a cent).
func LineitemDecimal(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	src := Lineitem(mem, n, withNulls, seed)
	defer src.Release()
	cols := make([]arrow.Array, src.NumCols())
	for c := range cols {
		col := src.Column(c)
		if c < 4 || c > 7 {
			col.Retain()
			cols[c] = col
			continue
		}
		f := col.(*array.Float64)
		b := array.NewDecimal128Builder(mem, decimal15x2)
		b.Reserve(n)
		for i := range n {
			if f.IsNull(i) {
				b.AppendNull()
				continue
			}
			b.Append(decimal128.FromI64(int64(math.Round(f.Value(i) * 100))))
		}
		cols[c] = b.NewArray()
		b.Release()
	}
	out := array.NewRecordBatch(LineitemDecSchema, cols, int64(n))
	for _, c := range cols {
		c.Release()
	}
	return out
}

// HandQ1ChargeDecimal is Q1ChargeDecimal by hand, in one pass over the
// decimal128 buffers. A DECIMAL(15,2) value always fits an int64, so the
// loop reads the low words only: disc_price = price * (100 - discount) at
// scale 4 and charge = disc_price * (100 + tax) at scale 6, each an exact
// 64x64->128-bit product (bits.Mul64), written as the output's two words.
// The second product needs its first factor to fit 64 bits, which holds for
// TPC-H data; a row where it does not (a price beyond 10^13 at a discount of
// -10^4, say) takes an exact math/big path, which also reports a charge
// beyond DECIMAL(38,6) as the query does. NULLs: an output is valid where
// all of its inputs are, 64 rows at a time.
func HandQ1ChargeDecimal(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemDecSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q1ChargeDecimal: %w", err)
	}
	n := int(in.NumRows())
	// the values' words, low then high: row i's value is word 2i
	pw, dw, tw := words128(in.Column(5), n), words128(in.Column(6), n), words128(in.Column(7), n)
	dBuf := allocBuf(mem, n*16)
	cBuf := allocBuf(mem, n*16)
	od, oc := asSlice[uint64](dBuf, 2*n), asSlice[uint64](cBuf, 2*n)
	od, oc, dw, tw = od[:len(pw)], oc[:len(pw)], dw[:len(pw)], tw[:len(pw)]
	for i := 0; i+1 < len(pw); i += 2 {
		p, f := pw[i], 100-dw[i]
		dhi, dlo := mul64(p, f)
		od[i], od[i+1] = dlo, dhi
		if dhi != uint64(int64(dlo)>>63) {
			hi, lo, err := chargeBig(p, f, tw[i])
			if err != nil {
				return nil, err
			}
			oc[i], oc[i+1] = lo, hi
			continue
		}
		chi, clo := mul64(int64(dlo), 100+tw[i])
		oc[i], oc[i+1] = clo, chi
	}
	vp, vd, vt := validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	var dValid, cValid *memory.Buffer
	var dNulls, cNulls int
	if vp.b != nil || vd.b != nil || vt.b != nil {
		var wd, wc []uint64
		dValid, wd = allocBits(mem, n)
		cValid, wc = allocBits(mem, n)
		for w := range wd {
			x := vp.word(64*w) & vd.word(64*w)
			wd[w], wc[w] = x, x&vt.word(64*w)
		}
		dValid, dNulls = finishValidity(dValid, wd, n)
		cValid, cNulls = finishValidity(cValid, wc, n)
	}
	return newBatch(q1ChargeDecSchema, n,
		newArray(discPriceType, n, dNulls, dValid, dBuf),
		newArray(chargeType, n, cNulls, cValid, cBuf)), nil
}

// words128 is the 2n words of a decimal128 column's n values, low word
// first: of precision at most 18, value i is the int64 at 2i.
func words128(a arrow.Array, n int) []int64 {
	if n == 0 {
		return nil
	}
	d := a.Data()
	all := asSliceBytes[int64](d.Buffers()[1].Bytes())
	return all[2*d.Offset() : 2*(d.Offset()+n)]
}

// asSliceBytes views b as values of T.
func asSliceBytes[T any](b []byte) []T {
	buf := memory.NewBufferBytes(b)
	return asSlice[T](buf, len(b)/8)
}

// mul64 is the exact product of two int64s as a two's-complement 128-bit
// value (high, low).
func mul64(x, y int64) (uint64, uint64) {
	hi, lo := bits.Mul64(uint64(x), uint64(y))
	// signed correction of the unsigned product
	if x < 0 {
		hi -= uint64(y)
	}
	if y < 0 {
		hi -= uint64(x)
	}
	return hi, lo
}

// chargeBig is charge = p * f * (100 + t) at scale 6 with math/big, for a
// row whose discounted price does not fit 64 bits.
func chargeBig(p, f, t int64) (uint64, uint64, error) {
	x := new(big.Int).Mul(big.NewInt(p), big.NewInt(f))
	x.Mul(x, big.NewInt(100+t))
	lim := new(big.Int).Exp(big.NewInt(10), big.NewInt(38), nil)
	if new(big.Int).Abs(x).Cmp(lim) >= 0 {
		return 0, 0, fmt.Errorf("query Q1ChargeDecimal: NUMERIC_VALUE_OUT_OF_RANGE in charge")
	}
	v := decimal128.FromBigInt(x)
	return uint64(v.HighBits()), v.LowBits(), nil
}

// revenueType is the type of Q6's price * discount on DECIMAL(15,2).
var revenueType = &arrow.Decimal128Type{Precision: 31, Scale: 4}

var q6DecSchema = arrow.NewSchema([]arrow.Field{{Name: "revenue", Type: revenueType, Nullable: true}}, nil)

// HandQ6FilterDecimal is Q6FilterDecimal by hand, HandQ6Filter's loop on the
// low words of the DECIMAL(15,2) columns (each value fits an int64): the
// conjuncts on the unscaled values (0.05 is 5, 24 is 2400) without branches,
// and every row's revenue, the exact 64x64->128-bit product at scale 4,
// written as two words at the next output position, which advances only for
// a row that passes. NULLs as in HandQ6Filter.
func HandQ6FilterDecimal(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemDecSchema, 0); err != nil {
		return nil, fmt.Errorf("query Q6FilterDecimal: %w", err)
	}
	n := int(in.NumRows())
	qw, pw, dw := words128(in.Column(4), n), words128(in.Column(5), n), words128(in.Column(6), n)
	sv := in.Column(10).(*array.Date32).Date32Values()[:n]
	qw, pw, dw = qw[:2*n], pw[:2*n], dw[:2*n]

	capacity := n/32 + 64 // Q6 keeps about 2% of lineitem
	buf := allocBuf(mem, capacity*16)
	o := asSlice[uint64](buf, 2*capacity)
	room := func(k int) {
		if 2*(k+64) > len(o) {
			size := max(len(o), 2*(k+64))
			buf.Resize(size * 8)
			o = asSlice[uint64](buf, size)
		}
	}
	k := 0
	var valid *memory.Buffer
	nulls := 0
	if in.Column(4).NullN()+in.Column(5).NullN()+in.Column(6).NullN()+in.Column(10).NullN() == 0 {
		for base := 0; base < n; base += 64 {
			end := min(base+64, n)
			room(k)
			for i := base; i < end; i++ {
				d := dw[2*i]
				keep := b2u(uint32(sv[i]-date19940101) < date19950101-date19940101) &
					b2u(d >= 5) & b2u(d <= 7) & b2u(qw[2*i] < 2400)
				o[2*k+1], o[2*k] = mul64(pw[2*i], d)
				k += int(keep)
			}
		}
	} else {
		vq, vp, vd, vs := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(10))
		var bits []uint64
		valid, bits = allocBits(mem, n)
		clear(bits)
		for base := 0; base < n; base += 64 {
			end := min(base+64, n)
			room(k)
			w := vq.word(base) & vd.word(base) & vs.word(base)
			start := k
			var m uint64
			for i := base; i < end; i++ {
				d := dw[2*i]
				keep := b2u(uint32(sv[i]-date19940101) < date19950101-date19940101) &
					b2u(d >= 5) & b2u(d <= 7) & b2u(qw[2*i] < 2400) & (w >> (uint(i-base) & 63))
				m |= keep << (uint(i-base) & 63)
				o[2*k+1], o[2*k] = mul64(pw[2*i], d)
				k += int(keep)
			}
			if m != 0 {
				c := newCompressor(m)
				deposit(bits, start, c.apply(vp.word(base)))
			}
		}
		valid, nulls = finishValidity(valid, bits[:words(k)], k)
	}
	return newBatch(q6DecSchema, k, newArray(revenueType, k, nulls, valid, shrink(buf, k*16))), nil
}
