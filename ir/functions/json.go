package functions

import (
	"errors"

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
