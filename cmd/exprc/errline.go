package main

import (
	"io"
	"unicode/utf8"

	"github.com/exprc/exprc/templates/fileio"
)

// cappedLines is the stderr of `exprc run`: every line it writes is at most
// fileio.MaxErrorLine bytes (a longer one is cut and ends in "..."), with
// control bytes other than tab and invalid UTF-8 written as Go escapes. An
// error carries text from the data (a CSV header, a JSON key, an arrow-go
// message about a damaged file), and a user must get one readable line
// whatever that text is, never megabytes or a terminal escape sequence.
type cappedLines struct {
	w       io.Writer
	n       int  // bytes of the current line written
	cut     bool // the current line was cut: drop the rest of it
	pending []byte
	out     []byte
}

func newCappedLines(w io.Writer) *cappedLines { return &cappedLines{w: w} }

// Write writes p's lines capped. It holds back an incomplete UTF-8 sequence
// at the end of p until the next Write.
func (c *cappedLines) Write(p []byte) (int, error) {
	buf := append(c.pending, p...)
	c.pending = c.pending[:0]
	out := c.out[:0]
	for i := 0; i < len(buf); {
		if buf[i] == '\n' {
			out = append(out, '\n')
			c.n, c.cut = 0, false
			i++
			continue
		}
		r, w := utf8.DecodeRune(buf[i:])
		if r == utf8.RuneError && w == 1 && !utf8.FullRune(buf[i:]) {
			c.pending = append(c.pending, buf[i:]...)
			break
		}
		piece := buf[i : i+w]
		if e, escaped := fileio.EscapedRune(r, w, buf[i]); escaped && r != '\t' {
			piece = []byte(e)
		}
		i += w
		if c.cut {
			continue
		}
		if c.n+len(piece) > fileio.MaxErrorLine-3 {
			out = append(out, "..."...)
			c.cut = true
			continue
		}
		out = append(out, piece...)
		c.n += len(piece)
	}
	c.out = out
	if _, err := c.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
