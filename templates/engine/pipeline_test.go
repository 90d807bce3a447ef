package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

var schema = arrow.NewSchema([]arrow.Field{{Name: "x", Type: arrow.PrimitiveTypes.Int64}}, nil)

// batches returns a next function over n batches of size rows each, whose
// values are the row numbers; reading batch readErrAt fails.
func batches(mem memory.Allocator, n, size int, readErrAt int) func() (arrow.RecordBatch, error) {
	i := 0
	return func() (arrow.RecordBatch, error) {
		if i == readErrAt {
			return nil, errors.New("bad input")
		}
		if i == n {
			return nil, io.EOF
		}
		b := array.NewInt64Builder(mem)
		defer b.Release()
		for r := range size {
			b.Append(int64(i*size + r))
		}
		col := b.NewArray()
		defer col.Release()
		i++
		return array.NewRecordBatch(schema, []arrow.Array{col}, int64(size)), nil
	}
}

// TestRunOrder: results come out in input order, and the error is the one of
// the first failing batch even when later batches fail sooner.
func TestRunOrder(t *testing.T) {
	for _, threads := range []int{1, 2, 8} {
		t.Run(fmt.Sprint("threads=", threads), func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
			defer mem.AssertSize(t, 0)
			next := batches(mem, 40, 10, -1)
			var inFlight, maxInFlight atomic.Int64
			eval := func(ctx context.Context, in arrow.RecordBatch, rowBase int64) (arrow.RecordBatch, error) {
				cur := inFlight.Add(1)
				defer inFlight.Add(-1)
				for {
					m := maxInFlight.Load()
					if cur <= m || maxInFlight.CompareAndSwap(m, cur) {
						break
					}
				}
				if got := in.Column(0).(*array.Int64).Value(0); got != rowBase {
					return nil, fmt.Errorf("rowBase %d, first value %d", rowBase, got)
				}
				k := rowBase / 10
				// Later batches finish sooner; batches 25 and up fail, 30 first.
				time.Sleep(time.Duration(40-k) * 100 * time.Microsecond)
				if k >= 25 {
					return nil, fmt.Errorf("batch %d", k)
				}
				in.Retain()
				return in, nil
			}
			var got []int64
			err := Run(context.Background(), threads, next, eval, func(res arrow.RecordBatch, rows int64) error {
				if rows != 10 {
					t.Errorf("rows %d", rows)
				}
				got = append(got, res.Column(0).(*array.Int64).Value(0))
				return nil
			})
			if err == nil || err.Error() != "batch 25" {
				t.Errorf("error %v, want batch 25", err)
			}
			want := []int64{}
			for k := range 25 {
				want = append(want, int64(k*10))
			}
			if !slices.Equal(got, want) {
				t.Errorf("emitted %v", got)
			}
			if m := maxInFlight.Load(); m > int64(threads) {
				t.Errorf("%d evaluations at once with %d threads", m, threads)
			}
		})
	}
}

// TestRunReadError: an input error counts as the error of the batch it was
// reading, after the batches before it.
func TestRunReadError(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	next := batches(mem, 10, 5, 6)
	n := 0
	err := Run(context.Background(), 4, next, func(_ context.Context, in arrow.RecordBatch, _ int64) (arrow.RecordBatch, error) {
		in.Retain()
		return in, nil
	}, func(arrow.RecordBatch, int64) error { n++; return nil })
	if err == nil || err.Error() != "bad input" || n != 6 {
		t.Errorf("error %v after %d batches", err, n)
	}
	// An evaluation error before the read error wins.
	next = batches(mem, 10, 5, 6)
	err = Run(context.Background(), 4, next, func(_ context.Context, in arrow.RecordBatch, rowBase int64) (arrow.RecordBatch, error) {
		if rowBase == 20 {
			return nil, errors.New("eval")
		}
		in.Retain()
		return in, nil
	}, func(arrow.RecordBatch, int64) error { return nil })
	if err == nil || err.Error() != "eval" {
		t.Errorf("error %v, want eval", err)
	}
}

// TestRunEmitErrorAndCancel: an emit error stops the run; so does canceling the
// context, which is then the error.
func TestRunEmitErrorAndCancel(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	id := func(_ context.Context, in arrow.RecordBatch, _ int64) (arrow.RecordBatch, error) {
		in.Retain()
		return in, nil
	}
	next := batches(mem, 100, 5, -1)
	n := 0
	err := Run(context.Background(), 3, next, id, func(arrow.RecordBatch, int64) error {
		if n++; n == 3 {
			return errors.New("disk full")
		}
		return nil
	})
	if err == nil || err.Error() != "disk full" || n != 3 {
		t.Errorf("error %v after %d batches", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	next = batches(mem, 1000, 5, -1)
	n = 0
	err = Run(ctx, 3, next, id, func(arrow.RecordBatch, int64) error {
		if n++; n == 3 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v after cancel", err)
	}
	// Empty input.
	next = batches(mem, 0, 5, -1)
	if err := Run(context.Background(), 2, next, id, func(arrow.RecordBatch, int64) error { return errors.New("called") }); err != nil {
		t.Errorf("empty input: %v", err)
	}
}
