package exprc_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc"
	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/templates/vec"
)

const ordersSpec = `
CREATE TABLE orders (id BIGINT NOT NULL, amount DOUBLE, qty INT, status VARCHAR);
-- name: Open
SELECT id, amount * 1.2 AS gross, upper(status) AS s
FROM orders
WHERE status = 'open' AND amount > 100;
-- name: PerUnit
SELECT id, amount / 2 AS half, CASE WHEN qty > 0 THEN id DIV qty END AS per FROM orders;
`

// orders is a batch of the orders table: id, amount, qty, status (nil: NULL).
func orders(t testing.TB, mem memory.Allocator, rows ...[4]any) arrow.RecordBatch {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "amount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "qty", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "status", Type: arrow.BinaryTypes.String, Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	for _, r := range rows {
		b.Field(0).(*array.Int64Builder).Append(r[0].(int64))
		if r[1] == nil {
			b.Field(1).AppendNull()
		} else {
			b.Field(1).(*array.Float64Builder).Append(r[1].(float64))
		}
		if r[2] == nil {
			b.Field(2).AppendNull()
		} else {
			b.Field(2).(*array.Int32Builder).Append(r[2].(int32))
		}
		if r[3] == nil {
			b.Field(3).AppendNull()
		} else {
			b.Field(3).(*array.StringBuilder).Append(r[3].(string))
		}
	}
	return b.NewRecordBatch()
}

// text renders a batch as lines of cells.
func text(t testing.TB, b arrow.RecordBatch) string {
	t.Helper()
	var s strings.Builder
	for r := 0; r < int(b.NumRows()); r++ {
		for c := 0; c < int(b.NumCols()); c++ {
			cell, err := semcases.ColumnText(b.Column(c))
			if err != nil {
				t.Fatal(err)
			}
			s.WriteString(cell(r))
			s.WriteByte('|')
		}
		s.WriteByte('\n')
	}
	return s.String()
}

// TestCompileAndEval compiles a spec from a string and evaluates its
// queries: the rows, the NULLs and a row's error as generated code gives
// them.
func TestCompileAndEval(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	prog, err := exprc.Compile(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(prog.QueryNames(), ","); got != "Open,PerUnit" {
		t.Errorf("QueryNames = %s", got)
	}
	in := orders(t, mem,
		[4]any{int64(1), 150.0, int32(3), "open"},
		[4]any{int64(2), 50.0, int32(2), "open"},
		[4]any{int64(3), 300.0, nil, "closed"},
		[4]any{int64(4), 1000.0, int32(0), "open"},
		[4]any{int64(5), nil, int32(1), nil},
	)
	defer in.Release()
	open, err := prog.Query("open")
	if err != nil {
		t.Fatal(err)
	}
	out, err := open.Eval(context.Background(), in, mem)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := text(t, out), "1|180.0|'OPEN'|\n4|1200.0|'OPEN'|\n"; got != want {
		t.Errorf("Open:\n%s\nwant\n%s", got, want)
	}
	if !out.Schema().Equal(open.OutputSchema()) {
		t.Errorf("schema %s, want %s", out.Schema(), open.OutputSchema())
	}
	out.Release()
	// id DIV qty fails where qty is 0: the CASE guards it
	perUnit, err := prog.Query("PerUnit")
	if err != nil {
		t.Fatal(err)
	}
	out, err = perUnit.Eval(context.Background(), in, mem)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := text(t, out), "1|75.0|0|\n2|25.0|1|\n3|150.0|NULL|\n4|500.0|NULL|\n5|NULL|5|\n"; got != want {
		t.Errorf("PerUnit:\n%s\nwant\n%s", got, want)
	}
	out.Release()
	// a row's error: the first failing row, as generated code reports it
	bad, err := exprc.CompileQuery("orders", in.Schema(), "SELECT id DIV qty AS d FROM orders")
	if err != nil {
		t.Fatal(err)
	}
	_, err = bad.Eval(context.Background(), in, mem)
	var qe *vec.QueryError
	if !errors.As(err, &qe) || qe.Row != 3 || qe.Column != "d" || qe.Err.Class != "DIVIDE_BY_ZERO" {
		t.Errorf("DIV by a zero qty: %v", err)
	}
}

// TestCompileErrors: a spec error is positioned as exprc check prints it.
func TestCompileErrors(t *testing.T) {
	_, err := exprc.Compile("CREATE TABLE t (a BIGINT);\n-- name: Q\nSELECT b + 1 AS c FROM t;\n")
	if err == nil || !strings.Contains(err.Error(), "3:8") || !strings.Contains(err.Error(), "b") {
		t.Errorf("unknown column: %v", err)
	}
	prog, err := exprc.Compile(ordersSpec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prog.Query("Nope"); err == nil || !strings.Contains(err.Error(), "Open, PerUnit") {
		t.Errorf("unknown query: %v", err)
	}
	schema := arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}, nil)
	if _, err := exprc.CompileQuery("t", schema, "SELECT x FROM t; SELECT x FROM t"); err == nil {
		t.Error("two statements compiled as one query")
	}
}

