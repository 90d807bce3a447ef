// Package subquery benchmarks exprc's settled subquery forms (set, keyed,
// sorted, loop; compiler/settle) on the queries of bench/subquery.sql:
// generated code (generated/benchsubq) against hand-written Go loops and the
// reference interpreter, each split into its build phase (reading the inner
// table once: NewQ) and its probe phase (Eval per outer batch), at sizes that
// show how each form scales. The queries, data and hand-written loops are in
// package bench (subquery.go, subquery_data.go, subquery_hand.go), which also
// checks that the implementations agree (subquery_test.go); the benchmarks are
// a package of their own so that bench/run.sh's suite stays as it is. run.sh
// runs them; bench/SUBQUERY.md has the figures.
package subquery
