package rt

import (
	"strconv"
	"strings"
	"unicode"
)

// Spark's number formats (to_number, try_to_number, to_char of a number):
// a format of 0/9 digits, . or D, , or G, $, S, MI and PR, upper-cased
// first. A format compiles into tokens; digit runs and the separators
// between them form groups. The grammar and its checks follow Spark's
// ToNumberParser (docs/semantics.md 6.4).

// InvalidFormat is Spark's INVALID_FORMAT: a number format that does not
// compile (a constant one is a compile error), or an input that does not
// match its format (INVALID_FORMAT.MISMATCH_INPUT).
const (
	InvalidFormat      = "INVALID_FORMAT"
	InvalidFormatInput = "INVALID_FORMAT.MISMATCH_INPUT"
)

type nfKind uint8

const (
	nfGroup   nfKind = iota // digits and separators
	nfPoint                 // . or D
	nfDollar                // $
	nfSign                  // S
	nfMinus                 // MI
	nfOpen                  // the < of PR
	nfClose                 // the > of PR
	nfInvalid               // any other character
)

// nfDigits is one run of 0/9 in a group; exact runs (starting with 0, before
// the point) must match exactly as many digits.
type nfDigits struct {
	n     int
	exact bool
	sep   bool // a separator, not digits
}

type nfToken struct {
	kind  nfKind
	items []nfDigits // nfGroup: in format order
	c     rune       // nfInvalid
}

// NumberFormat is a compiled number format.
type NumberFormat struct {
	format string
	tokens []nfToken
	P, S   int    // the DECIMAL type to_number returns
	before int    // digits before the point
	err    *Error // the format is invalid
}

// Err is the error of an invalid format, nil for a valid one.
func (f *NumberFormat) Err() *Error { return f.err }

func (t nfToken) name() string {
	switch t.kind {
	case nfGroup:
		return "digit sequence"
	case nfPoint:
		return ". or D"
	case nfDollar:
		return "$"
	case nfSign:
		return "S"
	case nfMinus:
		return "MI"
	case nfOpen, nfClose:
		return "PR"
	}
	return "character '" + string(t.c) + "''"
}

func nfError(sub, msg string) *Error {
	return NewError(InvalidFormat+"."+sub, "The format is invalid: "+msg)
}

// CompileNumberFormat compiles a number format (upper-cased as Spark does).
func CompileNumberFormat(format string) *NumberFormat {
	format = strings.ToUpper(format)
	f := &NumberFormat{format: format}
	var raw []nfToken
	point := false
	rs := []rune(format)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case c == '0' || c == '9':
			j := i + 1
			for j < len(rs) && (rs[j] == '0' || rs[j] == '9') {
				j++
			}
			raw = append(raw, nfToken{kind: nfGroup, items: []nfDigits{{n: j - i, exact: c == '0' && !point}}})
			i = j
			continue
		case c == '.' || c == 'D':
			raw = append(raw, nfToken{kind: nfPoint})
			point = true
		case c == ',' || c == 'G':
			raw = append(raw, nfToken{kind: nfGroup, items: []nfDigits{{sep: true}}})
		case c == '$':
			raw = append(raw, nfToken{kind: nfDollar})
		case c == 'S':
			raw = append(raw, nfToken{kind: nfSign})
		case c == 'M' && i+1 < len(rs) && rs[i+1] == 'I':
			raw = append(raw, nfToken{kind: nfMinus})
			i++
		case c == 'P' && i+1 < len(rs) && rs[i+1] == 'R':
			raw = append([]nfToken{{kind: nfOpen}}, raw...)
			raw = append(raw, nfToken{kind: nfClose})
			i++
		default:
			raw = append(raw, nfToken{kind: nfInvalid, c: c})
		}
		i++
	}
	// Merge consecutive digit runs and separators into groups.
	for _, t := range raw {
		if t.kind == nfGroup && len(f.tokens) > 0 && f.tokens[len(f.tokens)-1].kind == nfGroup {
			last := &f.tokens[len(f.tokens)-1]
			last.items = append(last.items, t.items...)
			continue
		}
		f.tokens = append(f.tokens, t)
	}
	point = false
	for _, t := range f.tokens {
		switch t.kind {
		case nfPoint:
			point = true
		case nfGroup:
			for _, d := range t.items {
				f.P += d.n
				if point {
					f.S += d.n
				} else {
					f.before += d.n
				}
			}
		}
	}
	f.err = f.check()
	return f
}

