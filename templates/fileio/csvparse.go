package fileio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// csvShared is what a CSV input's parsers share.
type csvShared struct {
	path      string
	table     *tableType
	idx       []int // file field of each table column
	nfields   int
	batchSize int
	mem       memory.Allocator
	skip      []bool
	zone      *rt.Zone // Options.Zone
}

// csvParser parses blocks of CSV records. Where there is no quote (and no
// MAP column), fused reads the values of each record as it finds its fields.
// Elsewhere, and from a record fused cannot read to the end, it cuts up to
// subBatchRows records into fields, then decodes each column of them in
// table order (decode), which finds the error at the lowest row, then column,
// as the reference reader did.
type csvParser struct {
	sh   *csvShared
	cols *textColumns
	// byField is the column of each file field (nil if none), for fused;
	// nil if a column is a MAP.
	byField []*inColumn
	spans   []csvSpan // the fields of the records being decoded, nfields each
	lines   []int     // the first line of each record, in its block
	ascii   []bool    // whether each record is all ASCII
}

func newCSVParser(sh *csvShared) *csvParser {
	p := &csvParser{sh: sh, cols: newTextColumns(sh.table, sh.skip, sh.zone, sh.mem)}
	p.byField = make([]*inColumn, sh.nfields)
	for _, c := range p.cols.cols {
		c.field = sh.idx[c.i]
		p.byField[c.field] = c
	}
	for _, c := range p.cols.cols {
		if c.c.Type.Kind == sqltype.Map {
			p.byField = nil
		}
	}
	return p
}

func (p *csvParser) release() { p.cols.release() }

func (p *csvParser) parse(b *textBlock) {
	sh := p.sh
	data := b.data
	nf := sh.nfields
	skipBlanks := nf > 1
	pos, line := 0, 0
	var rows int64
	batchRows := 0
	quote := -1 // the next '"' at or after pos, or len(data); -1: not looked for
	p.cols.reserveFirst(data, sh.batchSize)
	for pos < len(data) {
		if quote < pos {
			quote = len(data)
			if i := bytes.IndexByte(data[pos:], '"'); i >= 0 {
				quote = pos + i
			}
		}
		if p.byField != nil && quote > pos {
			// Up to the next quote, records are cut and decoded at once,
			// until one is not simple.
			n, next, nextLine := p.fused(data, pos, quote, line, batchRows, sh.batchSize-batchRows)
			rows += int64(n)
			batchRows += n
			pos, line = next, nextLine
			if batchRows == sh.batchSize {
				b.batches = append(b.batches, p.cols.finish(batchRows))
				batchRows = 0
				continue
			}
			if pos >= len(data) {
				break
			}
		}
		// Cut records into fields.
		p.spans, p.lines, p.ascii = p.spans[:0], p.lines[:0], p.ascii[:0]
		lim := min(subBatchRows, sh.batchSize-batchRows)
		var bad *blockError
		k := 0
		for k < lim {
			if quote < pos {
				quote = len(data)
				if i := bytes.IndexByte(data[pos:], '"'); i >= 0 {
					quote = pos + i
				}
			}
			if quote > pos {
				// Up to the next quote, the fast way.
				n, next, nextLine, got, gotLine := p.plain(data, pos, quote, line, lim-k)
				k, pos, line = k+n, next, nextLine
				if got >= 0 {
					bad = fieldsError(sh, rows+int64(k), gotLine, got)
					break
				}
				if k == lim || pos >= len(data) {
					break
				}
			}
			// A record with a quote.
			if skipBlanks {
				var n int
				pos, n = skipBlank(data, pos)
				line += n
			}
			if pos >= len(data) {
				break
			}
			start := len(p.spans)
			var next, nl int
			var ascii bool
			var terr *csvTokErr
			p.spans, next, nl, ascii, terr = csvRecord(data, pos, p.spans)
			row, recLine := rows+int64(k), line
			if terr != nil {
				bad = &blockError{row: row, line: recLine, format: func(row int64, line int) error {
					return fmt.Errorf("%s: %s: %w", sh.path, at(row, 0), terr.error(line))
				}}
				break
			}
			if got := len(p.spans) - start; got != nf {
				bad = fieldsError(sh, row, recLine, got)
				break
			}
			p.lines = append(p.lines, recLine)
			p.ascii = append(p.ascii, ascii)
			pos, line = next, line+nl
			k++
		}
		// Decode them; the error is the first in row order, then in column
		// order, and one in a record's shape comes after those in the
		// records before it.
		for _, c := range p.cols.cols {
			r, err := p.decode(c, data, k)
			if err == nil || (bad != nil && int64(r) >= bad.row-rows) {
				continue
			}
			col := c.c.Name
			bad = &blockError{row: rows + int64(r), line: p.lines[r], format: func(row int64, line int) error {
				if err == errNull {
					return nullError(sh.path, row, line, col)
				}
				return rowError(sh.path, row, line, col, err)
			}}
		}
		if bad != nil {
			p.cols.drop()
			b.rows, b.lines, b.err = rows, line, bad
			return
		}
		rows += int64(k)
		batchRows += k
		if batchRows == sh.batchSize {
			b.batches = append(b.batches, p.cols.finish(batchRows))
			batchRows = 0
		}
	}
	if batchRows > 0 {
		b.batches = append(b.batches, p.cols.finish(batchRows))
	}
	b.rows, b.lines = rows, line
}

