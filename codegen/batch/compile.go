package batch

import (
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// compiler turns one query's plan into steps. Each node becomes one step,
// once, whatever number of parents it has (IN's value is an operand of each
// comparison): the step computes the node on its first run in a frame and
// returns the same outcome after, as the printer prints a node at its first
// use and names its vector after.
type compiler struct {
	q        *lower.Query
	compiled map[*lower.Node]step
	nodes    map[*lower.Node]int // frame slot of each node's outcome
	sels     map[*lower.Sel]int  // frame slot of each selection made at run time
	memos    map[int]int         // frame slot of each lazily shared value's memo, by shared ID
	clock    bool
	scope    *subScope // the subqueries and parameters a query inside a prepared one reads (subquery.go)
}

func newCompiler(q *lower.Query) *compiler {
	return &compiler{q: q, compiled: map[*lower.Node]step{}, nodes: map[*lower.Node]int{}, sels: map[*lower.Sel]int{}, memos: map[int]int{}}
}

var boolKind = kinds[ir.KindBoolean]

// clause compiles the WHERE clause or an output column.
func (c *compiler) clause(r *lower.Root) (*clause, error) {
	cl := &clause{column: r.PassThrough}
	if r.Value == nil {
		return cl, nil
	}
	var err error
	if cl.hoists, err = c.steps(r.Hoists); err != nil {
		return nil, err
	}
	if cl.kind, err = kindOf(r.Expr.Type()); err != nil {
		return nil, err
	}
	cl.value, err = c.node(r.Value)
	return cl, err
}

func (c *compiler) steps(ns []*lower.Node) ([]step, error) {
	out := make([]step, len(ns))
	for i, n := range ns {
		s, err := c.node(n)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// selSlot is the frame slot of selection s.
func (c *compiler) selSlot(s *lower.Sel) int {
	slot, ok := c.sels[s]
	if !ok {
		slot = len(c.sels)
		c.sels[s] = slot
	}
	return slot
}

// sel resolves selection s in a frame: nil for every row, the rows that
// pass the WHERE clause, or a selection a node made.
func (c *compiler) sel(s *lower.Sel) func(fr *frame) vec.Sel {
	switch s.Kind {
	case lower.SelAll:
		return func(*frame) vec.Sel { return nil }
	case lower.SelWhere:
		return func(fr *frame) vec.Sel { return fr.where }
	}
	slot := c.selSlot(s)
	return func(fr *frame) vec.Sel {
		if x := fr.sels[slot]; x.logic != nil {
			return x.logic.Live
		} else {
			return x.rows
		}
	}
}

// node compiles n into the step computing it once per frame.
func (c *compiler) node(n *lower.Node) (step, error) {
	if s, ok := c.compiled[n]; ok {
		return s, nil
	}
	slot := len(c.nodes)
	c.nodes[n] = slot
	body, err := c.body(n)
	if err != nil {
		return nil, err
	}
	s := func(fr *frame) operand {
		if fr.done[slot] {
			return fr.vals[slot]
		}
		o := body(fr)
		fr.vals[slot], fr.done[slot] = o, true
		return o
	}
	c.compiled[n] = s
	return s, nil
}

// body compiles what node n computes.
func (c *compiler) body(n *lower.Node) (step, error) {
	sel := c.sel(n.Sel)
	k, err := kindOf(n.Expr.Type())
	if err != nil && n.Op != lower.OpConst {
		return nil, err
	}
	switch n.Op {
	case lower.OpConst:
		o := operand{c: n.Const}
		return func(*frame) operand { return o }, nil
	case lower.OpColumn:
		idx := n.Column.Index
		return func(fr *frame) operand {
			if fr.cols[idx] == nil {
				fr.cols[idx] = k.read(fr.in.Column(idx))
			}
			return operand{vec: fr.cols[idx]}
		}, nil
	case lower.OpReuse:
		slot, ok := c.nodes[n.Def]
		if !ok {
			return nil, unsupported("a shared value read before it is computed")
		}
		return func(fr *frame) operand { return fr.vals[slot] }, nil
	case lower.OpShare:
		arg, err := c.node(n.Args[0])
		if err != nil {
			return nil, err
		}
		return func(fr *frame) operand { return operand{vec: fr.vector(k, arg(fr), sel(fr))} }, nil
	case lower.OpMemo:
		return c.memo(n, k, sel)
	case lower.OpCall:
		return c.call(n, k, sel)
	case lower.OpCompare:
		return c.kernel(n.Sig, n.Args, boolKind, sel)
	case lower.OpAnd, lower.OpOr:
		return c.logic(n, n.Op == lower.OpOr, sel)
	case lower.OpIn, lower.OpBetween:
		return c.form(n, n.Op == lower.OpIn, sel)
	case lower.OpIf:
		return c.ifNode(n, k, sel)
	case lower.OpCase:
		return c.caseNode(n, k, sel)
	case lower.OpCoalesce:
		return c.coalesce(n, k, sel)
	case lower.OpIsNull:
		ak, err := kindOf(n.Args[0].Expr.Type())
		if err != nil {
			return nil, err
		}
		arg, err := c.node(n.Args[0])
		if err != nil {
			return nil, err
		}
		not := n.Expr.(*ir.IsNull).Not
		return func(fr *frame) operand {
			s := sel(fr)
			return operand{vec: ak.isNull(fr.vector(ak, arg(fr), s), not, s, fr.n)}
		}, nil
	case lower.OpNullIf:
		args, err := c.steps(n.Args)
		if err != nil {
			return nil, err
		}
		return func(fr *frame) operand {
			a := args[0](fr)
			args[1](fr)
			eq := args[2](fr)
			s := sel(fr)
			return operand{vec: k.nullIf(fr.vector(k, a, s), eq.vec.(*vec.Vec[bool]), s, fr.n)}
		}, nil
	case lower.OpTry:
		arg, err := c.node(n.Args[0])
		if err != nil {
			return nil, err
		}
		if n.Pass {
			return arg, nil
		}
		return func(fr *frame) operand {
			s := sel(fr)
			return operand{vec: k.try(fr.vector(k, arg(fr), s), s, fr.n)}
		}, nil
	case lower.OpFused:
		return c.fused(n, k, sel)
	case lower.OpSubquery:
		return c.subquery(n, sel)
	case lower.OpParam:
		return c.param(n, k)
	}
	return nil, unsupported("plan node %d", n.Op)
}

// memo computes a lazily shared value on the rows of its selection its memo
// lacks (vec.Missing), and reads the memo.
func (c *compiler) memo(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	slot, ok := c.memos[n.Shared.ID]
	if !ok {
		slot = len(c.memos)
		c.memos[n.Shared.ID] = slot
	}
	todo := c.selSlot(n.Args[0].Sel)
	arg, err := c.node(n.Args[0])
	if err != nil {
		return nil, err
	}
	return func(fr *frame) operand {
		m := &fr.memos[slot]
		if m.vals == nil {
			m.vals, m.done = k.memo(fr.n), make([]bool, fr.n)
		}
		rows := vec.Missing(m.done, sel(fr), fr.n)
		fr.sels[todo] = selection{rows: rows}
		fr.mergeInto(k, m.vals, arg(fr), rows)
		return operand{vec: m.vals}
	}, nil
}

// logic is an n-ary AND (dominant FALSE) or OR (dominant TRUE): each operand
// over the rows the earlier ones left undecided.
func (c *compiler) logic(n *lower.Node, dominant bool, sel func(*frame) vec.Sel) (step, error) {
	live := c.selSlot(n.Branches[0].Sel)
	vals := make([]step, len(n.Branches))
	for i, b := range n.Branches {
		v, err := c.node(b.Value)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return func(fr *frame) operand {
		lg := vec.NewLogic(dominant, sel(fr), fr.n)
		fr.sels[live] = selection{logic: lg}
		for _, v := range vals {
			lg.Add(fr.vector(boolKind, v(fr), lg.Live).(*vec.Vec[bool]))
		}
		r := lg.Finish()
		return operand{vec: &r}
	}, nil
}

// form is IN (dominant TRUE: any match) or BETWEEN (dominant FALSE: both
// bounds): a comparison per operand over the rows still undecided.
func (c *compiler) form(n *lower.Node, dominant bool, sel func(*frame) vec.Sel) (step, error) {
	x, err := c.node(n.Args[0])
	if err != nil {
		return nil, err
	}
	live := c.selSlot(n.Branches[0].Sel)
	cmps := make([]step, len(n.Branches))
	for i, b := range n.Branches {
		if cmps[i], err = c.node(b.Cond); err != nil {
			return nil, err
		}
	}
	return func(fr *frame) operand {
		x(fr)
		lg := vec.NewLogic(dominant, sel(fr), fr.n)
		fr.sels[live] = selection{logic: lg}
		for _, cmp := range cmps {
			lg.Add(cmp(fr).vec.(*vec.Vec[bool]))
		}
		r := lg.Finish()
		return operand{vec: &r}
	}, nil
}

// branch is a compiled lower.Branch.
type branch struct {
	sel, left    int // frame slots of its rows and of the rows it leaves
	hoists, rest []step
	cond, value  step
}

func (c *compiler) branch(b *lower.Branch) (*branch, error) {
	out := &branch{sel: c.selSlot(b.Sel)}
	var err error
	if b.Left != nil {
		out.left = c.selSlot(b.Left)
	}
	if out.hoists, err = c.steps(b.Hoists); err != nil {
		return nil, err
	}
	if b.Cond != nil {
		if out.cond, err = c.node(b.Cond); err != nil {
			return nil, err
		}
	}
	if out.value, err = c.node(b.Value); err != nil {
		return nil, err
	}
	// a CASE WHEN's Rest hoists hold for the WHENs after it: compiled after
	// its value, in the order the printer prints them
	out.rest, err = c.steps(b.Rest)
	return out, err
}

// ifNode is IF as vector code: the condition on sel, then each branch on the
// rows it takes, merged into the result.
func (c *compiler) ifNode(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	cond, err := c.node(n.Args[0])
	if err != nil {
		return nil, err
	}
	var bs [2]*branch
	for i, b := range n.Branches {
		if bs[i], err = c.branch(b); err != nil {
			return nil, err
		}
	}
	return func(fr *frame) operand {
		s := sel(fr)
		cv := fr.vector(boolKind, cond(fr), s).(*vec.Vec[bool])
		taken, rest := vec.Split(cv, s, fr.n)
		fr.sels[bs[0].sel], fr.sels[bs[1].sel] = selection{rows: taken}, selection{rows: rest}
		res := k.fresh(fr.bufs)
		k.copyErrs(res, cv, s, fr.n)
		for i, b := range bs {
			runAll(fr, b.hoists)
			fr.mergeInto(k, res, b.value(fr), [2]vec.Sel{taken, rest}[i])
		}
		return operand{vec: res}
	}, nil
}

// caseNode is CASE as vector code: each WHEN on the rows no earlier WHEN
// took, each result on the rows of its branch.
func (c *compiler) caseNode(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	var subject step
	var err error
	if len(n.Args) > 0 {
		if subject, err = c.node(n.Args[0]); err != nil {
			return nil, err
		}
	}
	bs := make([]*branch, len(n.Branches))
	for i, b := range n.Branches {
		if bs[i], err = c.branch(b); err != nil {
			return nil, err
		}
	}
	els, err := c.node(n.Else)
	if err != nil {
		return nil, err
	}
	return func(fr *frame) operand {
		res := k.fresh(fr.bufs)
		if subject != nil {
			subject(fr)
		}
		rem := sel(fr)
		for _, b := range bs {
			cv := fr.vector(boolKind, b.cond(fr), rem).(*vec.Vec[bool])
			k.copyErrs(res, cv, rem, fr.n)
			taken, rest := vec.Split(cv, rem, fr.n)
			fr.sels[b.sel], fr.sels[b.left] = selection{rows: taken}, selection{rows: rest}
			runAll(fr, b.hoists)
			fr.mergeInto(k, res, b.value(fr), taken)
			rem = rest
			runAll(fr, b.rest)
		}
		fr.mergeInto(k, res, els(fr), rem)
		return operand{vec: res}
	}, nil
}

// coalesce is COALESCE: each argument on the rows the earlier ones left
// NULL; the last one lowered decides every remaining row.
func (c *compiler) coalesce(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	bs := make([]*branch, len(n.Branches))
	rows := make([]func(*frame) vec.Sel, len(n.Branches))
	for i, b := range n.Branches {
		var err error
		if bs[i], err = c.branch(b); err != nil {
			return nil, err
		}
		rows[i] = c.sel(b.Sel)
	}
	return func(fr *frame) operand {
		res := k.fresh(fr.bufs)
		for i, b := range bs {
			rem := rows[i](fr)
			runAll(fr, b.hoists)
			o := b.value(fr)
			if i == len(bs)-1 {
				fr.mergeInto(k, res, o, rem)
				break
			}
			ov := fr.vector(k, o, rem)
			k.mergeNonNull(res, ov, rem, fr.n)
			fr.sels[bs[i+1].sel] = selection{rows: k.nullRows(ov, rem, fr.n)}
		}
		return operand{vec: res}
	}, nil
}

// fused runs a fused expression's general path on all of its rows: the
// absorbed shared values as vectors first, then the expression.
func (c *compiler) fused(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	fz := n.Fused
	if fz.General == nil {
		return nil, unsupported("a fused expression its loops decide alone (%s): plan with lower.Options{Unfused: true}", fz.Fallback)
	}
	rest := c.selSlot(fz.Rest)
	var hoists []step
	for _, a := range fz.Absorbs {
		if a.Hoist != nil {
			h, err := c.node(a.Hoist)
			if err != nil {
				return nil, err
			}
			hoists = append(hoists, h)
		}
	}
	general, err := c.node(fz.General)
	if err != nil {
		return nil, err
	}
	return func(fr *frame) operand {
		s := sel(fr)
		fr.sels[rest] = selection{rows: s}
		runAll(fr, hoists)
		return operand{vec: fr.vector(k, general(fr), s)}
	}, nil
}

// call compiles a registry function call.
func (c *compiler) call(n *lower.Node, k kind, sel func(*frame) vec.Sel) (step, error) {
	e := n.Expr.(*ir.Call)
	switch n.Call {
	case lower.CallMap, lower.CallMapColumn:
		return c.mapCall(n, sel)
	case lower.CallMapBuild:
		return c.mapBuild(n, sel)
	case lower.CallGreatest:
		return c.greatest(n, k, sel)
	case lower.CallMatcher:
		if e.Fn.Name == "like" && !n.BadPattern {
			return c.like(n, sel)
		}
	}
	return c.kernel(e.Sig, n.Args, k, sel)
}

// like is LIKE with a constant pattern, compiled once.
func (c *compiler) like(n *lower.Node, sel func(*frame) vec.Sel) (step, error) {
	pattern, esc, _ := ir.PatternLits(n.Expr.(*ir.Call))
	m, perr := rt.CompileLike(pattern, esc)
	if perr != nil {
		return nil, unsupported("a LIKE pattern that does not compile")
	}
	s, err := c.node(n.Args[0])
	if err != nil {
		return nil, err
	}
	for _, a := range n.Args[1:] {
		if _, err := c.node(a); err != nil {
			return nil, err
		}
	}
	strs := kinds[ir.KindVarchar]
	return func(fr *frame) operand {
		rows := sel(fr)
		a := strs.arg(fr.vector(strs, s(fr), rows)).(vec.Arg[string])
		r := vec.Map1(rows, fr.n, a, m.Match)
		return operand{vec: &r}
	}, nil
}
