// Package shapes generates random conditional query shapes for testing
// conditional CSE, and checks generated code and the interpreter on them.
//
// Every shape is a query over the table w (see Table) whose expressions nest
// IF, searched and simple CASE, COALESCE, AND/OR/NOT, IN, BETWEEN, NULLIF, TRY,
// IS NULL, arithmetic and comparisons, and that writes the same probe(k, r, ...)
// subexpressions (package internal/check/probe) in several positions: unconditionally, in
// one or both branches of an IF, in WHEN conditions and THENs, in later COALESCE
// arguments, under AND/OR, in the WHERE clause and in the outputs. Check then
// counts the probe evaluations per (tag, row) of each way to run the query.
//
// This package is for tests only: importing it registers probe in the process's
// function registry, and Check reads probe's global recorder.
package shapes

import (
	"fmt"
	"math/rand"
	"strings"
)

// Table is the CREATE TABLE statement of the shapes' input. r is the row id
// (unique per row); every probe call passes it, so the probe recorder counts
// evaluations per row.
const Table = `CREATE TABLE w (r BIGINT NOT NULL, a BIGINT, b BIGINT, c BIGINT, p BOOLEAN, q BOOLEAN, s VARCHAR);`

// QueryName is the name of query i of a spec.
func QueryName(i int) string { return fmt.Sprintf("Shape%05d", i) }

// Spec returns a spec with the table w and n queries Shape00000... generated
// from seed. Query i depends only on seed and i (see Query), so a prefix of a
// larger spec is a smaller spec.
func Spec(seed int64, n int) string {
	var b strings.Builder
	b.WriteString(Table)
	b.WriteString("\n")
	for i := range n {
		fmt.Fprintf(&b, "\n-- name: %s\n%s;\n", QueryName(i), Query(seed, i))
	}
	return b.String()
}

// Query returns the SELECT statement of query i of the spec of seed.
func Query(seed int64, i int) string {
	g := &gen{rnd: rand.New(rand.NewSource(mix(seed, int64(i))))}
	return g.query()
}

// mix derives an independent stream seed from a seed and an index (splitmix64).
func mix(seed, i int64) int64 {
	z := uint64(seed) + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return int64(z ^ (z >> 31))
}

// gen builds one query. probes are the probe subexpressions of the query (tag
// k is probes[k-1]); common are other BIGINT subexpressions written several
// times (some of them fail: a DIV b, CAST(s AS BIGINT)).
type gen struct {
	rnd    *rand.Rand
	probes []string
	common []string
	// probeRate is how often a BIGINT leaf is a probe, per query.
	probeRate float64
	// budget is how many more conditional, arithmetic or logical nodes the
	// query may have (it bounds the size of the generated code).
	budget int
}

func (g *gen) pct(p float64) bool { return g.rnd.Float64() < p }

func (g *gen) pick(xs ...string) string { return xs[g.rnd.Intn(len(xs))] }

func (g *gen) query() string {
	g.probeRate = 0.1 + 0.6*g.rnd.Float64()
	// Common subexpressions first, so probe arguments may use them; both are
	// small (the budget of all of them together is 2).
	g.budget = 2
	for range g.rnd.Intn(3) {
		g.common = append(g.common, g.big(1))
	}
	// Probes: each argument may use columns, common subexpressions and earlier
	// probes (a probe inside a probe), and is fixed for the query, so every
	// occurrence of tag k is the same expression.
	np := 1 + g.rnd.Intn(4)
	for k := 1; k <= np; k++ {
		arg := g.bigLeaf()
		if g.pct(0.3) {
			arg = g.big(1)
		}
		g.probes = append(g.probes, fmt.Sprintf("probe(%d, r, %s)", k, arg))
	}
	g.budget = 1 + g.rnd.Intn(7)
	var outs []string
	nout := 1
	switch x := g.rnd.Intn(20); {
	case x >= 17:
		nout = 3
	case x >= 10:
		nout = 2
	}
	for j := range nout {
		var e string
		switch x := g.rnd.Float64(); {
		case x < 0.7:
			e = g.topBig(g.depth())
		case x < 0.9:
			e = g.bool(g.depth())
		default:
			e = g.str(2)
		}
		outs = append(outs, fmt.Sprintf("%s AS o%d", e, j+1))
	}
	q := "SELECT " + strings.Join(outs, ", ") + " FROM w"
	if g.pct(0.6) {
		q += " WHERE " + g.bool(1+g.rnd.Intn(2))
	}
	return q
}

