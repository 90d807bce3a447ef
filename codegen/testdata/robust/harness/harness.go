// Package harness runs generated evaluators and the reference interpreter over
// the same batches and renders both outcomes as text, so a test compares them
// with ==. Every call of generated code is wrapped in recover: a panic is
// reported as an outcome, never a crash of the test binary.
package harness

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	casefiles "github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// Evaluator is the signature of a generated query function.
type Evaluator = func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error)

// Load compiles the spec beside the test.
func Load(path string) (*compiler.Program, error) {
	return compiler.Compile([]string{path})
}

// Call runs fn over in, turning a panic into an error that says so.
func Call(fn Evaluator, in arrow.RecordBatch, mem memory.Allocator) (out arrow.RecordBatch, err error, panicked bool) {
	defer func() {
		if p := recover(); p != nil {
			out, err, panicked = nil, fmt.Errorf("PANIC: %v\n%s", p, debug.Stack()), true
		}
	}()
	out, err = fn(context.Background(), in, mem)
	return out, err, false
}

// Generated renders the outcome of generated evaluator fn on in.
func Generated(fn Evaluator, in arrow.RecordBatch, mem memory.Allocator) string {
	out, err, _ := Call(fn, in, mem)
	return render(out, err)
}

// Interpreted renders the outcome of the interpreter on in.
func Interpreted(q *ir.Query, in arrow.RecordBatch, mem memory.Allocator) string {
	fn := func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
		return interp.Eval(ctx, q, in, 0, mem)
	}
	out, err, _ := Call(fn, in, mem)
	return render(out, err)
}

// render prints a result batch (schema, then one line per row) or an error. A
// query error prints every field; any other error only that there was one,
// because the interpreter and generated code word schema errors differently.
func render(out arrow.RecordBatch, err error) string {
	var qe *vec.QueryError
	switch {
	case errors.As(err, &qe):
		return fmt.Sprintf("error row %d column %q expr %q: %s: %s", qe.Row, qe.Column, qe.Expr, qe.Err.Class, qe.Err.Message())
	case err != nil && strings.HasPrefix(err.Error(), "PANIC"):
		return err.Error()
	case err != nil:
		return "error (not a query error)"
	}
	defer out.Release()
	var b strings.Builder
	for _, f := range out.Schema().Fields() {
		fmt.Fprintf(&b, "%q %s nullable=%v|", f.Name, f.Type, f.Nullable)
	}
	b.WriteByte('\n')
	for c := 0; c < int(out.NumCols()); c++ {
		if out.Column(c).Len() != int(out.NumRows()) {
			fmt.Fprintf(&b, "column %d has %d rows, batch %d\n", c, out.Column(c).Len(), out.NumRows())
		}
	}
	for r := 0; r < int(out.NumRows()); r++ {
		for c := 0; c < int(out.NumCols()); c++ {
			text, err := casefiles.ColumnText(out.Column(c))
			if err != nil {
				return "unreadable output column: " + err.Error()
			}
			b.WriteString(text(r))
			b.WriteByte('|')
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Diff describes the first difference of two renderings, shortened so that a
// mismatch on a 1 MiB string stays readable.
func Diff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d\n  generated   %s\n  interpreter %s", i, short(g[i]), short(w[i]))
		}
	}
	return fmt.Sprintf("generated %d lines, interpreter %d", len(g), len(w))
}

func short(s string) string {
	if len(s) > 600 {
		return s[:300] + fmt.Sprintf(" ...(%d bytes)... ", len(s)-600) + s[len(s)-300:]
	}
	return s
}

// Strings are awkward VARCHAR values: quotes of every kind, comment markers,
// newlines, non-ASCII, invisible characters and LIKE metacharacters.
var Strings = []string{
	"", "a", "abc", "ABC", "it's */ // \"x\" `y`\ntab\there", "日本", "ü", "🎉", "\u2028", "\ufeff",
	"a%b_c", "  padded  ", "yes */", "x\r\ny", "\\", "nil",
}

// Value returns a deterministic value of type t for row r and column c, NULL on
// some rows of nullable columns.
func Value(t ir.Type, nullable bool, r, c int) any {
	h := r*31 + c*17
	if nullable && h%7 == 3 {
		return nil
	}
	switch t.Kind {
	case ir.KindBoolean:
		return h%3 == 0
	case ir.KindInt:
		return int32(h%41 - 20)
	case ir.KindBigint:
		return int64(h%101 - 50)
	case ir.KindDouble:
		return float64(h%23-11) / 4
	case ir.KindVarchar:
		return Strings[h%len(Strings)]
	case ir.KindDate:
		return ir.Date(19000 + h%900)
	case ir.KindMap:
		m := &ir.MapValue{}
		for j := 0; j < h%4; j++ {
			m.Keys = append(m.Keys, Value(*t.Key, false, r+j, c+1))
			m.Values = append(m.Values, Value(*t.Value, true, r+j, c+2))
		}
		return m
	}
	panic("harness: no values of type " + t.String())
}

// Batch builds a batch of table t with rows from row(r, c).
func Batch(t *ir.Table, rows int, row func(r, c int) any, mem memory.Allocator) (arrow.RecordBatch, error) {
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(t.Columns))
	defer b.Release()
	for r := 0; r < rows; r++ {
		for c := range t.Columns {
			if err := interp.AppendValue(b.Field(c), row(r, c)); err != nil {
				return nil, fmt.Errorf("row %d column %s: %w", r, t.Columns[c].Name, err)
			}
		}
	}
	return b.NewRecordBatch(), nil
}

// Rows builds a batch of table t whose values come from Value, shifted by seed.
func Rows(t *ir.Table, rows, seed int, mem memory.Allocator) (arrow.RecordBatch, error) {
	return Batch(t, rows, func(r, c int) any {
		col := t.Columns[c]
		return Value(col.Type, col.Nullable, r+seed, c)
	}, mem)
}
