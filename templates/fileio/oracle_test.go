package fileio

// The readers as they were before the block-parallel ones (csvin.go and
// jsonin.go at the commit that added Options.Threads), kept as the reference the
// tests compare the new readers with: same rows, same errors.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/sqltype"
)

// refCSVField is one parsed CSV field; quoted tells "" (empty string) from an empty
// unquoted field (NULL).
type refCSVField struct {
	s      string
	quoted bool
}

// refCSVReader is an RFC 4180 record reader that, unlike encoding/csv, reports
// whether each field was quoted. It accepts LF and CRLF line ends, quoted fields
// spanning lines, and treats a stray quote inside an unquoted field literally.
type refCSVReader struct {
	br     *bufio.Reader
	line   int // physical lines read so far
	buf    []byte
	rec    []byte
	ends   []int
	quoted []bool
	fields []refCSVField
}

func (r *refCSVReader) readLine() ([]byte, error) {
	r.buf = r.buf[:0]
	for {
		chunk, err := r.br.ReadSlice('\n')
		r.buf = append(r.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && (err != io.EOF || len(r.buf) == 0) {
			return nil, err
		}
		r.line++
		b := r.buf
		if n := len(b); n > 0 && b[n-1] == '\n' {
			b = b[:n-1]
			if n := len(b); n > 0 && b[n-1] == '\r' {
				b = b[:n-1]
			}
		}
		return b, nil
	}
}

// read returns the next record and the line it starts on. Blank lines are
// skipped when skipBlank, else read as one empty field (a one-column file's NULL).
func (r *refCSVReader) read(skipBlank bool) ([]refCSVField, int, error) {
	var line []byte
	var err error
	for {
		line, err = r.readLine()
		if err != nil {
			return nil, 0, err
		}
		if len(line) > 0 || !skipBlank {
			break
		}
	}
	start := r.line
	r.rec, r.ends, r.quoted = r.rec[:0], r.ends[:0], r.quoted[:0]
	pos := 0
	for {
		quoted := pos < len(line) && line[pos] == '"'
		if quoted {
			pos++
			for {
				i := bytes.IndexByte(line[pos:], '"')
				if i < 0 {
					r.rec = append(r.rec, line[pos:]...)
					r.rec = append(r.rec, '\n')
					line, err = r.readLine()
					if err == io.EOF {
						return nil, start, fmt.Errorf("line %d: quoted field is not closed", start)
					}
					if err != nil {
						return nil, start, err
					}
					pos = 0
					continue
				}
				r.rec = append(r.rec, line[pos:pos+i]...)
				pos += i + 1
				if pos < len(line) && line[pos] == '"' {
					r.rec = append(r.rec, '"')
					pos++
					continue
				}
				break
			}
			if pos < len(line) && line[pos] != ',' {
				return nil, start, fmt.Errorf("line %d: unexpected %q after a closing quote", r.line, line[pos])
			}
		} else {
			i := bytes.IndexByte(line[pos:], ',')
			if i < 0 {
				i = len(line) - pos
			}
			r.rec = append(r.rec, line[pos:pos+i]...)
			pos += i
		}
		r.ends = append(r.ends, len(r.rec))
		r.quoted = append(r.quoted, quoted)
		if pos >= len(line) {
			break
		}
		pos++ // the comma
	}
	s := string(r.rec)
	r.fields = r.fields[:0]
	prev := 0
	for i, end := range r.ends {
		r.fields = append(r.fields, refCSVField{s: s[prev:end], quoted: r.quoted[i]})
		prev = end
	}
	return r.fields, start, nil
}

type refCSVInput struct {
	f         *os.File
	r         *refCSVReader
	path      string
	table     *tableType
	batchSize int
	rb        *array.RecordBuilder
	idx       []int // file field of each table column
	nfields   int
	row       int64
	eof       bool
	st        sticky
}

func newRefCSVInput(f *os.File, path string, table *tableType, batchSize int, mem memory.Allocator) (Input, error) {
	r := &refCSVReader{br: bufio.NewReaderSize(f, 1<<16)}
	header, _, err := r.read(true)
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file, want a header row naming the columns", path)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	names := make([]string, len(header))
	for i, h := range header {
		names[i] = h.s
	}
	names[0] = strings.TrimPrefix(names[0], "\uFEFF")
	idx, err := matchColumns(path, table, names)
	if err != nil {
		return nil, err
	}
	if err := requireColumns(path, "header", table, idx, names); err != nil {
		return nil, err
	}
	return &refCSVInput{
		f: f, r: r, path: path, table: table, batchSize: batchSize,
		rb:  array.NewRecordBuilder(mem, table.schema),
		idx: idx, nfields: len(names),
	}, nil
}

func (in *refCSVInput) Next() (arrow.RecordBatch, error) {
	if in.st.err != nil {
		return nil, in.st.err
	}
	if in.rb == nil {
		return nil, errClosed
	}
	n := 0
	for n < in.batchSize && !in.eof {
		fields, line, err := in.r.read(in.nfields > 1)
		if err == io.EOF {
			in.eof = true
			break
		}
		if err != nil {
			return nil, in.st.set(fmt.Errorf("%s: %s: %w", in.path, at(in.row, 0), err))
		}
		if len(fields) != in.nfields {
			return nil, in.st.set(fmt.Errorf("%s: %s: %d fields, but the header has %d", in.path, at(in.row, line), len(fields), in.nfields))
		}
		for i, c := range in.table.Columns {
			if err := in.appendField(i, c, fields[in.idx[i]], line); err != nil {
				return nil, in.st.set(err)
			}
		}
		n++
		in.row++
	}
	if n == 0 {
		return nil, in.st.set(io.EOF)
	}
	return in.rb.NewRecordBatch(), nil
}

func (in *refCSVInput) appendField(i int, c column, f refCSVField, line int) error {
	b := in.rb.Field(i)
	if f.s == "" && (!f.quoted || c.Type.Kind != sqltype.Varchar) {
		if !c.Nullable {
			return nullError(in.path, in.row, line, c.Name)
		}
		b.AppendNull()
		return nil
	}
	if err := appendText(b, c.Type, f.s, nil); err != nil {
		var ve *valueError
		if errors.As(err, &ve) {
			return fmt.Errorf("%s: %s: column %q: %v", in.path, at(in.row, line), c.Name, err)
		}
		return err
	}
	if !c.Nullable && b.IsNull(b.Len()-1) { // a MAP field holding JSON null
		return nullError(in.path, in.row, line, c.Name)
	}
	return nil
}

func (in *refCSVInput) Close() error {
	if in.rb == nil {
		return nil
	}
	in.rb.Release()
	in.rb = nil
	return in.f.Close()
}

// refJSONInput reads JSON lines: one object per line, blank lines skipped.
type refJSONInput struct {
	f         *os.File
	br        *bufio.Reader
	path      string
	table     *tableType
	batchSize int
	rb        *array.RecordBuilder
	exact     map[string]int
	folded    map[string]int
	seen      []bool
	line      int
	row       int64
	buf       []byte
	p         jsonParser
	eof       bool
	st        sticky
}

func newRefJSONInput(f *os.File, path string, table *tableType, batchSize int, mem memory.Allocator) (Input, error) {
	in := &refJSONInput{
		f: f, br: bufio.NewReaderSize(f, 1<<16), path: path, table: table, batchSize: batchSize,
		rb:     array.NewRecordBuilder(mem, table.schema),
		exact:  map[string]int{},
		folded: map[string]int{},
		seen:   make([]bool, len(table.Columns)),
	}
	for i, c := range table.Columns {
		in.exact[c.Name] = i
		k := strings.ToLower(c.Name)
		if _, dup := in.folded[k]; dup {
			in.folded[k] = -1 // ambiguous ignoring case: exact match only
		} else {
			in.folded[k] = i
		}
	}
	return in, nil
}

func (in *refJSONInput) lookup(key string) int {
	if i, ok := in.exact[key]; ok {
		return i
	}
	if i, ok := in.folded[strings.ToLower(key)]; ok {
		return i
	}
	return -1
}

// readLine returns the next physical line without its line terminator.
func (in *refJSONInput) readLine() ([]byte, error) {
	in.buf = in.buf[:0]
	for {
		chunk, err := in.br.ReadSlice('\n')
		in.buf = append(in.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && (err != io.EOF || len(in.buf) == 0) {
			return nil, err
		}
		return bytes.TrimRight(in.buf, "\r\n"), nil
	}
}

func (in *refJSONInput) Next() (arrow.RecordBatch, error) {
	if in.st.err != nil {
		return nil, in.st.err
	}
	if in.rb == nil {
		return nil, errClosed
	}
	n := 0
	for n < in.batchSize && !in.eof {
		line, err := in.readLine()
		if err == io.EOF {
			in.eof = true
			break
		}
		if err != nil {
			return nil, in.st.set(fmt.Errorf("%s: %w", in.path, err))
		}
		in.line++
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if err := in.parseRow(line); err != nil {
			return nil, in.st.set(err)
		}
		n++
		in.row++
	}
	if n == 0 {
		return nil, in.st.set(io.EOF)
	}
	return in.rb.NewRecordBatch(), nil
}

func (in *refJSONInput) rowErr(col string, err error) error {
	var ve *valueError
	if col != "" && errors.As(err, &ve) {
		return fmt.Errorf("%s: %s: column %q: %v", in.path, at(in.row, in.line), col, err)
	}
	return fmt.Errorf("%s: %s: %v", in.path, at(in.row, in.line), err)
}

func (in *refJSONInput) parseRow(line []byte) error {
	p := &in.p
	p.buf, p.pos = line, 0
	clear(in.seen)
	if err := p.expect('{'); err != nil {
		return in.rowErr("", err)
	}
	if p.peek() == '}' {
		p.pos++
	} else {
		for {
			key, err := p.str()
			if err != nil {
				return in.rowErr("", err)
			}
			if err := p.expect(':'); err != nil {
				return in.rowErr("", err)
			}
			i := in.lookup(key)
			if i < 0 {
				if err := p.skip(); err != nil {
					return in.rowErr("", err)
				}
			} else {
				c := in.table.Columns[i]
				if in.seen[i] {
					return in.rowErr("", fmt.Errorf("column %q appears more than once", c.Name))
				}
				in.seen[i] = true
				null, err := p.appendJSON(in.rb.Field(i), c.Type)
				if err != nil {
					return in.rowErr(c.Name, err)
				}
				if null && !c.Nullable {
					return nullError(in.path, in.row, in.line, c.Name)
				}
			}
			if p.peek() == ',' {
				p.pos++
				continue
			}
			if err := p.expect('}'); err != nil {
				return in.rowErr("", err)
			}
			break
		}
	}
	if err := p.end(); err != nil {
		return in.rowErr("", err)
	}
	for i, ok := range in.seen {
		if !ok {
			c := in.table.Columns[i]
			if !c.Nullable {
				return nullError(in.path, in.row, in.line, c.Name)
			}
			in.rb.Field(i).AppendNull()
		}
	}
	return nil
}

func (in *refJSONInput) Close() error {
	if in.rb == nil {
		return nil
	}
	in.rb.Release()
	in.rb = nil
	return in.f.Close()
}

// openRef opens a .csv or .jsonl file with the reference readers.
func openRef(path string, schema *arrow.Schema, batchSize int) (Input, error) {
	table, err := tableOf(schema)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	var in Input
	if strings.HasSuffix(path, ".csv") {
		in, err = newRefCSVInput(f, path, table, batchSize, memory.DefaultAllocator)
	} else {
		in, err = newRefJSONInput(f, path, table, batchSize, memory.DefaultAllocator)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
}
