package codegen

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
)

// emitMapCall emits m[k], element_at, map_contains_key and cardinality: strict
// calls whose per-row work is a lookup in the MAP value's entries.
func (f *funcGen) emitMapCall(e *ir.Call, args []operand, sel, base string) operand {
	return f.emitRows(e.Sig.Ret, e.Fn.Name == "subscript", false, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		switch e.Fn.Name {
		case "cardinality":
			return []jen.Code{set(jen.Add(vals[0]).Dot("Len").Call())}
		case "map_contains_key":
			found := f.local("found")
			return []jen.Code{
				jen.List(jen.Id("_"), jen.Id(found), jen.Id("_")).Op(":=").Add(vals[0]).Dot("Get").Call(vals[1]),
				set(jen.Id(found)),
			}
		}
		v, found, isNull := f.local("value"), f.local("found"), f.local("isNull")
		missing := missingKey(e, vals[1], res)
		return []jen.Code{
			jen.List(jen.Id(v), jen.Id(found), jen.Id(isNull)).Op(":=").Add(vals[0]).Dot("Get").Call(vals[1]),
			jen.If(jen.Op("!").Id(found)).Block(missing, jen.Continue()),
			jen.If(jen.Id(isNull)).Block(jen.Id(res).Dot("SetNull").Call(jen.Id("i")), jen.Continue()),
			set(jen.Id(v)),
		}
	}, nil)
}

// missingKey is the statement for a row whose key the map lacks: m[k] fails
// with MAP_KEY_DOES_NOT_EXIST naming the key, element_at is NULL.
func missingKey(e *ir.Call, key jen.Code, res string) jen.Code {
	if e.Fn.Name != "subscript" {
		return jen.Id(res).Dot("SetNull").Call(jen.Id("i")) // res.SetNull(i)
	}
	k := kinds.Of(*e.Args[0].Type().Key)
	if k.KeyWiden != "" {
		key = jen.Id(k.KeyWiden).Parens(key)
	}
	// res.SetErr(i, rt.MapKeyNotExistString(key))
	return jen.Id(res).Dot("SetErr").Call(jen.Id("i"), jen.Qual(rtPkg, k.MissingKey).Call(key))
}

// emitGreatest emits greatest/least, which are not strict: NULL arguments are
// skipped (NULL only when all are NULL), and an error argument is the outcome
// (the leftmost one), as docs/semantics.md defines.
func (f *funcGen) emitGreatest(e *ir.Call, args []operand, sel, base string) operand {
	cmpName := "gt"
	if e.Fn.Name == "least" {
		cmpName = "lt"
	}
	cmpSig, err := functions.Lookup(cmpName).Resolve([]ir.Type{e.Sig.Ret, e.Sig.Ret})
	if err != nil {
		panic("codegen: " + err.Error())
	}
	vecs := make([]string, len(args))
	for i, a := range args {
		vecs[i] = f.vector(a, sel)
	}
	res := f.fresh(base)
	f.add(jen.Id(res).Op(":=").Qual(vecPkg, "Make").Types(goType(e.Sig.Ret)).Call(jen.Id("n")))
	body := []jen.Code{jen.Id("i").Op(":=").Id(sel).Dot("Row").Call(jen.Id("k"))}
	for _, v := range vecs {
		body = append(body, jen.If(jen.Id("e").Op(":=").Id(v).Dot("ErrAt").Call(jen.Id("i")), jen.Id("e").Op("!=").Nil()).
			Block(jen.Id(res).Dot("SetErr").Call(jen.Id("i"), jen.Id("e")), jen.Continue()))
	}
	best, have := f.local("best"), f.local("have")
	body = append(body, jen.Var().Id(best).Add(goType(e.Sig.Ret)), jen.Id(have).Op(":=").False())
	// TINYINT and SMALLINT compare as INT, FLOAT as DOUBLE (exact
	// widenings): the kernel takes the wider Go type.
	widen := func(c jen.Code) jen.Code { return c }
	if !cmpSig.Params[0].Equal(e.Sig.Ret) {
		widen = func(c jen.Code) jen.Code { return jen.Add(goType(cmpSig.Params[0])).Parens(c) }
	}
	for _, v := range vecs {
		x := jen.Id(v).Dot("V").Index(jen.Id("i"))
		body = append(body, jen.If(jen.Op("!").Id(v).Dot("IsNull").Call(jen.Id("i")).Op("&&").Parens(
			jen.Op("!").Id(have).Op("||").Qual(rtPkg, cmpSig.Kernel).Call(widen(x), widen(jen.Id(best))))).
			Block(jen.List(jen.Id(best), jen.Id(have)).Op("=").List(x, jen.True())))
	}
	body = append(body,
		jen.If(jen.Op("!").Id(have)).Block(jen.Id(res).Dot("SetNull").Call(jen.Id("i")), jen.Continue()),
		jen.Id(res).Dot("V").Index(jen.Id("i")).Op("=").Id(best))
	f.add(jen.For(jen.List(jen.Id("k"), jen.Id("cnt")).Op(":=").List(jen.Lit(0), jen.Id(sel).Dot("Rows").Call(jen.Id("n"))),
		jen.Id("k").Op("<").Id("cnt"), jen.Id("k").Op("++")).Block(body...))
	return operand{t: e.Sig.Ret, vec: res}
}

