package vec

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

func TestShiftRows(t *testing.T) {
	qe := &QueryError{Row: 3, Column: "c", Expr: "1 DIV a", Err: rt.ErrLongOverflow}
	got := ShiftRows(fmt.Errorf("wrapped: %w", qe), 100)
	var moved *QueryError
	if !errors.As(got, &moved) || moved.Row != 103 || moved.Column != "c" || moved.Expr != "1 DIV a" || moved.Err != rt.ErrLongOverflow {
		t.Fatalf("ShiftRows = %#v", got)
	}
	if qe.Row != 3 {
		t.Errorf("the evaluator's error changed: row %d", qe.Row)
	}
	other := errors.New("not a query error")
	if got := ShiftRows(other, 100); got != other {
		t.Errorf("ShiftRows(other) = %v", got)
	}
	if got := ShiftRows(nil, 100); got != nil {
		t.Errorf("ShiftRows(nil) = %v", got)
	}
}

func TestAtRow(t *testing.T) {
	mem := memory.NewGoAllocator()
	fail := AtRow(func(context.Context, arrow.RecordBatch, memory.Allocator) (arrow.RecordBatch, error) {
		return nil, &QueryError{Row: 1, Column: "WHERE", Err: rt.ErrLongOverflow}
	})
	_, err := fail(context.Background(), nil, 40, mem)
	var qe *QueryError
	if !errors.As(err, &qe) || qe.Row != 41 {
		t.Fatalf("AtRow error = %v", err)
	}
	other := errors.New("input")
	pass := AtRow(func(context.Context, arrow.RecordBatch, memory.Allocator) (arrow.RecordBatch, error) {
		return nil, other
	})
	if _, err := pass(context.Background(), nil, 40, mem); err != other {
		t.Fatalf("AtRow other error = %v", err)
	}
}
