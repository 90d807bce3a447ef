package difffuzz

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/exprc/exprc/ir"
)

// maxCandidates bounds the reductions tried in one shrinking round (one build).
const maxCandidates = 160

// simpleLiteral is the plainest literal of each type.
var simpleLiteral = map[ir.Kind]string{
	ir.KindBoolean: "TRUE", ir.KindInt: "0", ir.KindBigint: "CAST(0 AS BIGINT)", ir.KindDouble: "0.0D",
	ir.KindVarchar: "''", ir.KindDate: "DATE '1970-01-01'", ir.KindBinary: "X''",
}

// localReductions lists the simpler nodes that may replace n.
func localReductions(n *Node, schema *Schema) []*Node {
	var out []*Node
	// A child of the same type.
	for _, a := range n.Args {
		if a.T.Equal(n.T) && a.T.Kind != ir.KindNull {
			out = append(out, a)
		}
	}
	// A leaf of the type.
	if n.K != KLit || n.Text != "NULL" {
		out = append(out, &Node{K: KLit, T: n.T, Text: "NULL"})
	}
	lit, ok := simpleLiteral[n.T.Kind]
	if n.T.Kind == ir.KindDecimal {
		lit, ok = "CAST(0 AS "+n.T.String()+")", true
	}
	if ok && !(n.K == KLit && n.Text == lit) {
		out = append(out, &Node{K: KLit, T: n.T, Text: lit})
	}
	if n.K != KCol {
		for _, c := range schema.Columns {
			if c.Type.Equal(n.T) {
				out = append(out, &Node{K: KCol, T: n.T, Text: c.Name})
				break
			}
		}
	}
	// Fewer operands.
	drop := func(i, k int) *Node {
		args := append(append([]*Node(nil), n.Args[:i]...), n.Args[i+k:]...)
		return n.with(args)
	}
	switch n.K {
	case KAnd, KOr, KCoalesce:
		if len(n.Args) > 2 || (n.K == KCoalesce && len(n.Args) > 1) {
			for i := range n.Args {
				c := drop(i, 1)
				if n.K == KCoalesce && c.Text != "coalesce" {
					c.Text = "coalesce"
				}
				out = append(out, c)
			}
		}
	case KIn:
		for i := 1; i < len(n.Args); i++ {
			out = append(out, drop(i, 1))
		}
	case KCall:
		if len(n.Args) > 1 {
			for i := range n.Args {
				out = append(out, drop(i, 1))
			}
		}
	case KCase, KSimpleCase:
		first := 0
		if n.K == KSimpleCase {
			first = 1
		}
		arms := len(n.Args) - first
		if n.Else {
			arms--
			c := n.with(n.Args[:len(n.Args)-1])
			c.Else = false
			out = append(out, c)
		}
		if arms > 2 {
			for i := first; i+1 < first+arms; i += 2 {
				out = append(out, drop(i, 2))
			}
		}
	case KLike:
		if len(n.Args) == 3 {
			out = append(out, drop(2, 1))
		}
	case KSub:
		// No WHERE clause; SELECT * for EXISTS; the subquery read by
		// another form (EXISTS for IN and ANY, IN for ANY).
		_, item, where := n.parts()
		if where != nil {
			c := n.with(n.Args[:len(n.Args)-1])
			sub := *n.Sub
			sub.Where = false
			c.Sub = &sub
			out = append(out, c)
		}
		if n.Sub.Form == SubExists && item != nil {
			c := n.with(nil)
			sub := *n.Sub
			sub.Star = true
			c.Sub = &sub
			if where != nil {
				c.Args = []*Node{where}
			}
			out = append(out, c)
		}
		if n.Sub.quantified() {
			c := n.with(n.Args[1:])
			sub := *n.Sub
			sub.Form, sub.Op = SubExists, ""
			c.Sub = &sub
			c.Not = false
			out = append(out, c)
			if n.Sub.Form != SubIn {
				c := n.with(n.Args)
				sub := *n.Sub
				sub.Form, sub.Op = SubIn, ""
				c.Sub = &sub
				c.Not = n.Sub.Form == SubAll
				out = append(out, c)
			}
		}
	}
	if n.Not {
		c := n.with(n.Args)
		c.Not = false
		out = append(out, c)
	}
	return out
}

// rewrites lists every tree that differs from n by one local reduction.
func rewrites(n *Node, schema *Schema) []*Node {
	out := localReductions(n, schema)
	for i, a := range n.Args {
		for _, r := range rewrites(a, schema) {
			args := append([]*Node(nil), n.Args...)
			args[i] = r
			out = append(out, n.with(args))
		}
	}
	return out
}

