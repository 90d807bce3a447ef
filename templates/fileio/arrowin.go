package fileio

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// batchInput adapts a source of Arrow batches in the file's own schema: it picks
// the table's columns by name, converts them to the table's Arrow types, checks
// NOT NULL, and cuts batches to at most batchSize rows.
type batchInput struct {
	path      string
	table     *tableType
	schema    *arrow.Schema
	batchSize int64
	mem       memory.Allocator
	idx       []int // file column of each table column; -1 where skipped
	fill      *fillers
	next      func() (arrow.RecordBatch, error)
	flat      *flatReader // the decoder behind next, for a Parquet file of flat columns
	untrusted bool        // next's arrays may not fit their buffers (IPC, pqarrow): checkArray them
	closeFn   func() error
	cur       arrow.RecordBatch // conformed batch being sliced
	off       int64
	row       int64 // absolute row of cur's first row
	st        sticky
	closed    bool
}

func newBatchInput(path string, table *tableType, fileSchema *arrow.Schema, opts Options) (*batchInput, error) {
	batchSize, mem := opts.BatchSize, opts.Mem
	names := make([]string, fileSchema.NumFields())
	for i, f := range fileSchema.Fields() {
		names[i] = f.Name
	}
	idx, err := matchColumns(path, table, names)
	if err != nil {
		return nil, err
	}
	if err := requireColumns(path, "the file", table, idx, names); err != nil {
		return nil, err
	}
	for i, c := range table.Columns {
		ft := fileSchema.Field(idx[i]).Type
		// A column the query does not read is never decoded, so its type
		// does not matter: a mistyped declaration of it is not an error.
		if !skipped(opts, i) && !convertible(ft, c.Type) {
			return nil, fmt.Errorf("%s: column %q has type %s, want %s (%s)", path, c.Name, ft, sqltype.Arrow(c.Type), c.Type)
		}
	}
	for i := range idx {
		if skipped(opts, i) {
			idx[i] = -1
		}
	}
	return &batchInput{
		path: path, table: table, schema: table.schema,
		batchSize: int64(batchSize), mem: mem, idx: idx, fill: newFillers(table, mem),
	}, nil
}

func (in *batchInput) Next() (arrow.RecordBatch, error) {
	if in.st.err != nil {
		return nil, in.st.err
	}
	if in.closed {
		return nil, errClosed
	}
	for in.cur == nil || in.off >= in.cur.NumRows() {
		if in.cur != nil {
			in.row += in.cur.NumRows()
			in.cur.Release()
			in.cur = nil
		}
		rec, err := decodeGuarded(in.next)
		if err == io.EOF {
			return nil, in.st.set(io.EOF)
		}
		if err != nil {
			return nil, in.st.set(fmt.Errorf("%s: %w", in.path, err))
		}
		conf, err := decodeGuarded(func() (arrow.RecordBatch, error) { return in.conform(rec) })
		rec.Release()
		var dp *decoderPanic
		if errors.As(err, &dp) {
			err = fmt.Errorf("%s: %w", in.path, err)
		}
		if err != nil {
			return nil, in.st.set(err)
		}
		in.cur, in.off = conf, 0
	}
	n := in.cur.NumRows()
	if in.off == 0 && n <= in.batchSize {
		in.off = n
		in.cur.Retain()
		return in.cur, nil
	}
	end := min(n, in.off+in.batchSize)
	out := in.cur.NewSlice(in.off, end)
	in.off = end
	return out, nil
}

// decodeGuarded returns f(), or an error if f panics: arrow-go's Parquet and
// IPC readers panic on some damaged files (a nil page header, an offset past
// a buffer), and a bad file must be an error, not a crash.
func decodeGuarded[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &decoderPanic{r}
		}
	}()
	return f()
}

// decoderPanic is a panic of a decoder, caught.
type decoderPanic struct{ value any }

func (e *decoderPanic) Error() string {
	return fmt.Sprintf("damaged file: the decoder failed: %v", e.value)
}

