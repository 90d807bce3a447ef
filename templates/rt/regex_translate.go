package rt

import (
	"fmt"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spark's regular expressions are Java's (java.util.regex). exprc runs them
// on Go's RE2 engine, which is linear-time, after translating the Java
// pattern into an RE2 pattern of the same meaning. A construct whose meaning
// RE2 cannot reproduce exactly is refused with an error naming it and its
// offset (in characters, as Java counts "near index N"), never translated
// into something that matches differently. docs/semantics.md lists the
// decisions.

// MaxRegexLength is the longest pattern, in bytes, the regular-expression
// functions accept. RE2 compiles in time and space linear in the pattern,
// but a pattern of many capture groups makes every match slow (the engine
// copies the capture slots per step), so the cap keeps one row's pattern from
// stalling a batch: a longer pattern raises INVALID_PARAMETER_VALUE.PATTERN.
const MaxRegexLength = 4096

// maxRegexGroups bounds the capture groups of a pattern for the same reason.
const maxRegexGroups = 256

// javaRegex is a translated pattern.
type javaRegex struct {
	re2    string         // the RE2 pattern
	groups int            // Java's group count
	gmap   []int          // RE2 group index of each Java group (gmap[0] = 0)
	terms  []int          // RE2 indices of the line-terminator groups of a final $
	names  map[string]int // Java group name -> Java group index
	empty  bool           // the pattern can match the empty string
}

// rxItem is one element of a parsed sequence: an atom already in RE2 syntax,
// a group, or a $ (whose translation depends on whether it is final).
type rxItem struct {
	text   string
	group  *rxGroup
	dollar bool
	anchor bool   // ^, $, \b ...: no quantifier may follow
	quant  string // the quantifier, in RE2 syntax
	pos    int
}

type rxGroup struct {
	capture bool
	name    string
	alts    [][]*rxItem
}

type rxParser struct {
	src    []rune
	pos    int
	foldI  bool // (?i): ASCII-only case-insensitive, as Java without (?u)
	dotAll bool // (?s)
	groups int
	names  map[string]int
}

// rxError is a translation failure: why, at which character offset.
type rxError struct {
	pos int
	why string
}

func (e *rxError) Error() string { return e.why + " near index " + strconv.Itoa(e.pos) }

func (p *rxParser) fail(pos int, format string, args ...any) {
	panic(&rxError{pos: pos, why: fmt.Sprintf(format, args...)})
}

func (p *rxParser) eof() bool { return p.pos >= len(p.src) }

func (p *rxParser) peek() rune {
	if p.eof() {
		return -1
	}
	return p.src[p.pos]
}

func (p *rxParser) peekAt(k int) rune {
	if p.pos+k >= len(p.src) {
		return -1
	}
	return p.src[p.pos+k]
}

// translateJava translates a Java pattern, or returns why it cannot.
func translateJava(pattern string) (jr *javaRegex, err error) {
	if len(pattern) > MaxRegexLength {
		return nil, fmt.Errorf("the pattern is %d bytes long, over the limit of %d", len(pattern), MaxRegexLength)
	}
	p := &rxParser{src: removeQuoting([]rune(pattern)), names: map[string]int{}}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*rxError)
			if !ok {
				panic(r)
			}
			jr, err = nil, e
		}
	}()
	alts := p.parseAlts(0)
	if !p.eof() { // an unmatched )
		p.fail(p.pos, "unmatched closing ')'")
	}
	if p.groups > maxRegexGroups {
		p.fail(0, "the pattern has %d groups, over the limit of %d", p.groups, maxRegexGroups)
	}
	jr = &javaRegex{groups: p.groups, gmap: make([]int, 1, p.groups+1), names: p.names}
	var b strings.Builder
	e := &rxEmitter{b: &b, jr: jr, p: p}
	e.alts(alts, true)
	jr.re2 = b.String()
	re, serr := syntax.Parse(jr.re2, syntax.Perl)
	if serr != nil {
		// RE2's own limits (a repeat count over 1000, a pattern too large).
		return nil, fmt.Errorf("%s", strings.TrimPrefix(serr.Error(), "error parsing regexp: "))
	}
	if n := expandedSize(re, maxRegexProgram+1); n > maxRegexProgram {
		// RE2 expands counted repetitions when it compiles: a{0,1000}
		// repeated 455 times is 4095 bytes but a million instructions and
		// seconds of compiling, so the cap is on the expansion, not the text.
		return nil, fmt.Errorf("the pattern expands to more than %d RE2 instructions (counted repetitions multiply their operand)", maxRegexProgram)
	}
	jr.empty = canBeEmpty(re)
	return jr, nil
}

