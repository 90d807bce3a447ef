package fileio

import (
	"bufio"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// Output writes result batches to a stream.
type Output interface {
	// Write writes every row of b, whose columns must have the types of the
	// Output's schema. The Output may keep b (it retains it) until it is
	// written; the caller may release b when Write returns. An error of an
	// earlier batch's formatting or writing is returned by a later Write or
	// by Close.
	Write(b arrow.RecordBatch) error
	// Close writes what is still buffered, in order, and the end of the
	// format (a Parquet or Arrow IPC footer), and releases the Output's
	// goroutines and batches; call it also after an error. It does not close
	// the underlying writer. It returns the first error of any Write, and
	// later calls return the same.
	Close() error
}

// NewOutput returns an Output writing batches of schema to w in format "jsonl",
// "csv", "parquet", "arrow" (the Arrow IPC file format) or "arrows" (the Arrow
// IPC stream format). Every format works on a writer that cannot seek, such as
// stdout.
//
// JSON lines: one object per row, keys in column order. NULL is null; BOOLEAN
// true/false; INT and BIGINT integers; DOUBLE a JSON number as rt.FormatDouble
// spells it (1.0, 0.001, 1.0E7, -0.0), and the strings "NaN", "Infinity" and
// "-Infinity" for non-finite values; VARCHAR a JSON string (invalid UTF-8 bytes
// become U+FFFD); DATE "yyyy-mm-dd"; TIMESTAMP its reading in opts.Zone with
// the offset, TIMESTAMP_NTZ its reading (timestampText); MAP an object whose
// keys are the text of the map keys.
//
// CSV: a header row of column names, then one record per row, LF line ends,
// RFC 4180 quoting (a field is quoted when it contains a comma, quote, CR or LF,
// and the empty string is written as "" so it differs from NULL, which is an
// empty field). Values are spelled as for JSON lines, but unquoted: doubles by
// rt.FormatDouble (including NaN, Infinity), maps as JSON object text.
//
// The text formats split batches into chunks of rows that up to opts.Threads
// goroutines format at once, and one goroutine writes them in order, so the
// bytes are the same for any opts.Threads.
//
// Parquet: the schema's columns with their Arrow types (VARCHAR as string,
// DATE as date32, the Parquet DATE, and MAP as a Parquet MAP), a column
// required where the field is not nullable, compressed with snappy unless
// opts.Compression says otherwise, in row groups of about a million rows.
//
// Arrow IPC: the batches as written, with the Output's schema, compressed with
// opts.Compression (lz4 or zstd) if given.
//
// CheckOutput lists the compressions of each format.
func NewOutput(w io.Writer, format string, schema *arrow.Schema, opts OutputOptions) (Output, error) {
	if err := CheckOutput(format, opts.Compression); err != nil {
		return nil, err
	}
	threads := max(opts.Threads, 1)
	switch format {
	case "jsonl", "csv":
		for _, f := range schema.Fields() {
			if _, err := sqltype.OfField(f); err == nil && (f.Type.ID() == arrow.INTERVAL_MONTHS || f.Type.ID() == arrow.DURATION) {
				continue // an interval column: intervalAppender writes it
			}
			if err := checkWritable(f.Type); err != nil {
				return nil, fmt.Errorf("column %q: %w", f.Name, err)
			}
		}
		zone := rt.UTC
		if opts.Zone != "" {
			z, err := rt.ParseZoneID(opts.Zone)
			if err != nil {
				return nil, fmt.Errorf("time zone %q: %s", opts.Zone, err.Message())
			}
			zone = z
		}
		o := newTextOutput(w, format == "csv", schema, threads)
		o.zone = zone
		return o, nil
	case "parquet":
		return newParquetOutput(w, schema, opts.Compression, threads)
	default:
		return newIPCOutput(w, format == "arrows", schema, opts.Compression, threads)
	}
}

func checkWritable(t arrow.DataType) error {
	switch t.ID() {
	case arrow.BOOL, arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64,
		arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.FLOAT32, arrow.FLOAT64, arrow.STRING, arrow.LARGE_STRING, arrow.DATE32, arrow.NULL, arrow.DECIMAL128, arrow.TIMESTAMP, arrow.BINARY:
		return nil
	case arrow.MAP:
		m := t.(*arrow.MapType)
		if err := checkWritable(m.KeyType()); err != nil {
			return err
		}
		return checkWritable(m.ItemType())
	}
	return fmt.Errorf("cannot write Arrow type %s", t)
}

// checkBatch reports a batch whose columns do not have the schema's types.
func checkBatch(schema *arrow.Schema, b arrow.RecordBatch) error {
	if int(b.NumCols()) != schema.NumFields() {
		return fmt.Errorf("fileio: batch has %d columns, output has %d", b.NumCols(), schema.NumFields())
	}
	for i, f := range schema.Fields() {
		if t := b.Column(i).DataType(); !arrow.TypeEqual(t, f.Type) {
			return fmt.Errorf("fileio: column %q has type %s, output has %s", f.Name, t, f.Type)
		}
	}
	return nil
}

var errOutputClosed = errors.New("fileio: output is closed")

// chunkRows is the most rows of a text output chunk: a batch is formatted in
// chunks of this many rows, so that even one big batch is formatted in
// parallel, and a chunk's text (about a megabyte) is bounded.
const chunkRows = 1 << 14

// textOutput writes JSON lines or CSV. Write splits a batch into chunks of
// rows and queues each twice: on work, where the formatting goroutines take
// them in any order, and on order, where the writing goroutine takes them in
// order and waits for each to be formatted. Chunks come from free, which holds
// every chunk not in flight (at most 2*threads), so Write waits when that many
// are queued, and buffers are reused.
type textOutput struct {
	schema *arrow.Schema
	csv    bool
	zone   *rt.Zone // TIMESTAMP columns are written in it (OutputOptions.Zone)
	keys   [][]byte // JSON: `{"name":` / `,"name":`

	made   int // chunks allocated
	free   chan *chunk
	work   chan *chunk
	order  chan *chunk
	done   chan struct{} // closed when the writer has finished
	failed atomic.Bool   // err is set
	err    error         // the first write error, set by the writing goroutine
	closed bool
}

// chunk is rows lo..hi of a batch, and their text once formatted.
type chunk struct {
	b         arrow.RecordBatch
	lo, hi    int
	buf       []byte
	err       error // a panic of the formatter, recovered
	formatted chan struct{}
}

func newTextOutput(w io.Writer, csv bool, schema *arrow.Schema, threads int) *textOutput {
	inflight := 2 * threads
	o := &textOutput{
		schema: schema,
		csv:    csv,
		free:   make(chan *chunk, inflight),
		work:   make(chan *chunk, inflight),
		order:  make(chan *chunk, inflight),
		done:   make(chan struct{}),
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if csv {
		var line []byte
		for i, f := range schema.Fields() {
			if i > 0 {
				line = append(line, ',')
			}
			line = appendCSVField(line, f.Name)
		}
		line = append(line, '\n')
		bw.Write(line) //nolint:errcheck // a bufio error is sticky: the writer reports it
	} else {
		o.keys = make([][]byte, schema.NumFields())
		for i, f := range schema.Fields() {
			var k []byte
			if i == 0 {
				k = append(k, '{')
			} else {
				k = append(k, ',')
			}
			k = appendJSONString(k, f.Name)
			o.keys[i] = append(k, ':')
		}
	}
	for range threads {
		go o.formatter()
	}
	go o.writer(bw)
	return o
}

func (o *textOutput) Write(b arrow.RecordBatch) error {
	if o.closed {
		return errOutputClosed
	}
	if o.failed.Load() {
		return o.err
	}
	if err := checkBatch(o.schema, b); err != nil {
		return err
	}
	rows := int(b.NumRows())
	for lo := 0; lo < rows; lo += chunkRows {
		var c *chunk
		select {
		case c = <-o.free:
		default:
			if o.made < cap(o.free) {
				o.made++
				c = &chunk{formatted: make(chan struct{}, 1)}
			} else {
				c = <-o.free
			}
		}
		b.Retain()
		c.b, c.lo, c.hi = b, lo, min(lo+chunkRows, rows)
		o.order <- c
		o.work <- c
	}
	return nil
}

func (o *textOutput) Close() error {
	if !o.closed {
		o.closed = true
		close(o.work)
		close(o.order)
		<-o.done
	}
	return o.err
}

// formatter formats the chunks of work.
func (o *textOutput) formatter() {
	var cols []textColumn
	for c := range o.work {
		if !o.failed.Load() {
			c.err = guardErr(func() error {
				cols = o.columns(cols[:0], c.b)
				if o.csv {
					c.buf = formatCSV(c.buf[:0], cols, c.lo, c.hi)
				} else {
					c.buf = formatJSON(c.buf[:0], cols, o.keys, c.lo, c.hi)
				}
				return nil
			})
		}
		c.b.Release()
		c.b = nil
		c.formatted <- struct{}{}
	}
}

// writer writes the chunks of order, in order, and then flushes bw.
func (o *textOutput) writer(bw *bufio.Writer) {
	defer close(o.done)
	fail := func(err error) {
		if err != nil && !o.failed.Load() {
			o.err = err
			o.failed.Store(true)
		}
	}
	for c := range o.order {
		<-c.formatted
		if c.err != nil {
			fail(c.err)
			c.err = nil
		}
		if !o.failed.Load() {
			_, err := bw.Write(c.buf)
			fail(err)
		}
		if cap(c.buf) > 8<<20 {
			c.buf = nil // an outsize chunk: do not keep its buffer
		}
		o.free <- c
	}
	if !o.failed.Load() {
		fail(bw.Flush())
	}
}

// textColumn is how a column's values are written: its non-NULL values by
// fn, or directly from f64 or str for the most common types, and its validity
// bitmap (nil when it has no NULLs) from bit off.
type textColumn struct {
	fn    appender
	f64   []float64     // a float64 column's values
	str   *array.String // a string column
	valid []byte
	off   int
}

func (o *textOutput) columns(cols []textColumn, b arrow.RecordBatch) []textColumn {
	for k, col := range b.Columns() {
		// A column of Arrow type null has no bitmap: its values are written
		// as the text null, as Array.IsNull says they are not NULL.
		tc := textColumn{off: col.Data().Offset()}
		if col.NullN() > 0 {
			tc.valid = col.NullBitmapBytes()
		}
		if o.csv {
			tc.fn = csvAppender(col)
		} else {
			tc.fn = jsonAppender(col)
		}
		if fn := intervalAppender(col, b.Schema().Field(k), !o.csv); fn != nil {
			tc.fn = fn
		}
		if a, ok := col.(*array.Timestamp); ok && o.zone != nil {
			tc.fn = timestampText(a, o.zone)
			if !o.csv {
				text := tc.fn
				tc.fn = func(buf []byte, i int) []byte {
					buf = append(buf, '"')
					buf = text(buf, i)
					return append(buf, '"')
				}
			}
		}
		switch a := col.(type) {
		case *array.Float64:
			tc.f64 = a.Float64Values()
		case *array.String:
			tc.str = a
		}
		cols = append(cols, tc)
	}
	return cols
}

// isNull reports whether row i of the column is NULL.
func (c *textColumn) isNull(i int) bool {
	if c.valid == nil {
		return false
	}
	i += c.off
	return c.valid[i>>3]&(1<<(i&7)) == 0
}

// formatCSV appends rows lo..hi as CSV records.
func formatCSV(buf []byte, cols []textColumn, lo, hi int) []byte {
	for r := lo; r < hi; r++ {
		for c := range cols {
			col := &cols[c]
			if c > 0 {
				buf = append(buf, ',')
			}
			switch {
			case col.isNull(r):
			case col.f64 != nil:
				buf = appendDouble(buf, col.f64[r])
			case col.str != nil:
				buf = appendCSVField(buf, col.str.Value(r))
			default:
				buf = col.fn(buf, r)
			}
		}
		buf = append(buf, '\n')
	}
	return buf
}

// formatJSON appends rows lo..hi as JSON lines.
func formatJSON(buf []byte, cols []textColumn, keys [][]byte, lo, hi int) []byte {
	for r := lo; r < hi; r++ {
		if len(cols) == 0 {
			buf = append(buf, '{')
		}
		for c := range cols {
			col := &cols[c]
			buf = append(buf, keys[c]...)
			switch {
			case col.isNull(r):
				buf = append(buf, "null"...)
			case col.f64 != nil:
				buf = appendJSONDouble(buf, col.f64[r])
			case col.str != nil:
				buf = appendJSONString(buf, col.str.Value(r))
			default:
				buf = col.fn(buf, r)
			}
		}
		buf = append(buf, '}', '\n')
	}
	return buf
}

// appender appends the text of non-NULL row i (JSON or CSV spelling).
type appender func(buf []byte, i int) []byte

// csvAppender returns the CSV field of col's non-NULL values, quoted when
// needed. Only strings, binaries and maps can need quotes: an empty string
// or BINARY is "", so that it does not read back as NULL (an empty
// unquoted field).
func csvAppender(col arrow.Array) appender {
	switch a := col.(type) {
	case *array.Binary:
		return func(buf []byte, i int) []byte {
			if a.ValueLen(i) == 0 {
				return append(buf, '"', '"')
			}
			return base64.StdEncoding.AppendEncode(buf, a.Value(i))
		}
	case *array.String:
		return func(buf []byte, i int) []byte { return appendCSVField(buf, a.Value(i)) }
	case *array.LargeString:
		return func(buf []byte, i int) []byte { return appendCSVField(buf, a.Value(i)) }
	case *array.Map:
		fn := jsonAppender(col)
		return func(buf []byte, i int) []byte {
			start := len(buf)
			buf = fn(buf, i)
			return quoteCSVInPlace(buf, start)
		}
	}
	return textAppender(col)
}

// jsonAppender returns the JSON spelling of col's non-NULL values.
func jsonAppender(col arrow.Array) appender {
	switch a := col.(type) {
	case *array.Float64:
		return func(buf []byte, i int) []byte { return appendJSONDouble(buf, a.Value(i)) }
	case *array.Float32:
		return func(buf []byte, i int) []byte { return appendJSONFloat(buf, a.Value(i)) }
	case *array.String:
		return func(buf []byte, i int) []byte { return appendJSONString(buf, a.Value(i)) }
	case *array.LargeString:
		return func(buf []byte, i int) []byte { return appendJSONString(buf, a.Value(i)) }
	case *array.Binary:
		// BINARY as a base64 string, as Spark's JSON writer writes it
		return func(buf []byte, i int) []byte {
			buf = append(buf, '"')
			buf = base64.StdEncoding.AppendEncode(buf, a.Value(i))
			return append(buf, '"')
		}
	case *array.Date32:
		return func(buf []byte, i int) []byte {
			buf = append(buf, '"')
			buf = appendDate(buf, date(a.Value(i)))
			return append(buf, '"')
		}
	case *array.Timestamp:
		text := timestampText(a, rt.UTC)
		return func(buf []byte, i int) []byte {
			buf = append(buf, '"')
			buf = text(buf, i)
			return append(buf, '"')
		}
	case *array.Map:
		keys, items := a.Keys(), a.Items()
		keyStrings, keyIsString := keys.(*array.String)
		// The text of keys other than strings needs no JSON escaping.
		key := textAppender(keys)
		item := jsonAppender(items)
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
					buf = appendJSONString(buf, keyStrings.Value(j))
				default:
					buf = append(buf, '"')
					buf = key(buf, j)
					buf = append(buf, '"')
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
	return textAppender(col)
}

// textAppender returns the plain text of col's non-NULL values (CSV fields, JSON
// booleans and integers, map keys). Maps are JSON object text.
func textAppender(col arrow.Array) appender {
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
		return func(buf []byte, i int) []byte { return appendDouble(buf, a.Value(i)) }
	case *array.Float32:
		// A FLOAT as Spark writes it (Java's Float.toString): 1.1, not the
		// digits of its exact double 1.100000023841858.
		return func(buf []byte, i int) []byte { return appendFloat(buf, a.Value(i)) }
	case *array.String:
		return func(buf []byte, i int) []byte { return appendValidUTF8(buf, a.Value(i)) }
	case *array.LargeString:
		return func(buf []byte, i int) []byte { return appendValidUTF8(buf, a.Value(i)) }
	case *array.Binary:
		// BINARY as standard padded base64 (no character needs CSV quotes),
		// the spelling the text readers read back (docs/semantics.md 2)
		return func(buf []byte, i int) []byte { return base64.StdEncoding.AppendEncode(buf, a.Value(i)) }
	case *array.Date32:
		return func(buf []byte, i int) []byte { return appendDate(buf, date(a.Value(i))) }
	case *array.Timestamp:
		return timestampText(a, rt.UTC)
	case *array.Decimal128:
		// Exact, with the column's scale: 1.50 (in JSON an exact number,
		// never one that went through a double).
		scale := int(a.DataType().(*arrow.Decimal128Type).Scale)
		return func(buf []byte, i int) []byte {
			v := a.Value(i)
			return append(buf, rt.FormatDecimal(rt.Decimal{Lo: v.LowBits(), Hi: v.HighBits()}, scale)...)
		}
	case *array.Map:
		return jsonAppender(col)
	}
	return func(buf []byte, i int) []byte { return append(buf, "null"...) } // arrow.NULL: never reached
}

// appendDate appends rt.FormatDate(d) without allocating.
func appendDate(buf []byte, d date) []byte {
	y, m, dd := rt.YMD(int32(d))
	switch {
	case y < 0:
		buf = append(buf, '-')
		buf = appendPadded(buf, -y, 4)
	case y > 9999:
		buf = append(buf, '+')
		buf = strconv.AppendInt(buf, int64(y), 10)
	default:
		buf = append(buf, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10))
	}
	return append(buf, '-', byte('0'+m/10), byte('0'+m%10), '-', byte('0'+dd/10), byte('0'+dd%10))
}

// appendPadded appends the non-negative n with at least width digits.
func appendPadded(buf []byte, n, width int) []byte {
	for p := 10; width > 1; width-- {
		if n < p {
			buf = append(buf, '0')
		}
		p *= 10
	}
	return strconv.AppendInt(buf, int64(n), 10)
}

func appendJSONDouble(buf []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(buf, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(buf, `"Infinity"`...)
	case math.IsInf(f, -1):
		return append(buf, `"-Infinity"`...)
	}
	return appendDouble(buf, f)
}

// appendJSONFloat is appendJSONDouble for a FLOAT, in Float.toString's
// digits.
func appendJSONFloat(buf []byte, f float32) []byte {
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return appendJSONDouble(buf, float64(f))
	}
	return appendFloat(buf, f)
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes U+FFFD.
func appendJSONString(buf []byte, s string) []byte {
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
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
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

func appendValidUTF8(buf []byte, s string) []byte {
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

// appendCSVField appends s as one CSV field, quoted when needed.
func appendCSVField(buf []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == ',' || c == '"' || c == '\n' || c == '\r' {
			start := len(buf)
			buf = appendValidUTF8(buf, s)
			return quoteCSVInPlace(buf, start)
		}
	}
	if len(s) == 0 {
		return append(buf, '"', '"')
	}
	return append(buf, s...)
}

// quoteCSVInPlace quotes the field buf[start:] if it is empty or holds a comma,
// quote, CR or LF.
func quoteCSVInPlace(buf []byte, start int) []byte {
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

// timestampText writes the values of a timestamp column as Spark's CSV and
// JSON writers do by default: yyyy-MM-dd'T'HH:mm:ss.SSSXXX for a TIMESTAMP,
// its wall-clock reading in the session zone and that reading's offset
// (Java's XXX: Z for +00:00, else +HH:MM, +HH:MM:SS when the offset has
// seconds, as local mean times do: 2024-07-01T12:00:00.000+02:00 in
// Europe/Paris, 2024-01-01T10:00:00.000Z in UTC), and
// yyyy-MM-dd'T'HH:mm:ss.SSS for a TIMESTAMP_NTZ; the sub-millisecond digits
// are dropped, as Spark's default format drops them. An instant within 18
// hours of the ends of int64 microseconds, whose reading would leave them,
// is written in UTC.
func timestampText(a *array.Timestamp, zone *rt.Zone) func(buf []byte, i int) []byte {
	tt := a.DataType().(*arrow.TimestampType)
	instant := tt.TimeZone != ""
	return func(buf []byte, i int) []byte {
		us, _ := sqltype.TimestampMicros(int64(a.Value(i)), tt.Unit)
		off := int64(0)
		if instant && zone != rt.UTC {
			if local, ok := zone.ToLocal(us); ok {
				off = (local - us) / 1_000_000
				us = local
			}
		}
		s := rt.FormatTimestampNTZ(us - floorMod(us, 1000))
		day, clock, _ := strings.Cut(s, " ")
		buf = append(buf, day...)
		buf = append(buf, 'T')
		clock, frac, _ := strings.Cut(clock, ".")
		buf = append(buf, clock...)
		buf = append(buf, '.')
		buf = append(buf, (frac + "000")[:3]...)
		if instant {
			buf = appendOffset(buf, off)
		}
		return buf
	}
}

// appendOffset writes a zone offset of off seconds as Java's XXX pattern
// does: Z for zero, else the sign, hours and minutes, and seconds when the
// offset has some (-04:56:02, New York's local mean time).
func appendOffset(buf []byte, off int64) []byte {
	if off == 0 {
		return append(buf, 'Z')
	}
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	two := func(buf []byte, v int64) []byte { return append(buf, byte('0'+v/10), byte('0'+v%10)) }
	buf = append(buf, sign)
	buf = two(buf, off/3600)
	buf = append(buf, ':')
	buf = two(buf, off/60%60)
	if off%60 != 0 {
		buf = append(buf, ':')
		buf = two(buf, off%60)
	}
	return buf
}

// floorMod is Java's floorMod.
func floorMod(a, b int64) int64 {
	r := a % b
	if r < 0 {
		r += b
	}
	return r
}

// intervalAppender returns the text of an interval column's non-NULL values
// as Spark writes them to CSV and JSON (its ANSI style: INTERVAL '1-2' YEAR
// TO MONTH, a JSON string), with the fields of the column's type from the
// field's metadata; nil for other columns.
func intervalAppender(col arrow.Array, f arrow.Field, json bool) appender {
	t, err := sqltype.OfField(f)
	if err != nil {
		return nil
	}
	start, end := t.Start, t.End
	quote := func(buf []byte, s string) []byte {
		if json {
			return appendJSONString(buf, s)
		}
		return append(buf, s...)
	}
	switch a := col.(type) {
	case *array.MonthInterval:
		if t.Kind != sqltype.YMInterval {
			return nil
		}
		return func(buf []byte, i int) []byte {
			return quote(buf, rt.FormatYMInterval(int32(a.Value(i)), start, end))
		}
	case *array.Duration:
		if t.Kind != sqltype.DTInterval {
			return nil
		}
		return func(buf []byte, i int) []byte {
			return quote(buf, rt.FormatDTInterval(int64(a.Value(i)), start, end))
		}
	}
	return nil
}
