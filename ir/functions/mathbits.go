package functions

import (
	"github.com/exprc/exprc/templates/rt"
)

func init() {
	bitwise := func(name, op, doc string, f8, f16, f32, f64 impl) {
		fn := strict(name, doc, nil, sig(tTiny, f8, tTiny, tTiny), sig(tSml, f16, tSml, tSml),
			sig(tInt, f32, tInt, tInt), sig(tBig, f64, tBig, tBig))
		fn.Infix = op
		register(fn)
	}
	bitwise("bitwise_and", "&", "Bitwise AND of two integers (the & operator), in their common type; never fails.",
		ok2(rt.BitAndInt8), ok2(rt.BitAndInt16), ok2(rt.BitAndInt32), ok2(rt.BitAndInt64))
	bitwise("bitwise_or", "|", "Bitwise OR of two integers (the | operator), in their common type; never fails.",
		ok2(rt.BitOrInt8), ok2(rt.BitOrInt16), ok2(rt.BitOrInt32), ok2(rt.BitOrInt64))
	bitwise("bitwise_xor", "^", "Bitwise exclusive OR of two integers (the ^ operator), in their common type; never fails.",
		ok2(rt.BitXorInt8), ok2(rt.BitXorInt16), ok2(rt.BitXorInt32), ok2(rt.BitXorInt64))
	not := strict("bitwise_not", "Bitwise complement of an integer (the prefix ~ operator): ~x is -x - 1; never fails.",
		nil, sig(tTiny, ok1(rt.BitNotInt8), tTiny), sig(tSml, ok1(rt.BitNotInt16), tSml),
		sig(tInt, ok1(rt.BitNotInt32), tInt), sig(tBig, ok1(rt.BitNotInt64), tBig))
	not.Prefix = "~"
	register(not)

	register(strict("bitmap_bucket_number",
		"The bucket (bitmap of 32768 bits, Spark 3.5) that v falls in: 1 + (v - 1) DIV 32768 for v > 0, else v DIV 32768.",
		nil, sig(tBig, ok1(rt.BitmapBucketNumber), tBig)))
	register(strict("bitmap_bit_position",
		"The bit of v in its bucket's bitmap (Spark 3.5): (v - 1) % 32768 for v > 0, else -v % 32768.",
		nil, sig(tBig, ok1(rt.BitmapBitPosition), tBig)))
	register(strict("shiftleft",
		"a shifted left by n bits, in a's type (INT or BIGINT); as in Java and Spark only n mod 32 (INT) or n mod 64 (BIGINT) counts, so shiftleft(1, 32) is 1 and a negative n never fails; bits shifted out are lost, never an overflow error.",
		nil,
		sig(tInt, ok2(rt.ShiftLeftInt32), tInt, tInt),
		sig(tBig, ok2(rt.ShiftLeftInt64), tBig, tInt)))
	register(strict("shiftright",
		"a shifted right by n bits with sign extension (arithmetic shift), in a's type; only n mod 32 (INT) or n mod 64 (BIGINT) counts.",
		nil,
		sig(tInt, ok2(rt.ShiftRightInt32), tInt, tInt),
		sig(tBig, ok2(rt.ShiftRightInt64), tBig, tInt)))
	register(strict("shiftrightunsigned",
		"a shifted right by n bits filling with zeros (logical shift, Java's >>>), in a's type; only n mod 32 (INT) or n mod 64 (BIGINT) counts, so shiftrightunsigned(-1, 28) is 15.",
		nil,
		sig(tInt, ok2(rt.ShiftRightUnsignedInt32), tInt, tInt),
		sig(tBig, ok2(rt.ShiftRightUnsignedInt64), tBig, tInt)))
	register(strict("bit_count",
		"Number of bits set in x's two's complement form sign-extended to 64 bits, as INT (Spark counts java.lang.Long.bitCount of any integer: bit_count(-1) is 64 whatever its type); a BOOLEAN counts 1 for TRUE and 0 for FALSE.",
		nil,
		sig(tInt, ok1(rt.BitCountBool), tBool),
		sig(tInt, ok1(rt.BitCountInt32), tInt),
		sig(tInt, ok1(rt.BitCountInt64), tBig)))
	register(strict("bit_get",
		"Bit pos of x (0 is the least significant) as 0 or 1 (TINYINT), in x's two's complement form; a pos outside [0, 8) for TINYINT, [0, 16) for SMALLINT, [0, 32) for INT or [0, 64) for BIGINT raises.",
		errs(rt.BitPositionRange),
		sig(tTiny, k2(rt.BitGetInt8), tTiny, tInt),
		sig(tTiny, k2(rt.BitGetInt16), tSml, tInt),
		sig(tTiny, k2(rt.BitGetInt32), tInt, tInt),
		sig(tTiny, k2(rt.BitGetInt64), tBig, tInt)), "getbit")
}
