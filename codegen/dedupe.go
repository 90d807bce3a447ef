package codegen

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/format"
	"go/scanner"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Units with the same code are emitted once per file.
//
// A spec repeats itself: upper(s1) in one column, upper(s4) in the next
// query, the same three-way CASE over a dozen columns with other bounds. Their
// units differ only in the names of what they read and in their constants, so
// the file has one function for all of them (a helper), and each query
// function calls it with its own inputs and constants, under a comment with
// the column's SQL.
//
// Two units are the same when their rendered code is, token for token, once
// the names the function declares (its parameters and locals) are numbered in
// order of first appearance and the constants are set aside: the helper's
// body is then the first unit's, so the equivalence is syntactic (alpha
// renaming), not a judgement about what the code means. A constant may differ
// between the units of a helper where its type is certain from the tokens
// around it (a conversion such as int64(350), a string, the column number
// given to vec.Check, a compiled LIKE pattern variable); the helper takes it as
// a parameter. Any other difference keeps the units apart.

// unitMeta is what the printer knows of a unit it rendered: its name and the
// SQL of what it computes.
type unitMeta struct {
	name, sql string
	helper    string // a name for a helper with its code
}

// unitText is a unit found in a rendered piece.
type unitText struct {
	meta       unitMeta
	start, end int // its byte range in the piece's body, doc comment and trailing blank line included
	funcAt     int // where "func" starts
	key        [sha256.Size]byte
	slots      []slotVal // the constants that may differ, in order
	params     []string  // its parameter names, in order
	piece      *piece
	group      *unitGroup
}

// slotVal is one constant a helper may take as a parameter: its Go text and
// type.
type slotVal struct{ text, typ string }

// arg is the slot's value as an argument of the helper.
func (s slotVal) arg() string {
	switch s.typ {
	case "string", "int", "global":
		return s.text
	}
	return s.typ + "(" + s.text + ")"
}

// paramType is the Go type of the helper's parameter for the slot.
func (s slotVal) paramType(globals map[string]string) string {
	if s.typ == "global" {
		return globals[s.text]
	}
	return s.typ
}

// unitGroup is the units sharing one helper.
type unitGroup struct {
	units  []*unitText
	helper string // the helper's name; "" while a single unit has the code
	text   []byte // the helper's declaration
	vary   []int  // the slots that differ between the units, passed as arguments
	// same maps a slot of vary to the first slot of vary that has its value
	// in every unit: the two are one parameter.
	same map[int]int
}

// args are unit u's arguments for the constants of its group's helper.
func (g *unitGroup) args(u *unitText) []string {
	var args []string
	for _, k := range g.vary {
		if g.same[k] == k {
			args = append(args, u.slots[k].arg())
		}
	}
	return args
}

// tok is one token of a unit.
type tok struct {
	pos, end int
	tok      token.Token
	lit      string
}

// convTypes are the types a constant is converted to in generated code.
var convTypes = map[string]bool{"int8": true, "int16": true, "int32": true, "int64": true, "uint8": true,
	"uint16": true, "uint32": true, "uint64": true, "float32": true, "float64": true, "int": true, "uint": true}

// dedupeEnv is what the scan of a unit needs to know of the file: the
// package-level variables a helper may take as a parameter, with their Go
// types.
type dedupeEnv struct {
	globals map[string]string
}

// tokens scans src (one function declaration).
func tokens(src []byte, comments bool) ([]tok, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	var bad error
	mode := scanner.Mode(0)
	if comments {
		mode = scanner.ScanComments
	}
	s.Init(file, src, func(pos token.Position, msg string) { bad = fmt.Errorf("%s: %s", pos, msg) }, mode)
	var out []tok
	for {
		p, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		off := file.Offset(p)
		end := off + len(lit)
		switch {
		case t == token.SEMICOLON:
			end = off // inserted at a line's end, or ";": nothing an edit replaces
		case lit == "":
			end = off + len(t.String()) // an operator
		}
		out = append(out, tok{pos: off, end: end, tok: t, lit: lit})
	}
	return out, bad
}

