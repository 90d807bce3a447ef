package bench

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/vec"
)

const equalRows = 10_000

// outcome is one evaluator's result: the batch, or the error it reported.
type outcome struct {
	out arrow.RecordBatch
	err error
}

func (o outcome) release() {
	if o.out != nil {
		o.out.Release()
	}
}

// describe renders an error for comparison: a query error with its row, column,
// SQL text, class and message; any other error as its text.
func describe(err error) string {
	var qe *vec.QueryError
	if errors.As(err, &qe) {
		return fmt.Sprintf("row %d column %s expr %q: %s: %s", qe.Row, qe.Column, qe.Expr, qe.Err.Class, qe.Err.Message())
	}
	return "plain error: " + err.Error()
}

// same reports how got differs from want ("" when it does not): the same
// schema (names, types, nullability), the same rows, values and NULLs, or the
// same error.
func same(got, want outcome) string {
	switch {
	case got.err != nil || want.err != nil:
		if got.err == nil || want.err == nil {
			return fmt.Sprintf("error %v, want error %v", got.err, want.err)
		}
		if g, w := describe(got.err), describe(want.err); g != w {
			return fmt.Sprintf("error\n  %s\nwant\n  %s", g, w)
		}
		return ""
	case !got.out.Schema().Equal(want.out.Schema()):
		return fmt.Sprintf("schema %s, want %s", got.out.Schema(), want.out.Schema())
	case got.out.NumRows() != want.out.NumRows():
		return fmt.Sprintf("%d rows, want %d", got.out.NumRows(), want.out.NumRows())
	}
	for c := range int(got.out.NumCols()) {
		g, w := got.out.Column(c), want.out.Column(c)
		if !array.Equal(g, w) {
			for r := range g.Len() {
				if !array.SliceEqual(g, int64(r), int64(r+1), w, int64(r), int64(r+1)) {
					return fmt.Sprintf("column %s row %d: %s, want %s", got.out.Schema().Field(c).Name, r,
						array.NewSlice(g, int64(r), int64(r+1)), array.NewSlice(w, int64(r), int64(r+1)))
				}
			}
			return fmt.Sprintf("column %s differs", got.out.Schema().Field(c).Name)
		}
	}
	return ""
}

// checkAll runs q's three implementations over in and fails t unless the
// hand-written and the interpreted outcomes equal the generated one. It returns
// the generated outcome's row count (or -1 on an error).
func checkAll(t *testing.T, q Query, in arrow.RecordBatch, mem memory.Allocator) int64 {
	t.Helper()
	interp, err := Interpreted(q.SpecName())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	run := func(fn Evaluator) outcome {
		out, err := fn(ctx, in, mem)
		return outcome{out, err}
	}
	gen, nocse, ref := run(q.Generated), run(q.NoCSE), run(interp)
	defer gen.release()
	defer nocse.release()
	defer ref.release()
	if q.Hand != nil {
		hand := run(q.Hand)
		defer hand.release()
		if d := same(hand, gen); d != "" {
			t.Errorf("hand-written differs from generated: %s", d)
		}
	}
	if d := same(nocse, gen); d != "" {
		t.Errorf("generated without CSE differs from generated: %s", d)
	}
	if d := same(ref, gen); d != "" {
		t.Errorf("interpreter differs from generated: %s", d)
	}
	if gen.err != nil {
		return -1
	}
	return gen.out.NumRows()
}

// TestImplementationsAgree checks, for every query and both data variants,
// that the hand-written loop, the generated evaluator and the interpreter give
// identical batches on 10K rows, and again on a slice of that batch (non-zero
// Arrow offsets).
func TestImplementationsAgree(t *testing.T) {
	for _, q := range Queries {
		for _, nulls := range []bool{false, true} {
			if q.NullsOnly && !nulls {
				continue
			}
			t.Run(fmt.Sprintf("%s/nulls=%v", q.Name, nulls), func(t *testing.T) {
				mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
				defer mem.AssertSize(t, 0)
				in := Data(mem, q.Table, equalRows, nulls)
				defer in.Release()
				rows := checkAll(t, q, in, mem)
				if rows <= 0 {
					t.Fatalf("query kept %d rows of %d: the data does not exercise it", rows, equalRows)
				}
				part := in.NewSlice(3, equalRows-17)
				defer part.Release()
				checkAll(t, q, part, mem)
			})
		}
	}
}

