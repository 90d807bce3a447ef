package rt

import (
	"sort"
	"strconv"
	"strings"
)

// schema_of_json: Spark's JSON schema inference (JsonInferSchema with the
// default options) over one JSON text, printed as Spark's DDL (DataType.sql).
// exprc computes it at compile time, as Spark requires a foldable argument.

// jtype is an inferred Spark type: 'n' NULL, 'b' BOOLEAN, 'l' BIGINT,
// 'd' DOUBLE, 'm' DECIMAL(p,s), 's' STRING, 'a' ARRAY, 'o' STRUCT.
type jtype struct {
	kind   byte
	p, s   int
	elem   *jtype
	names  []string // sorted
	fields []jtype
}

func inferJSON(n *jsonNode) jtype {
	switch n.kind {
	case 'z':
		return jtype{kind: 'n'}
	case 'l':
		return jtype{kind: 'b'}
	case 's':
		return jtype{kind: 's'}
	case 'i':
		if _, err := strconv.ParseInt(n.text, 10, 64); err == nil {
			return jtype{kind: 'l'}
		}
		digits := len(strings.TrimPrefix(n.text, "-"))
		if digits <= 38 {
			return jtype{kind: 'm', p: digits}
		}
		return jtype{kind: 'd'}
	case 'f':
		return jtype{kind: 'd'}
	case 'a':
		t := jtype{kind: 'n'}
		for i := range n.kids {
			t = mergeJSONTypes(t, inferJSON(&n.kids[i]))
		}
		return jtype{kind: 'a', elem: &t}
	}
	// an object: fields by name (a repeated name merges), sorted
	byName := map[string]jtype{}
	for i := range n.kids {
		t := inferJSON(&n.kids[i])
		if old, ok := byName[n.names[i]]; ok {
			t = mergeJSONTypes(old, t)
		}
		byName[n.names[i]] = t
	}
	return structOf(byName)
}

func structOf(byName map[string]jtype) jtype {
	t := jtype{kind: 'o'}
	for name := range byName {
		t.names = append(t.names, name)
	}
	sort.Strings(t.names)
	for _, name := range t.names {
		t.fields = append(t.fields, byName[name])
	}
	return t
}

// mergeJSONTypes is Spark's compatibleType for inferred JSON types.
func mergeJSONTypes(a, b jtype) jtype {
	switch {
	case a.kind == 'n':
		return b
	case b.kind == 'n':
		return a
	case a.kind == b.kind && a.kind != 'm' && a.kind != 'a' && a.kind != 'o':
		return a
	}
	num := func(k byte) bool { return k == 'l' || k == 'd' || k == 'm' }
	if num(a.kind) && num(b.kind) {
		if a.kind == 'd' || b.kind == 'd' {
			return jtype{kind: 'd'}
		}
		dec := func(t jtype) (int, int) {
			if t.kind == 'l' {
				return 20, 0
			}
			return t.p, t.s
		}
		p1, s1 := dec(a)
		p2, s2 := dec(b)
		s := max(s1, s2)
		r := max(p1-s1, p2-s2)
		if r+s > 38 {
			return jtype{kind: 'd'}
		}
		return jtype{kind: 'm', p: r + s, s: s}
	}
	if a.kind == 'a' && b.kind == 'a' {
		e := mergeJSONTypes(*a.elem, *b.elem)
		return jtype{kind: 'a', elem: &e}
	}
	if a.kind == 'o' && b.kind == 'o' {
		return mergeStructs(a, b, mergeJSONTypes)
	}
	return jtype{kind: 's'}
}

// mergeStructs merges struct types a and b field by field, by name: a field
// of both is merge of the two, a field of one is kept as it is.
func mergeStructs(a, b jtype, merge func(x, y jtype) jtype) jtype {
	byName := map[string]jtype{}
	for i, n := range a.names {
		byName[n] = a.fields[i]
	}
	for i, n := range b.names {
		if old, ok := byName[n]; ok {
			byName[n] = merge(old, b.fields[i])
		} else {
			byName[n] = b.fields[i]
		}
	}
	return structOf(byName)
}

// canonical is Spark's canonicalizeType: NULL becomes STRING, empty
// structs and fields with an empty name are dropped; ok is false for a
// type that is dropped.
func canonical(t jtype) (jtype, bool) {
	switch t.kind {
	case 'n':
		return jtype{kind: 's'}, true
	case 'a':
		e, ok := canonical(*t.elem)
		if !ok {
			return t, false
		}
		return jtype{kind: 'a', elem: &e}, true
	case 'o':
		out := jtype{kind: 'o'}
		for i, n := range t.names {
			if n == "" {
				continue
			}
			if f, ok := canonical(t.fields[i]); ok {
				out.names = append(out.names, n)
				out.fields = append(out.fields, f)
			}
		}
		return out, len(out.names) > 0
	}
	return t, true
}

// quoteDDLName quotes a field name as Spark's quoteIfNeeded does.
func quoteDDLName(n string) string {
	plain := n != ""
	digits := true
	for i := 0; i < len(n); i++ {
		c := n[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			plain = false
		}
		if c < '0' || c > '9' {
			digits = false
		}
	}
	if plain && !digits {
		return n
	}
	return "`" + strings.ReplaceAll(n, "`", "``") + "`"
}

func (t jtype) sql() string {
	switch t.kind {
	case 'b':
		return "BOOLEAN"
	case 'l':
		return "BIGINT"
	case 'd':
		return "DOUBLE"
	case 'm':
		return "DECIMAL(" + strconv.Itoa(t.p) + "," + strconv.Itoa(t.s) + ")"
	case 'a':
		return "ARRAY<" + t.elem.sql() + ">"
	case 'o':
		var b strings.Builder
		b.WriteString("STRUCT<")
		for i, n := range t.names {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteDDLName(n) + ": " + t.fields[i].sql())
		}
		b.WriteString(">")
		return b.String()
	}
	return "STRING"
}

// SchemaOfJSON is schema_of_json(json): the DDL of the schema Spark infers
// from the JSON text, and false when the text is not one JSON value.
func SchemaOfJSON(json string) (string, bool) {
	root, ok := parseJSONTree(json)
	if !ok {
		return "", false
	}
	t := inferJSON(&root)
	switch {
	case t.kind == 'o':
		c, ok := canonical(t)
		if !ok {
			return "STRUCT<>", true
		}
		return c.sql(), true
	case t.kind == 'a' && t.elem.kind == 'o':
		c, ok := canonical(*t.elem)
		if !ok {
			c = jtype{kind: 'o'}
		}
		return "ARRAY<" + c.sql() + ">", true
	}
	c, ok := canonical(t)
	if !ok {
		return "STRING", true
	}
	return c.sql(), true
}

// SchemaOfJSONText is schema_of_json's kernel: SchemaOfJSON's DDL, ” for
// a text that is not JSON (the binder refuses such a constant).
func SchemaOfJSONText(json string) string {
	s, _ := SchemaOfJSON(json)
	return s
}
