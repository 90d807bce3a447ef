package rt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTryKernelsAgree checks that each TRY kernel fails exactly where its
// error-returning twin does, and gives its value where it does not, on the
// edges of each type and on random values.
func TestTryKernelsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	edges64 := []int64{0, 1, -1, 2, -2, 3, 100, -100, 1 << 31, -1 << 31, 1<<32 + 1, 3037000499, 3037000500, -3037000500,
		math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, math.MaxInt32, math.MinInt32}
	vals64 := append([]int64{}, edges64...)
	for range 300 {
		vals64 = append(vals64, int64(r.Uint64()), int64(r.Uint64())>>r.IntN(64), r.Int64N(2000)-1000)
	}
	checkTwin(t, "AddInt64", AddInt64, TryAddInt64, vals64)
	checkTwin(t, "SubInt64", SubInt64, TrySubInt64, vals64)
	checkTwin(t, "MulInt64", MulInt64, TryMulInt64, vals64)
	checkTwin(t, "DivInt64", DivInt64, TryDivInt64, vals64)
	checkTwin(t, "ModInt64", ModInt64, TryModInt64, vals64)
	vals32 := []int32{0, 1, -1, 2, -2, 46340, 46341, -46341, math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1}
	for range 300 {
		vals32 = append(vals32, int32(r.Uint32()), r.Int32N(2000)-1000)
	}
	checkTwin(t, "AddInt32", AddInt32, TryAddInt32, vals32)
	checkTwin(t, "SubInt32", SubInt32, TrySubInt32, vals32)
	checkTwin(t, "MulInt32", MulInt32, TryMulInt32, vals32)
	checkTwin(t, "ModInt32", ModInt32, TryModInt32, vals32)
	if len(TryKernels) != 9 {
		t.Fatalf("TryKernels has %d kernels; this test checks 9", len(TryKernels))
	}
}

// checkTwin compares kernel plain and its TRY twin on every pair of vals.
func checkTwin[T int32 | int64](t *testing.T, name string, plain func(a, b T) (T, *Error), try func(a, b T) (T, bool), vals []T) {
	t.Helper()
	for _, a := range vals {
		for _, b := range vals {
			want, err := plain(a, b)
			got, failed := try(a, b)
			if failed != (err != nil) || err == nil && got != want {
				t.Fatalf("%s(%d, %d): Try gives %d, failed %v; plain gives %d, %v", name, a, b, got, failed, want, err)
			}
		}
	}
}
