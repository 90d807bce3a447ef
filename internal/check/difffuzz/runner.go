package difffuzz

import (
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Config is one fuzzing run.
type Config struct {
	Seed       uint64
	Duration   time.Duration // stop starting rounds after this (0: Rounds decides)
	Rounds     int           // stop after this many rounds (0: Duration decides)
	Packages   int           // generated packages per round (one go build)
	PerPackage int           // base queries per package
	DataSets   int           // data sets per package
	// VariantEvery compiles the TRY and permuted variants of every
	// VariantEvery-th query (the interpreter checks them for every query).
	VariantEvery int
	// SubPct is the percentage of queries that read subqueries (negative:
	// the generator's default).
	SubPct  int
	Workers int // packages checked in parallel
	// MaxShrink is the number of failures shrunk and written as cases (0: none).
	MaxShrink int
	// ShrinkTime bounds the time spent shrinking one failure.
	ShrinkTime time.Duration
	// RegressionDir receives the shrunk cases ("": they are only printed).
	RegressionDir string
	Root          string // the exprc checkout
	Log           io.Writer

	shrunk map[string]bool // failure signatures already shrunk in this run
}

// signature classifies a failure so that one bug found many times is shrunk
// once per run: the check, and what each side gave (an error class, a panic,
// values).
func signature(f Failure) string {
	if f.Kind == "codegen" || f.Kind == "gobuild" {
		return f.Kind + ": " + firstLines(f.Detail, 1)
	}
	return f.Kind + ": " + outcomeClass(f.Got) + " vs " + outcomeClass(f.Want)
}

var errClass = regexp.MustCompile(`^ERROR row \d+ column .*?: ([A-Z_.]+):`)

func outcomeClass(s string) string {
	switch {
	case strings.HasPrefix(s, "PANIC"):
		return "panic"
	case strings.HasPrefix(s, "ENGINE ERROR"):
		return "engine error"
	}
	if m := errClass.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return "values"
}

// DefaultConfig is the configuration of `make fuzz`.
func DefaultConfig() Config {
	return Config{Packages: 8, PerPackage: 125, DataSets: 3, VariantEvery: 4, Workers: 2, MaxShrink: 3, ShrinkTime: 5 * time.Minute, SubPct: -1}
}

// Summary is the outcome of a run.
type Summary struct {
	Seed       uint64
	Rounds     int
	Stats      Stats
	Failures   []Failure // all failures, unshrunk
	Cases      []string  // written case files, or case texts when RegressionDir is ""
	Crashes    []string  // rounds whose build or checking binary failed
	Elapsed    time.Duration
	BuildTime  time.Duration
	CheckTime  time.Duration
	ShrinkTime time.Duration
}

// QueriesPerMinute is the checking rate over the whole run.
func (s *Summary) QueriesPerMinute() float64 {
	return float64(s.Stats.Queries) / s.Elapsed.Minutes()
}

// String prints the figures of the run.
func (s *Summary) String() string {
	var b strings.Builder
	st := s.Stats
	fmt.Fprintf(&b, "seed %d: %d rounds in %s (build %s, check %s, shrink %s)\n", s.Seed, s.Rounds, s.Elapsed.Round(time.Second),
		s.BuildTime.Round(time.Second), s.CheckTime.Round(time.Second), s.ShrinkTime.Round(time.Second))
	fmt.Fprintf(&b, "queries:   %d base queries (+%d TRY/permuted variants), %d generated evaluators, %.0f queries/minute\n",
		st.Queries, st.Variants, st.Generated, s.QueriesPerMinute())
	fmt.Fprintf(&b, "data:      %d query x data set checks over %d rows, %d engine runs compared\n", st.DataSets, st.Rows, st.Runs)
	if st.DataSets > 0 {
		fmt.Fprintf(&b, "outcomes:  %.1f%% of checks end in a query error, %.1f%% return no rows\n",
			100*float64(st.ErrorSets)/float64(st.DataSets), 100*float64(st.EmptySets)/float64(st.DataSets))
	}
	if st.Queries > 0 && st.SubQueries > 0 {
		forms := make([]string, 0, len(st.SubForms))
		for f, n := range st.SubForms {
			forms = append(forms, fmt.Sprintf("%s %d", f, n))
		}
		sort.Strings(forms)
		fmt.Fprintf(&b, "subquery:  %d base queries (%.0f%%) read subqueries (settled: %s); %.1f%% of their checks end in a query error\n",
			st.SubQueries, 100*float64(st.SubQueries)/float64(st.Queries), strings.Join(forms, ", "),
			100*float64(st.SubErrorSets)/float64(max(st.SubDataSets, 1)))
	}
	fmt.Fprintf(&b, "batch:     %d plans ran in the batch engine (every query and variant, with and without CSE), %d of the engine runs; skipped as unsupported: %s\n",
		st.BatchPlans, st.BatchRuns, countsText(st.BatchSkipped))
	fmt.Fprintf(&b, "failures:  %d", len(s.Failures))
	kinds := map[string]int{}
	for _, f := range s.Failures {
		kinds[f.Kind]++
	}
	for k, n := range kinds {
		fmt.Fprintf(&b, " [%s: %d]", k, n)
	}
	b.WriteString("\n")
	if len(s.Crashes) > 0 {
		fmt.Fprintf(&b, "crashes:   %d rounds could not be built or checked\n", len(s.Crashes))
	}
	return b.String()
}

// countsText lists counts by name, sorted by name, or "none".
func countsText(counts map[string]int) string {
	if len(counts) == 0 {
		return "none"
	}
	names := make([]string, 0, len(counts))
	for k := range counts {
		names = append(names, k)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = fmt.Sprintf("%d %s", counts[k], k)
	}
	return strings.Join(parts, ", ")
}

// round is one batch of generated packages, built as one binary.
type round struct {
	idx       int
	m         *Module
	bin       string
	schemas   []*Schema
	queries   []map[string]*Query // per package, by name
	err       error
	genTime   time.Duration
	buildTime time.Duration
}

// tableNames are the names generated tables get; inner tables (read by
// subqueries only) are named u1, u2.
var tableNames = []string{"t", "events", "w", "data", "lineitem"}

// GeneratePackage draws package number pkg of a run: a schema (the queries'
// table and one or two inner tables) and n base queries. It returns the
// spec (with each query's TRY and permuted variants).
func GeneratePackage(seed uint64, pkg, n int) (*Schema, []*Query, string) {
	return GeneratePackageSub(seed, pkg, n, -1)
}

// GeneratePackageSub is GeneratePackage with subPct percent of the queries
// reading subqueries (negative: the generator's default).
func GeneratePackageSub(seed uint64, pkg, n, subPct int) (*Schema, []*Query, string) {
	r := rand.New(rand.NewPCG(seed, uint64(pkg)))
	schema := RandomSchema(r, pick(r, tableNames))
	for i := range 1 + r.IntN(2) {
		schema.Inner = append(schema.Inner, RandomInnerSchema(r, fmt.Sprintf("u%d", i+1)))
	}
	g := NewGenerator(r, schema)
	if subPct >= 0 {
		g.SubPct = subPct
	}
	qs := make([]*Query, n)
	for i := range qs {
		qs[i] = g.Query(fmt.Sprintf("q%d", i))
	}
	return schema, qs, Spec(schema, qs, seed^uint64(pkg))
}

// Spec prints a spec of schema and queries with their TRY and permuted
// variants (a variant the binder rejects is left out).
func Spec(schema *Schema, qs []*Query, permSeed uint64) string {
	var b strings.Builder
	b.WriteString(schema.DDL() + "\n")
	for _, q := range qs {
		for _, v := range []*Query{q, q.Try(), Permute(permSeed, q)} {
			if v != q && CheckQuery(schema, v) != nil {
				continue
			}
			fmt.Fprintf(&b, "\n-- name: %s\n%s;\n", v.Name, v.SQL(schema.Table))
		}
	}
	return b.String()
}

func (c *Config) prepare(idx int) *round {
	rd := &round{idx: idx}
	start := time.Now()
	m, err := NewModule(c.Root)
	if err != nil {
		rd.err = err
		return rd
	}
	rd.m = m
	m.VariantEvery = max(c.VariantEvery, 1)
	// Generate the packages two at a time (parsing, binding and code
	// generation are CPU-bound), then add them in order.
	pkgs := make([]*Package, c.Packages)
	errs := make([]error, c.Packages)
	rd.schemas = make([]*Schema, c.Packages)
	rd.queries = make([]map[string]*Query, c.Packages)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for p := range c.Packages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			pkg := idx*c.Packages + p
			schema, qs, spec := GeneratePackageSub(c.Seed, pkg, c.PerPackage, c.SubPct)
			byName := map[string]*Query{}
			for _, q := range qs {
				byName[q.Name] = q
			}
			rd.schemas[p], rd.queries[p] = schema, byName
			pkgs[p], errs[p] = m.NewPackage(spec, JobPackage{Seed: c.Seed ^ uint64(pkg)<<20, DataSets: c.DataSets})
			if errs[p] != nil {
				errs[p] = fmt.Errorf("package %d: %w", pkg, errs[p])
			}
		}()
	}
	wg.Wait()
	for p := range pkgs {
		if errs[p] != nil {
			rd.err = errs[p]
			return rd
		}
		m.Append(pkgs[p])
	}
	rd.genTime = time.Since(start)
	start = time.Now()
	rd.bin, rd.err = m.Build()
	rd.buildTime = time.Since(start)
	return rd
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

