package functions

import (
	"errors"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's CSV functions: schema_of_csv, computed at compile time
// (templates/rt/csvschema.go).
func init() {
	schemaFns["schema_of_csv"] = func(args []ir.Expr) (string, error) {
		s, err := schemaText(args[0])
		if err != nil {
			return "", err
		}
		sep := ','
		if len(args) > 1 {
			if sep, err = csvOptions(args[1]); err != nil {
				return "", err
			}
		}
		ddl, problem := rt.SchemaOfCSV(s, sep)
		if problem != "" {
			return "", errors.New("the CSV text is not supported: " + problem)
		}
		return ddl, nil
	}
	fn := strict("schema_of_csv",
		"The schema Spark infers from the CSV line csv (a constant: computed at compile time) with the default options, in Spark's DDL: STRUCT<_c0: type, _c1: type, ...>, each field INT, BIGINT, DECIMAL(p,0) (integers beyond BIGINT), DOUBLE, DATE (yyyy-MM-dd), TIMESTAMP, BOOLEAN or STRING (empty fields too), as Spark's CSVInferSchema tries them in turn. options, a constant map(), may only set sep (or delimiter), a single character. Texts whose result exprc cannot tell for certain (line breaks, '\\' or quotes other than a whole quoted field, texts that may be timestamps in forms exprc does not read) are a compile error, as is an empty line (Spark fails on it).",
		nil,
		sig(tStr, ok1(rt.SchemaOfCSVText), tStr),
		sig(tStr, raw(func(args []any) (any, *ir.EvalError) { return "", nil }, false), tStr, ir.MapOf(tStr, tStr)))
	expansions[fn] = schemaExpansion
	register(fn)
}

// constStringMap reads a constant options map: a map() of constant strings
// or a folded MAP constant. Keys are lower-cased (Spark's options are
// case-insensitive); given maps them to the keys as written.
func constStringMap(a ir.Expr) (opts, given map[string]string, err error) {
	bad := errors.New("the options must be a constant map of non-NULL strings, such as map('sep', ';')")
	out := map[string]string{}
	given = map[string]string{}
	switch x := a.(type) {
	case *ir.Const:
		m, ok := x.V.(*ir.MapValue)
		if !ok || x.Err != nil {
			return nil, nil, bad
		}
		for i, k := range m.Keys {
			ks, ok1 := k.(string)
			vs, ok2 := m.Values[i].(string)
			if !ok1 || !ok2 {
				return nil, nil, bad
			}
			if _, dup := out[strings.ToLower(ks)]; dup {
				return nil, nil, errors.New("the option " + ks + " is given twice")
			}
			out[strings.ToLower(ks)] = vs
			given[strings.ToLower(ks)] = ks
		}
	case *ir.Call:
		// map(k1, v1, ...) is bound as map_build(COALESCE(k1, ...),
		// COALESCE(v1, ...), v1 IS NULL, ...) (mapbuild.go).
		if !IsMapBuild(x) || len(x.Args)%3 != 0 {
			return nil, nil, bad
		}
		for i := 0; i < len(x.Args); i += 3 {
			k, err1 := schemaText(firstOfCoalesce(x.Args[i]))
			v, err2 := schemaText(firstOfCoalesce(x.Args[i+1]))
			if err1 != nil || err2 != nil {
				return nil, nil, bad
			}
			if _, dup := out[strings.ToLower(k)]; dup {
				return nil, nil, errors.New("the option " + k + " is given twice")
			}
			out[strings.ToLower(k)] = v
			given[strings.ToLower(k)] = k
		}
	default:
		return nil, nil, bad
	}
	return out, given, nil
}

// csvOptions reads schema_of_csv's options: only the separator, a single
// character other than the quote, the escape and line breaks.
func csvOptions(a ir.Expr) (rune, error) {
	opts, given, err := constStringMap(a)
	if err != nil {
		return 0, err
	}
	var names []string
	for k := range opts {
		if k != "sep" && k != "delimiter" {
			names = append(names, given[k])
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		return 0, errors.New("the CSV option " + names[0] + " is not supported (only sep)")
	}
	s, ok := opts["sep"]
	if !ok {
		s, ok = opts["delimiter"]
	}
	if !ok {
		return ',', nil
	}
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || size != len(s) || r == utf8.RuneError || r > 0xFFFF || strings.ContainsRune("\"\\\n\r\uFFFF", r) {
		return 0, errors.New("the CSV separator must be one character other than '\"', '\\' and line breaks: " + s)
	}
	return r, nil
}

// firstOfCoalesce is the first operand of a COALESCE, else e.
func firstOfCoalesce(e ir.Expr) ir.Expr {
	if c, ok := e.(*ir.Coalesce); ok && len(c.Args) > 0 {
		return c.Args[0]
	}
	return e
}
