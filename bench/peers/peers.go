package peers

import (
	"github.com/exprc/exprc/bench"
	"github.com/exprc/exprc/bench/peers/arrowcompute"
	"github.com/exprc/exprc/bench/peers/cel"
	"github.com/exprc/exprc/bench/peers/duckdb"
	"github.com/exprc/exprc/bench/peers/exprlang"
)

// rowAtATimeMaxRows is the largest batch the row-at-a-time engines (expr,
// cel-go) are measured on: their cost per row does not depend on the batch
// size, and a million rows of the wide query take them many seconds per
// operation.
const rowAtATimeMaxRows = 65_536

// All returns every implementation the benchmark measures: exprc's own
// (bench.OwnImpls: generated, without CSE, hand-written, interpreter), then
// the peers.
func All() []bench.Impl {
	impls := bench.OwnImpls()
	impls = append(impls, arrowcompute.Impls()...)
	impls = append(impls, duckdb.Impls()...)
	for _, rowWise := range [][]bench.Impl{exprlang.Impls(), cel.Impls()} {
		for _, im := range rowWise {
			if im.MaxRows == 0 {
				im.MaxRows = rowAtATimeMaxRows
			}
			impls = append(impls, im)
		}
	}
	return impls
}