// candidates lists the reductions of q that still bind, smallest first.
func candidates(q *Query, schema *Schema, permSeed uint64) []*Query {
	var cands []*Query
	if len(q.Outputs) > 1 {
		for i := range q.Outputs {
			c := &Query{Where: q.Where, Alias: q.Alias, Outputs: append(append([]*Node(nil), q.Outputs[:i]...), q.Outputs[i+1:]...)}
			cands = append(cands, c)
		}
	}
	if q.Where != nil {
		cands = append(cands, &Query{Outputs: q.Outputs, Alias: q.Alias})
		for _, w := range rewrites(q.Where, schema) {
			cands = append(cands, &Query{Outputs: q.Outputs, Where: w, Alias: q.Alias})
		}
	}
	for i, o := range q.Outputs {
		for _, r := range rewrites(o, schema) {
			outs := append([]*Node(nil), q.Outputs...)
			outs[i] = r
			cands = append(cands, &Query{Outputs: outs, Where: q.Where, Alias: q.Alias})
		}
	}
	seen := map[string]bool{q.SQL(schema.Table): true}
	var ok []*Query
	for _, c := range cands {
		c.Name = "q"
		s := c.SQL(schema.Table)
		if seen[s] || c.Size() >= q.Size() && len(s) >= len(q.SQL(schema.Table)) {
			continue
		}
		seen[s] = true
		if CheckQuery(schema, c) == nil {
			ok = append(ok, c)
		}
	}
	sort.SliceStable(ok, func(i, j int) bool {
		if si, sj := ok[i].Size(), ok[j].Size(); si != sj {
			return si < sj
		}
		return len(ok[i].SQL(schema.Table)) < len(ok[j].SQL(schema.Table))
	})
	if len(ok) > maxCandidates {
		ok = ok[:maxCandidates]
	}
	for i, c := range ok {
		c.Name = fmt.Sprintf("q%d", i)
	}
	return ok
}

// shrink minimizes a failure's query (rounds of candidate reductions, each
// round one build) and data (in the checking binary), drops the columns the
// query does not use, and writes the regression case. It returns the case
// file's path, or its text when there is no RegressionDir.
func (c *Config) shrink(schema *Schema, q *Query, f Failure) (string, error) {
	if q == nil {
		return "", fmt.Errorf("query %s not found", f.Query)
	}
	deadline := time.Now().Add(c.ShrinkTime)
	// The permuted variant is drawn as in the failing package.
	permSeed := c.Seed ^ uint64(f.Package)
	orig := q.Size()
	origRows := f.NumRows
	rows := f.Rows
	kind := f.Kind
	q = &Query{Name: "q0", Outputs: q.Outputs, Where: q.Where, Alias: q.Alias}
	last := f
	for iter := 0; time.Now().Before(deadline); iter++ {
		changed := false
		for time.Now().Before(deadline) {
			cands := candidates(q, schema, permSeed)
			if len(cands) == 0 {
				break
			}
			fails, err := c.tryQueries(schema, cands, permSeed, rows, false)
			if err != nil {
				return "", err
			}
			best := -1
			for _, g := range fails {
				if g.Kind == kind {
					if i := queryIndex(g.Query); best < 0 || i < best {
						best, last = i, g
					}
				}
			}
			if best < 0 {
				break
			}
			q = cands[best]
			changed = true
			c.logf("  shrink: query %d nodes (from %d)\n", q.Size(), orig)
		}
		// Shrink the data for the smaller query.
		q.Name = "q0"
		fails, err := c.tryQueries(schema, []*Query{q}, permSeed, rows, true)
		if err != nil {
			return "", err
		}
		found := false
		for _, g := range fails {
			if g.Kind == kind {
				found = true
				if g.Rows != rows {
					rows, changed = g.Rows, true
				}
				last = g
			}
		}
		if !found {
			return "", fmt.Errorf("the shrunk query no longer fails with %s", kind)
		}
		if !changed || iter >= 3 {
			break
		}
	}
	// Drop the columns the query does not use.
	if s2, rows2, ok := projectSchema(schema, q, rows); ok {
		if fails, err := c.tryQueries(s2, []*Query{q}, permSeed, rows2, false); err == nil {
			for _, g := range fails {
				if g.Kind == kind {
					schema, rows, last = s2, rows2, g
					break
				}
			}
		}
	}
	spec := Spec(schema, []*Query{q}, permSeed)
	cs := &Case{
		Comments: []string{
			fmt.Sprintf("difffuzz regression: %s: %s", kind, last.Detail),
			fmt.Sprintf("found with seed %d, package %d, query %s; shrunk from %d to %d nodes and %d to %d rows", c.Seed, f.Package, f.Query, orig, q.Size(), origRows, countRows(rows)),
			"got:  " + firstLines(last.Got, 6),
			"want: " + firstLines(last.Want, 6),
		},
		Spec: spec,
		Rows: rows,
	}
	c.logf("  shrunk case:\n%s\n", indent(string(cs.Format())))
	if c.RegressionDir == "" {
		return string(cs.Format()), nil
	}
	path, err := WriteCase(c.RegressionDir, kind, cs)
	if err == nil {
		c.logf("  wrote %s\n", path)
	}
	return path, err
}

