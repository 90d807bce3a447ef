// Package duckdb runs the benchmark queries on DuckDB (v1.5.6, through
// github.com/duckdb/duckdb-go/v2) with Arrow in and Arrow out, as two
// implementations: duckdb-1thread (SET threads = 1) and duckdb-allcores
// (threads = runtime.NumCPU()).
//
// # Build tag
//
// duckdb-go's Arrow interface (NewArrowFromConn, RegisterView, QueryContext
// returning an array.RecordReader) is compiled only with the build tag
// duckdb_arrow. Without it this package still builds, but Impls' Prepare
// fails (an error that is not bench.ErrNotExpressible, so that a benchmark
// run without the tag fails instead of reporting DuckDB n/a) and TestAgrees
// skips. Run it with
//
//	cd bench/peers && go test -tags duckdb_arrow ./duckdb
//
// # What a call does
//
// Each Impl opens an in-memory database and one connection on its first
// Prepare and keeps them. A call registers the input batch as a view named
// after the query's table (lineitem or events) with Arrow.RegisterView, which
// scans the Arrow buffers in place through the C data interface, runs the
// query's SQL with Arrow.QueryContext (DuckDB parses and plans it on every
// call, as it must: the view is new) and concatenates the result, which
// duckdb-go hands over one DuckDB vector (2048 rows) at a time, into the one
// batch the benchmark compares. The connection runs one query at a time, so
// calls are serialized.
//
// Concatenating costs: at 1M rows, the best of 8 runs (BenchmarkConcat, on a
// shared 2-core machine) is 3% more for DeepArith's one column, 17% for
// Q1NoWhere's six and 18% for Wide's 40; at 64K rows 0%, 3% and 13%.
//
// On several threads the batch is presented as zero-copy slices of at least
// 32K rows, about four per thread: DuckDB's Arrow scan hands whole batches of
// the stream to its threads, so one batch would be scanned by one thread.
// preserve_insertion_order (on by default) keeps the output in input order.
//
// # Working around the Arrow scan behind RegisterView
//
// RegisterView calls DuckDB's C API duckdb_arrow_scan, which declares the
// stream to DuckDB's arrow_scan table function as able to apply projection
// and filter pushdown, then ignores both (duckdb/duckdb#17012). As is, a
// query reading some columns of the view gets other columns' values (DuckDB
// reads the k-th column of the stream as the k-th column it asked for), and a
// WHERE clause pushed into the scan is silently dropped: SELECT ... WHERE
// f1 > 2 over five rows returns all five. So:
//
//   - the view holds exactly the columns the query reads (the input's columns
//     whose names are identifiers of the SQL), in the input's order, a
//     zero-copy projection of the batch: DuckDB then asks for every column of
//     the stream, in order;
//   - the filter_pushdown optimizer is disabled (SET disabled_optimizers =
//     'filter_pushdown'), so that WHERE runs in DuckDB's own filter operator
//     above the scan, which is where its expression engine evaluates it
//     anyway.
//
// TestAgrees catches either mistake: the outputs would differ.
//
// # How each query is written
//
// The SQL (sql.go) is bench.sql's, changed only where DuckDB's dialect or
// typing differs, so that DuckDB performs the same IEEE operations on the
// same types in the same order as exprc, and bench.Compare's bit-for-bit
// DOUBLE equality holds:
//
//   - A literal with a decimal point is DOUBLE in exprc and DECIMAL in
//     DuckDB, so each is cast: 0.05::DOUBLE (DuckDB converts a DECIMAL to the
//     nearest DOUBLE). Integer literals are left as they are: DuckDB converts
//     the 1 of 1 - l_discount to 1.0 exactly, as exprc does. Without the
//     casts w37's IF(..., 1.0, 0.0) would be DECIMAL(2,1).
//   - a DIV b is a // b: both truncate toward zero.
//   - concat(a, b, ...) is a || b || ...: DuckDB's concat skips NULL
//     arguments, its || is NULL when one is, like exprc's concat.
//   - info['test'] (SeedCase, on all three events data sets) is
//     list_filter(info, lambda e: e.key = 'test')[-1].value, and info is
//     handed to DuckDB as the list of (key, value) structs an Arrow map is
//     made of (the same buffers, retyped). DuckDB's MAP requires unique keys
//     and refuses the data outright ("Arrow map contains duplicate key, which
//     isn't supported by DuckDB map type"): 2% of the events maps repeat
//     'test', and exprc takes the last entry, as the list lookup does. This
//     costs DuckDB more than its map lookup would (a lambda building a
//     filtered list per row; DuckDB's common subexpression elimination
//     computes it once for the CASE's four uses, as exprc's CSE does), but
//     it is the only way DuckDB can read this data.
//   - IF, CASE, COALESCE, TRY, LIKE, upper, substring, BETWEEN and the DATE
//     literals are written as in bench.sql.
//
// # Semantic differences, none of which the benchmark data reaches
//
//   - DOUBLE division by zero gives ±Infinity or NaN in DuckDB (its
//     ieee_floating_point_ops is on by default) and fails with DIVIDE_BY_ZERO
//     in exprc; a // 0 is NULL in DuckDB and DIVIDE_BY_ZERO in exprc. The
//     data's DOUBLE divisors are never zero, and its integer divisions by a
//     column are guarded (CASE WHEN y <> 0) or under TRY, where both give
//     NULL.
//   - A missing map key gives NULL here and MAP_KEY_DOES_NOT_EXIST in exprc;
//     every info map of the data has the key 'test'.
//   - BIGINT overflow fails the query in both (DuckDB: "Overflow in
//     multiplication of INT64"); under TRY both give NULL on exactly those
//     rows. DuckDB's TRY evaluates a vector, and when any row of it fails
//     evaluates it again row by row, throwing and catching one C++ exception
//     per failing row: TRY(x * y * 1000000000000000) overflows on most rows,
//     which is why ErrorGuarded takes microseconds per row.
//   - Errors are DuckDB's, not exprc's error classes, and which row's error a
//     failing query reports is not specified.
package duckdb
