package rt

import (
	"encoding/xml"
	"errors"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// schema_of_xml: Spark's XML schema inference (XmlInferSchema with the
// default options) over one XML document, printed as Spark's DDL. exprc
// computes it at compile time, as Spark requires a foldable argument. It
// reads the documents whose schema it can tell for certain and refuses the
// others with a reason (see SchemaOfXML).

// xmlElem is an element of the document as the inference needs it.
type xmlElem struct {
	name     string
	attrs    []xml.Attr
	kids     []*xmlElem
	text     strings.Builder // all character data, concatenated
	hasChars bool
}

// SchemaOfXML is schema_of_xml(xml): the DDL of the schema Spark infers for
// the document's root element, or, when problem is not empty, why exprc
// refuses the text. exprc reads one root element of elements and text
// (names of ASCII letters, digits, '_', '-' and '.', no namespace prefixes,
// no comments, processing instructions, CDATA sections, DOCTYPE or entity
// references), without mixed content, whose values are integers that fit a
// BIGINT, decimal fractions, true/false or text starting with a letter.
func SchemaOfXML(doc string) (ddl, problem string) {
	for _, bad := range []string{"&", "<!", "<?"} {
		if strings.Contains(doc, bad) {
			return "", "comments, CDATA sections, DOCTYPE, processing instructions (an XML declaration included) and entity or character references are not supported"
		}
	}
	root, err := parseXMLTree(doc)
	if err != nil {
		return "", err.Error()
	}
	if problem := checkXMLNames(root); problem != "" {
		return "", problem
	}
	t, problem := inferXMLObject(root)
	if problem != "" {
		return "", problem
	}
	c, ok := canonical(t)
	if !ok {
		return "STRUCT<>", ""
	}
	return c.sql(), ""
}

// SchemaOfXMLText is schema_of_xml's kernel: SchemaOfXML's DDL, ” for a
// text exprc refuses (the binder refuses such a constant).
func SchemaOfXMLText(doc string) string {
	s, _ := SchemaOfXML(doc)
	return s
}

// parseXMLTree reads the document: one root element, only white space
// around it.
func parseXMLTree(doc string) (*xmlElem, error) {
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	var root *xmlElem
	var stack []*xmlElem
	for {
		off := d.InputOffset()
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errors.New("not well-formed XML: " + err.Error())
		}
		where := " at offset " + strconv.FormatInt(off, 10)
		switch tk := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 && root != nil {
				return nil, errors.New("not well-formed XML: a second root element" + where)
			}
			e := &xmlElem{name: tk.Name.Local, attrs: tk.Attr}
			if tk.Name.Space != "" {
				return nil, errors.New("a namespace prefix (" + tk.Name.Space + ":" + tk.Name.Local + ") is not supported")
			}
			if len(stack) == 0 {
				root = e
			} else {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, e)
			}
			stack = append(stack, e)
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1].name != tk.Name.Local || tk.Name.Space != "" {
				return nil, errors.New("not well-formed XML: unexpected end element </" + tk.Name.Local + ">" + where)
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				if strings.TrimLeft(string(tk), " \t\r\n") != "" {
					return nil, errors.New("not well-formed XML: text outside the root element" + where)
				}
				continue
			}
			p := stack[len(stack)-1]
			p.text.Write(tk)
			p.hasChars = true
		default:
			return nil, errors.New("only elements and text are supported" + where)
		}
	}
	if root == nil {
		return nil, errors.New("not well-formed XML: no root element")
	}
	if len(stack) > 0 {
		return nil, errors.New("not well-formed XML: element <" + stack[len(stack)-1].name + "> is not closed")
	}
	return root, nil
}

