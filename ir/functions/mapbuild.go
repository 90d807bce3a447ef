package functions

import (
	"fmt"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// map(k1, v1, ...): Spark's CreateMap. It is not strict (a NULL value is a
// value of the map, a NULL key an error), so the binder rewrites it over the
// strict internal map_build, whose arguments are never NULL:
//
//	map(k1, v1, ...)  map_build(COALESCE(k1, ERROR(NULL_MAP_KEY)), COALESCE(v1, zero), v1 IS NULL, ...)
//
// map_build raises DUPLICATED_MAP_KEY for a key given twice. Code
// generation builds the row's map with vec.BuildMap (lower.CallMapBuild).

// mapKeyOK and mapValueOK are the key and value types a MAP of exprc holds
// (compiler: bindType's rules for MAP columns).
func mapKeyOK(t ir.Type) bool {
	return t.Kind == ir.KindVarchar || t.Kind == ir.KindInt || t.Kind == ir.KindBigint
}

func mapValueOK(t ir.Type) bool {
	switch t.Kind {
	case ir.KindBoolean, ir.KindInt, ir.KindBigint, ir.KindDouble, ir.KindVarchar, ir.KindDate, ir.KindDecimal:
		return true
	}
	return false
}

// mapTypes finds map's key and value types from its arguments.
func mapTypes(args []ir.Type) (k, v ir.Type, err error) {
	if len(args) == 0 {
		return tStr, tStr, nil // Spark: map() is MAP<STRING, STRING>
	}
	var ks, vs []ir.Type
	for i, a := range args {
		if i%2 == 0 {
			ks = append(ks, a)
		} else {
			vs = append(vs, a)
		}
	}
	if k, err = commonScalar("combine map keys", ks); err != nil {
		return
	}
	if allNull(ks) {
		k = tStr
	}
	if v, err = commonScalar("combine map values", vs); err != nil {
		return
	}
	if allNull(vs) {
		v = tStr
	}
	if !mapKeyOK(k) {
		err = fmt.Errorf("map keys of type %s are not supported (VARCHAR, INT or BIGINT)", k)
	} else if !mapValueOK(v) {
		err = fmt.Errorf("map values of type %s are not supported (BOOLEAN, INT, BIGINT, DOUBLE, DECIMAL, VARCHAR or DATE)", v)
	}
	return
}

func allNull(ts []ir.Type) bool {
	for _, t := range ts {
		if t.Kind != ir.KindNull {
			return false
		}
	}
	return true
}

// buildMap is map_build's Eval: triples of key, value and the value's NULL flag.
func buildMap(args []any) (any, *ir.EvalError) {
	m := &ir.MapValue{}
	for j := 0; j+2 < len(args); j += 3 {
		k := args[j]
		if _, dup := mapLookup(m, k); dup {
			return nil, rt.DuplicateMapKey(k)
		}
		m.Keys = append(m.Keys, k)
		if args[j+2].(bool) {
			m.Values = append(m.Values, nil)
		} else {
			m.Values = append(m.Values, args[j+1])
		}
	}
	return m, nil
}

// mapBuild is the internal strict map_build(K, V, BOOLEAN, ...) -> MAP<K, V>.
var mapBuild = &ir.Function{
	Name:     "map_build",
	Doc:      "Internal: the map of (key, value, value is NULL) triples.",
	Synopsis: []string{"map_build(K, V, BOOLEAN, ...) -> MAP<K, V>"},
	Strict:   true,
	Errors:   errs(rt.DuplicatedMapKey),
	Resolve: func(args []ir.Type) (*ir.Signature, error) {
		if len(args) < 3 || len(args)%3 != 0 {
			return nil, fmt.Errorf("map_build takes triples")
		}
		k, v := args[0], args[1]
		ps := make([]ir.Type, len(args))
		for j := 0; j < len(args); j += 3 {
			ps[j], ps[j+1], ps[j+2] = k, v, tBool
		}
		return &ir.Signature{Params: ps, Ret: ir.MapOf(k, v), MayError: len(args) > 3, Eval: buildMap}, nil
	},
}

// IsMapBuild reports whether c is a call of the internal map_build.
func IsMapBuild(c *ir.Call) bool { return c.Fn == mapBuild }

func mapFn() *ir.Function {
	const syn = "map(K, V, ...) -> MAP<K, V>"
	mk := func(args []ir.Type) (*ir.Signature, error) {
		if len(args)%2 != 0 {
			return nil, fmt.Errorf("map expects an even number of arguments (key, value pairs), not %d", len(args))
		}
		k, v, err := mapTypes(args)
		if err != nil {
			return nil, err
		}
		ps := make([]ir.Type, len(args))
		for i := range ps {
			ps[i] = k
			if i%2 == 1 {
				ps[i] = v
			}
		}
		return &ir.Signature{Params: ps, Ret: ir.MapOf(k, v), MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			if e, ok := leftmostErr(outs); ok {
				return e
			}
			vals := make([]any, 0, len(outs)/2*3)
			for j := 0; j < len(outs); j += 2 {
				if outs[j].V == nil {
					return ir.Outcome{Err: rt.ErrNullMapKey}
				}
				vals = append(vals, outs[j].V, outs[j+1].V, outs[j+1].V == nil)
			}
			r, err := buildMap(vals)
			return ir.Outcome{V: r, Err: err}
		}}, nil
	}
	fn := &ir.Function{
		Name: "map",
		Doc: "The map of the key/value pairs k1, v1, ... (keys of one common type, values of another; map() is an empty MAP<VARCHAR, VARCHAR>). " +
			"A NULL key raises NULL_MAP_KEY and a repeated key DUPLICATED_MAP_KEY (Spark's default mapKeyDedupPolicy); a NULL value is kept.",
		Synopsis: []string{syn},
		Errors:   errs(rt.NullMapKey, rt.DuplicatedMapKey),
		Resolve:  mk,
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		t := c.Sig.Ret
		if len(c.Args) == 0 {
			return &ir.Const{T: t, V: &ir.MapValue{}}
		}
		var args []ir.Expr
		for j := 0; j < len(c.Args); j += 2 {
			k, v := c.Args[j], c.Args[j+1]
			args = append(args,
				&ir.Coalesce{Args: []ir.Expr{k, &ir.Const{T: *t.Key, Err: rt.ErrNullMapKey}}, T: *t.Key},
				&ir.Coalesce{Args: []ir.Expr{v, &ir.Const{T: *t.Value, V: zeroOf(*t.Value)}}, T: *t.Value},
				&ir.IsNull{Arg: v})
		}
		return callOf(mapBuild, args...)
	}
	return fn
}

