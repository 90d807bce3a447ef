package bench

// Hand-written evaluators of the subquery benchmark (subquery.sql): what a Go
// programmer would write for exactly one query over the Arrow buffers, with
// exprc's semantics (subquery_test.go checks they equal the generated code and
// the interpreter). Each reads dims once into a plain Go structure (a
// map[int64]struct{} set, a map[int64]int64 of counts, a sorted []int64), then
// answers each outer row with one lookup or binary search, writing the output
// buffers directly (no builders).

import (
	"context"
	"fmt"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/vec"
)

// Output schemas of the hand-written subquery evaluators (the generated ones';
// subquery_test.go checks).
var (
	inProbeSchema = arrow.NewSchema([]arrow.Field{
		{Name: "hit", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	}, nil)
	inFilterSchema = arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	}, nil)
	countSchema = arrow.NewSchema([]arrow.Field{
		{Name: "n", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	}, nil)
)

// dimsColumn calls fn with column c of every batch of table dims, after
// checking each batch's schema.
func dimsColumn(ctx context.Context, tables vec.Tables, c int, fn func(col *array.Int64)) error {
	batches, ok := tables["dims"]
	if !ok {
		return fmt.Errorf("no input was given for table dims")
	}
	for _, b := range batches {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := vec.CheckSchema(b.Schema(), DimsSchema); err != nil {
			return fmt.Errorf("table dims: %w", err)
		}
		fn(b.Column(c).(*array.Int64))
	}
	return nil
}

// checkFacts validates an outer batch as the generated code does.
func checkFacts(ctx context.Context, in arrow.RecordBatch, query string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := checkInput(in, FactsSchema, 0); err != nil {
		return fmt.Errorf("query %s: %w", query, err)
	}
	return nil
}

// int64Out allocates an int64 output buffer of n values.
func int64Out(mem memory.Allocator, n int) (*memory.Buffer, []int64) {
	buf := memory.NewResizableBuffer(mem)
	buf.Resize(n * 8)
	return buf, arrow.Int64Traits.CastFromBytes(buf.Bytes())[:n]
}

// int64Batch wraps the n values of buf as the one NOT NULL column of schema.
func int64Batch(schema *arrow.Schema, buf *memory.Buffer, n int) arrow.RecordBatch {
	data := array.NewData(arrow.PrimitiveTypes.Int64, n, []*memory.Buffer{nil, buf}, nil, 0, 0)
	col := array.NewInt64Data(data)
	data.Release()
	buf.Release()
	out := array.NewRecordBatch(schema, []arrow.Array{col}, int64(n))
	col.Release()
	return out
}

// HandSet is the set of dims.code: IN's answer for every probe.
type HandSet struct {
	set     map[int64]struct{}
	hasNull bool // a NULL code: a probe that matches nothing is NULL, not false
	rows    int  // dims rows: over none, IN is false even for a NULL probe
}

// NewHandSet reads dims.code into a set.
func NewHandSet(ctx context.Context, tables vec.Tables) (*HandSet, error) {
	s := &HandSet{}
	n := 0
	for _, b := range tables["dims"] {
		n += int(b.NumRows())
	}
	s.set = make(map[int64]struct{}, n)
	err := dimsColumn(ctx, tables, 0, func(col *array.Int64) {
		s.rows += col.Len()
		vals := col.Int64Values()
		if col.NullN() == 0 {
			for _, v := range vals {
				s.set[v] = struct{}{}
			}
			return
		}
		s.hasNull = true
		for i, v := range vals {
			if col.IsValid(i) {
				s.set[v] = struct{}{}
			}
		}
	})
	return s, err
}

// HandInProbe evaluates InProbe: code IN (SELECT code FROM dims), one map
// lookup per row, into a validity and a value bitmap.
func (s *HandSet) HandInProbe(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := checkFacts(ctx, in, "InProbe"); err != nil {
		return nil, err
	}
	n := int(in.NumRows())
	code := in.Column(1).(*array.Int64)
	cv := code.Int64Values()[:n]
	nbytes := int(bitutil.BytesForBits(int64(n)))
	values, valid := memory.NewResizableBuffer(mem), memory.NewResizableBuffer(mem)
	values.Resize(nbytes)
	valid.Resize(nbytes)
	vb, ok := values.Bytes(), valid.Bytes()
	clear(vb)
	for i := range ok {
		ok[i] = 0xff
	}
	nulls := 0
	switch {
	case s.rows == 0: // every row false
	case code.NullN() == 0 && !s.hasNull:
		for i, c := range cv {
			if _, hit := s.set[c]; hit {
				bitutil.SetBit(vb, i)
			}
		}
	default:
		for i, c := range cv {
			if code.IsNull(i) {
				bitutil.ClearBit(ok, i)
				nulls++
				continue
			}
			if _, hit := s.set[c]; hit {
				bitutil.SetBit(vb, i)
			} else if s.hasNull {
				bitutil.ClearBit(ok, i)
				nulls++
			}
		}
	}
	if nulls == 0 {
		valid.Release()
		valid = nil
	}
	data := array.NewData(arrow.FixedWidthTypes.Boolean, n, []*memory.Buffer{valid, values}, nil, nulls, 0)
	col := array.NewBooleanData(data)
	data.Release()
	values.Release()
	if valid != nil {
		valid.Release()
	}
	out := array.NewRecordBatch(inProbeSchema, []arrow.Array{col}, int64(n))
	col.Release()
	return out, nil
}