func fieldsError(sh *csvShared, row int64, line, got int) *blockError {
	return &blockError{row: row, line: line, format: func(row int64, line int) error {
		return fmt.Errorf("%s: %s: %d fields, but the header has %d", sh.path, at(row, line), got, sh.nfields)
	}}
}

// plain cuts up to max records of data[pos:lim], where there is no quote,
// into fields; lim is the end of data or the position of a quote. It returns
// the number of records, and the position and line after them. A record with
// the wrong number of fields stops it: then got is that number and gotLine its
// first line, else got is -1.
//
// It finds the commas and line ends eight bytes at a time, and reads the
// fields between them; a record that lim cuts is left for the caller.
func (p *csvParser) plain(data []byte, pos, lim, line, max int) (n, next, nextLine, got, gotLine int) {
	nf := p.sh.nfields
	skipBlanks := nf > 1
	spans, lines := p.spans, p.lines
	defer func() {
		p.spans, p.lines = spans, lines
	}()
	recSpans, recStart, recLine := len(spans), pos, line
	field := pos
	var acc uint64
	i := pos
scan:
	for i < lim {
		// The commas and line ends of the next 64 bytes, as bit masks.
		var commas, nls uint64
		if i+64 <= lim {
			for j := 0; j < 64; j += 8 {
				x := binary.LittleEndian.Uint64(data[i+j:])
				acc |= x
				commas |= packBytes(eqBytes(x, ',')) << j
				nls |= packBytes(eqBytes(x, '\n')) << j
			}
		} else {
			for j, c := range data[i:lim] {
				acc |= uint64(c)
				switch c {
				case ',':
					commas |= 1 << j
				case '\n':
					nls |= 1 << j
				}
			}
		}
		for m := commas | nls; m != 0; m &= m - 1 {
			d := i + bits.TrailingZeros64(m)
			if nls&m&-m == 0 {
				spans = append(spans, csvSpan{int32(field), int32(d), false})
				field = d + 1
				continue
			}
			line++
			e := d
			if e > field && data[e-1] == '\r' {
				e--
			}
			if e == field && skipBlanks && len(spans) == recSpans {
				field, recStart, recLine = d+1, d+1, line // a blank line
				continue
			}
			spans = append(spans, csvSpan{int32(field), int32(e), false})
			if len(spans)-recSpans != nf {
				p.ascii = appendN(p.ascii, acc&0x8080808080808080 == 0, n)
				return n, recStart, recLine, len(spans) - recSpans, recLine
			}
			lines = append(lines, recLine)
			n++
			field, recStart, recLine, recSpans = d+1, d+1, line, len(spans)
			if n == max {
				break scan
			}
		}
		i += 64
	}
	if n < max && lim == len(data) && (field < lim || len(spans) > recSpans) {
		// The last record, without a line end.
		spans = append(spans, csvSpan{int32(field), int32(lim), false})
		if len(spans)-recSpans != nf {
			p.ascii = appendN(p.ascii, acc&0x8080808080808080 == 0, n)
			return n, recStart, recLine, len(spans) - recSpans, recLine
		}
		lines = append(lines, recLine)
		n++
		recStart, recSpans = lim, len(spans)
	}
	spans = spans[:recSpans]
	p.ascii = appendN(p.ascii, acc&0x8080808080808080 == 0, n)
	return n, recStart, recLine, -1, 0
}

// appendN appends n copies of v to s.
func appendN(s []bool, v bool, n int) []bool {
	for range n {
		s = append(s, v)
	}
	return s
}

// packBytes gathers the high bits of the bytes of x into the low byte.
func packBytes(x uint64) uint64 { return (x >> 7) * 0x0102040810204080 >> 56 }

// eqBytes has the high bit set in exactly the bytes of x equal to c.
func eqBytes(x uint64, c byte) uint64 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	y := x ^ (0x0101010101010101 * uint64(c))
	t := (y & lo7) + lo7
	return ^(t | y | lo7)
}