// depth is the depth of an output: 1 to 3, mostly 2.
func (g *gen) depth() int {
	switch x := g.rnd.Intn(10); {
	case x < 2:
		return 1
	case x < 7:
		return 2
	}
	return 3
}

// probe returns one of the query's probe subexpressions.
func (g *gen) probe() string { return g.probes[g.rnd.Intn(len(g.probes))] }

// bigLeaf is a column, a literal, a probe or a common subexpression.
func (g *gen) bigLeaf() string {
	if len(g.probes) > 0 && g.pct(g.probeRate) {
		return g.probe()
	}
	if len(g.common) > 0 && g.pct(0.25) {
		return g.common[g.rnd.Intn(len(g.common))]
	}
	switch g.rnd.Intn(10) {
	case 0, 1, 2:
		return g.pick("a", "b", "c")
	case 3:
		return g.pick("a", "b", "c", "r")
	case 4:
		return g.pick("0", "1", "-1", "2", "3", "7", "10", "100")
	case 5:
		return g.pick("9223372036854775807", "4611686018427387904", "CAST(NULL AS BIGINT)")
	case 6:
		return "CAST(s AS BIGINT)"
	default:
		return g.pick("a", "b", "c", "r", "1", "0", "5")
	}
}

// big returns a BIGINT expression of at most depth d.
func (g *gen) big(d int) string {
	if d <= 0 || g.budget <= 0 || g.pct(0.2) {
		return g.bigLeaf()
	}
	return g.bigNode(d, g.rnd.Intn(14))
}

// conditionals are the cases of bigNode that are conditionals.
var conditionals = []int{2, 4, 6, 7, 11, 13}

// topBig is big for an output: more often a conditional.
func (g *gen) topBig(d int) string {
	if g.budget <= 0 || g.pct(0.3) {
		return g.big(d)
	}
	return g.bigNode(max(d, 1), conditionals[g.rnd.Intn(len(conditionals))])
}

// bigNode returns a BIGINT expression of at most depth d >= 1 of kind kind.
func (g *gen) bigNode(d, kind int) string {
	g.budget--
	switch kind {
	case 0, 1:
		return fmt.Sprintf("(%s %s %s)", g.big(d-1), g.pick("+", "-", "*", "DIV", "%", "+", "-"), g.big(d-1))
	case 13:
		if len(g.probes) == 0 {
			return g.bigLeaf()
		}
		// The same probe twice inside one branch only (region-local sharing).
		g.budget -= 2
		p := g.probe()
		twice := fmt.Sprintf("(%s %s %s)", p, g.pick("+", "*", "-"), p)
		if g.pct(0.5) {
			return fmt.Sprintf("IF(%s, %s, %s)", g.bool(d-1), twice, g.big(d-1))
		}
		return fmt.Sprintf("CASE WHEN %s THEN %s WHEN %s THEN %s ELSE %s END", g.bool(d-1), g.big(d-1), g.bool(d-1), twice, g.big(d-1))
	case 2, 3:
		return fmt.Sprintf("IF(%s, %s, %s)", g.bool(d-1), g.big(d-1), g.big(d-1))
	case 4, 5:
		return g.searchedCase(d, g.big)
	case 6:
		return g.simpleCase(d, g.big)
	case 7:
		return "COALESCE(" + g.list(2+g.rnd.Intn(2), func() string { return g.big(d - 1) }) + ")"
	case 8:
		return fmt.Sprintf("NULLIF(%s, %s)", g.big(d-1), g.big(d-1))
	case 9:
		return fmt.Sprintf("TRY(%s)", g.big(d-1))
	case 10:
		return fmt.Sprintf("(- %s)", g.big(d-1)) // the space keeps "- -1" from being a comment
	case 11:
		if len(g.probes) == 0 {
			return g.bigLeaf()
		}
		// The same probe both unconditionally and under a conditional.
		g.budget -= 2
		p := g.probe()
		return fmt.Sprintf("(%s + IF(%s, %s, %s))", p, g.bool(d-1), p, g.big(d-1))
	default:
		if len(g.probes) == 0 {
			return g.bigLeaf()
		}
		return g.probe()
	}
}

