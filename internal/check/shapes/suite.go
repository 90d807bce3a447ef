package shapes

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/internal/check/fieldsum"
)

// LookupFunc is the Lookup function of a generated package.
type LookupFunc = func(name string) (Evaluator, *arrow.Schema, bool)

// Suite says how CheckSpec checks every query of a spec.
type Suite struct {
	// DataSeed seeds the data sets: data set d is Data(DataSeed+d, Rows[d]).
	DataSeed int64
	// Rows lists the number of rows of each data set.
	Rows []int
	// BatchSizes are passed to Check (nil: its default).
	BatchSizes []int
	// MaxLogged is how many failing checks are described with t.Errorf (0:
	// 20); later ones are only counted.
	MaxLogged int
	// Batch also checks the batch engine (Options.Batch).
	Batch bool
}

// Totals sums the reports of a suite.
type Totals struct {
	Queries     int            // queries checked
	Checks      int            // (query, data set) pairs checked
	Rows        int            // input rows over all checks
	Runs        int            // complete runs compared
	Probes      int            // probe evaluations as written, over all checks
	Decisions   map[string]int // shared subexpressions by decision, per query
	Violations  int
	Differences int
	Failed      int            // checks with a violation or difference
	Kinds       map[string]int // violations and differences by kind
	// FailedQueries lists the queries with a failing check.
	FailedQueries []string
	// BatchPlans counts the plans the batch engine ran, per query (with and
	// without CSE: at most two a query); BatchSkipped counts the plans it
	// does not run yet, by reason (Report.BatchSkipped).
	BatchPlans   int
	BatchSkipped map[string]int
}

// Add adds another suite's totals, field by field: counts and the counts of
// the maps add up (t's maps are made when nil), FailedQueries are appended.
func (t *Totals) Add(o Totals) { fieldsum.Add(t, o) }

// CheckSpec compiles spec and checks every query with Check on every data set
// of s, against the evaluators of two generated packages (their Lookup
// functions; either may be nil) and, with s.Batch, the batch engine. Each failing check is reported with t.Errorf,
// with the query's SQL and the data set. If the environment variable
// CSE_SHAPES_TOTALS names a file, the totals are also written there as JSON
// (also when the suite stops early).
func CheckSpec(t testing.TB, spec []byte, withCSE, noCSE LookupFunc, s Suite) Totals {
	t.Helper()
	prog, err := compiler.CompileSources([]string{"shapes.sql"}, map[string][]byte{"shapes.sql": spec})
	if err != nil {
		t.Fatalf("spec does not compile: %v", err)
	}
	if s.MaxLogged == 0 {
		s.MaxLogged = 20
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	data := make([]arrow.RecordBatch, len(s.Rows))
	for d, n := range s.Rows {
		data[d] = Data(s.DataSeed+int64(d), n, mem)
		defer data[d].Release()
	}
	tot := Totals{Decisions: map[string]int{}, Kinds: map[string]int{}, BatchSkipped: map[string]int{}}
	if path := os.Getenv("CSE_SHAPES_TOTALS"); path != "" {
		defer func() {
			b, err := json.Marshal(tot)
			if err == nil {
				err = os.WriteFile(path, b, 0o644)
			}
			if err != nil {
				t.Error(fmt.Errorf("writing totals: %w", err))
			}
		}()
	}
	lookup := func(l LookupFunc, name string) Evaluator {
		if l == nil {
			return nil
		}
		fn, _, ok := l(name)
		if !ok {
			t.Fatalf("no generated evaluator for %s (regenerate)", name)
		}
		return fn
	}
	for _, q := range prog.Queries {
		c, nc := lookup(withCSE, q.Name), lookup(noCSE, q.Name)
		tot.Queries++
		for d, in := range data {
			rep, err := Check(q, in, c, nc, &Options{BatchSizes: s.BatchSizes, Mem: mem, Batch: s.Batch})
			if err != nil {
				t.Fatal(err)
			}
			tot.Checks++
			tot.Rows += rep.Rows
			tot.Runs += rep.Runs
			tot.Probes += rep.Probes
			tot.Violations += rep.NumViolations
			tot.Differences += rep.NumDifferences
			if d == 0 {
				for k, v := range rep.Decisions {
					tot.Decisions[k] += v
				}
				tot.BatchPlans += rep.BatchPlans
				for k, v := range rep.BatchSkipped {
					tot.BatchSkipped[k] += v
				}
			}
			for k, v := range rep.Kinds {
				tot.Kinds[k] += v
			}
			if !rep.OK() {
				tot.Failed++
				if n := len(tot.FailedQueries); n == 0 || tot.FailedQueries[n-1] != q.Name {
					tot.FailedQueries = append(tot.FailedQueries, q.Name)
				}
				switch {
				case tot.Failed <= s.MaxLogged:
					t.Errorf("%v\n  data: Data(%d, %d)\n  %s", rep.Err(), s.DataSeed+int64(d), s.Rows[d], q.SQL)
				case tot.Failed == s.MaxLogged+1:
					t.Errorf("more failures are counted but not described")
				}
			}
		}
	}
	return tot
}