// maxRegexProgram bounds the size of a pattern once RE2 has expanded its
// counted repetitions, which is what compiling and matching cost grow with.
const maxRegexProgram = 10000

// expandedSize estimates the number of RE2 instructions re compiles to,
// stopping once it exceeds limit.
func expandedSize(re *syntax.Regexp, limit int) int {
	add := func(a, b int) int {
		if a+b > limit {
			return limit + 1
		}
		return a + b
	}
	switch re.Op {
	case syntax.OpLiteral:
		return max(1, len(re.Rune))
	case syntax.OpCapture, syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		return add(expandedSize(re.Sub[0], limit), 2)
	case syntax.OpRepeat:
		n := re.Max
		if n < 0 {
			n = re.Min + 1
		}
		sub := expandedSize(re.Sub[0], limit)
		if n > 0 && sub > limit/n {
			return limit + 1
		}
		return add(n*(sub+1), 1)
	case syntax.OpConcat, syntax.OpAlternate:
		total := 0
		for _, s := range re.Sub {
			total = add(total, add(expandedSize(s, limit), 1))
		}
		return total
	}
	return 1
}

// removeQuoting rewrites each \Q...\E quote (to the end of the pattern
// without \E) into escaped characters before parsing, as Java does, so a
// quantifier after a quote applies to its last character.
func removeQuoting(src []rune) []rune {
	out := make([]rune, 0, len(src))
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' || i+1 >= len(src) {
			out = append(out, src[i])
			continue
		}
		if src[i+1] != 'Q' {
			out = append(out, src[i], src[i+1])
			i++
			continue
		}
		for i += 2; i < len(src); i++ {
			if src[i] == '\\' && i+1 < len(src) && src[i+1] == 'E' {
				i++
				break
			}
			c := src[i]
			if c >= utf8.RuneSelf || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				out = append(out, c)
			} else {
				out = append(out, '\\', c)
			}
		}
	}
	return out
}

// parseAlts parses alternatives up to a ')' (not consumed) or the end.
func (p *rxParser) parseAlts(depth int) [][]*rxItem {
	alts := [][]*rxItem{nil}
	for !p.eof() {
		c := p.peek()
		switch c {
		case '|':
			p.pos++
			alts = append(alts, nil)
			continue
		case ')':
			if depth == 0 {
				p.fail(p.pos, "unmatched closing ')'")
			}
			return alts
		}
		if it := p.parseItem(); it != nil {
			alts[len(alts)-1] = append(alts[len(alts)-1], it)
		}
	}
	if depth > 0 {
		p.fail(p.pos, "unclosed group")
	}
	return alts
}

// parseItem parses one atom and its quantifier; nil for a flag group.
func (p *rxParser) parseItem() *rxItem {
	start := p.pos
	c := p.src[p.pos]
	it := &rxItem{pos: start}
	switch c {
	case '(':
		g := p.parseGroup()
		if g == nil {
			return nil
		}
		it.group = g
	case '[':
		p.pos++
		it.text = p.parseClass(start).emit()
	case '.':
		p.pos++
		if p.dotAll {
			it.text = `(?s:.)`
		} else {
			// Java's . excludes every line terminator, not only \n.
			it.text = `[^\n\r\x{85}\x{2028}\x{2029}]`
		}
	case '^':
		p.pos++
		it.text, it.anchor = `\A`, true
	case '$':
		p.pos++
		it.dollar, it.anchor = true, true
	case '\\':
		p.parseEscapeItem(it)
	case '*', '+', '?':
		p.fail(start, "dangling meta character '%c'", c)
	case '{':
		p.fail(start, "illegal repetition")
	default:
		p.pos++
		it.text = p.literal(c)
	}
	p.parseQuant(it)
	return it
}