// replace returns in with column c replaced by col (which it releases).
func replace(in arrow.RecordBatch, c int, col arrow.Array) arrow.RecordBatch {
	cols := make([]arrow.Array, in.NumCols())
	copy(cols, in.Columns())
	cols[c] = col
	out := array.NewRecordBatch(in.Schema(), cols, in.NumRows())
	col.Release()
	return out
}

// TestImplementationsAgreeOnErrors checks that the three implementations report
// the same error (row, column, class, message) where the SQL fails: a + 5
// overflowing in SeedIf, and a map without key 'test' in SeedCase, each at two
// rows (the lower one is reported).
func TestImplementationsAgreeOnErrors(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	bad := map[int]bool{4321: true, 777: true}
	for _, nulls := range []bool{false, true} {
		in := Data(mem, "events", equalRows, nulls)

		ab := array.NewInt64Builder(mem)
		for i, a := range in.Column(2).(*array.Int64).Int64Values() {
			if bad[i] {
				a = math.MaxInt64 - 2
			}
			ab.Append(a)
		}
		overflow := replace(in, 2, ab.NewArray())
		ab.Release()
		if rows := checkAll(t, Queries[3], overflow, mem); rows != -1 {
			t.Errorf("SeedIf nulls=%v: no error on a + 5 overflow", nulls)
		}
		overflow.Release()

		info := in.Column(3).(*array.Map)
		keys, items := info.Keys().(*array.String), info.Items().(*array.String)
		mb := array.NewMapBuilder(mem, arrow.BinaryTypes.String, arrow.BinaryTypes.String, false)
		kb, ib := mb.KeyBuilder().(*array.StringBuilder), mb.ItemBuilder().(*array.StringBuilder)
		for i := range info.Len() {
			if info.IsNull(i) {
				mb.AppendNull()
				continue
			}
			mb.Append(true)
			start, end := info.ValueOffsets(i)
			for j := int(start); j < int(end); j++ {
				if bad[i] && keys.Value(j) == "test" {
					continue
				}
				kb.Append(keys.Value(j))
				if items.IsNull(j) {
					ib.AppendNull()
				} else {
					ib.Append(items.Value(j))
				}
			}
		}
		missing := replace(in, 3, mb.NewArray())
		mb.Release()
		if !missing.Column(3).IsNull(777) {
			if rows := checkAll(t, Queries[4], missing, mem); rows != -1 {
				t.Errorf("SeedCase nulls=%v: no error on a missing key", nulls)
			}
		}
		missing.Release()
		in.Release()
	}
}

// TestData checks the shape of the generated data: sizes, NULL shares and the
// TPC-H value ranges.
func TestData(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	for _, nulls := range []bool{false, true} {
		li := Data(mem, "lineitem", equalRows, nulls)
		ev := Data(mem, "events", equalRows, nulls)
		for _, rec := range []arrow.RecordBatch{li, ev} {
			if rec.NumRows() != equalRows {
				t.Fatalf("%d rows, want %d", rec.NumRows(), equalRows)
			}
			for c, f := range rec.Schema().Fields() {
				share := float64(rec.Column(c).NullN()) / equalRows
				switch {
				case !nulls || !f.Nullable:
					if share != 0 {
						t.Errorf("nulls=%v: column %s has %.1f%% NULLs", nulls, f.Name, 100*share)
					}
				case share < 0.08 || share > 0.12:
					t.Errorf("column %s has %.1f%% NULLs, want about 10%%", f.Name, 100*share)
				}
			}
		}
		ship := li.Column(10).(*array.Date32)
		disc := li.Column(6).(*array.Float64)
		for i := range int(li.NumRows()) {
			if ship.IsValid(i) && (ship.Value(i) < arrow.Date32(day(1992, 1, 2)) || ship.Value(i) > arrow.Date32(day(1998, 12, 1))) {
				t.Fatalf("shipdate %s out of range", ship.Value(i).FormattedString())
			}
			if disc.IsValid(i) && (disc.Value(i) < 0 || disc.Value(i) > 0.10) {
				t.Fatalf("discount %v out of range", disc.Value(i))
			}
		}
		li.Release()
		ev.Release()
	}
	a, b := Data(mem, "lineitem", 100, true), Data(mem, "lineitem", 100, true)
	if !array.RecordEqual(a, b) {
		t.Error("Lineitem is not deterministic")
	}
	a.Release()
	b.Release()
}

// queryNamed returns the entry of Queries named name.
func queryNamed(t *testing.T, name string) Query {
	t.Helper()
	for _, q := range Queries {
		if q.Name == name {
			return q
		}
	}
	t.Fatalf("no query %s", name)
	return Query{}
}