// TestConcurrentEval evaluates one compiled query, and one prepared query
// with subqueries, from several goroutines (make test runs it under the race
// detector).
func TestConcurrentEval(t *testing.T) {
	mem := memory.NewGoAllocator()
	prog, err := exprc.Compile(ordersSpec + `
-- name: Ranked
SELECT id, amount > (SELECT avg(amount) FROM orders WHERE qty > 3) AS above,
       EXISTS (SELECT 1 FROM orders o WHERE o.qty = orders.qty + 1 AND o.amount > orders.amount) AS beaten
FROM orders;
`)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][4]any
	for i := range 5000 {
		rows = append(rows, [4]any{int64(i), float64(i % 100), int32(i % 7), "open"})
	}
	in := orders(t, mem, rows...)
	defer in.Release()
	for _, name := range []string{"PerUnit", "Ranked"} {
		q, err := prog.Query(name)
		if err != nil {
			t.Fatal(err)
		}
		inner := in.NewSlice(0, 50)
		p, err := q.Prepare(context.Background(), map[string][]arrow.RecordBatch{"orders": {inner}}, mem)
		if err != nil {
			t.Fatal(err)
		}
		concurrent(t, p, in, mem)
		p.Release()
		inner.Release()
	}
}

// concurrent evaluates p over in from four goroutines at once, ten times
// each: every result is the first one.
func concurrent(t *testing.T, q *exprc.Prepared, in arrow.RecordBatch, mem memory.Allocator) {
	t.Helper()
	want, err := q.Eval(context.Background(), in, mem)
	if err != nil {
		t.Fatal(err)
	}
	wantText := text(t, want)
	want.Release()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				out, err := q.Eval(context.Background(), in, mem)
				if err != nil {
					t.Error(err)
					return
				}
				if text(t, out) != wantText {
					t.Error("a concurrent evaluation differs")
				}
				out.Release()
			}
		}()
	}
	wg.Wait()
}

// BenchmarkCompile measures compiling one query at run time, from its SQL
// text to an evaluator: parse, bind, the CSE analysis, lowering and the
// batch engine's compilation.
func BenchmarkCompile(b *testing.B) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "amount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "qty", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		{Name: "status", Type: arrow.BinaryTypes.String, Nullable: true},
	}, nil)
	for _, c := range []struct{ name, sql string }{
		{"filter", "SELECT id FROM orders WHERE status = 'open' AND amount > 100"},
		{"case", "SELECT CASE WHEN qty > 10 THEN amount * 0.9 WHEN qty > 5 THEN amount * 0.95 ELSE amount END AS price, upper(status) AS s FROM orders WHERE amount IS NOT NULL"},
		{"wide", wideSQL()},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := exprc.CompileQuery("orders", schema, c.sql); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// wideSQL is a SELECT of 40 columns over two shared subexpressions.
func wideSQL() string {
	var cols []string
	for i := range 40 {
		cols = append(cols, "(amount * (1 - qty / 100.0)) * "+string(rune('1'+i%9))+" + (amount * (1 - qty / 100.0) * (1 + id)) AS c"+strings.Repeat("x", i+1))
	}
	return "SELECT " + strings.Join(cols, ", ") + " FROM orders"
}

// TestPrepareSubqueries: a query with subqueries is prepared over the inner
// table, then evaluated.
func TestPrepareSubqueries(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	prog, err := exprc.Compile(ordersSpec + `
-- name: AboveAverage
SELECT id, amount > (SELECT avg(amount) FROM orders) AS above,
       status IN (SELECT status FROM orders WHERE amount > 500) AS big_status
FROM orders;
`)
	if err != nil {
		t.Fatal(err)
	}
	q, err := prog.Query("AboveAverage")
	if err != nil {
		t.Fatal(err)
	}
	if !q.HasSubqueries() {
		t.Error("HasSubqueries = false")
	}
	in := orders(t, mem,
		[4]any{int64(1), 100.0, int32(1), "open"},
		[4]any{int64(2), 900.0, int32(1), "closed"},
		[4]any{int64(3), 200.0, int32(1), "closed"},
		[4]any{int64(4), nil, int32(1), nil},
	)
	defer in.Release()
	if _, err := q.Eval(context.Background(), in, mem); err == nil {
		t.Error("Eval of a query with subqueries, unprepared: no error")
	}
	p, err := q.Prepare(context.Background(), map[string][]arrow.RecordBatch{"Orders": {in}}, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	out, err := p.Eval(context.Background(), in, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	if got, want := text(t, out), "1|false|false|\n2|true|true|\n3|false|true|\n4|NULL|NULL|\n"; got != want {
		t.Errorf("AboveAverage:\n%s\nwant\n%s", got, want)
	}
}
