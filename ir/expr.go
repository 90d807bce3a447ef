package ir

// Expr is a typed row expression: given one input row it has exactly one outcome,
// a value, NULL or an error. Expressions are immutable trees built by the binder;
// later stages (folding, CSE, code generation) build new trees rather than mutate.
//
// Leaves are Const and ColumnRef; Call is any registry function; the other nodes
// are the special forms whose NULL or laziness rules differ from a call.
type Expr interface {
	// Type is the SQL type of the expression's values.
	Type() Type
	// Children lists the direct subexpressions in SQL text order, which is also the
	// order "leftmost error" refers to.
	Children() []Expr
	exprNode()
}

// Const is a constant. V is nil for a typed NULL. Err is set when constant
// folding found the expression always fails: the error is then the outcome on
// every row that reaches it, and compilation still succeeds (design rule 8).
type Const struct {
	T   Type
	V   any
	Err *EvalError
}

// ColumnRef reads column Index of the query's input table.
type ColumnRef struct {
	Index    int
	Name     string
	T        Type
	Nullable bool
}

// Call applies a registry function. Sig.Params give the argument types (the
// binder inserted widening casts where needed) and Sig.Ret the result type.
type Call struct {
	Fn   *Function
	Sig  *Signature
	Args []Expr
}

// And is n-ary logical AND: FALSE if any operand is FALSE, else the leftmost
// error, else NULL if any operand is NULL, else TRUE. Every operand has an
// outcome on every row, so operand order never matters.
type And struct{ Args []Expr }

// Or is n-ary logical OR, the dual of And: TRUE beats error beats NULL beats FALSE.
type Or struct{ Args []Expr }

// If evaluates Cond, then exactly one of Then (Cond TRUE) or Else (FALSE or
// NULL). An error in Cond is the outcome.
type If struct {
	Cond, Then, Else Expr
}

// When is one arm of a Case.
type When struct {
	Cond, Then Expr
}

// Case is a searched CASE: the first WHEN whose condition is TRUE gives the
// result; conditions after it and results of other arms are never evaluated. An
// error in a condition that is reached is the outcome. Else is never nil (the
// binder supplies a typed NULL).
//
// A simple CASE (CASE x WHEN v ...) has Operand set: each When.Cond is then the
// value v and the test is Operand = v using Eq, with Operand evaluated once per
// row.
type Case struct {
	Operand Expr
	Eq      *Call // template: Fn and Sig of "=", Args unused
	Whens   []When
	Else    Expr
	T       Type
}

// Coalesce yields the first argument whose outcome is not NULL (a value or an
// error); later arguments are not evaluated. NULL if all are NULL.
type Coalesce struct {
	Args []Expr
	T    Type
}

// IsNull tests for NULL; Not flips it (IS NOT NULL). An error operand gives its
// error: IS NULL does not hide failures.
type IsNull struct {
	Arg Expr
	Not bool
}

// In is "Arg IN (List...)", defined as Arg = List[0] OR Arg = List[1] OR ...
// with Arg evaluated once. An empty list is FALSE. Eq is the "=" call used for
// every comparison (all operands share one type). NOT IN is a "not" call over In.
type In struct {
	Arg  Expr
	List []Expr
	Eq   *Call
}

// Between is "Arg BETWEEN Lo AND Hi", defined as Arg >= Lo AND Arg <= Hi with Arg
// evaluated once. NOT BETWEEN is a "not" call over Between.
type Between struct {
	Arg, Lo, Hi Expr
	Ge, Le      *Call
}

// NullIf is NULLIF(A, B): IF(A = B, NULL, A) with A evaluated once.
type NullIf struct {
	A, B Expr
	Eq   *Call
}

// Try is NULL on the rows where Arg is an error, and Arg elsewhere.
type Try struct{ Arg Expr }

