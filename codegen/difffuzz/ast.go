// Package difffuzz is the differential expression fuzzer (issue 5). It
// generates random well-typed queries over random schemas and random data with
// the edges that matter (NULLs, zeros, extreme integers, NaN, infinities, -0.0,
// empty, long and non-ASCII strings, maps with and without the probed keys),
// compiles them in bulk into Go with and without conditional CSE, and checks
// that the interpreter, the interpreter with sharing, and both generated
// variants give exactly the same result: the same values and NULLs, or the same
// error (class, message, row, column and expression). It also checks the
// semantic invariants that must hold whatever the engine: TRY(e) is NULL exactly
// where e errors, permuting the operands of commutative strict functions and of
// AND/OR cannot change a row's outcome, and splitting the input into batches
// cannot change the result.
//
// A mismatch is shrunk (data in the checking process, the query by rounds of
// candidate reductions compiled together) and written as a regression case to
// testdata/regressions, which `go test ./codegen/difffuzz` replays.
//
// Run it with `make fuzz` (FUZZTIME, SEED) or `go run ./codegen/difffuzz/cmd/difffuzz`.
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
	KPrefix                 // (op a); Text is "-" or "NOT"
	KCast                   // CAST(a AS T), T is the target
	KIf                     // IF(c, t, e)
	KCase                   // searched CASE: c1, r1, c2, r2, ... [, else]
	KSimpleCase             // simple CASE: x, v1, r1, ... [, else]
	KCoalesce               // coalesce/nvl/ifnull(args); Text is the name
	KNullIf                 // NULLIF(a, b)
	KTry                    // TRY(a)
	KAnd                    // (a AND b AND ...)
	KOr                     // (a OR b OR ...)
	KIsNull                 // (a IS [NOT] NULL), or isnull(a)/isnotnull(a) when Text is set
	KIn                     // (x [NOT] IN (l...))
	KBetween                // (x [NOT] BETWEEN lo AND hi)
	KLike                   // (s [NOT] LIKE p [ESCAPE e])
	KRlike                  // (s [NOT] RLIKE p); Text is RLIKE or REGEXP
	KSubscript              // m[k]
)

// Node is one node of a generated expression. Nodes are immutable once built:
// transformations (permutation, shrinking) copy the path they change, so
// subtrees may be shared between queries and between positions.
type Node struct {
	K    Kind
	T    ir.Type // the type the generator expects the binder to give
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
			b.WriteString(" LIKE ")
		} else {
			b.WriteString(" " + n.Text + " ")
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
	default:
		panic("difffuzz: unknown node kind")
	}
}

// Query is one generated query: outputs and an optional WHERE clause over one
// table.
type Query struct {
	Name    string
	Outputs []*Node
	Where   *Node // nil: no WHERE
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
	if q.Where != nil {
		b.WriteString(" WHERE " + q.Where.SQL())
	}
	return b.String()
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
	t := &Query{Name: q.Name + trySuffix}
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
