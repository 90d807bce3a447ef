// Package difffuzz is the differential expression fuzzer (issue 5). It
// generates random well-typed queries over random schemas and random data with
// the edges that matter (NULLs, zeros, extreme integers, NaN, infinities, -0.0,
// empty, long and non-ASCII strings, maps with and without the probed keys,
// instants at the DST changes of the session zone and the ends of the
// TIMESTAMP range, intervals at their limits),
// compiles them in bulk into Go with and without conditional CSE, and checks
// that the interpreter, the interpreter with sharing, both generated
// variants and the batch engine (package codegen/batch, in process, with and
// without CSE, on every query and variant) give exactly the same result: the
// same values and NULLs, or the same error (class, message, row, column and
// expression). The queries the batch engine does not run yet
// (*batch.Unsupported) are counted in the summary, not compared. It also checks the
// semantic invariants that must hold whatever the engine: TRY(e) is NULL exactly
// where e errors, permuting the operands of commutative strict functions and of
// AND/OR cannot change a row's outcome, and splitting the input into batches
// cannot change the result.
//
// A quarter of the queries read subqueries (gensub.go) over the spec's inner
// tables and the query's own: every form and settled form, correlated or
// not, nested, merged. Both engines prepare them over the same tables (the
// generated packages through Prepare; Lookup must give exactly the queries
// without subqueries), the inner tables split into batches for some engines
// and whole for the others, and every engine's memory must be released once
// its results and prepared queries are.
//
// A mismatch is shrunk (data in the checking process, the query by rounds of
// candidate reductions compiled together) and written as a regression case to
// testdata/regressions, which `go test ./internal/check/difffuzz` replays.
//
// Run it with `make fuzz` (FUZZTIME, SEED) or `go run ./internal/check/difffuzz/cmd/difffuzz`.
package difffuzz

import (
	"strings"

	"github.com/exprc/exprc/ir"
)

// Kind is the syntactic form of a Node.
type Kind uint8

const (
	KCol        Kind = iota // column reference; Text is the name
	KLit                    // literal; Text is its SQL text
	KCall                   // name(args); Text is the name as written
	KInfix                  // (a op b); Text is the operator
	KPrefix                 // (op a); Text is "-", "~", "NOT" or "!"
	KCast                   // CAST(a AS T), T is the target
	KIf                     // IF(c, t, e)
	KCase                   // searched CASE: c1, r1, c2, r2, ... [, else]
	KSimpleCase             // simple CASE: x, v1, r1, ... [, else]
	KCoalesce               // coalesce/nvl/ifnull(args); Text is the name
	KNullIf                 // NULLIF(a, b)
	KTry                    // TRY(a)
	KAnd                    // (a AND b AND ...)
	KOr                     // (a OR b OR ...)
	KIsNull                 // (a IS [NOT] NULL), isnull(a)/isnotnull(a) when Text is the name, (a IS [NOT] TRUE) when Text is "IS TRUE" ...
	KIn                     // (x [NOT] IN (l...))
	KBetween                // (x [NOT] BETWEEN lo AND hi)
	KLike                   // (s [NOT] LIKE p [ESCAPE e]); Text ILIKE, or LIKE|ILIKE ANY|SOME|ALL over patterns Args[1:]
	KRlike                  // (s [NOT] RLIKE p); Text is RLIKE or REGEXP
	KSubscript              // m[k]
	KSub                    // a subquery; Sub says which form, Args are its parts (see SubForm)
	KAgg                    // an aggregate in a subquery's SELECT item: Text(Args[0]), or count(*) with no Args
)

// Subquery forms (SubForm.Form).
const (
	SubScalar = "scalar" // (SELECT item FROM ...)
	SubExists = "exists" // [NOT] EXISTS (SELECT item|* FROM ...)
	SubIn     = "in"     // probe [NOT] IN (SELECT item FROM ...)
	SubAny    = "ANY"    // probe op ANY|SOME|ALL (SELECT item FROM ...); Form is the quantifier
	SubSome   = "SOME"
	SubAll    = "ALL"
)

// SubForm describes a KSub node. Its Args are, in order: the probe (IN, ANY,
// SOME, ALL), the SELECT item (none when Star), the WHERE clause (when
// Where). The item and the WHERE clause are in the subquery's scope: they
// read Table's columns (qualified by Alias or the table name, or not), and
// the WHERE clause (and an EXISTS item) may read enclosing scopes' columns,
// always qualified.
type SubForm struct {
	Form  string
	Op    string // ANY, SOME, ALL: the comparison
	Table string
	Alias string // "": none
	Star  bool   // SELECT * (EXISTS)
	Where bool
}

