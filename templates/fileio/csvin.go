package fileio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// The CSV rules (see the package documentation): records end at a line end
// (LF or CRLF) outside quotes; a field is quoted when it starts with '"', and
// then runs to the next '"' not doubled, across line ends, where "" is a quote
// and CRLF reads as LF; a quote anywhere else is a literal character. Blank
// lines are skipped, except in a one-column file.

// csvCut returns the length of the whole records data starts with (data
// starts a record), or 0 when it holds none. Outside quotes, every '\n' ends a
// record; so it jumps from quote to quote, and a block without quotes ends at
// its last '\n'.
func csvCut(data []byte) int {
	last, pos := 0, 0
	for {
		q := bytes.IndexByte(data[pos:], '"')
		if q < 0 {
			if i := bytes.LastIndexByte(data[pos:], '\n'); i >= 0 {
				return pos + i + 1
			}
			return last
		}
		q += pos
		if q > 0 && data[q-1] != ',' && data[q-1] != '\n' {
			pos = q + 1 // a quote inside an unquoted field
			continue
		}
		if i := bytes.LastIndexByte(data[pos:q], '\n'); i >= 0 {
			last = pos + i + 1
		}
		p := q + 1
		for {
			c := bytes.IndexByte(data[p:], '"')
			if c < 0 {
				return last
			}
			c += p
			if c+1 == len(data) {
				return last // "" or the closing quote: the next block tells
			}
			if data[c+1] == '"' {
				p = c + 2
				continue
			}
			pos = c + 1
			break
		}
	}
}

// csvSpan is a field of a record: data[s:e]. A quoted field's text is
// unescaped where it lies (it only shrinks).
type csvSpan struct {
	s, e   int32
	quoted bool
}

// csvTokErr is a record that breaks the quoting rules.
type csvTokErr struct {
	line     int  // the line of the error, 0-based from the record's first line
	notClose bool // else a byte follows a closing quote
	c        byte
}

// skipBlank skips the blank lines at pos and returns the position after them
// and their number.
func skipBlank(data []byte, pos int) (int, int) {
	n := 0
	for pos < len(data) {
		switch {
		case data[pos] == '\n':
			pos++
		case data[pos] == '\r' && pos+1 < len(data) && data[pos+1] == '\n':
			pos += 2
		default:
			return pos, n
		}
		n++
	}
	return pos, n
}

// record appends the fields of the record at data[pos:] (pos < len(data)) to
// out, and returns the position after the record, the number of line ends it
// holds (the last one included), and whether all its bytes are ASCII (false
// when unsure).
func csvRecord(data []byte, pos int, out []csvSpan) ([]csvSpan, int, int, bool, *csvTokErr) {
	nl := 0
	n := len(data)
	var acc uint64 // the bytes of the unquoted fields, or-ed
	quoted := false
	for {
		if pos < n && data[pos] == '"' {
			quoted = true
			pos++
			s := pos
			esc := false
			for {
				i := bytes.IndexByte(data[pos:], '"')
				if i < 0 {
					return out, pos, nl, false, &csvTokErr{notClose: true}
				}
				pos += i + 1
				if pos < n && data[pos] == '"' {
					esc = true
					pos++
					continue
				}
				break
			}
			e := pos - 1
			sp := csvSpan{int32(s), int32(e), true}
			if bytes.IndexByte(data[s:e], '\n') >= 0 {
				nl += bytes.Count(data[s:e], []byte{'\n'})
				if bytes.Contains(data[s:e], []byte("\r\n")) {
					esc = true
				}
			}
			if esc {
				sp.e = int32(s + unescape(data[s:e]))
			}
			out = append(out, sp)
			if pos == n {
				return out, pos, nl, false, nil
			}
			switch c := data[pos]; {
			case c == ',':
				pos++
				continue
			case c == '\n':
				return out, pos + 1, nl + 1, false, nil
			case c == '\r' && pos+1 < n && data[pos+1] == '\n':
				return out, pos + 2, nl + 1, false, nil
			default:
				return out, pos, nl, false, &csvTokErr{line: nl, c: c}
			}
		}
		// An unquoted field: find the next ',' or '\n', eight bytes at a time.
		s := pos
		for {
			if pos+8 > n {
				for pos < n {
					c := data[pos]
					if c == ',' || c == '\n' {
						break
					}
					acc |= uint64(c)
					pos++
				}
				break
			}
			x := binary.LittleEndian.Uint64(data[pos:])
			if m := hasByte(x, ',') | hasByte(x, '\n'); m != 0 {
				acc |= x
				pos += bits.TrailingZeros64(m) >> 3
				break
			}
			acc |= x
			pos += 8
		}
		ascii := !quoted && acc&0x8080808080808080 == 0
		if pos == n {
			return append(out, csvSpan{int32(s), int32(pos), false}), pos, nl, ascii, nil
		}
		if data[pos] == '\n' {
			e := pos
			if e > s && data[e-1] == '\r' {
				e--
			}
			return append(out, csvSpan{int32(s), int32(e), false}), pos + 1, nl + 1, ascii, nil
		}
		out = append(out, csvSpan{int32(s), int32(pos), false})
		pos++
	}
}

