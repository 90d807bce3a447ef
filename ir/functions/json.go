package functions

import (
	"errors"
	"fmt"
	"slices"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's JSON functions over VARCHAR (templates/rt/json.go).
func init() {
	register(guarded("json_array_length",
		"The number of elements of the JSON array s (Spark 3.5): NULL when s is not an array or is not well-formed JSON up to the array's end (Jackson's rules as Spark sets them: raw control characters allowed in strings, at most 1000 levels of nesting and 1000-character numbers); what follows the array is not read.",
		nil,
		domain("json_array_length_domain", sig(tBool, ok1(rt.JSONArrayLengthDefined), tStr)),
		sig(tInt, ok1(rt.JSONArrayLength), tStr)))
}

func init() {
	register(guarded("get_json_object",
		"The value at path in the JSON document json, as Spark's GetJsonObject: the path is '$' followed by .name, ['name'], [n], [*] (.* and ['*'] parse but never match); a string result is unquoted, objects and arrays are compact JSON (numbers normalised, floats as Java prints a double); the matches of [*] are an array, unwrapped when there is one (Hive's rules). NULL when the path is invalid or does not match, the value is a JSON null, or the document is not well-formed JSON (Jackson's rules as Spark sets them: single-quoted strings and raw control characters allowed). A constant path is parsed once.",
		nil,
		domain("get_json_object_domain", sig(tBool, ok2(rt.GetJSONObjectDefined), tStr, tStr)),
		sig(tStr, ok2(rt.GetJSONObject), tStr, tStr)))
}

// schemaFns are the schema_of_* functions, whose arguments must be
// constants: they are computed at compile time. Each returns the DDL for
// the constant arguments, or why they are refused.
var schemaFns = map[string]func(args []ir.Expr) (string, error){
	"schema_of_json": func(args []ir.Expr) (string, error) {
		s, err := schemaText(args[0])
		if err != nil {
			return "", err
		}
		ddl, ok := rt.SchemaOfJSON(s)
		if !ok {
			return "", errors.New("the argument is not a JSON value: " + s)
		}
		return ddl, nil
	},
}

// schemaText is the text argument of a schema_of_* call, which must be a
// constant, non-NULL string.
func schemaText(a ir.Expr) (string, error) {
	c, ok := a.(*ir.Const)
	s, isStr := "", false
	if ok && c.Err == nil {
		s, isStr = c.V.(string)
	}
	if !isStr {
		return "", errors.New("the argument must be a constant, non-NULL string, as Spark requires a foldable one")
	}
	return s, nil
}

// schemaExpansion replaces a schema_of_* call by its DDL, a constant (the
// binder has checked the arguments with CheckConstArgs).
func schemaExpansion(c *ir.Call) ir.Expr {
	s, _ := schemaFns[c.Fn.Name](c.Args)
	return &ir.Const{T: tStr, V: s}
}

func init() {
	fn := strict("schema_of_json",
		"The schema Spark infers from the JSON text json (a constant: computed at compile time), in Spark's DDL: objects are STRUCT<name: type, ...> with fields sorted by name, arrays ARRAY<element> (elements' types merged: BIGINT and DOUBLE make DOUBLE, other mixes STRING), integers BIGINT (DECIMAL(p,0) beyond it), fractions DOUBLE, null STRING; a text that is not one JSON value is a compile error.",
		nil,
		sig(tStr, ok1(rt.SchemaOfJSONText), tStr))
	expansions[fn] = schemaExpansion
	register(fn)
}

// to_json over a MAP (Spark's StructsToJson; exprc has no STRUCT or ARRAY).

const toJSONSyn = "to_json(MAP<K, V> [, MAP<VARCHAR, VARCHAR> options]) -> VARCHAR"

// jsonKeyWriter and jsonValueWriter are the rt writers of a map's keys and
// values (shared by the interpreter and generated code).
func jsonKeyWriter(k ir.Type) func([]byte, any) []byte {
	switch k.Kind {
	case ir.KindInt:
		return func(b []byte, x any) []byte { return rt.AppendJSONKeyInt32(b, x.(int32)) }
	case ir.KindBigint:
		return func(b []byte, x any) []byte { return rt.AppendJSONKeyInt64(b, x.(int64)) }
	}
	return func(b []byte, x any) []byte { return rt.AppendJSONKeyString(b, x.(string)) }
}

func jsonValueWriter(v ir.Type) func([]byte, any) []byte {
	switch v.Kind {
	case ir.KindBoolean:
		return func(b []byte, x any) []byte { return rt.AppendJSONBool(b, x.(bool)) }
	case ir.KindInt:
		return func(b []byte, x any) []byte { return rt.AppendJSONInt32(b, x.(int32)) }
	case ir.KindBigint:
		return func(b []byte, x any) []byte { return rt.AppendJSONInt64(b, x.(int64)) }
	case ir.KindDouble:
		return func(b []byte, x any) []byte { return rt.AppendJSONDouble(b, x.(float64)) }
	case ir.KindDate:
		return func(b []byte, x any) []byte { return rt.AppendJSONDate(b, int32(x.(ir.Date))) }
	case ir.KindDecimal:
		w := rt.JSONDecimalWriter(v.S())
		return func(b []byte, x any) []byte { return w(b, x.(rt.Decimal)) }
	}
	return func(b []byte, x any) []byte { return rt.AppendJSONString(b, x.(string)) }
}

// toJSONEval is to_json's Eval over maps of type m.
func toJSONEval(m ir.Type) kernel {
	key, val := jsonKeyWriter(*m.Key), jsonValueWriter(*m.Value)
	return func(args []any) (any, *ir.EvalError) {
		mv := args[0].(*ir.MapValue)
		b := []byte{'{'}
		for j, k := range mv.Keys {
			if j > 0 {
				b = append(b, ',')
			}
			b = append(key(b, k), ':')
			if mv.Values[j] == nil {
				b = append(b, "null"...)
			} else {
				b = val(b, mv.Values[j])
			}
		}
		return string(append(b, '}')), nil
	}
}

// checkToJSONOptions refuses to_json's options unless they are a constant
// map() of strings (Spark's ExprUtils.convertToMapData) that sets no option:
// exprc implements none of JSONOptions' yet, so each is refused by name
// rather than ignored.
func checkToJSONOptions(a ir.Expr) error {
	keys, vals, ok := constMapEntries(a)
	if !ok {
		return errors.New("to_json's options must be a constant map() of strings (Spark: INVALID_OPTIONS.NON_MAP_FUNCTION)")
	}
	if len(keys) == 0 {
		return nil
	}
	if slices.Contains(vals, nil) {
		return errors.New("to_json's options must map strings to strings, not to NULL (Spark: INVALID_OPTIONS.NON_STRING_TYPE)")
	}
	return fmt.Errorf("to_json option %s is not supported by exprc (it writes with Spark's default JSON options)", ir.QuoteString(keys[0].(string)))
}

// constMapEntries returns the entries of a map of constants as the binder
// passes it to CheckConstArgs: a folded constant map (map() itself), or
// map()'s map_build over constant keys and values (folded later).
func constMapEntries(a ir.Expr) (keys, vals []any, ok bool) {
	if c, isConst := a.(*ir.Const); isConst {
		m, isMap := c.V.(*ir.MapValue)
		if c.Err != nil || !isMap {
			return nil, nil, false
		}
		return m.Keys, m.Values, true
	}
	c, isCall := a.(*ir.Call)
	if !isCall || !IsMapBuild(c) {
		return nil, nil, false
	}
	for j := 0; j+2 < len(c.Args); j += 3 {
		k, kok := coalescedConst(c.Args[j])
		v, vok := coalescedConst(c.Args[j+1])
		if !kok || !vok || k == nil {
			return nil, nil, false
		}
		keys, vals = append(keys, k), append(vals, v)
	}
	return keys, vals, true
}

// coalescedConst is the constant x of map()'s COALESCE(x, default) (nil for
// a NULL constant).
func coalescedConst(e ir.Expr) (any, bool) {
	co, ok := e.(*ir.Coalesce)
	if !ok || len(co.Args) == 0 {
		return nil, false
	}
	c, ok := co.Args[0].(*ir.Const)
	if !ok || c.Err != nil {
		return nil, false
	}
	return c.V, true
}

func init() {
	register(&ir.Function{
		Name: "to_json",
		Doc: "The JSON text of map m, as Spark's to_json writes a MAP (Jackson, default options): an object of the entries in order, keys as strings, " +
			"VARCHAR values escaped as Jackson does (\\\" \\\\ \\n ..., other control characters \\u00XX), BOOLEAN true/false, INT and BIGINT digits, " +
			"DOUBLE as Java's Double.toString (1.0, 1.0E10; NaN and Infinity quoted), DECIMAL as BigDecimal.toString (1.50, 1E-7), DATE as \"yyyy-MM-dd\", NULL values null. " +
			"NULL for a NULL map. options must be a constant map() of strings; exprc implements no option yet, so any option set is a compile error. " +
			"Spark also takes STRUCT, ARRAY and VARIANT, which exprc does not have.",
		Synopsis: []string{toJSONSyn},
		Strict:   true,
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 1 && len(args) != 2 {
				return nil, arityError("to_json", len(args), []int{1, 2})
			}
			if args[0].Kind != ir.KindMap || !mapKeyOK(*args[0].Key) || !mapValueOK(*args[0].Value) {
				return nil, fmt.Errorf("to_json takes a STRUCT, ARRAY, MAP or VARIANT (Spark's DATATYPE_MISMATCH.INVALID_JSON_SCHEMA), and exprc has only MAP; got %s", args[0])
			}
			ps := []ir.Type{args[0]}
			if len(args) == 2 {
				o := args[1]
				if o.Kind != ir.KindMap || o.Key.Kind != ir.KindVarchar || o.Value.Kind != ir.KindVarchar {
					return nil, fmt.Errorf("to_json's options must be a constant map() of strings (Spark: INVALID_OPTIONS), not %s", o)
				}
				ps = append(ps, o)
			}
			return sig(tStr, raw(toJSONEval(args[0]), false), ps...), nil
		},
	})
}