// unitShape is the result of scanning a unit: its key, its constants that
// may differ, its parameters, and, per token, how it was read.
type unitShape struct {
	key    [sha256.Size]byte
	slots  []slotVal
	spans  [][2]int // byte range of each slot
	params []string
	locals map[string]bool // every name the function declares
	idents map[string]bool // every identifier in it
	nameAt int             // index of the function name's token
	close  int             // index of the token closing the parameter list
	local  []bool          // per token: a name the function declares
}

// shape reads the tokens of one rendered unit (from "func" to its closing
// brace).
func (env *dedupeEnv) shape(ts []tok) (*unitShape, error) {
	if len(ts) < 4 || ts[0].tok != token.FUNC || ts[1].tok != token.IDENT || ts[2].tok != token.LPAREN {
		return nil, fmt.Errorf("codegen: a unit does not start as a function declaration")
	}
	sh := &unitShape{locals: map[string]bool{}, idents: map[string]bool{}, nameAt: 1, local: make([]bool, len(ts))}
	// parameters: the identifiers right after "(" or "," at depth one
	depth := 0
	for i := 2; i < len(ts); i++ {
		switch ts[i].tok {
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK:
			depth--
		case token.IDENT:
			if depth == 1 && (ts[i-1].tok == token.LPAREN || ts[i-1].tok == token.COMMA) {
				sh.params = append(sh.params, ts[i].lit)
				sh.locals[ts[i].lit] = true
			}
		}
		if depth == 0 {
			sh.close = i
			break
		}
	}
	// locals: a := ..., a, b := ..., var a
	for i, t := range ts {
		switch t.tok {
		case token.DEFINE:
			for k := i - 1; k >= 0 && ts[k].tok == token.IDENT; k -= 2 {
				sh.locals[ts[k].lit] = true
				if k < 1 || ts[k-1].tok != token.COMMA {
					break
				}
			}
		case token.VAR:
			if i+1 < len(ts) && ts[i+1].tok == token.IDENT {
				sh.locals[ts[i+1].lit] = true
			}
		}
	}
	h := sha256.New()
	var b []byte
	write := func(kind byte, s string) {
		b = append(b[:0], kind)
		b = append(b, s...)
		b = append(b, 0)
		h.Write(b)
	}
	number := map[string]int{}
	var parens []int
	addSlot := func(from, to int, text, typ string) {
		s := slotVal{text: text, typ: typ}
		sh.slots = append(sh.slots, s)
		sh.spans = append(sh.spans, [2]int{from, to})
		write('S', s.paramType(env.globals)) // a global's Go type, not "global"
	}
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch t.tok {
		case token.LPAREN:
			parens = append(parens, i)
		case token.RPAREN:
			if len(parens) > 0 {
				parens = parens[:len(parens)-1]
			}
		}
		prev := func(k int) token.Token { return tokenAt(ts, i-k) }
		next := func(k int) token.Token { return tokenAt(ts, i+k) }
		switch t.tok {
		case token.IDENT:
			sh.idents[t.lit] = true
			switch {
			case i == sh.nameAt:
				write('F', "")
			case prev(1) == token.PERIOD:
				write('I', t.lit)
			case sh.locals[t.lit]:
				n, ok := number[t.lit]
				if !ok {
					n = len(number)
					number[t.lit] = n
				}
				sh.local[i] = true
				write('L', strconv.Itoa(n))
			case env.globals[t.lit] != "":
				addSlot(t.pos, t.end, t.lit, "global")
			default: // predeclared, a package, a package-level name
				write('I', t.lit)
			}
		case token.SUB:
			// T(-lit): the sign belongs to the constant
			if next(1) == token.INT || next(1) == token.FLOAT {
				if prev(1) == token.LPAREN && i >= 2 && ts[i-2].tok == token.IDENT && convTypes[ts[i-2].lit] && next(2) == token.RPAREN {
					addSlot(t.pos, ts[i+1].end, "-"+ts[i+1].lit, ts[i-2].lit)
					i++
					continue
				}
			}
			write('T', t.tok.String())
		case token.INT, token.FLOAT:
			switch {
			case prev(1) == token.LPAREN && i >= 2 && ts[i-2].tok == token.IDENT && convTypes[ts[i-2].lit] && next(1) == token.RPAREN:
				addSlot(t.pos, t.end, t.lit, ts[i-2].lit)
			case t.tok == token.INT && prev(1) == token.COMMA && next(1) == token.RPAREN && len(parens) > 0 && isCheck(ts, parens[len(parens)-1]):
				addSlot(t.pos, t.end, t.lit, "int")
			default:
				write('C', t.lit)
			}
		case token.STRING:
			addSlot(t.pos, t.end, t.lit, "string")
		case token.CHAR, token.IMAG:
			write('C', t.lit)
		default:
			write('T', t.tok.String())
		}
	}
	copy(sh.key[:], h.Sum(nil))
	return sh, nil
}

