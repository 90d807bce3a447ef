package batch

import (
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// mapFuncs are the map functions a MAP kind runs over its vectors, typed
// for its key and value types: the per-row work of codegen's emitMapCall,
// emitMapColumnCall and emitMapBuild, through the same vec helpers.
type mapFuncs interface {
	// lookup is subscript, element_at, map_contains_key or cardinality
	// over the map args[0] and (but for cardinality) the key args[1] of
	// type key.
	lookup(fn string, key ir.Type, args []step, sel func(*frame) vec.Sel) (step, error)
	// lookupColumn is lookup over the MAP input column col, read in place
	// (args[0], which would read it as a vector, is not run).
	lookupColumn(fn string, col int, key ir.Type, args []step, sel func(*frame) vec.Sel) (step, error)
	// buildMap is map_build over its (key, value, value is NULL) triples
	// of types ts.
	buildMap(ts []ir.Type, args []step, sel func(*frame) vec.Sel) (step, error)
	// concat is map_concat over the maps args; toJSON is to_json over
	// the map args[0].
	concat(args []step, sel func(*frame) vec.Sel) step
	toJSON(args []step, sel func(*frame) vec.Sel) step
}

// mapCall compiles CallMap, a lookup in a computed map (MapRef.Get, Len),
// and CallMapColumn, a lookup in a MAP input column in place
// (vec.FindString, CountString ...), as the printer emits them.
func (c *compiler) mapCall(n *lower.Node, sel func(*frame) vec.Sel) (step, error) {
	e := n.Expr.(*ir.Call)
	mf, err := c.mapFuncs(n.Args[0].Expr.Type())
	if err != nil {
		return nil, err
	}
	args, err := c.steps(n.Args)
	if err != nil {
		return nil, err
	}
	var key ir.Type
	if len(n.Args) > 1 {
		key = n.Args[1].Expr.Type()
	}
	if col := n.Args[0].MapColumn(); n.Call == lower.CallMapColumn && col != nil {
		return mf.lookupColumn(e.Fn.Name, col.Index, key, args, sel)
	}
	return mf.lookup(e.Fn.Name, key, args, sel)
}

// mapBuild compiles CallMapBuild: map_build, map_concat, str_to_map and
// to_json.
func (c *compiler) mapBuild(n *lower.Node, sel func(*frame) vec.Sel) (step, error) {
	e := n.Expr.(*ir.Call)
	if e.Fn.Name == "str_to_map" {
		return c.strToMap(n, sel)
	}
	t := e.Sig.Ret
	if e.Fn.Name == "to_json" {
		t = n.Args[0].Expr.Type()
	}
	mf, err := c.mapFuncs(t)
	if err != nil {
		return nil, err
	}
	args, err := c.steps(n.Args)
	if err != nil {
		return nil, err
	}
	switch e.Fn.Name {
	case "to_json":
		return mf.toJSON(args, sel), nil
	case "map_concat":
		return mf.concat(args, sel), nil
	case "map_build":
		ts := make([]ir.Type, len(n.Args))
		for i, a := range n.Args {
			ts[i] = a.Expr.Type()
		}
		return mf.buildMap(ts, args, sel)
	}
	return nil, unsupported("the MAP function %s", e.Fn.Name)
}

// mapFuncs is the map functions of MAP type t.
func (c *compiler) mapFuncs(t ir.Type) (mapFuncs, error) {
	k, err := kindOf(t)
	if err != nil {
		return nil, err
	}
	mf, ok := k.(mapFuncs)
	if !ok {
		return nil, unsupported("map functions over values of type %s", t)
	}
	return mf, nil
}

// runArgs runs the steps of a call's arguments in order, as the printer
// emits them before the call.
func runArgs(fr *frame, args []step) []operand {
	out := make([]operand, len(args))
	for i, a := range args {
		out[i] = a(fr)
	}
	return out
}

func (m *mapKind[K, V]) lookup(fn string, key ir.Type, args []step, sel func(*frame) vec.Sel) (step, error) {
	if fn == "cardinality" {
		return func(fr *frame) operand {
			s, o := sel(fr), runArgs(fr, args)
			ma := argOf(m.ops, o[0], fr.n)
			res := vec.Make[int32](fr.n)
			for l := strictRows(&res, s, fr.n, ma.flags(nil)); ; {
				i, ok := l.row()
				if !ok {
					break
				}
				res.V[i] = ma.at(i).Len()
			}
			return operand{vec: &res}
		}, nil
	}
	if kk, err := kindOf(key); err != nil {
		return nil, err
	} else if _, ok := kk.(ops[K]); !ok {
		return nil, unsupported("%s with a key of type %s", fn, key)
	}
	if fn == "map_contains_key" {
		return func(fr *frame) operand {
			s, o := sel(fr), runArgs(fr, args)
			ma, ka := argOf(m.ops, o[0], fr.n), argOf(m.key, o[1], fr.n)
			res := vec.Make[bool](fr.n)
			for l := strictRows(&res, s, fr.n, ka.flags(ma.flags(nil))); ; {
				i, ok := l.row()
				if !ok {
					break
				}
				_, res.V[i], _ = ma.at(i).Get(ka.at(i))
			}
			return operand{vec: &res}
		}, nil
	}
	// subscript fails on a missing key with MAP_KEY_DOES_NOT_EXIST naming
	// it, element_at is NULL there
	subscript := fn == "subscript"
	return func(fr *frame) operand {
		s, o := sel(fr), runArgs(fr, args)
		ma, ka := argOf(m.ops, o[0], fr.n), argOf(m.key, o[1], fr.n)
		res := vec.Make[V](fr.n)
		for l := strictRows(&res, s, fr.n, ka.flags(ma.flags(nil))); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			k := ka.at(i)
			v, found, null := ma.at(i).Get(k)
			switch {
			case !found && subscript:
				res.SetErr(i, m.missing(k))
			case !found || null:
				res.SetNull(i)
			default:
				res.V[i] = v
			}
		}
		return operand{vec: &res}
	}, nil
}

