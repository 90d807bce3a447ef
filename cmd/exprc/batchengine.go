package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	rtengine "github.com/exprc/exprc/templates/engine"
	"github.com/exprc/exprc/templates/fileio"
	"github.com/exprc/exprc/templates/vec"
)

// batchEngine runs a query on the batch engine (codegen/batch): the physical
// plan run a vector at a time over the same runtime kernels as generated
// code, compiled in this process in microseconds, with no Go toolchain.
type batchEngine struct {
	q  *ir.Query
	bq *batch.Query
	// inner are the tables q's subqueries read, prepared once per run.
	inner map[string][]arrow.RecordBatch
}

// newBatchEngine compiles q for the batch engine, over the inner tables
// inner its subqueries read. An *batch.Unsupported error says the engine
// cannot run q (yet).
func newBatchEngine(q *ir.Query, inner map[string][]arrow.RecordBatch) (*batchEngine, error) {
	pq, err := lower.PlanQuery(q, lower.Options{Unfused: true})
	if err != nil {
		return nil, fmt.Errorf("batch engine: %w", err)
	}
	bq, err := batch.Compile(pq)
	if err != nil {
		return nil, err
	}
	return &batchEngine{q: q, bq: bq, inner: inner}, nil
}

func (e *batchEngine) Run(ctx context.Context, j *runJob) error {
	mem := memory.DefaultAllocator
	prep, err := e.bq.Prepare(ctx, vec.Tables(e.inner), mem)
	if err != nil {
		return err
	}
	defer prep.Release()
	in, err := openOuter(e.q, j, j.threads)
	if err != nil {
		return err
	}
	defer in.Close()
	defer func() { j.warnings = fileio.Warnings(in) }()
	out, err := fileio.NewOutput(j.out, j.format, ir.ArrowSchema(e.q.OutputSchema()), fileio.OutputOptions{Threads: j.threads, Compression: j.compression, Zone: e.q.Zone})
	if err != nil {
		return err
	}
	eval := vec.AtRow(prep.Eval) // query errors count rows across the input
	files := rtengine.Files{In: in, Out: out, Threads: j.threads, Progress: j.progress}
	return files.Run(ctx, func(ctx context.Context, b arrow.RecordBatch, rowBase int64) (arrow.RecordBatch, error) {
		return eval(ctx, b, rowBase, mem)
	})
}

// batchOrNot is the batch engine for q over inner tables inner, or, when it
// cannot run q, nil and why (an *batch.Unsupported's text).
func batchOrNot(q *ir.Query, inner map[string][]arrow.RecordBatch) (*batchEngine, string) {
	be, err := newBatchEngine(q, inner)
	var un *batch.Unsupported
	switch {
	case errors.As(err, &un):
		return nil, un.Error()
	case err != nil:
		return nil, err.Error()
	}
	return be, ""
}