// conform builds a batch of the table's schema from a batch of the file's.
func (in *batchInput) conform(rec arrow.RecordBatch) (arrow.RecordBatch, error) {
	cols := make([]arrow.Array, len(in.table.Columns))
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	for i, c := range in.table.Columns {
		if in.idx[i] < 0 {
			cols[i] = in.fill.column(i, int(rec.NumRows()))
			continue
		}
		arr := rec.Column(in.idx[i])
		if in.untrusted {
			if err := checkArray(arr); err != nil {
				return nil, fmt.Errorf("%s: rows %d to %d: column %q: damaged file: %w", in.path, in.row, in.row+rec.NumRows()-1, c.Name, err)
			}
		}
		if !c.Nullable && arr.NullN() > 0 {
			for r := 0; r < arr.Len(); r++ {
				if arr.IsNull(r) {
					return nil, fmt.Errorf("%s: column %q is NOT NULL but row %d is null", in.path, c.Name, in.row+int64(r))
				}
			}
		}
		out, err := convertArray(arr, c.Type, in.mem)
		if err != nil {
			var ce *convError
			if errors.As(err, &ce) {
				return nil, fmt.Errorf("%s: row %d: column %q: %s", in.path, in.row+int64(ce.row), c.Name, ce.msg)
			}
			return nil, fmt.Errorf("%s: column %q: %w", in.path, c.Name, err)
		}
		cols[i] = out
	}
	return array.NewRecordBatch(in.schema, cols, rec.NumRows()), nil
}

func (in *batchInput) Close() error {
	if in.closed {
		return nil
	}
	in.closed = true
	if in.cur != nil {
		in.cur.Release()
		in.cur = nil
	}
	in.fill.release()
	return in.closeFn()
}

// convertible reports whether an Arrow column of type ft can be read as t: see
// the package documentation for the accepted conversions.
func convertible(ft arrow.DataType, t sqltype.Type) bool {
	switch t.Kind {
	case sqltype.Boolean:
		return ft.ID() == arrow.BOOL
	case sqltype.Tinyint, sqltype.Smallint, sqltype.Int, sqltype.Bigint:
		return arrow.IsInteger(ft.ID())
	case sqltype.Double:
		return ft.ID() == arrow.FLOAT64 || ft.ID() == arrow.FLOAT32
	case sqltype.Float:
		// A float64 column is not read as FLOAT: that would round every
		// value; declare it DOUBLE.
		return ft.ID() == arrow.FLOAT32
	case sqltype.Varchar:
		switch ft.ID() {
		case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW:
			return true
		}
	case sqltype.Binary:
		switch ft.ID() {
		case arrow.BINARY, arrow.LARGE_BINARY, arrow.FIXED_SIZE_BINARY, arrow.BINARY_VIEW:
			return true
		}
	case sqltype.Date:
		return ft.ID() == arrow.DATE32 || ft.ID() == arrow.DATE64
	case sqltype.Timestamp, sqltype.TimestampNTZ:
		// any unit; an instant (a zone, Parquet's isAdjustedToUTC) is a
		// TIMESTAMP, a reading without one a TIMESTAMP_NTZ
		ts, ok := ft.(*arrow.TimestampType)
		return ok && (ts.TimeZone != "") == (t.Kind == sqltype.Timestamp)
	case sqltype.YMInterval:
		// or INT32 months, as Spark (and exprc) store them in Parquet
		return ft.ID() == arrow.INTERVAL_MONTHS || ft.ID() == arrow.INT32
	case sqltype.DTInterval:
		// duration[s|ms|us|ns], converted to microseconds, or INT64
		// microseconds, as Spark (and exprc) store them in Parquet
		return ft.ID() == arrow.DURATION || ft.ID() == arrow.INT64
	case sqltype.Map:
		m, ok := ft.(*arrow.MapType)
		return ok && convertible(m.KeyType(), *t.Key) && convertible(m.ItemType(), *t.Value)
	case sqltype.Decimal:
		switch ft.ID() {
		case arrow.DECIMAL32, arrow.DECIMAL64, arrow.DECIMAL128:
			return true
		}
		return arrow.IsInteger(ft.ID())
	}
	return false
}

