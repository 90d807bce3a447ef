package bench

import (
	"context"
	"math/big"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	benchq "github.com/exprc/exprc/generated/bench"
)

// exactCharge computes Q1's money for row i of a lineitem_dec batch another
// way, with math/big from the decimal texts: disc_price at scale 4 and
// charge at scale 6, as unscaled integers, and whether each is NULL.
func exactCharge(p, d, t *array.Decimal128, i int) (disc, charge *big.Int, null, cnull bool) {
	if p.IsNull(i) || d.IsNull(i) {
		return nil, nil, true, true
	}
	one := big.NewInt(100) // 1 at scale 2
	disc = new(big.Int).Mul(p.Value(i).BigInt(), new(big.Int).Sub(one, d.Value(i).BigInt()))
	if t.IsNull(i) {
		return disc, nil, false, true
	}
	charge = new(big.Int).Mul(disc, new(big.Int).Add(one, t.Value(i).BigInt()))
	return disc, charge, false, false
}

// TestQ1ChargeDecimalExact checks the generated DECIMAL Q1 money, and the
// hand-written loop, against math/big on a million generated rows (with
// NULLs), and the interpreter on a slice of them: every value exact, to the
// last digit of DECIMAL(38,6).
func TestQ1ChargeDecimalExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	mem := memory.NewGoAllocator()
	in := LineitemDecimal(mem, n, true, 20240101)
	defer in.Release()
	interp, err := Interpreted("Q1ChargeDecimal")
	if err != nil {
		t.Fatal(err)
	}
	slice := in.NewSlice(0, 20_000)
	defer slice.Release()
	for _, c := range []struct {
		name string
		fn   Evaluator
		in   arrow.RecordBatch
	}{
		{"generated", benchq.Q1ChargeDecimal, in},
		{"hand-written", HandQ1ChargeDecimal, in},
		{"interpreter", interp, slice},
	} {
		out, err := c.fn(context.Background(), c.in, mem)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p, d, tx := c.in.Column(5).(*array.Decimal128), c.in.Column(6).(*array.Decimal128), c.in.Column(7).(*array.Decimal128)
		od, oc := out.Column(0).(*array.Decimal128), out.Column(1).(*array.Decimal128)
		if !arrow.TypeEqual(od.DataType(), discPriceType) || !arrow.TypeEqual(oc.DataType(), chargeType) {
			t.Fatalf("%s: output types %s, %s", c.name, od.DataType(), oc.DataType())
		}
		checked := 0
		for i := 0; i < int(c.in.NumRows()); i++ {
			disc, charge, dnull, cnull := exactCharge(p, d, tx, i)
			if od.IsNull(i) != dnull || oc.IsNull(i) != cnull {
				t.Fatalf("%s row %d: NULLs %v %v, want %v %v", c.name, i, od.IsNull(i), oc.IsNull(i), dnull, cnull)
			}
			if !dnull && od.Value(i).BigInt().Cmp(disc) != 0 {
				t.Fatalf("%s row %d: disc_price %s, want %s (scale 4)", c.name, i, od.Value(i).BigInt(), disc)
			}
			if !cnull {
				if oc.Value(i).BigInt().Cmp(charge) != 0 {
					t.Fatalf("%s row %d: charge %s, want %s (scale 6)", c.name, i, oc.Value(i).BigInt(), charge)
				}
				checked++
			}
		}
		if checked < int(c.in.NumRows())/2 {
			t.Fatalf("%s: only %d charges checked", c.name, checked)
		}
		out.Release()
	}
}

// BenchmarkQ1Decimal measures TPC-H Q1's money in DOUBLE (Q1Charge over
// lineitem) and in DECIMAL(15,2) (Q1ChargeDecimal over lineitem_dec) with the
// same generated code, and the hand-written int64 loop over the decimal128
// buffers, side by side, with and without NULLs:
//
//	go test ./bench -run '^$' -bench Q1Decimal -benchmem -count 5
func BenchmarkQ1Decimal(b *testing.B) {
	benchDecimalTwins(b, []twin{
		{"double-generated", benchq.Q1Charge, false},
		{"decimal-generated", benchq.Q1ChargeDecimal, true},
		{"decimal-hand", HandQ1ChargeDecimal, true},
	})
}

func sizeName(rows int) string {
	if rows >= 1<<20 {
		return "rows=1M"
	}
	return "rows=64K"
}

