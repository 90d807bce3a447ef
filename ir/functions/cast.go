package functions

import (
	"errors"
	"fmt"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
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
	Errors: errs(ir.ErrCastInvalidInput, ir.ErrCastOverflow, rt.NumericValueOutOfRange),
	Resolve: func([]ir.Type) (*ir.Signature, error) {
		return nil, errors.New("CAST needs a target type: write CAST(x AS type)")
	},
}

// castKinds lists the scalar types in the order the casts table uses.
var castKinds = []ir.Type{tBool, tTiny, tSml, tInt, tBig, tFlt, tDbl, tStr, tDate, tTS, tNTZ, tBin}

// castSigs holds every allowed non-identity scalar cast, built once so that all
// casts between the same two types share one *ir.Signature.
var castSigs = map[[2]ir.Kind]*ir.Signature{}

// identitySigs holds the identity casts of the scalar types.
var identitySigs = map[ir.Kind]*ir.Signature{}

func addCast(from, to ir.Type, k impl) {
	castSigs[[2]ir.Kind{from.Kind, to.Kind}] = sig(to, k, from)
}

func identity(args []any) (any, *ir.EvalError) { return args[0], nil }

// fromNull is the kernel of a cast from the NULL type; the caller never runs a
// strict kernel on a NULL argument, so it is only a safe placeholder.
func fromNull([]any) (any, *ir.EvalError) { return nil, nil }

// ResolveCast returns the signature of CAST from one type to another, or an
// error such as "cannot cast DATE to INT". A NULL literal casts to anything and
// every type casts to itself (including MAP, the only cast MAP allows). The
// allowed scalar casts are Spark ANSI's: everything between BOOLEAN, the
// numbers and VARCHAR, VARCHAR <-> DATE, but no DATE <-> number or BOOLEAN.
func ResolveCast(from, to ir.Type) (*ir.Signature, error) { return ResolveCastIn(from, to, "UTC") }

// ResolveCastIn is ResolveCast in a session time zone: the casts between
// TIMESTAMP and VARCHAR, DATE or TIMESTAMP_NTZ read or write wall-clock
// readings in zone (docs/semantics.md 10.5), which the compiler checked.
func ResolveCastIn(from, to ir.Type, zone string) (*ir.Signature, error) {
	if s, ok := resolveZoneCast(from, to, zone); ok && !from.Equal(to) {
		return s, nil
	}
	switch {
	case from.Kind == ir.KindNull:
		return sig(to, raw(fromNull, false), from), nil
	case from.Equal(to):
		if s, ok := identitySigs[from.Kind]; ok {
			return s, nil
		}
		return sig(to, raw(identity, false), from), nil
	}
	if from.IsInterval() || to.IsInterval() {
		return resolveIntervalCast(from, to)
	}
	if from.Kind == ir.KindDecimal || to.Kind == ir.KindDecimal {
		return resolveDecimalCast(from, to)
	}
	if s, ok := castSigs[[2]ir.Kind{from.Kind, to.Kind}]; ok && from.IsScalar() && to.IsScalar() {
		return s, nil
	}
	return nil, fmt.Errorf("cannot cast %s to %s", from, to)
}