// convError is a value that does not convert, at a row of the array.
type convError struct {
	row int
	msg string
}

func (e *convError) Error() string { return fmt.Sprintf("row %d: %s", e.row, e.msg) }

// convertArray returns arr as an array of sqltype.Arrow(t): arr itself (retained)
// when the types already agree, else a converted copy.
func convertArray(arr arrow.Array, t sqltype.Type, mem memory.Allocator) (arrow.Array, error) {
	if arrow.TypeEqual(arr.DataType(), sqltype.Arrow(t)) {
		if d, ok := arr.(*array.Decimal128); ok {
			if err := decimalsFit(d, t); err != nil {
				return nil, err
			}
		}
		if m, ok := arr.(*array.Map); ok && t.Value != nil && t.Value.Kind == sqltype.Decimal {
			if err := mapDecimalsFit(m, *t.Value); err != nil {
				return nil, err
			}
		}
		arr.Retain()
		return arr, nil
	}
	if a, ok := arr.(*array.Timestamp); ok && (t.Kind == sqltype.Timestamp || t.Kind == sqltype.TimestampNTZ) {
		return timestampsMicros(a, t, mem)
	}
	if t.Kind == sqltype.YMInterval && arr.DataType().ID() == arrow.INT32 ||
		t.Kind == sqltype.DTInterval && arr.DataType().ID() == arrow.INT64 {
		// the integers of an interval column (Parquet): the same layout
		return array.MakeFromData(array.NewData(sqltype.Arrow(t), arr.Len(), arr.Data().Buffers(), nil, arr.NullN(), arr.Data().Offset())), nil
	}
	b := array.NewBuilder(mem, sqltype.Arrow(t))
	defer b.Release()
	b.Reserve(arr.Len())
	for i := 0; i < arr.Len(); i++ {
		v, err := valueAt(arr, i, t)
		if err != nil {
			return nil, &convError{row: i, msg: err.Error()}
		}
		appendValue(b, t, v)
	}
	return b.NewArray(), nil
}

// decimalsFit checks that every value of a column already of the table's
// decimal128(p, s) has at most p digits: Arrow's decimal128 holds up to 38
// whatever the type says, a Parquet or IPC writer may not check, and the
// evaluators' kernels rely on each value's type (a value beyond it is data
// the type cannot hold, an error here, not a wrong result later).
func decimalsFit(a *array.Decimal128, t sqltype.Type) error {
	for i := 0; i < a.Len(); i++ {
		if msg := decimalBeyond(a, i, t); msg != "" {
			return &convError{row: i, msg: msg}
		}
	}
	return nil
}

// mapDecimalsFit is decimalsFit for the DECIMAL values of a MAP column,
// naming the row whose map holds the first value beyond the type.
func mapDecimalsFit(m *array.Map, t sqltype.Type) error {
	items, ok := m.Items().(*array.Decimal128)
	if !ok {
		return nil
	}
	for i := 0; i < m.Len(); i++ {
		if m.IsNull(i) {
			continue
		}
		start, end := m.ValueOffsets(i)
		for e := int(start); e < int(end); e++ {
			if msg := decimalBeyond(items, e, t); msg != "" {
				return &convError{row: i, msg: "MAP " + msg}
			}
		}
	}
	return nil
}

// decimalBeyond describes entry i of a when it is a value with more digits
// than DECIMAL t holds, and is "" otherwise (a NULL included).
func decimalBeyond(a *array.Decimal128, i int, t sqltype.Type) string {
	x := a.Value(i)
	if v := (rt.Decimal{Lo: x.LowBits(), Hi: x.HighBits()}); a.IsValid(i) && !rt.DecimalFits(v, t.Precision) {
		return fmt.Sprintf("value %s has more digits than %s holds", rt.FormatDecimal(v, t.Scale), t)
	}
	return ""
}

