package interp_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

const spec = `
CREATE TABLE t (a BIGINT, b BIGINT, s VARCHAR);

-- name: Cols
SELECT 10 DIV a AS first, 10 DIV b AS second FROM t;

-- name: Filtered
SELECT 10 DIV a AS q FROM t WHERE a <> 0;

-- name: WhereFirst
SELECT 10 DIV b AS q FROM t WHERE 10 DIV a > 0;

-- name: ConstErr
SELECT 1 DIV 0 AS boom FROM t;

-- name: Star
SELECT * FROM t WHERE s IS NOT NULL;
`

func compile(t *testing.T) *compiler.Program {
	t.Helper()
	prog, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(spec)})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// batch builds a batch of t from rows of (a, b, s); nil entries are NULL.
func batch(t *testing.T, mem memory.Allocator, rows [][3]any) arrow.RecordBatch {
	t.Helper()
	prog := compile(t)
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(prog.Table("t").Columns))
	defer b.Release()
	for _, r := range rows {
		for i, v := range r {
			if err := interp.AppendValue(b.Field(i), v); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.NewRecordBatch()
}

func run(t *testing.T, name string, rows [][3]any, sizes ...int) (string, *ir.QueryError) {
	t.Helper()
	prog := compile(t)
	q := prog.Query(name)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	if len(sizes) == 0 {
		sizes = []int{len(rows)}
	}
	var out []string
	start := 0
	for _, n := range sizes {
		if start+n > len(rows) {
			n = len(rows) - start
		}
		in := batch(t, mem, rows[start:start+n])
		res, err := interp.Eval(context.Background(), q, in, int64(start), mem)
		in.Release()
		var qe *ir.QueryError
		if errors.As(err, &qe) {
			return "", qe
		}
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < int(res.NumRows()); i++ {
			var cells []string
			for c := 0; c < int(res.NumCols()); c++ {
				read, _ := interp.ColumnReader(res.Column(c))
				cells = append(cells, ir.FormatValue(read(i)))
			}
			out = append(out, strings.Join(cells, ","))
		}
		res.Release()
		start += n
	}
	return strings.Join(out, ";"), nil
}

func TestFirstErrorIsLowestRowThenColumn(t *testing.T) {
	rows := [][3]any{{int64(1), int64(1), nil}, {int64(2), int64(0), nil}, {int64(0), int64(0), nil}}
	for _, sizes := range [][]int{nil, {1, 1, 1}, {2, 1}} {
		_, qe := run(t, "Cols", rows, sizes...)
		if qe == nil || qe.Row != 1 || qe.Column != "second" || qe.Err.Class != ir.ErrDivideByZero {
			t.Fatalf("sizes %v: got %+v", sizes, qe)
		}
	}
	// Row 2 fails in both columns: the first column is reported.
	_, qe := run(t, "Cols", rows[2:])
	if qe == nil || qe.Row != 0 || qe.Column != "first" {
		t.Fatalf("got %+v", qe)
	}
}

func TestFilteredRowsNeverFail(t *testing.T) {
	rows := [][3]any{{int64(0), nil, nil}, {int64(5), nil, nil}, {int64(0), nil, nil}, {int64(2), nil, nil}}
	got, qe := run(t, "Filtered", rows, 3, 1)
	if qe != nil || got != "2;5" {
		t.Fatalf("got %q, %v", got, qe)
	}
}

func TestWhereCountsBeforeColumns(t *testing.T) {
	rows := [][3]any{{int64(0), int64(0), nil}}
	_, qe := run(t, "WhereFirst", rows)
	if qe == nil || qe.Column != "WHERE" || qe.Row != 0 {
		t.Fatalf("got %+v", qe)
	}
	// NULL WHERE drops the row, so the column's error never happens.
	got, qe := run(t, "WhereFirst", [][3]any{{nil, int64(0), nil}})
	if qe != nil || got != "" {
		t.Fatalf("got %q %+v", got, qe)
	}
}

func TestFailingConstantFailsOnlyWhenReached(t *testing.T) {
	got, qe := run(t, "ConstErr", nil)
	if qe != nil || got != "" {
		t.Fatalf("empty input: got %q %+v", got, qe)
	}
	_, qe = run(t, "ConstErr", [][3]any{{nil, nil, nil}})
	if qe == nil || qe.Err.Class != ir.ErrDivideByZero {
		t.Fatalf("got %+v", qe)
	}
}

func TestStarKeepsColumns(t *testing.T) {
	got, qe := run(t, "Star", [][3]any{{int64(1), nil, "x"}, {int64(2), nil, nil}})
	if qe != nil || got != "1,NULL,x" {
		t.Fatalf("got %q %+v", got, qe)
	}
}

func TestSchemaMismatchIsAnError(t *testing.T) {
	prog := compile(t)
	mem := memory.NewGoAllocator()
	b := array.NewRecordBuilder(mem, arrow.NewSchema([]arrow.Field{{Name: "a", Type: arrow.BinaryTypes.String, Nullable: true}}, nil))
	defer b.Release()
	in := b.NewRecordBatch()
	defer in.Release()
	_, err := interp.Eval(context.Background(), prog.Query("Cols"), in, 0, mem)
	if err == nil || !strings.Contains(err.Error(), "columns") {
		t.Fatalf("got %v", err)
	}
}
