package shapes

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/check/probe"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// Evaluator is the type of a generated evaluator (the Evaluator of every
// package exprc generates).
type Evaluator = func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error)

// Options tune Check.
type Options struct {
	// BatchSizes are the sizes the input is split into for the generated
	// evaluators; 0 means the whole input as one batch. Default: 1, 7, 0.
	BatchSizes []int
	// Mem allocates every batch; default memory.DefaultAllocator.
	Mem memory.Allocator
	// MaxMessages caps the messages kept per report (the counts are exact);
	// default 5.
	MaxMessages int
	// Batch also runs the query through the batch engine (package
	// codegen/batch), with and without CSE, at the same batch sizes and
	// under the same rules as the generated evaluators. It needs no
	// generated code: Check plans and compiles the query itself.
	Batch bool
}

// Report is the outcome of checking one query on one data set.
type Report struct {
	Query string
	Rows  int
	// Runs is the number of complete runs compared (interpreter as written and
	// shared, and each generated evaluator and batch engine plan at each batch
	// size).
	Runs int
	// Probes is the number of probe evaluations of the query as written, on
	// every row and every output (the reference set).
	Probes int
	// Decisions counts the plan's shared subexpressions by decision.
	Decisions map[string]int
	// NumViolations counts probe evaluations that ran twice on a row with
	// sharing, or on a row where the query as written does not run them;
	// NumDifferences counts runs whose result or error differs from the
	// interpreter's. Violations and Differences describe the first few.
	NumViolations, NumDifferences int
	Violations, Differences       []string
	// Kinds counts the violations and differences by kind (the messages'
	// subjects, e.g. "generated with CSE: ran twice").
	Kinds map[string]int
	// BatchPlans counts the plans the batch engine ran (with and without
	// CSE; 0 without Options.Batch); BatchSkipped counts, by reason, the
	// plans it does not run yet (*batch.Unsupported), which are not checked.
	BatchPlans   int
	BatchSkipped map[string]int

	max int
}

// OK reports whether the query passed.
func (r *Report) OK() bool { return r.NumViolations == 0 && r.NumDifferences == 0 }

// Err returns nil when the query passed, or an error describing what failed.
func (r *Report) Err() error {
	if r.OK() {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "query %s (%d rows): %d violations, %d differences", r.Query, r.Rows, r.NumViolations, r.NumDifferences)
	for _, v := range r.Violations {
		b.WriteString("\n  violation: " + v)
	}
	for _, d := range r.Differences {
		b.WriteString("\n  difference: " + d)
	}
	return errors.New(b.String())
}

func (r *Report) violation(kind, format string, args ...any) {
	r.NumViolations++
	r.Kinds[kind]++
	if len(r.Violations) < r.max {
		r.Violations = append(r.Violations, fmt.Sprintf(format, args...))
	}
}

func (r *Report) difference(kind, format string, args ...any) {
	r.NumDifferences++
	r.Kinds[kind]++
	if len(r.Differences) < r.max {
		r.Differences = append(r.Differences, fmt.Sprintf(format, args...))
	}
}

// counts are probe evaluations per (tag, row).
type counts = map[[2]int64]int

