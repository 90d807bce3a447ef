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

// csvField is one parsed CSV field; quoted tells "" (empty string) from an empty
// unquoted field (NULL).
type csvField struct {
	s      string
	quoted bool
}

// csvReader is an RFC 4180 record reader that, unlike encoding/csv, reports
// whether each field was quoted. It accepts LF and CRLF line ends, quoted fields
// spanning lines, and treats a stray quote inside an unquoted field literally.
type csvReader struct {
	br     *bufio.Reader
	line   int // physical lines read so far
	buf    []byte
	rec    []byte
	ends   []int
	quoted []bool
	fields []csvField
}

func (r *csvReader) readLine() ([]byte, error) {
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
func (r *csvReader) read(skipBlank bool) ([]csvField, int, error) {
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
		r.fields = append(r.fields, csvField{s: s[prev:end], quoted: r.quoted[i]})
		prev = end
	}
	return r.fields, start, nil
}

type csvInput struct {
	f         *os.File
	r         *csvReader
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

func newCSVInput(f *os.File, path string, table *tableType, batchSize int, mem memory.Allocator) (Input, error) {
	r := &csvReader{br: bufio.NewReaderSize(f, 1<<16)}
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
	return &csvInput{
		f: f, r: r, path: path, table: table, batchSize: batchSize,
		rb:  array.NewRecordBuilder(mem, table.schema),
		idx: idx, nfields: len(names),
	}, nil
}

func (in *csvInput) Next() (arrow.RecordBatch, error) {
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

func (in *csvInput) appendField(i int, c column, f csvField, line int) error {
	b := in.rb.Field(i)
	if f.s == "" && (!f.quoted || c.Type.Kind != kindVarchar) {
		if !c.Nullable {
			return nullError(in.path, in.row, line, c.Name)
		}
		b.AppendNull()
		return nil
	}
	if err := appendText(b, c.Type, f.s); err != nil {
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

func (in *csvInput) Close() error {
	if in.rb == nil {
		return nil
	}
	in.rb.Release()
	in.rb = nil
	return in.f.Close()
}