// matcherVar is a LIKE or regular-expression pattern compiled once, when the
// package is initialised, because the pattern is a constant.
type matcherVar struct{ name, err string }

// matcher returns the package-level matcher for a LIKE or regular-expression
// call whose pattern (and escape) are constants. A regular expression's is
// per function, whose name its error carries. A get_json_object call's is its
// constant path, compiled once (rt.CompileJSONPath never fails: an invalid
// path gives NULL).
func (f *funcGen) matcher(e *ir.Call) *matcherVar {
	pattern, esc, _ := ir.PatternLits(e)
	key := e.Fn.Name + "\x00" + pattern
	if e.Fn.Name == "like" && len(e.Args) > 2 {
		key += "\x00" + esc
	}
	jsonPath := rt.IsJSONPathKernel(e.Sig.Kernel)
	if jsonPath {
		key = "\x00jsonpath\x00" + pattern // get_json_object and its guard share the path
	}
	if m, ok := f.file.matchers[key]; ok {
		return m
	}
	base, what := matcherBase(e.Fn.Name)+"Pattern", " pattern "
	if jsonPath {
		base, what = "jsonPath", " path "
	}
	m := &matcherVar{name: f.file.global(f, base)}
	m.err = f.file.global(f, m.name+"Err")
	var init jen.Code
	switch {
	case jsonPath:
		init = jen.Qual(rtPkg, "CompileJSONPath").Call(jen.Lit(pattern))
		f.file.globalTypes[m.name] = "*rt.JSONPath"
	case e.Fn.Name != "like":
		init = jen.Qual(rtPkg, "CompileRegex").Call(jen.Lit(e.Fn.Name), jen.Lit(pattern))
		f.file.globalTypes[m.name] = "*rt.Regex"
	default:
		init = jen.Qual(rtPkg, "CompileLike").Call(jen.Lit(pattern), jen.Lit(esc))
		f.file.globalTypes[m.name] = "*rt.LikeMatcher"
	}
	f.file.globalTypes[m.err] = "*rt.Error"
	f.file.decls = append(f.file.decls,
		jen.Comment(comment(e.Fn.Name+what+ir.Format(e.Args[1])+", compiled once")),
		jen.Var().List(jen.Id(m.name), jen.Id(m.err)).Op("=").Add(init))
	f.file.matchers[key] = m
	return m
}

// mapVars are the variables reading a MAP input column in place: the map array,
// its key array (a *array.String, or the values slice of an integer array) and
// its typed item array.
type mapVars struct{ arr, keys, items string }

// mapArrays declares (once, at the top of the function) the variables that read
// a MAP input column in place.
func (f *funcGen) mapArrays(c *ir.ColumnRef) mapVars {
	if m, ok := f.maps[c.Index]; ok {
		f.use(m.arr)
		f.use(m.keys)
		return m
	}
	base := f.colNames[c.Index]
	m := mapVars{arr: f.fresh(base + "Arr"), keys: f.fresh(base + "Keys"), items: f.fresh(base + "Items")}
	f.maps[c.Index] = m
	t := c.T
	f.prologue = append(f.prologue,
		jen.Id(m.arr).Op(":=").Id("in").Dot("Column").Call(jen.Lit(c.Index)).Assert(jen.Op("*").Qual(arrayPkg, "Map")))
	// infoKeys := vec.StringKeys(infoArr.Keys())
	keys := jen.Qual(vecPkg, kinds.Of(*t.Key).MapKeys).Call(jen.Id(m.arr).Dot("Keys").Call())
	f.prologue = append(f.prologue, jen.Id(m.keys).Op(":=").Add(keys))
	f.declareOuter(m.arr, jen.Op("*").Qual(arrayPkg, "Map"))
	keysT := jen.Qual(vecPkg, "StrKeys")
	if k := kinds.Of(*t.Key); k.MapKeys != "StringKeys" {
		keysT = jen.Index().Id(k.GoType)
	}
	f.declareOuter(m.keys, keysT)
	f.use(m.arr)
	f.use(m.keys)
	return m
}