// checkXMLNames refuses names exprc does not handle: outside [A-Za-z0-9_.-],
// element names starting with '_', an attribute VALUE (Spark's value tag
// _VALUE), xmlns, repeated attributes, and names equal but for case (Spark
// compares them case-insensitively by default).
func checkXMLNames(root *xmlElem) string {
	seen := map[string]string{"_value": "_VALUE"}
	note := func(n string) string {
		if old, ok := seen[strings.ToLower(n)]; ok && old != n {
			return "the names " + old + " and " + n + " differ only in case, which is not supported"
		}
		seen[strings.ToLower(n)] = n
		return ""
	}
	plain := func(n string) bool {
		for i := 0; i < len(n); i++ {
			c := n[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
				return false
			}
		}
		return n != ""
	}
	var walk func(e *xmlElem) string
	walk = func(e *xmlElem) string {
		if !plain(e.name) || strings.HasPrefix(e.name, "_") {
			return "the element name " + strconv.Quote(e.name) + " is not supported"
		}
		if p := note(e.name); p != "" {
			return p
		}
		names := map[string]bool{}
		for _, a := range e.attrs {
			n := a.Name.Local
			if a.Name.Space != "" || !plain(n) || strings.EqualFold(n, "value") || strings.EqualFold(n, "xmlns") {
				return "the attribute name " + strconv.Quote(n) + " is not supported"
			}
			if names[n] {
				return "not well-formed XML: the attribute " + n + " is repeated"
			}
			names[n] = true
			if p := note("_" + n); p != "" {
				return p
			}
		}
		for _, k := range e.kids {
			if p := walk(k); p != "" {
				return p
			}
		}
		return ""
	}
	return walk(root)
}

// inferXMLObject is the struct of an element's attributes and child
// elements (Spark's inferObject); an element with text only has it as
// _VALUE.
func inferXMLObject(e *xmlElem) (jtype, string) {
	byName := map[string]jtype{}
	add := func(name string, t jtype) {
		if old, ok := byName[name]; ok {
			if old.kind == 'a' {
				t = mergeXMLTypes(old, t)
			} else {
				m := mergeXMLTypes(old, t)
				t = jtype{kind: 'a', elem: &m}
			}
		}
		byName[name] = t
	}
	for _, a := range e.attrs {
		t, problem := inferXMLValue(a.Value)
		if problem != "" {
			return jtype{}, problem
		}
		add("_"+a.Name.Local, t)
	}
	text := e.text.String()
	blank := strings.TrimLeft(text, " \t\r\n") == ""
	switch {
	case len(e.kids) > 0 && !blank:
		return jtype{}, "mixed content (text beside child elements in <" + e.name + ">) is not supported"
	case !blank:
		t, problem := inferXMLValue(text)
		if problem != "" {
			return jtype{}, problem
		}
		add("_VALUE", t)
	}
	for _, k := range e.kids {
		t, problem := inferXMLField(k)
		if problem != "" {
			return jtype{}, problem
		}
		add(k.name, t)
	}
	return structOf(byName), ""
}

// inferXMLField is the type of a child element: its value, NULL when
// empty, or the struct of its children; with attributes, a struct of them
// and either its children or its value as _VALUE.
func inferXMLField(e *xmlElem) (jtype, string) {
	text := e.text.String()
	blank := strings.TrimLeft(text, " \t\r\n") == ""
	var t jtype
	switch {
	case len(e.kids) > 0:
		if !blank {
			return jtype{}, "mixed content (text beside child elements in <" + e.name + ">) is not supported"
		}
		return inferXMLObject(e)
	case text != "" && blank:
		return jtype{}, "an element of white space only (<" + e.name + ">) is not supported"
	case text == "" && len(e.attrs) > 0:
		return jtype{}, "an empty element with attributes (<" + e.name + ">) is not supported"
	case text == "":
		t = jtype{kind: 'n'}
	default:
		var problem string
		if t, problem = inferXMLValue(text); problem != "" {
			return jtype{}, problem
		}
	}
	if len(e.attrs) == 0 {
		return t, ""
	}
	byName := map[string]jtype{"_VALUE": t}
	for _, a := range e.attrs {
		at, problem := inferXMLValue(a.Value)
		if problem != "" {
			return jtype{}, problem
		}
		byName["_"+a.Name.Local] = at
	}
	return structOf(byName), ""
}