// TestQ6FilterDecimalExact checks the generated DECIMAL Q6, the hand-written
// loop and the interpreter against math/big: the rows the WHERE keeps
// (decided on the exact decimals) and each revenue, exact at scale 4.
func TestQ6FilterDecimalExact(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	mem := memory.NewGoAllocator()
	in := LineitemDecimal(mem, n, true, 20240101)
	defer in.Release()
	interp, err := Interpreted("Q6FilterDecimal")
	if err != nil {
		t.Fatal(err)
	}
	slice := in.NewSlice(0, 50_000)
	defer slice.Release()
	for _, c := range []struct {
		name string
		fn   Evaluator
		in   arrow.RecordBatch
	}{
		{"generated", benchq.Q6FilterDecimal, in},
		{"hand-written", HandQ6FilterDecimal, in},
		{"interpreter", interp, slice},
	} {
		out, err := c.fn(context.Background(), c.in, mem)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		q, p, d := c.in.Column(4).(*array.Decimal128), c.in.Column(5).(*array.Decimal128), c.in.Column(6).(*array.Decimal128)
		ship := c.in.Column(10).(*array.Date32)
		rev := out.Column(0).(*array.Decimal128)
		if !arrow.TypeEqual(rev.DataType(), revenueType) {
			t.Fatalf("%s: output type %s", c.name, rev.DataType())
		}
		k := 0
		for i := 0; i < int(c.in.NumRows()); i++ {
			if q.IsNull(i) || d.IsNull(i) || ship.IsNull(i) {
				continue
			}
			dv := d.Value(i).BigInt()
			day := int(ship.Value(i))
			if day < date19940101 || day >= date19950101 || dv.Cmp(big.NewInt(5)) < 0 || dv.Cmp(big.NewInt(7)) > 0 || q.Value(i).BigInt().Cmp(big.NewInt(2400)) >= 0 {
				continue
			}
			if k >= rev.Len() {
				t.Fatalf("%s: %d rows, want more", c.name, rev.Len())
			}
			switch {
			case p.IsNull(i) != rev.IsNull(k):
				t.Fatalf("%s row %d (output %d): NULL %v, want %v", c.name, i, k, rev.IsNull(k), p.IsNull(i))
			case !p.IsNull(i) && rev.Value(k).BigInt().Cmp(new(big.Int).Mul(p.Value(i).BigInt(), dv)) != 0:
				t.Fatalf("%s row %d: revenue %s, want %s (scale 4)", c.name, i, rev.Value(k).BigInt(), new(big.Int).Mul(p.Value(i).BigInt(), dv))
			}
			k++
		}
		if k != rev.Len() || k < int(c.in.NumRows())/100 {
			t.Fatalf("%s: %d rows, want %d (of %d)", c.name, rev.Len(), k, c.in.NumRows())
		}
		out.Release()
	}
}

// BenchmarkQ6Decimal is BenchmarkQ1Decimal for TPC-H Q6's filter and revenue:
// DOUBLE (Q6Filter over lineitem) and DECIMAL(15,2) (Q6FilterDecimal over
// lineitem_dec) with the same generated code, and the hand-written loop:
//
//	go test ./bench -run '^$' -bench Q6Decimal -benchmem -count 5
func BenchmarkQ6Decimal(b *testing.B) {
	benchDecimalTwins(b, []twin{
		{"double-generated", benchq.Q6Filter, false},
		{"decimal-generated", benchq.Q6FilterDecimal, true},
		{"decimal-hand", HandQ6FilterDecimal, true},
	})
}

// twin is one implementation of a DOUBLE/DECIMAL benchmark pair: its
// evaluator, and whether it reads lineitem_dec.
type twin struct {
	name    string
	fn      Evaluator
	decimal bool
}

// benchDecimalTwins times each twin over lineitem or lineitem_dec of 64K and
// 1M rows, with and without NULLs, reporting ns/row.
func benchDecimalTwins(b *testing.B, twins []twin) {
	mem := memory.NewGoAllocator()
	for _, rows := range []int{64 << 10, 1 << 20} {
		for _, nulls := range []bool{false, true} {
			dbl := Lineitem(mem, rows, nulls, 20240101)
			dec := LineitemDecimal(mem, rows, nulls, 20240101)
			for _, c := range twins {
				in := dbl
				if c.decimal {
					in = dec
				}
				b.Run(sizeName(rows)+"/nulls="+map[bool]string{false: "none", true: "10%"}[nulls]+"/"+c.name, func(b *testing.B) {
					for b.Loop() {
						out, err := c.fn(context.Background(), in, mem)
						if err != nil {
							b.Fatal(err)
						}
						out.Release()
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rows), "ns/row")
				})
			}
			dbl.Release()
			dec.Release()
		}
	}
}
