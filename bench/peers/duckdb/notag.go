//go:build !duckdb_arrow

package duckdb

import (
	"errors"

	"github.com/exprc/exprc/bench"
)

// errNoArrow is Prepare's error in a build without the duckdb_arrow tag,
// which duckdb-go needs for its Arrow interface. It does not wrap
// bench.ErrNotExpressible: a benchmark run without the tag fails rather than
// report DuckDB as n/a.
var errNoArrow = errors.New("duckdb: built without -tags duckdb_arrow, which duckdb-go's Arrow interface (NewArrowFromConn) needs")

// Impls returns DuckDB on one thread and on runtime.NumCPU() threads; in this
// build, without the duckdb_arrow tag, their Prepare fails with errNoArrow.
func Impls() []bench.Impl {
	prepare := func(bench.Query) (bench.Evaluator, error) { return nil, errNoArrow }
	return []bench.Impl{{Name: "duckdb-1thread", Prepare: prepare}, {Name: "duckdb-allcores", Prepare: prepare}}
}
