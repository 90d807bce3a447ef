package difffuzz

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/check/fieldsum"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Evaluator is the signature of a generated query function.
type Evaluator = func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error)

// Lookup is the Lookup function of a generated package.
type Lookup = func(name string) (Evaluator, *arrow.Schema, bool)

// Prepare is the Prepare function of a generated package.
type Prepare = func(ctx context.Context, name string, tables vec.Tables, mem memory.Allocator) (Evaluator, *arrow.Schema, func(), error)

// Generated holds the two generated packages of one spec: their Lookup and
// Prepare functions. The checks run every query through Prepare (which
// builds a query's subqueries, or falls back to Lookup) and check that
// Lookup gives exactly the queries without subqueries.
type Generated struct {
	CSE, NoCSE               Lookup
	CSEPrepare, NoCSEPrepare Prepare
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
	// Of the above, the base queries that read subqueries, their settled
	// subqueries by form, and their data sets and error outcomes.
	SubQueries   int            `json:"sub_queries"`
	SubForms     map[string]int `json:"sub_forms,omitempty"`
	SubDataSets  int            `json:"sub_data_sets"`
	SubErrorSets int            `json:"sub_error_sets"`
	// The batch engine's plans (with and without CSE, of every query and
	// variant): those it ran, and those it does not run yet by reason
	// (*batch.Unsupported), which are not compared; BatchRuns are its runs
	// among Runs.
	BatchPlans   int            `json:"batch_plans"`
	BatchSkipped map[string]int `json:"batch_skipped,omitempty"`
	BatchRuns    int64          `json:"batch_runs"`
}

// Add adds o's counts to s, field by field.
func (s *Stats) Add(o Stats) { fieldsum.Add(s, o) }

// querySet is a base query with its variants (nil when not in the spec) and
// the generated evaluators found for each.
type querySet struct {
	tables    []*ir.Table // the query's table first, then the inner tables
	q, qt, qp *ir.Query
	gen       Generated
	batch     map[*ir.Query][]batchPlan // the batch engine's plans of the spec's queries
	watch     *watch                    // nil: no hang detection
}

// engine runs a query over one batch; generated engines report rows relative
// to the batch, so run adds rowBase. A query with subqueries is prepared
// over the data set's tables at the first run (so that a panic there is
// caught and reported like any other); release frees what it keeps.
type engine struct {
	name    string
	batch   bool // the batch engine's (counted in Stats.BatchRuns)
	run     func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error)
	release func()
}

type runFunc = func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error)

// interpEngine is the interpreter on q (with sharing when plan is set),
// its subqueries prepared over tables.
func interpEngine(name string, q *ir.Query, plan *cse.Plan, tables interp.Tables) engine {
	var share interp.Sharing
	if plan != nil {
		share = plan
	}
	var inner *interp.Inner
	var perr error
	prepared := len(q.Subqueries) == 0
	return engine{name: name, release: func() {}, run: func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
		if !prepared {
			prepared = true
			inner, perr = interp.Prepare(ctx, q, tables)
		}
		if perr != nil {
			return nil, fmt.Errorf("prepare: %w", perr)
		}
		return interp.EvalPrepared(ctx, q, share, inner, in, base, mem)
	}}
}

// generatedEngine is a generated package's evaluator of q, from Prepare
// over tables (from Lookup when the package has no Prepare).
func generatedEngine(name string, q *ir.Query, l Lookup, p Prepare, tables interp.Tables) (engine, bool) {
	if l == nil {
		return engine{}, false
	}
	ev, schema, ok := l(q.Name)
	if schema == nil {
		return engine{}, false // not in this package
	}
	if p == nil {
		if !ok {
			return engine{}, false
		}
		return engine{name: name, run: vec.AtRow(ev), release: func() {}}, true
	}
	var run runFunc
	var perr error
	var rel func()
	prepared := false
	e := engine{name: name}
	e.release = func() {
		if rel != nil {
			rel()
		}
	}
	e.run = func(ctx context.Context, in arrow.RecordBatch, base int64, mem memory.Allocator) (arrow.RecordBatch, error) {
		if !prepared {
			prepared = true
			var ev Evaluator
			ev, _, rel, perr = p(ctx, q.Name, vec.Tables(tables), mem)
			if perr == nil {
				run = vec.AtRow(ev)
			}
		}
		if perr != nil {
			return nil, fmt.Errorf("prepare: %w", perr)
		}
		return run(ctx, in, base, mem)
	}
	return e, true
}

