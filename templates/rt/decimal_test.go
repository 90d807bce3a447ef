package rt

import (
	"math/big"
	oldrand "math/rand"
	"math/rand/v2"
	"strings"
	"testing"
)

// ratOf is the exact value of unscaled d at scale s.
func ratOf(d Decimal, s int) *big.Rat {
	return new(big.Rat).SetFrac(d.big(), pow10Big(s))
}

// refRound rounds r HALF_UP (away from zero on a tie) to scale s, as an
// unscaled integer.
func refRound(r *big.Rat, s int) *big.Int {
	x := new(big.Rat).Mul(r, new(big.Rat).SetInt(pow10Big(s)))
	neg := x.Sign() < 0
	x.Abs(x)
	x.Add(x, big.NewRat(1, 2))
	q := new(big.Int).Quo(x.Num(), x.Denom())
	if neg {
		q.Neg(q)
	}
	return q
}

// refRound38 rounds r HALF_UP to 38 significant digits, as Spark's
// MathContext(38, HALF_UP).
func refRound38(r *big.Rat) *big.Rat {
	if r.Sign() == 0 {
		return r
	}
	a := new(big.Rat).Abs(r)
	// e: the number of digits of the integer part (can be <= 0)
	e := 0
	one := big.NewRat(1, 1)
	ten := big.NewRat(10, 1)
	t := new(big.Rat).Set(a)
	for t.Cmp(one) >= 0 {
		t.Quo(t, ten)
		e++
	}
	for t.Cmp(big.NewRat(1, 10)) < 0 {
		t.Mul(t, ten)
		e--
	}
	s := 38 - e
	var q *big.Int
	if s >= 0 {
		q = refRound(r, s)
		return new(big.Rat).SetFrac(q, pow10Big(s))
	}
	x := new(big.Rat).Quo(r, new(big.Rat).SetInt(pow10Big(-s)))
	q = refRound(x, 0)
	return new(big.Rat).SetInt(q.Mul(q, pow10Big(-s)))
}

// refFinish is the reference result: unscaled value at s, or false when it
// has more than p digits.
func refFinish(r *big.Rat, s, p int) (*big.Int, bool) {
	q := refRound(r, s)
	return q, new(big.Int).Abs(q).Cmp(pow10Big(p)) < 0
}

func decOf(x *big.Int) Decimal {
	neg := x.Sign() < 0
	a := new(big.Int).Abs(x)
	return fromMag(u128{new(big.Int).Rsh(a, 64).Uint64(), a.Uint64()}, neg)
}

// randDecimal draws an unscaled value of at most p digits, often near the
// limits and small.
func randDecimal(r *rand.Rand, p int) Decimal {
	var x *big.Int
	switch r.IntN(4) {
	case 0:
		x = big.NewInt(r.Int64N(1000))
		x.Rem(x, pow10Big(p))
	case 1: // near the limit
		x = new(big.Int).Sub(pow10Big(p), big.NewInt(r.Int64N(3)+1))
	default:
		x = new(big.Int).Rand(oldrand.New(oldrand.NewSource(r.Int64())), pow10Big(p))
	}
	if r.IntN(2) == 0 {
		x.Neg(x)
	}
	return decOf(x)
}

