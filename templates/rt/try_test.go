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
	type k64 struct {
		plain func(a, b int64) (int64, *Error)
		try   func(a, b int64) (int64, bool)
	}
	for name, k := range map[string]k64{
		"AddInt64": {AddInt64, TryAddInt64}, "SubInt64": {SubInt64, TrySubInt64}, "MulInt64": {MulInt64, TryMulInt64},
		"DivInt64": {DivInt64, TryDivInt64}, "ModInt64": {ModInt64, TryModInt64},
	} {
		for _, a := range vals64 {
			for _, b := range vals64 {
				want, err := k.plain(a, b)
				got, failed := k.try(a, b)
				if failed != (err != nil) || err == nil && got != want {
					t.Fatalf("%s(%d, %d): Try gives %d, failed %v; plain gives %d, %v", name, a, b, got, failed, want, err)
				}
			}
		}
	}
	vals32 := []int32{0, 1, -1, 2, -2, 46340, 46341, -46341, math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1}
	for range 300 {
		vals32 = append(vals32, int32(r.Uint32()), r.Int32N(2000)-1000)
	}
	type k32 struct {
		plain func(a, b int32) (int32, *Error)
		try   func(a, b int32) (int32, bool)
	}
	for name, k := range map[string]k32{
		"AddInt32": {AddInt32, TryAddInt32}, "SubInt32": {SubInt32, TrySubInt32}, "MulInt32": {MulInt32, TryMulInt32},
		"ModInt32": {ModInt32, TryModInt32},
	} {
		for _, a := range vals32 {
			for _, b := range vals32 {
				want, err := k.plain(a, b)
				got, failed := k.try(a, b)
				if failed != (err != nil) || err == nil && got != want {
					t.Fatalf("%s(%d, %d): Try gives %d, failed %v; plain gives %d, %v", name, a, b, got, failed, want, err)
				}
			}
		}
	}
	if len(TryKernels) != 9 {
		t.Fatalf("TryKernels has %d kernels; this test checks 9", len(TryKernels))
	}
}
