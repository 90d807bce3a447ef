// Package duckdb runs the benchmark queries on DuckDB through duckdb-go
// (github.com/duckdb/duckdb-go/v2) with Arrow in and Arrow out. It needs the
// build tag duckdb_arrow (duckdb-go's Arrow interface is behind it); without
// it, Impls' Prepare fails.
package duckdb
