package functions

import (
	"errors"
	"sort"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// schema_of_xml, computed at compile time (templates/rt/xmlschema.go).
func init() {
	schemaFns["schema_of_xml"] = func(args []ir.Expr) (string, error) {
		s, err := schemaText(args[0])
		if err != nil {
			return "", err
		}
		if len(args) > 1 {
			_, given, err := constStringMap(args[1])
			if err != nil {
				return "", err
			}
			var names []string
			for _, k := range given {
				names = append(names, k)
			}
			if len(names) > 0 {
				sort.Strings(names)
				return "", errors.New("the XML option " + names[0] + " is not supported (schema_of_xml takes no options yet)")
			}
		}
		ddl, problem := rt.SchemaOfXML(s)
		if problem != "" {
			return "", errors.New("the XML text is not supported: " + problem)
		}
		return ddl, nil
	}
	fn := strict("schema_of_xml",
		"The schema Spark infers from the XML document xml (a constant: computed at compile time) with the default options, in Spark's DDL: the root element's attributes (as _name) and child elements as a STRUCT with fields sorted by name, a repeated element an ARRAY of its occurrences' types merged, an element with attributes a STRUCT of them and its text as _VALUE, values BIGINT, DOUBLE, BOOLEAN or STRING, an empty element STRING. Documents exprc cannot read for certain are a compile error (see docs/semantics.md 6.4.4): comments, CDATA, DOCTYPE, processing instructions, entity references, namespace prefixes, mixed content, names equal but for case, and values other than integers within BIGINT, decimal fractions, true/false and text starting with a letter; so is a document that is not well-formed XML. options, a constant map(), must be empty.",
		nil,
		sig(tStr, ok1(rt.SchemaOfXMLText), tStr),
		sig(tStr, raw(func(args []any) (any, *ir.EvalError) { return "", nil }, false), tStr, ir.MapOf(tStr, tStr)))
	expansions[fn] = schemaExpansion
	register(fn)
}
