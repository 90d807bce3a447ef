package bench

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	benchq "github.com/exprc/exprc/generated/bench"
	benchnocse "github.com/exprc/exprc/generated/benchnocse"
	"github.com/exprc/exprc/ir/interp"
)

//go:embed bench.sql
var spec []byte

// tables is bench/tables.sql, the tables bench.sql reads.
//
//go:embed tables.sql
var tables []byte

// Evaluator is the signature shared by the three implementations of a query.
type Evaluator = func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error)

// Query is one query of bench.sql with its three implementations.
type Query struct {
	Name  string
	Table string // "lineitem" or "events"
	// Generated is the evaluator exprc generated (package benchq).
	Generated Evaluator
	// NoCSE is the same query generated with --no-cse (package benchnocse), to
	// measure what sharing common subexpressions gains.
	NoCSE Evaluator
	// Hand is the hand-written loop (hand_*.go): the limit, one pass over the
	// Arrow buffers as a Go expert writes it for exactly this query.
	Hand Evaluator
	// Of names the query of bench.sql when Name is a variant over other data.
	Of string
	// NullsOnly marks a query measured only on its data with NULLs (the
	// NULL-heavy projection, whose data without NULLs is lineitem's).
	NullsOnly bool
}

// SpecName is the name of the query in bench.sql.
func (q Query) SpecName() string {
	if q.Of != "" {
		return q.Of
	}
	return q.Name
}

// Queries lists the benchmarked queries in bench.sql order.
var Queries = []Query{
	{"Q1Projection", "lineitem", benchq.Q1Projection, benchnocse.Q1Projection, HandQ1Projection, "", false},
	{"Q1NoWhere", "lineitem", benchq.Q1NoWhere, benchnocse.Q1NoWhere, HandQ1NoWhere, "", false},
	{"Q6Filter", "lineitem", benchq.Q6Filter, benchnocse.Q6Filter, HandQ6Filter, "", false},
	{"SeedIf", "events", benchq.SeedIf, benchnocse.SeedIf, HandSeedIf, "", false},
	{"SeedCase", "events", benchq.SeedCase, benchnocse.SeedCase, HandSeedCase, "", false},
	{"StringCase", "lineitem", benchq.StringCase, benchnocse.StringCase, HandStringCase, "", false},
	// SeedCase again, on events whose info maps are wide and rarely match: the
	// workload the seed's tiered project is about (Table names the data set; the
	// schema is events').
	{"SeedCaseWideMaps", "events_wide", benchq.SeedCase, benchnocse.SeedCase, HandSeedCase, "SeedCase", false},
	// And on maps of 32-64 entries, where the lookup is most of the work: how
	// CSE's gain grows with the cost of what it saves.
	{"SeedCaseBigMaps", "events_big", benchq.SeedCase, benchnocse.SeedCase, HandSeedCase, "SeedCase", false},
	// The NULL-heavy projection runs on lineitem with half of every nullable
	// column NULL.
	{"NullHeavy", "lineitem_half", benchq.NullHeavy, benchnocse.NullHeavy, HandNullHeavy, "", true},
	{"ErrorGuarded", "events", benchq.ErrorGuarded, benchnocse.ErrorGuarded, HandErrorGuarded, "", false},
	{"DeepArith", "lineitem", benchq.DeepArith, benchnocse.DeepArith, HandDeepArith, "", false},
	{"Wide", "lineitem", benchq.Wide, benchnocse.Wide, HandWide, "", false},
}

var (
	progOnce sync.Once
	prog     *compiler.Program
	progErr  error
)

// Interpreted returns the evaluator that runs query name of bench.sql (compiled
// with the benchmarks' tables, bench/tables.sql) through the reference
// interpreter (ir/interp.Eval, rows counted from 0).
func Interpreted(name string) (Evaluator, error) {
	progOnce.Do(func() {
		prog, progErr = compiler.CompileSources([]string{"tables.sql", "bench.sql"}, map[string][]byte{"tables.sql": tables, "bench.sql": spec})
	})
	if progErr != nil {
		return nil, progErr
	}
	q := prog.Query(name)
	if q == nil {
		return nil, fmt.Errorf("bench.sql has no query %s", name)
	}
	return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
		return interp.Eval(ctx, q, in, 0, mem)
	}, nil
}

// Batched returns the evaluator that runs query name of bench.sql through
// the batch engine (codegen/batch), compiled once from its unfused plan.
func Batched(name string) (Evaluator, error) {
	progOnce.Do(func() {
		prog, progErr = compiler.CompileSources([]string{"tables.sql", "bench.sql"}, map[string][]byte{"tables.sql": tables, "bench.sql": spec})
	})
	if progErr != nil {
		return nil, progErr
	}
	q := prog.Query(name)
	if q == nil {
		return nil, fmt.Errorf("bench.sql has no query %s", name)
	}
	pq, err := lower.PlanQuery(q, lower.Options{Unfused: true})
	if err != nil {
		return nil, err
	}
	bq, err := batch.Compile(pq)
	var un *batch.Unsupported
	if errors.As(err, &un) {
		return nil, fmt.Errorf("%w: %v", ErrNotExpressible, err)
	}
	if err != nil {
		return nil, err
	}
	return bq.Eval, nil
}

// Data returns a deterministic batch of n rows of a data set (table
// "lineitem" or "events", or one of their variants "lineitem_half",
// "events_wide" and "events_big", or "events_ts"), with or without NULLs in the nullable
// columns.
func Data(mem memory.Allocator, table string, n int, withNulls bool) arrow.RecordBatch {
	const seed = 20240101
	switch table {
	case "lineitem":
		return Lineitem(mem, n, withNulls, seed)
	case "lineitem_half":
		return LineitemNulls(mem, n, withNulls, HalfNullRate, seed)
	case "events_wide":
		return EventsWide(mem, n, withNulls, seed)
	case "events_big":
		return EventsBig(mem, n, withNulls, seed)
	case "events_ts":
		return EventsTs(mem, n, withNulls, seed)
	}
	return Events(mem, n, withNulls, seed)
}
