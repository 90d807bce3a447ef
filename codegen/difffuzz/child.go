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
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				var st Stats
				fails, err := checkPackage(job, i, pkgs[i], &st)
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
	for i := range job.Packages {
		next <- i
	}
	close(next)
	wg.Wait()
	rep.Elapsed = time.Since(start)
	return rep, firstErr
}

// querySets groups a program's queries into base queries and variants.
func querySets(prog *compiler.Program, gen Generated) []*querySet {
	byName := map[string]*ir.Query{}
	for _, q := range prog.Queries {
		byName[q.Name] = q
	}
	var sets []*querySet
	for _, q := range prog.Queries {
		if strings.HasSuffix(q.Name, trySuffix) || strings.HasSuffix(q.Name, permSuffix) {
			continue
		}
		sets = append(sets, &querySet{table: q.Source, q: q, qt: byName[q.Name+trySuffix], qp: byName[q.Name+permSuffix], gen: gen})
	}
	return sets
}

func checkPackage(job Job, idx int, gen Generated, st *Stats) ([]Failure, error) {
	jp := job.Packages[idx]
	src, err := os.ReadFile(jp.Spec)
	if err != nil {
		return nil, err
	}
	prog, err := compiler.CompileSources([]string{jp.Spec}, map[string][]byte{jp.Spec: src})
	if err != nil {
		return nil, err
	}
	if len(prog.Tables) != 1 {
		return nil, fmt.Errorf("want one table, got %d", len(prog.Tables))
	}
	table := prog.Tables[0]
	sets := querySets(prog, gen)
	for _, q := range prog.Queries {
		for _, l := range []Lookup{gen.CSE, gen.NoCSE} {
			if l != nil {
				if _, _, ok := l(q.Name); ok {
					st.Generated++
				}
			}
		}
	}
	var datasets []Rows
	if jp.HasRows {
		rows, err := DecodeRows(table.Columns, []byte(jp.Rows))
		if err != nil {
			return nil, err
		}
		datasets = append(datasets, rows)
	} else {
		r := rand.New(rand.NewPCG(jp.Seed, 0xda7a))
		schema := &Schema{Table: table.Name, Columns: table.Columns}
		for range jp.DataSets {
			datasets = append(datasets, RandomRows(r, schema, pick(r, rowCounts)))
		}
	}
	mem := memory.NewGoAllocator()
	var fails []Failure
	for _, qs := range sets {
		st.Queries++
		if qs.qt != nil {
			st.Variants++
		}
		if qs.qp != nil {
			st.Variants++
		}
		seen := map[string]bool{}
		for _, rows := range datasets {
			in, err := Batch(table.Columns, rows, mem)
			if err != nil {
				return fails, err
			}
			for _, f := range checkSet(qs, in, mem, st) {
				if seen[f.Kind] {
					continue // one failure per query and kind
				}
				seen[f.Kind] = true
				f.Package = idx
				if job.ShrinkData {
					budget := job.ShrinkBudget
					if budget <= 0 {
						budget = 3000
					}
					rows := shrinkRows(qs, rows, f.Kind, mem, budget, st)
					// Report the shrunk data's own difference.
					if sin, err := Batch(table.Columns, rows, mem); err == nil {
						var scratch Stats
						for _, g := range checkSet(qs, sin, mem, &scratch) {
							if g.Kind == f.Kind {
								f.Detail, f.Got, f.Want = g.Detail, g.Got, g.Want
								break
							}
						}
						sin.Release()
					}
					f.Rows, f.NumRows = encodeOrEmpty(rows), len(rows)
				} else {
					f.Rows, f.NumRows = encodeOrEmpty(rows), len(rows)
				}
				fails = append(fails, f)
			}
			in.Release()
		}
	}
	return fails, nil
}

func encodeOrEmpty(rows Rows) string {
	b, err := EncodeRows(rows)
	if err != nil {
		return ""
	}
	return string(b)
}
