package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The rest of Spark's everyday string library (kernels in templates/rt/strfuncs.go).
func init() {
	register(strict("left", "The first n characters of s; '' when n <= 0.",
		nil, sig(tStr, ok2(rt.Left), tStr, tInt)))
	register(strict("right", "The last n characters of s (all of s when it is shorter); '' when n <= 0.",
		nil, sig(tStr, ok2(rt.Right), tStr, tInt)))
	register(strict("reverse", "The characters of s in reverse order (an invalid UTF-8 byte moves as one character).",
		nil, sig(tStr, ok1(rt.Reverse), tStr)))
	register(strict("quote", "s between single quotes, each single quote in it preceded by a backslash (Spark 4.0): quote(\"it's\") is 'it\\'s'.",
		nil, sig(tStr, ok1(rt.Quote), tStr)))
	register(strict("repeat", "s repeated n times; '' when n <= 0. A result above 67108864 (64 Mi) characters raises.",
		errs(ir.ErrInvalidParameter), sig(tStr, k2(rt.Repeat), tStr, tInt)))
	register(strict("space", "n spaces; '' when n <= 0. More than 67108864 (64 Mi) raises.",
		errs(ir.ErrInvalidParameter), sig(tStr, k1(rt.Space), tInt)))
	register(strict("initcap", "s lower-cased, then the first character of each word title-cased; words are separated by spaces ' ' only, as in Spark 3.",
		nil, sig(tStr, ok1(rt.Initcap), tStr)))
	register(strict("ascii", "The code point of the first character of s; 0 for ''; an invalid first UTF-8 byte gives its byte value.",
		nil, sig(tInt, ok1(rt.Ascii), tStr)))
	register(strict("chr", "The character with code point n mod 256 (U+0000 to U+00FF, so chr(321) is 'A'); '' when n < 0.",
		nil, sig(tStr, ok1(rt.Chr), tBig)), "char")
	register(strict("octet_length", "Number of bytes of s in UTF-8, or of a BINARY.",
		nil, sig(tInt, ok1(rt.OctetLength), tStr), sig(tInt, ok1(rt.LengthBinary), tBin)))
	register(strict("bit_length", "Number of bits of s in UTF-8, or of a BINARY (8 times octet_length).",
		nil, sig(tInt, ok1(rt.BitLength), tStr), sig(tInt, ok1(rt.BitLengthBinary), tBin)))
	register(strict("split_part",
		"Part n of s split at every delim (1 the first, -1 the last); '' when there is no such part; an empty delim does not split. Part 0 raises.",
		errs(rt.InvalidIndexOfZero), sig(tStr, k3(rt.SplitPart), tStr, tStr, tInt)))
	register(strict("substring_index",
		"The part of s before the count-th occurrence of delim from the left (count > 0), or after the count-th from the right (count < 0); all of s when delim occurs fewer times; '' when count is 0 or delim is ''.",
		nil, sig(tStr, ok3(rt.SubstringIndex), tStr, tStr, tInt)))
	register(strict("translate",
		"s with each character that occurs in from replaced by the character at the same position of to, or removed when to is shorter; a character repeated in from keeps its first position.",
		nil, sig(tStr, ok3(rt.Translate), tStr, tStr, tStr)))
	register(strict("find_in_set",
		"The 1-based position of s among the comma-separated items of list; 0 when it is not one of them or when s contains a comma.",
		nil, sig(tInt, ok2(rt.FindInSet), tStr, tStr)))
	register(strict("levenshtein",
		"The Levenshtein distance between a and b in characters; with threshold, -1 when the distance is greater than threshold.",
		nil,
		sig(tInt, ok2(rt.Levenshtein2), tStr, tStr),
		sig(tInt, ok3(rt.Levenshtein3), tStr, tStr, tInt)))
	register(strict("soundex",
		"American Soundex code of s (a letter and three digits) over ASCII letters; s itself when it is '' or does not start with an ASCII letter.",
		nil, sig(tStr, ok1(rt.Soundex), tStr)))
	register(strict("luhn_check", "Whether s is a non-empty string of ASCII digits that passes the Luhn checksum.",
		nil, sig(tBool, ok1(rt.LuhnCheck), tStr)))
}
