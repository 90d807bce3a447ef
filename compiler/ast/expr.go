package ast

import "github.com/exprc/exprc/compiler/diag"

// Expr is an expression node. Parentheses are not kept as nodes: the tree
// shape records grouping, and the node's Pos is that of its first token
// (which for a parenthesised operand is the operand itself, not the "(").
type Expr interface {
	// Position returns the position of the expression's first token.
	Position() diag.Pos
	exprNode()
}

// LitKind is the kind of a Literal.
type LitKind int

// Literal kinds.
const (
	LitInt    LitKind = iota // digits only; the binder picks INT or BIGINT and reports overflow
	LitFloat                 // has a "." or an exponent; DOUBLE
	LitString                // '...'
	LitBool                  // TRUE or FALSE
	LitNull                  // NULL
	LitDate                  // DATE '...'; the binder validates the date
	// LitTimestamp is TIMESTAMP '...' or TIMESTAMP_LTZ '...', and
	// LitTimestampNTZ TIMESTAMP_NTZ '...'; the binder reads the text in
	// the query's session zone.
	LitTimestamp
	LitTimestampNTZ
	LitInterval // INTERVAL ...; Interval holds its parts, the binder reads them
	LitBinary   // X'...'; Value holds the hex digits, which the parser checked
)

var litKindNames = [...]string{"Int", "Float", "String", "Bool", "Null", "Date", "Timestamp", "TimestampNTZ", "Interval", "Binary"}

func (k LitKind) String() string {
	if int(k) < len(litKindNames) {
		return litKindNames[k]
	}
	return "LitKind(?)"
}

// Literal is a constant written in the source.
type Literal struct {
	Pos  diag.Pos
	Kind LitKind
	// Raw is the exact source text ("1.50", "'it''s'", "DATE '2024-01-01'").
	Raw string
	// Value is the literal's value as text: the digits of a number as
	// written, the unescaped contents of a string or date, "TRUE"/"FALSE"
	// for booleans, and "NULL".
	Value string
	// Interval is the parsed form of an INTERVAL literal (LitInterval).
	Interval *IntervalLit
}

// IntervalLit is an INTERVAL literal as written: one or more value-unit
// parts (INTERVAL 1 DAY 2 HOURS), or one quoted value with a field range
// (INTERVAL '1 02:03' DAY TO MINUTE, To set). The binder checks the values
// and computes the interval and its type.
type IntervalLit struct {
	Parts []IntervalPart
	// To is the end field of the unit-to-unit form (upper case), "" for the
	// value-unit form.
	To    string
	ToPos diag.Pos
}

// IntervalPart is one value and unit of an INTERVAL literal.
type IntervalPart struct {
	Pos diag.Pos // of the value
	// Neg is a minus sign written before the value (INTERVAL -'1' DAY).
	Neg bool
	// Value is the number as written, or a quoted string's contents.
	Value  string
	Quoted bool
	// Unit is the unit as written, upper-cased (DAY, DAYS, HOUR ...).
	Unit    string
	UnitPos diag.Pos
}

// ColumnRef is a column name, optionally qualified by a table name or alias.
type ColumnRef struct {
	Pos    diag.Pos
	Table  *Ident // nil when unqualified
	Column Ident
}

// Star is "*" or "t.*" in a SELECT list.
type Star struct {
	Pos   diag.Pos
	Table *Ident // nil for a bare "*"
}

// Unary is a prefix operator: "-", "+" or "NOT".
type Unary struct {
	Pos diag.Pos // the operator
	Op  string
	X   Expr
}

// Binary is an infix operator. Op is canonical: "+", "-", "*", "/", "DIV",
// "%", "||", "=", "<>", "<", "<=", ">", ">=", "AND", "OR".
type Binary struct {
	Pos   diag.Pos // first token of L
	OpPos diag.Pos // the operator
	Op    string
	// RawOp is the operator as written, e.g. "!=" or "==" for Op "<>" or "=",
	// or "div" for "DIV"; for messages that quote the user.
	RawOp string
	L, R  Expr
}

// IsNull is "X IS NULL" or "X IS NOT NULL".
type IsNull struct {
	Pos   diag.Pos
	OpPos diag.Pos // the IS keyword
	X     Expr
	Not   bool
}

// Between is "X [NOT] BETWEEN Lo AND Hi".
type Between struct {
	Pos       diag.Pos
	OpPos     diag.Pos // the BETWEEN keyword (or NOT before it)
	X, Lo, Hi Expr
	Not       bool
}

// InList is "X [NOT] IN (List...)". List may be empty: "X IN ()" is FALSE.
type InList struct {
	Pos   diag.Pos
	OpPos diag.Pos // the IN keyword (or NOT before it)
	X     Expr
	List  []Expr
	Not   bool
}

