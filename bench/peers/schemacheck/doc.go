// Package schemacheck tests `exprc schema` on files DuckDB writes: DuckDB
// (through duckdb-go) writes a table holding every SQL type exprc has, and
// some it has not, with NULLs, as Parquet and as CSV; the exprc binary
// (built with go build at the repository root) prints a CREATE TABLE for each
// file, and `exprc run` of SELECT * over it, and over the Parquet file with no
// CREATE TABLE at all, must give the values DuckDB reads from the same file.
// The test is issue 40's acceptance test for DuckDB's files; the package has
// no other code.
package schemacheck