func countRows(rows string) int {
	n := 0
	for _, l := range strings.Split(rows, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, tableMarker) {
			n++
		}
	}
	return n
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    ")
}

func queryIndex(name string) int {
	var i int
	fmt.Sscanf(name, "q%d", &i) //nolint:errcheck // names are ours
	return i
}

// tryQueries builds and checks qs over rows in a fresh module.
func (c *Config) tryQueries(schema *Schema, qs []*Query, permSeed uint64, rows string, shrinkData bool) ([]Failure, error) {
	m, err := NewModule(c.Root)
	if err != nil {
		return nil, err
	}
	defer m.Remove()
	m.CSEVariants = []string{"try", "perm"}
	m.NoCSEVariants = []string{"try", "perm"}
	m.HangTimeout = 20 * time.Second
	if _, err := m.AddPackage(Spec(schema, qs, permSeed), JobPackage{Rows: rows, HasRows: true}); err != nil {
		return nil, err
	}
	bin, err := m.Build()
	if err != nil {
		return nil, err
	}
	rep, err := m.Run(bin, shrinkData, 2, 10*time.Minute)
	if err != nil {
		return nil, err
	}
	return rep.Failures, nil
}

// projectSchema keeps the columns q uses (at least one a table) and their
// values, and the inner tables its subqueries read. Column names are the
// same in several tables and qualifiers are aliases, so a column is kept in
// every table when its name is used anywhere.
func projectSchema(schema *Schema, q *Query, rows string) (*Schema, string, bool) {
	used := map[string]bool{}
	read := map[string]bool{}
	var walk func(n *Node)
	walk = func(n *Node) {
		switch n.K {
		case KCol:
			used[n.Text[strings.LastIndex(n.Text, ".")+1:]] = true
		case KSub:
			read[strings.ToLower(n.Sub.Table)] = true
		}
		for _, a := range n.Args {
			walk(a)
		}
	}
	for _, o := range q.Outputs {
		walk(o)
	}
	if q.Where != nil {
		walk(q.Where)
	}
	all := schema.Tables()
	data, err := DecodeData(irTables(all), []byte(rows))
	if err != nil {
		return nil, "", false
	}
	changed := false
	var out []*Schema
	var outData Data
	for t, s := range all {
		if t > 0 && !read[strings.ToLower(s.Table)] {
			changed = true
			continue
		}
		var keep []int
		s2 := &Schema{Table: s.Table}
		for i, col := range s.Columns {
			if used[col.Name] {
				keep = append(keep, i)
				s2.Columns = append(s2.Columns, col)
			}
		}
		if len(keep) == 0 {
			keep = []int{0}
			s2.Columns = s.Columns[:1]
		}
		changed = changed || len(keep) < len(s.Columns)
		rows := make(Rows, len(data[t]))
		for i, r := range data[t] {
			nr := make([]any, len(keep))
			for j, k := range keep {
				nr[j] = r[k]
			}
			rows[i] = nr
		}
		out = append(out, s2)
		outData = append(outData, rows)
	}
	if !changed {
		return nil, "", false
	}
	s2 := out[0]
	s2.Inner = out[1:]
	var names []string
	for _, s := range out {
		names = append(names, s.Table)
	}
	enc, err := EncodeData(names, outData)
	if err != nil {
		return nil, "", false
	}
	return s2, string(enc), true
}

// irTables are the tables of schemas, as the compiler gives them.
func irTables(schemas []*Schema) []*ir.Table {
	out := make([]*ir.Table, len(schemas))
	for i, s := range schemas {
		out[i] = &ir.Table{Name: s.Table, Columns: s.Columns}
	}
	return out
}
