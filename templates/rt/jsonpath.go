package rt

import (
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// get_json_object: Spark's JsonPath subset over a JSON text read as Spark's
// GetJsonObject reads it (Jackson with unescaped control characters and
// single-quoted strings allowed). The document is read into a small tree and
// the path's instructions are evaluated over it with Spark's (Hive's) three
// write styles; any malformation of the root value makes the result NULL, as
// Spark's parser tokenizes the whole root value on every path that matches.

// jsonPathOp is one instruction of a parsed path, as Spark's JsonPathParser
// produces them.
type jsonPathOp struct {
	op   byte // 'k' key, 'n' named child, 's' subscript, 'w' wildcard, 'i' index
	name string
	idx  int64
}

// JSONPath is a compiled get_json_object path. An invalid path compiles to
// one whose every result is NULL, as in Spark. It is immutable and safe for
// concurrent use; generated code compiles a constant path once.
type JSONPath struct {
	ops   []jsonPathOp
	valid bool
}

// javaSpace reports whether c is white space to Java's regex \s, which Spark's
// path parser (a Scala RegexParsers) skips before its string and regex tokens.
func javaSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// parseJSONPath parses Spark's path grammar: '$' then any of '.*', "['*']"
// (wildcards), '.name', "['name']" (children), '[*]' and '[n]'
// (subscripts), with white space skipped where Spark's parser skips it.
func parseJSONPath(s string) ([]jsonPathOp, bool) {
	if s == "" || s[0] != '$' {
		return nil, false
	}
	skip := func(i int) int {
		for i < len(s) && javaSpace(s[i]) {
			i++
		}
		return i
	}
	var ops []jsonPathOp
	i := 1
	for i < len(s) {
		j := skip(i)
		switch {
		case strings.HasPrefix(s[j:], ".*"):
			ops = append(ops, jsonPathOp{op: 'w'})
			i = j + 2
			continue
		case strings.HasPrefix(s[j:], "['*']"):
			ops = append(ops, jsonPathOp{op: 'w'})
			i = j + 5
			continue
		}
		if s[i] == '.' {
			k := skip(i + 1)
			e := k
			for e < len(s) && s[e] != '.' && s[e] != '[' {
				e++
			}
			if e > k {
				ops = append(ops, jsonPathOp{op: 'k'}, jsonPathOp{op: 'n', name: s[k:e]})
				i = e
				continue
			}
		}
		if strings.HasPrefix(s[j:], "['") {
			k := skip(j + 2)
			e := k
			for e < len(s) && s[e] != '\'' && s[e] != '?' {
				e++
			}
			if e > k {
				m := skip(e)
				if strings.HasPrefix(s[m:], "']") {
					ops = append(ops, jsonPathOp{op: 'k'}, jsonPathOp{op: 'n', name: s[k:e]})
					i = m + 2
					continue
				}
			}
		}
		if s[i] == '[' {
			if strings.HasPrefix(s[i+1:], "*]") {
				ops = append(ops, jsonPathOp{op: 's'}, jsonPathOp{op: 'w'})
				i += 3
				continue
			}
			k := skip(i + 1)
			e := k
			for e < len(s) && s[e] >= '0' && s[e] <= '9' {
				e++
			}
			if e > k && e < len(s) && s[e] == ']' {
				n, err := strconv.ParseInt(s[k:e], 10, 64)
				if err != nil {
					// Spark's Long parse throws here; exprc gives NULL
					return nil, false
				}
				ops = append(ops, jsonPathOp{op: 's'}, jsonPathOp{op: 'i', idx: n})
				i = e + 1
				continue
			}
		}
		break
	}
	return ops, skip(i) == len(s)
}

// CompileJSONPath compiles a get_json_object path. It never fails: an invalid
// path makes every result NULL, as in Spark (the error result keeps the shape
// of the other compiled-argument kernels).
func CompileJSONPath(path string) (*JSONPath, *Error) {
	ops, ok := parseJSONPath(path)
	return &JSONPath{ops: ops, valid: ok}, nil
}

// jsonPathCache holds the paths of data-dependent path arguments (bounded,
// see patternCache).
var jsonPathCache patternCache[string, *JSONPath]

func jsonPathFor(path string) *JSONPath {
	if len(path) > MaxRegexLength {
		p, _ := CompileJSONPath(path)
		return p
	}
	return jsonPathCache.get(path, func() *JSONPath { p, _ := CompileJSONPath(path); return p })
}

// JSONPathKernelMethods maps each get_json_object kernel, whose second
// argument is the path, to the method of *JSONPath that computes it from the
// document: generated code calls the method of a path compiled once when the
// path is a constant.
var JSONPathKernelMethods = map[string]RegexMethod{
	"GetJSONObject":        {"Get", false},
	"GetJSONObjectDefined": {"Defined", false},
}

// PatternMethod returns the method that computes a kernel whose second
// argument is compiled once when it is a constant (a regular expression of
// RegexKernelMethods, a path of JSONPathKernelMethods), and whether the
// kernel is one of them.
func PatternMethod(kernel string) (RegexMethod, bool) {
	if m, ok := RegexKernelMethods[kernel]; ok {
		return m, true
	}
	m, ok := JSONPathKernelMethods[kernel]
	return m, ok
}

// IsJSONPathKernel reports whether kernel's second argument is a JSON path.
func IsJSONPathKernel(kernel string) bool {
	_, ok := JSONPathKernelMethods[kernel]
	return ok
}

// GetJSONObject is get_json_object(json, path) where its guard holds.
func GetJSONObject(json, path string) string {
	return jsonPathFor(path).Get(json)
}

// GetJSONObjectDefined is the guard of get_json_object: whether the path is
// valid, the document well formed and the path matches.
func GetJSONObjectDefined(json, path string) bool {
	return jsonPathFor(path).Defined(json)
}

// Get is get_json_object of the document json ("" where it is NULL).
func (p *JSONPath) Get(json string) string {
	s, _ := p.eval(json)
	return s
}

// Defined reports whether get_json_object of the document json has a value.
func (p *JSONPath) Defined(json string) bool {
	_, ok := p.eval(json)
	return ok
}

func (p *JSONPath) eval(json string) (string, bool) {
	if !p.valid {
		return "", false
	}
	root, ok := parseJSONTree(json)
	if !ok {
		return "", false
	}
	var g jsonGen
	if !g.eval(&root, styleRaw, p.ops) {
		return "", false
	}
	return string(g.buf), true
}

// jsonNode is a parsed JSON value.
type jsonNode struct {
	kind  byte   // 'o' object, 'a' array, 's' string, 'i' integer, 'f' float, 'l' true/false, 'z' null
	text  string // a string's decoded value, a number's or literal's text
	names []string
	kids  []jsonNode
}

// parseJSONTree reads the first JSON value of s (after a byte order mark and
// white space); what follows it is not read, except that a root number or
// literal must end at white space or the end, as Jackson requires.
func parseJSONTree(s string) (jsonNode, bool) {
	j := jsonScanner{s: s}
	if strings.HasPrefix(s, "\uFEFF") {
		j.i = 3
	}
	n, ok := j.tree()
	if !ok {
		return n, false
	}
	if (n.kind == 'i' || n.kind == 'f') && j.i < len(s) {
		switch s[j.i] {
		case ' ', '\t', '\n', '\r':
		default:
			return n, false
		}
	}
	return n, true
}

// tree reads one value (after white space) into a node.
func (j *jsonScanner) tree() (jsonNode, bool) {
	j.space()
	if j.i >= len(j.s) {
		return jsonNode{}, false
	}
	switch c := j.s[j.i]; {
	case c == '{' || c == '[':
		return j.treeContainer(c)
	case c == '"' || c == '\'':
		s, ok := j.quoted()
		return jsonNode{kind: 's', text: s}, ok
	case c == '-' || c >= '0' && c <= '9':
		start := j.i
		if !j.number() {
			return jsonNode{}, false
		}
		t := j.s[start:j.i]
		kind := byte('i')
		if strings.ContainsAny(t, ".eE") {
			kind = 'f'
		}
		return jsonNode{kind: kind, text: t}, true
	default:
		start := j.i
		if !j.value() {
			return jsonNode{}, false
		}
		t := j.s[start:j.i]
		if t == "null" {
			return jsonNode{kind: 'z', text: t}, true
		}
		return jsonNode{kind: 'l', text: t}, true
	}
}

func (j *jsonScanner) treeContainer(open byte) (jsonNode, bool) {
	n := jsonNode{kind: 'a'}
	closer := byte(']')
	if open == '{' {
		n.kind, closer = 'o', '}'
	}
	j.depth++
	if j.depth > jsonMaxDepth {
		return n, false
	}
	j.i++
	j.space()
	if j.i < len(j.s) && j.s[j.i] == closer {
		j.i++
		j.depth--
		return n, true
	}
	for {
		if closer == '}' {
			j.space()
			if j.i >= len(j.s) || j.s[j.i] != '"' && j.s[j.i] != '\'' {
				return n, false
			}
			name, ok := j.quoted()
			if !ok {
				return n, false
			}
			j.space()
			if j.i >= len(j.s) || j.s[j.i] != ':' {
				return n, false
			}
			j.i++
			n.names = append(n.names, name)
		}
		v, ok := j.tree()
		if !ok {
			return n, false
		}
		n.kids = append(n.kids, v)
		if done, ok := j.afterElement(closer); done || !ok {
			return n, ok
		}
	}
}

// quoted reads a string quoted by " or ' (Spark enables Jackson's
// ALLOW_SINGLE_QUOTES) and returns its decoded value: the escapes of JSON
// and \' , raw control characters allowed, valid UTF-8. A value without
// escapes is a substring of the input.
func (j *jsonScanner) quoted() (string, bool) {
	q := j.s[j.i]
	j.i++
	start := j.i
	var b []byte // the decoded value once an escape is seen
	for j.i < len(j.s) {
		c := j.s[j.i]
		switch {
		case c == q:
			j.i++
			if b == nil {
				return j.s[start : j.i-1], true
			}
			return string(b), true
		case c == '\\':
			if b == nil {
				b = append(make([]byte, 0, j.i-start+16), j.s[start:j.i]...)
			}
			if j.i+1 >= len(j.s) {
				return "", false
			}
			e := j.s[j.i+1]
			j.i += 2
			switch e {
			case '"', '\\', '/', '\'':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := j.hex4()
				if !ok {
					return "", false
				}
				if utf16.IsSurrogate(r) && strings.HasPrefix(j.s[j.i:], `\u`) {
					save := j.i
					j.i += 2
					if r2, ok := j.hex4(); ok && utf16.DecodeRune(r, r2) != utf8.RuneError {
						r = utf16.DecodeRune(r, r2)
					} else {
						j.i = save
					}
				}
				b = utf8.AppendRune(b, r) // a lone surrogate becomes U+FFFD
			default:
				return "", false
			}
		case c < utf8.RuneSelf:
			j.i++
			if b != nil {
				b = append(b, c)
			}
		default:
			r, w := utf8.DecodeRuneInString(j.s[j.i:])
			if r == utf8.RuneError && w <= 1 {
				return "", false
			}
			if b != nil {
				b = append(b, j.s[j.i:j.i+w]...)
			}
			j.i += w
		}
	}
	return "", false
}

func (j *jsonScanner) hex4() (rune, bool) {
	if j.i+4 > len(j.s) {
		return 0, false
	}
	var r rune
	for _, h := range []byte(j.s[j.i : j.i+4]) {
		if !isHexDigit(h) {
			return 0, false
		}
		d := rune(h - '0')
		switch {
		case h >= 'a':
			d = rune(h-'a') + 10
		case h >= 'A':
			d = rune(h-'A') + 10
		}
		r = r<<4 | d
	}
	j.i += 4
	return r, true
}

// The write styles of Spark's path evaluation.
const (
	styleRaw     = iota // a string result unquoted
	styleQuoted         // inside an array wildcard's results: strings quoted
	styleFlatten        // inside a double wildcard: nested arrays flattened
)

// jsonGen writes JSON as Jackson's generator does: compact, commas between
// the values of an array, a space between root values.
type jsonGen struct {
	buf   []byte
	stack []bool // per open array: whether it has a value yet
	roots int
}

// sep writes the separator before a value.
func (g *jsonGen) sep() {
	if n := len(g.stack); n > 0 {
		if g.stack[n-1] {
			g.buf = append(g.buf, ',')
		}
		g.stack[n-1] = true
		return
	}
	if g.roots > 0 {
		g.buf = append(g.buf, ' ')
	}
	g.roots++
}

func (g *jsonGen) startArray() {
	g.sep()
	g.buf = append(g.buf, '[')
	g.stack = append(g.stack, false)
}

func (g *jsonGen) endArray() {
	g.stack = g.stack[:len(g.stack)-1]
	g.buf = append(g.buf, ']')
}

func (g *jsonGen) rawValue(s string) {
	g.sep()
	g.buf = append(g.buf, s...)
}

// copyNode writes n as Jackson's copyCurrentStructure does.
func (g *jsonGen) copyNode(n *jsonNode) {
	g.sep()
	g.buf = appendJSONNode(g.buf, n)
}

// appendJSONNode appends n as compact JSON: strings re-escaped, integers
// normalised, floats as Java's Double.toString prints their value.
func appendJSONNode(b []byte, n *jsonNode) []byte {
	switch n.kind {
	case 'o':
		b = append(b, '{')
		for i := range n.kids {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, n.names[i])
			b = append(b, ':')
			b = appendJSONNode(b, &n.kids[i])
		}
		return append(b, '}')
	case 'a':
		b = append(b, '[')
		for i := range n.kids {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONNode(b, &n.kids[i])
		}
		return append(b, ']')
	case 's':
		return appendJSONString(b, n.text)
	case 'i':
		if v, err := strconv.ParseInt(n.text, 10, 64); err == nil {
			return strconv.AppendInt(b, v, 10)
		}
		return append(b, n.text...) // a BigInteger: its digits
	case 'f':
		v, _ := strconv.ParseFloat(n.text, 64) // out of range: ±Inf
		s := FormatDouble(v)
		if s == "Infinity" || s == "-Infinity" {
			return appendJSONString(b, s) // Jackson quotes non-finite numbers
		}
		return append(b, s...)
	}
	return append(b, n.text...)
}

