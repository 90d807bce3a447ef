package rt

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestDecimalSum checks the 192-bit sum against math/big over random values
// of random precisions, near the limits included, with prefix differences
// (Sub) and the overflow of Sum at each precision.
func TestDecimalSum(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 2000; trial++ {
		p := 1 + r.IntN(38)
		n := 1 + r.IntN(40)
		var sums []DecimalSum
		var refs []*big.Int
		var acc DecimalSum
		ref := new(big.Int)
		sums, refs = append(sums, acc), append(refs, new(big.Int))
		for range n {
			d := randDecimal(r, p)
			acc = acc.Add(d)
			ref = new(big.Int).Add(ref, d.big())
			sums, refs = append(sums, acc), append(refs, ref)
		}
		i, j := r.IntN(n+1), r.IntN(n+1)
		if i > j {
			i, j = j, i
		}
		got := sums[j].Sub(sums[i])
		want := new(big.Int).Sub(refs[j], refs[i])
		sp := min(p+r.IntN(11), MaxDecimalPrecision)
		v, err := got.Sum(sp)
		fits := new(big.Int).Abs(want).Cmp(pow10Big(sp)) < 0
		switch {
		case fits && (err != nil || v.big().Cmp(want) != 0):
			t.Fatalf("sum of [%d, %d) at %d digits: got %v %v, want %v", i, j, sp, v.big(), err, want)
		case !fits && err != ErrDecimalSumOverflow:
			t.Fatalf("sum of [%d, %d) = %v at %d digits: got %v, want ARITHMETIC_OVERFLOW", i, j, want, sp, err)
		}
	}
}

// TestDecimalAvg pins avg's rounding: the quotient HALF_UP at the result's
// scale, after its 38 significant digits.
func TestDecimalAvg(t *testing.T) {
	var s DecimalSum
	for _, v := range []int64{100, 250, 200} { // 1.00, 2.50, 2.00 at scale 2
		s = s.Add(DecimalFromInt64(v))
	}
	got, err := s.Avg(3, 2, 15, 6, 9)
	if err != nil || FormatDecimal(got, 6) != "1.833333" {
		t.Fatalf("avg(1.00, 2.50, 2.00) = %s %v, want 1.833333", FormatDecimal(got, 6), err)
	}
	s = DecimalSum{}.Add(DecimalFromInt64(-2))
	if got, err = s.Avg(3, 2, 15, 6, 9); err != nil || FormatDecimal(got, 6) != "-0.006667" {
		t.Fatalf("avg = %s %v, want -0.006667", FormatDecimal(got, 6), err)
	}
}

// TestDecimalBytes checks decimalBytes against Java's BigInteger.toByteArray
// rule (the fewest two's-complement bytes, bitLength / 8 + 1 of them) built
// on math/big, over random and boundary values.
func TestDecimalBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(-1), big.NewInt(127), big.NewInt(128), big.NewInt(-128), big.NewInt(-129),
		big.NewInt(255), big.NewInt(256), big.NewInt(-256), big.NewInt(-257)}
	for range 5000 {
		vals = append(vals, randDecimal(r, 1+r.IntN(38)).big())
	}
	for _, x := range vals {
		// Java's bitLength: of x for x >= 0, of -x - 1 for x < 0.
		m := new(big.Int).Set(x)
		if x.Sign() < 0 {
			m.Neg(m).Sub(m, big.NewInt(1))
		}
		n := m.BitLen()/8 + 1
		want := make([]byte, n)
		// two's complement of x in n bytes
		v := new(big.Int).Set(x)
		if v.Sign() < 0 {
			v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
		}
		v.FillBytes(want)
		if got := decimalBytes(decOf(x)); got != string(want) {
			t.Fatalf("decimalBytes(%v) = % x, want % x", x, got, want)
		}
	}
}

// TestDecimalComparisons checks the branch-free comparisons against math/big
// over random values of every width and the extremes of the 128-bit range
// (where the difference of the high words overflows).
func TestDecimalComparisons(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	extremes := []Decimal{{Lo: 0, Hi: -1 << 63}, {Lo: ^uint64(0), Hi: 1<<63 - 1}, {}, {Lo: 1}, {Lo: ^uint64(0), Hi: -1},
		{Lo: 1 << 63}, {Lo: 1<<63 - 1}, {Lo: 0, Hi: 1}, {Lo: ^uint64(0), Hi: 0}}
	pick := func() Decimal {
		if r.IntN(4) == 0 {
			return extremes[r.IntN(len(extremes))]
		}
		return randDecimal(r, 1+r.IntN(38))
	}
	for range 200000 {
		a, b := pick(), pick()
		c := a.big().Cmp(b.big())
		if LtDecimal(a, b) != (c < 0) || LeDecimal(a, b) != (c <= 0) || GtDecimal(a, b) != (c > 0) ||
			GeDecimal(a, b) != (c >= 0) || EqDecimal(a, b) != (c == 0) || NeDecimal(a, b) != (c != 0) || CompareDecimal(a, b) != c {
			t.Fatalf("%v vs %v: want Cmp %d", a, b, c)
		}
	}
}
