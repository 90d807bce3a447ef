package functions

import "github.com/exprc/exprc/templates/rt"

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