// mapItems declares (once) the typed item array of a MAP input column.
func (f *funcGen) mapItems(c *ir.ColumnRef) string {
	m := f.mapArrays(c)
	if !f.itemsDeclared[c.Index] {
		f.itemsDeclared[c.Index] = true
		f.prologue = append(f.prologue,
			jen.Id(m.items).Op(":=").Id(m.arr).Dot("Items").Call().Assert(jen.Op("*").Qual(arrayPkg, kinds.Of(*c.T.Value).ArrowArray)))
		f.declareOuter(m.items, jen.Op("*").Qual(arrayPkg, kinds.Of(*c.T.Value).ArrowArray))
	}
	f.use(m.items)
	return m.items
}

// emitMapColumnCall emits a map function over a MAP input column, searching the
// row's entries in the column's key array in place.
func (f *funcGen) emitMapColumnCall(e *ir.Call, args []operand, sel, base string) operand {
	t := e.Args[0].Type()
	m := f.mapArrays(args[0].mcol)
	suffix := kinds.Of(*t.Key).KeySuffix
	return f.emitRows(e.Sig.Ret, e.Fn.Name == "subscript", false, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		start, end, j := f.local("start"), f.local("end"), f.local("entry")
		code := []jen.Code{jen.List(jen.Id(start), jen.Id(end)).Op(":=").Id(m.arr).Dot("ValueOffsets").Call(jen.Id("i"))}
		if e.Fn.Name == "cardinality" {
			return append(code, set(jen.Qual(vecPkg, "Count"+suffix).Call(jen.Id(m.keys), jen.Id(start), jen.Id(end))))
		}
		code = append(code, jen.Id(j).Op(":=").Qual(vecPkg, "Find"+suffix).Call(jen.Id(m.keys), jen.Id(start), jen.Id(end), vals[1]))
		if e.Fn.Name == "map_contains_key" {
			return append(code, set(jen.Id(j).Op(">=").Lit(0)))
		}
		missing := missingKey(e, vals[1], res)
		items := f.mapItems(args[0].mcol)
		value := jen.Id(items).Dot("Value").Call(jen.Id(j))
		if conv := kinds.Of(*t.Value).ItemConv; conv != "" {
			value = jen.Id(conv).Parens(value) // int32(dayItems.Value(entry)): arrow.Date32 is its own type
		}
		if conv := kinds.Of(*t.Value).ItemFunc; conv != "" {
			value = jen.Qual(vecPkg, conv).Call(value) // vec.Dec128(priceItems.Value(entry))
		}
		return append(code,
			jen.If(jen.Id(j).Op("<").Lit(0)).Block(missing, jen.Continue()),
			jen.If(jen.Id(items).Dot("IsNull").Call(jen.Id(j))).Block(jen.Id(res).Dot("SetNull").Call(jen.Id("i")), jen.Continue()),
			set(value))
	}, nil)
}

// matcherBase is the name a function's matcher variables start with:
// likePattern, rlikePattern, regexpReplacePattern ...
func matcherBase(fn string) string {
	parts := strings.Split(fn, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

// emitMapBuild emits map()'s map_build: per row, vec.BuildMap over slices
// of the keys, the values and the values' NULL flags (its triples of
// arguments), which fails on a repeated key.
func (f *funcGen) emitMapBuild(e *ir.Call, args []operand, sel, base string) operand {
	t := e.Sig.Ret
	if e.Fn.Name == "str_to_map" {
		return f.emitStrToMap(e, args, sel, base)
	}
	if e.Fn.Name == "to_json" {
		return f.emitToJSON(e, args, sel, base)
	}
	if e.Fn.Name == "map_concat" {
		for i, a := range args {
			if a.mcol != nil { // the maps are values here, not lookups in place
				args[i] = operand{t: a.t, vec: f.vector(a, sel)}
			}
		}
		// r, err := vec.ConcatMaps(m1, m2)
		return f.emitRows(t, e.Sig.MayError, false, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
			return rowResult(jen.Qual(vecPkg, "ConcatMaps").Call(vals...), true, set, res)
		}, nil)
	}
	return f.emitRows(t, e.Sig.MayError, false, args, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		var keys, values, nulls []jen.Code
		for j := 0; j+2 < len(vals); j += 3 {
			keys, values, nulls = append(keys, vals[j]), append(values, vals[j+1]), append(nulls, vals[j+2])
		}
		// r, err := vec.BuildMap([]string{k1, k2}, []int64{v1, v2}, []bool{n1, n2})
		call := jen.Qual(vecPkg, "BuildMap").Call(
			jen.Index().Add(goType(*t.Key)).Values(keys...),
			jen.Index().Add(goType(*t.Value)).Values(values...),
			jen.Index().Bool().Values(nulls...))
		return rowResult(call, true, set, res)
	}, nil)
}