// TestDecimalArithmeticAgainstRationals checks every arithmetic kernel, on
// random operands of random types, against exact rational arithmetic with
// Spark's rounding.
func TestDecimalArithmeticAgainstRationals(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 60000; i++ {
		pa, pb := 1+r.IntN(38), 1+r.IntN(38)
		if r.IntN(3) > 0 { // mostly the 64-bit fast paths
			pa, pb = 1+r.IntN(18), 1+r.IntN(18)
		}
		sa, sb := r.IntN(pa+1), r.IntN(pb+1)
		a, b := randDecimal(r, pa), randDecimal(r, pb)
		ra, rb := ratOf(a, sa), ratOf(b, sb)
		p, s := 1+r.IntN(38), 0
		s = r.IntN(p + 1)
		op := r.IntN(5)
		var got Decimal
		var err *Error
		var want *big.Rat
		switch op {
		case 0:
			got, err = AddDecimal(a, b, sa, sb, s, p)
			want = new(big.Rat).Add(ra, rb)
		case 1:
			got, err = SubtractDecimal(a, b, sa, sb, s, p)
			want = new(big.Rat).Sub(ra, rb)
		case 2:
			got, err = MultiplyDecimal(a, b, sa, sb, s, p)
			want = refRound38(new(big.Rat).Mul(ra, rb))
		case 3:
			if rb.Sign() == 0 {
				continue
			}
			got, err = DivideDecimal(a, b, sa, sb, s, p)
			want = refRound38(new(big.Rat).Quo(ra, rb))
		case 4:
			if rb.Sign() == 0 {
				continue
			}
			s = max(sa, sb)
			p = min(pa-sa, pb-sb) + s
			got, err = RemainderDecimal(a, b, sa, sb, s, p)
			// truncated division's remainder
			q := new(big.Rat).Quo(ra, rb)
			qi := new(big.Int).Quo(q.Num(), q.Denom())
			want = new(big.Rat).Sub(ra, new(big.Rat).Mul(new(big.Rat).SetInt(qi), rb))
		}
		wantV, ok := refFinish(want, s, p)
		name := []string{"+", "-", "*", "/", "%"}[op]
		if !ok {
			if err == nil || err.Class != NumericValueOutOfRange {
				t.Fatalf("%s %s(%d,%d) %s %s(%d,%d) -> DECIMAL(%d,%d): got %s, want NUMERIC_VALUE_OUT_OF_RANGE",
					FormatDecimal(a, sa), "", pa, sa, name, FormatDecimal(b, sb), pb, sb, p, s, FormatDecimal(got, s))
			}
			continue
		}
		if err != nil || CompareDecimal(got, decOf(wantV)) != 0 {
			t.Fatalf("%s (%d,%d) %s %s (%d,%d) -> DECIMAL(%d,%d): got %s %v, want %s",
				FormatDecimal(a, sa), pa, sa, name, FormatDecimal(b, sb), pb, sb, p, s, FormatDecimal(got, s), err,
				FormatDecimal(decOf(wantV), s))
		}
	}
}

// TestDecimalDivideDoubleRounding pins Spark's two roundings of a quotient:
// 38 significant digits first, then the result's scale.
func TestDecimalDivideDoubleRounding(t *testing.T) {
	// 1 / 3 at scale 6: 0.333333
	got, err := DivideDecimal(DecimalFromInt64(1), DecimalFromInt64(3), 0, 0, 6, 38)
	if err != nil || FormatDecimal(got, 6) != "0.333333" {
		t.Fatalf("1/3 = %s %v", FormatDecimal(got, 6), err)
	}
	// 2 / 3 at scale 6: 0.666667 (HALF_UP)
	got, _ = DivideDecimal(DecimalFromInt64(2), DecimalFromInt64(3), 0, 0, 6, 38)
	if FormatDecimal(got, 6) != "0.666667" {
		t.Fatalf("2/3 = %s", FormatDecimal(got, 6))
	}
	// -1 / 8 at scale 2: -0.125 -> -0.13 (away from zero)
	got, _ = DivideDecimal(DecimalFromInt64(-1), DecimalFromInt64(8), 0, 0, 2, 10)
	if FormatDecimal(got, 2) != "-0.13" {
		t.Fatalf("-1/8 = %s", FormatDecimal(got, 2))
	}
}

