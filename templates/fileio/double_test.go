package fileio

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/exprc/exprc/templates/rt"
)

func checkDouble(t *testing.T, f float64) {
	t.Helper()
	want := rt.FormatDouble(f)
	if got := string(appendDouble([]byte("x"), f)); got != "x"+want {
		t.Fatalf("appendDouble(%v) (bits %#x) = %q, want %q", f, math.Float64bits(f), got[1:], want)
	}
	jsonWant := want
	if math.IsNaN(f) || math.IsInf(f, 0) {
		jsonWant = `"` + want + `"`
	}
	if got := string(appendJSONDouble(nil, f)); got != jsonWant {
		t.Fatalf("appendJSONDouble(%v) = %q, want %q", f, got, jsonWant)
	}
}

// TestAppendDouble compares appendDouble with rt.FormatDouble on edge values,
// random bit patterns, and random decimals of a few digits (the fast path).
func TestAppendDouble(t *testing.T) {
	edges := []float64{
		0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1),
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
		0x1p-1022, 1, -1, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 0.5, 100, 1e15, 1e16, 1e21, 1e22, 1e23,
		1 << 53, 1<<53 + 2, 1<<53 - 1, 123456789012345678,
		0.05, 17, 12345.67, 9999999.999999998, 999999.9999999999, 0.0009999999999999998,
		12345.678900000001, 36901.23 * (1 - 0.04), 36901.23 * (1 - 0.04) * (1 + 0.02),
	}
	for e := -30; e <= 30; e++ {
		p := math.Pow(10, float64(e))
		edges = append(edges, p, -p, math.Nextafter(p, 0), math.Nextafter(p, math.Inf(1)), 5*p, 9.999999999999999*p)
	}
	for _, f := range edges {
		checkDouble(t, f)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		checkDouble(t, math.Float64frombits(r.Uint64()))
	}
	// Decimals of up to 17 digits with the point anywhere: the fast path and
	// the values right next to it.
	for range 100000 {
		digits := 1 + r.IntN(17)
		m := r.Int64N(int64(math.Pow10(digits)))
		s := strconv.FormatInt(m, 10) + "e" + strconv.Itoa(r.IntN(26)-16)
		if r.IntN(2) == 0 {
			s = "-" + s
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		checkDouble(t, f)
		checkDouble(t, math.Nextafter(f, math.Inf(1)))
		checkDouble(t, math.Nextafter(f, math.Inf(-1)))
	}
	// Q1's arithmetic on prices and rates of two decimals.
	for range 100000 {
		price := float64(r.IntN(10_000_000)) / 100
		disc := float64(r.IntN(11)) / 100
		tax := float64(r.IntN(9)) / 100
		checkDouble(t, price)
		checkDouble(t, price*(1-disc))
		checkDouble(t, price*(1-disc)*(1+tax))
	}
	// Integers.
	for range 30000 {
		checkDouble(t, float64(r.Int64N(1<<54)-1<<53))
		checkDouble(t, float64(r.IntN(20_000_000)-10_000_000))
	}
}

func TestAppendDoubleNoAlloc(t *testing.T) {
	buf := make([]byte, 0, 64)
	vals := []float64{1.5, 12345.678900000001, 1e300, math.Copysign(0, -1), math.NaN(), 17, 1e-5}
	n := testing.AllocsPerRun(100, func() {
		for _, f := range vals {
			buf = appendDouble(buf[:0], f)
		}
	})
	if n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func BenchmarkAppendDouble(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := make([]float64, 4096)
	for i := range vals {
		price := float64(r.IntN(10_000_000)) / 100
		disc := float64(r.IntN(11)) / 100
		tax := float64(r.IntN(9)) / 100
		switch i % 4 {
		case 0:
			vals[i] = float64(1 + r.IntN(50))
		case 1:
			vals[i] = price
		case 2:
			vals[i] = price * (1 - disc)
		case 3:
			vals[i] = price * (1 - disc) * (1 + tax)
		}
	}
	buf := make([]byte, 0, 64)
	b.Run("append", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = appendDouble(buf[:0], vals[i%len(vals)])
		}
	})
	b.Run("rt", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = append(buf[:0], rt.FormatDouble(vals[i%len(vals)])...)
		}
	})
	b.Run("strconv", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			buf = strconv.AppendFloat(buf[:0], vals[i%len(vals)], 'f', -1, 64)
		}
	})
}

func TestBits1e15(t *testing.T) {
	if math.Float64bits(1e15) != 0x430c6bf526340000 {
		t.Error("bits of 1e15")
	}
}

// TestAppendFloatMatchesFormatFloat checks the writers' FLOAT spelling
// against rt.FormatFloat (Java's Float.toString) over special and random
// float32 values.
func TestAppendFloatMatchesFormatFloat(t *testing.T) {
	vals := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 1.1, 0.001, 0.00099999, 1e7, 9999999, 1e10, -3.4028235e38,
		1.4e-45, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 16777216, 123456.79}
	r := rand.New(rand.NewPCG(41, 41))
	for range 20000 {
		vals = append(vals, math.Float32frombits(r.Uint32()))
	}
	for _, v := range vals {
		if got, want := string(appendFloat(nil, v)), rt.FormatFloat(v); got != want {
			t.Fatalf("appendFloat(%v) = %s, want %s", v, got, want)
		}
	}
}
