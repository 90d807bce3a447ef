package codegen

import (
	"fmt"
	"go/token"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/ir"
)

// GoName turns a SQL name (a query, table, column or alias, which may hold any
// character) into a Go identifier: letters and digits are kept, anything else
// becomes _ followed by its code point in hex, so distinct SQL names stay
// distinct. exported upper-cases the first letter; a name that would not start
// with a letter gets a prefix.
func GoName(sql string, exported bool) string {
	var b strings.Builder
	for _, r := range sql {
		switch {
		case r == '_' && b.Len() > 0:
			b.WriteRune(r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) && b.Len() > 0:
			b.WriteRune(r)
		default:
			fmt.Fprintf(&b, "_%x_", r)
		}
	}
	s := b.String()
	if s == "" {
		s = "_"
	}
	first := []rune(s)[0]
	if exported {
		if !unicode.IsUpper(first) {
			up := unicode.ToUpper(first)
			if unicode.IsUpper(up) && unicode.IsLetter(first) {
				s = string(up) + s[len(string(first)):]
			} else {
				s = "Q" + s
			}
		}
	} else if !unicode.IsLetter(first) || unicode.IsUpper(first) {
		if unicode.IsLetter(first) && unicode.IsLower(unicode.ToLower(first)) {
			s = string(unicode.ToLower(first)) + s[len(string(first)):]
		} else {
			s = "x" + s
		}
	}
	if token.IsKeyword(s) || predeclared[s] {
		s += "_"
	}
	return s
}

// camel turns a snake_case SQL name into a lowerCamel Go local name
// (l_extendedprice -> lExtendedprice), falling back to GoName for anything
// unusual.
func camel(sql string) string {
	parts := strings.Split(sql, "_")
	var b strings.Builder
	for i, p := range parts {
		if p == "" {
			continue
		}
		if i > 0 && b.Len() > 0 {
			r := []rune(p)
			r[0] = unicode.ToUpper(r[0])
			p = string(r)
		}
		b.WriteString(p)
	}
	return GoName(b.String(), false)
}

var predeclared = map[string]bool{
	"bool": true, "byte": true, "error": true, "string": true, "int": true, "int32": true, "int64": true,
	"float64": true, "true": true, "false": true, "nil": true, "len": true, "cap": true, "make": true,
	"new": true, "append": true, "copy": true, "panic": true, "any": true, "iota": true, "min": true,
	"max": true, "clear": true, "close": true, "delete": true, "print": true, "println": true,
	"real": true, "imag": true, "complex": true, "recover": true, "rune": true, "uint": true,
	// identifiers the generated function body uses itself
	"ctx": true, "in": true, "mem": true, "n": true, "sel": true, "i": true, "k": true, "cnt": true,
	"vec": true, "rt": true, "arrow": true, "array": true, "memory": true, "context": true, "fmt": true,
	"out": true, "r": true, "err": true, "e": true, "where": true, "errRow": true, "errCol": true,
	"firstErr": true, "rows": true, "cols": true, "math": true, "clauses": true, "texts": true, "c": true,
	"failed": true, "left": true, "dirty": true, "stop": true, "tables": true, "condRow": true,
	"condErr": true, "cands": true,
}

// namer hands out unique names within one scope of generated code: base,
// then base2, base3... skipping any name taken already, whatever gave it
// (a column named cmp2 and the second comparison do not collide).
type namer struct {
	used  map[string]int  // base -> how many names were asked for it
	taken map[string]bool // every name handed out
}

func (nm *namer) fresh(base string) string {
	if nm.used == nil {
		nm.used, nm.taken = map[string]int{}, map[string]bool{}
	}
	if base == "" {
		base = "t"
	}
	nm.used[base]++
	for c := nm.used[base]; ; c++ {
		name := base
		if c > 1 || predeclared[base] || token.IsKeyword(base) {
			name = base + itoa(c)
		}
		if !nm.taken[name] {
			nm.taken[name] = true
			nm.used[base] = c
			return name
		}
	}
}

// has reports whether name was handed out.
func (nm *namer) has(name string) bool { return nm.taken[name] }

// commentLines is SQL text as // comments, one per line of the text (each
// made safe by comment). The lines after the first lose their indentation,
// which gofmt would otherwise take for a code block and set apart.
func commentLines(sql string) []jen.Code {
	var out []jen.Code
	for i, line := range splitLines(strings.ReplaceAll(sql, "\r\n", "\n")) {
		if i > 0 {
			line = strings.TrimLeft(line, " \t")
		}
		out = append(out, jen.Comment(comment(line)))
	}
	return out
}

// comment makes SQL text safe for a // comment: one line, no control
// characters.
func comment(sql string) string {
	var b strings.Builder
	for _, r := range sql {
		switch {
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == '\ufeff':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return ir.Shorten(b.String(), 160)
}

// rootName names the vector of a fused root value after its operation.
func rootName(e ir.Expr) string {
	switch e.(type) {
	case *ir.And:
		return "allOf"
	case *ir.Or:
		return "anyOf"
	case *ir.Between:
		return "inRange"
	case *ir.In:
		return "inList"
	}
	return tempName(e)
}

// tempName names the per-row local of an absorbed shared subexpression after
// what it holds.
func tempName(e ir.Expr) string {
	if c, ok := e.(*ir.Call); ok {
		return tempBase(c)
	}
	return "shared"
}