// Check runs query q over data in every way and compares:
//
//   - the reference set A: the probe evaluations of the query as written, on
//     every row, of the WHERE clause and, on the rows it passes, of every
//     output (interp.EvalExpr, not stopping at the first error);
//   - interp.Eval (as written): its result is the reference result, and its
//     probe evaluations must be in A;
//   - interp.EvalShared with cse.Analyze(q): the same result, each probe at
//     most once per (tag, row), and exactly the (tag, row) pairs interp.Eval
//     evaluated (sharing changes how often, never what);
//   - withCSE and noCSE (either may be nil), over the data split into batches
//     of each of opts.BatchSizes: the same result (values, NULLs, and the
//     error's class, message, row, column and expression text); withCSE runs
//     each probe at most once per (tag, row) and only on pairs in A; noCSE runs
//     each pair at most as often as A does;
//   - with opts.Batch, the batch engine (package codegen/batch) with CSE and
//     without, as withCSE and noCSE under the same rules. probe has no vector
//     form, so the engine calls it per row under vec.Strict, like generated
//     code's general path.
//
// A generated evaluator's probe evaluation outside A is labelled with whether
// it is explained by a deciding condition that failed (conditionErrorSet), the
// one cause found so far, or unexplained.
//
// Probe counts are per complete run (all batches), read from the global probe
// recorder, so Check must not run concurrently with anything else that
// evaluates probe. The returned error is for failures of the check itself (an
// evaluator returning something other than a result or a query error);
// violations and differences are in the Report.
func Check(q *ir.Query, data arrow.RecordBatch, withCSE, noCSE Evaluator, opts *Options) (*Report, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.BatchSizes == nil {
		o.BatchSizes = []int{1, 7, 0}
	}
	if o.Mem == nil {
		o.Mem = memory.DefaultAllocator
	}
	if o.MaxMessages == 0 {
		o.MaxMessages = 5
	}
	rep := &Report{Query: q.Name, Rows: int(data.NumRows()), Decisions: map[string]int{}, Kinds: map[string]int{}, BatchSkipped: map[string]int{}, max: o.MaxMessages}
	plan := cse.Analyze(q)
	for _, s := range plan.Shared {
		rep.Decisions[s.Decision.String()]++
	}

	all, err := asWritten(q, data)
	if err != nil {
		return nil, err
	}
	for _, n := range all {
		rep.Probes += n
	}

	// explain says why a probe ran outside the reference set, computing the
	// widened set (conditionErrorSet) the first time it is needed.
	var widenedSet counts
	explain := func(k [2]int64) (string, error) {
		if widenedSet == nil {
			var err error
			if widenedSet, err = conditionErrorSet(q, data); err != nil {
				return "", err
			}
		}
		if widenedSet[k] > 0 {
			return " (a deciding condition was an error)", nil
		}
		return " (unexplained)", nil
	}

	ctx := context.Background()
	whole := int(data.NumRows())
	probe.Reset()
	want, err := render(func(part arrow.RecordBatch, base int64) (arrow.RecordBatch, error) {
		return interp.Eval(ctx, q, part, base, o.Mem)
	}, data, whole)
	if err != nil {
		return nil, fmt.Errorf("query %s: interpreter: %w", q.Name, err)
	}
	rep.Runs++
	written := probe.Counts()
	for k := range written {
		if all[k] == 0 {
			rep.violation("interpreter as written: ran outside the reference set", "interpreter as written: probe %d ran on row %d, outside the reference set", k[0], k[1])
		}
	}

	probe.Reset()
	got, err := render(func(part arrow.RecordBatch, base int64) (arrow.RecordBatch, error) {
		return interp.EvalShared(ctx, q, plan, part, base, o.Mem)
	}, data, whole)
	if err != nil {
		return nil, fmt.Errorf("query %s: interpreter with sharing: %w", q.Name, err)
	}
	rep.Runs++
	shared := probe.Counts()
	if got != want {
		rep.difference("interpreter with sharing: result differs", "interpreter with sharing: %s", diff(got, want))
	}
	for _, k := range keys(shared) {
		if shared[k] > 1 {
			rep.violation("interpreter with sharing: ran twice", "interpreter with sharing: probe %d ran %d times on row %d", k[0], shared[k], k[1])
		}
		if written[k] == 0 {
			rep.violation("interpreter with sharing: ran where as written does not", "interpreter with sharing: probe %d ran on row %d, where the interpreter as written does not run it", k[0], k[1])
		}
	}
	for _, k := range keys(written) {
		if shared[k] == 0 {
			rep.violation("interpreter with sharing: did not run where as written does", "interpreter with sharing: probe %d did not run on row %d, where the interpreter as written runs it", k[0], k[1])
		}
	}

	engines := []engine{{"generated with CSE", withCSE, true}, {"generated without CSE", noCSE, false}}
	if o.Batch {
		be, err := batchEngines(q, rep)
		if err != nil {
			return nil, err
		}
		engines = append(engines, be...)
	}
	for _, ev := range engines {
		if ev.fn == nil {
			continue
		}
		eval := vec.AtRow(ev.fn)
		run := func(part arrow.RecordBatch, base int64) (arrow.RecordBatch, error) {
			return eval(ctx, part, base, o.Mem)
		}
		for _, size := range o.BatchSizes {
			if size <= 0 {
				size = whole
			}
			probe.Reset()
			got, err := render(run, data, size)
			if err != nil {
				return nil, fmt.Errorf("query %s: %s: %w", q.Name, ev.name, err)
			}
			rep.Runs++
			c := probe.Counts()
			if got != want {
				rep.difference(ev.name+": result differs", "%s, batch size %d: %s", ev.name, size, diff(got, want))
			}
			for _, k := range keys(c) {
				switch {
				case all[k] == 0:
					why, err := explain(k)
					if err != nil {
						return nil, err
					}
					rep.violation(ev.name+": ran where as written does not"+why, "%s, batch size %d: probe %d ran on row %d, where the query as written does not run it%s", ev.name, size, k[0], k[1], why)
				case ev.cse && c[k] > 1:
					rep.violation(ev.name+": ran twice", "%s, batch size %d: probe %d ran %d times on row %d", ev.name, size, k[0], c[k], k[1])
				case !ev.cse && c[k] > all[k]:
					rep.violation(ev.name+": ran more often than as written", "%s, batch size %d: probe %d ran %d times on row %d, more than the %d times as written", ev.name, size, k[0], c[k], k[1], all[k])
				}
			}
		}
	}
	return rep, nil
}

