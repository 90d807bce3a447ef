package bench

import (
	"context"
	_ "embed"
	"fmt"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/generated/benchsubq"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

//go:embed subquery.sql
var subquerySpec []byte

// Prepare builds a query's evaluator over the inner tables its subqueries read
// (vec.Tables, keyed by lower-cased table name): the build phase, done once;
// the evaluator then answers outer batches (the probe phase). release frees
// what the evaluator keeps.
type Prepare = func(ctx context.Context, tables vec.Tables, mem memory.Allocator) (eval Evaluator, release func(), err error)

// SubQuery is one query of subquery.sql with its implementations.
type SubQuery struct {
	Name string
	// Form is how compiler/settle settles its subquery (exprc explain).
	Form string
	// Generated is exprc's generated code (generated/benchsubq).
	Generated Prepare
	// Hand is the hand-written loop (subquery_hand.go); nil for the loop form,
	// whose result is IneqCount's.
	Hand Prepare
	// Interpreted is the reference interpreter (interp.Prepare, EvalPrepared):
	// nested loops over the inner rows, by definition.
	Interpreted Prepare
}

// SubQueries lists the queries of subquery.sql in order.
var SubQueries = []SubQuery{
	{"InProbe", "set", generatedPrepare("InProbe"), handPrepare(NewHandSet, (*HandSet).HandInProbe), interpretedPrepare("InProbe")},
	{"InFilter", "set", generatedPrepare("InFilter"), handPrepare(NewHandSet, (*HandSet).HandInFilter), interpretedPrepare("InFilter")},
	{"EqCount", "keyed", generatedPrepare("EqCount"), handPrepare(NewHandCounts, (*HandCounts).HandEqCount), interpretedPrepare("EqCount")},
	{"IneqCount", "sorted", generatedPrepare("IneqCount"), handPrepare(NewHandSorted, (*HandSorted).HandIneqCount), interpretedPrepare("IneqCount")},
	{"IneqCountLoop", "loop", generatedPrepare("IneqCountLoop"), nil, interpretedPrepare("IneqCountLoop")},
}

// SubQueryNamed returns the query of subquery.sql named name.
func SubQueryNamed(name string) (SubQuery, bool) {
	for _, q := range SubQueries {
		if q.Name == name {
			return q, true
		}
	}
	return SubQuery{}, false
}

// generatedPrepare is the generated package's Prepare for query name.
func generatedPrepare(name string) Prepare {
	return func(ctx context.Context, tables vec.Tables, mem memory.Allocator) (Evaluator, func(), error) {
		eval, _, release, err := benchsubq.Prepare(ctx, name, tables, mem)
		return eval, release, err
	}
}

// handPrepare builds a hand-written structure with build and evaluates with
// its method eval.
func handPrepare[T any](build func(context.Context, vec.Tables) (*T, error),
	eval func(*T, context.Context, arrow.RecordBatch, memory.Allocator) (arrow.RecordBatch, error)) Prepare {
	return func(ctx context.Context, tables vec.Tables, _ memory.Allocator) (Evaluator, func(), error) {
		h, err := build(ctx, tables)
		if err != nil {
			return nil, nil, err
		}
		return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
			return eval(h, ctx, in, mem)
		}, func() {}, nil
	}
}

var (
	subProgOnce sync.Once
	subProg     *compiler.Program
	subProgErr  error
)

// interpretedPrepare runs query name of subquery.sql through the reference
// interpreter: interp.Prepare (the inner phase) then interp.EvalPrepared per
// outer batch (rows counted from 0).
func interpretedPrepare(name string) Prepare {
	return func(ctx context.Context, tables vec.Tables, _ memory.Allocator) (Evaluator, func(), error) {
		subProgOnce.Do(func() {
			subProg, subProgErr = compiler.CompileSources([]string{"subquery.sql"}, map[string][]byte{"subquery.sql": subquerySpec})
		})
		if subProgErr != nil {
			return nil, nil, subProgErr
		}
		q := subProg.Query(name)
		if q == nil {
			return nil, nil, fmt.Errorf("subquery.sql has no query %s", name)
		}
		inner, err := interp.Prepare(ctx, q, interp.Tables(tables))
		if err != nil {
			return nil, nil, err
		}
		return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.EvalPrepared(ctx, q, nil, inner, in, 0, mem)
		}, func() {}, nil
	}
}
