package fileio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// JSON lines: one object per line, blank lines skipped. A JSON string cannot
// hold a raw line end, so every '\n' ends a record and a block ends at its last
// '\n'.

func jsonCut(data []byte) int { return bytes.LastIndexByte(data, '\n') + 1 }

// jsonShared is what a JSON lines input's parsers share.
type jsonShared struct {
	path      string
	table     *tableType
	batchSize int
	mem       memory.Allocator
	skip      []bool
	exact     map[string]int
	folded    map[string]int
	keys      *keyTracker // which read columns some line carries
	zone      *rt.Zone    // Options.Zone
}

func newJSONInput(f *os.File, path string, table *tableType, opts Options, zone *rt.Zone, batchSize int, mem memory.Allocator) (Input, error) {
	sh := &jsonShared{
		path: path, table: table, batchSize: batchSize, mem: mem, skip: opts.Skip, zone: zone,
		exact:  map[string]int{},
		folded: map[string]int{},
	}
	sh.keys = newKeyTracker(path, table, opts.Skip)
	for i, c := range table.Columns {
		sh.exact[c.Name] = i
		k := strings.ToLower(c.Name)
		if _, dup := sh.folded[k]; dup {
			sh.folded[k] = -1 // ambiguous ignoring case: exact match only
		} else {
			sh.folded[k] = i
		}
	}
	threads := max(opts.Threads, 1)
	src := newBlockSource(f, jsonCut, 2*threads+2)
	ioErr := func(_ int64, err error) error { return fmt.Errorf("%s: %w", path, err) }
	in := newTextInput(f, path, table, opts, mem, src, nil, 0, func() blockParser { return newJSONParser(sh) }, ioErr)
	return &jsonInput{textInput: in, keys: sh.keys, strict: opts.Strict}, nil
}

func (sh *jsonShared) lookup(key string) int {
	if i, ok := sh.exact[key]; ok {
		return i
	}
	if i, ok := sh.folded[strings.ToLower(key)]; ok {
		return i
	}
	return -1
}

// jsonLineParser parses blocks of JSON lines.
type jsonLineParser struct {
	sh    *jsonShared
	p     jsonParser
	cols  *textColumns
	seen  []bool
	keys  []jsonKey      // the keys of the last row, in order
	cache map[string]int // column of a key (-1: none)
	// carried marks the read columns some row of this parser's blocks had a
	// key for; all is set once a row had them all. Merged into sh.keys per
	// block.
	carried []bool
	all     bool
}

// jsonKey is a key and its column.
type jsonKey struct {
	key []byte
	col int
}

// jsonRowErr is a row's error: a NULL in NOT NULL column col, or err (in
// column col if not "").
type jsonRowErr struct {
	col  string
	err  error
	null bool
}

func newJSONParser(sh *jsonShared) *jsonLineParser {
	return &jsonLineParser{
		sh: sh, p: jsonParser{zone: sh.zone}, cols: newTextColumns(sh.table, sh.skip, sh.zone, sh.mem),
		seen: make([]bool, len(sh.table.Columns)), cache: map[string]int{},
		carried: make([]bool, len(sh.table.Columns)),
	}
}

func (w *jsonLineParser) release() { w.cols.release() }

func (w *jsonLineParser) parse(b *textBlock) {
	sh := w.sh
	data := b.data
	w.cols.reserveFirst(data, sh.batchSize)
	pos, line := 0, 0
	var rows int64
	batchRows := 0
	for pos < len(data) {
		var l []byte
		if i := bytes.IndexByte(data[pos:], '\n'); i >= 0 {
			l, pos = data[pos:pos+i], pos+i+1
		} else {
			l, pos = data[pos:], len(data)
		}
		line++
		for len(l) > 0 && (l[len(l)-1] == '\n' || l[len(l)-1] == '\r') {
			l = l[:len(l)-1]
		}
		if len(l) == 0 || (l[0] != '{' && len(bytes.TrimSpace(l)) == 0) {
			continue
		}
		if e := w.row(l); e != nil {
			w.cols.drop()
			b.rows, b.lines = rows, line
			b.err = &blockError{row: rows, line: line - 1, format: func(row int64, line int) error {
				if e.null {
					return nullError(sh.path, row, line, e.col)
				}
				return rowError(sh.path, row, line, e.col, e.err)
			}}
			return
		}
		rows++
		if batchRows++; batchRows == sh.batchSize {
			b.batches = append(b.batches, w.cols.finish(batchRows))
			batchRows = 0
		}
	}
	if batchRows > 0 {
		b.batches = append(b.batches, w.cols.finish(batchRows))
	}
	b.rows, b.lines = rows, line
	sh.keys.merge(rows, w.all, w.carried, w.cache)
}