// paddedConsts returns the package-level table, named from base, of the
// constant VARCHAR values among values (the results of a chosen CASE, the
// parts of a concatenation; the others "", never read), each readable 8
// bytes past its start (vec.PaddedStrings), made once.
//
//	var caseResults = [3]string(vec.PaddedStrings("FOO", "BAR", ""))
func (f *funcGen) paddedConsts(base string, values []*lower.Row) string {
	lits := make([]jen.Code, len(values))
	key := "\x00padded"
	for k, r := range values {
		v := ""
		if r.Op == lower.RowConst {
			v = r.Const.V.(string)
		}
		lits[k] = jen.Lit(v)
		key += "\x00" + strconv.Quote(v)
	}
	if m, ok := f.file.matchers[key]; ok {
		return m.name
	}
	m := &matcherVar{name: f.file.global(f, base)}
	typ := "[" + strconv.Itoa(len(values)) + "]string"
	f.file.globalTypes[m.name] = typ
	f.file.decls = append(f.file.decls,
		jen.Comment(m.name+" are constant strings each readable 8 bytes past its start, which"),
		jen.Comment("vec.StringOut.AppendShort copies as one word."),
		jen.Var().Id(m.name).Op("=").Index(jen.Lit(len(values))).String().Parens(jen.Qual(vecPkg, "PaddedStrings").Call(lits...)))
	f.file.matchers[key] = m
	return m.name
}

// strToMapDelim returns the package-level str_to_map delimiter compiled once
// from a constant pattern (rt.CompileStrToMapDelim, whose error is raised on
// each non-NULL row).
func (f *funcGen) strToMapDelim(pattern string) string {
	return f.onceVar("str_to_map", pattern, "strToMapDelim", "rt.StrToMapDelim",
		"str_to_map delimiter "+strconv.Quote(pattern)+", compiled once", jen.Qual(rtPkg, "CompileStrToMapDelim").Call(jen.Lit(pattern)))
}

// emitStrToMap emits str_to_map(text, pairDelim, keyValueDelim): per row,
// vec.StrToMap over the text and the two delimiters, a constant one (or a
// default, ',' and ':') compiled once, a data-dependent one per row through
// rt's bounded pattern cache.
func (f *funcGen) emitStrToMap(e *ir.Call, args []operand, sel, base string) operand {
	defaults := [...]string{",", ":"}
	rest := args[:1:1]
	var globals [2]string
	var index [2]int
	for d := range 2 {
		i := d + 1
		if i >= len(e.Args) {
			globals[d] = f.strToMapDelim(defaults[d])
			continue
		}
		if c, ok := e.Args[i].(*ir.Const); ok && c.Err == nil && c.V != nil {
			globals[d] = f.strToMapDelim(c.V.(string))
			continue
		}
		index[d] = len(rest)
		rest = append(rest, args[i])
	}
	return f.emitRows(e.Sig.Ret, true, false, rest, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		call := []jen.Code{vals[0]}
		for d := range 2 {
			if globals[d] != "" {
				call = append(call, jen.Id(globals[d]))
			} else {
				call = append(call, jen.Qual(rtPkg, "CompileStrToMapDelim").Call(vals[index[d]]))
			}
		}
		// r, err := vec.StrToMap(s, strToMapDelim, strToMapDelim2)
		return rowResult(jen.Qual(vecPkg, "StrToMap").Call(call...), true, set, res)
	}, nil)
}

// emitToJSON emits to_json(m [, options]): per row, vec.MapToJSON over the
// map with the writers of its key and value types (the options, a constant
// map that sets nothing, are not read).
func (f *funcGen) emitToJSON(e *ir.Call, args []operand, sel, base string) operand {
	t := e.Args[0].Type()
	a := args[0]
	if a.mcol != nil { // the map is a value here, not a lookup in place
		a = operand{t: a.t, vec: f.vector(a, sel)}
	}
	key := jen.Qual(rtPkg, kinds.Of(*t.Key).JSONKey)
	var val jen.Code
	if t.Value.Kind == ir.KindDecimal {
		name := f.file.global(f, "jsonDecimal")
		f.file.globalTypes[name] = "func([]byte, rt.Decimal) []byte"
		f.file.decls = append(f.file.decls,
			jen.Comment(comment("to_json's writer of DECIMAL values of scale "+strconv.Itoa(t.Value.S()))),
			jen.Var().Id(name).Op("=").Qual(rtPkg, "JSONDecimalWriter").Call(jen.Lit(t.Value.S())))
		val = jen.Id(name)
	} else {
		val = jen.Qual(rtPkg, kinds.Of(*t.Value).JSONValue)
	}
	return f.emitRows(e.Sig.Ret, false, false, []operand{a}, sel, base, func(vals []jen.Code, set func(jen.Code) jen.Code, res string) []jen.Code {
		// s := vec.MapToJSON(m, rt.AppendJSONKeyString, rt.AppendJSONInt64)
		return []jen.Code{set(jen.Qual(vecPkg, "MapToJSON").Call(vals[0], key, val))}
	}, nil)
}