// quantified reports whether the form has a probe.
func (s *SubForm) quantified() bool { return s.Form != SubScalar && s.Form != SubExists }

// parts splits a KSub node's Args into probe, item and WHERE (each may be nil).
func (n *Node) parts() (probe, item, where *Node) {
	args := n.Args
	if n.Sub.quantified() {
		probe, args = args[0], args[1:]
	}
	if !n.Sub.Star {
		item, args = args[0], args[1:]
	}
	if n.Sub.Where {
		where = args[0]
	}
	return probe, item, where
}

// Node is one node of a generated expression. Nodes are immutable once built:
// transformations (permutation, shrinking) copy the path they change, so
// subtrees may be shared between queries and between positions.
type Node struct {
	K    Kind
	Sub  *SubForm // KSub only
	T    ir.Type  // the type the generator expects the binder to give
	Text string
	Not  bool // NOT IN, NOT BETWEEN, NOT LIKE, NOT RLIKE, IS NOT NULL
	Else bool // CASE with an ELSE (the last argument)
	Args []*Node
}

// with returns a copy of n with other arguments.
func (n *Node) with(args []*Node) *Node {
	c := *n
	c.Args = args
	return &c
}

// clone returns a deep copy of n (its subquery form shared): the same
// expression written out again, a tree of its own.
func (n *Node) clone() *Node {
	args := make([]*Node, len(n.Args))
	for i, a := range n.Args {
		args[i] = a.clone()
	}
	return n.with(args)
}

// Size is the number of nodes.
func (n *Node) Size() int {
	s := 1
	for _, a := range n.Args {
		s += a.Size()
	}
	return s
}

