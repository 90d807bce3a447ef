package cse

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Explain is the stable, documented JSON form of a plan (exprc explain
// --format json). Fields are only ever added.
type Explain struct {
	Query  string          `json:"query"`
	SQL    string          `json:"sql"`
	Plan   []string        `json:"plan"`   // the bound plan, one node per line (ir.FormatQuery)
	Shared []ExplainShared `json:"shared"` // in order of first use
	// Eager documents the one place generated code computes more than the query
	// asks: a function that cannot fail, over arguments with no NULLs or errors,
	// runs over all rows when more than half of them are selected.
	Eager string `json:"eager"`
}

// ExplainShared is one shared subexpression in Explain.
type ExplainShared struct {
	ID       int      `json:"id"`
	SQL      string   `json:"sql"`
	Type     string   `json:"type"`
	Uses     int      `json:"uses"`
	Decision string   `json:"decision"` // always, region or lazy
	Reason   string   `json:"reason"`
	Hoisted  []string `json:"hoisted_at"` // regions it is computed at the start of
	Memo     bool     `json:"memo"`       // a per-row done mask is kept
	// Cheap: a few operations that cannot fail; each fused loop that uses it
	// may compute it itself instead of reading a shared vector. The lowering
	// pass decides it (lower.Cheap) and fills it in; the analysis leaves it
	// false.
	Cheap bool `json:"cheap"`
}

const eagerNote = "a function that cannot fail, whose arguments have no NULL or error on any row, " +
	"is computed over all rows when more than half are selected: cheaper than skipping rows, and unobservable"

// Explain returns the JSON form of the plan.
func (p *Plan) Explain() Explain {
	x := Explain{Query: p.Query.Name, SQL: p.Query.SQL, Eager: eagerNote, Shared: []ExplainShared{}}
	x.Plan = strings.Split(strings.TrimRight(ir.FormatQuery(p.Query), "\n"), "\n")
	for _, s := range p.Shared {
		es := ExplainShared{ID: s.ID, SQL: s.SQL, Type: s.Expr.Type().String(), Uses: s.Uses,
			Decision: s.Decision.String(), Reason: s.Reason, Memo: s.Memo, Hoisted: []string{}}
		for _, r := range s.Hoists {
			es.Hoisted = append(es.Hoisted, r.Describe())
		}
		x.Shared = append(x.Shared, es)
	}
	return x
}

// JSON renders Explain indented, with a trailing newline.
func (p *Plan) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(p.Explain()); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Text renders the plan for people: the bound plan, then every shared
// subexpression with its decision and the reason.
func (p *Plan) Text() string {
	var b strings.Builder
	b.WriteString(ir.FormatQuery(p.Query))
	if len(p.Shared) == 0 {
		b.WriteString("  no shared subexpressions\n")
		return b.String()
	}
	b.WriteString("  shared subexpressions:\n")
	for _, s := range p.Shared {
		fmt.Fprintf(&b, "    #%d %s: %s, %d uses\n", s.ID, s.Decision, s.SQL, s.Uses)
		fmt.Fprintf(&b, "       why: %s\n", s.Reason)
		for _, r := range s.Hoists {
			fmt.Fprintf(&b, "       computed once, up front, on %s\n", r.Describe())
		}
		if s.Memo {
			b.WriteString("       keeps a per-row done mask\n")
		}
	}
	return b.String()
}

// Dot draws the query's expressions as a DAG in Graphviz syntax: structurally
// equal subexpressions are one node, shared ones are filled and labelled with
// their decision, and conditional edges are dashed.
func (p *Plan) Dot() string { return p.DotWith(nil, nil) }

// DotWith is Dot with what a later pass adds: note is a line under each
// clause's label (nil: none), and bold marks the expressions drawn with a
// bold border (nil: none).
func (p *Plan) DotWith(note func(clause string) string, bold func(ir.Expr) bool) string {
	var b strings.Builder
	b.WriteString("digraph " + dotID(p.Query.Name) + " {\n  node [shape=box, fontname=\"monospace\"];\n")
	k := newKeys()
	drawn := map[int]bool{}
	edges := map[string]bool{}
	var draw func(e ir.Expr) string
	draw = func(e ir.Expr) string {
		id := k.of(e)
		name := fmt.Sprintf("n%d", id)
		if drawn[id] {
			return name
		}
		drawn[id] = true
		label := nodeLabel(e)
		attrs := ""
		if s := p.Lookup(e); s != nil {
			label = fmt.Sprintf("#%d %s\\n%s", s.ID, s.Decision, label)
			attrs = ", style=filled, fillcolor=\"#ffe08a\""
		}
		if bold != nil && bold(e) {
			attrs += ", penwidth=3"
		}
		fmt.Fprintf(&b, "  %s [label=%q%s];\n", name, label, attrs)
		cond := conditionalKids(e)
		for i, c := range e.Children() {
			cn := draw(c)
			edge := fmt.Sprintf("  %s -> %s", name, cn)
			if cond[i] {
				edge += " [style=dashed]"
			}
			if !edges[edge] {
				edges[edge] = true
				b.WriteString(edge + ";\n")
			}
		}
		return name
	}
	label := func(clause string) string {
		if note == nil || note(clause) == "" {
			return clause
		}
		return clause + "\n" + note(clause)
	}
	if p.Query.Filter != nil {
		fmt.Fprintf(&b, "  where [shape=oval, label=%q];\n  where -> %s;\n", label("WHERE"), draw(p.Query.Filter))
	}
	for i, o := range p.Query.Outputs {
		fmt.Fprintf(&b, "  out%d [shape=oval, label=%q];\n  out%d -> %s;\n", i, label(o.Name), i, draw(o.Expr))
	}
	b.WriteString("}\n")
	return b.String()
}

func dotID(s string) string {
	return fmt.Sprintf("%q", s)
}

func nodeLabel(e ir.Expr) string {
	switch e := e.(type) {
	case *ir.Const, *ir.ColumnRef:
		return ir.Format(e)
	case *ir.Call:
		if e.Fn.Infix != "" {
			return e.Fn.Infix
		}
		if e.Fn.Name == ir.Cast {
			return "CAST AS " + e.Sig.Ret.String()
		}
		return e.Fn.Name
	case *ir.And:
		return "AND"
	case *ir.Or:
		return "OR"
	case *ir.If:
		return "IF"
	case *ir.Case:
		return "CASE"
	case *ir.Coalesce:
		return "COALESCE"
	case *ir.IsNull:
		if e.Not {
			return "IS NOT NULL"
		}
		return "IS NULL"
	case *ir.In:
		return "IN"
	case *ir.Between:
		return "BETWEEN"
	case *ir.NullIf:
		return "NULLIF"
	case *ir.Try:
		return "TRY"
	}
	return "?"
}

// conditionalKids marks the children that are evaluated only on some rows.
func conditionalKids(e ir.Expr) map[int]bool {
	out := map[int]bool{}
	switch e := e.(type) {
	case *ir.If:
		out[1], out[2] = true, true
	case *ir.Case:
		first := 0
		if e.Operand != nil {
			first = 1
		}
		for i := first + 1; i < len(e.Children()); i++ {
			out[i] = true
		}
	case *ir.Coalesce:
		for i := 1; i < len(e.Args); i++ {
			out[i] = true
		}
	}
	return out
}