func (f *NumberFormat) index(k nfKind) int {
	for i, t := range f.tokens {
		if t.kind == k {
			return i
		}
	}
	return -1
}

// check is Spark's validation of a format, in its order.
func (f *NumberFormat) check() *Error {
	q := "'" + f.format + "'"
	if f.format == "" {
		return nfError("EMPTY", "The number format string cannot be empty.")
	}
	digit := f.index(nfGroup)
	if digit < 0 {
		return nfError("WRONG_NUM_DIGIT", "The format string "+q+" requires at least one number digit.")
	}
	dollar, point := f.index(nfDollar), f.index(nfPoint)
	if digit < dollar {
		return nfError("CUR_MUST_BEFORE_DIGIT", "Currency characters must appear before digits in the number format: "+q+".")
	}
	if point != -1 && point < dollar {
		return nfError("CUR_MUST_BEFORE_DEC", "Currency characters must appear before any decimal point in the number format: "+q+".")
	}
	for i, t := range f.tokens {
		if t.kind != nfGroup {
			continue
		}
		if point == -1 || i < point {
			for j, d := range t.items {
				if d.sep && (j == 0 || j == len(t.items)-1 || t.items[j-1].sep || t.items[j+1].sep) {
					return nfError("CONT_THOUSANDS_SEPS", "Thousands separators (, or G) must have digits in between them in the number format: "+q+".")
				}
			}
		}
	}
	for i, t := range f.tokens {
		if t.kind == nfGroup && point != -1 && i > point {
			for _, d := range t.items {
				if d.sep {
					return nfError("THOUSANDS_SEPS_MUST_BEFORE_DEC", "Thousands separators (, or G) may not appear after the decimal point in the number format: "+q+".")
				}
			}
		}
	}
	for _, k := range []nfKind{nfPoint, nfSign, nfMinus, nfDollar, nfClose} {
		n := 0
		for _, t := range f.tokens {
			if t.kind == k {
				n++
			}
		}
		if n > 1 {
			return nfError("WRONG_NUM_TOKEN", "At most one "+nfToken{kind: k}.name()+" is allowed in the number format: "+q+".")
		}
	}
	allowed := [][]nfKind{{nfOpen}, {nfMinus, nfSign}, {nfDollar}, {nfGroup}, {nfPoint}, {nfGroup}, {nfDollar}, {nfMinus, nfSign, nfClose}}
	i := 0
	for _, ks := range allowed {
		if i < len(f.tokens) {
			for _, k := range ks {
				if f.tokens[i].kind == k {
					i++
					break
				}
			}
		}
	}
	if i < len(f.tokens) {
		return nfError("UNEXPECTED_TOKEN", "Found the unexpected "+f.tokens[i].name()+" in the format string "+q+
			"; the structure of the valid format is [MI|S] [$] [0|9|G|,]* [.|D] [0|9]* [$] [PR|MI|S].")
	}
	if f.P > 38 {
		return NewError("DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION", "Decimal precision "+strconv.Itoa(f.P)+" exceeds max precision 38.")
	}
	return nil
}

var numberFormatCache patternCache[string, *NumberFormat]

func numberFormat(format string) *NumberFormat {
	return numberFormatCache.get(format, func() *NumberFormat { return CompileNumberFormat(format) })
}

// javaWhitespace is Java's Character.isWhitespace for a BMP character.
func javaWhitespace(r rune) bool {
	switch r {
	case '\u00a0', '\u2007', '\u202f':
		return false
	case '\t', '\n', '\v', '\f', '\r', 0x1c, 0x1d, 0x1e, 0x1f:
		return true
	}
	return r < 0x10000 && unicode.Is(unicode.White_Space, r) && r != 0x85
}

