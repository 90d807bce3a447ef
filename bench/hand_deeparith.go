package bench

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

var deepArithSchema = arrow.NewSchema([]arrow.Field{
	{Name: "score", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
}, nil)

// deepArithText is the SQL of DeepArith's column.
const deepArithText = "((l_extendedprice * (1 - l_discount) * (1 + l_tax) - l_quantity * 0.5) / (l_quantity + 1)\n" +
	"        + (l_tax - l_discount) * 100 - l_extendedprice / 1000) * 1.07\n" +
	"       + (l_quantity - 25) * (l_quantity - 25) / 50 - l_discount * l_tax * 3\n" +
	"       + (l_extendedprice - l_quantity * 900) / (l_tax + 2)"

// deepArith is DeepArith's expression on one row, in SQL's order of
// operations (IEEE results are bit for bit the generated code's), with its
// two column divisors.
func deepArith(p, d, t, q, d1, d2 float64) float64 {
	diff := q - 25
	return ((((((p*(1-d))*(1+t)-q*0.5)/d1+(t-d)*100)-p/1000)*1.07 + (diff*diff)/50) - (d*t)*3) + (p-q*900)/d2
}

// HandDeepArith is DeepArith by hand: the 27 operators of each row in
// registers, one pass. The two divisors that are columns, l_quantity + 1 and
// l_tax + 2, raise DIVIDE_BY_ZERO when 0 (the constant divisors cannot be
// 0): their zero tests are ORed into one flag, without a branch, and only
// when it is set are the rows searched for the first failing one. Without
// NULLs that is one flag for the batch; with NULLs the rows go 64 at a time
// and the flag is checked against the block's validity word, since a NULL in
// any of the four columns makes the row NULL (NULL wins over the error).
// Values are computed on NULL rows too: DOUBLE arithmetic cannot fail or trap
// there. The loop is bound by the divider (four DIVSD a row), as the
// generated code's is.
func HandDeepArith(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, LineitemSchema, 0); err != nil {
		return nil, fmt.Errorf("query DeepArith: %w", err)
	}
	n := int(in.NumRows())
	qv := in.Column(4).(*array.Float64).Float64Values()[:n]
	pv := in.Column(5).(*array.Float64).Float64Values()[:n]
	dv := in.Column(6).(*array.Float64).Float64Values()[:n]
	tv := in.Column(7).(*array.Float64).Float64Values()[:n]
	vq, vp, vd, vt := validityOf(in.Column(4)), validityOf(in.Column(5)), validityOf(in.Column(6)), validityOf(in.Column(7))
	buf, out := allocF64(mem, n)
	nullable := vq.b != nil || vp.b != nil || vd.b != nil || vt.b != nil
	divByZero := func(row int) error {
		buf.Release()
		return queryError(row, "score", deepArithText, rt.ErrDivideByZero)
	}
	if !nullable {
		qv, dv, tv, out = qv[:len(pv)], dv[:len(pv)], tv[:len(pv)], out[:len(pv)]
		zero := uint64(0)
		for i, p := range pv {
			t, q := tv[i], qv[i]
			d1, d2 := q+1, t+2
			zero |= b2u(d1 == 0) | b2u(d2 == 0)
			out[i] = deepArith(p, dv[i], t, q, d1, d2)
		}
		if zero != 0 { // the first row whose divisor is 0
			for i, q := range qv {
				if q+1 == 0 || tv[i]+2 == 0 {
					return nil, divByZero(i)
				}
			}
		}
		return newBatch(deepArithSchema, n, newArray(arrow.PrimitiveTypes.Float64, n, 0, nil, buf)), nil
	}

	valid, vw := allocBits(mem, n)
	for base := 0; base < n; base += 64 {
		end := min(base+64, n)
		pb := pv[base:end]
		db, tb, qb, ob := dv[base:end], tv[base:end], qv[base:end], out[base:end]
		db, tb, qb, ob = db[:len(pb)], tb[:len(pb)], qb[:len(pb)], ob[:len(pb)]
		zero := uint64(0)
		for j, p := range pb {
			t, q := tb[j], qb[j]
			d1, d2 := q+1, t+2
			zero |= b2u(d1 == 0) | b2u(d2 == 0)
			ob[j] = deepArith(p, db[j], t, q, d1, d2)
		}
		w := vq.word(base) & vp.word(base) & vd.word(base) & vt.word(base)
		if zero != 0 {
			// the first row whose divisor is 0 and that has no NULL
			for j, q := range qb {
				if w>>j&1 != 0 && (q+1 == 0 || tb[j]+2 == 0) {
					valid.Release()
					return nil, divByZero(base + j)
				}
			}
		}
		vw[base>>6] = w
	}
	valid, nulls := finishValidity(valid, vw, n)
	return newBatch(deepArithSchema, n, newArray(arrow.PrimitiveTypes.Float64, n, nulls, valid, buf)), nil
}