// valueAt reads row i of arr as a Go value of type t (nil for NULL).
func valueAt(arr arrow.Array, i int, t sqltype.Type) (any, error) {
	if arr.IsNull(i) {
		return nil, nil
	}
	switch t.Kind {
	case sqltype.Boolean:
		return arr.(*array.Boolean).Value(i), nil
	case sqltype.Tinyint, sqltype.Smallint, sqltype.Int, sqltype.Bigint:
		var n int64
		switch a := arr.(type) {
		case *array.Int8:
			n = int64(a.Value(i))
		case *array.Int16:
			n = int64(a.Value(i))
		case *array.Int32:
			n = int64(a.Value(i))
		case *array.Int64:
			n = a.Value(i)
		case *array.Uint8:
			n = int64(a.Value(i))
		case *array.Uint16:
			n = int64(a.Value(i))
		case *array.Uint32:
			n = int64(a.Value(i))
		case *array.Uint64:
			u := a.Value(i)
			if u > math.MaxInt64 {
				return nil, fmt.Errorf("value %d out of range for %s", u, t)
			}
			n = int64(u)
		default:
			return nil, fmt.Errorf("cannot read %s as %s", arr.DataType(), t)
		}
		switch t.Kind {
		case sqltype.Int:
			if n < math.MinInt32 || n > math.MaxInt32 {
				return nil, fmt.Errorf("value %d out of range for %s", n, t)
			}
			return int32(n), nil
		case sqltype.Smallint:
			if n < math.MinInt16 || n > math.MaxInt16 {
				return nil, fmt.Errorf("value %d out of range for %s", n, t)
			}
			return int16(n), nil
		case sqltype.Tinyint:
			if n < math.MinInt8 || n > math.MaxInt8 {
				return nil, fmt.Errorf("value %d out of range for %s", n, t)
			}
			return int8(n), nil
		}
		return n, nil
	case sqltype.Float:
		if a, ok := arr.(*array.Float32); ok {
			return a.Value(i), nil
		}
	case sqltype.Double:
		switch a := arr.(type) {
		case *array.Float64:
			return a.Value(i), nil
		case *array.Float32:
			return float64(a.Value(i)), nil
		}
	case sqltype.Varchar:
		switch a := arr.(type) {
		case *array.String:
			return validString(a.Value(i)), nil
		case *array.LargeString:
			return validString(a.Value(i)), nil
		case *array.StringView:
			return validString(a.Value(i)), nil
		}
	case sqltype.Timestamp, sqltype.TimestampNTZ:
		if a, ok := arr.(*array.Timestamp); ok {
			unit := a.DataType().(*arrow.TimestampType).Unit
			us, ok := sqltype.TimestampMicros(int64(a.Value(i)), unit)
			if !ok {
				return nil, fmt.Errorf("timestamp %d (%s) is out of the %s range", a.Value(i), unit, t)
			}
			return us, nil
		}
	case sqltype.YMInterval:
		if a, ok := arr.(*array.MonthInterval); ok {
			return int32(a.Value(i)), nil
		}
	case sqltype.DTInterval:
		if a, ok := arr.(*array.Duration); ok {
			return durationMicros(int64(a.Value(i)), a.DataType().(*arrow.DurationType).Unit)
		}
	case sqltype.Binary:
		switch a := arr.(type) {
		case *array.Binary:
			return string(a.Value(i)), nil
		case *array.LargeBinary:
			return string(a.Value(i)), nil
		case *array.FixedSizeBinary:
			return string(a.Value(i)), nil
		case *array.BinaryView:
			return string(a.Value(i)), nil
		}
	case sqltype.Date:
		switch a := arr.(type) {
		case *array.Date32:
			return date(a.Value(i)), nil
		case *array.Date64:
			ms := int64(a.Value(i))
			const day = 86_400_000
			if ms%day != 0 {
				return nil, fmt.Errorf("date64 value %d is not a whole day", ms)
			}
			d := ms / day
			if d < math.MinInt32 || d > math.MaxInt32 {
				return nil, fmt.Errorf("date64 value %d out of range for DATE", ms)
			}
			return date(d), nil
		}
	case sqltype.Decimal:
		// Another scale is rounded HALF_UP, as CAST rounds; a value beyond
		// the precision is an error, not a silent NULL.
		var v rt.Decimal
		var from int
		switch a := arr.(type) {
		case *array.Decimal128:
			x := a.Value(i)
			v, from = rt.Decimal{Lo: x.LowBits(), Hi: x.HighBits()}, int(a.DataType().(*arrow.Decimal128Type).Scale)
		case *array.Decimal64:
			v, from = rt.DecimalFromInt64(int64(a.Value(i))), int(a.DataType().(*arrow.Decimal64Type).Scale)
		case *array.Decimal32:
			v, from = rt.DecimalFromInt64(int64(a.Value(i))), int(a.DataType().(*arrow.Decimal32Type).Scale)
		default:
			n, err := valueAt(arr, i, sqltype.Type{Kind: sqltype.Bigint})
			if err != nil {
				return nil, err
			}
			v = rt.DecimalFromInt64(n.(int64))
		}
		r, err := rt.CastDecimalToDecimal(v, from, t.Scale, t.Precision)
		if err != nil {
			return nil, fmt.Errorf("value %s out of range for %s", rt.FormatDecimal(v, from), t)
		}
		return r, nil
	case sqltype.Map:
		a, ok := arr.(*array.Map)
		if !ok {
			break
		}
		start, end := a.ValueOffsets(i)
		keys, items := a.Keys(), a.Items()
		m := &mapValue{}
		for j := int(start); j < int(end); j++ {
			k, err := valueAt(keys, j, *t.Key)
			if err != nil {
				return nil, fmt.Errorf("map key: %w", err)
			}
			if k == nil {
				return nil, fmt.Errorf("map has a NULL key")
			}
			v, err := valueAt(items, j, *t.Value)
			if err != nil {
				return nil, fmt.Errorf("map value: %w", err)
			}
			putEntry(m, k, v)
		}
		return m, nil
	}
	return nil, fmt.Errorf("cannot read %s as %s", arr.DataType(), t)
}