func init() {
	register(mapFn())
}

// concatMaps is map_concat's Eval: the entries of the maps in order, a key
// in two of them DUPLICATED_MAP_KEY.
func concatMaps(args []any) (any, *ir.EvalError) {
	r := &ir.MapValue{}
	for _, a := range args {
		m := a.(*ir.MapValue)
		for j, k := range m.Keys {
			if _, dup := mapLookup(r, k); dup {
				return nil, rt.DuplicateMapKey(k)
			}
			r.Keys = append(r.Keys, k)
			r.Values = append(r.Values, m.Values[j])
		}
	}
	return r, nil
}

func mapConcatFn() *ir.Function {
	const syn = "map_concat(MAP<K, V>, ...) -> MAP<K, V>"
	return &ir.Function{
		Name: "map_concat",
		Doc: "The union of maps m1, ... of one type, entries in order; NULL when any map is NULL. " +
			"A key in two of them raises DUPLICATED_MAP_KEY (Spark's default mapKeyDedupPolicy).",
		Synopsis: []string{syn},
		Strict:   true,
		Errors:   errs(rt.DuplicatedMapKey),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError("map_concat", len(args), 1)
			}
			var t *ir.Type
			for _, a := range args {
				if a.Kind == ir.KindMap {
					if t != nil && !t.Equal(a) {
						return nil, fmt.Errorf("map_concat needs maps of one type, not %s and %s; use CAST", *t, a)
					}
					t = &a
				} else if a.Kind != ir.KindNull {
					return nil, noOverload("map_concat", args, []string{syn})
				}
			}
			m := ir.MapOf(tStr, tStr)
			if t != nil {
				m = *t
			}
			return sig(m, raw(concatMaps, true), repeat(m, len(args))...), nil
		},
	}
}

func init() {
	register(mapConcatFn())
}

// strToMap is str_to_map's Eval: the text's pairs as a MAP<VARCHAR, VARCHAR>,
// with Spark's default delimiters ',' and ':' for those not given.
func strToMap(args []any) (any, *ir.EvalError) {
	pair, kv := ",", ":"
	if len(args) > 1 {
		pair = args[1].(string)
	}
	if len(args) > 2 {
		kv = args[2].(string)
	}
	keys, vals, null, err := rt.StrToMap(args[0].(string), pair, kv)
	if err != nil {
		return nil, err
	}
	m := &ir.MapValue{Keys: make([]any, len(keys)), Values: make([]any, len(keys))}
	for j, k := range keys {
		m.Keys[j] = k
		if !null[j] {
			m.Values[j] = vals[j]
		}
	}
	return m, nil
}

func init() {
	m := ir.MapOf(tStr, tStr)
	register(strict("str_to_map",
		"The map of the pairs of text, split at each match of pairDelim (default ',') and each pair at the first match of keyValueDelim (default ':'), "+
			"both Java regular expressions (Spark's UTF8String.split; an empty delimiter splits between characters). "+
			"A pair without keyValueDelim maps its key to NULL; '' gives {'': NULL}; a repeated key raises DUPLICATED_MAP_KEY (Spark's default mapKeyDedupPolicy)."+
			" A delimiter RE2 cannot run with Java's meaning raises INVALID_PARAMETER_VALUE.PATTERN when evaluated (docs/semantics.md 6.4.1).",
		errs(rt.DuplicatedMapKey, ir.ErrInvalidPattern),
		sig(m, raw(strToMap, true), tStr),
		sig(m, raw(strToMap, true), tStr, tStr),
		sig(m, raw(strToMap, true), tStr, tStr, tStr)))
}
