package settle

import (
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Explain is how a query's subqueries settled, for exprc explain: each
// unique subquery (merged occurrences listed under it) with its form and the
// reason, and the passes that build them. It is part of the stable JSON of
// exprc explain (docs/explain.md).
type Explain struct {
	Subqueries []SubqueryExplain `json:"subqueries"`
	Passes     []PassExplain     `json:"passes"`
}

// SubqueryExplain is one settled subquery.
type SubqueryExplain struct {
	ID        int    `json:"id"`
	Form      string `json:"form"`      // once, set, keyed, sorted, loop
	Kind      string `json:"kind"`      // scalar, exists, any
	Aggregate string `json:"aggregate"` // "" or count(*), count, sum, avg, min, max
	Compare   string `json:"compare,omitempty"`
	Table     string `json:"table"`
	// Reads are the occurrences that share it, as written, with the outer
	// values each passes (probe first for ANY).
	Reads []ReadExplain `json:"reads"`
	Inner string        `json:"inner,omitempty"`
	Keys  []KeyExplain  `json:"keys,omitempty"`
	Range *KeyExplain   `json:"range,omitempty"`
	Rest  string        `json:"rest,omitempty"`
	Value string        `json:"value,omitempty"`
	Why   string        `json:"why"`
	Pass  int           `json:"pass"`
	Type  string        `json:"type"`
}

// ReadExplain is one occurrence of a settled subquery.
type ReadExplain struct {
	SQL  string   `json:"sql"`
	Args []string `json:"args"`
}

// KeyExplain is one correlation: the inner side, the comparison and the
// argument holding the outer side.
type KeyExplain struct {
	Inner string `json:"inner"`
	Op    string `json:"op"`
	Arg   int    `json:"arg"`
}

// PassExplain is one scan of an inner table building one or more settled
// subqueries.
type PassExplain struct {
	Pass       int    `json:"pass"`
	Table      string `json:"table"`
	Inner      string `json:"inner,omitempty"`
	Subqueries []int  `json:"subqueries"`
}

var kindNames = map[ir.SubqueryKind]string{ir.SubScalar: "scalar", ir.SubExists: "exists", ir.SubAny: "any"}

// ExplainQuery describes how q's subqueries settled (empty lists when q has
// none).
func ExplainQuery(q *ir.Query) Explain {
	x := Explain{Subqueries: []SubqueryExplain{}, Passes: []PassExplain{}}
	passOf := map[*ir.Settled]int{}
	for i, p := range ir.Passes(q.Subqueries) {
		pe := PassExplain{Pass: i + 1, Table: p.Table.Name, Inner: format(p.Inner)}
		for _, s := range p.Subs {
			pe.Subqueries = append(pe.Subqueries, s.ID)
			passOf[s] = i + 1
		}
		x.Passes = append(x.Passes, pe)
	}
	reads := readsOf(q)
	for _, s := range q.Subqueries {
		se := SubqueryExplain{ID: s.ID, Form: s.Form.String(), Kind: kindNames[s.Kind], Aggregate: s.Agg.String(), Table: s.Table.Name,
			Inner: format(s.Inner), Rest: format(s.Rest), Value: format(s.Value), Why: s.Why, Pass: passOf[s], Type: s.T.String(),
			Reads: []ReadExplain{}}
		if s.Cmp != nil {
			se.Compare = s.Cmp.Fn.Infix
		}
		for _, k := range s.Keys {
			se.Keys = append(se.Keys, KeyExplain{Inner: ir.Format(k.Inner), Op: k.Op, Arg: k.Arg})
		}
		if s.Range != nil {
			se.Range = &KeyExplain{Inner: ir.Format(s.Range.Inner), Op: s.Range.Op, Arg: s.Range.Arg}
		}
		for _, r := range reads[s] {
			re := ReadExplain{SQL: r.SQL, Args: []string{}}
			for _, a := range r.Args {
				re.Args = append(re.Args, ir.Format(a))
			}
			se.Reads = append(se.Reads, re)
		}
		x.Subqueries = append(x.Subqueries, se)
	}
	return x
}

func format(e ir.Expr) string {
	if e == nil {
		return ""
	}
	return ir.Format(e)
}

// readsOf lists the occurrences of each settled subquery in q, in the order
// the query's text has them (WHERE first, then outputs, then inside other
// subqueries).
func readsOf(q *ir.Query) map[*ir.Settled][]*ir.Subquery {
	out := map[*ir.Settled][]*ir.Subquery{}
	ir.Reads(q, func(sq *ir.Subquery) { out[sq.Settled] = append(out[sq.Settled], sq) })
	return out
}

// Text prints the settled plan for exprc explain, or "" for a query without
// subqueries.
func (x Explain) Text() string {
	if len(x.Subqueries) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("  subqueries (settled):\n")
	for _, s := range x.Subqueries {
		what := s.Kind
		switch {
		case s.Aggregate != "":
			what = s.Aggregate
		case s.Compare != "":
			what = s.Compare + " ANY"
		}
		fmt.Fprintf(&b, "    #%d %s %s over %s, %s, pass %d", s.ID, s.Form, what, s.Table, s.Type, s.Pass)
		if len(s.Reads) > 1 {
			fmt.Fprintf(&b, ", %d reads merged", len(s.Reads))
		}
		b.WriteString("\n")
		for _, r := range s.Reads {
			fmt.Fprintf(&b, "      read %s", ir.Shorten(r.SQL, 100))
			if len(r.Args) > 0 {
				fmt.Fprintf(&b, " with (%s)", strings.Join(r.Args, ", "))
			}
			b.WriteString("\n")
		}
		if s.Inner != "" {
			fmt.Fprintf(&b, "      inner filter: %s\n", s.Inner)
		}
		for _, k := range s.Keys {
			fmt.Fprintf(&b, "      key: %s = argument %d\n", k.Inner, k.Arg)
		}
		if s.Range != nil {
			fmt.Fprintf(&b, "      range: %s %s argument %d\n", s.Range.Inner, s.Range.Op, s.Range.Arg)
		}
		if s.Rest != "" {
			fmt.Fprintf(&b, "      per row: %s\n", s.Rest)
		}
		if s.Value != "" {
			fmt.Fprintf(&b, "      value: %s\n", s.Value)
		}
		fmt.Fprintf(&b, "      why: %s\n", s.Why)
	}
	for _, p := range x.Passes {
		ids := make([]string, len(p.Subqueries))
		for i, id := range p.Subqueries {
			ids[i] = fmt.Sprintf("#%d", id)
		}
		fmt.Fprintf(&b, "    pass %d scans %s once, builds %s", p.Pass, p.Table, strings.Join(ids, ", "))
		if p.Inner != "" {
			fmt.Fprintf(&b, " (inner filter %s)", p.Inner)
		}
		b.WriteString("\n")
	}
	return b.String()
}
