package functions

import (
	"errors"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's xpath_* functions over a VARCHAR XML document and a constant XPath
// 1.0 expression (templates/rt/xpath.go). Spark requires the path to be
// foldable and compiles it once; an invalid constant path is a compile error
// here. The document is parsed per row: a malformed one fails the row.

// xpathFns are the functions whose second argument is a constant XPath.
var xpathFns = map[string]bool{}

// checkXPathArg rejects a path argument that is not a constant or does not
// compile. A NULL path is allowed (every row is NULL, as in Spark), and so is
// the empty path (NULL too: Spark never compiles it).
func checkXPathArg(a ir.Expr) error {
	c, ok := a.(*ir.Const)
	if !ok {
		return errors.New("the XPath argument must be a constant string, as Spark requires a foldable path")
	}
	s, ok := c.V.(string)
	if !ok || c.Err != nil || s == "" {
		return nil
	}
	if _, err := rt.CompileXPath(s); err != nil {
		return errors.New("invalid XPath '" + s + "': " + err.Error())
	}
	return nil
}

func init() {
	guard := domain("xpath_domain", sig(tBool, ok2(rt.XPathDefined), tStr, tStr))
	const common = " The XPath is a constant XPath 1.0 expression (location paths over the child, descendant, attribute, parent, ancestor and sibling axes, predicates, unions, comparisons, arithmetic and the core function library; namespaces ignored); an empty document or path is NULL and a malformed document raises INVALID_XML_DOCUMENT."
	xp := func(name, doc string, s *ir.Signature, aliases ...string) {
		xpathFns[name] = true
		for _, a := range aliases {
			xpathFns[a] = true
		}
		register(guarded(name, doc+common, errs(rt.InvalidXML, rt.InvalidParameter), guard, s), aliases...)
	}
	xp("xpath_boolean", "Whether the XPath's value over the XML document is true (a non-empty node set, a non-zero number, a non-empty string).",
		sig(tBool, k2(rt.XPathBooleanOf), tStr, tStr))
	xp("xpath_double", "The XPath's value over the XML document as a number (XPath's number(): NaN when it is not one); xpath_number is the same function.",
		sig(tDbl, k2(rt.XPathDoubleOf), tStr, tStr), "xpath_number")
	xp("xpath_int", "The XPath's number over the XML document converted as Java converts a double to int (NaN is 0, out of range saturates).",
		sig(tInt, k2(rt.XPathIntOf), tStr, tStr))
	xp("xpath_float", "The XPath's number over the XML document rounded to a FLOAT (NaN when it is not one).",
		sig(tFlt, k2(rt.XPathFloatOf), tStr, tStr))
	xp("xpath_short", "The XPath's number over the XML document converted as Java's Double.shortValue: to int as Java does (NaN is 0, out of range saturates), then its low 16 bits (40000 is -25536).",
		sig(tSml, k2(rt.XPathShortOf), tStr, tStr))
	xp("xpath_long", "The XPath's number over the XML document converted as Java converts a double to long (NaN is 0, out of range saturates).",
		sig(tBig, k2(rt.XPathLongOf), tStr, tStr))
	xp("xpath_string", "The XPath's string value over the XML document (a node set's first node's text, '' for an empty one).",
		sig(tStr, k2(rt.XPathStringOf), tStr, tStr))
}
