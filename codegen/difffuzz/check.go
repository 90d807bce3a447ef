package difffuzz

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/fieldsum"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// Evaluator is the signature of a generated query function.
type Evaluator = func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error)

// Lookup is the Lookup function of a generated package.
type Lookup = func(name string) (Evaluator, *arrow.Schema, bool)

// Generated holds the two generated packages of one spec.
type Generated struct {
	CSE, NoCSE Lookup
}

// Variant suffixes: a base query q has the TRY variant q_try and the permuted
// variant q_perm in the same spec.
const (
	trySuffix  = "_try"
	permSuffix = "_perm"
)

// Failure is one check that did not hold.
type Failure struct {
	Package int    `json:"package"`
	Query   string `json:"query"` // the base query
	Kind    string `json:"kind"`  // which check, e.g. "cse", "nocse-split", "try-rows", "perm-rows"
	Detail  string `json:"detail"`
	Got     string `json:"got,omitempty"`
	Want    string `json:"want,omitempty"`
	Rows    string `json:"rows"` // the data (EncodeRows), shrunk when the job asked for it
	NumRows int    `json:"num_rows"`
}

// Stats count what was checked.
type Stats struct {
	Queries    int   `json:"queries"`     // base queries
	Variants   int   `json:"variants"`    // TRY and permuted variants checked with them
	DataSets   int   `json:"data_sets"`   // base query x data set
	Rows       int64 `json:"rows"`        // input rows over all base query x data set
	Runs       int64 `json:"runs"`        // engine runs compared (each over a whole data set)
	ErrorSets  int   `json:"error_sets"`  // base query x data set where the query failed
	EmptySets  int   `json:"empty_sets"`  // ... where it returned no rows
	Generated  int   `json:"generated"`   // evaluators found in the generated packages
	ShrinkRuns int   `json:"shrink_runs"` // data shrinking checks
}

// Add adds o's counts to s, field by field.
func (s *Stats) Add(o Stats) { fieldsum.Add(s, o) }

// querySet is a base query with its variants (nil when not in the spec) and
// the generated evaluators found for each.
type querySet struct {
	table     *ir.Table
	q, qt, qp *ir.Query
	gen       Generated
	watch     *watch // nil: no hang detection
}

// engine runs a query over one batch; generated engines report rows relative
// to the batch, so run adds rowBase.
type engine struct {
	name string
	run  func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error)
}

func engines(q *ir.Query, gen Generated) []engine {
	plan := cse.Analyze(q)
	es := []engine{
		{"interp", func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.Eval(ctx, q, in, base, mem)
		}},
		{"interp-shared", func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.EvalShared(ctx, q, plan, in, base, mem)
		}},
	}
	for _, v := range []struct {
		name string
		l    Lookup
	}{{"cse", gen.CSE}, {"nocse", gen.NoCSE}} {
		if v.l == nil {
			continue
		}
		if ev, _, ok := v.l(q.Name); ok {
			es = append(es, engine{v.name, vec.AtRow(ev)})
		}
	}
	return es
}

// batchSizes are the splits an engine runs: the whole data set, one row per
// batch (for small data sets: it is the slowest), and a third of the rows
// plus two. The interpreter as written runs the whole data set only (it is
// the reference) and one split.
func batchSizes(n int) []int {
	sizes := []int{n}
	if n > 1 && n <= 40 {
		sizes = append(sizes, 1)
	}
	if k := 2 + n/3; k < n && k > 1 {
		sizes = append(sizes, k)
	}
	return sizes
}