// tokenAt is the kind of ts[i], ILLEGAL outside ts.
func tokenAt(ts []tok, i int) token.Token {
	if i < 0 || i >= len(ts) {
		return token.ILLEGAL
	}
	return ts[i].tok
}

// isCheck reports whether the parenthesis at ts[open] opens a call of
// vec.Check (whose last argument is the column number, an int).
func isCheck(ts []tok, open int) bool {
	return open >= 3 && ts[open-1].lit == "Check" && ts[open-2].tok == token.PERIOD && ts[open-3].lit == "vec"
}

// findUnits locates the units of a rendered piece and scans them, and
// notes every identifier of the piece (a helper's name must differ from
// them all).
func (env *dedupeEnv) findUnits(p *piece) error {
	body := p.body
	ts, err := tokens(body, false)
	if err != nil {
		return err
	}
	p.idents = map[string]bool{}
	for _, t := range ts {
		if t.tok == token.IDENT {
			p.idents[t.lit] = true
		}
	}
	for _, m := range p.metas {
		decl := []byte("\nfunc " + m.name + "(")
		at := bytes.Index(body, decl)
		if at < 0 {
			return fmt.Errorf("codegen: unit %s not found in its rendered query", m.name)
		}
		funcAt := at + 1
		start := funcAt
		for start > 0 { // the doc comment: the // lines just above
			lineStart := bytes.LastIndexByte(body[:start-1], '\n') + 1
			if !bytes.HasPrefix(body[lineStart:], []byte("//")) {
				break
			}
			start = lineStart
		}
		end := bytes.Index(body[funcAt:], []byte("\n}\n"))
		if end < 0 {
			return fmt.Errorf("codegen: unit %s has no closing brace", m.name)
		}
		end = funcAt + end + len("\n}\n")
		from := sort.Search(len(ts), func(i int) bool { return ts[i].pos >= funcAt })
		to := sort.Search(len(ts), func(i int) bool { return ts[i].pos >= end })
		sh, err := env.shape(ts[from:to])
		if err != nil {
			return fmt.Errorf("codegen: unit %s: %w", m.name, err)
		}
		if end < len(body) && body[end] == '\n' {
			end++
		}
		p.units = append(p.units, &unitText{meta: m, start: start, end: end, funcAt: funcAt, key: sh.key, slots: sh.slots, params: sh.params, piece: p})
	}
	return nil
}

