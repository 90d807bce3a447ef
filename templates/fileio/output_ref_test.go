package fileio

// refNewOutput is the serial JSON lines and CSV writer as it was before the
// writers went parallel (commit e9af9b0), kept with its names prefixed by
// "ref", as the reference that every output of the parallel writer must match
// byte for byte.

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
)

// Output writes result batches to a stream.
type refOutputIface interface {
	// Write writes every row of b, whose schema must match the Output's.
	Write(b arrow.RecordBatch) error
	// Close flushes buffered refOutput. It does not close the underlying writer.
	Close() error
}

// refNewOutput returns an Output writing batches of schema to w in format "jsonl"
// or "csv".
//
// JSON lines: one object per row, keys in column order. NULL is null; BOOLEAN
// true/false; INT and BIGINT integers; DOUBLE a JSON number as rt.FormatDouble
// spells it (1.0, 0.001, 1.0E7, -0.0), and the strings "NaN", "Infinity" and
// "-Infinity" for non-finite values; VARCHAR a JSON string (invalid UTF-8 bytes
// become U+FFFD); DATE "yyyy-mm-dd"; MAP an object whose keys are the text of the
// map keys.
//
// CSV: a header row of column names, then one record per row, LF line ends,
// RFC 4180 quoting (a field is quoted when it contains a comma, quote, CR or LF,
// and the empty string is written as "" so it differs from NULL, which is an
// empty field). Values are spelled as for JSON lines, but unquoted: doubles by
// rt.FormatDouble (including NaN, Infinity), maps as JSON object text.
func refNewOutput(w io.Writer, format string, schema *arrow.Schema) (refOutputIface, error) {
	for _, f := range schema.Fields() {
		if err := refcheckWritable(f.Type); err != nil {
			return nil, fmt.Errorf("column %q: %w", f.Name, err)
		}
	}
	o := &refOutput{w: bufio.NewWriterSize(w, 1<<16), schema: schema}
	switch format {
	case "jsonl":
		o.keys = make([][]byte, schema.NumFields())
		for i, f := range schema.Fields() {
			var k []byte
			if i == 0 {
				k = append(k, '{')
			} else {
				k = append(k, ',')
			}
			k = refappendJSONString(k, f.Name)
			o.keys[i] = append(k, ':')
		}
	case "csv":
		o.csv = true
		var line []byte
		for i, f := range schema.Fields() {
			if i > 0 {
				line = append(line, ',')
			}
			line = refappendCSVField(line, f.Name)
		}
		line = append(line, '\n')
		if _, err := o.w.Write(line); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown refOutput format %q (want jsonl or csv)", format)
	}
	return o, nil
}

func refcheckWritable(t arrow.DataType) error {
	switch t.ID() {
	case arrow.BOOL, arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64,
		arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.FLOAT32, arrow.FLOAT64, arrow.STRING, arrow.LARGE_STRING, arrow.DATE32, arrow.NULL:
		return nil
	case arrow.MAP:
		m := t.(*arrow.MapType)
		if err := refcheckWritable(m.KeyType()); err != nil {
			return err
		}
		return refcheckWritable(m.ItemType())
	}
	return fmt.Errorf("cannot write Arrow type %s", t)
}

type refOutput struct {
	w      *bufio.Writer
	schema *arrow.Schema
	csv    bool
	keys   [][]byte // JSON: `{"name":` / `,"name":`
	buf    []byte
	fns    []refappender
}

// refappender appends the text of non-NULL row i (JSON or CSV spelling).
type refappender func(buf []byte, i int) []byte

