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

var errorGuardedSchema = arrow.NewSchema([]arrow.Field{
	{Name: "per_y", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "per_x", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "scaled", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
}, nil)

// scaleLimit is the largest |x * y| whose product with 10^15 fits in BIGINT
// (MaxInt64 / 10^15 = 9223.37...; the same bound holds for MinInt64).
const scaleLimit = 9223

// HandErrorGuarded is ErrorGuarded by hand: one pass of 64-row blocks in which
// nothing branches on the data. Each DIV divides by its divisor with 0
// replaced by 1 (the quotient of such a row is never used), and the rows where
// a DIV has no value are bits of the block's validity words rather than
// branches:
//
//   - per_y = CASE WHEN y <> 0 THEN a DIV y END: valid where y is valid and
//     not 0 (a NULL or zero y gives NULL, never an error); the one error left,
//     MIN DIV -1 (ARITHMETIC_OVERFLOW), is a bit tested once per block;
//   - per_x = TRY(a DIV x): valid where x is valid, not 0, and not -1 with a
//     MIN (TRY turns both errors into NULL);
//   - scaled = TRY(x * y * 10^15): x * y's overflow from the 128-bit product,
//     and the product times 10^15 overflows exactly when |x * y| > 9223;
//     valid where x and y are and neither overflows.
func HandErrorGuarded(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := checkInput(in, EventsSchema, 2); err != nil {
		return nil, fmt.Errorf("query ErrorGuarded: %w", err)
	}
	n := int(in.NumRows())
	xv := in.Column(0).(*array.Int64).Int64Values()[:n]
	yv := in.Column(1).(*array.Int64).Int64Values()[:n]
	av := in.Column(2).(*array.Int64).Int64Values()[:n]
	vx, vy := validityOf(in.Column(0)), validityOf(in.Column(1))

	yBuf, oy := allocI64(mem, n)
	xBuf, ox := allocI64(mem, n)
	sBuf, os := allocI64(mem, n)
	yValid, yw := allocBits(mem, n)
	xValid, xw := allocBits(mem, n)
	sValid, sw := allocBits(mem, n)
	for w := range yw {
		base := w * 64
		end := min(base+64, n)
		wx, wy := vx.word(base), vy.word(base)
		ab := av[base:end]
		xb, yb := xv[base:end], yv[base:end]
		oyb, oxb, osb := oy[base:end], ox[base:end], os[base:end]
		xb, yb, oyb, oxb, osb = xb[:len(ab)], yb[:len(ab)], oyb[:len(ab)], oxb[:len(ab)], osb[:len(ab)]
		var yOK, xOK, sOK, minY uint64
		for j, a := range ab {
			x, y := xb[j], yb[j]
			aMin := b2u(a == math.MinInt64)
			// per_y
			yNZ := b2u(y != 0)
			oyb[j] = a / (y | int64(yNZ^1))
			yOK |= yNZ << (j & 63)
			minY |= aMin & b2u(y == -1) << (j & 63)
			// per_x
			xNZ := b2u(x != 0)
			oxb[j] = a / (x | int64(xNZ^1))
			xOK |= (xNZ &^ (aMin & b2u(x == -1))) << (j & 63)
			// scaled
			hi, lo := bits.Mul64(uint64(x), uint64(y))
			p := int64(lo)
			fits := b2u(int64(hi)-x>>63&y-y>>63&x == p>>63)
			osb[j] = p * 1_000_000_000_000_000
			sOK |= (fits & b2u(uint64(p+scaleLimit) <= 2*scaleLimit)) << (j & 63)
		}
		if bad := minY & wy & tailMask(end-base); bad != 0 {
			for _, b := range []*memory.Buffer{yBuf, xBuf, sBuf, yValid, xValid, sValid} {
				b.Release()
			}
			return nil, queryError(base+bits.TrailingZeros64(bad), "per_y", "CASE WHEN y <> 0 THEN a DIV y END", rt.ErrIntegralDivide)
		}
		yw[w] = wy & yOK
		xw[w] = wx & xOK
		sw[w] = wx & wy & sOK
	}
	yValid, yNulls := finishValidity(yValid, yw, n)
	xValid, xNulls := finishValidity(xValid, xw, n)
	sValid, sNulls := finishValidity(sValid, sw, n)
	return newBatch(errorGuardedSchema, n,
		newArray(arrow.PrimitiveTypes.Int64, n, yNulls, yValid, yBuf),
		newArray(arrow.PrimitiveTypes.Int64, n, xNulls, xValid, xBuf),
		newArray(arrow.PrimitiveTypes.Int64, n, sNulls, sValid, sBuf)), nil
}