// engines are the interpreter, with and without sharing, the generated
// packages that hold q, and the batch engine's plans of q. The interpreter
// and the package without CSE read the inner tables in several batches, the
// others in one (how a table is split cannot change a result). Release them
// with releaseEngines.
func engines(q *ir.Query, gen Generated, plans []batchPlan, x *input) []engine {
	es := []engine{interpEngine("interp", q, nil, x.tables), interpEngine("interp-shared", q, cse.Analyze(q), x.whole)}
	if e, ok := generatedEngine("cse", q, gen.CSE, gen.CSEPrepare, x.whole); ok {
		es = append(es, e)
	}
	if e, ok := generatedEngine("nocse", q, gen.NoCSE, gen.NoCSEPrepare, x.tables); ok {
		es = append(es, e)
	}
	return append(es, batchEngines(plans, x.tables)...)
}

func releaseEngines(es []engine) {
	for _, e := range es {
		e.release()
	}
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

// FuzzNow is the instant every engine's clock reads (current_timestamp(),
// current_date() ...; docs/semantics.md 10.8) in every case: fixed, so a
// case and its regression file give the same outcome on every run. It is
// a microsecond before Paris's clocks go forward in 2024 (01:59:59.999999
// CET, 20:59:59.999999 EDT on the day before in New York), so the clock's
// readings sit at a day's and a DST change's edge.
var FuzzNow = time.Date(2024, 3, 31, 0, 59, 59, 999999000, time.UTC)

// fuzzClock is FuzzNow as the interpreter's clock.
var fuzzClock = rt.ClockAt(FuzzNow)

// fuzzContext is the context every engine evaluates a case under: the
// clock fixed at FuzzNow.
func fuzzContext() context.Context { return rt.WithClock(context.Background(), FuzzNow) }

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
		out, err := e.run(fuzzContext(), part, int64(start), mem)
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
	case int8:
		return strconv.FormatInt(int64(v), 10) + "Y"
	case int16:
		return strconv.FormatInt(int64(v), 10) + "S"
	case float32:
		if math.IsNaN(float64(v)) {
			return "NaNf"
		}
		return strconv.FormatFloat(float64(v), 'g', -1, 32) + "f"
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
	case ir.Timestamp:
		return "TIMESTAMP " + strconv.FormatInt(int64(v), 10)
	case ir.TimestampNTZ:
		return "TIMESTAMP_NTZ " + strconv.FormatInt(int64(v), 10)
	case ir.YMInterval:
		return "YM " + strconv.FormatInt(int64(v), 10)
	case ir.DTInterval:
		return "DT " + strconv.FormatInt(int64(v), 10)
	case rt.Decimal: // both engines give one column one type: the unscaled value suffices
		return rt.FormatDecimal(v, 0) + "u"
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

func rowOutcomes(q *ir.Query, x *input, mem memory.Allocator) (res []rowOutcome, panicked string) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprintf("PANIC: %v\n%s", p, firstLines(string(debug.Stack()), 12))
		}
	}()
	in := x.in
	if len(q.Subqueries) > 0 {
		return preparedOutcomes(q, x, mem)
	}
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
			ro.filter = interp.EvalExprAt(q.Filter, row, fuzzClock)
		}
		if ro.filter.Err != nil || ro.filter.V != true {
			continue
		}
		for _, o := range q.Outputs {
			ro.outs = append(ro.outs, interp.EvalExprAt(o.Expr, row, fuzzClock))
		}
	}
	return res, ""
}

