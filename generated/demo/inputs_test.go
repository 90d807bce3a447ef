package demo

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestInputBuilderFeedsEvaluator builds a batch of the events table with
// the generated builder (a MAP from key and value slices, a NULL map, DATEs
// from time.Time) and runs the seed's Classify query over it: the builder's
// batches are what the evaluator checks its input against, and the values
// arrive as written.
func TestInputBuilderFeedsEvaluator(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	b := NewEventsInputBuilder(mem)
	defer b.Release()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 12, 0, 0, 0, time.UTC) }
	rows := []struct {
		x, y, a int64
		keys    []string // nil: a NULL map
		vals    []string
		day     time.Time
	}{
		{1, 2, 95, []string{"test", "other"}, []string{"1234", "x"}, day(2024, 1, 1)},
		{3, 2, 10, []string{"test"}, []string{"124"}, day(2024, 6, 30)},
		{3, 2, 10, nil, nil, day(2025, 1, 1)},
		{3, 2, 10, []string{"test"}, []string{"999"}, day(2023, 12, 31)}, // before 2024: filtered out
	}
	for _, r := range rows {
		b.AppendX(r.x)
		b.AppendY(r.y)
		b.AppendA(r.a)
		if r.keys == nil {
			b.AppendInfoNull()
		} else {
			b.AppendInfo(r.keys, r.vals)
		}
		b.AppendDay(r.day)
		b.AppendTestInfoFixedNull()
	}
	in, err := b.NewRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Release()
	if !in.Schema().Equal(EventsInputSchema) {
		t.Fatalf("the builder's schema %s is not EventsInputSchema %s", in.Schema(), EventsInputSchema)
	}
	out, err := Classify(context.Background(), in, mem)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	var got []string
	for r := 0; r < int(out.NumRows()); r++ {
		got = append(got, out.Column(0).ValueStr(r)+" "+out.Column(1).ValueStr(r))
	}
	// IF(x > y, a + 5, (a + 5) DIV 100); the CASE over info['test']
	want := []string{"1 FOO", "15 BAR", "15 (null)"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("Classify over the built batch: %q, want %q", got, want)
	}
}