func init() {
	for _, t := range castKinds {
		identitySigs[t.Kind] = sig(t, raw(identity, false), t)
	}
	// BOOLEAN ->
	addCast(tBool, tTiny, ok1(rt.CastBoolToInt8))
	addCast(tBool, tSml, ok1(rt.CastBoolToInt16))
	addCast(tBool, tFlt, ok1(rt.CastBoolToFloat32))
	addCast(tBool, tInt, ok1(rt.CastBoolToInt32))
	addCast(tBool, tBig, ok1(rt.CastBoolToInt64))
	addCast(tBool, tDbl, ok1(rt.CastBoolToFloat64))
	addCast(tBool, tStr, ok1(rt.CastBoolToString))
	// TINYINT ->
	addCast(tTiny, tBool, ok1(rt.CastInt8ToBool))
	addCast(tTiny, tSml, ok1(rt.CastInt8ToInt16))
	addCast(tTiny, tInt, ok1(rt.CastInt8ToInt32))
	addCast(tTiny, tBig, ok1(rt.CastInt8ToInt64))
	addCast(tTiny, tFlt, ok1(rt.CastInt8ToFloat32))
	addCast(tTiny, tDbl, ok1(rt.CastInt8ToFloat64))
	addCast(tTiny, tStr, ok1(rt.CastInt8ToString))
	// SMALLINT ->
	addCast(tSml, tBool, ok1(rt.CastInt16ToBool))
	addCast(tSml, tTiny, k1(rt.CastInt16ToInt8))
	addCast(tSml, tInt, ok1(rt.CastInt16ToInt32))
	addCast(tSml, tBig, ok1(rt.CastInt16ToInt64))
	addCast(tSml, tFlt, ok1(rt.CastInt16ToFloat32))
	addCast(tSml, tDbl, ok1(rt.CastInt16ToFloat64))
	addCast(tSml, tStr, ok1(rt.CastInt16ToString))
	// FLOAT ->
	addCast(tFlt, tBool, ok1(rt.CastFloat32ToBool))
	addCast(tFlt, tTiny, k1(rt.CastFloat32ToInt8))
	addCast(tFlt, tSml, k1(rt.CastFloat32ToInt16))
	addCast(tFlt, tInt, k1(rt.CastFloat32ToInt32))
	addCast(tFlt, tBig, k1(rt.CastFloat32ToInt64))
	addCast(tFlt, tDbl, ok1(rt.CastFloat32ToFloat64))
	addCast(tFlt, tStr, ok1(rt.CastFloat32ToString))
	// INT ->
	addCast(tInt, tTiny, k1(rt.CastInt32ToInt8))
	addCast(tInt, tSml, k1(rt.CastInt32ToInt16))
	addCast(tInt, tFlt, ok1(rt.CastInt32ToFloat32))
	addCast(tInt, tBool, ok1(rt.CastInt32ToBool))
	addCast(tInt, tBig, ok1(rt.CastInt32ToInt64))
	addCast(tInt, tDbl, ok1(rt.CastInt32ToFloat64))
	addCast(tInt, tStr, ok1(rt.CastInt32ToString))
	// BIGINT ->
	addCast(tBig, tTiny, k1(rt.CastInt64ToInt8))
	addCast(tBig, tSml, k1(rt.CastInt64ToInt16))
	addCast(tBig, tFlt, ok1(rt.CastInt64ToFloat32))
	addCast(tBig, tBool, ok1(rt.CastInt64ToBool))
	addCast(tBig, tInt, k1(rt.CastInt64ToInt32))
	addCast(tBig, tDbl, ok1(rt.CastInt64ToFloat64))
	addCast(tBig, tStr, ok1(rt.CastInt64ToString))
	// DOUBLE ->
	addCast(tDbl, tTiny, k1(rt.CastFloat64ToInt8))
	addCast(tDbl, tSml, k1(rt.CastFloat64ToInt16))
	addCast(tDbl, tFlt, ok1(rt.CastFloat64ToFloat32))
	addCast(tDbl, tBool, ok1(rt.CastFloat64ToBool))
	addCast(tDbl, tInt, k1(rt.CastFloat64ToInt32))
	addCast(tDbl, tBig, k1(rt.CastFloat64ToInt64))
	addCast(tDbl, tStr, ok1(rt.CastFloat64ToString))
	// VARCHAR ->
	addCast(tStr, tTiny, k1(rt.CastStringToInt8))
	addCast(tStr, tSml, k1(rt.CastStringToInt16))
	addCast(tStr, tFlt, k1(rt.CastStringToFloat32))
	addCast(tStr, tBool, k1(rt.CastStringToBool))
	addCast(tStr, tInt, k1(rt.CastStringToInt32))
	addCast(tStr, tBig, k1(rt.CastStringToInt64))
	addCast(tStr, tDbl, k1(rt.CastStringToFloat64))
	addCast(tStr, tDate, k1(rt.CastStringToDate))
	// DATE ->
	addCast(tDate, tStr, ok1(rt.CastDateToString))
	addTimestampCasts()
	// BINARY <-> VARCHAR, the only casts of BINARY in Spark's ANSI mode
	// (Cast.canAnsiCast: an integer to BINARY is a non-ANSI cast)
	addCast(tStr, tBin, ok1(rt.CastStringToBinary))
	addCast(tBin, tStr, ok1(rt.CastBinaryToString))

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