// dedupe groups the units of every piece by their code and writes the
// helpers of the groups of more than one unit, named by name.
func (env *dedupeEnv) dedupe(pieces []*piece, name func(base string) string) error {
	groups := map[[sha256.Size]byte]*unitGroup{}
	var order []*unitGroup
	for _, p := range pieces {
		for _, u := range p.units {
			g := groups[u.key]
			if g == nil {
				g = &unitGroup{}
				groups[u.key] = g
				order = append(order, g)
			}
			g.units = append(g.units, u)
			u.group = g
		}
	}
	for _, g := range order {
		if len(g.units) < 2 {
			continue
		}
		first := g.units[0]
		for k := range first.slots {
			for _, u := range g.units[1:] {
				if u.slots[k] != first.slots[k] {
					g.vary = append(g.vary, k)
					break
				}
			}
		}
		g.same = map[int]int{}
		for i, k := range g.vary {
			g.same[k] = k
			for _, j := range g.vary[:i] {
				if g.same[j] == j && sameSlot(g.units, j, k) {
					g.same[k] = j
					break
				}
			}
		}
		if err := env.helper(g, name); err != nil {
			return err
		}
	}
	return nil
}

// helper writes group g's function: the first unit's declaration, renamed,
// with the parameters whose names differ between the units given neutral
// names, the differing constants as parameters, and no comments inside (they
// would show the first unit's SQL).
func (env *dedupeEnv) helper(g *unitGroup, name func(base string) string) error {
	first := g.units[0]
	src := first.piece.body[first.funcAt:first.end]
	all, err := tokens(src, true)
	if err != nil {
		return err
	}
	var ts, cs []tok // the code, and the comments the helper drops
	for _, t := range all {
		if t.tok == token.COMMENT {
			cs = append(cs, t)
		} else {
			ts = append(ts, t)
		}
	}
	sh, err := env.shape(ts)
	if err != nil {
		return err
	}
	g.helper = name(first.meta.helper)
	used := map[string]bool{}
	for id := range sh.idents {
		used[id] = true
	}
	freshLocal := func(base string) string {
		s := base
		for k := 2; used[s] || types.Universe.Lookup(s) != nil; k++ {
			s = base + strconv.Itoa(k)
		}
		used[s] = true
		return s
	}
	rename := map[string]string{}
	for j, p := range sh.params {
		same := true
		for _, u := range g.units[1:] {
			if u.params[j] != p {
				same = false
				break
			}
		}
		if same {
			continue
		}
		base := "in" + strconv.Itoa(len(rename)+1)
		if strings.HasSuffix(p, "Arr") {
			base += "Arr"
		}
		rename[p] = freshLocal(base)
	}
	for _, p := range sh.params {
		if to, ok := rename[p]; ok && sh.locals[p+"V"] && !used[to+"V"] {
			rename[p+"V"] = freshLocal(to + "V")
		}
	}
	edits := []edit{{ts[sh.nameAt].pos, ts[sh.nameAt].end, g.helper}}
	for i, t := range ts {
		if sh.local[i] {
			if to, ok := rename[t.lit]; ok {
				edits = append(edits, edit{t.pos, t.end, to})
			}
		}
	}
	var extra []string
	names := map[int]string{} // slot -> its parameter
	for _, k := range g.vary {
		p, ok := names[g.same[k]]
		if !ok {
			s := first.slots[k]
			p = freshLocal(slotBase(s) + strconv.Itoa(len(extra)+1))
			names[k] = p
			extra = append(extra, p+" "+s.paramType(env.globals))
		}
		edits = append(edits, edit{sh.spans[k][0], sh.spans[k][1], p})
	}
	if len(extra) > 0 {
		at := ts[sh.close].pos
		edits = append(edits, edit{at, at, ", " + strings.Join(extra, ", ")})
	}
	for _, c := range cs {
		from, to := c.pos, c.end
		lineStart := bytes.LastIndexByte(src[:from], '\n') + 1
		if len(bytes.TrimSpace(src[lineStart:from])) == 0 {
			from = lineStart
			if to < len(src) && src[to] == '\n' {
				to++
			}
		} else {
			for from > 0 && (src[from-1] == ' ' || src[from-1] == '\t') {
				from--
			}
		}
		edits = append(edits, edit{from, to, ""})
	}
	edited, err := applyEdits(src, edits)
	if err != nil {
		return fmt.Errorf("codegen: helper %s: %w", g.helper, err)
	}
	formatted, err := format.Source(edited)
	if err != nil {
		return fmt.Errorf("codegen: helper %s does not format: %w", g.helper, err)
	}
	var doc bytes.Buffer
	what := strings.TrimPrefix(firstLine(first.piece.body[first.start:first.funcAt]), "// "+first.meta.name+" ")
	fmt.Fprintf(&doc, "// %s is the code of %d units of this file that differ only in what they\n", g.helper, len(g.units))
	doc.WriteString("// read and in their constants, which they pass in. The first of them\n")
	fmt.Fprintf(&doc, "// %s\n//\n", what)
	for _, line := range splitLines(first.meta.sql) {
		doc.WriteString("//\t" + comment(line) + "\n")
	}
	g.text = append(doc.Bytes(), bytes.TrimRight(formatted, "\n")...)
	g.text = append(g.text, "\n\n"...)
	return nil
}

