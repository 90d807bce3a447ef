// Command runtime shows exprc's run-time API: a Go program whose filter
// arrives while it runs (here, as the command's argument: rules a user
// types) compiles it into an evaluator and runs it over Arrow batches, with
// no code generation step and no Go toolchain.
//
//	go run ./examples/runtime "amount > 100 AND status = 'open'"
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc"
	"github.com/exprc/exprc/templates/vec"
)

// schema is the table the rules filter: a batch of orders.
var schema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64},
	{Name: "amount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "status", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

func main() {
	rule := "amount > 100 AND status = 'open'"
	if len(os.Args) > 1 {
		rule = os.Args[1]
	}
	os.Exit(run(rule, os.Stdout, os.Stderr))
}

// run compiles rule as the WHERE clause of a query over the orders, runs it
// over a batch and prints the orders it keeps.
func run(rule string, stdout, stderr io.Writer) int {
	q, err := exprc.CompileQuery("orders", schema, "SELECT id, amount, status FROM orders WHERE "+rule)
	if err != nil {
		// a rule that does not compile: the message says where and what
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	mem := memory.DefaultAllocator
	in := orders(mem)
	defer in.Release()
	out, err := q.Eval(context.Background(), in, mem)
	var qe *vec.QueryError
	switch {
	case errors.As(err, &qe):
		// a row the rule fails on (a bad cast, a division by zero)
		fmt.Fprintf(stderr, "error: order row %d: %s: %s\n", qe.Row, qe.Err.Class, qe.Err.Message())
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	defer out.Release()
	ids := out.Column(0).(*array.Int64)
	for i := 0; i < ids.Len(); i++ {
		fmt.Fprintf(stdout, "order %d: %s %s\n", ids.Value(i), out.Column(1).ValueStr(i), out.Column(2).ValueStr(i))
	}
	fmt.Fprintf(stdout, "%d of %d orders\n", out.NumRows(), in.NumRows())
	return 0
}

// orders is a batch of a few orders.
func orders(mem memory.Allocator) arrow.RecordBatch {
	b := array.NewRecordBuilder(mem, schema)
	defer b.Release()
	for i, o := range []struct {
		amount float64
		status string
	}{{150, "open"}, {80, "open"}, {420, "closed"}, {101, "open"}, {0, ""}} {
		b.Field(0).(*array.Int64Builder).Append(int64(i + 1))
		if o.status == "" {
			b.Field(1).AppendNull()
			b.Field(2).AppendNull()
			continue
		}
		b.Field(1).(*array.Float64Builder).Append(o.amount)
		b.Field(2).(*array.StringBuilder).Append(o.status)
	}
	return b.NewRecordBatch()
}
