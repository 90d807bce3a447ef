package shapes

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
)

// compileSpec compiles a spec text, failing the test on any error.
func compileSpec(t testing.TB, spec string) *compiler.Program {
	t.Helper()
	prog, err := compiler.CompileSources([]string{"shapes.sql"}, map[string][]byte{"shapes.sql": []byte(spec)})
	if err != nil {
		t.Fatalf("spec does not compile: %v", err)
	}
	return prog
}

// TestShapesInProcess checks many random shapes against the engines that need
// no generated code: the interpreter as written against shared (every shape
// compiles, and sharing changes neither the result nor which probes run, only
// how often), and the batch engine with and without CSE under the rules of
// generated code, at batch sizes 1, 7 and all rows.
func TestShapesInProcess(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 100
	}
	prog := compileSpec(t, Spec(7, n))
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	stats := map[string]int{}
	skipped := map[string]int{}
	probes, plans := 0, 0
	for i, q := range prog.Queries {
		data := Data(int64(i%5), 20+i%40, mem)
		rep, err := Check(q, data, nil, nil, &Options{Mem: mem, Batch: true})
		data.Release()
		if err != nil {
			t.Fatal(err)
		}
		if err := rep.Err(); err != nil {
			t.Errorf("%v\n  %s", err, q.SQL)
		}
		for k, v := range rep.Decisions {
			stats[k] += v
		}
		for k, v := range rep.BatchSkipped {
			skipped[k] += v
		}
		probes += rep.Probes
		plans += rep.BatchPlans
	}
	t.Logf("%d queries, %d probe evaluations as written, shared: %v; batch engine: %d plans ran, skipped as unsupported: %v", len(prog.Queries), probes, stats, plans, skipped)
	for _, d := range []string{"always", "region", "lazy"} {
		if stats[d] == 0 {
			t.Errorf("no shared subexpression decided %s: the shapes do not exercise it", d)
		}
	}
	if plans == 0 {
		t.Errorf("the batch engine ran no plan")
	}
}