// parseQuant parses the quantifier after an item, if any.
func (p *rxParser) parseQuant(it *rxItem) {
	if p.eof() {
		return
	}
	start := p.pos
	var q string
	switch c := p.peek(); c {
	case '*', '+', '?':
		p.pos++
		q = string(c)
	case '{':
		p.pos++
		lo := p.number()
		if lo < 0 {
			p.fail(start, "illegal repetition")
		}
		q = "{" + strconv.Itoa(lo)
		if p.peek() == ',' {
			p.pos++
			q += ","
			if p.peek() != '}' {
				hi := p.number()
				if hi < 0 {
					p.fail(start, "illegal repetition")
				}
				if hi < lo {
					p.fail(start, "illegal repetition range")
				}
				q += strconv.Itoa(hi)
			}
		}
		if p.peek() != '}' {
			p.fail(start, "unclosed counted closure")
		}
		p.pos++
		q += "}"
	default:
		return
	}
	if it.anchor {
		p.fail(start, "a quantifier after an anchor or boundary")
	}
	switch p.peek() {
	case '?':
		p.pos++
		q += "?"
	case '+':
		p.fail(p.pos, "possessive quantifier %s+ is not supported (RE2 has no possessive quantifiers)", q)
	}
	switch p.peek() {
	case '*', '+', '?', '{':
		p.fail(p.pos, "dangling meta character '%c'", p.peek())
	}
	it.quant = q
}

// number reads decimal digits; -1 when there are none or too many.
func (p *rxParser) number() int {
	n, digits := 0, 0
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		n = n*10 + int(p.peek()-'0')
		digits++
		p.pos++
		if n > 1<<20 {
			p.fail(p.pos, "repetition count too large")
		}
	}
	if digits == 0 {
		return -1
	}
	return n
}

// parseGroup parses (...) and its variants; nil for a flag-only group like (?i).
func (p *rxParser) parseGroup() *rxGroup {
	start := p.pos
	p.pos++ // (
	g := &rxGroup{}
	saveI, saveS := p.foldI, p.dotAll
	if p.peek() != '?' {
		g.capture = true
		p.groups++
	} else {
		p.pos++
		switch c := p.peek(); {
		case c == ':':
			p.pos++
		case c == '<' && (p.peekAt(1) == '=' || p.peekAt(1) == '!'):
			p.fail(start, "lookbehind (?<%c is not supported (RE2 has no lookaround)", p.peekAt(1))
		case c == '<':
			p.pos++
			ns := p.pos
			for !p.eof() && p.peek() != '>' {
				r := p.peek()
				if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || p.pos > ns && r >= '0' && r <= '9') {
					p.fail(p.pos, "named capturing group name must be a letter followed by letters and digits")
				}
				p.pos++
			}
			if p.eof() || p.pos == ns {
				p.fail(start, "named capturing group is missing its name or its closing '>'")
			}
			g.name = string(p.src[ns:p.pos])
			p.pos++
			if _, dup := p.names[g.name]; dup {
				p.fail(start, "named capturing group <%s> is already defined", g.name)
			}
			g.capture = true
			p.groups++
			p.names[g.name] = p.groups
		case c == '=' || c == '!':
			p.fail(start, "lookahead (?%c is not supported (RE2 has no lookaround)", c)
		case c == '>':
			p.fail(start, "atomic group (?> is not supported")
		default:
			on := true
			for {
				if p.eof() {
					p.fail(start, "unclosed group")
				}
				f := p.peek()
				switch f {
				case 'i':
					p.foldI = on
				case 's':
					p.dotAll = on
				case '-':
					if !on {
						p.fail(p.pos, "unknown inline modifier")
					}
					on = false
				case 'm':
					p.fail(p.pos, "inline flag (?m) (MULTILINE) is not supported: Java's ^ and $ then treat \\r, \\u0085, \\u2028 and \\u2029 as line ends, RE2 only \\n")
				case 'd', 'u', 'x', 'U', 'c':
					p.fail(p.pos, "inline flag (?%c) is not supported", f)
				case ')':
					p.pos++
					return nil // the flags hold to the end of the enclosing group
				case ':':
					goto body
				default:
					p.fail(p.pos, "unknown inline modifier '%c'", f)
				}
				p.pos++
			}
		body:
			p.pos++
		}
	}
	g.alts = p.parseAlts(1)
	p.pos++ // )
	p.foldI, p.dotAll = saveI, saveS
	return g
}

