// Package diag holds positioned diagnostics for spec files.
//
// Every error the compiler reports about a spec names the place in the source
// that caused it, so users can jump straight to it; Render adds the source line
// and a caret under the column.
package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a position in a spec file.
//
// Line and Col are 1-based. Col counts runes (Unicode code points) from the
// start of the line, so a caret lines up with what an editor shows for
// non-ASCII identifiers; a tab counts as one column. Offset is the 0-based
// byte offset into the file. The zero Pos is "no position".
type Pos struct {
	File   string
	Line   int
	Col    int
	Offset int
}

// IsValid reports whether p refers to a place in a file.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as file:line:col (line:col when File is empty, "-" when
// p is not valid).
func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File
		}
		return "-"
	}
	if p.File == "" {
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Class says what kind of mistake an Error reports, so tests and tools can
// tell syntax errors from name or type errors without parsing messages.
type Class string

// The error classes.
const (
	Syntax      Class = "syntax"      // malformed input
	Name        Class = "name"        // unknown or duplicate table, column, function, query, type
	Type        Class = "type"        // wrong argument or operand types
	Unsupported Class = "unsupported" // valid SQL that exprc does not handle
	Literal     Class = "literal"     // malformed literal (number, date, string)
)

// Error is one diagnostic at a position.
type Error struct {
	Pos   Pos
	Class Class
	Msg   string
}

// Errorf builds an Error with a formatted message.
func Errorf(pos Pos, class Class, format string, args ...any) *Error {
	return &Error{Pos: pos, Class: class, Msg: fmt.Sprintf(format, args...)}
}

// Error returns "file:line:col: message".
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// List is a list of diagnostics; it is itself an error so a whole batch can
// be returned at once.
type List []*Error

// Add appends an Error built from its arguments.
func (l *List) Add(pos Pos, class Class, format string, args ...any) {
	*l = append(*l, Errorf(pos, class, format, args...))
}

// Error returns the errors one per line.
func (l List) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Err returns l as an error, or nil when l is empty; it avoids the classic
// non-nil interface holding a nil slice.
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Sort orders the errors by file, then offset (then line, column and message,
// for errors built without an offset), so output is deterministic whatever
// order the passes found them in.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Offset, b.Pos.Offset),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Col, b.Pos.Col),
			cmp.Compare(a.Msg, b.Msg),
		)
	})
}
