package difffuzz

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
)

// Job tells a checking process (the binary built in the temporary module)
// what to check.
type Job struct {
	Packages []JobPackage `json:"packages"`
	// ShrinkData minimizes the data of each failure (per query and kind).
	ShrinkData bool `json:"shrink_data"`
	// ShrinkBudget bounds the checks spent shrinking one failure's data.
	ShrinkBudget int `json:"shrink_budget"`
	// Workers is the number of packages checked in parallel.
	Workers int `json:"workers"`
	// HangTimeout ends the check when one query set runs longer (0: 2 minutes);
	// the query is reported as a failure of kind "hang".
	HangTimeout time.Duration `json:"hang_timeout"`
}

// watch records what one worker is doing, for hang detection.
type watch struct {
	mu    sync.Mutex
	pkg   int
	query string
	names []string // the tables of data
	data  Data
	what  string
	since time.Time
}

func (w *watch) start(pkg int, query string, names []string, data Data) {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.pkg, w.query, w.names, w.data, w.what, w.since = pkg, query, names, data, "", time.Now()
	w.mu.Unlock()
}

func (w *watch) step(what string) {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.what = what
	w.mu.Unlock()
}

func (w *watch) idle() {
	if w == nil {
		return
	}
	w.mu.Lock()
	w.query = ""
	w.mu.Unlock()
}

// stuck returns a "hang" failure when the worker has been on one query set
// for longer than limit.
func (w *watch) stuck(limit time.Duration) (Failure, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.query == "" || time.Since(w.since) < limit {
		return Failure{}, false
	}
	return Failure{Package: w.pkg, Query: w.query, Kind: "hang",
		Detail: fmt.Sprintf("no result after %s: %s", time.Since(w.since).Round(time.Second), w.what),
		Rows:   encodeOrEmpty(w.names, w.data), NumRows: w.data.NumRows()}, true
}

// JobPackage is one generated package: its spec and its data, either drawn
// from Seed (DataSets data sets) or given as Rows (EncodeRows).
type JobPackage struct {
	Spec     string `json:"spec"` // path of the spec file
	Seed     uint64 `json:"seed"`
	DataSets int    `json:"data_sets"`
	Rows     string `json:"rows,omitempty"`
	HasRows  bool   `json:"has_rows"`
}

// Report is what a checking process found.
type Report struct {
	Stats    Stats         `json:"stats"`
	Failures []Failure     `json:"failures"`
	Elapsed  time.Duration `json:"elapsed"`
}

// ChildMain is the main function of the checking binary: it reads the job
// from the file named by os.Args[1], checks every package (pkgs[i] holds the
// generated code of Job.Packages[i]) and writes the Report as JSON to the
// file named by os.Args[2].
func ChildMain(pkgs []Generated) {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: check JOB.json REPORT.json")
		os.Exit(2)
	}
	b, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var job Job
	if err := json.Unmarshal(b, &job); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if len(job.Packages) != len(pkgs) {
		fmt.Fprintf(os.Stderr, "job has %d packages, binary %d\n", len(job.Packages), len(pkgs))
		os.Exit(2)
	}
	rep, err := RunJob(job, pkgs)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	out, err := json.Marshal(rep)
	if err == nil {
		err = os.WriteFile(os.Args[2], out, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

// RunJob checks every package of job.
func RunJob(job Job, pkgs []Generated) (*Report, error) {
	start := time.Now()
	rep := &Report{}
	var mu sync.Mutex
	var firstErr error
	workers := max(job.Workers, 1)
	next := make(chan int)
	var wg sync.WaitGroup
	watches := make([]*watch, workers)
	for w := range workers {
		watches[w] = &watch{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				var st Stats
				fails, err := checkPackage(job, i, pkgs[i], &st, watches[w])
				mu.Lock()
				rep.Stats.Add(st)
				rep.Failures = append(rep.Failures, fails...)
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("package %d (%s): %w", i, job.Packages[i].Spec, err)
				}
				mu.Unlock()
			}
		}()
	}
	done := make(chan struct{})
	hung := make(chan Failure, 1)
	limit := job.HangTimeout
	if limit <= 0 {
		limit = 2 * time.Minute
	}
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Second):
			}
			for _, w := range watches {
				if f, ok := w.stuck(limit); ok {
					hung <- f
					return
				}
			}
		}
	}()
	go func() {
		for i := range job.Packages {
			next <- i
		}
		close(next)
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case f := <-hung:
		// A goroutine cannot be stopped: report what finished and the hang;
		// the process exits after writing the report.
		mu.Lock()
		rep.Failures = append(rep.Failures, f)
		mu.Unlock()
	}
	mu.Lock()
	defer mu.Unlock()
	out := *rep
	out.Failures = append([]Failure(nil), rep.Failures...)
	out.Elapsed = time.Since(start)
	return &out, firstErr
}