// fused reads up to max records of data[pos:lim], where there is no quote,
// appending their values to the columns as it finds the fields (as plain
// does). It stops before a record that is not simple: one with the wrong
// number of fields or a value that is NULL in a NOT NULL column or wrong
// (then it takes the value back out), left to the exact path; or before the
// record that lim cuts. base is the number of rows in the batch so far. It
// returns the number of records read, and the position and line after them.
func (p *csvParser) fused(data []byte, pos, lim, line, base, max int) (n, next, nextLine int) {
	nf := p.sh.nfields
	skipBlanks := nf > 1
	cols := p.byField
	recStart, recLine := pos, line
	field, j := pos, 0 // the field's start and number
	lastHigh := -1     // the last byte >= 0x80 seen, or later
	i := pos
	for i < lim {
		var commas, nls uint64
		if i+64 <= lim {
			var highs uint64
			for k := 0; k < 64; k += 8 {
				x := binary.LittleEndian.Uint64(data[i+k:])
				highs |= x
				commas |= packBytes(eqBytes(x, ',')) << k
				nls |= packBytes(eqBytes(x, '\n')) << k
			}
			if highs&0x8080808080808080 != 0 {
				lastHigh = i + 63
			}
		} else {
			for k, c := range data[i:lim] {
				switch {
				case c == ',':
					commas |= 1 << k
				case c == '\n':
					nls |= 1 << k
				case c >= 0x80:
					lastHigh = i + 63
				}
			}
		}
		for m := commas | nls; m != 0; m &= m - 1 {
			d := i + bits.TrailingZeros64(m)
			e := d
			nl := nls&m&-m != 0
			if nl {
				if e > field && data[e-1] == '\r' {
					e--
				}
				if e == field && skipBlanks && j == 0 {
					line++
					field, recStart, recLine = d+1, d+1, line // a blank line
					continue
				}
			}
			if j >= nf {
				p.cols.truncate(base + n)
				return n, recStart, recLine
			}
			if c := cols[j]; c != nil && !c.appendText(data, field, e, lastHigh < field) {
				p.cols.truncate(base + n)
				return n, recStart, recLine
			}
			j++
			field = d + 1
			if nl {
				line++
				if j != nf {
					p.cols.truncate(base + n)
					return n, recStart, recLine
				}
				n++
				j, recStart, recLine = 0, d+1, line
				if n == max {
					return n, recStart, recLine
				}
			}
		}
		i += 64
	}
	if lim == len(data) && (field < lim || j > 0) {
		// The last record, without a line end.
		if j == nf-1 && (cols[j] == nil || cols[j].appendText(data, field, lim, lastHigh < field)) {
			return n + 1, lim, line
		}
	}
	p.cols.truncate(base + n)
	return n, recStart, recLine
}

// appendText appends the value of unquoted CSV field data[s:e], ascii if it
// is known to be ASCII; it reports false, maybe having appended nothing, if
// the value is NULL in a NOT NULL column or wrong.
func (c *inColumn) appendText(data []byte, s, e int, ascii bool) bool {
	if s == e {
		if !c.c.Nullable {
			return false
		}
		c.appendNull()
		return true
	}
	switch c.c.Type.Kind {
	case sqltype.Bigint:
		v, err := intAt(data, s, e, c.c.Type)
		if err != nil {
			return false
		}
		c.i64 = append(c.i64, v)
	case sqltype.Double:
		v, err := floatAt(data, s, e)
		if err != nil {
			return false
		}
		c.f64 = append(c.f64, v)
	case sqltype.Varchar:
		if ascii || utf8.Valid(data[s:e]) {
			c.data = appendShort(c.data, data, s, e)
		} else {
			c.data = append(c.data, bytes.ToValidUTF8(data[s:e], []byte("\uFFFD"))...)
		}
		c.offs = append(c.offs, int32(len(c.data)))
	case sqltype.Date:
		v, err := dateAt(data[s:e])
		if err != nil {
			return false
		}
		c.i32 = append(c.i32, v)
	case sqltype.Int, sqltype.Tinyint, sqltype.Smallint:
		v, err := intAt(data, s, e, c.c.Type)
		if err != nil {
			return false
		}
		c.i32 = append(c.i32, int32(v))
	case sqltype.Float:
		v, err := parseFloat(string(data[s:e]))
		if err != nil {
			return false
		}
		c.f64 = append(c.f64, float64(v))
	case sqltype.Boolean:
		v, err := parseBoolBytes(data[s:e])
		if err != nil {
			return false
		}
		c.bools = append(c.bools, v)
	case sqltype.Decimal:
		v, err := parseDecimal(bytesString(data[s:e]), c.c.Type)
		if err != nil {
			return false
		}
		c.dec = append(c.dec, v)
	case sqltype.YMInterval, sqltype.DTInterval:
		// Spark's text of an interval (INTERVAL '1-2' YEAR TO MONTH) or its
		// body ('1-2'), as CAST reads it
		v, err := parseText(string(data[s:e]), c.c.Type, c.zone)
		if err != nil {
			return false
		}
		appendValue(c.mb, c.c.Type, v)
	default:
		return false
	}
	return true
}

