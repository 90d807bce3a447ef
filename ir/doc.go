// Package ir is the vocabulary every stage of exprc shares: SQL types and
// values, typed row expressions detached from the SQL text, and the plan
// nodes of a bound query with its settled subqueries.
//
// # Why an IR
//
// The AST never leaves the front end. A row expression (Expr) says what is
// computed, not how it was written: names are resolved to column indexes,
// every node has its SQL type, a call holds the overload the binder chose
// (Function and Signature, with the flags later stages need: strict, may
// fail, volatile, kernel name), and the only nodes besides constants, column
// reads and calls are the special forms whose NULL or laziness rules differ
// from a call (And, Or, If, Case, Coalesce, NullIf, IsNull, In, Between, Try,
// and the subquery forms Subquery and Param). No later stage re-parses or
// re-resolves a name: what it must know about a call is on its Function and
// Signature, so the typing and the NULL and error rules are decided once, in
// the binder and the function registry.
//
// A Query is the plan a single-table SELECT needs, fixed in order: scan
// Source, keep the rows where Filter is TRUE, project Outputs. Its subqueries
// are settled before any consumer sees them: each unique subquery becomes one
// Settled (how it runs: once, set, keyed, sorted or loop, with its WHERE split
// into the conjuncts that decide that), listed in Query.Subqueries in build
// order, nested ones first; Passes groups those over one table and filter into
// one scan.
//
// # Who produces it
//
// Package compiler: the parser gives an AST, the binder turns it into Queries
// of Exprs (folding constants as it goes with ir/interp.Fold, so a constant
// that always fails becomes a Const with Err, rule 8 of docs/semantics.md,
// rather than a compile error), and compiler/settle settles every subquery in
// place, folding its parts again once split. Nothing outside the compiler
// builds a Query from SQL.
//
// # Who consumes it
//
// cse analyses a Query's expressions together and decides what is shared and
// where; codegen/lower turns the Query and that decision into the physical
// plan; codegen prints the plan as Go; ir/interp evaluates the same Query one
// row at a time (the reference semantics, `exprc run --engine interp`, and
// constant folding); `exprc explain` prints all of them. Because they all read
// one IR, the interpreter is an oracle for the generated code: the function
// registry (ir/functions) names for every overload the templates/rt kernel
// that implements it, and both engines call exactly that kernel.
//
// # Invariants a stage may rely on
//
//   - Expressions are immutable. A pass that rewrites (folding, settling,
//     CSE) builds new trees, WithChildren copying a node with new children,
//     so a bound query can be planned with and without CSE, explained and
//     interpreted side by side. Only the compiler assigns into a Query, while
//     it binds and settles; after compiler.Compile returns, a Query is
//     read-only.
//   - Identity is structural. Equal and Hash compare node kinds, overloads,
//     constants, columns and children, never pointers: two occurrences of
//     a + 1 are the same expression, which is what CSE keys on and how
//     identical subqueries merge into one Settled.
//   - Children are in SQL text order, the order "the leftmost error" of the
//     semantics refers to; every stage walks them in that order.
//   - Every Expr has its final type, and no column or output has KindNull
//     (the type of a bare NULL literal before the binder types it).
//   - No subquery reaches a consumer unsettled: CheckSettled proves it, and
//     the interpreter and the planner of code generation call it. A Subquery's Children are
//     its outer arguments only; its own scope (Settled.Exprs: Inner, Keys,
//     Range, Rest, Value) is walked separately, and a Param appears only
//     there, reading one of the outer arguments.
//   - Errors are values. An expression's outcome on a row is a value, NULL
//     or an EvalError (Outcome); a query fails only when an error reaches
//     its WHERE clause or an output, as a QueryError, the same type the
//     generated code returns.
//
// # What it imports
//
// Every stage imports ir, so ir sits below them all and imports no stage:
// only templates/rt, for the Go representation of values that the kernels
// share (rt.Decimal, dates as days, rt.Error and rt.QueryError), and
// templates/sqltype, the leaf that defines Kind and the one SQL-to-Arrow type
// table (ArrowType, ArrowSchema), shared with the runtime's file readers. It
// does not import the columnar runtime templates/vec: checking a batch
// against a schema is the interpreter's job (ir/interp), as it is the
// generated code's.
package ir