func (m *mapKind[K, V]) buildMap(ts []ir.Type, args []step, sel func(*frame) vec.Sel) (step, error) {
	if len(ts)%3 != 0 || len(ts) == 0 {
		return nil, unsupported("map_build of %d arguments", len(ts))
	}
	bools := kinds[ir.KindBoolean].(ops[bool])
	for j := 0; j < len(ts); j += 3 {
		kk, err1 := kindOf(ts[j])
		vk, err2 := kindOf(ts[j+1])
		if err1 != nil || err2 != nil {
			return nil, unsupported("map_build of types %s, %s", ts[j], ts[j+1])
		}
		_, okK := kk.(ops[K])
		_, okV := vk.(ops[V])
		if !okK || !okV || ts[j+2].Kind != ir.KindBoolean {
			return nil, unsupported("map_build of types %s, %s, %s", ts[j], ts[j+1], ts[j+2])
		}
	}
	cnt := len(ts) / 3
	return func(fr *frame) operand {
		s, o := sel(fr), runArgs(fr, args)
		keys, vals, nulls := make([]rowArg[K], cnt), make([]rowArg[V], cnt), make([]rowArg[bool], cnt)
		var fs []vec.Flags
		for j := range cnt {
			keys[j], vals[j], nulls[j] = argOf(m.key, o[3*j], fr.n), argOf(m.val, o[3*j+1], fr.n), argOf(bools, o[3*j+2], fr.n)
			fs = nulls[j].flags(vals[j].flags(keys[j].flags(fs)))
		}
		res := vec.Make[vec.MapRef[K, V]](fr.n)
		for l := strictRows(&res, s, fr.n, fs); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			// the map keeps the slices: fresh ones per row
			ks, vs, ns := make([]K, cnt), make([]V, cnt), make([]bool, cnt)
			for j := range cnt {
				ks[j], vs[j], ns[j] = keys[j].at(i), vals[j].at(i), nulls[j].at(i)
			}
			r, err := vec.BuildMap(ks, vs, ns)
			if err != nil {
				res.Fail(i, err)
				continue
			}
			res.V[i] = r
		}
		return operand{vec: &res}
	}, nil
}

