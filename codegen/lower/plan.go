// Package lower is the first of code generation's two steps: it turns a bound
// query and its CSE plan into the physical plan the printer (package codegen)
// writes as Go, taking every decision on the way, so that printing takes none.
//
// The physical plan says, for the WHERE clause and each output column, whether
// it is vector code or one fused loop; for a fused loop, which shared
// subexpressions it computes itself (absorbed, or recomputed because they are
// cheap), whether it writes its output column's Arrow array directly, and the
// per-row program it runs; for each shared subexpression, where it is
// computed; and for every piece of vector code, the selection (the rows) it
// runs over. It is pure data: tests read it without rendering Go, and
// `exprc explain` prints it with the reason for each choice.
//
// The pass walks each query in the order its code runs: the WHERE clause,
// then the outputs in SELECT order, each expression's operands before the
// expression, a conditional's branches after its condition. It keeps the
// scopes of the shared subexpressions computed so far (a region's hoists, a
// shared value computed at its first use), because whether a fused loop can
// read a shared value depends on whether it was computed before it.
package lower

import (
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// Query is the physical plan of one query.
type Query struct {
	IR *ir.Query
	// Analysis is the query's CSE analysis (nil when planned without CSE),
	// which explain shows; Sharing is the plan lowering followed: Analysis
	// when it shares a subexpression, nil otherwise.
	Analysis, Sharing *cse.Plan
	// Prepared plans the query's settled subqueries (nil without any).
	Prepared *Prepared
	// Where is the WHERE clause (nil without one); its value decides the
	// selection the outputs run over.
	Where *Root
	// OutputHoists are the shared subexpressions computed before the output
	// columns, on the rows that pass the WHERE clause.
	OutputHoists []*Node
	// Outputs are the output columns in SELECT order.
	Outputs []*Root
	// Shared says where each shared subexpression of the CSE plan is
	// computed, in the plan's order.
	Shared []*Placement
	// Fused lists every fused expression, roots and nested conditionals, in
	// the order the code runs them; Vector the conditionals left as vector
	// code, with the reason.
	Fused  []*Fused
	Vector []*Node
}

// Root is the WHERE clause or one output column.
type Root struct {
	Name string // the output column's name, or "WHERE"
	SQL  string // as written
	Expr ir.Expr
	// Hoists are the shared subexpressions computed before the WHERE
	// clause, on every row (outputs: see Query.OutputHoists).
	Hoists []*Node
	// PassThrough is the input column an output copies unchanged (-1 when
	// Value computes it).
	PassThrough int
	// Value computes the clause (over every row for the WHERE clause, over
	// the rows that pass it for an output); nil for a pass-through column.
	Value *Node
	// Why says why the clause is fused, vector code or copied.
	Why string
}

// Op is what a Node computes.
type Op int

// The node operations. Each is one piece of generated code; Args are the
// operands in the order the code computes them.
const (
	// OpConst is a constant (Const): a value, the NULL or an error.
	OpConst Op = iota
	// OpColumn is an input column (Column): VARCHAR and MAP columns are read
	// in place from their Arrow arrays, others as vectors.
	OpColumn
	// OpReuse is a shared subexpression computed before, on a superset of
	// the rows (Def is the node that computed it).
	OpReuse
	// OpShare computes shared subexpression Shared as a vector here (Args[0]),
	// at the start of a region (a node of a Hoists list) or at its first use.
	OpShare
	// OpMemo computes the rows of lazily shared subexpression Shared that
	// Sel has and its memo does not yet (Args[0], over the Todo selection).
	OpMemo
	// OpCall is a registry function call (how: Call).
	OpCall
	OpAnd
	OpOr
	OpIn
	OpBetween
	OpIf
	OpCase
	OpCoalesce
	OpIsNull
	OpNullIf
	OpTry
	// OpCompare is a comparison the special forms make of their operands
	// (IN's and CASE's equality, BETWEEN's bounds, NULLIF's equality): Sig
	// over Args[0] and Args[1].
	OpCompare
	// OpFused is an expression computed by fused row loops (Fused), with
	// vector code for the rows they leave.
	OpFused
	// OpSubquery reads settled subquery Expr.(*ir.Subquery).Settled with
	// its arguments Args (the probe and the outer sides of the correlation).
	OpSubquery
	// OpParam is an outer value inside a subquery's per-row test (a
	// parameter of the generated function that evaluates it).
	OpParam
)

// CallKind is how a call is emitted.
type CallKind int

// The call kinds.
const (
	// CallKernel: a strict templates/rt kernel (or a test package's) per row.
	CallKernel CallKind = iota
	// CallMatcher: LIKE/RLIKE with a constant pattern, compiled once per
	// package.
	CallMatcher
	// CallMap: a map function over a MAP vector (a computed map).
	CallMap
	// CallMapColumn: a map function over a MAP input column, searched in
	// place in its key array.
	CallMapColumn
	// CallGreatest: greatest/least, which skip NULL arguments.
	CallGreatest
	// CallMapBuild: map()'s internal map_build, a MAP built per row by
	// vec.BuildMap from its (key, value, value is NULL) triples, and
	// map_concat (vec.ConcatMaps), str_to_map (vec.StrToMap) and to_json,
	// which reads a MAP value per row (vec.MapToJSON).
	CallMapBuild
)

// Node is one expression as the generated vector code computes it at one
// place, over the rows of Sel.
type Node struct {
	Op   Op
	Expr ir.Expr // for OpCompare, the form it belongs to
	Sel  *Sel
	Args []*Node

	Shared *cse.Shared // OpReuse, OpShare, OpMemo
	Def    *Node       // OpReuse
	// Const is the constant of OpConst (an empty IN list is the constant
	// FALSE, which has no node of its own in the IR).
	Const *ir.Const
	// Column is the input column of OpColumn.
	Column *ir.ColumnRef
	// Call is how OpCall is emitted; Sig is the signature of OpCall and
	// OpCompare.
	Call CallKind
	Sig  *ir.Signature
	// BadPattern: a CallMatcher whose constant pattern does not compile, so
	// every row with a value is the pattern's error.
	BadPattern bool
	// Base names the comparison's result vector (OpCompare).
	Base string

	// Branches of the conditionals and forms with lazy operands:
	//   IF: Branches[0] is THEN, [1] ELSE, after the condition Args[0];
	//   CASE: one Branch per WHEN (Cond, Then and the rows Left undecided),
	//     then Else over the rows no WHEN took; Args[0] is the operand;
	//   COALESCE: one Branch per argument computed (the rest once one is a
	//     constant are dropped: it decides every remaining row);
	//   AND, OR, IN, BETWEEN: one Branch per operand over Live (the rows the
	//     earlier operands left undecided), IN and BETWEEN with their
	//     comparison in Cond.
	Branches []*Branch
	Else     *Node
	// Pass: TRY of a value that cannot fail (a constant or an input
	// column) is that value.
	Pass bool

	Fused *Fused // OpFused
	// Why says why an IF or CASE is vector code rather than fused; In is
	// the clause it is in.
	Why, In string
}

// Branch is a part of a conditional or lazy form: the rows it runs on, the
// shared subexpressions hoisted at its start, and what it computes there.
type Branch struct {
	Sel    *Sel
	Hoists []*Node
	Cond   *Node // a CASE WHEN's condition (or its match of the operand); IN/BETWEEN: the comparison
	Value  *Node
	// Left are the rows a CASE WHEN does not take, and Rest the hoists at
	// their start (they hold until the CASE ends).
	Left *Sel
	Rest []*Node
}

// SelKind says which rows a selection holds.
type SelKind int

// The selection kinds.
const (
	// SelAll is every row of the batch (nil at run time).
	SelAll SelKind = iota
	// SelWhere is the rows that pass the WHERE clause.
	SelWhere
	// SelThen and SelElse split an IF's rows on its condition.
	SelThen
	SelElse
	// SelWhen is the rows that take a CASE WHEN; SelNotYet those left for
	// the next one.
	SelWhen
	SelNotYet
	// SelStillNull is the rows on which the COALESCE arguments so far were
	// NULL.
	SelStillNull
	// SelLive is the rows an AND/OR/IN/BETWEEN left undecided so far.
	SelLive
	// SelTodo is the rows of a memo's use it has not computed yet.
	SelTodo
	// SelRest is the rows a fused expression's loops leave to its vector
	// code (or all of its rows when no loop ran).
	SelRest
)

// Sel is a selection: a set of rows generated code runs over, made by the
// node Of (nil for SelAll and SelWhere).
type Sel struct {
	Kind SelKind
	Of   *Node
}

// IsAll reports whether the selection is every row of the batch.
func (s *Sel) IsAll() bool { return s.Kind == SelAll }

// Placement says where one shared subexpression is computed.
type Placement struct {
	Shared *cse.Shared
	// How: "vector" (hoisted or computed at its first use, then read as a
	// vector), "memo" (lazily, with a done mask), "absorbed" (by the fused
	// root Roots[0], in its row loops) or "recomputed" (cheap: each fused
	// root in Roots computes it per row).
	How    string
	Roots  []string
	Reason string
}

// Fused is an expression computed by fused row loops: one Go loop over the
// rows that computes the whole expression per row, with the vector code
// (General) for the rows the loops leave (see codegen's fused printer for the
// two loops).
type Fused struct {
	Expr ir.Expr
	// Root is the clause the expression is the root of ("" for a
	// conditional nested in vector code); In is the clause it is in (""
	// for a shared value computed before the output columns).
	Root, In string
	// Filter: the expression is the WHERE clause, whose result only
	// selects rows (a NULL row and a FALSE one are both left out).
	Filter bool
	// Why says why it is fused.
	Why string
	// Direct: the loop writes the output column's Arrow array itself;
	// DirectWhy says why not, for a root that does not.
	Direct    bool
	DirectWhy string
	// Absorbs are the shared subexpressions the loops compute once per row,
	// before the rest, smallest first (one may use another).
	Absorbs []*Absorbed

	// The decisions of the loops (decideLoop, loop.go).
	//
	// Mode is how the loops decide a row with a NULL input (ModeWhy why);
	// Exact: they decide a failed row too, its first error being its
	// outcome; NoteVectors: they note a shared vector's error where a row
	// reads it (ExactErrors with vectors).
	Mode        Mode
	ModeWhy     string
	Exact       bool
	NoteVectors bool
	// InputsDecide: a conditional NULL exactly where Inputs are (InputsSQL
	// names them), computed on every row of a dirty batch with its validity
	// the AND of theirs.
	Inputs       []*Row
	InputsDecide bool
	InputsSQL    string
	// NullResult: the program has a NULL result (RowNull).
	NullResult bool
	// Selects: a WHERE clause whose loop builds the selection itself, ANDing
	// Terms on every row with no branch (FilterSelects).
	Selects bool
	Terms   []*Row
	// OneBody: one loop body serves every batch (a body of many branches,
	// printed once), rather than a copy for clean batches.
	OneBody bool
	// ItemReads: the program reads map items, so that its loops also test
	// for NULL items on a dirty batch.
	ItemReads bool
	// EveryRow: the loop may compute every row of a dirty batch by the
	// clean batch's body, the result's validity the AND of its inputs'.
	EveryRow bool
	// Fallback says what is left to the vector code (General over Rest),
	// or "none" and why.
	Fallback string
	// Leaves are the inputs the loops read, by their SQL, and Tests the
	// per-row tests that can leave a row to the vector code or decide it
	// (a NULL input, a kernel that fails, a missing map item): what
	// explain shows of the loops' inputs.
	Leaves, Tests []string
	// Row is the per-row program: a conditional's statements or a value.
	Row *Row
	// Rest is the rows the vector code computes: the absorbed values it
	// needs are computed as vectors on them first (Absorbed.Hoist), then
	// General computes the expression.
	Rest    *Sel
	General *Node
}

// Absorbed is a shared subexpression a fused expression computes per row.
type Absorbed struct {
	Shared *cse.Shared
	// Recomputed: a cheap expression each fused root that uses it computes;
	// otherwise every use is inside this expression (absorbed).
	Recomputed bool
	Row        *Row
	// DecidesNull: a map item read whose NULL makes the whole expression
	// NULL (NullWhen), which the loop decides where it computes it.
	DecidesNull bool
	// Hoist computes it as a vector over the rows the loops leave, before
	// the general code (nil when a vector of it is computed already).
	Hoist *Node
}

// RowOp is what a Row computes for one row.
type RowOp int

// The row operations of fused loops.
const (
	RowConst  RowOp = iota // a constant value (Const)
	RowColumn              // an input column's value (Column)
	RowVector              // a shared value computed as a vector before the loops (Def)
	RowLocal               // a shared value the loop computed earlier in the row (Shared)
	RowAnd
	RowOr
	RowBetween // Args: value, low, high; Sigs: >= and <=
	RowIn      // Args: value, then the list; Sigs[0]: =
	RowKernel  // Sig over Args; Flags: an error flags the row
	RowMap     // a map function (Fn) over MAP input Column, key Args[0]
	RowLike    // LIKE with a constant pattern Go tests directly (Shape, Lit)
	RowMatch   // LIKE/RLIKE with a constant pattern, by its compiled matcher
	RowIf      // statements: Args[0] condition, [1] THEN, [2] ELSE
	RowCase    // statements: Subject, per WHEN Args[2k] condition and [2k+1] result, Else
	// RowIsNull is Args[0] IS NULL (IS NOT NULL with Not): a strict value
	// that cannot fail, so the test of its inputs' NULLs.
	RowIsNull
	// RowMemo reads lazily shared Shared, computing its program (Local) on
	// a row not computed yet (its done mask), as the vector code would.
	RowMemo
	// RowCoalesce is statements: the first of Args that is not NULL. Its
	// arguments are values, so on a row with no NULL input it is Args[0].
	RowCoalesce
	// RowNull is a NULL constant as an IF's or CASE's result (not inside a
	// conditional computed into a local): the row's outcome is NULL.
	RowNull
	// RowTry is TRY(Args[0]) at the root of an output column (tryRow): its
	// value computed on every row, NULL where an input is or it fails.
	RowTry
)

// Row is one node of a fused loop's per-row program.
type Row struct {
	Op     RowOp
	Expr   ir.Expr
	Args   []*Row
	Const  *ir.Const
	Column *ir.ColumnRef
	Def    *Node
	Shared *cse.Shared
	Sig    *ir.Signature
	Sigs   []*ir.Signature
	Flags  bool
	Fn     string
	// Shape is a LIKE pattern's shape Go tests directly: exact, prefix,
	// suffix or contains (Lit is the literal text).
	Shape, Lit string
	// Subject is a simple CASE's operand, Else a CASE's ELSE.
	Subject, Else *Row
	// Local is a RowLocal's program: the row of the absorbed subexpression
	// the loop computes first (which inputs make it NULL).
	Local *Row
	// Not is a RowIsNull's IS NOT NULL.
	Not bool
	// Temp marks a conditional (RowIf, RowCase, RowCoalesce) in a value
	// position, computed into a per-row local (modes.go).
	Temp bool
	// MayFail: a RowVector whose shared vector may hold errors.
	MayFail bool

	// What the printer reads of this node (annotate, loop.go): Chosen, an
	// IF computed as a select; ChosenCase, a CASE picked without a branch;
	// CanFlag, it can flag a row (CanFlagVectors: also by reading a shared
	// vector's error); StoredAnyRow and CondAnyRow, it may be computed on a
	// row with a NULL input; Inputs, where InputsDecide, the inputs whose
	// NULLs make it NULL and no others (NullInputs).
	Chosen, ChosenCase       bool
	CanFlag, CanFlagVectors  bool
	StoredAnyRow, CondAnyRow bool
	Inputs                   []*Row
	InputsDecide             bool
}