// digitValue is the value of a BMP decimal digit (Java's Character.isDigit).
func nfDigit(r rune) (byte, bool) {
	if r >= '0' && r <= '9' {
		return byte(r - '0'), true
	}
	if r < 0x80 || r >= 0x10000 || !unicode.IsDigit(r) {
		return 0, false
	}
	z := r
	for z > 0 && unicode.IsDigit(z-1) {
		z--
	}
	return byte((r - z) % 10), true
}

func (f *NumberFormat) mismatch(s string) *Error {
	return NewError(InvalidFormatInput, "The input STRING '"+s+"' does not match the format '"+f.format+"'.")
}

// parse reads s with the format: the digits before and after the point
// and the sign, or ok false when s does not match.
func (f *NumberFormat) parse(s string) (m u128, neg bool, ok bool) {
	in := []rune(s)
	pos := 0
	var before, after []byte
	reached, opened, closed := false, false, false
	for _, t := range f.tokens {
		var c rune = -1
		if pos < len(in) {
			c = in[pos]
		}
		switch t.kind {
		case nfGroup:
			// Scan digits, separators and spaces; count the digits of each
			// group, right to left.
			var sizes []int
			cur := 0
			for pos < len(in) {
				r := in[pos]
				if javaWhitespace(r) {
					pos++
					continue
				}
				if v, isDigit := nfDigit(r); isDigit {
					cur++
					if reached {
						after = append(after, v)
					} else {
						before = append(before, v)
					}
					pos++
					continue
				}
				if r == ',' {
					sizes = append(sizes, cur)
					cur = 0
					pos++
					continue
				}
				break
			}
			sizes = append(sizes, cur)
			var want []nfDigits
			for _, d := range t.items {
				if !d.sep {
					want = append(want, d)
				}
			}
			if len(sizes) > len(want) {
				return m, false, false
			}
			for i := range want {
				w := want[len(want)-1-i]
				got := 0
				if i < len(sizes) {
					got = sizes[len(sizes)-1-i]
				}
				if w.exact && got != w.n || got > w.n {
					return m, false, false
				}
			}
		case nfPoint:
			if c == '.' {
				reached = true
				pos++
			}
		case nfDollar:
			if c >= 0 {
				if c != '$' {
					return m, false, false
				}
				pos++
			}
		case nfSign:
			if c == '+' {
				pos++
			} else if c == '-' {
				neg = !neg
				pos++
			}
		case nfMinus:
			if c == '-' {
				neg = !neg
				pos++
			}
		case nfOpen:
			if c == '<' {
				if opened {
					return m, false, false
				}
				opened = true
				pos++
			}
		case nfClose:
			if c == '>' {
				if !opened {
					return m, false, false
				}
				closed = true
				neg = !neg
				pos++
			}
		}
	}
	if pos < len(in) || opened != closed || len(before)+len(after) == 0 {
		return m, false, false
	}
	for len(after) < f.S {
		after = append(after, 0)
	}
	for _, d := range append(before, after...) {
		m, _ = m.mul64(10)
		m, _ = m.add(u128{lo: uint64(d)})
	}
	return m, neg, true
}

// ToNumber is to_number(s, fmt): s read with the number format fmt as a
// DECIMAL(p, sc) (the type the format gives); INVALID_FORMAT.MISMATCH_INPUT
// when s does not match, INVALID_FORMAT when fmt is invalid.
func ToNumber(s, format string, p, sc int) (Decimal, *Error) {
	f := numberFormat(format)
	if f.err != nil {
		return Decimal{}, f.err
	}
	m, neg, ok := f.parse(s)
	if !ok {
		return Decimal{}, f.mismatch(s)
	}
	return fromMag(m, neg), nil
}

// ToNumberDefined reports whether to_number(s, fmt) has a value.
func ToNumberDefined(s, format string) bool {
	f := numberFormat(format)
	if f.err != nil {
		return false
	}
	_, _, ok := f.parse(s)
	return ok
}