// render runs e over in split into batches of size rows and prints the
// result: one line per output row, or the query's error. Panics are caught and
// printed, so a crash is a difference like any other.
func render(e engine, in arrow.RecordBatch, size int, mem memory.Allocator) (res string) {
	defer func() {
		if p := recover(); p != nil {
			res = fmt.Sprintf("PANIC: %v\n%s", p, firstLines(string(debug.Stack()), 12))
		}
	}()
	var b strings.Builder
	n := int(in.NumRows())
	for start := 0; start < n || start == 0; start += size {
		end := min(start+size, n)
		part := in.NewSlice(int64(start), int64(end))
		out, err := e.run(context.Background(), part, int64(start), mem)
		part.Release()
		if err != nil {
			var qe *ir.QueryError
			if errors.As(err, &qe) {
				return renderError(qe.Row, qe.Column, qe.Expr, qe.Err)
			}
			return "ENGINE ERROR: " + err.Error()
		}
		for r := 0; r < int(out.NumRows()); r++ {
			for c := 0; c < int(out.NumCols()); c++ {
				read, err := interp.ColumnReader(out.Column(c))
				if err != nil {
					out.Release()
					return "ENGINE ERROR: output: " + err.Error()
				}
				if c > 0 {
					b.WriteString(" | ")
				}
				b.WriteString(renderValue(read(r)))
			}
			b.WriteByte('\n')
		}
		out.Release()
		if size <= 0 {
			break
		}
	}
	return b.String()
}

func renderError(row int64, col, expr string, err *ir.EvalError) string {
	return fmt.Sprintf("ERROR row %d column %s (%s): %s: %s", row, col, expr, err.Class, err.Message())
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}

// renderValue prints a value exactly: doubles keep -0 and print every NaN
// alike, strings are quoted so that NULL and 'NULL' differ.
func renderValue(v any) string {
	switch v := v.(type) {
	case nil:
		return "NULL"
	case bool:
		return strconv.FormatBool(v)
	case int32:
		return strconv.FormatInt(int64(v), 10)
	case int64:
		return strconv.FormatInt(v, 10) + "L"
	case float64:
		if math.IsNaN(v) {
			return "NaN"
		}
		return strconv.FormatFloat(v, 'g', -1, 64) + "d"
	case string:
		return strconv.Quote(v)
	case ir.Date:
		return "DATE " + v.String()
	case *ir.MapValue:
		var b strings.Builder
		b.WriteString("{")
		for i := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(renderValue(v.Keys[i]) + ": " + renderValue(v.Values[i]))
		}
		b.WriteString("}")
		return b.String()
	}
	return fmt.Sprintf("?%T(%v)", v, v)
}

// rowOutcomes evaluates q's WHERE clause and outputs row by row with the
// interpreter's expression evaluator: the semantics' per-row outcomes, from
// which the query-level result (section 4 of docs/semantics.md) and the TRY
// and permutation expectations follow.
type rowOutcome struct {
	filter ir.Outcome   // TRUE when there is no WHERE
	outs   []ir.Outcome // only when filter is TRUE
}

type readRow struct {
	cols []func(int) any
	i    int
}

func (r *readRow) Column(i int) any { return r.cols[i](r.i) }

func rowOutcomes(q *ir.Query, in arrow.RecordBatch) (res []rowOutcome, panicked string) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprintf("PANIC: %v\n%s", p, firstLines(string(debug.Stack()), 12))
		}
	}()
	row := &readRow{}
	for c := 0; c < int(in.NumCols()); c++ {
		read, err := interp.ColumnReader(in.Column(c))
		if err != nil {
			return nil, "ENGINE ERROR: " + err.Error()
		}
		row.cols = append(row.cols, read)
	}
	res = make([]rowOutcome, in.NumRows())
	for i := range res {
		row.i = i
		ro := &res[i]
		ro.filter = ir.Outcome{V: true}
		if q.Filter != nil {
			ro.filter = interp.EvalExpr(q.Filter, row)
		}
		if ro.filter.Err != nil || ro.filter.V != true {
			continue
		}
		for _, o := range q.Outputs {
			ro.outs = append(ro.outs, interp.EvalExpr(o.Expr, row))
		}
	}
	return res, ""
}