func firstLine(b []byte) string {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// slotBase names a constant parameter of a helper.
func slotBase(s slotVal) string {
	switch s.typ {
	case "global":
		return "pattern"
	case "int":
		return "colNum"
	case "string":
		return "text"
	}
	return "value"
}

// assemble is piece p's body with its grouped units replaced: the first unit
// of a group by the group's helper, the others removed, and each call of a
// grouped unit made a call of its helper under a comment with its SQL.
func assemble(p *piece) ([]byte, error) {
	var edits []edit
	body := p.body
	for _, u := range p.units {
		g := u.group
		if g.helper == "" {
			continue
		}
		if g.units[0] == u {
			edits = append(edits, edit{u.start, u.end, string(g.text)})
		} else {
			edits = append(edits, edit{u.start, u.end, ""})
		}
		call := []byte(u.meta.name + "(")
		at := 0
		for {
			k := bytes.Index(body[at:], call)
			if k < 0 {
				break
			}
			k += at
			at = k + len(call)
			if k > 0 && isIdentByte(body[k-1]) || k >= u.start && k < u.end {
				continue
			}
			closeAt := k + len(call) + bytes.IndexByte(body[k+len(call):], ')')
			lineStart := bytes.LastIndexByte(body[:k], '\n') + 1
			indent := body[lineStart : lineStart+len(body[lineStart:k])-len(bytes.TrimLeft(body[lineStart:k], "\t"))]
			edits = append(edits, edit{lineStart, lineStart, string(indent) + "// " + comment(oneLine(u.meta.sql)) + "\n"})
			edits = append(edits, edit{k, k + len(u.meta.name), g.helper})
			if args := g.args(u); len(args) > 0 {
				edits = append(edits, edit{closeAt, closeAt, ", " + strings.Join(args, ", ")})
			}
		}
	}
	if len(edits) == 0 {
		return body, nil
	}
	return applyEdits(body, edits)
}

// edit replaces src[from:to] with text.
type edit struct {
	from, to int
	text     string
}

// applyEdits applies edits (which must not overlap) to src.
func applyEdits(src []byte, edits []edit) ([]byte, error) {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	var out bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.from < at {
			return nil, fmt.Errorf("overlapping edits at byte %d", e.from)
		}
		out.Write(src[at:e.from])
		out.WriteString(e.text)
		at = e.to
	}
	out.Write(src[at:])
	return out.Bytes(), nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// oneLine is SQL text on one line, its runs of white space made one space.
func oneLine(sql string) string { return strings.Join(strings.Fields(sql), " ") }

// sameSlot reports whether slots j and k have the same type and value in
// every unit.
func sameSlot(units []*unitText, j, k int) bool {
	for _, u := range units {
		if u.slots[j] != u.slots[k] {
			return false
		}
	}
	return true
}