// Fuzz runs rounds until the duration or the round count is reached, shrinks
// up to MaxShrink failures and writes them as regression cases.
func Fuzz(c Config) (*Summary, error) {
	if c.Root == "" {
		return nil, fmt.Errorf("difffuzz: no repository root")
	}
	sum := &Summary{Seed: c.Seed}
	c.shrunk = map[string]bool{}
	start := time.Now()
	more := func(next int) bool {
		if c.Rounds > 0 && next >= c.Rounds {
			return false
		}
		return c.Duration <= 0 || time.Since(start) < c.Duration
	}
	ready := make(chan *round, 1)
	go func() { ready <- c.prepare(0) }()
	var lastRound time.Duration
	for i := 0; ; i++ {
		rd := <-ready
		roundStart := time.Now()
		// Prepare the next round while this one is checked, unless it would
		// end after the deadline.
		next := i + 1
		prefetch := more(next) && (c.Duration <= 0 || time.Since(start)+lastRound < c.Duration)
		if prefetch {
			go func() { ready <- c.prepare(next) }()
		}
		sum.BuildTime += rd.buildTime
		if rd.err != nil {
			sum.Crashes = append(sum.Crashes, fmt.Sprintf("round %d: %v", rd.idx, rd.err))
			c.logf("round %d: %v\n", rd.idx, firstLines(rd.err.Error(), 30))
		} else {
			c.checkRound(rd, sum, start)
		}
		rd.m.removeIfSet()
		lastRound = time.Since(roundStart)
		if !prefetch {
			break
		}
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// checkRound runs a built round's checking binary and shrinks its failures.
func (c *Config) checkRound(rd *round, sum *Summary, start time.Time) {
	checkStart := time.Now()
	rep, err := rd.m.Run(rd.bin, true, c.Workers, 30*time.Minute)
	checkTime := time.Since(checkStart)
	sum.CheckTime += checkTime
	if err != nil {
		sum.Crashes = append(sum.Crashes, fmt.Sprintf("round %d: %v", rd.idx, err))
		c.logf("round %d: %v\n", rd.idx, firstLines(err.Error(), 30))
		return
	}
	sum.Stats.Add(rep.Stats)
	sum.Rounds++
	c.logf("round %d: %d queries checked (%d total, %.0f/min), generate %s, build %s, check %s\n",
		rd.idx, rep.Stats.Queries, sum.Stats.Queries, float64(sum.Stats.Queries)/time.Since(start).Minutes(),
		rd.genTime.Round(100*time.Millisecond), rd.buildTime.Round(100*time.Millisecond), checkTime.Round(100*time.Millisecond))
	for _, f := range rep.Failures {
		local := f.Package
		f.Package = rd.idx*c.Packages + local
		c.logf("FAILURE package %d query %s: %s: %s\n", f.Package, f.Query, f.Kind, f.Detail)
		c.logf("  got:  %s\n  want: %s\n", firstLines(f.Got, 4), firstLines(f.Want, 4))
		sum.Failures = append(sum.Failures, f)
		sig := signature(f)
		if len(sum.Cases) >= c.MaxShrink || c.shrunk[sig] {
			continue
		}
		c.shrunk[sig] = true
		shrinkStart := time.Now()
		text, err := c.shrink(rd.schemas[local], rd.queries[local][f.Query], f)
		sum.ShrinkTime += time.Since(shrinkStart)
		if err != nil {
			c.logf("  shrinking failed: %v\n", err)
			continue
		}
		sum.Cases = append(sum.Cases, text)
	}
}

func (m *Module) removeIfSet() {
	if m != nil {
		m.Remove()
	}
}