// expected prints the result the per-row outcomes imply for q; with try set,
// the result of q's TRY variant (errors become NULL, a failing WHERE drops
// the row).
func expected(q *ir.Query, rows []rowOutcome, try bool) string {
	var b strings.Builder
	for i, ro := range rows {
		if ro.filter.Err != nil {
			if try {
				continue
			}
			return renderError(int64(i), "WHERE", q.FilterSQL, ro.filter.Err)
		}
		if ro.filter.V != true {
			continue
		}
		for j, o := range ro.outs {
			if o.Err != nil && !try {
				return renderError(int64(i), q.Outputs[j].Name, q.Outputs[j].SQL, o.Err)
			}
		}
		for j, o := range ro.outs {
			if j > 0 {
				b.WriteString(" | ")
			}
			if o.Err != nil {
				b.WriteString("NULL")
			} else {
				b.WriteString(renderValue(o.V))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// comparePerm checks that q and its permuted variant p have the same outcome
// on every row up to which error is reported: the same WHERE value or both
// failing, and on kept rows the same output values or both failing.
func comparePerm(q *ir.Query, a, b []rowOutcome) string {
	same := func(x, y ir.Outcome) bool {
		if (x.Err != nil) != (y.Err != nil) {
			return false
		}
		return x.Err != nil || renderValue(x.V) == renderValue(y.V)
	}
	show := func(o ir.Outcome) string {
		if o.Err != nil {
			return "error " + o.Err.Class
		}
		return renderValue(o.V)
	}
	for i := range a {
		if !same(a[i].filter, b[i].filter) {
			return fmt.Sprintf("row %d: WHERE is %s as written, %s permuted", i, show(a[i].filter), show(b[i].filter))
		}
		for j := range a[i].outs {
			if !same(a[i].outs[j], b[i].outs[j]) {
				return fmt.Sprintf("row %d: column %s is %s as written, %s permuted", i, q.Outputs[j].Name, show(a[i].outs[j]), show(b[i].outs[j]))
			}
		}
	}
	return ""
}

// checkSet runs every check of one query set over one data set. It returns
// the failures (Rows not yet filled in) and counts into st.
func checkSet(qs *querySet, in arrow.RecordBatch, mem memory.Allocator, st *Stats) []Failure {
	var fails []Failure
	fail := func(kind, detail, got, want string) {
		fails = append(fails, Failure{Query: qs.q.Name, Kind: kind, Detail: detail, Got: clip(got), Want: clip(want)})
	}
	n := int(in.NumRows())
	st.DataSets++
	st.Rows += int64(n)

	// compare runs every engine of query q at every batch size against want.
	compare := func(prefix string, q *ir.Query, want string) {
		for _, e := range engines(q, qs.gen) {
			for i, size := range batchSizes(n) {
				if e.name == "interp" && i == 0 {
					continue // want itself
				}
				st.Runs++
				qs.watch.step(fmt.Sprintf("%s of %s at batch size %d", e.name, q.Name, size))
				got := render(e, in, size, mem)
				if got != want {
					kind := prefix + e.name
					if i > 0 {
						kind += "-split"
					}
					fail(kind, fmt.Sprintf("%s of %s at batch size %d (of %d rows) differs from the interpreter over one batch", e.name, q.Name, size, n), got, want)
				}
			}
		}
	}

	base := engines(qs.q, Generated{})[0]
	qs.watch.step("the interpreter on " + qs.q.Name)
	want := render(base, in, n, mem)
	if strings.HasPrefix(want, "ERROR") {
		st.ErrorSets++
	} else if want == "" {
		st.EmptySets++
	}
	qs.watch.step("the interpreter row by row on " + qs.q.Name)
	rows, panicked := rowOutcomes(qs.q, in)
	if panicked != "" {
		fail("rows", "the interpreter's expression evaluator panicked", panicked, want)
		return fails
	}
	if exp := expected(qs.q, rows, false); exp != want {
		fail("rows", "the interpreter over the batch differs from its row-by-row outcomes (semantics section 4)", want, exp)
	}
	compare("", qs.q, want)

	if qs.qt != nil {
		wantT := render(engines(qs.qt, Generated{})[0], in, n, mem)
		if exp := expected(qs.q, rows, true); exp != wantT {
			fail("try-rows", "TRY(e) is not NULL exactly where e fails (interpreter)", wantT, exp)
		}
		compare("try/", qs.qt, wantT)
	}
	if qs.qp != nil {
		prow, panicked := rowOutcomes(qs.qp, in)
		if panicked != "" {
			fail("perm-rows", "the interpreter panicked on the permuted query", panicked, "")
		} else if d := comparePerm(qs.q, rows, prow); d != "" {
			fail("perm-rows", "permuting commutative operands changed an outcome: "+d, "", "")
		}
		wantP := render(engines(qs.qp, Generated{})[0], in, n, mem)
		compare("perm/", qs.qp, wantP)
	}
	return fails
}

func clip(s string) string {
	const max = 4000
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}

// sameKind reports whether fails hold a failure of kind.
func sameKind(fails []Failure, kind string) bool {
	for _, f := range fails {
		if f.Kind == kind {
			return true
		}
	}
	return false
}

// shrinkRows minimizes rows while the query set still fails with kind: it
// drops chunks of rows, then single rows, then simplifies single values
// (NULL, then a plain value of the type, then fewer map entries). It gives up
// after budget checks.
func shrinkRows(qs *querySet, rows Rows, kind string, mem memory.Allocator, budget int, st *Stats) Rows {
	fails := func(rs Rows) bool {
		if budget <= 0 {
			return false
		}
		budget--
		st.ShrinkRuns++
		in, err := Batch(qs.table.Columns, rs, mem)
		if err != nil {
			return false
		}
		defer in.Release()
		var scratch Stats
		return sameKind(checkSet(qs, in, mem, &scratch), kind)
	}
	// Drop rows: chunks from half the rows down to single rows.
	for chunk := len(rows) / 2; chunk >= 1; chunk /= 2 {
		for start := 0; start < len(rows); {
			cand := append(append(Rows(nil), rows[:start]...), rows[min(start+chunk, len(rows)):]...)
			if fails(cand) {
				rows = cand
			} else {
				start += chunk
			}
		}
	}
	// Simplify values.
	cols := qs.table.Columns
	for i := range rows {
		for c, col := range cols {
			for _, v := range simpler(rows[i][c], col) {
				cand := cloneRows(rows)
				cand[i][c] = v
				if fails(cand) {
					rows = cand
					break
				}
			}
		}
	}
	return rows
}

func cloneRows(rows Rows) Rows {
	out := make(Rows, len(rows))
	for i, r := range rows {
		out[i] = append([]any(nil), r...)
	}
	return out
}

// simpler lists candidate replacements of v, simplest first.
func simpler(v any, col ir.Column) []any {
	if v == nil {
		return nil
	}
	var out []any
	if col.Nullable {
		out = append(out, nil)
	}
	switch x := v.(type) {
	case bool:
		if x {
			out = append(out, false)
		}
	case int32:
		for _, s := range []int32{0, 1, -1} {
			if x != s {
				out = append(out, s)
			}
		}
	case int64:
		for _, s := range []int64{0, 1, -1} {
			if x != s {
				out = append(out, s)
			}
		}
	case float64:
		for _, s := range []float64{0, 1, -1} {
			if x != s || math.Signbit(x) {
				out = append(out, s)
			}
		}
	case string:
		for _, s := range []string{"", "a"} {
			if x != s {
				out = append(out, s)
			}
		}
	case ir.Date:
		if x != 0 {
			out = append(out, ir.Date(0))
		}
	case *ir.MapValue:
		for i := range x.Keys {
			m := &ir.MapValue{}
			m.Keys = append(append(m.Keys, x.Keys[:i]...), x.Keys[i+1:]...)
			m.Values = append(append(m.Values, x.Values[:i]...), x.Values[i+1:]...)
			out = append(out, m)
		}
		for i := range x.Values {
			if x.Values[i] != nil {
				m := &ir.MapValue{Keys: x.Keys, Values: append([]any(nil), x.Values...)}
				m.Values[i] = nil
				out = append(out, m)
			}
		}
	}
	return out
}
