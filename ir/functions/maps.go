package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// mapParam returns the MAP type a map argument is resolved to. An untyped NULL
// map gets MAP<key, VARCHAR>, with the key argument's type (VARCHAR when that is
// NULL too): the most common map shape, so a NULL literal is accepted as it is
// everywhere else. ok is false for a non-MAP argument.
func mapParam(m, key ir.Type) (ir.Type, bool) {
	switch m.Kind {
	case ir.KindMap:
		return m, true
	case ir.KindNull:
		k := key
		if k.Kind == ir.KindNull || k.Kind == ir.KindMap {
			k = tStr
		}
		return ir.MapOf(k, tStr), true
	}
	return ir.Type{}, false
}

// keyEqual compares a map key with a lookup key of the same type. DOUBLE keys
// use the comparison order (NaN finds NaN, -0.0 finds 0.0), so a key lookup
// agrees with "=".
func keyEqual(a, b any) bool {
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && rt.CompareFloat64(fa, fb) == 0
	}
	return a == b
}

func mapLookup(m *ir.MapValue, key any) (any, bool) {
	for i, k := range m.Keys {
		if keyEqual(k, key) {
			return m.Values[i], true
		}
	}
	return nil, false
}

// mapKeyError is MAP_KEY_DOES_NOT_EXIST for a key, with its message built lazily.
func mapKeyError(k any) *ir.EvalError {
	switch k := k.(type) {
	case string:
		return rt.MapKeyNotExistString(k)
	case int32:
		return rt.MapKeyNotExistInt64(int64(k))
	case int64:
		return rt.MapKeyNotExistInt64(k)
	case float64:
		return rt.MapKeyNotExistFloat64(k)
	case bool:
		return rt.MapKeyNotExistBool(k)
	case ir.Date:
		return rt.MapKeyNotExistDate(int32(k))
	}
	return ir.Errorf(ir.ErrMapKeyNotExist,
		"Key %s does not exist. Use 'try_element_at' to tolerate non-existent key and return NULL instead.", ir.FormatValue(k))
}

// mapKeyFn builds a (MAP<K, V>, K) function; ret gives the result type from the
// resolved map type. The key argument must widen to K: an INT key finds keys of
// a MAP<BIGINT, ...>, but a BIGINT key cannot probe a MAP<INT, ...> without a CAST.
func mapKeyFn(name, doc, syn string, errClasses []ir.ErrorClass, mayError, nullOnValue bool,
	ret func(m ir.Type) ir.Type, eval kernel) *ir.Function {
	return &ir.Function{
		Name:        name,
		Doc:         doc,
		Synopsis:    []string{syn},
		Strict:      true,
		NullOnValue: nullOnValue,
		Errors:      errClasses,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 2 {
				return nil, arityError(name, len(args), []int{2})
			}
			m, ok := mapParam(args[0], args[1])
			if !ok || !ir.Widens(args[1], *m.Key) {
				return nil, noOverload(name, args, []string{syn})
			}
			return sig(ret(m), raw(eval, mayError), m, *m.Key), nil
		},
	}
}

func subscript(args []any) (any, *ir.EvalError) {
	v, ok := mapLookup(args[0].(*ir.MapValue), args[1])
	if !ok {
		return nil, mapKeyError(args[1])
	}
	return v, nil
}

func elementAt(args []any) (any, *ir.EvalError) {
	v, _ := mapLookup(args[0].(*ir.MapValue), args[1])
	return v, nil
}

func mapContainsKey(args []any) (any, *ir.EvalError) {
	_, ok := mapLookup(args[0].(*ir.MapValue), args[1])
	return ok, nil
}

func cardinality(m *ir.MapValue) int32 { return int32(len(m.Keys)) }

func init() {
	valueOf := func(m ir.Type) ir.Type { return *m.Value }
	register(mapKeyFn("subscript",
		"Map subscript m[k]: the value under key k; a missing key raises (use element_at for NULL instead). The value itself may be NULL.",
		"subscript(MAP<K, V>, K) -> V", errs(ir.ErrMapKeyNotExist), true, true, valueOf, subscript))
	// try_element_at is element_at: a missing key is already NULL (Spark
	// 3.4+ in ANSI mode too); its ARRAY form needs a type exprc lacks.
	register(mapKeyFn("element_at",
		"The value under key k in map m, or NULL when the key is missing (so try_element_at, its alias, is the same function).",
		"element_at(MAP<K, V>, K) -> V", nil, false, true, valueOf, elementAt), "try_element_at")
	register(mapKeyFn("map_contains_key",
		"Whether map m has key k.",
		"map_contains_key(MAP<K, V>, K) -> BOOLEAN", nil, false, false,
		func(ir.Type) ir.Type { return tBool }, mapContainsKey))

	const cardSyn = "cardinality(MAP<K, V>) -> INT"
	cardEval := raw(func(args []any) (any, *ir.EvalError) { return cardinality(args[0].(*ir.MapValue)), nil }, false)
	register(&ir.Function{
		Name:     "cardinality",
		Doc:      "Number of entries in map m.",
		Synopsis: []string{cardSyn},
		Strict:   true,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 1 {
				return nil, arityError("cardinality", len(args), []int{1})
			}
			m, ok := mapParam(args[0], ir.TypeNull)
			if !ok {
				return nil, noOverload("cardinality", args, []string{cardSyn})
			}
			return sig(tInt, cardEval, m), nil
		},
	}, "size")
}