func TestDecimalCasts(t *testing.T) {
	for _, c := range []struct {
		in   string
		p, s int
		want string // or the error class
	}{
		{"1.5", 2, 1, "1.5"},
		{" -1.25 ", 3, 1, "-1.3"},
		{"1.24999", 3, 1, "1.2"},
		{"0.05", 2, 1, "0.1"},
		{"-0.04", 2, 1, "0.0"},
		{"1e3", 5, 0, "1000"},
		{"1E-2", 3, 2, "0.01"},
		{"+.5", 1, 0, "1"},
		{"5.", 1, 0, "5"},
		{"99.95", 4, 2, "99.95"},
		{"99.95", 3, 1, NumericValueOutOfRange},
		{"123", 2, 0, NumericValueOutOfRange},
		{"1e100", 38, 0, NumericValueOutOfRange},
		{"1e-100", 38, 10, "0.0000000000"},
		{"0e30", 5, 2, "0.00"},
		{"-0e30", 38, 10, "0.0000000000"},
		{"0e38", 5, 2, NumericValueOutOfRange},
		{"0.000e-5", 5, 2, "0.00"},
		{"abc", 5, 2, CastInvalidInput},
		{"1.2.3", 5, 2, CastInvalidInput},
		{"", 5, 2, CastInvalidInput},
		{"1e", 5, 2, CastInvalidInput},
		{".", 5, 2, CastInvalidInput},
		{"12345678901234567890123456789012345678", 38, 0, "12345678901234567890123456789012345678"},
		{"-99999999999999999999999999999999999999", 38, 0, "-99999999999999999999999999999999999999"},
		{"100000000000000000000000000000000000000", 38, 0, NumericValueOutOfRange},
	} {
		got, err := CastStringToDecimal(c.in, c.s, c.p)
		var g string
		if err != nil {
			g = err.Class
		} else {
			g = FormatDecimal(got, c.s)
		}
		if g != c.want {
			t.Errorf("CAST(%q AS DECIMAL(%d,%d)) = %s, want %s", c.in, c.p, c.s, g, c.want)
		}
	}
	for _, c := range []struct {
		f    float64
		p, s int
		want string
	}{
		{0.1, 10, 5, "0.10000"},
		{1.005, 10, 2, "1.01"}, // Double.toString(1.005) is "1.005": HALF_UP gives 1.01
		{-2.5, 5, 0, "-3"},
		{1e20, 38, 0, "100000000000000000000"},
		{1e20, 20, 0, NumericValueOutOfRange},
		{123.456, 5, 2, "123.46"},
	} {
		got, err := CastFloat64ToDecimal(c.f, c.s, c.p)
		g := ""
		if err != nil {
			g = err.Class
		} else {
			g = FormatDecimal(got, c.s)
		}
		if g != c.want {
			t.Errorf("CAST(%v AS DECIMAL(%d,%d)) = %s, want %s", c.f, c.p, c.s, g, c.want)
		}
	}
	d, _ := CastStringToDecimal("-12345.678", 3, 10)
	if v, err := CastDecimalToInt64(d, 3, 10); err != nil || v != -12345 {
		t.Errorf("to BIGINT: %d %v", v, err)
	}
	if f := CastDecimalToFloat64(d, 3); f != -12345.678 {
		t.Errorf("to DOUBLE: %v", f)
	}
	big38, _ := CastStringToDecimal("12345678901234567890123", 0, 38)
	if _, err := CastDecimalToInt64(big38, 0, 38); err == nil || err.Class != CastOverflow ||
		!strings.Contains(err.Message(), "12345678901234567890123BD") {
		t.Errorf("overflow: %v", err)
	}
	if _, err := CastDecimalToInt32(d, 3, 10); err != nil {
		t.Errorf("to INT: %v", err)
	}
	if got := FormatDecimal(DecimalFromInt64(-5), 3); got != "-0.005" {
		t.Errorf("format: %s", got)
	}
}

