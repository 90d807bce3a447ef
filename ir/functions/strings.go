package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// concatFn is both || and concat(...): strict and variadic over VARCHAR, so the
// overload is built per call with one VARCHAR parameter per argument.
func concatFn() *ir.Function {
	variadic := okVariadic(rt.Concat)
	mk := func(n int) *ir.Signature {
		if n == 2 {
			return sig(tStr, ok2(rt.Concat2), tStr, tStr)
		}
		return sig(tStr, variadic, repeat(tStr, n)...)
	}
	sigs := map[int]*ir.Signature{}
	for n := 1; n <= 8; n++ {
		sigs[n] = mk(n)
	}
	return &ir.Function{
		Name:     "concat",
		Infix:    "||",
		Doc:      "Concatenation of one or more strings (also the || operator); NULL if any argument is NULL. When every argument is BINARY, the bytes as a BINARY; otherwise BINARY arguments are read as VARCHAR (Spark's ConcatCoercion).",
		Synopsis: []string{"concat(VARCHAR, ...) -> VARCHAR", "concat(BINARY, ...) -> BINARY"},
		Strict:   true,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError("concat", len(args), 1)
			}
			if allBinary(args) {
				return concatBinary(len(args)), nil
			}
			for _, a := range args {
				if !ir.Widens(a, tStr) {
					return nil, noOverload("concat", args, []string{"concat(VARCHAR, ...) -> VARCHAR"})
				}
			}
			if s, ok := sigs[len(args)]; ok {
				return s, nil
			}
			return mk(len(args)), nil
		},
		// concat('id-', 42) and d || '' write numbers, dates and booleans
		// as VARCHAR, as Spark does.
		Implicit: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, errNoImplicit
			}
			if allBinary(args) {
				return concatBinary(len(args)), nil
			}
			for _, a := range args {
				if ImplicitCost(a, tStr) < 0 {
					return nil, errNoImplicit
				}
			}
			if s, ok := sigs[len(args)]; ok {
				return s, nil
			}
			return mk(len(args)), nil
		},
	}
}

func init() {
	register(strict("length",
		"Number of characters (Unicode code points) in s; each byte of invalid UTF-8 counts as one character. Of a BINARY, the number of bytes.",
		nil, sig(tInt, ok1(rt.Length), tStr), sig(tInt, ok1(rt.LengthBinary), tBin)), "char_length", "character_length", "len")
	register(strict("upper", "s with every letter mapped to upper case (simple per-character mapping; invalid UTF-8 bytes are kept).",
		nil, sig(tStr, ok1(rt.Upper), tStr)), "ucase")
	register(strict("lower", "s with every letter mapped to lower case (simple per-character mapping; invalid UTF-8 bytes are kept).",
		nil, sig(tStr, ok1(rt.Lower), tStr)), "lcase")
	register(strict("substring",
		"Characters of s from 1-based position pos (0 acts like 1, a negative pos counts from the end), at most len of them (default: to the end); a window outside s, or len <= 0, gives ''. "+
			"Of a BINARY, its bytes the same way (Spark's ByteArray.subStringSQL, whose 32-bit arithmetic wraps: substr(b, -2147483648) is all of b).",
		nil,
		sig(tStr, ok2(rt.Substring2), tStr, tInt),
		sig(tStr, ok3(rt.Substring3), tStr, tInt, tInt),
		sig(tBin, ok2(rt.SubstrBinaryFrom), tBin, tInt),
		sig(tBin, ok3(rt.SubstrBinary), tBin, tInt, tInt)), "substr")
	register(concatFn())
	register(strict("trim", "s without leading and trailing spaces (only ' ', not tabs or newlines); trim(chars, s), also TRIM([BOTH] chars FROM s), removes the characters that occur in chars instead.",
		nil, sig(tStr, ok1(rt.Trim), tStr), sig(tStr, ok2(rt.TrimChars), tStr, tStr)))
	register(strict("ltrim", "s without leading spaces (only ' '); ltrim(chars, s), also TRIM(LEADING chars FROM s), removes the leading characters that occur in chars.",
		nil, sig(tStr, ok1(rt.Ltrim), tStr), sig(tStr, ok2(rt.LtrimChars), tStr, tStr)))
	register(strict("rtrim", "s without trailing spaces (only ' '); rtrim(chars, s), also TRIM(TRAILING chars FROM s), removes the trailing characters that occur in chars.",
		nil, sig(tStr, ok1(rt.Rtrim), tStr), sig(tStr, ok2(rt.RtrimChars), tStr, tStr)))
	register(strict("btrim", "s without the leading and trailing characters that occur in chars (default: spaces only).",
		nil, sig(tStr, ok1(rt.Trim), tStr), sig(tStr, ok2(rt.Btrim), tStr, tStr)))
	register(strict("locate",
		"The 1-based character position of the first occurrence of sub in s; 0 when there is none, 1 when sub is ''. Also position(sub, s) and POSITION(sub IN s).",
		nil, sig(tInt, ok2(rt.Locate), tStr, tStr)), "position")
	register(strict("instr", "locate(sub, s) with the arguments the other way round: the 1-based position of sub in s, 0 when absent.",
		nil, sig(tInt, ok2(rt.Instr), tStr, tStr)))
	register(strict("starts_with", "Whether s begins with prefix (byte-wise; every string starts with '').",
		nil, sig(tBool, ok2(rt.StartsWith), tStr, tStr)), "startswith")
	register(strict("ends_with", "Whether s ends with suffix (byte-wise; every string ends with '').",
		nil, sig(tBool, ok2(rt.EndsWith), tStr, tStr)), "endswith")
	register(strict("contains", "Whether s contains sub (byte-wise; every string contains '').",
		nil, sig(tBool, ok2(rt.Contains), tStr, tStr)))
	register(strict("replace",
		"s with every occurrence of search replaced by replacement (default ''); an empty search leaves s unchanged.",
		nil,
		sig(tStr, ok2(rt.Replace2), tStr, tStr),
		sig(tStr, ok3(rt.Replace3), tStr, tStr, tStr)))
	register(strict("lpad",
		"s left-padded with pad (default ' ') to len characters, or cut to len characters when longer; len <= 0 gives '', an empty pad leaves s as it is (cut to len). A len above 67108864 (64 Mi) raises.",
		errs(ir.ErrInvalidParameter),
		sig(tStr, k2(rt.Lpad2), tStr, tInt),
		sig(tStr, k3(rt.Lpad3), tStr, tInt, tStr)))
	register(strict("rpad",
		"s right-padded with pad (default ' ') to len characters, or cut to len characters when longer; len <= 0 gives '', an empty pad leaves s as it is (cut to len). A len above 67108864 (64 Mi) raises.",
		errs(ir.ErrInvalidParameter),
		sig(tStr, k2(rt.Rpad2), tStr, tInt),
		sig(tStr, k3(rt.Rpad3), tStr, tInt, tStr)))
}
