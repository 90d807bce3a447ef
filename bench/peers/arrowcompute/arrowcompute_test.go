package arrowcompute

import (
	"context"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
)

// TestAgrees checks the arrow-compute Impl against exprc's generated code on
// 10,000 rows of each query's data, without and with NULLs, and on a slice of
// it that starts at a non-zero offset.
func TestAgrees(t *testing.T) {
	const rows = 10_000
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	for _, impl := range Impls() {
		for _, q := range bench.Queries {
			fn, err := impl.Prepare(q)
			switch {
			case errors.Is(err, bench.ErrNotExpressible):
				t.Logf("%s: %s: n/a: %v", impl.Name, q.Name, err)
				continue
			case err != nil:
				t.Fatalf("%s: %s: %v", impl.Name, q.Name, err)
			}
			for _, nulls := range []bool{false, true} {
				full := bench.Data(mem, q.Table, rows, nulls)
				slice := full.NewSlice(1234, 1234+4321)
				for _, in := range []struct {
					label string
					rec   arrow.RecordBatch
				}{{"all rows", full}, {"rows 1234..5554", slice}} {
					if err := agree(q, fn, in.rec, mem); err != nil {
						t.Errorf("%s: %s nulls=%v, %s: %v", impl.Name, q.Name, nulls, in.label, err)
					}
				}
				slice.Release()
				full.Release()
			}
		}
	}
}

// agree compares fn's output over in with q's generated code's.
func agree(q bench.Query, fn bench.Evaluator, in arrow.RecordBatch, mem memory.Allocator) error {
	ctx := context.Background()
	want, err := q.Generated(ctx, in, mem)
	if err != nil {
		return err
	}
	defer want.Release()
	got, err := fn(ctx, in, mem)
	if err != nil {
		return err
	}
	defer got.Release()
	return bench.Compare(got, want)
}
