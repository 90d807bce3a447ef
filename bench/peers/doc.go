// Package peers measures exprc against the engines a Go user would otherwise
// pick for the same projections and filters, each fed the same Arrow batches:
// arrow-go's compute kernels chained per operator (arrowcompute), DuckDB
// through duckdb-go with Arrow in and out (duckdb), and expr-lang/expr and
// cel-go evaluating a compiled program row at a time (exprlang, cel). It is a
// module of its own so that exprc's main module does not depend on them.
//
// BenchmarkQueries (bench_test.go) runs exprc's own implementations (package
// github.com/exprc/exprc/bench) and every peer side by side in one process;
// `make bench` runs it and writes bench/REPORT.md and bench/REPORT.svg.
package peers
