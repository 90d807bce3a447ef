package edge_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"

	"example.com/robust/edge"
	"example.com/robust/harness"
)

var queries = []string{"Strs", "Mixed", "Fails", "Direct", "Flagged"}

func setup(t *testing.T) (*compiler.Program, *ir.Table, *memory.CheckedAllocator) {
	t.Helper()
	prog, err := harness.Load("spec.sql")
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	t.Cleanup(func() { mem.AssertSize(t, 0) })
	return prog, prog.Tables[0], mem
}

// same checks that every query gives the interpreter's outcome on in, and
// returns the generated renderings.
func same(t *testing.T, what string, prog *compiler.Program, in arrow.RecordBatch, mem memory.Allocator) []string {
	t.Helper()
	var outs []string
	for _, name := range queries {
		fn, _, ok := edge.Lookup(name)
		if !ok {
			t.Fatalf("no generated evaluator %s", name)
		}
		got := harness.Generated(fn, in, mem)
		want := harness.Interpreted(prog.Query(name), in, mem)
		if got != want {
			t.Errorf("%s: query %s: generated differs from interpreter: %s", what, name, harness.Diff(got, want))
		}
		outs = append(outs, got)
	}
	return outs
}

func TestEmptyBatch(t *testing.T) {
	prog, tab, mem := setup(t)
	in, err := harness.Rows(tab, 0, 0, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	for _, got := range same(t, "0 rows", prog, in, mem) {
		if strings.Count(got, "\n") != 1 {
			t.Errorf("0 rows: want a schema line and no rows, got %q", got)
		}
	}
}

func TestAllNullColumns(t *testing.T) {
	prog, tab, mem := setup(t)
	in, err := harness.Batch(tab, 9, func(r, c int) any {
		if c == 0 {
			return int64(r)
		}
		return nil
	}, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	same(t, "all NULL", prog, in, mem)
}

func TestHugeAndInvalidStrings(t *testing.T) {
	prog, tab, mem := setup(t)
	huge := []string{
		strings.Repeat("a", 1<<20),
		strings.Repeat("日", 1<<20/3) + "a",
		"x" + strings.Repeat("\xff", 1<<20),
	}
	invalid := []string{"\xff", "\xfe\xff", "a\xc3", "\xe6\x97", "\xed\xa0\x80", "ok\x00nul", "\xc0\xafa", "A\xffb"}
	for _, tc := range []struct {
		what string
		vals []string
	}{{"1 MiB strings", huge}, {"invalid UTF-8", invalid}} {
		in, err := harness.Batch(tab, len(tc.vals)*2, func(r, c int) any {
			switch tab.Columns[c].Name {
			case "s":
				return tc.vals[r%len(tc.vals)]
			case "m":
				s := tc.vals[(r+1)%len(tc.vals)]
				return &ir.MapValue{Keys: []any{s, "a"}, Values: []any{int64(r), nil}}
			case "x":
				return int64(r + 1)
			}
			col := tab.Columns[c]
			return harness.Value(col.Type, col.Nullable, r, c)
		}, mem)
		if err != nil {
			t.Fatal(err)
		}
		same(t, tc.what, prog, in, mem)
		in.Release()
	}
}

// TestSlicedBatches runs the queries over slices of a batch (non-zero array
// offsets): the result must be the interpreter's on the same slice and the
// generated code's on a batch built from just those rows.
func TestSlicedBatches(t *testing.T) {
	prog, tab, mem := setup(t)
	const rows = 40
	full, err := harness.Rows(tab, rows, 3, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Release()
	for _, w := range [][2]int{{0, rows}, {1, 2}, {7, 19}, {13, 40}, {5, 5}, {39, 40}} {
		part := full.NewSlice(int64(w[0]), int64(w[1]))
		fresh, err := harness.Rows(tab, w[1]-w[0], 3+w[0], mem)
		if err != nil {
			t.Fatal(err)
		}
		what := fmt.Sprintf("slice [%d:%d]", w[0], w[1])
		sliced := same(t, what, prog, part, mem)
		copied := same(t, what+" (copied)", prog, fresh, mem)
		for j := range sliced {
			if sliced[j] != copied[j] {
				t.Errorf("%s: query %s: slice and copy differ: %s", what, queries[j], harness.Diff(sliced[j], copied[j]))
			}
		}
		part.Release()
		fresh.Release()
	}
}

// TestSchemaMismatch feeds batches that do not match the spec's table: each must
// give an error naming the column at fault, never a panic and never a result.
func TestSchemaMismatch(t *testing.T) {
	_, tab, mem := setup(t)
	good, err := harness.Rows(tab, 6, 0, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer good.Release()
	fields := good.Schema().Fields()
	cols := good.Columns()
	build := func(fs []arrow.Field, cs []arrow.Array) arrow.RecordBatch {
		return array.NewRecordBatch(arrow.NewSchema(fs, nil), cs, good.NumRows())
	}
	with := func(i int, f arrow.Field, c arrow.Array) arrow.RecordBatch {
		fs := append([]arrow.Field(nil), fields...)
		cs := append([]arrow.Array(nil), cols...)
		fs[i], cs[i] = f, c
		return build(fs, cs)
	}
	without := func(i int) arrow.RecordBatch {
		fs := append(append([]arrow.Field(nil), fields[:i]...), fields[i+1:]...)
		cs := append(append([]arrow.Array(nil), cols[:i]...), cols[i+1:]...)
		return build(fs, cs)
	}
	xs := tab.Lookup("x")
	x32 := func() arrow.Array {
		b := array.NewInt32Builder(mem)
		defer b.Release()
		for i := 0; i < int(good.NumRows()); i++ {
			b.Append(int32(i))
		}
		return b.NewArray()
	}()
	defer x32.Release()
	extra := func() arrow.Array {
		b := array.NewInt64Builder(mem)
		defer b.Release()
		for i := 0; i < int(good.NumRows()); i++ {
			b.Append(int64(i))
		}
		return b.NewArray()
	}()
	defer extra.Release()
	idWithNull := func() arrow.Array {
		b := array.NewInt64Builder(mem)
		defer b.Release()
		b.Append(1)
		b.AppendNull()
		for i := 2; i < int(good.NumRows()); i++ {
			b.Append(int64(i))
		}
		return b.NewArray()
	}()
	defer idWithNull.Release()

	for _, tc := range []struct {
		what   string
		in     arrow.RecordBatch
		column string // the error must name it; "" means the batch is fine
	}{
		{"renamed column", with(xs, arrow.Field{Name: "xx", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, cols[xs]), "x"},
		{"upper-cased column name", with(xs, arrow.Field{Name: "X", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, cols[xs]), "x"},
		{"wrong type", with(xs, arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int32, Nullable: true}, x32), "x"},
		{"missing column", without(xs), "x"},
		{"missing last column", without(len(fields) - 1), "m"},
		{"extra column", build(append(append([]arrow.Field(nil), fields...), arrow.Field{Name: "extra", Type: arrow.PrimitiveTypes.Int64, Nullable: true}),
			append(append([]arrow.Array(nil), cols...), extra)), "extra"},
		{"columns swapped", func() arrow.RecordBatch {
			fs := append([]arrow.Field(nil), fields...)
			cs := append([]arrow.Array(nil), cols...)
			fs[1], fs[2], cs[1], cs[2] = fs[2], fs[1], cs[2], cs[1]
			return build(fs, cs)
		}(), "s"},
		{"NOT NULL column holds a NULL", with(0, arrow.Field{Name: "id", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, idWithNull), "id"},
		{"NOT NULL column declared nullable, no NULLs", with(0, arrow.Field{Name: "id", Type: arrow.PrimitiveTypes.Int64, Nullable: true}, cols[0]), ""},
		{"nullable column declared NOT NULL", with(xs, arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Int64, Nullable: false}, cols[xs]), ""},
	} {
		for _, name := range queries {
			fn, _, _ := edge.Lookup(name)
			out, err, panicked := harness.Call(fn, tc.in, mem)
			switch {
			case panicked:
				t.Errorf("%s: query %s panicked: %v", tc.what, name, err)
			case tc.column == "" && err != nil && !strings.Contains(err.Error(), "row "):
				t.Errorf("%s: query %s: unexpected error %v", tc.what, name, err)
			case tc.column != "" && err == nil:
				t.Errorf("%s: query %s: no error", tc.what, name)
			case tc.column != "" && !strings.Contains(err.Error(), `"`+tc.column+`"`):
				t.Errorf("%s: query %s: error does not name column %q: %v", tc.what, name, tc.column, err)
			}
			if out != nil {
				out.Release()
			}
		}
		tc.in.Release()
	}
}

// TestConcurrent calls every evaluator from 8 goroutines at once, each on its
// own batches, and compares with the sequential outcomes (run with -race).
func TestConcurrent(t *testing.T) {
	prog, tab, mem := setup(t)
	const workers, rounds = 8, 6
	var batches [workers]arrow.RecordBatch
	var want [workers][]string
	for w := range batches {
		in, err := harness.Rows(tab, 200+37*w, 11*w, mem)
		if err != nil {
			t.Fatal(err)
		}
		batches[w] = in
		want[w] = same(t, "sequential", prog, in, mem)
	}
	var wg sync.WaitGroup
	errs := make(chan string, workers*rounds*len(queries))
	for w := range batches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range rounds {
				for j, name := range queries {
					fn, _, _ := edge.Lookup(name)
					if got := harness.Generated(fn, batches[w], mem); got != want[w][j] {
						errs <- fmt.Sprintf("worker %d query %s: %s", w, name, harness.Diff(got, want[w][j]))
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	for _, b := range batches {
		b.Release()
	}
}

// TestDirectOutputs runs query Direct over batches without NULLs, where the
// fused loops of its conditionals write their output arrays directly: a clean
// batch, one whose last column fails on a row (the arrays written must be
// released), and one where a row lacks map key 'k' (the loop stops and the
// vector code computes the column). The checked allocator catches leaks.
// With some NULLs (a NULL x, map, item and string on a few rows), the fused
// loops leave those rows to the vector code and merge its results. Query
// Flagged has fused roots whose kernels can fail (x = 4 divides by zero
// unless guarded; x = 0 in a later column).
func TestDirectOutputs(t *testing.T) {
	prog, tab, mem := setup(t)
	for _, tc := range []struct {
		what    string
		zeroX   int // row whose x is 0, or -1
		missing int // row whose map lacks 'k', or -1
		nulls   bool
	}{{"clean", -1, -1, false}, {"error in a later column", 7, -1, false}, {"missing map key", -1, 5, false}, {"both", 9, 4, false},
		{"some NULLs", -1, -1, true}, {"some NULLs, a missing key and an error", 9, 4, true}} {
		in, err := harness.Batch(tab, 12, func(r, c int) any {
			name := tab.Columns[c].Name
			// Rows 0, 2, 6, 8, 9 and 11 pass the WHERE clause and take the
			// branch that reads the NULL.
			if tc.nulls && (r == 6 && (name == "x" || name == "i") || r == 0 && name == "m" || r == 9 && name == "s" ||
				r == 2 && name == "dt" || r == 11 && name == "b") {
				return nil
			}
			if tc.nulls && r == 8 && name == "m" {
				return &ir.MapValue{Keys: []any{"k"}, Values: []any{nil}}
			}
			switch name {
			case "id":
				return int64(r)
			case "s":
				return fmt.Sprintf("s%d", r)
			case "x":
				if r == tc.zeroX {
					return int64(0)
				}
				return int64(r%6 + 1)
			case "d":
				return float64(r) / 4
			case "b":
				return r%2 == 0
			case "dt":
				return ir.Date(19000 + r)
			case "i":
				return int32(r * 3)
			case "m":
				if r == tc.missing {
					return &ir.MapValue{Keys: []any{"j"}, Values: []any{int64(r)}}
				}
				return &ir.MapValue{Keys: []any{"a", "k"}, Values: []any{int64(1), int64(r % 3)}}
			}
			return nil
		}, mem)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"Direct", "Flagged"} {
			fn, _, _ := edge.Lookup(q)
			got := harness.Generated(fn, in, mem)
			want := harness.Interpreted(prog.Query(q), in, mem)
			if got != want {
				t.Errorf("%s: query %s: generated differs from interpreter: %s", tc.what, q, harness.Diff(got, want))
			}
		}
		in.Release()
	}
}