// appendShort appends src[s:e] to dst: a short one as two eight-byte words
// (which may copy bytes past e into dst's spare capacity).
func appendShort(dst, src []byte, s, e int) []byte {
	n := len(dst)
	if e-s > 16 || s+16 > cap(src) || n+16 > cap(dst) {
		return append(dst, src[s:e]...)
	}
	w := dst[n : n+16]
	x := src[s : s+16 : s+16]
	binary.LittleEndian.PutUint64(w, binary.LittleEndian.Uint64(x))
	binary.LittleEndian.PutUint64(w[8:], binary.LittleEndian.Uint64(x[8:]))
	return dst[:n+e-s]
}

// errNull is a NULL in a NOT NULL column.
var errNull = errors.New("null")

// decode appends column c of the k records cut last; at an error, it returns
// the record's index.
func (p *csvParser) decode(c *inColumn, data []byte, k int) (int, error) {
	if k == 0 {
		return 0, nil
	}
	nf := p.sh.nfields
	spans := p.spans[c.field:]
	nullable := c.c.Nullable
	t := c.c.Type
	// field returns the text of record r's field.
	field := func(r int) []byte {
		f := spans[r*nf]
		return data[f.s:f.e]
	}
	nulls := c.nulls
	switch t.Kind {
	case sqltype.Bigint:
		vals := c.i64
		for r := range k {
			f := spans[r*nf]
			if f.s == f.e {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, 0)
				continue
			}
			v, err := intAt(data, int(f.s), int(f.e), t)
			if err != nil {
				return r, err
			}
			vals = append(vals, v)
		}
		c.i64 = vals
	case sqltype.Int:
		vals := c.i32
		for r := range k {
			f := spans[r*nf]
			if f.s == f.e {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, 0)
				continue
			}
			v, err := intAt(data, int(f.s), int(f.e), t)
			if err != nil {
				return r, err
			}
			vals = append(vals, int32(v))
		}
		c.i32 = vals
	case sqltype.Double:
		vals := c.f64
		for r := range k {
			f := spans[r*nf]
			if f.s == f.e {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, 0)
				continue
			}
			v, err := floatAt(data, int(f.s), int(f.e))
			if err != nil {
				return r, err
			}
			vals = append(vals, v)
		}
		c.f64 = vals
	case sqltype.Date:
		vals := c.i32
		for r := range k {
			s := field(r)
			if len(s) == 0 {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, 0)
				continue
			}
			v, err := dateAt(s)
			if err != nil {
				return r, err
			}
			vals = append(vals, v)
		}
		c.i32 = vals
	case sqltype.Boolean:
		vals := c.bools
		for r := range k {
			s := field(r)
			if len(s) == 0 {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, false)
				continue
			}
			v, err := parseBoolBytes(s)
			if err != nil {
				return r, err
			}
			vals = append(vals, v)
		}
		c.bools = vals
	case sqltype.Varchar:
		offs, buf := c.offs, c.data
		ascii := p.ascii
		for r := range k {
			s := field(r)
			if len(s) == 0 && !spans[r*nf].quoted {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(offs)-1))
				offs = append(offs, int32(len(buf)))
				continue
			}
			if ascii[r] || utf8.Valid(s) {
				buf = append(buf, s...)
			} else {
				buf = append(buf, bytes.ToValidUTF8(s, []byte("\uFFFD"))...)
			}
			offs = append(offs, int32(len(buf)))
		}
		c.offs, c.data = offs, buf
	case sqltype.Decimal:
		vals := c.dec
		for r := range k {
			s := field(r)
			if len(s) == 0 {
				if !nullable {
					return r, errNull
				}
				nulls = append(nulls, int32(len(vals)))
				vals = append(vals, rt.Decimal{})
				continue
			}
			v, err := parseDecimal(bytesString(s), t)
			if err != nil {
				return r, err
			}
			vals = append(vals, v)
		}
		c.dec = vals
	default: // MAP from its JSON text; BINARY, TIMESTAMP, intervals from theirs
		c.nulls = nulls
		for r := range k {
			s := field(r)
			// An empty quoted field is a value where the type has an empty
			// one (BINARY, as VARCHAR), else NULL as an unquoted one.
			if len(s) == 0 && (t.Kind != sqltype.Binary || !spans[r*nf].quoted) {
				if !nullable {
					return r, errNull
				}
				c.appendNull()
				continue
			}
			v, err := parseText(string(s), t, c.zone)
			if err != nil {
				return r, err
			}
			if v == nil && !nullable {
				return r, errNull
			}
			c.appendValue(v)
		}
		nulls = c.nulls
	}
	c.nulls = nulls
	return 0, nil
}
