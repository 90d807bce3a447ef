package semcases_test

import (
	"context"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

// TestInterpreter runs every semantic case through the reference interpreter.
func TestInterpreter(t *testing.T) {
	cases, err := semcases.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 100 {
		t.Fatalf("only %d cases loaded", len(cases))
	}
	prog, err := compiler.CompileSources([]string{"cases.sql"}, map[string][]byte{"cases.sql": []byte(semcases.Spec(cases))})
	if err != nil {
		t.Fatalf("cases do not compile:\n%v", err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	for i, c := range cases {
		q := prog.Query(c.Name(i))
		in, err := semcases.Batch(q.Source, c.Row, mem)
		if err != nil {
			t.Errorf("%s: %v", c.Where(), err)
			continue
		}
		got := evalOne(t, c.Context(context.Background()), q, in, mem)
		in.Release()
		if got != c.Want {
			t.Errorf("%s\n  row  %v\n  got  %s\n  want %s\n  ir   %s", c.Where(), c.Row, got, c.Want, ir.Format(q.Outputs[0].Expr))
		}
		if c.WantType != "" && q.Outputs[0].Expr.Type().String() != c.WantType {
			t.Errorf("%s: type %s, want %s", c.Where(), q.Outputs[0].Expr.Type(), c.WantType)
		}
	}
}

func evalOne(t *testing.T, ctx context.Context, q *ir.Query, in arrow.RecordBatch, mem memory.Allocator) string {
	t.Helper()
	rec, err := interp.Eval(ctx, q, in, 0, mem)
	var qe *ir.QueryError
	if errors.As(err, &qe) {
		return semcases.Render(ir.Outcome{Err: qe.Err})
	}
	if err != nil {
		t.Fatalf("%s: %v", q.Name, err)
	}
	defer rec.Release()
	if rec.NumRows() != 1 {
		t.Fatalf("%s: %d rows", q.Name, rec.NumRows())
	}
	text, err := semcases.ColumnText(rec.Column(0))
	if err != nil {
		t.Fatal(err)
	}
	return text(0)
}
