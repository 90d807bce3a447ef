package lower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Format renders the whole plan as an indented tree, one node per line with
// its operation, the rows it runs over and its SQL: what the golden tests of
// this package compare, and what to read when the generated code of a query
// surprises.
func (q *Query) Format() string {
	p := &planPrinter{sels: map[*Sel]string{}, nodes: map[*Node]string{}}
	var b strings.Builder
	fmt.Fprintf(&b, "query %s\n", q.IR.Name)
	if w := q.Where; w != nil {
		p.hoists(&b, 1, "before WHERE", w.Hoists)
		p.root(&b, w)
	}
	p.hoists(&b, 1, "before the outputs", q.OutputHoists)
	for _, o := range q.Outputs {
		p.root(&b, o)
	}
	if q.Prepared != nil {
		b.WriteString(q.Prepared.Format())
	}
	return b.String()
}

// Format renders the plan of a query's subqueries: each settled subquery's
// structure and probe, each pass with the plan of its vectors, each loop's
// test with its plan.
func (p *Prepared) Format() string {
	var b strings.Builder
	for _, s := range p.Subs {
		fmt.Fprintf(&b, "  subquery #%d (%s, pass %d): %s, probe %s: %s\n", s.Settled.ID, s.Settled.Form, s.Pass.Index, s.Structure, s.Probe, s.Why)
		if t := s.Test; t != nil {
			stop := ""
			if t.StopAtFirst {
				stop = "; stops at the first inner row that passes"
			}
			fmt.Fprintf(&b, "    per-row test: %s%s\n", short(ir.Format(t.Cond)), stop)
			b.WriteString(indentLines(t.Plan.Format(), "    "))
		}
	}
	for _, ps := range p.Passes {
		fmt.Fprintf(&b, "  pass %d over %s", ps.Index, ps.Table.Name)
		if ps.Inner != nil {
			fmt.Fprintf(&b, " where %s", short(ir.Format(ps.Inner)))
		}
		fmt.Fprintf(&b, ": %s\n", strings.Join(ps.Roles, ", "))
		if ps.Plan != nil {
			b.WriteString(indentLines(ps.Plan.Format(), "    "))
		}
	}
	return b.String()
}

func indentLines(s, in string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(in + l)
		}
	}
	return b.String()
}

type planPrinter struct {
	sels  map[*Sel]string
	nodes map[*Node]string // nodes printed, by a short name (n1, n2...)
}

func (p *planPrinter) sel(s *Sel) string {
	switch s.Kind {
	case SelAll:
		return "all"
	case SelWhere:
		return "where"
	}
	if name, ok := p.sels[s]; ok {
		return name
	}
	kinds := map[SelKind]string{SelThen: "then", SelElse: "else", SelWhen: "when", SelNotYet: "notyet",
		SelStillNull: "stillnull", SelLive: "live", SelTodo: "todo", SelRest: "rest"}
	name := fmt.Sprintf("%s%d", kinds[s.Kind], len(p.sels)+1)
	p.sels[s] = name
	return name
}

func (p *planPrinter) root(b *strings.Builder, r *Root) {
	if r.PassThrough >= 0 {
		fmt.Fprintf(b, "  %s: copy input column %d\n", r.Name, r.PassThrough)
		return
	}
	fmt.Fprintf(b, "  %s: %s\n", r.Name, r.Code())
	p.node(b, 2, r.Value)
}

func (p *planPrinter) hoists(b *strings.Builder, depth int, what string, ns []*Node) {
	if len(ns) == 0 {
		return
	}
	if what != "" {
		what = " " + what
	}
	fmt.Fprintf(b, "%shoists%s:\n", indent(depth), what)
	for _, n := range ns {
		p.node(b, depth+1, n)
	}
}

func (p *planPrinter) node(b *strings.Builder, depth int, n *Node) {
	in := indent(depth)
	if name, ok := p.nodes[n]; ok {
		fmt.Fprintf(b, "%s= %s\n", in, name)
		return
	}
	name := fmt.Sprintf("n%d", len(p.nodes)+1)
	p.nodes[n] = name
	head := fmt.Sprintf("%s%s %s over %s", in, name, opName(n), p.sel(n.Sel))
	switch n.Op {
	case OpConst, OpColumn:
		fmt.Fprintf(b, "%s: %s\n", head, ir.Format(n.Expr))
		return
	case OpReuse:
		fmt.Fprintf(b, "%s: #%d from %s\n", head, n.Shared.ID, p.nodes[n.Def])
		return
	case OpShare, OpMemo:
		fmt.Fprintf(b, "%s: #%d %s\n", head, n.Shared.ID, short(n.Shared.SQL))
	case OpCompare:
		fmt.Fprintf(b, "%s: %s\n", head, n.Sig.Kernel)
	default:
		fmt.Fprintf(b, "%s: %s\n", head, short(ir.Format(n.Expr)))
	}
	if n.Why != "" {
		fmt.Fprintf(b, "%s  vector: %s\n", in, n.Why)
	}
	if n.Op == OpFused {
		p.fused(b, depth+1, n.Fused)
		return
	}
	for _, a := range n.Args {
		p.node(b, depth+1, a)
	}
	for i, br := range n.Branches {
		label := fmt.Sprintf("branch %d over %s", i+1, p.sel(br.Sel))
		fmt.Fprintf(b, "%s  %s\n", in, label)
		p.hoists(b, depth+2, "", br.Hoists)
		if br.Cond != nil {
			p.node(b, depth+2, br.Cond)
		}
		if br.Value != nil {
			p.node(b, depth+2, br.Value)
		}
		if br.Left != nil {
			fmt.Fprintf(b, "%s  rows left: %s\n", in, p.sel(br.Left))
			p.hoists(b, depth+2, "until the end", br.Rest)
		}
	}
	if n.Else != nil {
		fmt.Fprintf(b, "%s  else\n", in)
		p.node(b, depth+2, n.Else)
	}
}