// SQL prints the expression, fully parenthesized so precedence never matters.
func (n *Node) SQL() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	list := func(args []*Node) {
		for i, a := range args {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
	}
	not := func() {
		if n.Not {
			b.WriteString(" NOT")
		}
	}
	switch n.K {
	case KCol:
		b.WriteString(n.Text)
	case KLit:
		if strings.HasPrefix(n.Text, "-") {
			b.WriteString("(" + n.Text + ")")
		} else {
			b.WriteString(n.Text)
		}
	case KCall, KCoalesce:
		if n.writeKeywordArgs(b) {
			return
		}
		b.WriteString(n.Text + "(")
		list(n.Args)
		b.WriteString(")")
	case KInfix:
		b.WriteString("(")
		n.Args[0].write(b)
		b.WriteString(" " + n.Text + " ")
		n.Args[1].write(b)
		b.WriteString(")")
	case KPrefix:
		b.WriteString("(" + n.Text + " ")
		n.Args[0].write(b)
		b.WriteString(")")
	case KCast:
		if n.Text != "" { // a cast alias: int(x)
			b.WriteString(n.Text + "(")
			n.Args[0].write(b)
			b.WriteString(")")
			break
		}
		b.WriteString("CAST(")
		n.Args[0].write(b)
		b.WriteString(" AS " + n.T.String() + ")")
	case KIf:
		b.WriteString("IF(")
		list(n.Args)
		b.WriteString(")")
	case KCase, KSimpleCase:
		b.WriteString("(CASE")
		args := n.Args
		if n.K == KSimpleCase {
			b.WriteString(" ")
			args[0].write(b)
			args = args[1:]
		}
		arms := args
		if n.Else {
			arms = args[:len(args)-1]
		}
		for i := 0; i+1 < len(arms); i += 2 {
			b.WriteString(" WHEN ")
			arms[i].write(b)
			b.WriteString(" THEN ")
			arms[i+1].write(b)
		}
		if n.Else {
			b.WriteString(" ELSE ")
			args[len(args)-1].write(b)
		}
		b.WriteString(" END)")
	case KNullIf:
		b.WriteString("NULLIF(")
		list(n.Args)
		b.WriteString(")")
	case KTry:
		b.WriteString("TRY(")
		n.Args[0].write(b)
		b.WriteString(")")
	case KAnd, KOr:
		op := " AND "
		if n.K == KOr {
			op = " OR "
		}
		b.WriteString("(")
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(op)
			}
			a.write(b)
		}
		b.WriteString(")")
	case KIsNull:
		if w, ok := strings.CutPrefix(n.Text, "IS "); ok { // IS [NOT] TRUE|FALSE|UNKNOWN
			b.WriteString("(")
			n.Args[0].write(b)
			b.WriteString(" IS")
			not()
			b.WriteString(" " + w + ")")
			return
		}
		if n.Text != "" {
			b.WriteString(n.Text + "(")
			n.Args[0].write(b)
			b.WriteString(")")
			return
		}
		b.WriteString("(")
		n.Args[0].write(b)
		b.WriteString(" IS")
		not()
		b.WriteString(" NULL)")
	case KIn:
		b.WriteString("(")
		n.Args[0].write(b)
		not()
		b.WriteString(" IN (")
		list(n.Args[1:])
		b.WriteString("))")
	case KBetween:
		b.WriteString("(")
		n.Args[0].write(b)
		not()
		b.WriteString(" BETWEEN ")
		n.Args[1].write(b)
		b.WriteString(" AND ")
		n.Args[2].write(b)
		b.WriteString(")")
	case KLike, KRlike:
		b.WriteString("(")
		n.Args[0].write(b)
		not()
		if n.K == KLike {
			if n.Text != "" { // ILIKE, or a quantifier over the patterns Args[1:]
				b.WriteString(" " + n.Text + " ")
			} else {
				b.WriteString(" LIKE ")
			}
		} else {
			b.WriteString(" " + n.Text + " ")
		}
		if n.K == KLike && (strings.HasSuffix(n.Text, " ANY") || strings.HasSuffix(n.Text, " ALL") || strings.HasSuffix(n.Text, " SOME")) {
			b.WriteString("(")
			list(n.Args[1:])
			b.WriteString("))")
			return
		}
		n.Args[1].write(b)
		if len(n.Args) == 3 {
			b.WriteString(" ESCAPE ")
			n.Args[2].write(b)
		}
		b.WriteString(")")
	case KSubscript:
		n.Args[0].write(b)
		b.WriteString("[")
		n.Args[1].write(b)
		b.WriteString("]")
	case KAgg:
		if len(n.Args) == 0 {
			b.WriteString(n.Text + "(*)")
			return
		}
		b.WriteString(n.Text + "(")
		n.Args[0].write(b)
		b.WriteString(")")
	case KSub:
		n.writeSub(b)
	default:
		panic("difffuzz: unknown node kind")
	}
}

func (n *Node) writeSub(b *strings.Builder) {
	s := n.Sub
	probe, item, where := n.parts()
	if s.Form != SubScalar {
		b.WriteString("(")
	}
	switch s.Form {
	case SubScalar:
	case SubExists:
		if n.Not {
			b.WriteString("NOT ")
		}
		b.WriteString("EXISTS ")
	case SubIn:
		probe.write(b)
		if n.Not {
			b.WriteString(" NOT")
		}
		b.WriteString(" IN ")
	default:
		probe.write(b)
		b.WriteString(" " + s.Op + " " + s.Form + " ")
	}
	b.WriteString("(SELECT ")
	if item == nil {
		b.WriteString("*")
	} else {
		item.write(b)
	}
	b.WriteString(" FROM " + s.Table)
	if s.Alias != "" {
		b.WriteString(" " + s.Alias)
	}
	if where != nil {
		b.WriteString(" WHERE ")
		where.write(b)
	}
	b.WriteString(")")
	if s.Form != SubScalar {
		b.WriteString(")")
	}
}

// HasSub reports whether n reads a subquery.
func (n *Node) HasSub() bool {
	if n.K == KSub {
		return true
	}
	for _, a := range n.Args {
		if a.HasSub() {
			return true
		}
	}
	return false
}

// Query is one generated query: outputs and an optional WHERE clause over one
// table.
type Query struct {
	Name    string
	Outputs []*Node
	Where   *Node  // nil: no WHERE
	Alias   string // the table's alias ("": none); columns qualified by it
}

// SQL prints the SELECT statement over table.
func (q *Query) SQL(table string) string {
	var b strings.Builder
	b.WriteString("SELECT ")
	for i, o := range q.Outputs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(o.SQL())
		b.WriteString(" AS c")
		b.WriteString(itoa(i))
	}
	b.WriteString(" FROM " + table)
	if q.Alias != "" {
		b.WriteString(" AS " + q.Alias)
	}
	if q.Where != nil {
		b.WriteString(" WHERE " + q.Where.SQL())
	}
	return b.String()
}

