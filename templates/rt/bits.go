package rt

import (
	"math/bits"
	"strconv"
)

// BitPositionRange is the class bit_get raises for a position outside the
// argument's width, as Spark names it.
const BitPositionRange = "INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE"

// Shift counts follow Java: only the low 5 bits (INT) or 6 bits (BIGINT) of
// the count are used, so shiftleft(1, 33) is 2 and a negative count never
// panics.

// ShiftLeftInt32 is shiftleft(INT, n): a << (n mod 32), bits shifted out are lost.
func ShiftLeftInt32(a, n int32) int32 { return a << (uint32(n) & 31) }

// ShiftLeftInt64 is shiftleft(BIGINT, n): a << (n mod 64).
func ShiftLeftInt64(a int64, n int32) int64 { return a << (uint32(n) & 63) }

// ShiftRightInt32 is shiftright(INT, n): the arithmetic (sign-extending) a >> (n mod 32).
func ShiftRightInt32(a, n int32) int32 { return a >> (uint32(n) & 31) }

// ShiftRightInt64 is shiftright(BIGINT, n): the arithmetic a >> (n mod 64).
func ShiftRightInt64(a int64, n int32) int64 { return a >> (uint32(n) & 63) }

// ShiftRightUnsignedInt32 is shiftrightunsigned(INT, n): the logical
// (zero-filling) a >>> (n mod 32).
func ShiftRightUnsignedInt32(a, n int32) int32 { return int32(uint32(a) >> (uint32(n) & 31)) }

// ShiftRightUnsignedInt64 is shiftrightunsigned(BIGINT, n): the logical a >>> (n mod 64).
func ShiftRightUnsignedInt64(a int64, n int32) int64 { return int64(uint64(a) >> (uint32(n) & 63)) }

// BitCountBool is bit_count(BOOLEAN): 1 for TRUE, 0 for FALSE.
func BitCountBool(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// BitCountInt32 is bit_count(INT), and of TINYINT and SMALLINT, which widen
// to it: Spark counts java.lang.Long.bitCount of the value sign-extended to
// 64 bits, so bit_count(-1) is 64 whatever the integer type.
func BitCountInt32(x int32) int32 { return int32(bits.OnesCount64(uint64(int64(x)))) }

// BitCountInt64 is bit_count(BIGINT): the set bits of the 64-bit two's
// complement form (bit_count(-1L) is 64).
func BitCountInt64(x int64) int32 { return int32(bits.OnesCount64(uint64(x))) }

// bitPositionError is BIT_POSITION_RANGE for a position outside [0, width).
func bitPositionError(pos int32, width int) *Error {
	return NewError(BitPositionRange, "The value of parameter(s) `pos` in `bit_get` is invalid: expects an integer value in [0, "+
		strconv.Itoa(width)+"), but got "+strconv.Itoa(int(pos))+".")
}

// BitGetInt32 is bit_get(INT, pos): bit pos (0 is the least significant) of
// x's 32-bit two's complement form, as 0 or 1 (TINYINT, as Spark returns);
// pos outside [0, 32) raises.
func BitGetInt32(x, pos int32) (int8, *Error) {
	if pos < 0 || pos >= 32 {
		return 0, bitPositionError(pos, 32)
	}
	return int8((x >> pos) & 1), nil
}

// BitGetInt64 is bit_get(BIGINT, pos); pos outside [0, 64) raises.
func BitGetInt64(x int64, pos int32) (int8, *Error) {
	if pos < 0 || pos >= 64 {
		return 0, bitPositionError(pos, 64)
	}
	return int8((x >> pos) & 1), nil
}

// BitAndInt32 is a & b (Spark's BitwiseAnd): never fails.
func BitAndInt32(a, b int32) int32 { return a & b }

// BitAndInt64 is a & b on BIGINT.
func BitAndInt64(a, b int64) int64 { return a & b }

// BitOrInt32 is a | b (Spark's BitwiseOr).
func BitOrInt32(a, b int32) int32 { return a | b }

// BitOrInt64 is a | b on BIGINT.
func BitOrInt64(a, b int64) int64 { return a | b }

// BitXorInt32 is a ^ b (Spark's BitwiseXor).
func BitXorInt32(a, b int32) int32 { return a ^ b }

// BitXorInt64 is a ^ b on BIGINT.
func BitXorInt64(a, b int64) int64 { return a ^ b }

// BitNotInt32 is ~a (Spark's BitwiseNot), the two's complement: ~0 is -1.
func BitNotInt32(a int32) int32 { return ^a }

// BitNotInt64 is ~a on BIGINT.
func BitNotInt64(a int64) int64 { return ^a }

// bitmapBits is the number of bits of one of Spark's bitmaps (4 KiB):
// BitmapExpressionUtils.NUM_BITS.
const bitmapBits = 8 * 4 * 1024

// BitmapBucketNumber is bitmap_bucket_number(v) (Spark 3.5): the bitmap a
// value falls in, values 1 to 32768 in bucket 1; 0 and negative values count
// down from bucket 0, as Spark's integer division does.
func BitmapBucketNumber(v int64) int64 {
	if v > 0 {
		return 1 + (v-1)/bitmapBits
	}
	return v / bitmapBits
}

// BitmapBitPosition is bitmap_bit_position(v) (Spark 3.5): the bit of v in its
// bitmap, 0 to 32767; a non-positive v counts from -v (the smallest BIGINT,
// whose negation wraps to itself, is position 0, as in Spark).
func BitmapBitPosition(v int64) int64 {
	if v > 0 {
		return (v - 1) % bitmapBits
	}
	return (-v) % bitmapBits
}