func openParquet(f *os.File, path string, table *tableType, opts Options) (Input, error) {
	src, size, unknown, err := openFooter(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	pf, err := file.NewParquetReader(src, file.WithReadProps(nil))
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Parquet file: %w", path, err)
	}
	// Not Parallel: pqarrow then reads the columns on goroutines of its own,
	// where a panic on a damaged file (arrow-go does not check every size it
	// reads) would end the process. Batches are still decoded while exprc's
	// pipeline evaluates the ones read before them.
	props := pqarrow.ArrowReadProperties{BatchSize: int64(opts.BatchSize)}
	fr, err := pqarrow.NewFileReader(pf, props, opts.Mem)
	if err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	fileSchema, err := fr.Schema()
	if err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkUnknownLogical(path, table, fileSchema, unknown, opts); err != nil {
		pf.Close()
		return nil, err
	}
	in, err := newBatchInput(path, table, fileSchema, opts)
	if err != nil {
		pf.Close()
		return nil, err
	}
	if err := checkChunks(size, pf, fr.Manifest, in.idx); err != nil {
		pf.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkCodecs(path, pf, fr.Manifest, in); err != nil {
		pf.Close()
		return nil, err
	}
	if flat := newFlatParquetInput(pf, fr.Manifest, in, opts); flat != nil {
		in.flat = flat
		in.next = flat.next
		in.closeFn = pf.Close
		return in, nil
	}
	// Read only the leaf columns of the fields the table uses and the query
	// reads.
	leaves := readLeaves(fr.Manifest, in.idx)
	var rr pqarrow.RecordReader
	if len(leaves) > 0 {
		rr, err = fr.GetRecordReader(context.Background(), leaves, nil)
		if err != nil {
			pf.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		// The reader's schema holds only the selected fields: find them by name.
		for i, j := range in.idx {
			if j < 0 {
				continue
			}
			name := fileSchema.Field(j).Name
			in.idx[i] = -1
			for k, fld := range rr.Schema().Fields() {
				if fld.Name == name {
					in.idx[i] = k
					break
				}
			}
			if in.idx[i] < 0 {
				rr.Release()
				pf.Close()
				return nil, fmt.Errorf("%s: column %q is not in the Parquet reader's schema", path, name)
			}
		}
	}
	// pqarrow assembles nested arrays from a damaged file's levels without
	// checking that their offsets fit their values.
	in.untrusted = true
	rowGroup, rowInGroup := 0, int64(0) // for a query that reads no column
	in.next = func() (arrow.RecordBatch, error) {
		if pf.NumRows() == 0 {
			return nil, io.EOF
		}
		if rr == nil {
			for rowGroup < pf.NumRowGroups() && rowInGroup >= pf.MetaData().RowGroup(rowGroup).NumRows() {
				rowGroup, rowInGroup = rowGroup+1, 0
			}
			if rowGroup >= pf.NumRowGroups() {
				return nil, io.EOF
			}
			n := min(pf.MetaData().RowGroup(rowGroup).NumRows()-rowInGroup, int64(opts.BatchSize))
			rowInGroup += n
			return array.NewRecordBatch(arrow.NewSchema(nil, nil), nil, n), nil
		}
		if rr.Next() {
			rec := rr.RecordBatch()
			rec.Retain()
			return rec, nil
		}
		if err := rr.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	in.closeFn = func() error {
		if rr != nil {
			rr.Release()
		}
		return pf.Close()
	}
	return in, nil
}

func newIPCInput(f *os.File, path string, table *tableType, opts Options) (Input, error) {
	mem := opts.Mem
	magic := make([]byte, 6)
	n, _ := io.ReadFull(f, magic)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	if n == 6 && string(magic) == "ARROW1" {
		fr, err := ipc.NewFileReader(f, ipc.WithAllocator(mem))
		if err != nil {
			return nil, fmt.Errorf("%s: not a readable Arrow IPC file: %w", path, err)
		}
		in, err := newBatchInput(path, table, fr.Schema(), opts)
		if err != nil {
			fr.Close()
			return nil, err
		}
		in.untrusted = true
		i := 0
		in.next = func() (arrow.RecordBatch, error) {
			if i >= fr.NumRecords() {
				return nil, io.EOF
			}
			rec, err := fr.RecordBatchAt(i) // owned by the caller
			if err != nil {
				return nil, err
			}
			i++
			return rec, nil
		}
		in.closeFn = func() error {
			err := fr.Close()
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		}
		return in, nil
	}
	sr, err := ipc.NewReader(bufio.NewReaderSize(f, 1<<16), ipc.WithAllocator(mem))
	if err != nil {
		return nil, fmt.Errorf("%s: not a readable Arrow IPC file or stream: %w", path, err)
	}
	in, err := newBatchInput(path, table, sr.Schema(), opts)
	if err != nil {
		sr.Release()
		return nil, err
	}
	in.untrusted = true
	in.next = func() (arrow.RecordBatch, error) {
		if sr.Next() {
			rec := sr.RecordBatch()
			rec.Retain()
			return rec, nil
		}
		if err := sr.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	in.closeFn = func() error {
		sr.Release()
		return f.Close()
	}
	return in, nil
}

// durationMicros converts a duration of unit u to microseconds, as a
// DAY-TIME interval holds it: seconds and milliseconds exactly (an error
// beyond the range), nanoseconds floored to the microsecond, as a
// timestamp's are (docs/semantics.md 10.1).
func durationMicros(v int64, u arrow.TimeUnit) (int64, error) {
	mul := int64(1)
	switch u {
	case arrow.Second:
		mul = 1_000_000
	case arrow.Millisecond:
		mul = 1000
	case arrow.Nanosecond:
		q := v / 1000
		if v%1000 < 0 {
			q--
		}
		return q, nil
	}
	r := v * mul
	if mul != 1 && (r/mul != v) {
		return 0, fmt.Errorf("duration %d%s out of range for a DAY-TIME interval", v, u)
	}
	return r, nil
}