// querySets groups a program's queries into base queries and variants.
func querySets(prog *compiler.Program, gen Generated) []*querySet {
	tables := append([]*ir.Table(nil), prog.Tables...)
	byName := map[string]*ir.Query{}
	for _, q := range prog.Queries {
		byName[q.Name] = q
	}
	var sets []*querySet
	for _, q := range prog.Queries {
		if strings.HasSuffix(q.Name, trySuffix) || strings.HasSuffix(q.Name, permSuffix) {
			continue
		}
		sets = append(sets, &querySet{tables: tables, q: q, qt: byName[q.Name+trySuffix], qp: byName[q.Name+permSuffix], gen: gen})
	}
	return sets
}

func checkPackage(job Job, idx int, gen Generated, st *Stats, w *watch) ([]Failure, error) {
	defer w.idle()
	jp := job.Packages[idx]
	src, err := os.ReadFile(jp.Spec)
	if err != nil {
		return nil, err
	}
	prog, err := compiler.CompileSources([]string{jp.Spec}, map[string][]byte{jp.Spec: src})
	if err != nil {
		return nil, err
	}
	if len(prog.Tables) == 0 {
		return nil, fmt.Errorf("no table")
	}
	// The first table is the one queries read; subqueries read any.
	tables := prog.Tables
	names := namesOf(tables)
	for _, q := range prog.Queries {
		if q.Source != tables[0] {
			return nil, fmt.Errorf("query %s reads %s, not the first table %s", q.Name, q.Source.Name, tables[0].Name)
		}
	}
	sets := querySets(prog, gen)
	plans := compileBatch(prog.Queries, st)
	for _, qs := range sets {
		qs.watch = w
		qs.batch = plans
	}
	var fails []Failure
	for _, q := range prog.Queries {
		for _, v := range []struct {
			name string
			l    Lookup
		}{{"cse", gen.CSE}, {"nocse", gen.NoCSE}} {
			if v.l == nil {
				continue
			}
			ev, schema, ok := v.l(q.Name)
			if schema == nil {
				continue
			}
			st.Generated++
			// Lookup gives the queries without subqueries, and only them.
			if sub := len(q.Subqueries) > 0; ok == sub || ok != (ev != nil) {
				fails = append(fails, Failure{Package: idx, Query: baseName(q.Name), Kind: "lookup",
					Detail: fmt.Sprintf("%s Lookup(%q) gives ok=%v (evaluator %v) for a query with %d subqueries", v.name, q.Name, ok, ev != nil, len(q.Subqueries))})
			}
		}
	}
	var datasets []Data
	if jp.HasRows {
		d, err := DecodeData(tables, []byte(jp.Rows))
		if err != nil {
			return nil, err
		}
		datasets = append(datasets, d)
	} else {
		r := rand.New(rand.NewPCG(jp.Seed, 0xda7a))
		var schemas []*Schema
		for _, t := range tables {
			schemas = append(schemas, &Schema{Table: t.Name, Columns: t.Columns})
		}
		for range jp.DataSets {
			datasets = append(datasets, RandomData(r, schemas, pick(r, rowCounts)))
		}
	}
	mem := memory.NewGoAllocator()
	for _, qs := range sets {
		st.Queries++
		if qs.qt != nil {
			st.Variants++
		}
		if qs.qp != nil {
			st.Variants++
		}
		if len(qs.q.Subqueries) > 0 {
			st.SubQueries++
			if st.SubForms == nil {
				st.SubForms = map[string]int{}
			}
			for _, s := range qs.q.Subqueries {
				st.SubForms[s.Form.String()]++
			}
		}
		seen := map[string]bool{}
		for _, d := range datasets {
			w.start(idx, qs.q.Name, names, d)
			fs, err := checkData(qs, d, mem, st)
			if err != nil {
				return fails, err
			}
			for _, f := range fs {
				if seen[f.Kind] {
					continue // one failure per query and kind
				}
				seen[f.Kind] = true
				f.Package = idx
				d := d
				if job.ShrinkData {
					budget := job.ShrinkBudget
					if budget <= 0 {
						budget = 3000
					}
					d = shrinkRows(qs, d, f.Kind, mem, budget, st)
					// Report the shrunk data's own difference.
					var scratch Stats
					gs, _ := checkData(qs, d, mem, &scratch)
					for _, g := range gs {
						if g.Kind == f.Kind {
							f.Detail, f.Got, f.Want = g.Detail, g.Got, g.Want
							break
						}
					}
				}
				f.Rows, f.NumRows = encodeOrEmpty(names, d), d.NumRows()
				fails = append(fails, f)
			}
		}
	}
	return fails, nil
}

func encodeOrEmpty(names []string, d Data) string {
	b, err := EncodeData(names, d)
	if err != nil {
		return ""
	}
	return string(b)
}