func (o *refOutput) Write(b arrow.RecordBatch) error {
	if int(b.NumCols()) != o.schema.NumFields() {
		return fmt.Errorf("fileio: batch has %d columns, refOutput has %d", b.NumCols(), o.schema.NumFields())
	}
	o.fns = o.fns[:0]
	for i := 0; i < int(b.NumCols()); i++ {
		col := b.Column(i)
		if !arrow.TypeEqual(col.DataType(), o.schema.Field(i).Type) {
			return fmt.Errorf("fileio: column %q has type %s, refOutput has %s", o.schema.Field(i).Name, col.DataType(), o.schema.Field(i).Type)
		}
		if o.csv {
			o.fns = append(o.fns, reftextAppender(col))
		} else {
			o.fns = append(o.fns, refjsonAppender(col))
		}
	}
	buf := o.buf[:0]
	rows := int(b.NumRows())
	for r := 0; r < rows; r++ {
		for c, fn := range o.fns {
			col := b.Column(c)
			if o.csv {
				if c > 0 {
					buf = append(buf, ',')
				}
				if col.IsNull(r) {
					continue
				}
				start := len(buf)
				buf = fn(buf, r)
				buf = refquoteCSVInPlace(buf, start)
				continue
			}
			buf = append(buf, o.keys[c]...)
			if col.IsNull(r) {
				buf = append(buf, "null"...)
			} else {
				buf = fn(buf, r)
			}
		}
		if o.csv {
			buf = append(buf, '\n')
		} else {
			if len(o.fns) == 0 {
				buf = append(buf, '{')
			}
			buf = append(buf, '}', '\n')
		}
		if len(buf) >= 1<<15 {
			if _, err := o.w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	_, err := o.w.Write(buf)
	o.buf = buf[:0]
	return err
}

func (o *refOutput) Close() error { return o.w.Flush() }

// refjsonAppender returns the JSON spelling of col's non-NULL values.
func refjsonAppender(col arrow.Array) refappender {
	switch a := col.(type) {
	case *array.Float64:
		return func(buf []byte, i int) []byte { return refappendJSONDouble(buf, a.Value(i)) }
	case *array.Float32:
		return func(buf []byte, i int) []byte {
			if f := float64(a.Value(i)); math.IsNaN(f) || math.IsInf(f, 0) {
				return refappendJSONDouble(buf, f)
			}
			return append(buf, rt.FormatFloat(a.Value(i))...)
		}
	case *array.String:
		return func(buf []byte, i int) []byte { return refappendJSONString(buf, a.Value(i)) }
	case *array.LargeString:
		return func(buf []byte, i int) []byte { return refappendJSONString(buf, a.Value(i)) }
	case *array.Date32:
		return func(buf []byte, i int) []byte {
			buf = append(buf, '"')
			buf = refappendDate(buf, date(a.Value(i)))
			return append(buf, '"')
		}
	case *array.Map:
		keys, items := a.Keys(), a.Items()
		key := reftextAppender(keys)
		_, keyIsString := keys.(*array.String)
		item := refjsonAppender(items)
		var tmp []byte
		return func(buf []byte, i int) []byte {
			start, end := a.ValueOffsets(i)
			buf = append(buf, '{')
			for j := int(start); j < int(end); j++ {
				if j > int(start) {
					buf = append(buf, ',')
				}
				switch {
				case keys.IsNull(j):
					buf = append(buf, `"null"`...)
				case keyIsString:
					buf = refappendJSONString(buf, keys.(*array.String).Value(j))
				default:
					tmp = key(tmp[:0], j)
					buf = refappendJSONString(buf, string(tmp))
				}
				buf = append(buf, ':')
				if items.IsNull(j) {
					buf = append(buf, "null"...)
				} else {
					buf = item(buf, j)
				}
			}
			return append(buf, '}')
		}
	}
	return reftextAppender(col)
}

// reftextAppender returns the plain text of col's non-NULL values (CSV fields, JSON
// booleans and integers, map keys). Maps are JSON object text.
func reftextAppender(col arrow.Array) refappender {
	switch a := col.(type) {
	case *array.Boolean:
		return func(buf []byte, i int) []byte { return strconv.AppendBool(buf, a.Value(i)) }
	case *array.Int8:
		return func(buf []byte, i int) []byte { return strconv.AppendInt(buf, int64(a.Value(i)), 10) }
	case *array.Int16:
		return func(buf []byte, i int) []byte { return strconv.AppendInt(buf, int64(a.Value(i)), 10) }
	case *array.Int32:
		return func(buf []byte, i int) []byte { return strconv.AppendInt(buf, int64(a.Value(i)), 10) }
	case *array.Int64:
		return func(buf []byte, i int) []byte { return strconv.AppendInt(buf, a.Value(i), 10) }
	case *array.Uint8:
		return func(buf []byte, i int) []byte { return strconv.AppendUint(buf, uint64(a.Value(i)), 10) }
	case *array.Uint16:
		return func(buf []byte, i int) []byte { return strconv.AppendUint(buf, uint64(a.Value(i)), 10) }
	case *array.Uint32:
		return func(buf []byte, i int) []byte { return strconv.AppendUint(buf, uint64(a.Value(i)), 10) }
	case *array.Uint64:
		return func(buf []byte, i int) []byte { return strconv.AppendUint(buf, a.Value(i), 10) }
	case *array.Float64:
		return func(buf []byte, i int) []byte { return append(buf, rt.FormatDouble(a.Value(i))...) }
	case *array.Float32:
		return func(buf []byte, i int) []byte { return append(buf, rt.FormatFloat(a.Value(i))...) }
	case *array.String:
		return func(buf []byte, i int) []byte { return refappendValidUTF8(buf, a.Value(i)) }
	case *array.LargeString:
		return func(buf []byte, i int) []byte { return refappendValidUTF8(buf, a.Value(i)) }
	case *array.Date32:
		return func(buf []byte, i int) []byte { return refappendDate(buf, date(a.Value(i))) }
	case *array.Map:
		return refjsonAppender(col)
	}
	return func(buf []byte, i int) []byte { return append(buf, "null"...) } // arrow.NULL: never reached
}

func refappendDate(buf []byte, d date) []byte {
	y, m, dd := rt.YMD(int32(d))
	if y < 0 || y > 9999 {
		return append(buf, rt.FormatDate(int32(d))...)
	}
	return append(buf,
		byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+dd/10), byte('0'+dd%10))
}

func refappendJSONDouble(buf []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(buf, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(buf, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(buf, `"-Infinity"`...)
	}
	return append(buf, rt.FormatDouble(f)...)
}

const refhexDigits = "0123456789abcdef"

// refappendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func refappendJSONString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', refhexDigits[c>>4], refhexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, "\uFFFD"...)
			i++
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

func refappendValidUTF8(buf []byte, s string) []byte {
	if utf8.ValidString(s) {
		return append(buf, s...)
	}
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, "\uFFFD"...)
		} else {
			buf = append(buf, s[:size]...)
		}
		s = s[size:]
	}
	return buf
}

// refappendCSVField appends s as one CSV field, quoted when needed.
func refappendCSVField(buf []byte, s string) []byte {
	start := len(buf)
	buf = refappendValidUTF8(buf, s)
	return refquoteCSVInPlace(buf, start)
}

// refquoteCSVInPlace quotes the field buf[start:] if it is empty or holds a comma,
// quote, CR or LF.
func refquoteCSVInPlace(buf []byte, start int) []byte {
	field := buf[start:]
	need := len(field) == 0
	quotes := 0
	for _, c := range field {
		switch c {
		case '"':
			quotes++
			need = true
		case ',', '\n', '\r':
			need = true
		}
	}
	if !need {
		return buf
	}
	n := len(field)
	buf = append(buf, make([]byte, quotes+2)...)
	field = buf[start:]
	// Shift right, doubling quotes, from the end.
	w := len(field) - 1
	field[w] = '"'
	w--
	for r := n - 1; r >= 0; r-- {
		c := field[r]
		field[w] = c
		w--
		if c == '"' {
			field[w] = '"'
			w--
		}
	}
	field[w] = '"'
	return buf
}