// HandInFilter evaluates InFilter: the ids of the rows whose code is in the
// set (NULL and no match both drop the row).
func (s *HandSet) HandInFilter(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := checkFacts(ctx, in, "InFilter"); err != nil {
		return nil, err
	}
	n := int(in.NumRows())
	id := in.Column(0).(*array.Int64).Int64Values()[:n]
	code := in.Column(1).(*array.Int64)
	cv := code.Int64Values()[:n]
	buf, out := int64Out(mem, n)
	kept := 0
	if code.NullN() == 0 {
		for i, c := range cv {
			if _, hit := s.set[c]; hit {
				out[kept] = id[i]
				kept++
			}
		}
	} else {
		for i, c := range cv {
			if _, hit := s.set[c]; hit && code.IsValid(i) {
				out[kept] = id[i]
				kept++
			}
		}
	}
	buf.Resize(kept * 8)
	return int64Batch(inFilterSchema, buf, kept), nil
}

// HandCounts is the number of dims rows per non-NULL dims.k.
type HandCounts struct {
	counts map[int64]int64
}

// NewHandCounts counts dims rows per key.
func NewHandCounts(ctx context.Context, tables vec.Tables) (*HandCounts, error) {
	h := &HandCounts{counts: map[int64]int64{}}
	err := dimsColumn(ctx, tables, 1, func(col *array.Int64) {
		for i, k := range col.Int64Values() {
			if col.IsValid(i) {
				h.counts[k]++
			}
		}
	})
	return h, err
}

// HandEqCount evaluates EqCount: (SELECT count(*) FROM dims d WHERE d.k =
// facts.k), one map lookup per row (a missing or NULL key counts 0).
func (h *HandCounts) HandEqCount(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := checkFacts(ctx, in, "EqCount"); err != nil {
		return nil, err
	}
	n := int(in.NumRows())
	key := in.Column(2).(*array.Int64)
	kv := key.Int64Values()[:n]
	buf, out := int64Out(mem, n)
	if key.NullN() == 0 {
		for i, k := range kv {
			out[i] = h.counts[k]
		}
	} else {
		for i, k := range kv {
			if key.IsValid(i) {
				out[i] = h.counts[k]
			} else {
				out[i] = 0
			}
		}
	}
	return int64Batch(countSchema, buf, n), nil
}

// HandSorted is dims.v's non-NULL values, sorted.
type HandSorted struct {
	vals []int64
}

// NewHandSorted collects and sorts dims.v.
func NewHandSorted(ctx context.Context, tables vec.Tables) (*HandSorted, error) {
	h := &HandSorted{}
	err := dimsColumn(ctx, tables, 2, func(col *array.Int64) {
		for i, v := range col.Int64Values() {
			if col.IsValid(i) {
				h.vals = append(h.vals, v)
			}
		}
	})
	slices.Sort(h.vals)
	return h, err
}

// HandIneqCount evaluates IneqCount: (SELECT count(*) FROM dims d WHERE d.v <
// facts.v), a binary search per row (a NULL v counts 0).
func (h *HandSorted) HandIneqCount(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if err := checkFacts(ctx, in, "IneqCount"); err != nil {
		return nil, err
	}
	n := int(in.NumRows())
	v := in.Column(3).(*array.Int64)
	vv := v.Int64Values()[:n]
	buf, out := int64Out(mem, n)
	for i, x := range vv {
		if v.IsNull(i) {
			out[i] = 0
			continue
		}
		below, _ := slices.BinarySearch(h.vals, x) // the first position with a value >= x
		out[i] = int64(below)
	}
	return int64Batch(countSchema, buf, n), nil
}
