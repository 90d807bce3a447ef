package diag

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

// Render writes each error as "file:line:col: message", followed by the
// source line and a caret line pointing at the column, when the source of
// the error's file is in sources. Tabs in the source line are repeated in the
// caret line so the caret stays aligned whatever the tab width.
func Render(w io.Writer, errs List, sources map[string][]byte) error {
	var b strings.Builder
	for _, e := range errs {
		b.WriteString(e.Error())
		b.WriteByte('\n')
		src, ok := sources[e.Pos.File]
		if !ok || !e.Pos.IsValid() {
			continue
		}
		line, ok := sourceLine(src, e.Pos.Line)
		if !ok {
			continue
		}
		b.Write(line)
		b.WriteByte('\n')
		b.WriteString(caretLine(line, e.Pos.Col))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sourceLine returns the n-th (1-based) line of src without its line ending.
// A position just past a final newline refers to an empty last line.
func sourceLine(src []byte, n int) ([]byte, bool) {
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return nil, false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	src = bytes.TrimSuffix(src, []byte("\r"))
	// Keep the rendered line printable: invalid UTF-8 would garble the
	// terminal and shift the caret.
	return bytes.ToValidUTF8(src, []byte("\uFFFD")), true
}

// caretLine returns spaces (tabs where line has tabs) up to column col
// (1-based, in runes) followed by "^".
func caretLine(line []byte, col int) string {
	var b strings.Builder
	for i := 1; i < col; i++ {
		r := ' '
		if len(line) > 0 {
			c, size := utf8.DecodeRune(line)
			line = line[size:]
			if c == '\t' {
				r = '\t'
			}
		}
		b.WriteRune(r)
	}
	b.WriteByte('^')
	return b.String()
}