// TryToNumber is try_to_number(s, fmt) where ToNumberDefined holds (zero
// elsewhere).
func TryToNumber(s, format string, p, sc int) Decimal {
	d, _ := ToNumber(s, format, p, sc)
	return d
}

// ToChar is to_char(d, fmt) of a DECIMAL at scale s: d written with the
// number format fmt, '#' for every digit when d has more digits than the
// format on either side of the point.
func ToChar(d Decimal, format string, s int) (string, *Error) {
	f := numberFormat(format)
	if f.err != nil {
		return "", f.err
	}
	return f.format1(d, s), nil
}

func (f *NumberFormat) format1(d Decimal, s int) string {
	text := FormatDecimal(d, s)
	neg := d.Sign() < 0
	ip, fp, _ := strings.Cut(text, ".")
	ip = strings.TrimLeft(ip, "-0")
	fp = strings.TrimRight(fp, "0")
	if f.before < len(ip) || f.S < len(fp) {
		ip, fp = strings.Repeat("#", f.before), strings.Repeat("#", f.S)
	}
	ip = strings.Repeat(" ", f.before-len(ip)) + ip
	fp += strings.Repeat("0", f.S-len(fp))
	var b []byte
	bi, ai := 0, 0
	reached := false
	for _, t := range f.tokens {
		switch t.kind {
		case nfGroup:
			for _, it := range t.items {
				switch {
				case it.sep:
					if len(b) > 0 && b[len(b)-1] >= '0' && b[len(b)-1] <= '9' {
						b = append(b, ',')
					} else {
						b = nfAddSpace(b)
					}
				case !reached:
					for range it.n {
						c := ip[bi]
						switch {
						case c == ' ' && it.exact:
							b = append(b, '0')
						case c == ' ':
							b = nfAddSpace(b)
						default:
							b = append(b, c)
						}
						bi++
					}
				default:
					b = append(b, fp[ai:ai+it.n]...)
					ai += it.n
				}
			}
		case nfPoint:
			if len(b) > 0 && b[len(b)-1] == ' ' {
				b[len(b)-1] = '0'
			}
			b = append(b, '.')
			reached = true
		case nfDollar:
			b = append(b, '$')
		case nfSign:
			nfStripPoint(b)
			if neg {
				b = nfAddChar(b, '-')
			} else {
				b = nfAddChar(b, '+')
			}
		case nfMinus:
			if neg {
				nfStripPoint(b)
				b = nfAddChar(b, '-')
			} else {
				b = append(b, ' ')
			}
		case nfOpen:
			if neg {
				b = append(b, '<')
			}
		case nfClose:
			nfStripPoint(b)
			if neg {
				b = nfAddChar(b, '>')
			} else {
				b = append(b, ' ', ' ')
			}
		}
	}
	nfStripPoint(b)
	r := string(b)
	if r == "" || r == "+" || r == "-" {
		return "0"
	}
	return r
}

// nfAddChar appends c and moves it left past the spaces before it.
func nfAddChar(b []byte, c byte) []byte {
	b = append(b, c)
	for i := len(b) - 1; i >= 1 && b[i-1] == ' ' && b[i] == c; i-- {
		b[i], b[i-1] = ' ', c
	}
	return b
}

// nfAddSpace appends a space and moves it left past a sign or a '<'.
func nfAddSpace(b []byte) []byte {
	b = append(b, ' ')
	for i := len(b) - 1; i >= 1 && (b[i-1] == '+' || b[i-1] == '-' || b[i-1] == '<') && b[i] == ' '; i-- {
		b[i], b[i-1] = b[i-1], ' '
	}
	return b
}

// nfStripPoint blanks a point that no digit follows.
func nfStripPoint(b []byte) {
	for i, c := range b {
		if c == '.' {
			if i == len(b)-1 || b[i+1] == ' ' {
				b[i] = ' '
			}
			return
		}
	}
}