// inferXMLValue is Spark's inferFrom for the values exprc reads: integers
// that fit a BIGINT, decimal fractions (DOUBLE), true/false in any case,
// text starting with a letter (STRING), and the empty value (NULL).
func inferXMLValue(v string) (jtype, string) {
	t := strings.TrimFunc(v, func(r rune) bool { return r <= ' ' })
	refuse := func() (jtype, string) {
		return jtype{}, "exprc cannot tell the type Spark infers for the value " + strconv.Quote(v)
	}
	if t == "" {
		if v != "" {
			return refuse()
		}
		return jtype{kind: 'n'}, ""
	}
	var kind byte
	digits := strings.TrimLeft(t, "+-")
	intPart, frac, hasDot := strings.Cut(digits, ".")
	allDigits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return s != ""
	}
	r, _ := utf8.DecodeRuneInString(t)
	switch {
	case len(t)-len(digits) > 1:
		return refuse()
	case !hasDot && allDigits(intPart):
		if _, err := strconv.ParseInt(intPart, 10, 64); err != nil {
			return refuse()
		}
		kind = 'l'
	case hasDot && allDigits(intPart) && allDigits(frac):
		kind = 'd'
	case strings.ToLower(t) == "true" || strings.ToLower(t) == "false":
		kind = 'b'
	case unicode.IsLetter(r) && !(r == 'T' || r == 't') && !strings.EqualFold(t, "nan") && !strings.EqualFold(t, "inf") && !strings.EqualFold(t, "infinity"):
		kind = 's'
	case (r == 'T' || r == 't') && (len(t) == 1 || t[1] < '0' || t[1] > '9'):
		kind = 's'
	default:
		return refuse()
	}
	if t != v && kind != 's' {
		return refuse()
	}
	return jtype{kind: kind}, ""
}

// mergeXMLTypes is XmlInferSchema.compatibleType over the types exprc
// infers.
func mergeXMLTypes(a, b jtype) jtype {
	switch {
	case a.kind == b.kind && a.kind != 'a' && a.kind != 'o':
		return a
	case (a.kind == 'l' || a.kind == 'd') && (b.kind == 'l' || b.kind == 'd'):
		return jtype{kind: 'd'}
	case a.kind == 'o' && b.kind == 'o':
		return mergeStructs(a, b, mergeXMLTypes)
	case a.kind == 'a' && b.kind == 'a':
		e := mergeXMLTypes(*a.elem, *b.elem)
		return jtype{kind: 'a', elem: &e}
	case a.kind == 'a':
		e := mergeXMLTypes(*a.elem, b)
		return jtype{kind: 'a', elem: &e}
	case b.kind == 'a':
		e := mergeXMLTypes(a, *b.elem)
		return jtype{kind: 'a', elem: &e}
	case a.kind == 'o' && hasValueTag(a):
		return withValueTag(a, b, false)
	case b.kind == 'o' && hasValueTag(b):
		return withValueTag(b, a, true)
	case b.kind == 'n':
		return a
	case a.kind == 'n':
		return b
	}
	return jtype{kind: 's'}
}

func hasValueTag(t jtype) bool {
	i := sort.SearchStrings(t.names, "_VALUE")
	return i < len(t.names) && t.names[i] == "_VALUE"
}

// withValueTag merges a value into the _VALUE field of the struct st.
func withValueTag(st, v jtype, valueFirst bool) jtype {
	out := jtype{kind: 'o', names: st.names, fields: append([]jtype(nil), st.fields...)}
	i := sort.SearchStrings(st.names, "_VALUE")
	if valueFirst {
		out.fields[i] = mergeXMLTypes(v, st.fields[i])
	} else {
		out.fields[i] = mergeXMLTypes(st.fields[i], v)
	}
	return out
}