func (m *mapKind[K, V]) concat(args []step, sel func(*frame) vec.Sel) step {
	return func(fr *frame) operand {
		s, o := sel(fr), runArgs(fr, args)
		ms := make([]rowArg[vec.MapRef[K, V]], len(o))
		var fs []vec.Flags
		for j := range o {
			ms[j] = argOf(m.ops, o[j], fr.n)
			fs = ms[j].flags(fs)
		}
		res := vec.Make[vec.MapRef[K, V]](fr.n)
		row := make([]vec.MapRef[K, V], len(ms)) // ConcatMaps keeps none of it
		for l := strictRows(&res, s, fr.n, fs); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			for j := range ms {
				row[j] = ms[j].at(i)
			}
			r, err := vec.ConcatMaps(row...)
			if err != nil {
				res.Fail(i, err)
				continue
			}
			res.V[i] = r
		}
		return operand{vec: &res}
	}
}

// toJSON is to_json(m [, options]): the options, a constant map that sets
// nothing, are not read.
func (m *mapKind[K, V]) toJSON(args []step, sel func(*frame) vec.Sel) step {
	return func(fr *frame) operand {
		s, o := sel(fr), runArgs(fr, args)
		ma := argOf(m.ops, o[0], fr.n)
		res := vec.Make[string](fr.n)
		for l := strictRows(&res, s, fr.n, ma.flags(nil)); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			res.V[i] = vec.MapToJSON(ma.at(i), m.jsonKey, m.jsonVal)
		}
		return operand{vec: &res}
	}
}

// strToMap is str_to_map(text, pairDelim, keyValueDelim), as codegen's
// emitStrToMap: a constant delimiter (or a default, ',' and ':') compiled
// once, a data-dependent one per row (rt's bounded pattern cache), strict
// over the text and the data-dependent delimiters.
func (c *compiler) strToMap(n *lower.Node, sel func(*frame) vec.Sel) (step, error) {
	e := n.Expr.(*ir.Call)
	ret, err := kindOf(e.Sig.Ret)
	if err != nil {
		return nil, err
	}
	if !ret.is(new(vec.Vec[vec.MapRef[string, string]])) {
		return nil, unsupported("str_to_map returning %s", e.Sig.Ret)
	}
	strs := kinds[ir.KindVarchar].(ops[string])
	args, err := c.steps(n.Args)
	if err != nil {
		return nil, err
	}
	defaults := [...]string{",", ":"}
	var fixed [2]*rt.StrToMapDelim
	for d := range 2 {
		i := d + 1
		if i >= len(e.Args) {
			dl := rt.CompileStrToMapDelim(defaults[d])
			fixed[d] = &dl
			continue
		}
		if k, ok := e.Args[i].(*ir.Const); ok && k.Err == nil && k.V != nil {
			dl := rt.CompileStrToMapDelim(k.V.(string))
			fixed[d] = &dl
		}
	}
	return func(fr *frame) operand {
		s, o := sel(fr), runArgs(fr, args)
		text := argOf(strs, o[0], fr.n)
		fs := text.flags(nil)
		var row [2]rowArg[string]
		for d := range 2 {
			if fixed[d] == nil {
				row[d] = argOf(strs, o[d+1], fr.n)
				fs = row[d].flags(fs)
			}
		}
		res := vec.Make[vec.MapRef[string, string]](fr.n)
		for l := strictRows(&res, s, fr.n, fs); ; {
			i, ok := l.row()
			if !ok {
				break
			}
			var dl [2]rt.StrToMapDelim
			for d := range 2 {
				if fixed[d] != nil {
					dl[d] = *fixed[d]
				} else {
					dl[d] = rt.CompileStrToMapDelim(row[d].at(i))
				}
			}
			r, err := vec.StrToMap(text.at(i), dl[0], dl[1])
			if err != nil {
				res.Fail(i, err)
				continue
			}
			res.V[i] = r
		}
		return operand{vec: &res}
	}, nil
}