// InSubquery is "X [NOT] IN (SELECT ...)".
type InSubquery struct {
	Pos   diag.Pos
	OpPos diag.Pos // the IN keyword (or NOT before it)
	X     Expr
	Sub   *Select
	Not   bool
}

// Exists is "[NOT] EXISTS (SELECT ...)".
type Exists struct {
	Pos diag.Pos // the EXISTS keyword, or NOT when Not is set
	Sub *Select
	Not bool
}

// Quantified is "X op ANY|SOME|ALL (SELECT ...)": a comparison of X with every
// row of a one-column subquery. SOME is a synonym of ANY (All is false).
type Quantified struct {
	Pos   diag.Pos
	OpPos diag.Pos // the comparison operator
	Op    string   // canonical comparison: = <> < <= > >=
	All   bool
	X     Expr
	Sub   *Select
}

// Subquery is a scalar subquery "(SELECT ...)".
type Subquery struct {
	Pos diag.Pos // the "("
	Sub *Select
}

// Like is "X [NOT] LIKE Pattern [ESCAPE Escape]", or, when Regex is set,
// "X [NOT] RLIKE Pattern" (REGEXP is a synonym of RLIKE).
type Like struct {
	Pos     diag.Pos
	OpPos   diag.Pos // the LIKE/RLIKE/REGEXP keyword (or NOT before it)
	X       Expr
	Pattern Expr
	Escape  Expr // nil when there is no ESCAPE clause; never set with Regex
	Not     bool
	Regex   bool
}

// Case is a CASE expression. Operand is nil for a searched CASE
// ("CASE WHEN cond THEN ..."); for a simple CASE ("CASE x WHEN v THEN ...")
// the When conditions are the values compared with Operand.
type Case struct {
	Pos     diag.Pos
	Operand Expr
	Whens   []*When
	Else    Expr // nil when there is no ELSE
}

// When is one WHEN ... THEN ... arm of a Case.
type When struct {
	Pos    diag.Pos // the WHEN keyword
	Cond   Expr
	Result Expr
}

// Call is a function call, including IF, COALESCE, NULLIF and TRY, which the
// binder turns into special forms. TRY_CAST(x AS t) is parsed as
// Call TRY(Cast(x AS t)).
type Call struct {
	Pos  diag.Pos
	Name Ident
	Args []Expr
	Star bool // f(*), as in count(*); Args is empty
}

// Cast is "CAST(X AS Type)".
type Cast struct {
	Pos  diag.Pos
	X    Expr
	Type *TypeName
}

// Subscript is "X[Index]", e.g. a map lookup m['k'].
type Subscript struct {
	Pos    diag.Pos // first token of X
	LBrack diag.Pos // the "["
	X      Expr
	Index  Expr
}

func (e *Literal) Position() diag.Pos    { return e.Pos }
func (e *ColumnRef) Position() diag.Pos  { return e.Pos }
func (e *Star) Position() diag.Pos       { return e.Pos }
func (e *Unary) Position() diag.Pos      { return e.Pos }
func (e *Binary) Position() diag.Pos     { return e.Pos }
func (e *IsNull) Position() diag.Pos     { return e.Pos }
func (e *Between) Position() diag.Pos    { return e.Pos }
func (e *InList) Position() diag.Pos     { return e.Pos }
func (e *InSubquery) Position() diag.Pos { return e.Pos }
func (e *Exists) Position() diag.Pos     { return e.Pos }
func (e *Subquery) Position() diag.Pos   { return e.Pos }
func (e *Quantified) Position() diag.Pos { return e.Pos }
func (e *Like) Position() diag.Pos       { return e.Pos }
func (e *Case) Position() diag.Pos       { return e.Pos }
func (e *Call) Position() diag.Pos       { return e.Pos }
func (e *Cast) Position() diag.Pos       { return e.Pos }
func (e *Subscript) Position() diag.Pos  { return e.Pos }

func (*Literal) exprNode()    {}
func (*ColumnRef) exprNode()  {}
func (*Star) exprNode()       {}
func (*Unary) exprNode()      {}
func (*Binary) exprNode()     {}
func (*IsNull) exprNode()     {}
func (*Between) exprNode()    {}
func (*InList) exprNode()     {}
func (*InSubquery) exprNode() {}
func (*Exists) exprNode()     {}
func (*Subquery) exprNode()   {}
func (*Quantified) exprNode() {}
func (*Like) exprNode()       {}
func (*Case) exprNode()       {}
func (*Call) exprNode()       {}
func (*Cast) exprNode()       {}
func (*Subscript) exprNode()  {}
