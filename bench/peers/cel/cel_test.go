package cel

import (
	"context"
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/bench"
)

// TestAgrees checks that cel-go's output equals the generated code's (by
// bench.Compare) on 10,000 rows of every query's data, with and without NULLs,
// and on a slice of them at a non-zero offset.
func TestAgrees(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	for _, q := range bench.Queries {
		t.Run(q.Name, func(t *testing.T) {
			fn, err := Prepare(q)
			if errors.Is(err, bench.ErrNotExpressible) {
				t.Skipf("n/a: %v", err)
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, nulls := range []bool{false, true} {
				in := bench.Data(mem, q.Table, 10_000, nulls)
				slice := in.NewSlice(1_234, 9_000)
				agree(t, q, fn, nulls, "all rows", in, mem)
				agree(t, q, fn, nulls, "rows 1234-8999", slice, mem)
				slice.Release()
				in.Release()
			}
		})
	}
}

func agree(t *testing.T, q bench.Query, fn bench.Evaluator, nulls bool, what string, in arrow.RecordBatch, mem memory.Allocator) {
	t.Helper()
	ctx := context.Background()
	want, err := q.Generated(ctx, in, mem)
	if err != nil {
		t.Fatalf("nulls=%v %s: generated: %v", nulls, what, err)
	}
	defer want.Release()
	got, err := fn(ctx, in, mem)
	if err != nil {
		t.Fatalf("nulls=%v %s: %v", nulls, what, err)
	}
	defer got.Release()
	if err := bench.Compare(got, want); err != nil {
		t.Errorf("nulls=%v %s: %v", nulls, what, err)
	}
}