func (p *planPrinter) fused(b *strings.Builder, depth int, f *Fused) {
	in := indent(depth)
	fmt.Fprintf(b, "%swhy: %s\n", in, f.Why)
	if f.Direct {
		fmt.Fprintf(b, "%swrites its output column directly\n", in)
	}
	b.WriteString(in + f.loopLine() + "\n")
	fmt.Fprintf(b, "%sreads: %s; per-row tests: %s\n", in, strings.Join(f.Leaves, ", "), orNone(f.Tests))
	for _, a := range f.Absorbs {
		how := "absorbs"
		if a.Recomputed {
			how = "recomputes"
		}
		fmt.Fprintf(b, "%s%s #%d: %s\n", in, how, a.Shared.ID, formatRow(a.Row))
	}
	fmt.Fprintf(b, "%srow: %s\n", in, formatRow(f.Row))
	if f.General == nil {
		fmt.Fprintf(b, "%sfallback: %s\n", in, f.Fallback)
		return // it leaves no row
	}
	fmt.Fprintf(b, "%svector code over %s:\n", in, p.sel(f.Rest))
	var hoists []*Node
	for _, a := range f.Absorbs {
		if a.Hoist != nil {
			hoists = append(hoists, a.Hoist)
		}
	}
	p.hoists(b, depth+1, "", hoists)
	p.node(b, depth+1, f.General)
}

func opName(n *Node) string {
	switch n.Op {
	case OpCall:
		return [...]string{"call", "match", "map", "mapcolumn", "greatest", "mapbuild"}[n.Call]
	case OpTry:
		if n.Pass {
			return "try(pass)"
		}
	}
	return [...]string{"const", "column", "reuse", "share", "memo", "call", "and", "or", "in", "between",
		"if", "case", "coalesce", "isnull", "nullif", "try", "compare", "fused", "subquery", "param"}[n.Op]
}

// formatRow renders a fused loop's per-row program on one line.
func formatRow(r *Row) string {
	args := func(rs []*Row) string {
		var parts []string
		for _, a := range rs {
			parts = append(parts, formatRow(a))
		}
		return strings.Join(parts, ", ")
	}
	switch r.Op {
	case RowConst, RowColumn:
		return ir.Format(r.Expr)
	case RowNull:
		return "NULL"
	case RowVector:
		return fmt.Sprintf("vector#%d", r.Shared.ID)
	case RowLocal:
		return fmt.Sprintf("local#%d", r.Shared.ID)
	case RowAnd:
		return "and(" + args(r.Args) + ")"
	case RowOr:
		return "or(" + args(r.Args) + ")"
	case RowBetween:
		return "between(" + args(r.Args) + ")"
	case RowIn:
		return "in(" + args(r.Args) + ")"
	case RowKernel:
		flag := ""
		if r.Flags {
			flag = "!"
		}
		consts := ""
		for _, k := range r.Sig.KernelArgs {
			consts += ", " + strconv.Itoa(k)
		}
		if r.Sig.KernelZone != "" {
			consts += ", " + strconv.Quote(r.Sig.KernelZone)
		}
		own := args(r.Args)
		if r.Sig.KernelClock {
			// the evaluation's clock, read once per evaluation
			own = "clock" + prefixed(own)
		}
		return r.Sig.Kernel + flag + "(" + own + consts + ")"
	case RowMap:
		return fmt.Sprintf("%s(%s%s)", r.Fn, r.Column.Name, prefixed(args(r.Args)))
	case RowLike:
		return fmt.Sprintf("%s(%s, %q)", r.Shape, args(r.Args), r.Lit)
	case RowMatch:
		return r.Fn + "(" + args(r.Args) + ")"
	case RowIf:
		if r.Chosen {
			return "choose(" + args(r.Args) + ")" // both results computed, one picked without a branch
		}
		return "if(" + args(r.Args) + ")"
	case RowTry:
		return "try(" + args(r.Args) + ")"
	case RowMemo:
		return fmt.Sprintf("memo#%d(%s)", r.Shared.ID, formatRow(r.Local))
	case RowIsNull:
		if r.Not {
			return "isnotnull(" + args(r.Args) + ")"
		}
		return "isnull(" + args(r.Args) + ")"
	case RowCoalesce:
		return "coalesce(" + args(r.Args) + ")"
	case RowCase:
		if r.ChosenCase {
			// every condition computed, the first that holds picks the result without a branch
			return "pick(" + args(r.Args) + "; else " + formatRow(r.Else) + ")"
		}
		s := "case("
		if r.Subject != nil {
			s += formatRow(r.Subject) + "; "
		}
		return s + args(r.Args) + "; else " + formatRow(r.Else) + ")"
	}
	return "?"
}

func prefixed(s string) string {
	if s == "" {
		return ""
	}
	return ", " + s
}

func indent(depth int) string { return strings.Repeat("  ", depth) }

func orNone(list []string) string {
	if len(list) == 0 {
		return "none"
	}
	return strings.Join(list, ", ")
}
