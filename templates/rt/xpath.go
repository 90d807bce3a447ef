package rt

// XPath 1.0 over a parsed XML document: the engine under Spark's xpath_*
// functions (javax.xml XPath in Spark). Not yet registered as SQL functions
// (issue 16): CompileXPath checks a constant path once, EvalXPath evaluates it
// over one document. The subset: location paths with the child, descendant,
// descendant-or-self, self, parent, ancestor, ancestor-or-self, sibling and
// attribute axes and their abbreviations, node tests (names, *, text(),
// node(), comment()), predicates (positions and boolean tests), unions,
// arithmetic, comparisons with XPath's node-set rules, and the core
// function library except id() and lang(). Namespaces are ignored: a name
// test matches an element's local name.

import (
	"encoding/xml"
	"errors"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// InvalidXML is the class exprc gives a document the XML parser rejects.
// Spark has none: its xpath functions raise a plain RuntimeException
// ("Error loading expression '<path>'") caused by the parser's exception.
const InvalidXML = "INVALID_XML_DOCUMENT"

type xkind uint8

const (
	xDoc xkind = iota
	xElem
	xText
	xAttr
	xComment
)

type xnode struct {
	kind     xkind
	name     string
	text     string
	parent   *xnode
	children []*xnode
	attrs    []*xnode
	order    int
}

func (n *xnode) stringValue() string {
	if n.kind != xDoc && n.kind != xElem {
		return n.text
	}
	var b strings.Builder
	var walk func(*xnode)
	walk = func(m *xnode) {
		for _, c := range m.children {
			switch c.kind {
			case xText:
				b.WriteString(c.text)
			case xElem:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

// parseXML builds the node tree of a document: one root element, with
// comments, processing instructions and whitespace around it.
func parseXML(doc string) (*xnode, error) {
	d := xml.NewDecoder(strings.NewReader(doc))
	d.Strict = true
	root := &xnode{kind: xDoc}
	cur := root
	order := 1
	seenRoot := false
	for {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF && cur == root {
				break
			}
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if cur == root {
				if seenRoot {
					return nil, errors.New("markup after the root element")
				}
				seenRoot = true
			}
			e := &xnode{kind: xElem, name: t.Name.Local, parent: cur, order: order}
			order++
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue
				}
				e.attrs = append(e.attrs, &xnode{kind: xAttr, name: a.Name.Local, text: a.Value, parent: e, order: order})
				order++
			}
			cur.children = append(cur.children, e)
			cur = e
		case xml.EndElement:
			cur = cur.parent
		case xml.CharData:
			if cur == root {
				if strings.TrimSpace(string(t)) != "" {
					return nil, errors.New("content is not allowed outside the root element")
				}
				continue
			}
			if k := len(cur.children); k > 0 && cur.children[k-1].kind == xText {
				cur.children[k-1].text += string(t) // text and CDATA are one text node
				continue
			}
			cur.children = append(cur.children, &xnode{kind: xText, text: string(t), parent: cur, order: order})
			order++
		case xml.Comment:
			cur.children = append(cur.children, &xnode{kind: xComment, text: string(t), parent: cur, order: order})
			order++
		}
	}
	if !seenRoot {
		return nil, errors.New("premature end of file")
	}
	return root, nil
}

// ---- lexer

type xtok struct {
	kind byte // 'n' name, 's' string, 'd' number, 'o' operator, 'f' function name, 'a' axis name, 't' node type
	s    string
	f    float64
}

func lexXPath(p string) ([]xtok, error) {
	var toks []xtok
	// operatorContext: a '*' or name is an operator when a preceding token exists
	// and is not @, ::, (, [, ',' or an operator (XPath 1.0 section 3.7).
	opCtx := func() bool {
		if len(toks) == 0 {
			return false
		}
		t := toks[len(toks)-1]
		if t.kind == 'o' {
			switch t.s {
			case ")", "]", ".", "..":
				return true
			}
			return false
		}
		return t.kind != 'a' && t.kind != 'f'
	}
	i := 0
	for i < len(p) {
		c := p[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'':
			j := strings.IndexByte(p[i+1:], c)
			if j < 0 {
				return nil, errors.New("unclosed string literal")
			}
			toks = append(toks, xtok{kind: 's', s: p[i+1 : i+1+j]})
			i += j + 2
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(p) && p[i+1] >= '0' && p[i+1] <= '9':
			j := i
			for j < len(p) && (p[j] >= '0' && p[j] <= '9' || p[j] == '.') {
				j++
			}
			f, err := strconv.ParseFloat(p[i:j], 64)
			if err != nil {
				return nil, errors.New("bad number " + p[i:j])
			}
			toks = append(toks, xtok{kind: 'd', f: f})
			i = j
		case strings.HasPrefix(p[i:], ".."), strings.HasPrefix(p[i:], "//"), strings.HasPrefix(p[i:], "!="),
			strings.HasPrefix(p[i:], "<="), strings.HasPrefix(p[i:], ">="), strings.HasPrefix(p[i:], "::"):
			toks = append(toks, xtok{kind: 'o', s: p[i : i+2]})
			i += 2
		case c == '*':
			if opCtx() {
				toks = append(toks, xtok{kind: 'o', s: "mul"})
			} else {
				toks = append(toks, xtok{kind: 'n', s: "*"})
			}
			i++
		case strings.IndexByte("/()[].@,|+-=<>$", c) >= 0:
			toks = append(toks, xtok{kind: 'o', s: string(c)})
			i++
		case isNameStart(c):
			j := i
			for j < len(p) && isNameChar(p[j]) {
				j++
			}
			// a prefix: NCName ':' (NCName | '*')
			if j+1 < len(p) && p[j] == ':' && p[j+1] != ':' {
				if p[j+1] == '*' {
					j += 2
				} else if isNameStart(p[j+1]) {
					j++
					for j < len(p) && isNameChar(p[j]) {
						j++
					}
				}
			}
			name := p[i:j]
			i = j
			if opCtx() {
				switch name {
				case "and", "or", "div", "mod":
					toks = append(toks, xtok{kind: 'o', s: name})
					continue
				}
				return nil, errors.New("unexpected name " + name)
			}
			k := i
			for k < len(p) && (p[k] == ' ' || p[k] == '\t' || p[k] == '\n' || p[k] == '\r') {
				k++
			}
			switch {
			case strings.HasPrefix(p[k:], "::"):
				toks = append(toks, xtok{kind: 'a', s: name})
				i = k + 2
			case k < len(p) && p[k] == '(':
				switch name {
				case "node", "text", "comment", "processing-instruction":
					toks = append(toks, xtok{kind: 't', s: name})
				default:
					toks = append(toks, xtok{kind: 'f', s: name})
				}
			default:
				toks = append(toks, xtok{kind: 'n', s: name})
			}
		default:
			return nil, errors.New("unexpected character " + strconv.QuoteRune(rune(c)))
		}
	}
	return toks, nil
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isNameChar(c byte) bool {
	return isNameStart(c) || c == '-' || c == '.' || c >= '0' && c <= '9'
}

// ---- AST

type xexpr interface{}

type (
	xBinary struct {
		op   string
		l, r xexpr
	}
	xNeg  struct{ x xexpr }
	xLit  struct{ v any } // string or float64
	xCall struct {
		name string
		args []xexpr
	}
	xStep struct {
		axis  string
		test  string // a name, "*", or "text()", "node()", "comment()", "processing-instruction()"
		preds []xexpr
	}
	// xPath is a location path, absolute or relative to a filter expression.
	xPath struct {
		abs    bool
		filter xexpr // a primary expression the steps start from; nil for a location path
		preds  []xexpr
		steps  []xStep
	}
)

type xparser struct {
	toks []xtok
	i    int
}

func (p *xparser) peek() xtok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return xtok{}
}

func (p *xparser) isOp(s string) bool { t := p.peek(); return t.kind == 'o' && t.s == s }

func (p *xparser) expect(s string) error {
	if !p.isOp(s) {
		return errors.New("expected " + s)
	}
	p.i++
	return nil
}

var xlevels = [][]string{{"or"}, {"and"}, {"=", "!="}, {"<", "<=", ">", ">="}, {"+", "-"}, {"mul", "div", "mod"}}

func (p *xparser) binary(level int) (xexpr, error) {
	if level == len(xlevels) {
		return p.unary()
	}
	l, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		found := false
		for _, op := range xlevels[level] {
			if t.kind == 'o' && t.s == op {
				found = true
			}
		}
		if !found {
			return l, nil
		}
		p.i++
		r, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		l = xBinary{op: t.s, l: l, r: r}
	}
}

func (p *xparser) unary() (xexpr, error) {
	if p.isOp("-") {
		p.i++
		x, err := p.unary()
		return xNeg{x}, err
	}
	l, err := p.path()
	if err != nil {
		return nil, err
	}
	for p.isOp("|") {
		p.i++
		r, err := p.path()
		if err != nil {
			return nil, err
		}
		l = xBinary{op: "|", l: l, r: r}
	}
	return l, nil
}

func (p *xparser) path() (xexpr, error) {
	t := p.peek()
	var x xPath
	switch {
	case t.kind == 's' || t.kind == 'd' || t.kind == 'f' || t.kind == 'o' && (t.s == "(" || t.s == "$"):
		prim, err := p.primary()
		if err != nil {
			return nil, err
		}
		preds, err := p.predicates()
		if err != nil {
			return nil, err
		}
		if !p.isOp("/") && !p.isOp("//") {
			if len(preds) == 0 {
				return prim, nil
			}
			return xPath{filter: prim, preds: preds}, nil
		}
		x.filter, x.preds = prim, preds
	case t.kind == 'o' && t.s == "/":
		p.i++
		x.abs = true
		if !p.startsStep() {
			return x, nil
		}
		if err := p.steps(&x); err != nil {
			return nil, err
		}
		return x, nil
	case t.kind == 'o' && t.s == "//":
		x.abs = true
		x.steps = append(x.steps, xStep{axis: "descendant-or-self", test: "node()"})
		p.i++
		if err := p.steps(&x); err != nil {
			return nil, err
		}
		return x, nil
	default:
		if !p.startsStep() {
			return nil, errors.New("expected an expression")
		}
		if err := p.steps(&x); err != nil {
			return nil, err
		}
		return x, nil
	}
	// a filter expression followed by / or //
	for p.isOp("/") || p.isOp("//") {
		if p.isOp("//") {
			x.steps = append(x.steps, xStep{axis: "descendant-or-self", test: "node()"})
		}
		p.i++
		s, err := p.step()
		if err != nil {
			return nil, err
		}
		x.steps = append(x.steps, s)
	}
	return x, nil
}

func (p *xparser) startsStep() bool {
	t := p.peek()
	return t.kind == 'n' || t.kind == 'a' || t.kind == 't' || t.kind == 'o' && (t.s == "@" || t.s == "." || t.s == "..")
}

// steps parses a relative location path into x.
func (p *xparser) steps(x *xPath) error {
	for {
		s, err := p.step()
		if err != nil {
			return err
		}
		x.steps = append(x.steps, s)
		switch {
		case p.isOp("/"):
			p.i++
		case p.isOp("//"):
			p.i++
			x.steps = append(x.steps, xStep{axis: "descendant-or-self", test: "node()"})
		default:
			return nil
		}
	}
}

var xaxes = map[string]bool{"child": true, "descendant": true, "descendant-or-self": true, "self": true, "parent": true,
	"ancestor": true, "ancestor-or-self": true, "following-sibling": true, "preceding-sibling": true, "attribute": true,
	"following": true, "preceding": true}

func (p *xparser) step() (xStep, error) {
	if p.isOp(".") {
		p.i++
		return xStep{axis: "self", test: "node()"}, nil
	}
	if p.isOp("..") {
		p.i++
		return xStep{axis: "parent", test: "node()"}, nil
	}
	s := xStep{axis: "child"}
	if p.isOp("@") {
		p.i++
		s.axis = "attribute"
	} else if t := p.peek(); t.kind == 'a' {
		if !xaxes[t.s] {
			return s, errors.New("unknown axis " + t.s)
		}
		s.axis = t.s
		p.i++
	}
	t := p.peek()
	switch t.kind {
	case 'n':
		s.test = t.s
		p.i++
	case 't':
		p.i++
		if err := p.expect("("); err != nil {
			return s, err
		}
		if t.s == "processing-instruction" && p.peek().kind == 's' {
			p.i++
		}
		if err := p.expect(")"); err != nil {
			return s, err
		}
		s.test = t.s + "()"
	default:
		return s, errors.New("expected a node test")
	}
	var err error
	s.preds, err = p.predicates()
	return s, err
}

func (p *xparser) predicates() ([]xexpr, error) {
	var preds []xexpr
	for p.isOp("[") {
		p.i++
		e, err := p.binary(0)
		if err != nil {
			return nil, err
		}
		if err := p.expect("]"); err != nil {
			return nil, err
		}
		preds = append(preds, e)
	}
	return preds, nil
}

var xfuncs = map[string][2]int{ // name: min, max arguments (-1: any)
	"last": {0, 0}, "position": {0, 0}, "count": {1, 1}, "sum": {1, 1}, "local-name": {0, 1}, "name": {0, 1},
	"string": {0, 1}, "concat": {2, -1}, "starts-with": {2, 2}, "contains": {2, 2}, "substring-before": {2, 2},
	"substring-after": {2, 2}, "substring": {2, 3}, "string-length": {0, 1}, "normalize-space": {0, 1},
	"translate": {3, 3}, "boolean": {1, 1}, "not": {1, 1}, "true": {0, 0}, "false": {0, 0}, "number": {0, 1},
	"floor": {1, 1}, "ceiling": {1, 1}, "round": {1, 1}, "namespace-uri": {0, 1},
}

func (p *xparser) primary() (xexpr, error) {
	t := p.peek()
	p.i++
	switch t.kind {
	case 's':
		return xLit{t.s}, nil
	case 'd':
		return xLit{t.f}, nil
	case 'f':
		ar, ok := xfuncs[t.s]
		if !ok {
			return nil, errors.New("unknown function " + t.s + "()")
		}
		if err := p.expect("("); err != nil {
			return nil, err
		}
		var args []xexpr
		if !p.isOp(")") {
			for {
				a, err := p.binary(0)
				if err != nil {
					return nil, err
				}
				args = append(args, a)
				if !p.isOp(",") {
					break
				}
				p.i++
			}
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		if len(args) < ar[0] || ar[1] >= 0 && len(args) > ar[1] {
			return nil, errors.New("wrong number of arguments to " + t.s + "()")
		}
		return xCall{name: t.s, args: args}, nil
	case 'o':
		if t.s == "(" {
			e, err := p.binary(0)
			if err != nil {
				return nil, err
			}
			return e, p.expect(")")
		}
		return nil, errors.New("variables are not supported")
	}
	return nil, errors.New("expected an expression")
}

// XPath is a compiled XPath 1.0 expression.
type XPath struct {
	e   xexpr
	src string
}

// CompileXPath parses an XPath 1.0 expression; the error says why it is invalid.
func CompileXPath(path string) (*XPath, error) {
	toks, err := lexXPath(path)
	if err != nil {
		return nil, err
	}
	p := &xparser{toks: toks}
	e, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	if p.i != len(toks) {
		return nil, errors.New("unexpected token after the expression")
	}
	return &XPath{e: e, src: path}, nil
}

// ---- evaluation

type xctx struct {
	node      *xnode
	pos, size int
}

type nodeset []*xnode

func sortDoc(ns nodeset) nodeset {
	sort.Slice(ns, func(i, j int) bool { return ns[i].order < ns[j].order })
	out := ns[:0]
	for i, n := range ns {
		if i == 0 || n != ns[i-1] {
			out = append(out, n)
		}
	}
	return out
}

func xbool(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case float64:
		return v != 0 && !math.IsNaN(v)
	case string:
		return v != ""
	case nodeset:
		return len(v) > 0
	}
	return false
}

func xstr(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "true"
		}
		return "false"
	case float64:
		return xnumStr(v)
	case string:
		return v
	case nodeset:
		if len(v) == 0 {
			return ""
		}
		return v[0].stringValue()
	}
	return ""
}

