package fileio

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
)

// jsonInput reads JSON lines: one object per line, blank lines skipped.
type jsonInput struct {
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

func newJSONInput(f *os.File, path string, table *tableType, batchSize int, mem memory.Allocator) (Input, error) {
	in := &jsonInput{
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

func (in *jsonInput) lookup(key string) int {
	if i, ok := in.exact[key]; ok {
		return i
	}
	if i, ok := in.folded[strings.ToLower(key)]; ok {
		return i
	}
	return -1
}

// readLine returns the next physical line without its line terminator.
func (in *jsonInput) readLine() ([]byte, error) {
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

func (in *jsonInput) Next() (arrow.RecordBatch, error) {
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

func (in *jsonInput) rowErr(col string, err error) error {
	var ve *valueError
	if col != "" && errors.As(err, &ve) {
		return fmt.Errorf("%s: %s: column %q: %v", in.path, at(in.row, in.line), col, err)
	}
	return fmt.Errorf("%s: %s: %v", in.path, at(in.row, in.line), err)
}

func (in *jsonInput) parseRow(line []byte) error {
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

func (in *jsonInput) Close() error {
	if in.rb == nil {
		return nil
	}
	in.rb.Release()
	in.rb = nil
	return in.f.Close()
}
