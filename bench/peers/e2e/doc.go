// Package e2e is the end-to-end benchmark (`make bench-e2e`, command
// e2e/cmd/e2e): `exprc run` against DuckDB (through duckdb-go) on whole
// files, reading, evaluating and writing, each engine a process of its own.
// It writes bench/E2E.md.
//
// # Jobs
//
// The query is Q1Projection of bench/bench.sql over table lineitem
// of bench/tables.sql (DOUBLE money). The matrix is input format {CSV, Parquet} x
// output format {CSV, Parquet} x threads {1, runtime.NumCPU()} x rows
// (Config.Rows; make bench-e2e: 2M and 10M).
//
//   - exprc is built once with `go build ./cmd/exprc` at the repository root
//     (a go build binary records the module versions its compiled engine
//     needs) and run there as
//     `exprc run bench/tables.sql bench/bench.sql --query
//     Q1Projection --input lineitem=FILE --output OUT --threads N --progress
//     never`, plus `--engine E` when Config.Engine is set; OUT's extension
//     (.csv, .parquet) selects the output format.
//   - DuckDB runs `SET threads = N` and `COPY (SELECT ... FROM
//     read_csv(FILE, ...) AS lineitem WHERE ...) TO 'OUT' (FORMAT csv, HEADER
//     true)` (read_parquet(FILE) for Parquet, FORMAT parquet, DuckDB's
//     default snappy), in a child process: the benchmark's own binary re-run
//     with ChildCommand (Config.Self). The SELECT is the spec's own text
//     (ir.Query.SQL) with the table replaced by the reader; loadSpec refuses a
//     query with a decimal literal, which DuckDB would type as DECIMAL and
//     exprc as DOUBLE. read_csv gets the table's column types from the spec
//     and the dialect (auto_detect=false: no sniffing, which exprc does not
//     do either), and allow_quoted_nulls=false, so that, as in exprc, an
//     empty unquoted field is NULL and "" the empty string.
//
// The thread count is exprc's --threads (batches evaluated at once: its
// reader, writer and garbage collector can still use other cores) and
// DuckDB's threads setting.
//
// Each job runs Config.Repeat times per engine, alternating which engine goes
// first. After the first pair of runs exprc's output is checked equal to
// DuckDB's (compareOutputs, in DuckDB: the same column names, and for
// Parquet types, the same row count, and EXCEPT ALL empty both ways, reading
// CSV with the output's types so that doubles compare exactly); a difference
// fails the whole run, naming the job. Outputs are deleted after each job.
//
// exprc may not support a job: at this writing it has no Parquet writer, and
// for a .parquet output it exits 0 having written JSON lines, its default
// format, into the file. classify records that as "unsupported", and so a
// non-zero exit whose message rejects the output format (formatRejected);
// exprc is not run again on that pair of formats, DuckDB still is. Any other
// failure of either engine fails the run.
//
// # Measurements
//
// Each process is started by e2e/cmd/measure (built alongside exprc), which
// reports its wall time, user+sys CPU time and ru_maxrss from wait4, and the
// largest summed RSS of its process group, sampled (for exprc's compiled
// engine, a second process). The small measuring program is what makes the
// peak RSS the process's own: see package e2e/internal/measure. Each figure
// of the report is the median of the runs; the spread is the largest
// distance of a run from the median wall time.
//
// Before the jobs, each engine runs once on 1,000 rows (not part of the
// matrix: it warms the page cache and builds the compiled engine when
// Config.Engine uses it) and the report shows that run as the fixed cost of
// a process. With Config.Startup, exprc runs `--engine compiled` twice on
// those rows with XDG_CACHE_HOME a fresh directory: the first run builds the
// query's engine, the second finds it cached. GOCACHE is set to the user's Go
// build cache, so the first run measures building the engine, not compiling
// arrow-go from scratch.
//
// # Data
//
// bench.Lineitem with NULLs (10% of every nullable column), generated
// Config.Chunk rows at a time (chunk i seeded baseSeed+i), written to a CSV
// file (writeCSV: a header, NULL an empty unquoted field, doubles in Go's
// shortest 'g' spelling, dates yyyy-mm-dd, strings quoted only when RFC 4180
// needs it or when empty) and a Parquet file (arrow-go's pqarrow, snappy, one
// row group per chunk). The files are kept in Config.Dir and regenerated only
// when missing; their names hold the row count, the chunk size, dataVersion
// and a fingerprint of the generator's first rows, so that a change of any
// of them makes new files (old ones are left: delete the directory).
//
// Writing Parquet links pqarrow, which imports arrow/flight and so brings
// gRPC into this module's build graph (go.mod).
package e2e
