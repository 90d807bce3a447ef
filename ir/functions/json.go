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
