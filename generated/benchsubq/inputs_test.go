package benchsubq

import (
	"context"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/vec"
)

// TestInnerTableFromBuilder prepares a query with a subquery over an inner
// table whose batches the generated DimsInputBuilder made, and evaluates it
// over facts from FactsInputBuilder: the exported schemas and builders of
// inner tables are what NewEqCount reads.
func TestInnerTableFromBuilder(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	db := NewDimsInputBuilder(mem)
	defer db.Release()
	for _, k := range []int64{1, 1, 2} {
		db.AppendCodeNull()
		db.AppendK(k)
		db.AppendV(0)
	}
	db.AppendCode(9)
	db.AppendKNull()
	db.AppendVNull()
	dims, err := db.NewRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer dims.Release()
	q, err := NewEqCount(context.Background(), vec.Tables{"dims": {dims}}, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()

	fb := NewFactsInputBuilder(mem)
	defer fb.Release()
	for i, k := range []int64{1, 2, 3} {
		fb.AppendId(int64(i))
		fb.AppendCodeNull()
		fb.AppendK(k)
		fb.AppendVNull()
	}
	facts, err := fb.NewRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer facts.Release()
	out, err := q.Eval(context.Background(), facts, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	// count(*) of dims rows with d.k = facts.k
	want := []int64{2, 1, 0}
	got := out.Column(0)
	for i, w := range want {
		if v := got.(interface{ Value(int) int64 }).Value(i); v != w {
			t.Errorf("row %d: count %d, want %d", i, v, w)
		}
	}
	if !arrow.TypeEqual(got.DataType(), EqCountSchema.Field(0).Type) {
		t.Errorf("output type %s, want %s", got.DataType(), EqCountSchema.Field(0).Type)
	}
}