// parseEscapeItem parses an escape outside a class into it.
func (p *rxParser) parseEscapeItem(it *rxItem) {
	start := p.pos
	p.pos++
	if p.eof() {
		p.fail(start, "unexpected internal error: trailing backslash")
	}
	c := p.peek()
	switch c {
	case 'b':
		p.pos++
		if p.peek() == '{' {
			p.fail(start, "\\b{...} boundaries are not supported")
		}
		it.text, it.anchor = `\b`, true
		return
	case 'B':
		p.pos++
		it.text, it.anchor = `\B`, true
		return
	case 'A':
		p.pos++
		it.text, it.anchor = `\A`, true
		return
	case 'z':
		p.pos++
		it.text, it.anchor = `\z`, true
		return
	case 'Z':
		p.pos++
		it.dollar, it.anchor = true, true
		return
	}
	p.pos = start
	r, set := p.parseEscape(false)
	if set != nil {
		it.text = set.emit()
		return
	}
	it.text = p.literal(r)
}

// parseEscape parses an escape denoting a character or a set (inside or
// outside a class); the anchors are handled by the callers.
func (p *rxParser) parseEscape(inClass bool) (rune, *runeSet) {
	start := p.pos
	p.pos++ // backslash
	if p.eof() {
		p.fail(start, "unexpected internal error: trailing backslash")
	}
	c := p.peek()
	p.pos++
	switch c {
	case 't':
		return '\t', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 'f':
		return '\f', nil
	case 'a':
		return 7, nil
	case 'e':
		return 27, nil
	case 'c':
		if p.eof() {
			p.fail(start, "illegal control escape sequence")
		}
		r := p.peek()
		p.pos++
		return r ^ 64, nil
	case '0':
		n, digits := 0, 0
		for digits < 3 && !p.eof() && p.peek() >= '0' && p.peek() <= '7' {
			if digits == 2 && n > 037 {
				break // \0mnn needs m <= 3
			}
			n = n*8 + int(p.peek()-'0')
			p.pos++
			digits++
		}
		if digits == 0 {
			p.fail(start, "illegal octal escape sequence")
		}
		return rune(n), nil
	case 'x':
		if p.peek() == '{' {
			p.pos++
			hs := p.pos
			for !p.eof() && p.peek() != '}' {
				p.pos++
			}
			h := string(p.src[hs:p.pos])
			v, err := strconv.ParseUint(h, 16, 32)
			if p.eof() || err != nil || h == "" || v > unicode.MaxRune {
				p.fail(start, "illegal hexadecimal escape sequence")
			}
			p.pos++
			return p.noSurrogate(start, rune(v)), nil
		}
		return p.noSurrogate(start, p.hex(start, 2)), nil
	case 'u':
		r := p.hex(start, 4)
		if r >= 0xD800 && r <= 0xDBFF && p.peek() == '\\' && p.peekAt(1) == 'u' {
			save := p.pos
			p.pos += 2
			lo := p.hex(start, 4)
			if lo >= 0xDC00 && lo <= 0xDFFF {
				return (r-0xD800)<<10 + (lo - 0xDC00) + 0x10000, nil
			}
			p.pos = save
		}
		return p.noSurrogate(start, r), nil
	case 'd':
		return 0, setOf('0', '9')
	case 'D':
		return 0, setOf('0', '9').negate()
	case 'w':
		return 0, wordSet()
	case 'W':
		return 0, wordSet().negate()
	case 's':
		return 0, spaceSet()
	case 'S':
		return 0, spaceSet().negate()
	case 'h':
		return 0, hspaceSet()
	case 'H':
		return 0, hspaceSet().negate()
	case 'v':
		return 0, vspaceSet()
	case 'V':
		return 0, vspaceSet().negate()
	case 'p', 'P':
		set := p.property(start)
		if c == 'P' {
			if len(set.natives) > 0 {
				set.natives[0] = `\P` + set.natives[0][2:]
			} else {
				set = set.negate()
			}
		}
		return 0, set
	}
	switch {
	case c >= '1' && c <= '9' || c == 'k':
		p.fail(start, "backreference \\%c is not supported (RE2 has no backreferences)", c)
	case c == 'G':
		p.fail(start, "\\G is not supported")
	case c == 'R':
		p.fail(start, "\\R is not supported (Java's linebreak matcher does not backtrack into \\r\\n)")
	case c == 'X' || c == 'N':
		p.fail(start, "\\%c is not supported", c)
	case inClass && (c == 'b' || c == 'B' || c == 'A' || c == 'z' || c == 'Z' || c == 'Q' || c == 'E'):
		p.fail(start, "\\%c is not allowed in a character class", c)
	case c < utf8.RuneSelf && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
		p.fail(start, "illegal/unsupported escape sequence \\%c", c)
	}
	return c, nil // an escaped non-letter is itself
}

