package rt

import (
	"math"
	"testing"
)

// TestBroundHalfEven checks the HALF_EVEN rule on the shortest decimal form,
// including ties that only exist in decimal (0.125 is exact in binary, 1.05
// is not, and Spark rounds both as the decimal they print as).
func TestBroundHalfEven(t *testing.T) {
	for _, c := range []struct {
		x    float64
		d    int32
		want float64
	}{
		{2.5, 0, 2}, {3.5, 0, 4}, {-2.5, 0, -2}, {0.125, 2, 0.12}, {0.135, 2, 0.14},
		{1.05, 1, 1.0}, {1.0500001, 1, 1.1}, {9.5, 0, 10}, {99.5, 0, 100}, {0.5, 0, 0},
		{1234.5, -1, 1230}, {1235, -1, 1240}, {5, -1, 0}, {15, -1, 20}, {1e300, 2, 1e300},
	} {
		if got := BroundScaleFloat64(c.x, c.d); got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("bround(%v, %d) = %v, want %v", c.x, c.d, got, c.want)
		}
	}
	for _, c := range []struct {
		x    int64
		d    int32
		want int64
		err  bool
	}{
		{25, -1, 20, false}, {35, -1, 40, false}, {-25, -1, -20, false}, {-35, -1, -40, false},
		{math.MaxInt64, -1, 0, true}, {math.MinInt64, -1, 0, true}, {math.MaxInt64, -2, 9223372036854775800, false},
		{math.MinInt64, -19, 0, true}, {math.MaxInt64, -20, 0, false}, {7, 3, 7, false},
	} {
		got, err := BroundScaleInt64(c.x, c.d)
		if (err != nil) != c.err || (!c.err && got != c.want) {
			t.Errorf("bround(%d, %d) = %d, %v", c.x, c.d, got, err)
		}
	}
}

// TestWidthBucketEdges checks the NULL domain and the bucket rule at the
// ends of the range, in both directions.
func TestWidthBucketEdges(t *testing.T) {
	if !WidthBucketDefined(5, 0, 10, math.MaxInt64-1) || WidthBucketDefined(5, 0, 10, math.MaxInt64) ||
		WidthBucketDefined(5, 0, math.Copysign(0, -1), 3) || WidthBucketDefined(math.NaN(), 0, 1, 3) {
		t.Fatal("domain")
	}
	for _, c := range []struct {
		v, lo, hi float64
		n, want   int64
	}{
		{5, 0, 10, 4, 3}, {0, 0, 10, 4, 1}, {10, 0, 10, 4, 5}, {-1, 0, 10, 4, 0},
		{10, 10, 0, 4, 1}, {0, 10, 0, 4, 5}, {11, 10, 0, 4, 0}, {math.Inf(1), 0, 10, 4, 5},
		{9.999999999999998, 0, 10, math.MaxInt64 - 1, 9223372036854773761},
	} {
		if got := WidthBucket(c.v, c.lo, c.hi, c.n); got != c.want {
			t.Errorf("width_bucket(%v, %v, %v, %d) = %d, want %d", c.v, c.lo, c.hi, c.n, got, c.want)
		}
	}
	if javaDoubleToLong(math.NaN()) != 0 || javaDoubleToLong(1e300) != math.MaxInt64 || javaDoubleToLong(-1e300) != math.MinInt64 {
		t.Error("javaDoubleToLong")
	}
}

// TestAtan2NegativeZero checks Spark's +0.0 on both arguments survives
// compilation: -0.0 counts as 0.0.
func TestAtan2NegativeZero(t *testing.T) {
	nz := math.Copysign(0, -1)
	if got := Atan2(nz, -1); got != math.Pi {
		t.Errorf("atan2(-0.0, -1) = %v, want pi", got)
	}
	if got := Atan2(nz, nz); got != 0 || math.Signbit(got) {
		t.Errorf("atan2(-0.0, -0.0) = %v, want 0.0", got)
	}
}

// TestFdlibmKernels pins values OpenJDK 17's StrictMath returns (checked
// against a JDK) where Go's math package returns a neighbouring DOUBLE.
func TestFdlibmKernels(t *testing.T) {
	for _, c := range []struct {
		name    string
		f       func(float64) float64
		x, want float64
	}{
		{"acos", Acos, 0.5, 1.0471975511965979},
		{"acos", Acos, 0.3529113193356501, 1.2101155169731659},
		{"ln", Ln, 19.458461079980395, 2.9682819924375803},
		{"log2", Log2, 19.458461079980395, 4.282325710449709},
		{"log10", Log10, 0.3529113193356501, -0.45233441178405537},
		{"exp", Exp, 0.3529113193356501, 1.42320492707877},
		{"exp", Exp, -745.1, 5e-324},
		{"cosh", Cosh, 1, 1.543080634815244},
		{"asin", Asin, 0.3529113193356501, 0.3606808098217308},
		{"atan", Atan, 0.8556214350214923, 0.7077485574154907},
		{"sinh", Sinh, 0.17094795352052827, 0.17178177872669076},
		{"tanh", Tanh, 0.8556214350214923, 0.693994841408879},
		{"cbrt", Cbrt, 6.65771892766615e-14, 4.05298645298731e-05},
		{"atan2", func(y float64) float64 { return Atan2(y, -0.772275645588012) }, 0.3529113193356501, 2.712952774051618},
		{"hypot", func(x float64) float64 { return Hypot(x, -0.772275645588012) }, 0.3529113193356501, 0.8490913214040112},
	} {
		if got := c.f(c.x); got != c.want {
			t.Errorf("%s(%v) = %v, want %v", c.name, c.x, got, c.want)
		}
	}
}
