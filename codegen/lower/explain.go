package lower

import (
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Explain is the stable JSON form of a physical plan (the "physical" object
// of each query in exprc explain --format json). Fields are only ever added.
type Explain struct {
	// Roots are the WHERE clause and the output columns, in the order the
	// code runs them.
	Roots []ExplainRoot `json:"roots"`
	// Fused are the fused expressions: clause roots and conditionals nested
	// in vector code.
	Fused []ExplainFused `json:"fused"`
	// Vector are the conditionals (IF, CASE) left as vector code.
	Vector []ExplainVector `json:"vector_conditionals"`
	// Shared says where each shared subexpression is computed.
	Shared []ExplainShared `json:"shared"`
	// Subqueries and Passes plan the settled subqueries (empty without).
	Subqueries []ExplainSub  `json:"subqueries"`
	Passes     []ExplainPass `json:"passes"`
}

// ExplainRoot is one clause.
type ExplainRoot struct {
	Clause string `json:"clause"` // WHERE or the output column's name
	Code   string `json:"code"`   // fused, vector or copy
	Why    string `json:"why"`
}

// ExplainFused is one fused expression.
type ExplainFused struct {
	SQL  string `json:"sql"`
	In   string `json:"in"`   // its clause; "" for a shared value computed before the outputs
	Root bool   `json:"root"` // the root of its clause
	Why  string `json:"why"`
	// Direct: its loop writes the output column's Arrow array;
	// DirectWhy says why a root does not.
	Direct    bool   `json:"direct"`
	DirectWhy string `json:"direct_why,omitempty"`
	// Absorbs and Recomputes are the shared subexpressions (IDs) its loops
	// compute per row: used only here, or cheap and used by several roots.
	Absorbs    []int `json:"absorbs"`
	Recomputes []int `json:"recomputes"`
	// Mode is how its loops decide a row with a NULL input (strict, logic,
	// conditional or leave) and ModeWhy why; Exact: they decide a failed
	// row too; InputsDecide: NULL exactly where Inputs are; Selects: a
	// WHERE clause building its selection; OneBody: one loop body for every
	// batch; EveryRow: it may compute every row of a dirty batch; Fallback:
	// what it leaves to vector code.
	Mode         string   `json:"mode"`
	ModeWhy      string   `json:"mode_why"`
	Exact        bool     `json:"exact"`
	InputsDecide bool     `json:"inputs_decide"`
	Inputs       []string `json:"inputs"`
	Selects      bool     `json:"selects"`
	OneBody      bool     `json:"one_body"`
	EveryRow     bool     `json:"every_row"`
	Fallback     string   `json:"fallback"`
	// Leaves are the inputs its loops read; Tests the per-row tests that
	// can leave a row to the vector code or decide it.
	Leaves []string `json:"leaves"`
	Tests  []string `json:"tests"`
}

// ExplainSub is the plan of one settled subquery.
type ExplainSub struct {
	ID          int    `json:"id"`
	Pass        int    `json:"pass"`
	Structure   string `json:"structure"` // value, hashed, packed, sorted or loop
	Probe       string `json:"probe"`
	Why         string `json:"why"`
	StopAtFirst bool   `json:"stop_at_first"`
}

// ExplainPass is one inner pass.
type ExplainPass struct {
	Pass    int      `json:"pass"`
	Table   string   `json:"table"`
	Filter  string   `json:"filter,omitempty"`
	Vectors []string `json:"vectors"`
}

// ExplainVector is a conditional left as vector code.
type ExplainVector struct {
	SQL string `json:"sql"`
	In  string `json:"in"`
	Why string `json:"why"`
}

// ExplainShared is where one shared subexpression is computed.
type ExplainShared struct {
	ID     int      `json:"id"`
	How    string   `json:"how"`   // vector, memo, absorbed or recomputed
	Roots  []string `json:"roots"` // the fused roots that compute it (absorbed, recomputed)
	Cheap  bool     `json:"cheap"`
	Reason string   `json:"reason"`
}

// Explain returns the JSON form of the plan.
func (q *Query) Explain() Explain {
	x := Explain{Roots: []ExplainRoot{}, Fused: []ExplainFused{}, Vector: []ExplainVector{}, Shared: []ExplainShared{},
		Subqueries: []ExplainSub{}, Passes: []ExplainPass{}}
	if p := q.Prepared; p != nil {
		for _, s := range p.Subs {
			x.Subqueries = append(x.Subqueries, ExplainSub{ID: s.Settled.ID, Pass: s.Pass.Index, Structure: s.Structure.String(),
				Probe: s.Probe.String(), Why: s.Why, StopAtFirst: s.Test != nil && s.Test.StopAtFirst})
		}
		for _, ps := range p.Passes {
			ep := ExplainPass{Pass: ps.Index, Table: ps.Table.Name, Vectors: append([]string{}, ps.Roles...)}
			if ps.Inner != nil {
				ep.Filter = ir.Format(ps.Inner)
			}
			x.Passes = append(x.Passes, ep)
		}
	}
	for _, r := range q.roots() {
		x.Roots = append(x.Roots, ExplainRoot{Clause: r.Name, Code: r.Code(), Why: r.Why})
	}
	for _, f := range q.Fused {
		ef := ExplainFused{SQL: ir.Format(f.Expr), In: f.In, Root: f.Root != "", Why: f.Why, Direct: f.Direct, DirectWhy: f.DirectWhy,
			Absorbs: []int{}, Recomputes: []int{}, Mode: f.Mode.String(), ModeWhy: f.ModeWhy, Exact: f.Exact,
			InputsDecide: f.InputsDecide, Inputs: []string{}, Selects: f.Selects, OneBody: f.OneBody, EveryRow: f.EveryRow, Fallback: f.Fallback,
			Leaves: append([]string{}, f.Leaves...), Tests: append([]string{}, f.Tests...)}
		for _, in := range f.Inputs {
			ef.Inputs = append(ef.Inputs, ir.Format(in.Expr))
		}
		for _, a := range f.Absorbs {
			if a.Recomputed {
				ef.Recomputes = append(ef.Recomputes, a.Shared.ID)
			} else {
				ef.Absorbs = append(ef.Absorbs, a.Shared.ID)
			}
		}
		x.Fused = append(x.Fused, ef)
	}
	for _, n := range q.Vector {
		x.Vector = append(x.Vector, ExplainVector{SQL: ir.Format(n.Expr), In: n.In, Why: n.Why})
	}
	for _, p := range q.Shared {
		roots := p.Roots
		if roots == nil {
			roots = []string{}
		}
		x.Shared = append(x.Shared, ExplainShared{ID: p.Shared.ID, How: p.How, Roots: roots, Cheap: CheapShared(p.Shared), Reason: p.Reason})
	}
	return x
}

func (q *Query) roots() []*Root {
	var out []*Root
	if q.Where != nil {
		out = append(out, q.Where)
	}
	return append(out, q.Outputs...)
}

// Code says how a clause is computed: fused, vector or copy.
func (r *Root) Code() string {
	switch {
	case r.PassThrough >= 0:
		return "copy"
	case r.Value.Op == OpFused:
		return "fused"
	}
	return "vector"
}

// Text renders the plan for people, indented to follow the CSE plan's text.
func (q *Query) Text() string {
	var b strings.Builder
	b.WriteString("  physical plan:\n")
	for _, r := range q.roots() {
		fmt.Fprintf(&b, "    %s: %s\n", r.Name, r.Code())
		fmt.Fprintf(&b, "       why: %s\n", r.Why)
	}
	for _, f := range q.Fused {
		where := "in " + f.In
		switch {
		case f.Root != "":
			where = "root of " + f.Root
		case f.In == "":
			where = "in a shared value computed before the outputs"
		}
		fmt.Fprintf(&b, "    fused loop (%s): %s\n", where, short(ir.Format(f.Expr)))
		if f.Root == "" {
			fmt.Fprintf(&b, "       why: %s\n", f.Why)
		}
		fmt.Fprintf(&b, "       %s\n", f.loopLine())
		fmt.Fprintf(&b, "       reads %s; per-row tests: %s\n", strings.Join(f.Leaves, ", "), orNone(f.Tests))
		switch {
		case f.Selects:
			b.WriteString("       builds the selection of the rows it keeps in its loop, with no branch per condition and no boolean vector\n")
		case f.Direct && f.Row.Op == RowTry:
			b.WriteString("       writes the output column's Arrow array directly on every row: NULL where an input is or the value fails\n")
		case f.Direct:
			b.WriteString("       writes the output column's Arrow array directly; the rows it leaves to the vector code are patched in\n")
		case f.DirectWhy != "":
			fmt.Fprintf(&b, "       builds its column from a vector: %s\n", f.DirectWhy)
		}
		if f.InputsDecide {
			if len(f.Inputs) == 0 {
				b.WriteString("       never NULL: computed on every row, a NULL input only picks the value\n")
			} else {
				fmt.Fprintf(&b, "       NULL exactly where %s is NULL: computed on every row, its validity the AND of theirs\n", f.InputsSQL)
			}
		}
		fmt.Fprintf(&b, "       fallback: %s\n", f.Fallback)
		for _, a := range f.Absorbs {
			how := "absorbed: used only here"
			if a.Recomputed {
				how = "recomputed: cheap, and every root that uses it is fused"
			}
			fmt.Fprintf(&b, "       computes #%d per row (%s): %s\n", a.Shared.ID, how, short(a.Shared.SQL))
		}
	}
	for _, n := range q.Vector {
		where := "in " + n.In
		if n.In == "" {
			where = "in a shared value computed before the outputs"
		}
		fmt.Fprintf(&b, "    vector conditional (%s): %s\n", where, short(ir.Format(n.Expr)))
		fmt.Fprintf(&b, "       why: %s\n", n.Why)
	}
	for _, p := range q.Shared {
		fmt.Fprintf(&b, "    #%d: %s", p.Shared.ID, p.How)
		if len(p.Roots) > 0 {
			fmt.Fprintf(&b, " by %s", strings.Join(p.Roots, ", "))
		}
		fmt.Fprintf(&b, ": %s\n", p.Reason)
	}
	if q.Prepared != nil {
		for _, s := range q.Prepared.Subs {
			fmt.Fprintf(&b, "    subquery #%d: %s, probe %s (pass %d): %s\n", s.Settled.ID, s.Structure, s.Probe, s.Pass.Index, s.Why)
			if s.Test != nil && s.Test.StopAtFirst {
				b.WriteString("       its per-row test stops at the first inner row that passes\n")
			}
		}
	}
	return b.String()
}

// DotNote is the physical plan's note on a clause for the expression DAG
// (exprc explain --format dot): how it is computed.
func (q *Query) DotNote(clause string) string {
	for _, r := range q.roots() {
		if r.Name != clause {
			continue
		}
		note := r.Code()
		if r.Value != nil && r.Value.Op == OpFused {
			note += ", " + r.Value.Fused.Mode.String()
			if r.Value.Fused.Direct {
				note += ", direct"
			}
		}
		return note
	}
	return ""
}

// FusedExpr reports whether e is (structurally) an expression the plan fuses,
// for drawing.
func (q *Query) FusedExpr(e ir.Expr) bool {
	for _, f := range q.Fused {
		if ir.Equal(f.Expr, e) {
			return true
		}
	}
	return false
}

func short(s string) string { return ir.Shorten(s, 100) }