// HasSub reports whether the query reads a subquery.
func (q *Query) HasSub() bool {
	for _, o := range q.Outputs {
		if o.HasSub() {
			return true
		}
	}
	return q.Where != nil && q.Where.HasSub()
}

// Size is the number of nodes of all outputs and the WHERE clause.
func (q *Query) Size() int {
	s := 0
	for _, o := range q.Outputs {
		s += o.Size()
	}
	if q.Where != nil {
		s += q.Where.Size()
	}
	return s
}

// Try is the TRY variant: every output and the WHERE clause wrapped in TRY.
func (q *Query) Try() *Query {
	t := &Query{Name: q.Name + trySuffix, Alias: q.Alias}
	for _, o := range q.Outputs {
		t.Outputs = append(t.Outputs, &Node{K: KTry, T: o.T, Args: []*Node{o}})
	}
	if q.Where != nil {
		t.Where = &Node{K: KTry, T: q.Where.T, Args: []*Node{q.Where}}
	}
	return t
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// writeKeywordArgs writes the SQL-standard argument forms of a call whose
// Text asks for one ("TRIM LEADING", "SUBSTRING FROM", "POSITION IN",
// "OVERLAY PLACING"), which
// the parser turns back into the ordinary call, and reports whether it did.
func (n *Node) writeKeywordArgs(b *strings.Builder) bool {
	plain := map[string]string{"TRIM BOTH": "trim", "TRIM LEADING": "ltrim", "TRIM TRAILING": "rtrim",
		"SUBSTRING FROM": "substring", "POSITION IN": "position", "OVERLAY PLACING": "overlay", "EXTRACT FROM": "extract"}[n.Text]
	if plain == "" {
		return false
	}
	if ok := map[string]bool{"TRIM BOTH": len(n.Args) <= 2, "TRIM LEADING": len(n.Args) <= 2, "TRIM TRAILING": len(n.Args) <= 2,
		"SUBSTRING FROM": len(n.Args) == 2 || len(n.Args) == 3, "POSITION IN": len(n.Args) == 2,
		"OVERLAY PLACING": len(n.Args) == 3 || len(n.Args) == 4,
		"EXTRACT FROM":    len(n.Args) == 2 && n.Args[0].K == KLit}[n.Text]; !ok || len(n.Args) == 0 {
		// A shrunk call whose arguments no longer fit the form.
		b.WriteString(plain + "(")
		for i, a := range n.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			a.write(b)
		}
		b.WriteString(")")
		return true
	}
	switch {
	case strings.HasPrefix(n.Text, "TRIM "): // TRIM side [chars] FROM s; Args are ([chars,] s)
		b.WriteString("TRIM(" + strings.TrimPrefix(n.Text, "TRIM ") + " ")
		if len(n.Args) == 2 {
			n.Args[0].write(b)
			b.WriteString(" ")
		}
		b.WriteString("FROM ")
		n.Args[len(n.Args)-1].write(b)
		b.WriteString(")")
	case n.Text == "SUBSTRING FROM":
		b.WriteString("SUBSTRING(")
		n.Args[0].write(b)
		b.WriteString(" FROM ")
		n.Args[1].write(b)
		if len(n.Args) == 3 {
			b.WriteString(" FOR ")
			n.Args[2].write(b)
		}
		b.WriteString(")")
	case n.Text == "OVERLAY PLACING":
		b.WriteString("OVERLAY(")
		n.Args[0].write(b)
		b.WriteString(" PLACING ")
		n.Args[1].write(b)
		b.WriteString(" FROM ")
		n.Args[2].write(b)
		if len(n.Args) == 4 {
			b.WriteString(" FOR ")
			n.Args[3].write(b)
		}
	case n.Text == "EXTRACT FROM": // EXTRACT(field FROM d); Args[0] is the field, an identifier
		b.WriteString("EXTRACT(" + n.Args[0].Text + " FROM ")
		n.Args[1].write(b)
		b.WriteString(")")
	case n.Text == "POSITION IN":
		b.WriteString("POSITION(")
		n.Args[0].write(b)
		b.WriteString(" IN ")
		n.Args[1].write(b)
		b.WriteString(")")
	default:
		return false
	}
	return true
}