// preparedOutcomes is rowOutcomes for a query with subqueries, which
// interp.EvalExpr cannot evaluate: each expression (the WHERE clause, each
// output) is the one output of a query of its own over the same settled
// subqueries, run over the rows from the first one not known yet (an error
// at row r ends a run: the rows before it are run again, then the rows
// after it).
func preparedOutcomes(q *ir.Query, x *input, mem memory.Allocator) ([]rowOutcome, string) {
	ctx := fuzzContext()
	inner, err := interp.Prepare(ctx, q, x.tables)
	if err != nil {
		return nil, "ENGINE ERROR: prepare: " + err.Error()
	}
	in := x.in
	n := int(in.NumRows())
	outcomes := func(e ir.Expr) ([]ir.Outcome, error) {
		dq := &ir.Query{Name: q.Name, Source: q.Source, Outputs: []ir.Output{{Name: "e", Expr: e}}, Subqueries: q.Subqueries}
		outs := make([]ir.Outcome, n)
		run := func(start, end int) error {
			part := in.NewSlice(int64(start), int64(end))
			defer part.Release()
			out, err := interp.EvalPrepared(ctx, dq, nil, inner, part, int64(start), mem)
			if err != nil {
				return err
			}
			defer out.Release()
			read, err := interp.ColumnReader(out.Column(0))
			if err != nil {
				return err
			}
			for i := 0; i < int(out.NumRows()); i++ {
				outs[start+i] = ir.Outcome{V: read(i)}
			}
			return nil
		}
		for start := 0; start < n; {
			err := run(start, n)
			var qe *ir.QueryError
			if !errors.As(err, &qe) {
				return outs, err
			}
			r := int(qe.Row)
			outs[r] = ir.Outcome{Err: qe.Err}
			if r > start {
				if err := run(start, r); err != nil {
					return nil, fmt.Errorf("rows %d to %d: %w", start, r, err)
				}
			}
			start = r + 1
		}
		return outs, nil
	}
	res := make([]rowOutcome, n)
	filter := make([]ir.Outcome, n)
	for i := range filter {
		filter[i] = ir.Outcome{V: true}
	}
	if q.Filter != nil {
		f, err := outcomes(q.Filter)
		if err != nil {
			return nil, "ENGINE ERROR: " + err.Error()
		}
		filter = f
	}
	for i := range res {
		res[i].filter = filter[i]
	}
	for _, o := range q.Outputs {
		vals, err := outcomes(o.Expr)
		if err != nil {
			return nil, "ENGINE ERROR: " + err.Error()
		}
		for i := range res {
			if res[i].filter.Err == nil && res[i].filter.V == true {
				res[i].outs = append(res[i].outs, vals[i])
			}
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

// checkData runs every check of one query set over data set d (checkSet).
// The input batches and everything the engines allocate come from checked
// allocators: memory still allocated once the results, the prepared
// queries and the input are released (a prepared query keeping an inner
// batch past its release, say) is a failure of kind "leak".
func checkData(qs *querySet, d Data, mem memory.Allocator, st *Stats) ([]Failure, error) {
	im, em := memory.NewCheckedAllocator(mem), memory.NewCheckedAllocator(mem)
	x, err := newInput(qs.tables, d, im)
	if err != nil {
		return nil, err
	}
	// For half of the queries (by name, so that shrinking keeps the choice),
	// the engines allocate from mem itself (the GoAllocator most users
	// pass): output columns may then take a vector's values as their buffer
	// (vec's fixed), which a checked allocator never lets them do. Their
	// leaks are checked on the other queries.
	var engines memory.Allocator = em
	h := fnv.New32a()
	h.Write([]byte(qs.q.Name))
	if h.Sum32()%2 == 1 {
		engines = mem
	}
	fails := checkSet(qs, x, engines, st)
	x.release()
	if len(fails) == 0 {
		if n, m := em.CurrentAlloc(), im.CurrentAlloc(); n != 0 || m != 0 {
			fails = append(fails, Failure{Query: qs.q.Name, Kind: "leak",
				Detail: fmt.Sprintf("%d bytes of results and %d bytes of input batches still allocated once every engine's results and prepared queries were released", n, m)})
		}
	}
	return fails, nil
}

// checkSet runs every check of one query set over one data set. It returns
// the failures (Rows not yet filled in) and counts into st.
func checkSet(qs *querySet, x *input, mem memory.Allocator, st *Stats) []Failure {
	var fails []Failure
	fail := func(kind, detail, got, want string) {
		fails = append(fails, Failure{Query: qs.q.Name, Kind: kind, Detail: detail, Got: clip(got), Want: clip(want)})
	}
	in := x.in
	n := int(in.NumRows())
	st.DataSets++
	st.Rows += int64(n)
	sub := len(qs.q.Subqueries) > 0
	if sub {
		st.SubDataSets++
	}

	// interp renders the interpreter's result of q over the whole data set.
	interpResult := func(q *ir.Query) string {
		e := interpEngine("interp", q, nil, x.tables)
		return render(e, in, n, mem)
	}
	// compare runs every engine of query q at every batch size against want.
	compare := func(prefix string, q *ir.Query, want string) {
		es := engines(q, qs.gen, qs.batch[q], x)
		defer releaseEngines(es)
		for _, e := range es {
			for i, size := range batchSizes(n) {
				if e.name == "interp" && i == 0 {
					continue // want itself
				}
				st.Runs++
				if e.batch {
					st.BatchRuns++
				}
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

	qs.watch.step("the interpreter on " + qs.q.Name)
	want := interpResult(qs.q)
	if strings.HasPrefix(want, "ERROR") {
		st.ErrorSets++
		if sub {
			st.SubErrorSets++
		}
	} else if want == "" {
		st.EmptySets++
	}
	qs.watch.step("the interpreter row by row on " + qs.q.Name)
	rows, panicked := rowOutcomes(qs.q, x, mem)
	if panicked != "" {
		fail("rows", "the interpreter's expression evaluator panicked", panicked, want)
		return fails
	}
	if exp := expected(qs.q, rows, false); exp != want {
		fail("rows", "the interpreter over the batch differs from its row-by-row outcomes (semantics section 4)", want, exp)
	}
	compare("", qs.q, want)

	if qs.qt != nil {
		wantT := interpResult(qs.qt)
		if exp := expected(qs.q, rows, true); exp != wantT {
			fail("try-rows", "TRY(e) is not NULL exactly where e fails (interpreter)", wantT, exp)
		}
		compare("try/", qs.qt, wantT)
	}
	if qs.qp != nil {
		prow, panicked := rowOutcomes(qs.qp, x, mem)
		if panicked != "" {
			fail("perm-rows", "the interpreter panicked on the permuted query", panicked, "")
		} else if d := comparePerm(qs.q, rows, prow); d != "" {
			fail("perm-rows", "permuting commutative operands changed an outcome: "+d, "", "")
		}
		wantP := interpResult(qs.qp)
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

// shrinkRows minimizes a data set while the query set still fails with
// kind: table by table (the query's first, then the inner ones) it drops
// chunks of rows, then single rows, then simplifies single values (NULL,
// then a plain value of the type, then fewer map entries). It gives up after
// budget checks.
func shrinkRows(qs *querySet, d Data, kind string, mem memory.Allocator, budget int, st *Stats) Data {
	fails := func(cand Data) bool {
		if budget <= 0 {
			return false
		}
		budget--
		st.ShrinkRuns++
		var scratch Stats
		fs, err := checkData(qs, cand, mem, &scratch)
		return err == nil && sameKind(fs, kind)
	}
	for t := range d {
		// Drop rows: chunks from half the rows down to single rows.
		for chunk := len(d[t]) / 2; chunk >= 1; chunk /= 2 {
			for start := 0; start < len(d[t]); {
				rows := d[t]
				cand := append(Data(nil), d...)
				cand[t] = append(append(Rows(nil), rows[:start]...), rows[min(start+chunk, len(rows)):]...)
				if fails(cand) {
					d = cand
				} else {
					start += chunk
				}
			}
		}
		if len(d[t]) == 1 {
			cand := append(Data(nil), d...)
			cand[t] = nil
			if fails(cand) {
				d = cand
			}
		}
	}
	// Simplify values.
	for t := range d {
		cols := qs.tables[t].Columns
		for i := range d[t] {
			for c, col := range cols {
				for _, v := range simpler(d[t][i][c], col) {
					cand := append(Data(nil), d...)
					cand[t] = cloneRows(d[t])
					cand[t][i][c] = v
					if fails(cand) {
						d = cand
						break
					}
				}
			}
		}
	}
	return d
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
	case ir.Timestamp:
		if x != 0 {
			out = append(out, ir.Timestamp(0))
		}
	case ir.TimestampNTZ:
		if x != 0 {
			out = append(out, ir.TimestampNTZ(0))
		}
	case ir.YMInterval:
		if x != 0 {
			out = append(out, ir.YMInterval(0))
		}
	case ir.DTInterval:
		if x != 0 {
			out = append(out, ir.DTInterval(0))
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