// engine is an evaluator Check compares with the interpreter; cse says
// whether it shares subexpressions (each probe at most once per row) or runs
// the query as written (each probe at most as often as the reference set).
type engine struct {
	name string
	fn   Evaluator
	cse  bool
}

// batchEngines compiles q for the batch engine with and without CSE, from
// plans without fused loops as the engine runs them, counting in rep the
// plans it runs and those it does not run yet (left out).
func batchEngines(q *ir.Query, rep *Report) ([]engine, error) {
	var engines []engine
	for _, v := range []struct {
		name  string
		noCSE bool
	}{{"batch engine with CSE", false}, {"batch engine without CSE", true}} {
		pq, err := lower.PlanQuery(q, lower.Options{NoCSE: v.noCSE, Unfused: true})
		if err != nil {
			return nil, fmt.Errorf("query %s: %s: plan: %w", q.Name, v.name, err)
		}
		bq, err := batch.Compile(pq)
		var un *batch.Unsupported
		if errors.As(err, &un) {
			rep.BatchSkipped[un.What]++
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("query %s: %s: %w", q.Name, v.name, err)
		}
		rep.BatchPlans++
		engines = append(engines, engine{v.name, bq.Eval, !v.noCSE})
	}
	return engines, nil
}

// asWritten returns the reference set: the probe evaluations of q as written,
// row by row, of the WHERE clause and, where it is TRUE, of every output,
// without stopping at errors.
func asWritten(q *ir.Query, data arrow.RecordBatch) (counts, error) {
	cols := make([]func(int) any, data.NumCols())
	for i := range cols {
		r, err := interp.ColumnReader(data.Column(i))
		if err != nil {
			return nil, err
		}
		cols[i] = r
	}
	probe.Reset()
	row := &readRow{cols: cols}
	for i := range int(data.NumRows()) {
		row.i = i
		if q.Filter != nil {
			if o := interp.EvalExpr(q.Filter, row); o.Err != nil || o.V != true {
				continue
			}
		}
		for _, out := range q.Outputs {
			interp.EvalExpr(out.Expr, row)
		}
	}
	return probe.Counts(), nil
}

type readRow struct {
	cols []func(int) any
	i    int
}

func (r *readRow) Column(i int) any { return r.cols[i](r.i) }

// render runs a query over in split into batches of size rows and renders the
// whole run as text: every output row, or the query error with its row
// (counted across batches), column, class, message and expression. Errors that
// are not query errors are returned.
func render(run func(part arrow.RecordBatch, base int64) (arrow.RecordBatch, error), in arrow.RecordBatch, size int) (string, error) {
	var b strings.Builder
	n := int(in.NumRows())
	if size <= 0 {
		size = max(n, 1)
	}
	for start := 0; start < n || start == 0 && n == 0; start += size {
		end := min(start+size, n)
		part := in.NewSlice(int64(start), int64(end))
		out, err := run(part, int64(start))
		part.Release()
		var qe *ir.QueryError
		if errors.As(err, &qe) { // the query fails as a whole: earlier rows do not count
			return fmt.Sprintf("error row %d column %s %s: %s [%s]", qe.Row, qe.Column, qe.Err.Class, qe.Err.Message(), qe.Expr), nil
		}
		if err != nil {
			return "", err
		}
		readers := make([]func(int) any, out.NumCols())
		for c := range readers {
			if readers[c], err = interp.ColumnReader(out.Column(c)); err != nil {
				out.Release()
				return "", err
			}
		}
		for r := range int(out.NumRows()) {
			for _, read := range readers {
				b.WriteString(renderValue(read(r)))
				b.WriteByte('|')
			}
			b.WriteByte('\n')
		}
		out.Release()
		if n == 0 {
			break
		}
	}
	return b.String(), nil
}

func renderValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case string:
		return strconv.Quote(v)
	}
	return fmt.Sprint(v)
}

// diff describes the first line where got and want differ.
func diff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("output line %d: got %s, want %s", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d output lines, want %d", len(g)-1, len(w)-1)
}

func keys(c counts) [][2]int64 {
	ks := make([][2]int64, 0, len(c))
	for k := range c {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i][1] != ks[j][1] {
			return ks[i][1] < ks[j][1]
		}
		return ks[i][0] < ks[j][0]
	})
	return ks
}
