// Package generated holds the evaluators exprc generates for the project's own
// specs, checked in so tests and benchmarks compile them like any user would.
// Regenerate with `go generate ./generated`; TestGeneratedFilesUpToDate (here)
// runs every exprc line below with --verify and fails on any difference.
//
//   - demo: the example spec (TPC-H Q1's projection, Q6's filter, the seed's
//     Classify query) over the tables of examples/demo/tables.sql.
//   - semcases: one query per hand-checked semantic case of compiler/semcases,
//     run against the interpreter by the differential test in that directory.
//   - subqcases: one query per subquery case of compiler/subqcases (tables
//     and all), prepared over the cases' fixed inner tables by the test in
//     that directory, with CSE and (subqcasesnocse) without.
//   - subqhostile: subqueries over tables and columns named like the locals of
//     the generated prepared form; it only has to compile.
//   - bench (package benchq): the benchmark spec bench/bench.sql over its
//     tables (bench/tables.sql), measured
//     against the interpreter and hand-written loops in bench/.
//   - benchsubq: the subquery benchmark spec bench/subquery.sql (one query
//     per settled form: set, keyed, sorted, loop), measured in bench/subquery
//     against the interpreter and hand-written loops (bench/SUBQUERY.md).
package generated

//go:generate go run ../cmd/exprc gen --out demo ../examples/demo/tables.sql ../examples/demo/lineitem.sql
//go:generate go run ../cmd/exprc gen --out semcases semcases/cases.sql
//go:generate go run ../cmd/exprc gen --out bench --package benchq ../bench/tables.sql ../bench/bench.sql
//go:generate go run ../cmd/exprc gen --out benchnocse --package benchnocse --no-cse ../bench/tables.sql ../bench/bench.sql
//go:generate go run ../cmd/exprc gen --out benchsubq ../bench/subquery.sql
//go:generate go run ../cmd/exprc gen --out csecases csecases/cases.sql
//go:generate go run ../cmd/exprc gen --out csecasesnocse --no-cse csecases/cases.sql
//go:generate go run ../cmd/exprc gen --out subqcases subqcases/cases.sql
//go:generate go run ../cmd/exprc gen --out subqcasesnocse --no-cse subqcases/cases.sql
//go:generate go run ../cmd/exprc gen --out subqhostile subqhostile/spec.sql

// cseshapes and cseshapesnocse: the random conditional shapes of
// cseshapes/shapes.sql (go test ./internal/check/shapes -update writes it) with and
// without CSE. They call the test-only function probe, which the exprc CLI does
// not register, so internal/check/shapes/gen (exprc gen with probe registered) generates
// them, and TestGeneratedUpToDate in internal/check/shapes checks them.
//go:generate go run ../internal/check/shapes/gen --package cseshapes --out cseshapes cseshapes/shapes.sql
//go:generate go run ../internal/check/shapes/gen --package cseshapesnocse --out cseshapesnocse --no-cse cseshapes/shapes.sql
