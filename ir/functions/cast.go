package functions

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/exprc/exprc/ir"
)

// CastFn is the registry entry of CAST(x AS T). It is strict like every
// conversion. It cannot be resolved from argument types alone, since the target
// is part of the syntax: the binder calls ResolveCast and builds
// &ir.Call{Fn: CastFn, Sig: sig, Args: []ir.Expr{x}}, with sig.Params = [from]
// and sig.Ret = to. Lookup("cast") returns it too, for the docs.
var CastFn = &ir.Function{
	Name: ir.Cast,
	Doc: "Converts x to type T (CAST(x AS T)), with Spark ANSI rules: a string that does not parse raises CAST_INVALID_INPUT " +
		"and a number out of the target's range raises CAST_OVERFLOW; see the casts table in docs/semantics.md.",
	Strict: true,
	Errors: errs(ir.ErrCastInvalidInput, ir.ErrCastOverflow),
	Resolve: func([]ir.Type) (*ir.Signature, error) {
		return nil, errors.New("CAST needs a target type: write CAST(x AS type)")
	},
}

// castKinds lists the scalar types in the order the casts table uses.
var castKinds = []ir.Type{tBool, tInt, tBig, tDbl, tStr, tDate}

// castSigs holds every allowed non-identity scalar cast, built once so that all
// casts between the same two types share one *ir.Signature.
var castSigs = map[[2]ir.Kind]*ir.Signature{}

// identitySigs holds the identity casts of the scalar types.
var identitySigs = map[ir.Kind]*ir.Signature{}

func addCast(from, to ir.Type, mayError bool, eval kernel) {
	castSigs[[2]ir.Kind{from.Kind, to.Kind}] = sig(to, mayError, eval, from)
}

func identity(args []any) (any, *ir.EvalError) { return args[0], nil }

// fromNull is the kernel of a cast from the NULL type; the caller never runs a
// strict kernel on a NULL argument, so it is only a safe placeholder.
func fromNull([]any) (any, *ir.EvalError) { return nil, nil }

// ResolveCast returns the signature of CAST from one type to another, or an
// error such as "cannot cast DATE to INT". A NULL literal casts to anything and
// every type casts to itself (including MAP, the only cast MAP allows). The
// allowed scalar casts are Spark ANSI's: everything between BOOLEAN, INT, BIGINT,
// DOUBLE and VARCHAR, VARCHAR <-> DATE, but no DATE <-> number or BOOLEAN.
func ResolveCast(from, to ir.Type) (*ir.Signature, error) {
	switch {
	case from.Kind == ir.KindNull:
		return sig(to, false, fromNull, from), nil
	case from.Equal(to):
		if s, ok := identitySigs[from.Kind]; ok {
			return s, nil
		}
		return sig(to, false, identity, from), nil
	}
	if s, ok := castSigs[[2]ir.Kind{from.Kind, to.Kind}]; ok && from.IsScalar() && to.IsScalar() {
		return s, nil
	}
	return nil, fmt.Errorf("cannot cast %s to %s", from, to)
}

// sparkType names a type the way Spark's cast messages do (VARCHAR is STRING).
func sparkType(t ir.Type) string {
	if t.Kind == ir.KindVarchar {
		return "STRING"
	}
	return t.String()
}

func castInvalid(s string, to ir.Type) *ir.EvalError {
	return ir.Errorf(ir.ErrCastInvalidInput,
		"The value %s of the type \"STRING\" cannot be cast to \"%s\" because it is malformed.", formatKey(s), sparkType(to))
}

// sqlValue prints a number as Spark's toSQLValue does: 5L for BIGINT, 1.0E10D
// for DOUBLE.
func sqlValue(v any) string {
	switch v := v.(type) {
	case int64:
		return strconv.FormatInt(v, 10) + "L"
	case float64:
		return ir.FormatDouble(v) + "D"
	}
	return ir.FormatValue(v)
}

func castOverflow(v any, from, to ir.Type) *ir.EvalError {
	return ir.Errorf(ir.ErrCastOverflow,
		"The value %s of the type \"%s\" cannot be cast to \"%s\" due to an overflow.", sqlValue(v), sparkType(from), sparkType(to))
}

// trimCast removes what Spark's string-to-number and string-to-date casts trim:
// ASCII whitespace and control characters (bytes <= 0x20 and 0x7F) at both ends.
func trimCast(s string) string {
	isTrim := func(b byte) bool { return b <= ' ' || b == 0x7f }
	i, j := 0, len(s)
	for i < j && isTrim(s[i]) {
		i++
	}
	for j > i && isTrim(s[j-1]) {
		j--
	}
	return s[i:j]
}

// allowFraction would make a string-to-integer cast accept and discard a
// fractional part ('1.9' -> 1), as Spark's legacy (non-ANSI) cast does. exprc
// follows Spark's ANSI cast (UTF8String.toIntExact, i.e. toInt(allowDecimal =
// false)), which rejects it with CAST_INVALID_INPUT.
const allowFraction = false

// parseIntegral parses a string for a cast to INT or BIGINT, after Spark's
// UTF8String.toLong: an optional sign, decimal digits, and (see allowFraction)
// an optional '.' followed by digits only, which is discarded. At least one digit
// must precede the point. Values out of [min, max] fail.
func parseIntegral(s string, min, max int64) (int64, bool) {
	s = trimCast(s)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	// Accumulate negatively so that MIN parses without overflow.
	if allowFraction {
		if i := strings.IndexByte(s, '.'); i >= 0 {
			for _, c := range []byte(s[i+1:]) {
				if c < '0' || c > '9' {
					return 0, false
				}
			}
			s = s[:i]
			if s == "" {
				return 0, false
			}
		}
	}
	var r int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := int64(c - '0')
		if r < (math.MinInt64+d)/10 {
			return 0, false
		}
		r = r*10 - d
	}
	if !neg {
		if r == math.MinInt64 {
			return 0, false
		}
		r = -r
	}
	if r < min || r > max {
		return 0, false
	}
	return r, true
}

