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

	"github.com/exprc/exprc/templates/rt"
)

// The CSV rules (see the package documentation): records end at a line end
// (LF or CRLF) outside quotes; a field is quoted when it starts with '"', and
// then runs to the next '"' not doubled, across line ends, where "" is a quote
// and CRLF reads as LF; a quote anywhere else is a literal character. Blank
// lines are skipped, except in a one-column file.

// csvCut returns the length of the whole records data starts with (data
// starts a record), or 0 when it holds none: up to the last '\n' outside
// quotes. It runs the quoting rules over the quotes alone, found 64 bytes at a
// time with the line ends, and skips to the next quote when outside quotes.
func csvCut(data []byte) int {
	n := len(data)
	last := 0
	inQuote := false
	skip := false // data[i] is the second quote of a "" pair
	for i := 0; i < n; i += 64 {
		if !inQuote && !skip {
			// Up to the next quote, the last '\n' ends a record.
			j := bytes.IndexByte(data[i:], '"')
			if j < 0 {
				j = n - i
			}
			if k := bytes.LastIndexByte(data[i:i+j], '\n'); k >= 0 {
				last = i + k + 1
			}
			if i += j; i == n {
				break
			}
		}
		var quotes, nls uint64
		if i+64 <= n {
			for k := 0; k < 64; k += 8 {
				x := binary.LittleEndian.Uint64(data[i+k:])
				quotes |= packBytes(eqBytes(x, '"')) << k
				nls |= packBytes(eqBytes(x, '\n')) << k
			}
		} else {
			for k, c := range data[i:] {
				switch c {
				case '"':
					quotes |= 1 << k
				case '\n':
					nls |= 1 << k
				}
			}
		}
		if skip {
			quotes &^= 1
			skip = false
		}
		var inside uint64 // the bytes of this chunk within quotes
		if inQuote {
			inside = ^uint64(0)
		}
		for q := quotes; q != 0; q &= q - 1 {
			t := bits.TrailingZeros64(q)
			p := i + t
			if !inQuote {
				if p > 0 && data[p-1] != ',' && data[p-1] != '\n' {
					continue // a quote inside an unquoted field
				}
				inQuote = true
				inside ^= ^uint64(0) << t
				continue
			}
			if p+1 == n {
				// "" or the closing quote: the next block tells.
				if m := nls &^ inside; m != 0 {
					last = i + 64 - bits.LeadingZeros64(m)
				}
				return last
			}
			if data[p+1] == '"' {
				if t == 63 {
					skip = true
				} else {
					q &^= 1 << (t + 1)
				}
				continue
			}
			inQuote = false
			inside ^= ^uint64(0) << (t + 1)
		}
		if m := nls &^ inside; m != 0 {
			last = i + 64 - bits.LeadingZeros64(m)
		}
	}
	return last
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
	var acc uint64  // the bytes of the fields (and some after), or-ed
	unsure := false // of a quoted field's bytes
	for {
		if pos < n && data[pos] == '"' {
			pos++
			s := pos
			esc := false
			for {
				i := indexQuote(data, pos)
				if i < 0 {
					return out, pos, nl, false, &csvTokErr{notClose: true}
				}
				pos = i + 1
				if pos < n && data[pos] == '"' {
					esc = true
					pos++
					continue
				}
				break
			}
			e := pos - 1
			sp := csvSpan{int32(s), int32(e), true}
			if hasNewline(data, s, e) {
				nl += bytes.Count(data[s:e], []byte{'\n'})
				if bytes.Contains(data[s:e], []byte("\r\n")) {
					esc = true
				}
			}
			if e-s <= 16 && s+16 <= n {
				acc |= binary.LittleEndian.Uint64(data[s:]) | binary.LittleEndian.Uint64(data[s+8:])
			} else {
				unsure = true
			}
			if esc {
				sp.e = int32(s + unescape(data[s:e]))
			}
			out = append(out, sp)
			if pos == n {
				return out, pos, nl, !unsure && acc&0x8080808080808080 == 0, nil
			}
			switch c := data[pos]; {
			case c == ',':
				pos++
				continue
			case c == '\n':
				return out, pos + 1, nl + 1, !unsure && acc&0x8080808080808080 == 0, nil
			case c == '\r' && pos+1 < n && data[pos+1] == '\n':
				return out, pos + 2, nl + 1, !unsure && acc&0x8080808080808080 == 0, nil
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
		ascii := !unsure && acc&0x8080808080808080 == 0
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

// indexQuote returns the position of the first '"' at or after data[i], or
// -1; a field's closing quote is usually near.
func indexQuote(data []byte, i int) int {
	for k := 0; k < 2 && i+8 <= len(data); k++ {
		if m := hasByte(binary.LittleEndian.Uint64(data[i:]), '"'); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	if j := bytes.IndexByte(data[i:], '"'); j >= 0 {
		return i + j
	}
	return -1
}

// hasNewline reports whether data[s:e] holds a '\n'.
func hasNewline(data []byte, s, e int) bool {
	for ; s+8 <= e; s += 8 {
		if hasByte(binary.LittleEndian.Uint64(data[s:]), '\n') != 0 {
			return true
		}
	}
	for ; s < e; s++ {
		if data[s] == '\n' {
			return true
		}
	}
	return false
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

func newCSVInput(f *os.File, path string, table *tableType, opts Options, zone *rt.Zone, batchSize int, mem memory.Allocator) (Input, error) {
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
	sh := &csvShared{path: path, table: table, idx: idx, nfields: len(names), batchSize: batchSize, mem: mem, skip: opts.Skip, zone: zone}
	ioErr := func(row int64, err error) error { return fmt.Errorf("%s: %s: %w", path, at(row, 0), err) }
	return newTextInput(f, path, table, opts, mem, src, first, lines, func() blockParser { return newCSVParser(sh) }, ioErr), nil
}
