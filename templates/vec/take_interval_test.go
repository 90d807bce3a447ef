package vec

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestTakeColumnIntervals passes interval columns (an output that is an
// input column, under a WHERE clause) through a selection: the type, with
// its unit, and every kept value and NULL survive.
func TestTakeColumnIntervals(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.DefaultAllocator)
	defer mem.AssertSize(t, 0)
	mb := array.NewMonthIntervalBuilder(mem)
	db := array.NewDurationBuilder(mem, &arrow.DurationType{Unit: arrow.Microsecond})
	defer mb.Release()
	defer db.Release()
	for i := range 5 {
		if i == 2 {
			mb.AppendNull()
			db.AppendNull()
			continue
		}
		mb.Append(arrow.MonthInterval(int32(i) - 1<<30))
		db.Append(arrow.Duration(int64(i) + 1<<62))
	}
	m, d := mb.NewArray(), db.NewArray()
	defer m.Release()
	defer d.Release()
	sel := Sel{0, 2, 4}
	om := TakeColumn(mem, m, KeptOf(sel, 5), 5).(*array.MonthInterval)
	defer om.Release()
	od := TakeColumn(mem, d, KeptOf(sel, 5), 5).(*array.Duration)
	defer od.Release()
	if !arrow.TypeEqual(od.DataType(), d.DataType()) {
		t.Fatalf("type %s, want %s", od.DataType(), d.DataType())
	}
	for k, i := range sel {
		if om.IsNull(k) != (i == 2) || od.IsNull(k) != (i == 2) {
			t.Fatalf("kept row %d: NULLs %v %v", k, om.IsNull(k), od.IsNull(k))
		}
		if i != 2 && (om.Value(k) != arrow.MonthInterval(int32(i)-1<<30) || od.Value(k) != arrow.Duration(int64(i)+1<<62)) {
			t.Fatalf("kept row %d: %d %d", k, om.Value(k), od.Value(k))
		}
	}
}