func strToInt(s string) (int32, *ir.EvalError) {
	v, ok := parseIntegral(s, math.MinInt32, math.MaxInt32)
	if !ok {
		return 0, castInvalid(s, tInt)
	}
	return int32(v), nil
}

func strToBig(s string) (int64, *ir.EvalError) {
	v, ok := parseIntegral(s, math.MinInt64, math.MaxInt64)
	if !ok {
		return 0, castInvalid(s, tBig)
	}
	return v, nil
}

// strToDbl accepts decimal floating-point syntax (digits, sign, point,
// exponent) after trimming, and the special values Spark accepts in any case:
// inf, infinity, nan with an optional sign. Hex floats and Go's digit
// underscores are rejected. An out-of-range number becomes ±Infinity (or 0), as
// Java's parseDouble does.
func strToDbl(s string) (float64, *ir.EvalError) {
	t := trimCast(s)
	switch strings.ToLower(t) {
	case "inf", "+inf", "infinity", "+infinity":
		return math.Inf(1), nil
	case "-inf", "-infinity":
		return math.Inf(-1), nil
	case "nan", "+nan", "-nan":
		return math.NaN(), nil
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E') {
			return 0, castInvalid(s, tDbl)
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, castInvalid(s, tDbl)
	}
	return v, nil
}

// strToBool accepts Spark's spellings, case-insensitively after trimming.
func strToBool(s string) (bool, *ir.EvalError) {
	switch strings.ToLower(trimCast(s)) {
	case "t", "true", "y", "yes", "1":
		return true, nil
	case "f", "false", "n", "no", "0":
		return false, nil
	}
	return false, castInvalid(s, tBool)
}

func strToDate(s string) (ir.Date, *ir.EvalError) {
	d, ok := ir.ParseDate(trimCast(s))
	if !ok {
		return 0, castInvalid(s, tDate)
	}
	return d, nil
}

func bigToInt(v int64) (int32, *ir.EvalError) {
	if v < math.MinInt32 || v > math.MaxInt32 {
		return 0, castOverflow(v, tBig, tInt)
	}
	return int32(v), nil
}

// dblToInt and dblToBig truncate toward zero; NaN, infinities and values out of
// range raise CAST_OVERFLOW instead of saturating.
func dblToInt(v float64) (int32, *ir.EvalError) {
	t := math.Trunc(v)
	if math.IsNaN(t) || t < math.MinInt32 || t > math.MaxInt32 {
		return 0, castOverflow(v, tDbl, tInt)
	}
	return int32(t), nil
}

func dblToBig(v float64) (int64, *ir.EvalError) {
	t := math.Trunc(v)
	if math.IsNaN(t) || t < -(1<<63) || t >= 1<<63 {
		return 0, castOverflow(v, tDbl, tBig)
	}
	return int64(t), nil
}

func boolToInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

func init() {
	for _, t := range castKinds {
		identitySigs[t.Kind] = sig(t, false, identity, t)
	}
	// BOOLEAN ->
	addCast(tBool, tInt, false, ok1(boolToInt))
	addCast(tBool, tBig, false, ok1(func(b bool) int64 { return int64(boolToInt(b)) }))
	addCast(tBool, tDbl, false, ok1(func(b bool) float64 { return float64(boolToInt(b)) }))
	addCast(tBool, tStr, false, ok1(func(b bool) string { return strconv.FormatBool(b) }))
	// INT ->
	addCast(tInt, tBool, false, ok1(func(v int32) bool { return v != 0 }))
	addCast(tInt, tBig, false, ok1(func(v int32) int64 { return int64(v) }))
	addCast(tInt, tDbl, false, ok1(func(v int32) float64 { return float64(v) }))
	addCast(tInt, tStr, false, ok1(func(v int32) string { return strconv.FormatInt(int64(v), 10) }))
	// BIGINT ->
	addCast(tBig, tBool, false, ok1(func(v int64) bool { return v != 0 }))
	addCast(tBig, tInt, true, k1(bigToInt))
	addCast(tBig, tDbl, false, ok1(func(v int64) float64 { return float64(v) }))
	addCast(tBig, tStr, false, ok1(func(v int64) string { return strconv.FormatInt(v, 10) }))
	// DOUBLE ->
	addCast(tDbl, tBool, false, ok1(func(v float64) bool { return v != 0 }))
	addCast(tDbl, tInt, true, k1(dblToInt))
	addCast(tDbl, tBig, true, k1(dblToBig))
	addCast(tDbl, tStr, false, ok1(ir.FormatDouble))
	// VARCHAR ->
	addCast(tStr, tBool, true, k1(strToBool))
	addCast(tStr, tInt, true, k1(strToInt))
	addCast(tStr, tBig, true, k1(strToBig))
	addCast(tStr, tDbl, true, k1(strToDbl))
	addCast(tStr, tDate, true, k1(strToDate))
	// DATE ->
	addCast(tDate, tStr, false, ok1(func(d ir.Date) string { return d.String() }))

	var syn []string
	for _, f := range castKinds {
		for _, t := range castKinds {
			if s, err := ResolveCast(f, t); err == nil && !f.Equal(t) {
				syn = append(syn, fmt.Sprintf("cast(%s AS %s) -> %s", f, t, s.Ret))
			}
		}
	}
	syn = append(syn, "cast(T AS T) -> T for every type T, MAP included", "cast(NULL AS T) -> T for every type T")
	CastFn.Synopsis = syn
	register(CastFn)
}