// searchedCase is CASE WHEN c THEN x ... [ELSE y] END with values from val.
func (g *gen) searchedCase(d int, val func(int) string) string {
	var b strings.Builder
	b.WriteString("CASE")
	for range 1 + g.rnd.Intn(2) {
		fmt.Fprintf(&b, " WHEN %s THEN %s", g.bool(d-1), val(d-1))
	}
	if g.pct(0.7) {
		fmt.Fprintf(&b, " ELSE %s", val(d-1))
	}
	b.WriteString(" END")
	return b.String()
}

// simpleCase is CASE x WHEN y THEN z ... [ELSE v] END.
func (g *gen) simpleCase(d int, val func(int) string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CASE %s", g.big(d-1))
	for range 1 + g.rnd.Intn(2) {
		fmt.Fprintf(&b, " WHEN %s THEN %s", g.big(d-1), val(d-1))
	}
	if g.pct(0.6) {
		fmt.Fprintf(&b, " ELSE %s", val(d-1))
	}
	b.WriteString(" END")
	return b.String()
}

func (g *gen) list(n int, f func() string) string {
	xs := make([]string, n)
	for i := range xs {
		xs[i] = f()
	}
	return strings.Join(xs, ", ")
}

// boolLeaf is a column, a comparison of leaves or a NULL test.
func (g *gen) boolLeaf() string {
	switch g.rnd.Intn(8) {
	case 0:
		return g.pick("p", "q")
	case 1:
		return g.pick("(s IS NULL)", "(s = 'a')", "(p IS NOT NULL)", "TRUE", "FALSE", "CAST(NULL AS BOOLEAN)")
	case 2:
		return fmt.Sprintf("(%s IS %sNULL)", g.bigLeaf(), g.pick("", "NOT "))
	default:
		return fmt.Sprintf("(%s %s %s)", g.bigLeaf(), g.cmp(), g.bigLeaf())
	}
}

func (g *gen) cmp() string { return g.pick("=", "<>", "<", "<=", ">", ">=") }

// bool returns a BOOLEAN expression of at most depth d.
func (g *gen) bool(d int) string {
	if d <= 0 || g.budget <= 0 || g.pct(0.2) {
		return g.boolLeaf()
	}
	g.budget--
	switch g.rnd.Intn(14) {
	case 0, 1:
		return fmt.Sprintf("(%s %s %s)", g.big(d-1), g.cmp(), g.big(d-1))
	case 2, 3:
		return fmt.Sprintf("(%s AND %s)", g.bool(d-1), g.bool(d-1))
	case 4, 5:
		return fmt.Sprintf("(%s OR %s)", g.bool(d-1), g.bool(d-1))
	case 6:
		return fmt.Sprintf("(NOT %s)", g.bool(d-1))
	case 7:
		return fmt.Sprintf("(%s %sIN (%s))", g.big(d-1), g.pick("", "", "NOT "), g.list(1+g.rnd.Intn(3), g.bigLeaf))
	case 8:
		return fmt.Sprintf("(%s %sBETWEEN %s AND %s)", g.big(d-1), g.pick("", "", "NOT "), g.big(d-1), g.big(d-1))
	case 9:
		return fmt.Sprintf("IF(%s, %s, %s)", g.bool(d-1), g.bool(d-1), g.bool(d-1))
	case 10:
		return g.searchedCase(d, g.bool)
	case 11:
		return fmt.Sprintf("COALESCE(%s, %s)", g.bool(d-1), g.bool(d-1))
	case 12:
		return fmt.Sprintf("TRY(%s)", g.bool(d-1))
	default:
		return fmt.Sprintf("(%s IS %sNULL)", g.big(d-1), g.pick("", "NOT "))
	}
}

// str returns a VARCHAR expression of at most depth d.
func (g *gen) str(d int) string {
	if d <= 0 || g.budget <= 0 {
		return g.pick("s", "'x'", "s")
	}
	g.budget--
	switch g.rnd.Intn(5) {
	case 0:
		return fmt.Sprintf("COALESCE(s, %s)", g.str(d-1))
	case 1:
		return fmt.Sprintf("IF(%s, %s, %s)", g.bool(d-1), g.str(d-1), g.str(d-1))
	case 2:
		return g.searchedCase(d, g.str)
	case 3:
		return fmt.Sprintf("NULLIF(%s, 'a')", g.str(d-1))
	default:
		return "s"
	}
}
