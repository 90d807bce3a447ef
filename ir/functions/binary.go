package functions

import (
	"errors"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The functions of BINARY (kernels in templates/rt/binary.go). A BINARY value
// is a Go string holding its bytes, so the byte-wise VARCHAR kernels (concat,
// the digests, base64, hex, hash) serve the BINARY overloads unchanged; the
// overloads exist so that a BINARY argument keeps its type (length counts
// bytes, concat of BINARY is BINARY) and a VARCHAR one its own.

var tBin = ir.TypeBinary

// The internal functions to_binary and try_to_binary are bound to, one per
// constant format (the binder picks one, Spark's ToBinary replacement):
// unhex and unbase64 that raise CONVERSION_INVALID_INPUT where Spark's
// failOnError forms do. They are not registered: their names are not SQL.
var (
	ToBinaryHexFn = strict("to_binary_hex", "to_binary(s, 'hex'): unhex raising CONVERSION_INVALID_INPUT on a character that is not a hex digit.",
		errs(rt.ConversionInvalidInput), sig(tBin, k1(rt.ToBinaryHex), tStr))
	ToBinaryBase64Fn = strict("to_binary_base64", "to_binary(s, 'base64'): s checked as RFC 4648 base64 (whitespace allowed), then decoded; CONVERSION_INVALID_INPUT otherwise.",
		errs(rt.ConversionInvalidInput), sig(tBin, k1(rt.ToBinaryBase64), tStr))
)

// errToBinaryForm is the Resolve error of to_binary and try_to_binary, which
// the binder binds itself (the format must be a constant); it is reached
// only by callers that resolve by types alone.
var errToBinaryForm = errors.New("to_binary and try_to_binary are bound from their constant format (the binder's toBinary)")

// toBinaryDoc documents to_binary and try_to_binary, which the binder binds
// to an internal function per format.
func toBinaryDoc(name, doc string) *ir.Function {
	return &ir.Function{
		Name:     name,
		Doc:      doc,
		Synopsis: []string{name + "(VARCHAR) -> BINARY", name + "(VARCHAR, fmt) -> BINARY where fmt is a constant 'hex', 'utf-8', 'utf8' or 'base64' (any case)"},
		Strict:   true,
		Errors:   errs(rt.ConversionInvalidInput),
		Resolve:  func([]ir.Type) (*ir.Signature, error) { return nil, errToBinaryForm },
	}
}

// concatBinarySigs caches concatBinary's overloads of up to 8 arguments, so
// that equal calls share one *ir.Signature.
var concatBinarySigs = map[int]*ir.Signature{}

func init() {
	for n := 1; n <= 8; n++ {
		concatBinarySigs[n] = makeConcatBinary(n)
	}
}

// concatBinary is the overload of concat over n BINARY arguments: the same
// kernels as VARCHAR's, since both are byte strings.
func concatBinary(n int) *ir.Signature {
	if s, ok := concatBinarySigs[n]; ok {
		return s
	}
	return makeConcatBinary(n)
}

func makeConcatBinary(n int) *ir.Signature {
	if n == 2 {
		return sig(tBin, ok2(rt.Concat2), tBin, tBin)
	}
	return sig(tBin, okVariadic(rt.Concat), repeat(tBin, n)...)
}

// allBinary reports whether every argument is BINARY (Spark's concat is
// BINARY then, and VARCHAR otherwise: a NULL literal among BINARYs makes it
// VARCHAR, as Spark's ConcatCoercion casts everything to STRING unless all
// children are BinaryType).
func allBinary(args []ir.Type) bool {
	for _, a := range args {
		if a.Kind != ir.KindBinary {
			return false
		}
	}
	return len(args) > 0
}

func init() {
	register(guarded("unhex",
		"The bytes written by hex digits s, two per byte (either case); an odd count reads the first digit alone as the first byte (unhex('123') is X'0123'); NULL when s holds anything but hex digits, as Spark.",
		nil, domain("unhex_domain", sig(tBool, ok1(rt.UnhexDefined), tStr)),
		sig(tBin, ok1(rt.Unhex), tStr)))
	register(strict("unbase64",
		"The bytes of base64 text s, decoded as Java's MIME decoder decodes them (Spark's unbase64): characters outside the base64 alphabet are skipped, the first '=' ends the data. "+
			"Where Java's decoder throws (a lone '=', a single character left over: 'QQ=x', 'Q'), Spark's query fails with that exception; exprc raises CONVERSION_INVALID_INPUT with Java's message.",
		errs(rt.ConversionInvalidInput), sig(tBin, k1(rt.Unbase64), tStr)))
	register(strict("encode",
		"The characters of s in charset (any case): 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-16' (a big-endian byte-order mark first) or 'UTF-32' (big-endian), Spark 4.0's set. "+
			"UTF-8 is s's own bytes. A character the charset cannot hold raises MALFORMED_CHARACTER_CODING; another charset raises INVALID_PARAMETER_VALUE.CHARSET.",
		errs(rt.MalformedCharacterCoding, rt.InvalidParameter+".CHARSET"), sig(tBin, k2(rt.Encode), tStr, tStr)))
	register(strict("decode",
		"decode(bin, charset): the bytes bin read in charset (encode's set) as text; bytes that are not valid in the charset (invalid UTF-8 too) raise MALFORMED_CHARACTER_CODING, another charset INVALID_PARAMETER_VALUE.CHARSET. "+
			"With 3 or more arguments, decode(expr, search, result, ..., default) is Spark's CASE form (the parser rewrites it: docs/semantics.md 3.11.1).",
		errs(rt.MalformedCharacterCoding, rt.InvalidParameter+".CHARSET"), sig(tStr, k2(rt.Decode), tBin, tStr)))
	register(toBinaryDoc("to_binary",
		"s converted to BINARY by the constant format fmt (any case; 'hex' when left out): 'hex' as unhex but raising CONVERSION_INVALID_INPUT on a character that is not a hex digit, "+
			"'utf-8' or 'utf8' the bytes of s, 'base64' as unbase64 after checking s as RFC 4648 base64 (groups of 4, whitespace allowed, the last group of 2 to 4 symbols padded to 4 with '='), CONVERSION_INVALID_INPUT otherwise. "+
			"Another fmt, or one that is not a constant, is a compile error; a NULL fmt gives NULL."))
	register(toBinaryDoc("try_to_binary",
		"to_binary, but NULL where to_binary raises (TRY: also an error of s itself), and NULL for a constant fmt that is not one of to_binary's."))
	register(strict("bitmap_count",
		"The number of bits set in the bytes of b (Spark's bitmap_count over a bitmap of bitmap_construct_agg, or any BINARY).",
		nil, sig(tBig, ok1(rt.BitmapCount), tBin)))
}
