//go:build duckdb_arrow

package duckdb

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/exprc/exprc/bench"
)

// Impls returns DuckDB on one thread and on runtime.NumCPU() threads.
func Impls() []bench.Impl {
	return []bench.Impl{
		newEngine("duckdb-1thread", 1).impl(),
		newEngine("duckdb-allcores", runtime.NumCPU()).impl(),
	}
}

// engine is one in-memory DuckDB database and its one connection, opened on
// the first Prepare and kept for the life of the process. A connection runs
// one query at a time, so calls are serialized.
type engine struct {
	name    string
	threads int
	// settings are further SET statements run when the database opens
	// (the TIMESTAMP benchmarks' TimeZone).
	settings []string

	once sync.Once
	err  error
	mu   sync.Mutex
	conn driver.Conn
	ar   *duckdb.Arrow
}

func newEngine(name string, threads int) *engine {
	return &engine{name: name, threads: threads}
}

func (e *engine) impl() bench.Impl {
	return bench.Impl{
		Name:    e.name,
		Prepare: func(q bench.Query) (bench.Evaluator, error) { return e.prepare(q, true) },
		Timed:   func(q bench.Query) (bench.Evaluator, error) { return e.prepare(q, false) },
	}
}

func (e *engine) open() error {
	e.once.Do(func() {
		c, err := duckdb.NewConnector("", nil)
		if err != nil {
			e.err = err
			return
		}
		conn, err := c.Connect(context.Background())
		if err != nil {
			e.err = err
			return
		}
		ar, err := duckdb.NewArrowFromConn(conn)
		if err != nil {
			e.err = err
			return
		}
		// threads is the one setting that differs between the two Impls; the
		// others are DuckDB's defaults (preserve_insertion_order is on, so
		// the output rows keep the input's order on every thread count).
		for _, set := range append([]string{
			fmt.Sprintf("SET threads = %d", e.threads),
			// Keep WHERE out of the Arrow scan (see the package doc): the scan
			// behind duckdb-go's RegisterView drops pushed-down filters.
			"SET disabled_optimizers = 'filter_pushdown'",
		}, e.settings...) {
			if err := exec(ar, set); err != nil {
				e.err = err
				return
			}
		}
		e.conn, e.ar = conn, ar
	})
	return e.err
}

// exec runs a statement and drains its (empty) result.
func exec(ar *duckdb.Arrow, stmt string) error {
	rr, err := ar.QueryContext(context.Background(), stmt)
	if err != nil {
		return fmt.Errorf("%s: %w", stmt, err)
	}
	defer rr.Release()
	for rr.Next() {
	}
	return rr.Err()
}

// prepare returns the evaluator of q: with glue, one that returns the whole
// result as one batch; without, one that returns its first chunk once DuckDB
// has produced them all (what bench.Impl.Timed times).
func (e *engine) prepare(q bench.Query, glue bool) (bench.Evaluator, error) {
	sql, ok := sqls[q.SpecName()]
	if !ok {
		return nil, fmt.Errorf("duckdb: no SQL for query %s", q.SpecName())
	}
	if err := e.open(); err != nil {
		return nil, fmt.Errorf("duckdb: %w", err)
	}
	view := tableName(q.Table)
	idents := identifiers(sql)
	return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
		read := project(in, idents)
		defer read.Release()
		e.mu.Lock()
		defer e.mu.Unlock()
		return e.run(ctx, view, sql, read, mem, glue)
	}, nil
}