// overwrite returns in with some rows of column c (BIGINT or DOUBLE) set:
// set maps a row to its new value, or to nil for NULL.
func overwrite(mem memory.Allocator, in arrow.RecordBatch, c int, set map[int]any) arrow.RecordBatch {
	var col arrow.Array
	switch a := in.Column(c).(type) {
	case *array.Int64:
		b := array.NewInt64Builder(mem)
		for i := range a.Len() {
			v, ok := set[i]
			switch {
			case ok && v == nil, !ok && a.IsNull(i):
				b.AppendNull()
			case ok:
				b.Append(v.(int64))
			default:
				b.Append(a.Value(i))
			}
		}
		col = b.NewArray()
		b.Release()
	case *array.Float64:
		b := array.NewFloat64Builder(mem)
		for i := range a.Len() {
			v, ok := set[i]
			switch {
			case ok && v == nil, !ok && a.IsNull(i):
				b.AppendNull()
			case ok:
				b.Append(v.(float64))
			default:
				b.Append(a.Value(i))
			}
		}
		col = b.NewArray()
		b.Release()
	default:
		panic("overwrite: unsupported column type " + a.DataType().String())
	}
	return replace(in, c, col)
}

// TestImplementationsAgreeOnGuardedErrors checks the errors of the queries
// whose benchmark data never fails: ErrorGuarded's CASE keeps the rows where
// y = 0 error-free (and its TRYs the rows where x = 0 or x * y overflows),
// while MIN DIV -1 under the CASE fails; DeepArith's and Wide's divisions by
// a column fail where the divisor is 0 and its row has no NULL operand. Each
// case sets the same values at two rows (the lower one is reported).
func TestImplementationsAgreeOnGuardedErrors(t *testing.T) {
	type change struct {
		col int
		set map[int]any
	}
	at := func(v any) map[int]any { return map[int]any{777: v, 4321: v} }
	cases := []struct {
		name    string
		query   string
		table   string
		changes []change
		fails   bool // on the data without NULLs
	}{
		{"zero y and x", "ErrorGuarded", "events", []change{{1, at(int64(0))}, {0, map[int]any{778: int64(0), 4000: int64(0)}}}, false},
		{"MIN DIV -1 under TRY", "ErrorGuarded", "events", []change{{2, at(int64(math.MinInt64))}, {0, at(int64(-1))}}, false},
		{"x * y overflows under TRY", "ErrorGuarded", "events", []change{{0, at(int64(math.MaxInt64 / 2))}, {1, at(int64(3))}}, false},
		{"MIN DIV -1 under CASE", "ErrorGuarded", "events", []change{{2, at(int64(math.MinInt64))}, {1, at(int64(-1))}, {0, at(int64(5))}}, true},
		{"quantity -1", "DeepArith", "lineitem", []change{{4, at(-1.0)}}, true},
		{"tax -2", "DeepArith", "lineitem", []change{{7, at(-2.0)}}, true},
		{"quantity -1 and NULL price", "DeepArith", "lineitem", []change{{4, at(-1.0)}, {5, at(nil)}}, false},
		{"quantity -1", "Wide", "lineitem", []change{{4, at(-1.0)}}, true},
		{"tax -1", "Wide", "lineitem", []change{{7, at(-1.0)}}, true},
		{"quantity -2", "Wide", "lineitem", []change{{4, at(-2.0)}}, true},
		{"discount -1", "Wide", "lineitem", []change{{6, at(-1.0)}}, true},
		{"quantity -1 and NULL tax", "Wide", "lineitem", []change{{4, at(-1.0)}, {7, at(nil)}}, false},
		{"quantity -2, then -1", "Wide", "lineitem", []change{{4, map[int]any{777: -2.0, 4321: -1.0}}}, true},
	}
	for _, c := range cases {
		for _, nulls := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/%s/nulls=%v", c.query, c.name, nulls), func(t *testing.T) {
				mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
				defer mem.AssertSize(t, 0)
				in := Data(mem, c.table, equalRows, nulls)
				for _, ch := range c.changes {
					next := overwrite(mem, in, ch.col, ch.set)
					in.Release()
					in = next
				}
				defer in.Release()
				q := queryNamed(t, c.query)
				rows := checkAll(t, q, in, mem)
				if !nulls && c.fails != (rows == -1) {
					t.Errorf("failed: %v, want %v", rows == -1, c.fails)
				}
				part := in.NewSlice(5, equalRows-9)
				defer part.Release()
				checkAll(t, q, part, mem)
			})
		}
	}
}
