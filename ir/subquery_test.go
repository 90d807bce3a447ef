package ir

import (
	"strings"
	"testing"
)

// TestCheckSettled: a subquery that settling did not reach (or whose settled
// form is not the query's) is refused before the interpreter or code
// generation can meet it.
func TestCheckSettled(t *testing.T) {
	tbl := &Table{Name: "u", Columns: []Column{{Name: "v", Type: TypeBigint, Nullable: true}}}
	unsettled := &Subquery{Kind: SubExists, Table: tbl, T: TypeBoolean, SQL: "EXISTS (SELECT 1 FROM u)"}
	q := &Query{Name: "Q", Source: tbl, Outputs: []Output{{Name: "r", Expr: unsettled}}}
	if err := CheckSettled(q); err == nil || !strings.Contains(err.Error(), "was not settled") {
		t.Fatalf("unsettled subquery: got %v", err)
	}
	s := &Settled{ID: 1, Kind: SubExists, Table: tbl, T: TypeBoolean}
	settled := &Subquery{Kind: SubExists, Table: tbl, T: TypeBoolean, SQL: unsettled.SQL, Settled: s}
	q.Outputs[0].Expr = settled
	if err := CheckSettled(q); err == nil {
		t.Fatal("a settled form missing from q.Subqueries passed")
	}
	q.Subqueries = []*Settled{s}
	if err := CheckSettled(q); err != nil {
		t.Fatal(err)
	}
	// Nested: an unsettled subquery inside a settled one's inner filter.
	s.Inner = &Call{Fn: &Function{Name: "not"}, Sig: &Signature{Ret: TypeBoolean}, Args: []Expr{unsettled}}
	if err := CheckSettled(q); err == nil {
		t.Fatal("an unsettled nested subquery passed")
	}
}