func xnumStr(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == math.Trunc(f) && math.Abs(f) < 1e18:
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func xnum(v any) float64 {
	switch v := v.(type) {
	case bool:
		if v {
			return 1
		}
		return 0
	case float64:
		return v
	case string:
		return strNum(v)
	case nodeset:
		return strNum(xstr(v))
	}
	return math.NaN()
}

// strNum is XPath's number(string): optional minus, digits with an optional
// point, surrounded by whitespace; anything else is NaN.
func strNum(s string) float64 {
	s = strings.Trim(s, " \t\r\n")
	t := strings.TrimPrefix(s, "-")
	if t == "" || t == "." {
		return math.NaN()
	}
	dot := false
	for i := 0; i < len(t); i++ {
		switch {
		case t[i] == '.' && !dot:
			dot = true
		case t[i] >= '0' && t[i] <= '9':
		default:
			return math.NaN()
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.NaN()
	}
	return f
}

func (x *XPath) eval(e xexpr, c xctx) any {
	switch e := e.(type) {
	case xLit:
		return e.v
	case xNeg:
		return -xnum(x.eval(e.x, c))
	case xCall:
		return x.call(e, c)
	case xPath:
		return x.path(e, c)
	case xBinary:
		switch e.op {
		case "or":
			return xbool(x.eval(e.l, c)) || xbool(x.eval(e.r, c))
		case "and":
			return xbool(x.eval(e.l, c)) && xbool(x.eval(e.r, c))
		case "|":
			l, _ := x.eval(e.l, c).(nodeset)
			r, _ := x.eval(e.r, c).(nodeset)
			return sortDoc(append(append(nodeset{}, l...), r...))
		case "=", "!=", "<", "<=", ">", ">=":
			return xcompare(e.op, x.eval(e.l, c), x.eval(e.r, c))
		}
		l, r := xnum(x.eval(e.l, c)), xnum(x.eval(e.r, c))
		switch e.op {
		case "+":
			return l + r
		case "-":
			return l - r
		case "mul":
			return l * r
		case "div":
			return l / r
		case "mod":
			return math.Mod(l, r)
		}
	}
	return nil
}

func xcompare(op string, l, r any) bool {
	ln, lok := l.(nodeset)
	rn, rok := r.(nodeset)
	switch {
	case lok && rok:
		for _, a := range ln {
			for _, b := range rn {
				if xcompare(op, a.stringValue(), b.stringValue()) {
					return true
				}
			}
		}
		return false
	case lok || rok:
		ns, other, flip := ln, r, false
		if rok {
			ns, other, flip = rn, l, true
		}
		if b, ok := other.(bool); ok {
			if flip {
				return xcompare(op, b, len(ns) > 0)
			}
			return xcompare(op, len(ns) > 0, b)
		}
		for _, n := range ns {
			var v any = n.stringValue()
			if _, ok := other.(float64); ok {
				v = strNum(n.stringValue())
			}
			if flip && xcompare(op, other, v) || !flip && xcompare(op, v, other) {
				return true
			}
		}
		return false
	}
	if op == "=" || op == "!=" {
		var eq bool
		_, lb := l.(bool)
		_, rb := r.(bool)
		_, lf := l.(float64)
		_, rf := r.(float64)
		switch {
		case lb || rb:
			eq = xbool(l) == xbool(r)
		case lf || rf:
			eq = xnum(l) == xnum(r)
		default:
			eq = xstr(l) == xstr(r)
		}
		return eq == (op == "=")
	}
	a, b := xnum(l), xnum(r)
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	}
	return a >= b
}

func (x *XPath) path(e xPath, c xctx) any {
	var ns nodeset
	switch {
	case e.filter != nil:
		v := x.eval(e.filter, c)
		if len(e.preds) == 0 && len(e.steps) == 0 {
			return v
		}
		set, ok := v.(nodeset)
		if !ok {
			return nodeset{} // not a node-set: javax.xml fails here; exprc yields nothing
		}
		ns = x.filter(set, e.preds)
	case e.abs:
		r := c.node
		for r.parent != nil {
			r = r.parent
		}
		ns = nodeset{r}
	default:
		ns = nodeset{c.node}
	}
	for _, s := range e.steps {
		var next nodeset
		for _, n := range ns {
			cand := axis(n, s.axis)
			var m nodeset
			for _, k := range cand {
				if matches(k, s) {
					m = append(m, k)
				}
			}
			next = append(next, x.filter(m, s.preds)...)
		}
		ns = sortDoc(next)
	}
	return ns
}

// filter applies predicates to nodes in the axis's proximity order.
func (x *XPath) filter(ns nodeset, preds []xexpr) nodeset {
	for _, p := range preds {
		var out nodeset
		for i, n := range ns {
			v := x.eval(p, xctx{node: n, pos: i + 1, size: len(ns)})
			if f, ok := v.(float64); ok {
				if f == float64(i+1) {
					out = append(out, n)
				}
			} else if xbool(v) {
				out = append(out, n)
			}
		}
		ns = out
	}
	return ns
}

func matches(n *xnode, s xStep) bool {
	switch s.test {
	case "node()":
		return true
	case "text()":
		return n.kind == xText
	case "comment()":
		return n.kind == xComment
	case "processing-instruction()":
		return false
	}
	principal := xElem
	if s.axis == "attribute" {
		principal = xAttr
	}
	if n.kind != principal {
		return false
	}
	if s.test == "*" {
		return true
	}
	name := s.test
	if i := strings.IndexByte(name, ':'); i >= 0 {
		if name[i+1:] == "*" {
			return true
		}
		name = name[i+1:]
	}
	return n.name == name
}

// axis returns the nodes of an axis from n in proximity order (reverse axes
// nearest first).
func axis(n *xnode, a string) nodeset {
	var out nodeset
	var desc func(m *xnode)
	desc = func(m *xnode) {
		for _, c := range m.children {
			out = append(out, c)
			desc(c)
		}
	}
	switch a {
	case "child":
		out = append(out, n.children...)
	case "attribute":
		out = append(out, n.attrs...)
	case "self":
		out = nodeset{n}
	case "parent":
		if n.parent != nil {
			out = nodeset{n.parent}
		}
	case "descendant":
		desc(n)
	case "descendant-or-self":
		out = nodeset{n}
		desc(n)
	case "ancestor", "ancestor-or-self":
		if a == "ancestor-or-self" {
			out = nodeset{n}
		}
		for p := n.parent; p != nil; p = p.parent {
			out = append(out, p)
		}
	case "following-sibling", "preceding-sibling", "following", "preceding":
		if n.parent == nil || n.kind == xAttr {
			return nil
		}
		sibs := n.parent.children
		i := 0
		for sibs[i] != n {
			i++
		}
		if a == "following-sibling" {
			return append(out, sibs[i+1:]...)
		}
		if a == "preceding-sibling" {
			for j := i - 1; j >= 0; j-- {
				out = append(out, sibs[j])
			}
			return out
		}
		// following / preceding: everything after (before) n in document order
		// outside its descendants (ancestors)
		root := n
		for root.parent != nil {
			root = root.parent
		}
		var all nodeset
		var walk func(m *xnode)
		walk = func(m *xnode) {
			all = append(all, m)
			for _, c := range m.children {
				walk(c)
			}
		}
		walk(root)
		last := n
		for len(last.children) > 0 {
			last = last.children[len(last.children)-1]
		}
		anc := map[*xnode]bool{}
		for p := n.parent; p != nil; p = p.parent {
			anc[p] = true
		}
		for j := len(all) - 1; j >= 0; j-- {
			m := all[j]
			if a == "following" && m.order > last.order {
				out = append([]*xnode{m}, out...)
			}
			if a == "preceding" && m.order < n.order && !anc[m] {
				out = append(out, m)
			}
		}
	}
	return out
}

func (x *XPath) call(e xCall, c xctx) any {
	arg := func(i int) any { return x.eval(e.args[i], c) }
	str := func(i int) string {
		if i >= len(e.args) {
			return c.node.stringValue()
		}
		return xstr(arg(i))
	}
	switch e.name {
	case "last":
		return float64(c.size)
	case "position":
		return float64(c.pos)
	case "count":
		ns, _ := arg(0).(nodeset)
		return float64(len(ns))
	case "sum":
		ns, _ := arg(0).(nodeset)
		s := 0.0
		for _, n := range ns {
			s += strNum(n.stringValue())
		}
		return s
	case "local-name", "name":
		n := c.node
		if len(e.args) > 0 {
			ns, _ := arg(0).(nodeset)
			if len(ns) == 0 {
				return ""
			}
			n = ns[0]
		}
		if n.kind == xElem || n.kind == xAttr {
			return n.name
		}
		return ""
	case "namespace-uri":
		return ""
	case "string":
		return str(0)
	case "concat":
		var b strings.Builder
		for i := range e.args {
			b.WriteString(str(i))
		}
		return b.String()
	case "starts-with":
		return strings.HasPrefix(str(0), str(1))
	case "contains":
		return strings.Contains(str(0), str(1))
	case "substring-before":
		s, t := str(0), str(1)
		if i := strings.Index(s, t); i >= 0 {
			return s[:i]
		}
		return ""
	case "substring-after":
		s, t := str(0), str(1)
		if i := strings.Index(s, t); i >= 0 {
			return s[i+len(t):]
		}
		return ""
	case "substring":
		// characters at positions p with round(start) <= p < round(start)+round(len)
		rs := []rune(str(0))
		start := xround(xnum(arg(1)))
		end := math.Inf(1)
		if len(e.args) == 3 {
			end = start + xround(xnum(arg(2)))
		}
		var b strings.Builder
		for i, r := range rs {
			p := float64(i + 1)
			if p >= start && p < end {
				b.WriteRune(r)
			}
		}
		return b.String()
	case "string-length":
		return float64(len([]rune(str(0))))
	case "normalize-space":
		return strings.Join(strings.FieldsFunc(str(0), func(r rune) bool {
			return r == ' ' || r == '\t' || r == '\n' || r == '\r'
		}), " ")
	case "translate":
		from, to := []rune(str(1)), []rune(str(2))
		var b strings.Builder
		for _, r := range str(0) {
			i := -1
			for j, f := range from {
				if f == r {
					i = j
					break
				}
			}
			switch {
			case i < 0:
				b.WriteRune(r)
			case i < len(to):
				b.WriteRune(to[i])
			}
		}
		return b.String()
	case "boolean":
		return xbool(arg(0))
	case "not":
		return !xbool(arg(0))
	case "true":
		return true
	case "false":
		return false
	case "number":
		if len(e.args) == 0 {
			return strNum(c.node.stringValue())
		}
		return xnum(arg(0))
	case "floor":
		return math.Floor(xnum(arg(0)))
	case "ceiling":
		return math.Ceil(xnum(arg(0)))
	case "round":
		return xround(xnum(arg(0)))
	}
	return nil
}

// xround is XPath's round: the nearest integer, halves toward +Infinity.
func xround(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	return math.Floor(f + 0.5)
}

// evalDoc evaluates x over document doc and returns its value: a bool,
// float64, string, or node set. A document the parser rejects is InvalidXML.
func (x *XPath) evalDoc(doc string) (any, *Error) {
	root, err := parseXML(doc)
	if err != nil {
		return nil, NewError(InvalidXML, "Error loading expression '"+x.src+"': the XML document is not well-formed: "+err.Error())
	}
	return x.eval(x.e, xctx{node: root, pos: 1, size: 1}), nil
}

// XPathBoolean is xpath_boolean's value of x over doc.
func (x *XPath) XPathBoolean(doc string) (bool, *Error) {
	v, err := x.evalDoc(doc)
	return xbool(v), err
}

// XPathDouble is xpath_double's (xpath_number's) value: NaN when not a number.
func (x *XPath) XPathDouble(doc string) (float64, *Error) {
	v, err := x.evalDoc(doc)
	return xnum(v), err
}

// XPathString is xpath_string's value: a node set's first node's string value.
func (x *XPath) XPathString(doc string) (string, *Error) {
	v, err := x.evalDoc(doc)
	return xstr(v), err
}

// XPathLong is xpath_long's value: the number as Java's double-to-long
// conversion gives it (NaN is 0, out of range saturates).
func (x *XPath) XPathLong(doc string) (int64, *Error) {
	f, err := x.XPathDouble(doc)
	return javaLong(f), err
}

// XPathInt is xpath_int's value, by Java's double-to-int conversion.
func (x *XPath) XPathInt(doc string) (int32, *Error) {
	f, err := x.XPathDouble(doc)
	switch {
	case math.IsNaN(f):
		return 0, err
	case f >= math.MaxInt32:
		return math.MaxInt32, err
	case f <= math.MinInt32:
		return math.MinInt32, err
	}
	return int32(f), err
}

func javaLong(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// The SQL kernels: xpath_*(doc, path) with a constant path the binder has
// checked (CompileXPath); compiled paths are cached by their text. Empty
// documents and paths are NULL in Spark: XPathDefined is their guard.

var xpathCache sync.Map // path -> *XPath

func cachedXPath(path string) (*XPath, *Error) {
	if x, ok := xpathCache.Load(path); ok {
		return x.(*XPath), nil
	}
	x, err := CompileXPath(path)
	if err != nil {
		return nil, NewError(InvalidParameter, "Invalid XPath '"+path+"': "+err.Error())
	}
	xpathCache.Store(path, x)
	return x, nil
}

// XPathDefined reports whether xpath_* has a value: Spark's xpath functions
// are NULL on an empty document or path.
func XPathDefined(doc, path string) bool { return doc != "" && path != "" }

// XPathBooleanOf is xpath_boolean(doc, path).
func XPathBooleanOf(doc, path string) (bool, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return false, err
	}
	return x.XPathBoolean(doc)
}

// XPathDoubleOf is xpath_double(doc, path) (and xpath_number).
func XPathDoubleOf(doc, path string) (float64, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return 0, err
	}
	return x.XPathDouble(doc)
}

// XPathIntOf is xpath_int(doc, path).
func XPathIntOf(doc, path string) (int32, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return 0, err
	}
	return x.XPathInt(doc)
}

// XPathLongOf is xpath_long(doc, path).
func XPathLongOf(doc, path string) (int64, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return 0, err
	}
	return x.XPathLong(doc)
}

// XPathFloatOf is xpath_float(doc, path): the number rounded to a FLOAT, as
// Java's Double.floatValue (Spark's XPathFloat).
func XPathFloatOf(doc, path string) (float32, *Error) {
	f, err := XPathDoubleOf(doc, path)
	return float32(f), err
}

// XPathShortOf is xpath_short(doc, path): Java's Double.shortValue, which
// is the double-to-int conversion (NaN 0, saturating at INT's bounds)
// followed by keeping the low 16 bits, so 40000 is -25536 and 1e10 is -1
// (Spark's XPathShort).
func XPathShortOf(doc, path string) (int16, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return 0, err
	}
	i, err := x.XPathInt(doc)
	return int16(i), err
}

// XPathStringOf is xpath_string(doc, path).
func XPathStringOf(doc, path string) (string, *Error) {
	x, err := cachedXPath(path)
	if err != nil {
		return "", err
	}
	return x.XPathString(doc)
}
