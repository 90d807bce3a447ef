package rt

import "math/bits"

// The kernels of this file are the integer kernels that can fail, in the
// form a fused TRY computes them: the value and whether the kernel failed,
// with no branch. Under TRY a failure is an expected outcome (a product that
// often overflows, a divisor that is often zero), and the branch of the
// error-returning kernel would be mispredicted on such data. The value of a
// failed row is unspecified (TRY makes the row NULL), but every kernel here
// is total: none panics, whatever its arguments (a divisor of 0 is replaced
// by 1 before dividing). TestTryKernelsAgree checks each against the
// error-returning kernel.

// bit is 1 for true and 0 for false, without a branch (SETcc).
func bit(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}

// TryAddInt32 is AddInt32 with its failure as a flag.
func TryAddInt32(a, b int32) (int32, bool) {
	r := a + b
	return r, (r^a)&(r^b) < 0
}

// TryAddInt64 is AddInt64 with its failure as a flag.
func TryAddInt64(a, b int64) (int64, bool) {
	r := a + b
	return r, (r^a)&(r^b) < 0
}

// TrySubInt32 is SubInt32 with its failure as a flag.
func TrySubInt32(a, b int32) (int32, bool) {
	r := a - b
	return r, (a^b)&(r^a) < 0
}

// TrySubInt64 is SubInt64 with its failure as a flag.
func TrySubInt64(a, b int64) (int64, bool) {
	r := a - b
	return r, (a^b)&(r^a) < 0
}

// TryMulInt32 is MulInt32 with its failure as a flag.
func TryMulInt32(a, b int32) (int32, bool) {
	r := int64(a) * int64(b)
	return int32(r), r != int64(int32(r))
}

// TryMulInt64 is MulInt64 with its failure as a flag (the test of the
// 128-bit product's high word).
func TryMulInt64(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return int64(lo), int64(hi)-a>>63&b-b>>63&a != int64(lo)>>63
}

// TryDivInt64 is DivInt64 with its failure as a flag: a zero divisor, or
// MIN DIV -1 (which Go computes as MIN, without a panic).
func TryDivInt64(a, b int64) (int64, bool) {
	zero := bit(b == 0)
	overflow := bit(a == -1<<63) & bit(b == -1)
	return a / (b | int64(zero)), zero|overflow != 0
}

// TryModInt32 is ModInt32 with its failure as a flag (a zero divisor; MIN %
// -1 is 0 in Go too).
func TryModInt32(a, b int32) (int32, bool) {
	zero := bit(b == 0)
	return a % (b | int32(zero)), zero != 0
}

// TryModInt64 is ModInt64 with its failure as a flag.
func TryModInt64(a, b int64) (int64, bool) {
	zero := bit(b == 0)
	return a % (b | int64(zero)), zero != 0
}

// TryKernels maps each kernel that has a twin in this file to it.
var TryKernels = map[string]string{
	"AddInt32": "TryAddInt32", "AddInt64": "TryAddInt64",
	"SubInt32": "TrySubInt32", "SubInt64": "TrySubInt64",
	"MulInt32": "TryMulInt32", "MulInt64": "TryMulInt64",
	"DivInt64": "TryDivInt64",
	"ModInt32": "TryModInt32", "ModInt64": "TryModInt64",
}