func (c *Const) Type() Type     { return c.T }
func (c *ColumnRef) Type() Type { return c.T }
func (c *Call) Type() Type      { return c.Sig.Ret }
func (*And) Type() Type         { return TypeBoolean }
func (*Or) Type() Type          { return TypeBoolean }
func (e *If) Type() Type        { return e.Then.Type() }
func (e *Case) Type() Type      { return e.T }
func (e *Coalesce) Type() Type  { return e.T }
func (*IsNull) Type() Type      { return TypeBoolean }
func (*In) Type() Type          { return TypeBoolean }
func (*Between) Type() Type     { return TypeBoolean }
func (e *NullIf) Type() Type    { return e.A.Type() }
func (e *Try) Type() Type       { return e.Arg.Type() }

func (*Const) Children() []Expr     { return nil }
func (*ColumnRef) Children() []Expr { return nil }
func (c *Call) Children() []Expr    { return c.Args }
func (e *And) Children() []Expr     { return e.Args }
func (e *Or) Children() []Expr      { return e.Args }
func (e *If) Children() []Expr      { return []Expr{e.Cond, e.Then, e.Else} }
func (e *Case) Children() []Expr {
	var out []Expr
	if e.Operand != nil {
		out = append(out, e.Operand)
	}
	for _, w := range e.Whens {
		out = append(out, w.Cond, w.Then)
	}
	return append(out, e.Else)
}
func (e *Coalesce) Children() []Expr { return e.Args }
func (e *IsNull) Children() []Expr   { return []Expr{e.Arg} }
func (e *In) Children() []Expr       { return append([]Expr{e.Arg}, e.List...) }
func (e *Between) Children() []Expr  { return []Expr{e.Arg, e.Lo, e.Hi} }
func (e *NullIf) Children() []Expr   { return []Expr{e.A, e.B} }
func (e *Try) Children() []Expr      { return []Expr{e.Arg} }

func (*Const) exprNode()     {}
func (*ColumnRef) exprNode() {}
func (*Call) exprNode()      {}
func (*And) exprNode()       {}
func (*Or) exprNode()        {}
func (*If) exprNode()        {}
func (*Case) exprNode()      {}
func (*Coalesce) exprNode()  {}
func (*IsNull) exprNode()    {}
func (*In) exprNode()        {}
func (*Between) exprNode()   {}
func (*NullIf) exprNode()    {}
func (*Try) exprNode()       {}

// WithChildren returns a copy of e with its children replaced by kids, in the
// order Children returns them. Rewriting passes (folding, CSE) use it so they need
// not know every node type.
func WithChildren(e Expr, kids []Expr) Expr {
	switch e := e.(type) {
	case *Const, *ColumnRef:
		return e
	case *Call:
		return &Call{Fn: e.Fn, Sig: e.Sig, Args: kids}
	case *And:
		return &And{Args: kids}
	case *Or:
		return &Or{Args: kids}
	case *If:
		return &If{Cond: kids[0], Then: kids[1], Else: kids[2]}
	case *Case:
		n := &Case{Eq: e.Eq, T: e.T}
		if e.Operand != nil {
			n.Operand, kids = kids[0], kids[1:]
		}
		for i := range e.Whens {
			n.Whens = append(n.Whens, When{Cond: kids[2*i], Then: kids[2*i+1]})
		}
		n.Else = kids[len(kids)-1]
		return n
	case *Coalesce:
		return &Coalesce{Args: kids, T: e.T}
	case *IsNull:
		return &IsNull{Arg: kids[0], Not: e.Not}
	case *In:
		return &In{Arg: kids[0], List: kids[1:], Eq: e.Eq}
	case *Between:
		return &Between{Arg: kids[0], Lo: kids[1], Hi: kids[2], Ge: e.Ge, Le: e.Le}
	case *NullIf:
		return &NullIf{A: kids[0], B: kids[1], Eq: e.Eq}
	case *Try:
		return &Try{Arg: kids[0]}
	case *Param:
		return e
	case *Subquery:
		n := *e
		n.Args = kids
		return &n
	}
	panic("ir.WithChildren: unknown node")
}
