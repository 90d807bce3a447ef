package batch

import (
	"context"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// Prepared is a query prepared over the tables its subqueries read: each
// settled subquery built once, as generated code's New<Query> builds it.
// Eval only reads the structures, so a Prepared is safe for concurrent use;
// Release drops the inner batches loop-form subqueries keep.
type Prepared struct {
	q      *Query
	states []subState // by lower.Prepared.Subs index
}

// Prepare reads the tables the query's subqueries read (tables, keyed by
// lower-cased name; each table's batches must have its input schema) and
// builds each settled subquery: per inner phase of the plan, the phase's
// vectors over each inner batch, its candidates (the inner filter) and each
// subquery's rows up to its first error, which is recorded and becomes the
// outcome of every read of the subquery, as in generated code. A query with
// no subqueries prepares to itself.
func (q *Query) Prepare(ctx context.Context, tables vec.Tables, mem memory.Allocator) (_ *Prepared, err error) {
	p := &Prepared{q: q}
	sp := q.subs
	if sp == nil {
		return p, nil
	}
	p.states = make([]subState, len(sp.subs))
	defer func() {
		if err != nil {
			p.Release()
		}
	}()
	for _, pp := range sp.passes {
		if err := p.build(ctx, pp, tables); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// build runs inner phase pp over its table and builds its subqueries.
func (p *Prepared) build(ctx context.Context, pp *passPlan, tables vec.Tables) error {
	name := pp.pass.Table.Name
	batches, err := tables.Read(strings.ToLower(name), pp.schema, pp.notNull)
	if err != nil {
		return fmt.Errorf("query %s: table %s: %w", p.q.name, name, err)
	}
	for _, idx := range pp.subs {
		p.states[idx] = p.q.subs.subs[idx].impl.newState()
	}
	sf := &subFrame{prep: p, ctx: ctx}
	for _, in := range batches {
		if err := ctx.Err(); err != nil {
			return err
		}
		var outs []any
		if pp.outs != nil {
			outs = pp.outs.vectors(ctx, in, sf, &bufs{}) // kept by loop-form subqueries
		}
		n := int(in.NumRows())
		var cond *vec.Vec[bool]
		if pp.pass.Inner != nil {
			cond = outs[0].(*vec.Vec[bool])
		}
		cands, condRow, condErr := vec.SubCandidates(cond, n)
		for j, idx := range pp.subs {
			st := p.states[idx]
			if st.failed() {
				continue
			}
			p.add(st, pp, j, in, outs, cands, condRow, condErr)
		}
	}
	for _, idx := range pp.subs {
		vec.NoteBuild()
		p.states[idx].finish()
	}
	return nil
}

// add adds the candidates of one inner batch to subquery j of pass pp: the
// rows before the first error of its vectors or of the inner filter, whose
// error it records.
func (p *Prepared) add(st subState, pp *passPlan, j int, in arrow.RecordBatch, outs []any, cands vec.Sel, condRow int, condErr *rt.Error) {
	lay, def := pp.layout[j], p.q.subs.subs[pp.subs[j]]
	var errs [][]*rt.Error
	for _, o := range lay.keys {
		errs = append(errs, pp.outs.govec[o].errs(outs[o]))
	}
	for _, o := range []int{lay.rng, lay.value} {
		if o >= 0 {
			errs = append(errs, pp.outs.govec[o].errs(outs[o]))
		}
	}
	stop, e := vec.SubFirstErr(cands, errs...)
	if condRow >= 0 && (stop < 0 || condRow < stop) {
		stop, e = condRow, condErr
	}
	rows := vec.SubUpTo(cands, stop)
	n := int(in.NumRows())
	var key, value any
	switch {
	case def.sub.Structure == lower.StructPacked:
		packed := vec.Make[string](n)
		for _, o := range lay.keys {
			pp.outs.govec[o].pack(&packed, outs[o], rows, n)
		}
		key = &packed
	case len(lay.keys) > 0 && def.sub.Settled.Form == ir.FormKeyed:
		key = outs[lay.keys[0]]
	case lay.rng >= 0 && def.sub.Settled.Form == ir.FormSorted:
		key = outs[lay.rng]
	}
	if lay.value >= 0 {
		value = outs[lay.value]
	}
	st.add(in, key, value, rows)
	st.fail(e)
}

// Eval evaluates the prepared query over one outer batch, as Query.Eval
// does, its subquery reads probing the structures Prepare built.
func (p *Prepared) Eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return p.q.eval(ctx, in, mem, &subFrame{prep: p, ctx: ctx})
}

// Release drops the inner batches the prepared query keeps (loop-form
// subqueries test their correlation over them per outer row).
func (p *Prepared) Release() {
	for _, st := range p.states {
		if st != nil {
			st.release()
		}
	}
}