// row appends the row of one line, reading it as the reference reader did so
// that errors are the same.
func (w *jsonLineParser) row(line []byte) *jsonRowErr {
	p := &w.p
	p.buf, p.pos = line, 0
	clear(w.seen)
	seen := 0
	if err := p.expect('{'); err != nil {
		return &jsonRowErr{err: err}
	}
	if p.peek() == '}' {
		p.pos++
	} else {
		for k := 0; ; k++ {
			i, err := w.key(k)
			if err != nil {
				return &jsonRowErr{err: err}
			}
			if p.pos < len(p.buf) && p.buf[p.pos] == ':' {
				p.pos++
			} else if err := p.expect(':'); err != nil {
				return &jsonRowErr{err: err}
			}
			var col *inColumn
			if i >= 0 {
				col = w.cols.byTable[i]
			}
			if col == nil {
				// Not a column, or a skipped one.
				if err := p.skip(); err != nil {
					return &jsonRowErr{err: err}
				}
			} else {
				c := col.c
				if w.seen[i] {
					return &jsonRowErr{err: fmt.Errorf("column %q appears more than once", c.Name)}
				}
				w.seen[i] = true
				seen++
				null, err := w.value(col)
				if err != nil {
					return &jsonRowErr{col: c.Name, err: err}
				}
				if null && !c.Nullable {
					return &jsonRowErr{col: c.Name, null: true}
				}
			}
			if p.pos < len(p.buf) && p.buf[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.peek() == ',' {
				p.pos++
				continue
			}
			if err := p.expect('}'); err != nil {
				return &jsonRowErr{err: err}
			}
			break
		}
	}
	if p.pos < len(p.buf) {
		if err := p.end(); err != nil {
			return &jsonRowErr{err: err}
		}
	}
	if seen == len(w.cols.cols) {
		w.all = true
		return nil
	}
	for i, ok := range w.seen {
		if ok {
			w.carried[i] = true
		} else if col := w.cols.byTable[i]; col != nil {
			if !col.c.Nullable {
				return &jsonRowErr{col: col.c.Name, null: true}
			}
			col.appendNull()
		}
	}
	return nil
}

// key reads the k-th key of a row and returns its column, or -1.
func (w *jsonLineParser) key(k int) (int, error) {
	p := &w.p
	if p.peek() == '"' {
		buf := p.buf
		start := p.pos + 1
		if k < len(w.keys) {
			// The key of the last row: it has no escape, so if it is next,
			// followed by a quote, it is the key.
			want := w.keys[k].key
			if end := start + len(want); end < len(buf) && buf[end] == '"' && bytes.Equal(buf[start:end], want) {
				p.pos = end + 1
				return w.keys[k].col, nil
			}
		}
		if i := jsonStringEnd(buf, start); i < len(buf) && buf[i] == '"' {
			key := buf[start:i]
			p.pos = i + 1
			col, ok := w.cache[bytesString(key)]
			if !ok {
				col = w.sh.lookup(validString(string(key)))
				if len(w.cache) < 1024 {
					w.cache[string(key)] = col
				}
			}
			if k < len(w.keys) {
				w.keys[k] = jsonKey{append(w.keys[k].key[:0], key...), col}
			} else if k == len(w.keys) && k < 1024 {
				w.keys = append(w.keys, jsonKey{append([]byte(nil), key...), col})
			}
			return col, nil
		}
	}
	s, err := p.str()
	if err != nil {
		return -1, err
	}
	col := w.sh.lookup(s)
	if len(w.cache) < 1024 {
		// A key with escapes: no raw key equals it unless it means the
		// same, so the cache may hold it (and the keys seen list it).
		w.cache[s] = col
	}
	return col, nil
}

// value reads the value of column c at the cursor and appends it; it reports
// whether the value was null. The common spellings take a fast path; the rest
// go through jsonParser.value, which also makes the errors.
func (w *jsonLineParser) value(c *inColumn) (bool, error) {
	p := &w.p
	ch := p.peek()
	start := p.pos
	buf := p.buf
	if ch == 'n' && p.literal("null") {
		c.appendNull()
		return true, nil
	}
	switch c.c.Type.Kind {
	case sqltype.Bigint, sqltype.Int:
		var s []byte
		end := 0
		if ch == '"' {
			s, end = jsonPlainString(buf, start)
		} else if end = jsonNumberEnd(buf, start, true); end > 0 {
			s = buf[start:end]
		}
		if v, ok := fastInt(s); ok && end > 0 {
			if c.c.Type.Kind == sqltype.Bigint {
				c.i64 = append(c.i64, v)
				p.pos = end
				return false, nil
			}
			if int64(int32(v)) == v {
				c.i32 = append(c.i32, int32(v))
				p.pos = end
				return false, nil
			}
		}
	case sqltype.Double:
		var s []byte
		end := 0
		if ch == '"' {
			s, end = jsonPlainString(buf, start)
		} else if end = jsonNumberEnd(buf, start, false); end > 0 {
			s = buf[start:end]
		}
		if end > 0 {
			f, ok := fastFloat(s)
			if !ok && ch != '"' { // a JSON number: parseDouble is ParseFloat
				var err error
				f, err = strconv.ParseFloat(bytesString(s), 64)
				ok = err == nil
			}
			if ok {
				c.f64 = append(c.f64, f)
				p.pos = end
				return false, nil
			}
		}
	case sqltype.Varchar:
		if ch == '"' {
			if s, end := jsonPlainString(buf, start); end > 0 && utf8.Valid(s) {
				c.appendBytes(s)
				p.pos = end
				return false, nil
			}
		}
	case sqltype.Date:
		if ch == '"' {
			if s, end := jsonPlainString(buf, start); end > 0 {
				if d, ok := fastDate(s); ok {
					c.i32 = append(c.i32, d)
					p.pos = end
					return false, nil
				}
			}
		}
	case sqltype.Boolean:
		switch {
		case ch == 't' && p.literal("true"):
			c.bools = append(c.bools, true)
			return false, nil
		case ch == 'f' && p.literal("false"):
			c.bools = append(c.bools, false)
			return false, nil
		}
	}
	p.pos = start
	v, err := p.value(c.c.Type)
	if err != nil {
		return false, err
	}
	c.appendValue(v)
	return v == nil, nil
}

// jsonPlainString returns the text of the string at buf[pos] and the position
// after it, when it has no escapes (else end is 0).
func jsonPlainString(buf []byte, pos int) ([]byte, int) {
	if i := jsonStringEnd(buf, pos+1); i < len(buf) && buf[i] == '"' {
		return buf[pos+1 : i], i + 1
	}
	return nil, 0
}

// jsonStringEnd returns the position of the first '"', '\\' or control
// character at or after buf[i], or len(buf); eight bytes at a time.
func jsonStringEnd(buf []byte, i int) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(buf); i += 8 {
		x := binary.LittleEndian.Uint64(buf[i:])
		// The lowest flagged byte is exact (borrows only flag bytes above).
		m := hasByte(x, '"') | hasByte(x, '\\') | (x-lo*0x20)&^x&hi
		if m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(buf); i++ {
		if c := buf[i]; c == '"' || c == '\\' || c < 0x20 {
			return i
		}
	}
	return i
}

// jsonNumberEnd returns the end of the JSON number at buf[pos], or 0 if there
// is none, or if integer and it has a fraction or exponent.
func jsonNumberEnd(buf []byte, pos int, integer bool) int {
	i, n := pos, len(buf)
	if i < n && buf[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < n && buf[i] >= '0' && buf[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < n && buf[i] == '0' {
		i++
	} else if !digits() {
		return 0
	}
	if i < n && buf[i] == '.' {
		i++
		if integer || !digits() {
			return 0
		}
	}
	if i < n && (buf[i] == 'e' || buf[i] == 'E') {
		i++
		if i < n && (buf[i] == '+' || buf[i] == '-') {
			i++
		}
		if integer || !digits() {
			return 0
		}
	}
	return i
}
