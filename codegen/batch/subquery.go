package batch

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// A query that reads settled subqueries runs as generated code's prepared
// form does: Prepare runs the inner phases of its plan (lower.Prepared) over
// the inner tables once and builds each subquery's templates/vec structure
// (SubGroup, SubKeyed, SubSorted, SubLoop), then the Prepared's Eval probes
// them per outer batch (OpSubquery nodes). The inner phases and the per-row
// tests of loop-form subqueries are lowered queries of their own, compiled
// here with the same compiler; a per-row test reads the outer row's values
// as OpParam nodes, and may itself read another subquery of the same query.

// subPlan is the compiled plan of one query's settled subqueries.
type subPlan struct {
	subs   []*subDef // in lower.Prepared.Subs order, which indexes Prepared.states
	byID   map[int]int
	passes []*passPlan
}

// subDef is one settled subquery compiled.
type subDef struct {
	sub  *lower.Sub
	impl subImpl
	// test is a loop-form subquery's per-row test (nil for the others).
	test *vecQuery
}

// passPlan is one inner phase compiled: the table it reads, the vectors it
// computes per inner batch, and which of them each subquery consumes.
type passPlan struct {
	pass    *lower.Pass
	schema  *arrow.Schema
	notNull []int
	outs    *vecQuery // nil when the pass computes no vector
	subs    []int     // the pass's subqueries, as indexes of subPlan.subs
	layout  []subOuts // per subquery of the pass, the vectors it reads
}

// subOuts are the positions in a pass's vectors of one subquery's key inner
// sides, range inner side and value (-1: none).
type subOuts struct {
	keys       []int
	rng, value int
}

// vecQuery is a lowered query whose outputs are wanted as vectors (a pass's
// inner sides, a loop's test), compiled, with the kinds of its outputs.
type vecQuery struct {
	q     *Query
	types []ir.Type
	kinds []kind
	govec []govec
}

// subScope is what a query compiled inside a prepared query sees: its
// subqueries, and the argument slots a per-row test reads as parameters.
type subScope struct {
	plan   *subPlan
	params map[int]bool
}

// subFrame is the prepared state an evaluation reads: the built
// subqueries, and in a per-row test the outer row's argument vectors.
type subFrame struct {
	prep *Prepared
	ctx  context.Context
	args []any // a per-row test's: the read's argument vectors, by slot
	row  int   // and the outer row
}

// planSubqueries compiles the subquery plan of query q: each subquery's
// structure, then the inner phases and the per-row tests, which may read
// the subqueries built before them.
func planSubqueries(q *lower.Query) (*subPlan, error) {
	prep := q.Prepared
	if prep == nil {
		return nil, fmt.Errorf("batch: query %s reads subqueries but its plan prepares none", q.IR.Name)
	}
	sp := &subPlan{byID: map[int]int{}}
	for i, sub := range prep.Subs {
		impl, err := newSubImpl(sub)
		if err != nil {
			return nil, err
		}
		sp.subs = append(sp.subs, &subDef{sub: sub, impl: impl})
		sp.byID[sub.Settled.ID] = i
	}
	for _, def := range sp.subs {
		if def.sub.Test == nil {
			if def.sub.Settled.Form == ir.FormLoop {
				return nil, fmt.Errorf("batch: loop-form subquery #%d has no per-row test", def.sub.Settled.ID)
			}
			continue
		}
		params := map[int]bool{}
		for _, p := range def.sub.Test.Params {
			params[p.Slot] = true
		}
		test, err := compileVectors(def.sub.Test.Plan, &subScope{plan: sp, params: params})
		if err != nil {
			return nil, err
		}
		if len(test.types) != 1 || test.types[0].Kind != ir.KindBoolean {
			return nil, fmt.Errorf("batch: the per-row test of subquery #%d is not one BOOLEAN", def.sub.Settled.ID)
		}
		def.test = test
	}
	for _, p := range prep.Passes {
		pp, err := planPass(sp, p)
		if err != nil {
			return nil, err
		}
		sp.passes = append(sp.passes, pp)
	}
	return sp, nil
}