func TestDecimalRounding(t *testing.T) {
	dec := func(s string, scale int) Decimal {
		v, err := CastStringToDecimal(s, scale, 38)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct {
		in      string
		s, d, p int
		even    bool
		want    string
	}{
		{"2.5", 1, 0, 3, false, "3"},
		{"-2.5", 1, 0, 3, false, "-3"},
		{"2.5", 1, 0, 3, true, "2"},
		{"3.5", 1, 0, 3, true, "4"},
		{"-0.125", 3, 2, 5, false, "-0.13"},
		{"-0.125", 3, 2, 5, true, "-0.12"},
		{"1234.5", 1, -2, 6, false, "1200"},
		{"1250", 0, -2, 6, false, "1300"},
		{"1250", 0, -2, 6, true, "1200"},
		{"-49", 0, -2, 6, false, "0"},
		{"9.99", 2, 1, 3, false, "10.0"},
		{"99999999999999999999999999999999999999", 0, -1, 38, false, NumericValueOutOfRange},
		{"0.00000000000000000000000000000000000005", 38, 0, 1, false, "0"},
		{"12.34", 2, 5, 5, false, "12.34"},
	} {
		var got Decimal
		var err *Error
		if c.even {
			got, err = BroundDecimal(dec(c.in, c.s), c.s, c.d, c.p)
		} else {
			got, err = RoundDecimal(dec(c.in, c.s), c.s, c.d, c.p)
		}
		g := ""
		if err != nil {
			g = err.Class
		} else {
			g = FormatDecimal(got, min(max(c.d, 0), c.s))
		}
		if g != c.want {
			t.Errorf("round(%s, %d) even=%v = %s, want %s", c.in, c.d, c.even, g, c.want)
		}
	}
	for _, c := range []struct {
		in          string
		s           int
		floor, ceil string
	}{
		{"1.5", 1, "1", "2"}, {"-1.5", 1, "-2", "-1"}, {"2.00", 2, "2", "2"}, {"-0.01", 2, "-1", "0"}, {"0.01", 2, "0", "1"},
	} {
		if f := FormatDecimal(FloorDecimal(dec(c.in, c.s), c.s), 0); f != c.floor {
			t.Errorf("floor(%s) = %s", c.in, f)
		}
		if f := FormatDecimal(CeilDecimal(dec(c.in, c.s), c.s), 0); f != c.ceil {
			t.Errorf("ceil(%s) = %s", c.in, f)
		}
	}
	if r, err := PmodDecimal(dec("-7.5", 1), dec("2", 0), 1, 0, 1, 3); err != nil || FormatDecimal(r, 1) != "0.5" {
		t.Errorf("pmod(-7.5, 2) = %s %v", FormatDecimal(r, 1), err)
	}
}

// TestDecimalInlinedKernels checks the small kernels the compiler picks when
// the scales allow (AddDecimalSameScale, SubtractDecimalSameScale,
// MultiplyDecimalExact, MultiplyDecimal38) against the general kernels they
// stand for, on random operands of their types and values at the limits.
func TestDecimalInlinedKernels(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		pa, pb := 1+r.IntN(37), 1+r.IntN(37)
		if r.IntN(2) == 0 {
			pa, pb = 1+r.IntN(18), 1+r.IntN(18)
		}
		sa, sb := r.IntN(pa+1), r.IntN(pb+1)
		a, b := randDecimal(r, pa), randDecimal(r, pb)
		// + and - of two operands of scale s: their type
		// DECIMAL(max(pa, pb2) + 1, s) holds every result
		s, pb2 := sa, max(pb, sa)
		if p := max(pa, pb2) + 1; p <= MaxDecimalPrecision {
			b2 := randDecimal(r, pb2)
			want, err := AddDecimal(a, b2, s, s, s, p)
			if got := AddDecimalSameScale(a, b2); err != nil || got != want {
				t.Fatalf("%v + %v at scale %d: got %v, want %v (%v)", a, b2, s, got, want, err)
			}
			want, err = SubtractDecimal(a, b2, s, s, s, p)
			if got := SubtractDecimalSameScale(a, b2); err != nil || got != want {
				t.Fatalf("%v - %v at scale %d: got %v, want %v (%v)", a, b2, s, got, want, err)
			}
		}
		// * without a scale cut, where the result type holds every product
		if pa+pb+1 <= MaxDecimalPrecision {
			want, err := MultiplyDecimal(a, b, sa, sb, sa+sb, pa+pb+1)
			if got := MultiplyDecimalExact(a, b); err != nil || got != want {
				t.Fatalf("%v * %v: got %v, want %v (%v)", a, b, got, want, err)
			}
		}
		// + and - of operands of different scales, where the result type holds
		// every result: one operand widened
		if s := max(sa, sb); max(pa-sa, pb-sb)+s+1 <= MaxDecimalPrecision && sa != sb {
			p := max(pa-sa, pb-sb) + s + 1
			wantAdd, err1 := AddDecimal(a, b, sa, sb, s, p)
			wantSub, err2 := SubtractDecimal(a, b, sa, sb, s, p)
			gotAdd, gotSub := AddDecimalWidenRight(a, b, s-sb), SubtractDecimalWidenRight(a, b, s-sb)
			if sa < s {
				gotAdd, gotSub = AddDecimalWidenLeft(a, b, s-sa), SubtractDecimalWidenLeft(a, b, s-sa)
			}
			if err1 != nil || err2 != nil || gotAdd != wantAdd || gotSub != wantSub {
				t.Fatalf("%v (scale %d) +/- %v (scale %d): got %v %v, want %v %v (%v %v)", a, sa, b, sb, gotAdd, gotSub, wantAdd, wantSub, err1, err2)
			}
		}
		// widening to a type that holds every value: a CAST that cannot fail
		k := r.IntN(MaxDecimalPrecision - pa + 1)
		if want, err := CastDecimalToDecimal(a, sa, sa+k, pa+k); err != nil || WidenDecimal(a, sa, sa+k) != want {
			t.Fatalf("widen %v from scale %d by %d: got %v, want %v (%v)", a, sa, k, WidenDecimal(a, sa, sa+k), want, err)
		}
		// * of wide operands, 38 digits at scale sa + sb: an error where the
		// product has more
		if sa+sb <= MaxDecimalPrecision {
			want, werr := MultiplyDecimal(a, b, sa, sb, sa+sb, MaxDecimalPrecision)
			got, err := MultiplyDecimal38(a, b, sa, sb)
			if (err == nil) != (werr == nil) || err == nil && got != want || err != nil && err.Class != werr.Class {
				t.Fatalf("%v * %v at scales %d, %d: got %v %v, want %v %v", a, b, sa, sb, got, err, want, werr)
			}
		}
	}
}