// appendJSONString appends s quoted as Jackson writes it: \" \\ and the
// control characters escaped (\b \t \n \f \r, else \u00XX), the rest as is.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c >= 0x20:
			b = append(b, c)
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\f':
			b = append(b, '\\', 'f')
		case c == '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
	}
	return append(b, '"')
}

// eval evaluates the path instructions ops at node n, writing its matches to
// g in the given style, and reports whether anything matched (Spark's
// evaluatePath over a token stream, here over the tree).
func (g *jsonGen) eval(n *jsonNode, style int, ops []jsonPathOp) bool {
	if len(ops) == 0 {
		switch {
		case n.kind == 's' && style == styleRaw:
			g.buf = append(g.buf, n.text...)
			return true
		case n.kind == 'a' && style == styleFlatten:
			dirty := false
			for i := range n.kids {
				dirty = g.eval(&n.kids[i], style, nil) || dirty
			}
			return dirty
		}
		g.copyNode(n)
		return true
	}
	op := ops[0].op
	switch {
	case n.kind == 'o' && op == 'k':
		if len(ops) < 2 || ops[1].op != 'n' {
			return false
		}
		name, rest := ops[1].name, ops[2:]
		for i := range n.kids {
			if n.names[i] == name && n.kids[i].kind != 'z' && g.eval(&n.kids[i], style, rest) {
				return true
			}
		}
		return false
	case n.kind != 'a' || op != 's' || len(ops) < 2:
		return false
	}
	switch ops[1].op {
	case 'w':
		rest := ops[2:]
		if len(rest) >= 2 && rest[0].op == 's' && rest[1].op == 'w' {
			// Hive's double wildcard: one flat array
			dirty := false
			g.startArray()
			for i := range n.kids {
				dirty = g.eval(&n.kids[i], styleFlatten, rest[2:]) || dirty
			}
			g.endArray()
			return dirty
		}
		if style != styleQuoted {
			next := styleQuoted
			if style == styleFlatten {
				next = styleFlatten
			}
			// the matches go to an array of their own, unwrapped when
			// there is a single one
			var sub jsonGen
			sub.startArray()
			dirty := 0
			for i := range n.kids {
				if sub.eval(&n.kids[i], next, rest) {
					dirty++
				}
			}
			sub.endArray()
			switch {
			case dirty > 1:
				g.rawValue(string(sub.buf))
			case dirty == 1:
				g.rawValue(string(sub.buf[1 : len(sub.buf)-1]))
			}
			return dirty > 0
		}
		dirty := false
		g.startArray()
		for i := range n.kids {
			dirty = g.eval(&n.kids[i], styleQuoted, rest) || dirty
		}
		g.endArray()
		return dirty
	case 'i':
		idx, rest := ops[1].idx, ops[2:]
		if idx >= int64(len(n.kids)) {
			return false
		}
		if len(rest) >= 2 && rest[0].op == 's' && rest[1].op == 'w' {
			style = styleQuoted
		}
		return g.eval(&n.kids[idx], style, rest)
	}
	return false
}