// run registers in as view (replacing the previous call's view: DuckDB reads
// the Arrow buffers in place through the C data interface), runs sql and,
// with glue, concatenates the result's chunks into one batch; without, it
// returns the first chunk once it has them all.
func (e *engine) run(ctx context.Context, view, sql string, in arrow.RecordBatch, mem memory.Allocator, glue bool) (arrow.RecordBatch, error) {
	batches, slices := splitBatch(in, e.threads)
	rdr, err := array.NewRecordReader(in.Schema(), batches)
	if slices {
		for _, b := range batches {
			b.Release()
		}
	}
	if err != nil {
		return nil, err
	}
	defer rdr.Release()
	release, err := e.ar.RegisterView(rdr, view)
	if err != nil {
		return nil, fmt.Errorf("duckdb: registering the input as view %s: %w", view, err)
	}
	defer release()
	rr, err := e.ar.QueryContext(ctx, sql)
	if err != nil {
		return nil, fmt.Errorf("duckdb: %w", err)
	}
	defer rr.Release()
	var chunks []arrow.RecordBatch
	defer func() {
		for _, c := range chunks {
			c.Release()
		}
	}()
	for rr.Next() {
		c := rr.RecordBatch()
		c.Retain()
		chunks = append(chunks, c)
	}
	if err := rr.Err(); err != nil {
		return nil, fmt.Errorf("duckdb: %w", err)
	}
	if !glue && len(chunks) > 0 {
		chunks[0].Retain()
		return chunks[0], nil
	}
	return concat(rr.Schema(), chunks, mem)
}

// project returns the columns of in that the query reads (whose names are
// among its identifiers), in in's order, without copying them: the columns of
// the view DuckDB scans must be exactly those (see the package doc).
func project(in arrow.RecordBatch, idents map[string]bool) arrow.RecordBatch {
	var fields []arrow.Field
	var cols []arrow.Array
	for i, f := range in.Schema().Fields() {
		if !idents[f.Name] {
			continue
		}
		col := in.Column(i)
		if m, ok := col.(*array.Map); ok {
			col = mapAsList(m)
			defer col.Release()
			f.Type = col.DataType()
		}
		fields = append(fields, f)
		cols = append(cols, col)
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, in.NumRows())
}

// mapAsList returns m's entries as the list of (key, value) structs a map is
// laid out as, on the same buffers: DuckDB refuses an Arrow map with a
// repeated key, which the events data has (see the package doc).
func mapAsList(m *array.Map) arrow.Array {
	mt := m.DataType().(*arrow.MapType)
	d := m.Data()
	ld := array.NewData(arrow.ListOfField(mt.ElemField()), d.Len(), d.Buffers(), d.Children(), d.NullN(), d.Offset())
	defer ld.Release()
	return array.NewListData(ld)
}

// splitBatch presents in to DuckDB as the stream of batches it scans: one
// batch on one thread; on several threads, zero-copy slices of at least
// minSlice rows, about four per thread, since DuckDB's Arrow scan hands whole
// stream batches to its threads and a single batch is scanned by one. The
// caller releases the slices (not in) once the record reader holds them.
func splitBatch(in arrow.RecordBatch, threads int) (batches []arrow.RecordBatch, slices bool) {
	const minSlice = 16 * 2048 // 16 of DuckDB's vectors
	n := int(in.NumRows())
	if threads <= 1 || n <= minSlice {
		return []arrow.RecordBatch{in}, false
	}
	size := max(minSlice, (n+4*threads-1)/(4*threads))
	for lo := 0; lo < n; lo += size {
		batches = append(batches, in.NewSlice(int64(lo), int64(min(lo+size, n))))
	}
	return batches, true
}

// concat returns the chunks of a result as one batch of schema: DuckDB hands
// its result over one vector (2048 rows) at a time.
func concat(schema *arrow.Schema, chunks []arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if len(chunks) == 1 {
		chunks[0].Retain()
		return chunks[0], nil
	}
	cols := make([]arrow.Array, schema.NumFields())
	defer func() {
		for _, c := range cols {
			if c != nil {
				c.Release()
			}
		}
	}()
	var rows int64
	for _, c := range chunks {
		rows += c.NumRows()
	}
	parts := make([]arrow.Array, len(chunks))
	for i := range cols {
		if len(chunks) == 0 {
			cols[i] = array.MakeArrayOfNull(mem, schema.Field(i).Type, 0)
			continue
		}
		for j, c := range chunks {
			parts[j] = c.Column(i)
		}
		col, err := array.Concatenate(parts, mem)
		if err != nil {
			return nil, fmt.Errorf("duckdb: concatenating the result's column %s: %w", schema.Field(i).Name, err)
		}
		cols[i] = col
	}
	return array.NewRecordBatch(schema, cols, rows), nil
}

// errNoArrow is never returned in this build (see notag.go).
var errNoArrow = errors.New("duckdb: built without -tags duckdb_arrow")