// planPass compiles inner phase p and lays out the vectors each of its
// subqueries reads, in the order lower.prepare lists them.
func planPass(sp *subPlan, p *lower.Pass) (*passPlan, error) {
	pp := &passPlan{pass: p, schema: ir.ArrowSchema(p.Table.Columns)}
	for i, c := range p.Table.Columns {
		if !c.Nullable {
			pp.notNull = append(pp.notNull, i)
		}
	}
	if p.Plan != nil {
		outs, err := compileVectors(p.Plan, &subScope{plan: sp})
		if err != nil {
			return nil, err
		}
		pp.outs = outs
	}
	n := 0
	if pp.outs != nil {
		n = len(pp.outs.kinds)
	}
	next := 0
	take := func() (int, error) {
		if next >= n {
			return 0, fmt.Errorf("batch: pass %d computes %d vectors, fewer than its subqueries read", p.Index, n)
		}
		next++
		return next - 1, nil
	}
	if p.Inner != nil {
		if _, err := take(); err != nil {
			return nil, err
		}
		if pp.outs.types[0].Kind != ir.KindBoolean {
			return nil, fmt.Errorf("batch: the inner filter of pass %d is not BOOLEAN", p.Index)
		}
	}
	for _, sub := range p.Subs {
		idx, ok := sp.byID[sub.Settled.ID]
		if !ok {
			return nil, fmt.Errorf("batch: pass %d builds subquery #%d, which the query does not list", p.Index, sub.Settled.ID)
		}
		s := sub.Settled
		lay := subOuts{rng: -1, value: -1}
		for range s.Keys {
			o, err := take()
			if err != nil {
				return nil, err
			}
			lay.keys = append(lay.keys, o)
		}
		var err error
		if s.Range != nil {
			if lay.rng, err = take(); err != nil {
				return nil, err
			}
		}
		if s.Value != nil {
			if lay.value, err = take(); err != nil {
				return nil, err
			}
		}
		if err := checkOuts(sp.subs[idx], pp.outs, lay); err != nil {
			return nil, err
		}
		pp.subs = append(pp.subs, idx)
		pp.layout = append(pp.layout, lay)
	}
	return pp, nil
}

// checkOuts checks that the vectors a pass computes for subquery def are of
// the Go types its structure takes.
func checkOuts(def *subDef, outs *vecQuery, lay subOuts) error {
	s, impl := def.sub.Settled, def.impl
	bad := func(what string) error {
		return fmt.Errorf("batch: subquery #%d: its %s is not of the type its structure takes", s.ID, what)
	}
	for _, o := range lay.keys {
		switch {
		case def.sub.Structure == lower.StructPacked:
			if outs.govec[o].pack == nil {
				return bad("key")
			}
		case s.Form == ir.FormKeyed:
			if !impl.keyIs(outs.kinds[o]) {
				return bad("key")
			}
		}
	}
	if lay.rng >= 0 && s.Form == ir.FormSorted && !impl.keyIs(outs.kinds[lay.rng]) {
		return bad("range")
	}
	if lay.value >= 0 && !impl.valueIs(outs.kinds[lay.value]) {
		return bad("value")
	}
	return nil
}

// compileVectors compiles a vectors-only query (a pass, a loop's test) in
// scope.
func compileVectors(pq *lower.Query, scope *subScope) (*vecQuery, error) {
	q, err := compile(pq, scope)
	if err != nil {
		return nil, err
	}
	vq := &vecQuery{q: q}
	for _, o := range pq.Outputs {
		k, err := kindOf(o.Expr.Type())
		if err != nil {
			return nil, err
		}
		t, ok := govecOf(k)
		if !ok {
			return nil, unsupported("subquery vectors of type %s", o.Expr.Type())
		}
		vq.types = append(vq.types, o.Expr.Type())
		vq.kinds = append(vq.kinds, k)
		vq.govec = append(vq.govec, t)
	}
	return vq, nil
}