// hasByte has the high bit set in the bytes of x equal to c, and maybe in
// some bytes after them (never before: the lowest set bit is exact).
func hasByte(x uint64, c byte) uint64 {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	y := x ^ (lo * uint64(c))
	return (y - lo) &^ y & hi
}

// unescape rewrites a quoted field's text in place with "" read as " and
// CRLF as LF, and returns its new length.
func unescape(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '"' || (c == '\r' && i+1 < len(b) && b[i+1] == '\n') {
			i++
			c = b[i]
		}
		b[n] = c
		n++
	}
	return n
}

func (e *csvTokErr) error(line int) error {
	if e.notClose {
		return fmt.Errorf("line %d: quoted field is not closed", line)
	}
	return fmt.Errorf("line %d: unexpected %q after a closing quote", line+e.line, e.c)
}

// csvHeader reads the header record, after any blank lines, from the first
// blocks of src. It returns the names, the block holding the records after
// the header, and the number of lines before them.
func csvHeader(path string, src *blockSource) ([]string, *textBlock, int, error) {
	lines := 0
	for {
		b, err := src.next()
		if err == io.EOF {
			return nil, nil, 0, fmt.Errorf("%s: empty file, want a header row naming the columns", path)
		}
		if err != nil {
			return nil, nil, 0, fmt.Errorf("%s: %w", path, err)
		}
		pos, n := skipBlank(b.data, 0)
		lines += n
		if pos == len(b.data) {
			continue
		}
		fields, next, nl, _, terr := csvRecord(b.data, pos, nil)
		if terr != nil {
			return nil, nil, 0, fmt.Errorf("%s: %w", path, terr.error(lines+1))
		}
		names := make([]string, len(fields))
		for i, f := range fields {
			names[i] = string(b.data[f.s:f.e])
		}
		names[0] = strings.TrimPrefix(names[0], "\uFEFF")
		b.data = b.data[next:]
		return names, b, lines + nl, nil
	}
}

func newCSVInput(f *os.File, path string, table *tableType, opts Options, batchSize int, mem memory.Allocator) (Input, error) {
	threads := max(opts.Threads, 1)
	src := newBlockSource(f, csvCut, 2*threads+2)
	names, first, lines, err := csvHeader(path, src)
	if err != nil {
		return nil, err
	}
	idx, err := matchColumns(path, table, names)
	if err != nil {
		return nil, err
	}
	if err := requireColumns(path, "header", table, idx, names); err != nil {
		return nil, err
	}
	sh := &csvShared{path: path, table: table, idx: idx, nfields: len(names), batchSize: batchSize, mem: mem, skip: opts.Skip}
	ioErr := func(row int64, err error) error { return fmt.Errorf("%s: %s: %w", path, at(row, 0), err) }
	return newTextInput(f, path, table, opts, mem, src, first, lines, func() blockParser { return newCSVParser(sh) }, ioErr), nil
}
