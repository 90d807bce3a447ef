package bench

import (
	"context"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// CheckAgrees fails t unless every implementation of impls gives the
// generated code's output (Compare) on 10,000 rows of every query's data,
// without and with NULLs, and on a slice of them at a non-zero offset. The
// queries an implementation cannot express are logged with the reason. It is
// the test every peer package runs; the benchmark checks the same on the
// measured batches before timing them.
func CheckAgrees(t *testing.T, impls []Impl) {
	t.Helper()
	const rows = 10_000
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	for _, impl := range impls {
		for _, q := range Queries {
			fn, err := impl.Prepare(q)
			switch {
			case errors.Is(err, ErrNotExpressible):
				t.Logf("%s: %s: n/a: %v", impl.Name, q.Name, err)
				continue
			case err != nil:
				t.Fatalf("%s: %s: %v", impl.Name, q.Name, err)
			}
			for _, nulls := range []bool{false, true} {
				full := Data(mem, q.Table, rows, nulls)
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
func agree(q Query, fn Evaluator, in arrow.RecordBatch, mem memory.Allocator) error {
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
	return Compare(got, want)
}