func (p *rxParser) noSurrogate(start int, r rune) rune {
	if r >= 0xD800 && r <= 0xDFFF {
		p.fail(start, "a lone surrogate \\u%04X is not supported", r)
	}
	return r
}

func (p *rxParser) hex(start, n int) rune {
	if p.pos+n > len(p.src) {
		p.fail(start, "illegal hexadecimal escape sequence")
	}
	v, err := strconv.ParseUint(string(p.src[p.pos:p.pos+n]), 16, 32)
	if err != nil {
		p.fail(start, "illegal hexadecimal escape sequence")
	}
	p.pos += n
	return rune(v)
}

// posixClasses are Java's \p{...} POSIX classes, ASCII-only by default.
var posixClasses = map[string]string{
	"Lower": "az", "Upper": "AZ", "ASCII": "\x00\x7f", "Alpha": "azAZ", "Digit": "09",
	"Alnum": "azAZ09", "Punct": "!/:@[`{~", "Graph": "!~", "Print": " ~", "Blank": "  \t\t",
	"Cntrl": "\x00\x1f\x7f\x7f", "XDigit": "09afAF", "Space": "  \t\r\x0b\x0b\f\f",
}

// property parses the {name} or single letter after \p or \P.
func (p *rxParser) property(start int) *runeSet {
	var name string
	if p.peek() == '{' {
		p.pos++
		ns := p.pos
		for !p.eof() && p.peek() != '}' {
			p.pos++
		}
		if p.eof() {
			p.fail(start, "unclosed character family")
		}
		name = string(p.src[ns:p.pos])
		p.pos++
	} else {
		if p.eof() {
			p.fail(start, "illegal character family")
		}
		name = string(p.peek())
		p.pos++
	}
	if pairs, ok := posixClasses[name]; ok {
		if p.foldI && (name == "Lower" || name == "Upper") {
			p.fail(start, "\\p{%s} under (?i) is not supported", name)
		}
		s := &runeSet{}
		for i := 0; i+1 < len(pairs); i += 2 {
			s.add(rune(pairs[i]), rune(pairs[i+1]))
		}
		return s
	}
	cat := name
	for _, pre := range []string{"Is", "gc=", "general_category=", "sc=", "script="} {
		cat = strings.TrimPrefix(cat, pre)
	}
	script := strings.HasPrefix(name, "sc=") || strings.HasPrefix(name, "script=")
	if _, ok := unicode.Categories[cat]; ok && !script {
		if p.foldI && (cat == "Lu" || cat == "Ll" || cat == "Lt") {
			p.fail(start, "\\p{%s} under (?i) is not supported", name)
		}
		return &runeSet{natives: []string{`\p{` + cat + `}`}}
	}
	if strings.HasPrefix(name, "Is") || script {
		for sname := range unicode.Scripts {
			if strings.EqualFold(sname, cat) {
				return &runeSet{natives: []string{`\p{` + sname + `}`}}
			}
		}
	}
	p.fail(start, "character class \\p{%s} is not supported", name)
	return nil
}

// parseClass parses a class after its '['.
func (p *rxParser) parseClass(start int) *runeSet {
	set := &runeSet{}
	neg := false
	if p.peek() == '^' {
		neg = true
		p.pos++
	}
	first := true
	for {
		if p.eof() {
			p.fail(start, "unclosed character class")
		}
		c := p.peek()
		switch {
		case c == ']' && !first:
			p.pos++
			if p.foldI {
				set.foldASCII()
			}
			set.neg = neg
			return set
		case c == '[':
			p.fail(p.pos, "nested character class [...[...]] is not supported")
		case c == '&' && p.peekAt(1) == '&':
			p.fail(p.pos, "character class intersection && is not supported")
		}
		first = false
		lo, ls := p.classAtom()
		if ls != nil {
			set.addSet(ls)
			continue
		}
		if p.peek() == '-' && p.peekAt(1) != ']' && p.peekAt(1) != -1 {
			dash := p.pos
			p.pos++
			if p.peek() == '[' || p.peek() == '&' && p.peekAt(1) == '&' {
				p.fail(dash, "illegal character range")
			}
			hi, hs := p.classAtom()
			if hs != nil || hi < lo {
				p.fail(dash, "illegal character range")
			}
			set.add(lo, hi)
			continue
		}
		set.add(lo, lo)
	}
}

