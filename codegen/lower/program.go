package lower

import (
	"fmt"
	"sync/atomic"

	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Options control planning.
type Options struct {
	// NoCSE plans every query without sharing (for tests and benchmarks):
	// the CSE analysis is not run.
	NoCSE bool
	// Unfused plans every expression as vector code, with no fused row
	// loops: the plan of the batch engine (codegen/batch), which runs each
	// node as one vector loop and has no per-row program to run a fused
	// loop with. The decisions are otherwise the same (sharing, selections,
	// memos), and the vector code of a fused expression is the general
	// path the printer keeps for the rows its loops leave.
	Unfused bool
}

// Program is the physical plan of a spec's queries: everything exprc gen
// prints, exprc explain shows and an engine runs, decided once.
type Program struct {
	Queries []*Query
	Options Options
}

// Plan is the compiler's one planning step after binding: for every query
// of the spec, and the inner queries of its settled subqueries, it checks
// that the subqueries are settled, runs the CSE analysis once and lowers the
// query to its physical plan. exprc gen, exprc explain, the compiled engine
// and the test harnesses all start from its result, so what explain shows is
// what gen prints.
func Plan(queries []*ir.Query, opts Options) (*Program, error) {
	prog := &Program{Options: opts}
	for _, q := range queries {
		pq, err := PlanQuery(q, opts)
		if err != nil {
			return nil, err
		}
		prog.Queries = append(prog.Queries, pq)
	}
	return prog, nil
}

// PlanQuery is Plan for one query.
func PlanQuery(q *ir.Query, opts Options) (*Query, error) {
	if err := ir.CheckSettled(q); err != nil {
		return nil, fmt.Errorf("codegen: %w", err)
	}
	pq := planLowered(q, opts, false)
	if len(q.Subqueries) > 0 {
		pq.Prepared = prepare(q, opts)
	}
	return pq, nil
}

// analyses counts the CSE analyses Plan has run in this process: a test
// shows with it that each query is analyzed once per compilation.
var analyses atomic.Int64

// Analyses is the number of CSE analyses planning has run in this process.
func Analyses() int64 { return analyses.Load() }

// analyze runs the CSE analysis of q (none with NoCSE) and returns it, and
// the plan lowering follows: nil when it shares nothing, so that the code
// with CSE is then byte-identical to the code without it and a tool that
// compiles both (the differential fuzzer) may compile such a query once.
func analyze(q *ir.Query, opts Options) (analysis, sharing *cse.Plan) {
	if opts.NoCSE {
		return nil, nil
	}
	analyses.Add(1)
	analysis = cse.Analyze(q)
	if len(analysis.Shared) > 0 {
		sharing = analysis
	}
	return analysis, sharing
}

// Shares reports whether the plan of q shares a subexpression: when it
// does not, the code with CSE is the code without it.
func (q *Query) Shares() bool { return q.Sharing != nil }

// Prepared is the plan of a query's settled subqueries: the passes that read
// each inner table once and build their structures, and how each read of
// them probes.
type Prepared struct {
	// Passes are the inner phases, in build order (ir.Passes).
	Passes []*Pass
	// Subs are the settled subqueries in the query's order, each with the
	// pass that builds it.
	Subs []*Sub
}

// Pass is one inner phase: the subqueries over one table with one inner
// filter, whose inner sides are computed together over each inner batch.
type Pass struct {
	Index int // 1-based, in build order
	Table *ir.Table
	// Inner is the inner filter (nil: every row).
	Inner ir.Expr
	Subs  []*Sub
	// Outs are the vectors the pass computes per inner batch: the filter (if
	// any), then per subquery its key inner sides, its range inner side and
	// its value; Roles name each after what it holds.
	Outs  []ir.Expr
	Roles []string
	// Plan computes Outs over an inner batch (nil when there are none).
	Plan *Query
}

// Structure is what a settled subquery is built into.
type Structure int

// The structures, by the settled form and its keys.
const (
	// StructValue: one value, computed once (FormOnce).
	StructValue Structure = iota
	// StructHashed: a hash set of the inner values (FormSet) or a hash
	// table from the correlation key to its group (FormKeyed).
	StructHashed
	// StructPacked: FormKeyed whose keys are packed into one string (several
	// keys, or a DOUBLE key normalised for NaN and -0.0).
	StructPacked
	// StructSorted: the inner rows sorted on the range's inner side
	// (FormSorted).
	StructSorted
	// StructLoop: the inner batches kept, the correlation tested per outer
	// row (FormLoop).
	StructLoop
)

func (s Structure) String() string {
	return [...]string{"value", "hashed", "packed", "sorted", "loop"}[s]
}

// Probe is how a read of a settled subquery looks its rows up.
type Probe int

// The probes.
const (
	ProbeOnce        Probe = iota // the one value (vec.SubReadOnce)
	ProbeIn                       // = ANY over self-hashed values (vec.SubProbeIn)
	ProbeSet                      // ANY over a set by its result function (vec.SubProbeSet)
	ProbeKeyedExists              // EXISTS of a key's group (vec.SubProbeKeyedExists)
	ProbeKeyedRows                // count(*) of a key's group (vec.SubProbeKeyedRows)
	ProbeKeyed                    // a key's group by its result function (vec.SubProbeKeyed)
	ProbeSortedRows               // count(*) of a range, by Go's order (vec.SubProbeSortedRows)
	ProbeSorted                   // a range by its result function (vec.SubProbeSorted)
	ProbeLoop                     // the correlation tested over every inner batch per row
)

func (p Probe) String() string {
	return [...]string{"once", "in", "set", "keyed-exists", "keyed-rows", "keyed", "sorted-rows", "sorted", "loop"}[p]
}

// Sub is the plan of one settled subquery.
type Sub struct {
	Settled   *ir.Settled
	Pass      *Pass
	Structure Structure
	Probe     Probe
	// Why says why the structure and the probe.
	Why string
	// Result names the result of the subquery's form in the vec functions
	// that compute it from its structure: vec.Res<Result> over a group,
	// vec.Range<Result> over a sorted range.
	Result string
	// Test is a loop-form subquery's per-row test (nil for the others).
	Test *LoopTest
}

// LoopTest is the correlation a loop-form subquery tests for one outer row
// over one inner batch: the AND of its keys, its range and its rest, with the
// outer sides as parameters.
type LoopTest struct {
	Cond   ir.Expr
	Params []Param
	Plan   *Query
	// StopAtFirst: an EXISTS whose test cannot fail stops at the first
	// inner row that passes (no later row can change the outcome).
	StopAtFirst bool
}

// Param is one outer value a per-row test takes: the argument slot of the
// subquery read, and its type.
type Param struct {
	Slot int
	T    ir.Type
}

func prepare(q *ir.Query, opts Options) *Prepared {
	p := &Prepared{}
	byID := map[int]*Sub{}
	for i, ip := range ir.Passes(q.Subqueries) {
		pass := &Pass{Index: i + 1, Table: ip.Table, Inner: ip.Inner}
		out := func(e ir.Expr, role string) {
			pass.Outs = append(pass.Outs, e)
			pass.Roles = append(pass.Roles, role)
		}
		if pass.Inner != nil {
			out(pass.Inner, "filter")
		}
		for _, s := range ip.Subs {
			sub := &Sub{Settled: s, Pass: pass, Result: resultName(s)}
			pass.Subs = append(pass.Subs, sub)
			byID[s.ID] = sub
			id := fmt.Sprint(s.ID)
			for j, k := range s.Keys {
				role := "sub" + id + "Key"
				if len(s.Keys) > 1 {
					role += fmt.Sprint(j + 1)
				}
				out(k.Inner, role)
			}
			if s.Range != nil {
				out(s.Range.Inner, "sub"+id+"Range")
			}
			if s.Value != nil {
				out(s.Value, "sub"+id+"Value")
			}
		}
		if len(pass.Outs) > 0 {
			pass.Plan = vectorQuery(q.Name+fmt.Sprintf(".pass%d", pass.Index), pass.Table, pass.Outs, opts)
		}
		p.Passes = append(p.Passes, pass)
	}
	for _, s := range q.Subqueries {
		sub := byID[s.ID]
		sub.Structure, sub.Probe, sub.Why = structure(s)
		if s.Form == ir.FormLoop {
			args := argsOf(q, s)
			cond := loopCond(s, args)
			sub.Test = &LoopTest{
				Cond:        cond,
				Params:      paramList(s, args),
				Plan:        vectorQuery(q.Name+fmt.Sprintf(".sub%dCond", s.ID), s.Table, []ir.Expr{cond}, opts),
				StopAtFirst: s.Kind == ir.SubExists && !cse.MayFail(cond),
			}
		}
		p.Subs = append(p.Subs, sub)
	}
	return p
}

// vectorQuery plans exprs over table's rows as the outputs of a query whose
// outputs are wanted as vectors: a pass's inner sides, a loop's test.
func vectorQuery(name string, table *ir.Table, exprs []ir.Expr, opts Options) *Query {
	pseudo := &ir.Query{Name: name, Source: table}
	for i, e := range exprs {
		pseudo.Outputs = append(pseudo.Outputs, ir.Output{Name: fmt.Sprintf("v%d", i), Expr: e, SQL: ir.Format(e)})
	}
	return planLowered(pseudo, opts, true)
}

// planLowered analyzes q (analyze) and lowers it with the sharing the
// analysis allows; vectorsOnly: q's outputs are wanted as vectors.
func planLowered(q *ir.Query, opts Options, vectorsOnly bool) *Query {
	analysis, sharing := analyze(q, opts)
	pq := lower(q, sharing, vectorsOnly, opts.Unfused)
	pq.Analysis = analysis
	return pq
}

// structure decides what settled subquery s is built into and how a read
// of it probes.
func structure(s *ir.Settled) (Structure, Probe, string) {
	valueType := ir.TypeBoolean
	if s.Value != nil {
		valueType = s.Value.Type()
	}
	switch s.Form {
	case ir.FormOnce:
		return StructValue, ProbeOnce, "uncorrelated: one value, computed once"
	case ir.FormSet:
		if s.Cmp.Fn.Name == "eq" && selfHashed(valueType) {
			return StructHashed, ProbeIn, "IN over values that are their own hash keys: a hash set probed directly"
		}
		return StructHashed, ProbeSet, "a set of the inner values, each probe decided by the comparison's result rules"
	case ir.FormKeyed:
		st, why := StructHashed, "equality correlation on one key: a hash table from the key to its group"
		if len(s.Keys) > 1 || s.Keys[0].Inner.Type().Kind == ir.KindDouble {
			st, why = StructPacked, "equality correlation on several keys or a DOUBLE key: the keys packed into one string, hashed"
		}
		switch {
		case s.Kind == ir.SubExists:
			return st, ProbeKeyedExists, why + "; EXISTS tests the key's group"
		case s.Agg == ir.AggCountStar:
			return st, ProbeKeyedRows, why + "; count(*) is the group's row count"
		}
		return st, ProbeKeyed, why
	case ir.FormSorted:
		why := "a range correlation: the inner rows sorted on " + ir.Format(s.Range.Inner)
		if s.Kind == ir.SubScalar && s.Agg == ir.AggCountStar && nativeOrder(s.Range.Inner.Type()) {
			return StructSorted, ProbeSortedRows, why + "; count(*) is a binary search in Go's order, which is SQL's for the type"
		}
		return StructSorted, ProbeSorted, why
	}
	return StructLoop, ProbeLoop, "a correlation neither hashed nor sorted: tested over every inner batch per outer row"
}

// selfHashed reports whether values of t are their own hash keys in a
// SubSpec (not DOUBLE, normalised for NaN and -0.0), so vec.SubProbeIn
// applies.
func selfHashed(t ir.Type) bool {
	return t.Kind != ir.KindDouble && t.Kind != ir.KindFloat && t.Kind != ir.KindMap
}

// nativeOrder reports whether Go's < on values of t is the SQL order, so
// vec.SubProbeSortedRows applies (not DOUBLE, where NaN sorts last, nor
// BOOLEAN).
func nativeOrder(t ir.Type) bool {
	switch t.Kind {
	case ir.KindBigint, ir.KindInt, ir.KindDate, ir.KindVarchar, ir.KindBinary:
		return true
	}
	return false
}

// loopCond is what a loop-form subquery tests per candidate and outer row:
// the AND of its keys, its range and its rest, with the outer sides as
// Params of the argument slots.
func loopCond(s *ir.Settled, args []ir.Expr) ir.Expr {
	var conj []ir.Expr
	key := func(k ir.SettledKey) {
		a := args[k.Arg]
		p := &ir.Param{Slot: k.Arg, Name: fmt.Sprintf("arg%d", k.Arg), T: a.Type(), Nullable: ir.MayBeNull(a)}
		conj = append(conj, &ir.Call{Fn: k.Cmp.Fn, Sig: k.Cmp.Sig, Args: []ir.Expr{k.Inner, p}})
	}
	for _, k := range s.Keys {
		key(k)
	}
	if s.Range != nil {
		key(*s.Range)
	}
	if s.Rest != nil {
		conj = append(conj, s.Rest)
	}
	if len(conj) == 1 {
		return conj[0]
	}
	return &ir.And{Args: conj}
}

// argsOf returns the arguments of a read of s in q (every read of a settled
// subquery has the same argument types).
func argsOf(q *ir.Query, s *ir.Settled) []ir.Expr {
	var found []ir.Expr
	ir.Reads(q, func(sq *ir.Subquery) {
		if found == nil && sq.Settled == s {
			found = sq.Args
		}
	})
	return found
}

// paramList lists the argument slots a loop-form test reads (every slot but
// ANY's probe).
func paramList(s *ir.Settled, args []ir.Expr) []Param {
	var out []Param
	for i, a := range args {
		if s.Kind == ir.SubAny && i == 0 {
			continue
		}
		out = append(out, Param{Slot: i, T: a.Type()})
	}
	return out
}

// resultName is Sub.Result of settled subquery s.
func resultName(s *ir.Settled) string {
	if s.Kind == ir.SubExists {
		return "Exists"
	}
	switch s.Agg {
	case ir.AggCountStar:
		return "Rows"
	case ir.AggCount:
		return "Count"
	case ir.AggSum:
		switch s.T.Kind {
		case ir.KindBigint:
			return "SumInt"
		case ir.KindDecimal:
			return "SumDecimal"
		}
		return "SumFloat"
	case ir.AggAvg:
		if s.T.Kind == ir.KindDecimal {
			return "AvgDecimal"
		}
		return "Avg"
	case ir.AggMin:
		return "Min"
	case ir.AggMax:
		return "Max"
	}
	return "Scalar"
}