// vectors computes the query's outputs over every row of batch in as
// vectors (an input column read as one), as a generated pass or test method
// returns them.
//
// The vectors' slices come from b, which the next evaluation over b reuses:
// a caller that keeps them (a pass, whose values a loop-form subquery
// keeps) gives a b of its own.
func (vq *vecQuery) vectors(ctx context.Context, in arrow.RecordBatch, sf *subFrame, b *bufs) []any {
	q := vq.q
	fr := q.newFrame(ctx, in, sf, b)
	runAll(fr, q.hoists)
	out := make([]any, len(q.outputs))
	for j, o := range q.outputs {
		if o.value == nil {
			out[j] = vq.kinds[j].read(in.Column(o.column))
			continue
		}
		out[j] = fr.vector(o.kind, o.value(fr), nil)
	}
	return out
}

// test is a loop-form test's outcome over inner batch b for the outer row
// row of a read with argument vectors args, its slices from bs (the
// outcome is read before the next test over bs).
func (vq *vecQuery) test(b arrow.RecordBatch, outer *subFrame, args []any, row int, bs *bufs) vec.Vec[bool] {
	sf := &subFrame{prep: outer.prep, ctx: outer.ctx, args: args, row: row}
	return *vq.vectors(outer.ctx, b, sf, bs)[0].(*vec.Vec[bool])
}

// newFrame is a frame for evaluating q over batch in, the slices of its
// vectors taken from b (reset for the batch).
func (q *Query) newFrame(ctx context.Context, in arrow.RecordBatch, sf *subFrame, b *bufs) *frame {
	n := int(in.NumRows())
	b.reset(n)
	fr := &frame{n: n, in: in, vals: make([]operand, q.nodes), done: make([]bool, q.nodes),
		sels: make([]selection, q.sels), memos: make([]memo, q.memos), cols: make([]any, len(q.input.Fields())), bufs: b, sub: sf}
	if q.clock {
		fr.clock = rt.ClockOf(ctx)
	}
	return fr
}

// subquery compiles a read of a settled subquery: its arguments as vectors
// over sel, then the probe of its structure the plan chose.
func (c *compiler) subquery(n *lower.Node, sel func(*frame) vec.Sel) (step, error) {
	if c.scope == nil {
		return nil, fmt.Errorf("batch: a subquery read outside a prepared query")
	}
	s := n.Expr.(*ir.Subquery).Settled
	idx, ok := c.scope.plan.byID[s.ID]
	if !ok {
		return nil, fmt.Errorf("batch: a read of subquery #%d, which the query does not list", s.ID)
	}
	def := c.scope.plan.subs[idx]
	args, err := c.steps(n.Args)
	if err != nil {
		return nil, err
	}
	ks := make([]kind, len(n.Args))
	ts := make([]govec, len(n.Args))
	for i, a := range n.Args {
		if ks[i], err = kindOf(a.Expr.Type()); err != nil {
			return nil, err
		}
		if ts[i], ok = govecOf(ks[i]); !ok {
			return nil, unsupported("subquery arguments of type %s", a.Expr.Type())
		}
	}
	if err := def.impl.checkArgs(ks, ts); err != nil {
		return nil, err
	}
	return func(fr *frame) operand {
		rows := sel(fr)
		vs := make([]any, len(args))
		for i, a := range args {
			vs[i] = fr.vector(ks[i], a(fr), rows)
		}
		return operand{vec: fr.sub.prep.states[idx].read(fr, def, vs, ts, rows)}
	}, nil
}

// param compiles an outer value inside a per-row test: the outer row's
// argument as a vector (vec.SubParam).
func (c *compiler) param(n *lower.Node, k kind) (step, error) {
	p := n.Expr.(*ir.Param)
	if c.scope == nil || !c.scope.params[p.Slot] {
		return nil, fmt.Errorf("batch: parameter %d outside a per-row test that takes it", p.Slot)
	}
	t, ok := govecOf(k)
	if !ok {
		return nil, unsupported("subquery parameters of type %s", p.T)
	}
	slot := p.Slot
	return func(fr *frame) operand {
		return operand{vec: t.param(fr.sub.args[slot], fr.sub.row, fr.n)}
	}, nil
}