// classAtom reads one character, or a set escape, inside a class.
func (p *rxParser) classAtom() (rune, *runeSet) {
	if p.peek() == '\\' {
		return p.parseEscape(true)
	}
	r := p.peek()
	p.pos++
	return r, nil
}

// literal writes a literal character in RE2 syntax, ASCII-case-folded
// under (?i).
func (p *rxParser) literal(r rune) string {
	if p.foldI && r < utf8.RuneSelf && unicode.IsLetter(r) {
		s := setOf(r, r)
		s.foldASCII()
		return s.emit()
	}
	return quoteRune(r)
}

func quoteRune(r rune) string {
	switch {
	case r < utf8.RuneSelf && strings.ContainsRune(`\.+*?()|[]{}^$`, r):
		return `\` + string(r)
	case r > ' ' && r != 0x7f && r < utf8.RuneSelf || r >= 0xa0 && unicode.IsPrint(r) && r != utf8.RuneError:
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}

// rxEmitter writes the parsed items as RE2.
type rxEmitter struct {
	b   *strings.Builder
	jr  *javaRegex
	p   *rxParser
	num int // RE2 capture groups opened so far
}

func (e *rxEmitter) alts(alts [][]*rxItem, final bool) {
	for i, alt := range alts {
		if i > 0 {
			e.b.WriteByte('|')
		}
		for j, it := range alt {
			last := final && j == len(alt)-1 && it.quant == ""
			e.item(it, last)
		}
	}
}

func (e *rxEmitter) item(it *rxItem, final bool) {
	switch {
	case it.dollar:
		if !final {
			e.p.fail(it.pos, "$ or \\Z is only supported at the end of the pattern (Java's $ also matches before a final line terminator, which RE2 can only express there)")
		}
		// Java: at the end, or before a line terminator that ends the input.
		// The terminator is matched in a group of its own and cut from the
		// match afterwards.
		e.num++
		e.jr.terms = append(e.jr.terms, e.num)
		e.b.WriteString(`(\r\n|[\n\r\x{85}\x{2028}\x{2029}])?\z`)
		return
	case it.group != nil:
		g := it.group
		if g.capture {
			e.num++
			e.jr.gmap = append(e.jr.gmap, e.num)
			if g.name != "" {
				e.b.WriteString("(?P<" + g.name + ">")
			} else {
				e.b.WriteByte('(')
			}
		} else {
			e.b.WriteString("(?:")
		}
		e.alts(g.alts, final)
		e.b.WriteByte(')')
	case it.quant != "" && utf8.RuneCountInString(it.text) > 1 && !isSingleAtom(it.text):
		e.b.WriteString("(?:" + it.text + ")")
	default:
		e.b.WriteString(it.text)
	}
	e.b.WriteString(it.quant)
}

// isSingleAtom reports whether RE2 text is one atom a quantifier applies to
// as a whole: a class, an escape or a non-capturing group.
func isSingleAtom(t string) bool {
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") && strings.Count(t, "[") == 1 {
		return true
	}
	if strings.HasPrefix(t, "(?") && strings.HasSuffix(t, ")") {
		return true
	}
	if strings.HasPrefix(t, `\x{`) && strings.HasSuffix(t, "}") && strings.Count(t, `\`) == 1 {
		return true
	}
	return len(t) == 2 && t[0] == '\\'
}

// canBeEmpty reports whether a parsed RE2 pattern can match the empty string.
func canBeEmpty(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpNoMatch, syntax.OpLiteral, syntax.OpCharClass, syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return re.Op == syntax.OpLiteral && len(re.Rune) == 0
	case syntax.OpCapture, syntax.OpPlus:
		return canBeEmpty(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		return true
	case syntax.OpRepeat:
		return re.Min == 0 || canBeEmpty(re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !canBeEmpty(s) {
				return false
			}
		}
		return true
	case syntax.OpAlternate:
		for _, s := range re.Sub {
			if canBeEmpty(s) {
				return true
			}
		}
		return false
	}
	return true // the empty-width assertions
}

// runeSet is a set of code points: sorted, disjoint, non-adjacent ranges,
// and Unicode properties RE2 knows by name (\p{Lu}, \P{Greek}), written as
// such; neg complements the whole set.
type runeSet struct {
	r       []rune // pairs lo, hi
	natives []string
	neg     bool
}

func setOf(lo, hi rune) *runeSet { return &runeSet{r: []rune{lo, hi}} }

func wordSet() *runeSet {
	s := setOf('0', '9')
	s.add('A', 'Z')
	s.add('_', '_')
	s.add('a', 'z')
	return s
}

func spaceSet() *runeSet {
	s := setOf('\t', '\r') // \t \n \x0B \f \r
	s.add(' ', ' ')
	return s
}

func hspaceSet() *runeSet {
	s := setOf(' ', ' ')
	for _, r := range [][2]rune{{'\t', '\t'}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x180e, 0x180e}, {0x2000, 0x200a}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}} {
		s.add(r[0], r[1])
	}
	return s
}

func vspaceSet() *runeSet {
	s := setOf('\n', '\r')
	s.add(0x85, 0x85)
	s.add(0x2028, 0x2029)
	return s
}

func (s *runeSet) add(lo, hi rune) {
	s.r = append(s.r, lo, hi)
	s.normalize()
}

func (s *runeSet) addSet(o *runeSet) {
	s.r = append(s.r, o.r...)
	s.natives = append(s.natives, o.natives...)
	s.normalize()
}

func (s *runeSet) normalize() {
	type rg struct{ lo, hi rune }
	rs := make([]rg, 0, len(s.r)/2)
	for i := 0; i < len(s.r); i += 2 {
		rs = append(rs, rg{s.r[i], s.r[i+1]})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	out := s.r[:0]
	for _, x := range rs {
		if n := len(out); n > 0 && x.lo <= out[n-1]+1 {
			if x.hi > out[n-1] {
				out[n-1] = x.hi
			}
			continue
		}
		out = append(out, x.lo, x.hi)
	}
	s.r = out
}

func (s *runeSet) negate() *runeSet {
	out := &runeSet{}
	next := rune(0)
	for i := 0; i < len(s.r); i += 2 {
		if s.r[i] > next {
			out.r = append(out.r, next, s.r[i]-1)
		}
		next = s.r[i+1] + 1
	}
	if next <= unicode.MaxRune {
		out.r = append(out.r, next, unicode.MaxRune)
	}
	return out
}

// foldASCII adds the other ASCII case of every ASCII letter in the set, as
// Java's CASE_INSENSITIVE does without UNICODE_CASE.
func (s *runeSet) foldASCII() {
	var extra []rune
	for c := 'A'; c <= 'z'; c++ {
		if !(c <= 'Z' || c >= 'a') {
			continue
		}
		if s.has(c ^ 0x20) {
			extra = append(extra, c, c)
		}
	}
	s.r = append(s.r, extra...)
	s.normalize()
}

func (s *runeSet) has(c rune) bool {
	for i := 0; i < len(s.r); i += 2 {
		if c >= s.r[i] && c <= s.r[i+1] {
			return true
		}
	}
	return false
}

// emit writes the set as an RE2 class.
func (s *runeSet) emit() string {
	if len(s.r) == 0 && len(s.natives) == 0 {
		if s.neg {
			return `[\x00-\x{10FFFF}]`
		}
		return `[^\x00-\x{10FFFF}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	if s.neg {
		b.WriteByte('^')
	}
	for _, n := range s.natives {
		b.WriteString(n)
	}
	for i := 0; i < len(s.r); i += 2 {
		b.WriteString(classRune(s.r[i]))
		if s.r[i+1] != s.r[i] {
			b.WriteByte('-')
			b.WriteString(classRune(s.r[i+1]))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func classRune(r rune) string {
	if r < utf8.RuneSelf && (r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}
