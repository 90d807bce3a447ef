package semcases_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	casefiles "github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/generated/semcases"
	"github.com/exprc/exprc/ir/interp"
)

// TestClockDefaultIsEvaluationStart evaluates unix_micros(now()) over the
// rows of every case, in one batch, with no clock in the context, in both
// engines: every row reads one instant (docs/semantics.md 10.8), and it is
// the time of the evaluation, to the microsecond.
func TestClockDefaultIsEvaluationStart(t *testing.T) {
	cases, prog := load(t)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := allRows(t, cases, prog.Tables[0], mem)
	defer in.Release()
	i := caseIndex(t, cases, "unix_micros(now())")
	fn, _, _ := semcases.Lookup(cases[i].Name(i))
	q := prog.Query(cases[i].Name(i))
	engines := map[string]casefiles.Runner{
		"generated": casefiles.Generated(fn),
		"interpreter": func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.Eval(ctx, q, in, rowBase, mem)
		},
	}
	for name, run := range engines {
		before := time.Now().UnixMicro()
		out := result(t, run, in, int(in.NumRows()), mem)
		after := time.Now().UnixMicro()
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != int(in.NumRows()) {
			t.Fatalf("%s: %d rows, want %d", name, len(lines), in.NumRows())
		}
		for r, l := range lines {
			if l != lines[0] {
				t.Fatalf("%s: row %d read %s, row 0 %s: one evaluation read two instants", name, r, l, lines[0])
			}
		}
		got, err := strconv.ParseInt(strings.TrimSuffix(lines[0], "|"), 10, 64)
		if err != nil {
			t.Fatalf("%s: %q: %v", name, lines[0], err)
		}
		if got < before || got > after {
			t.Errorf("%s: now() = %d, not within the evaluation (%d to %d)", name, got, before, after)
		}
	}
}

// TestClockFixedAcrossBatches evaluates the same query in batches of 7
// under one fixed clock: every batch reads it.
func TestClockFixedAcrossBatches(t *testing.T) {
	cases, prog := load(t)
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := allRows(t, cases, prog.Tables[0], mem)
	defer in.Release()
	i := caseIndex(t, cases, "unix_micros(now())")
	fn, _, _ := semcases.Lookup(cases[i].Name(i))
	run := casefiles.Clocked(cases[i], casefiles.Generated(fn))
	out := result(t, run, in, 7, mem)
	want := strings.Repeat("1710034200000000|\n", int(in.NumRows()))
	if out != want {
		t.Errorf("batches of 7 under @now 2024-03-10T01:30:00Z:\n%s", diff(out, want))
	}
}

// caseIndex is the index of the first case of expression expr.
func caseIndex(t *testing.T, cases []casefiles.Case, expr string) int {
	t.Helper()
	for i, c := range cases {
		if c.Expr == expr {
			return i
		}
	}
	t.Fatalf("no case %s", expr)
	return -1
}
