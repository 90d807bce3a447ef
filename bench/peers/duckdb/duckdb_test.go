package duckdb

import (
	"errors"
	"testing"

	"github.com/exprc/exprc/bench"
)

// TestAgrees checks both DuckDB configurations against exprc's generated code
// on every query's data (bench.CheckAgrees: 10,000 rows without and with
// NULLs, and a slice at a non-zero offset). Built without -tags duckdb_arrow
// it has no DuckDB to check, and says so.
func TestAgrees(t *testing.T) {
	if _, err := Impls()[0].Prepare(bench.Queries[0]); errors.Is(err, errNoArrow) {
		t.Skip(err)
	}
	bench.CheckAgrees(t, Impls())
}
