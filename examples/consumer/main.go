// Command consumer shows how a program uses exprc-generated evaluators: it
// builds an Arrow record batch of the orders table, runs each query of
// queries/spec.sql over it, prints the rows, and reports a query's row error
// (a *vec.QueryError) the way a caller would.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/exprc/exprc/templates/vec"

	"example.com/consumer/queries"
)

type order struct {
	id       int64
	customer string
	amount   float64
	qty      int64 // 0 with noQty: NULL
	noQty    bool
	status   string
	placed   string // yyyy-mm-dd
}

var orders = []order{
	{1, "ada", 250, 5, false, "open", "2024-03-01"},
	{2, "bob", 12.5, 1, false, "shipped", "2023-12-24"},
	{3, "cy", 3.99, 0, true, "open", "2024-05-17"},
	{4, "dee", 80, 4, false, "cancelled", "2024-01-09"},
	{5, "eve", 42, 0, false, "open", "2024-02-29"},
}

// ordersBatch builds one record batch holding rows, of the schema the
// evaluators read (queries.OrdersInputSchema), with the builder exprc
// generates for the orders table.
func ordersBatch(mem memory.Allocator, rows []order) (arrow.RecordBatch, error) {
	b := queries.NewOrdersInputBuilder(mem)
	defer b.Release()
	for _, o := range rows {
		placed, err := time.Parse(time.DateOnly, o.placed)
		if err != nil {
			return nil, err
		}
		b.AppendId(o.id)
		b.AppendCustomer(o.customer)
		b.AppendAmount(o.amount)
		if o.noQty {
			b.AppendQtyNull()
		} else {
			b.AppendQty(o.qty)
		}
		b.AppendStatus(o.status)
		b.AppendPlaced(placed)
	}
	return b.NewRecordBatch()
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	mem := memory.NewGoAllocator()
	in, err := ordersBatch(mem, orders)
	if err != nil {
		return err
	}
	defer in.Release()

	for _, q := range []struct {
		name string
		fn   queries.Evaluator
	}{
		{"Classify", queries.Classify},
		{"Recent", queries.Recent},
		{"UnitPrice", queries.UnitPrice}, // order 5 has qty 0: DIVIDE_BY_ZERO
	} {
		fmt.Printf("== %s\n", q.name)
		out, err := q.fn(ctx, in, mem)
		var qe *vec.QueryError
		switch {
		case errors.As(err, &qe):
			// A row of the batch failed: the whole query fails, and the error
			// says where (rows count from 0 within the batch).
			fmt.Printf("error: row %d (order %d), column %s: %s: %s\n",
				qe.Row, orders[qe.Row].id, qe.Column, qe.Err.Class, qe.Err.Message())
			continue
		case err != nil:
			return err // a schema mismatch or a cancelled context
		}
		printBatch(out)
		out.Release()
	}
	return nil
}

// printBatch writes a batch as a small table.
func printBatch(rec arrow.RecordBatch) {
	var names []string
	for _, f := range rec.Schema().Fields() {
		names = append(names, f.Name)
	}
	fmt.Println(strings.Join(names, "\t"))
	for r := 0; r < int(rec.NumRows()); r++ {
		cells := make([]string, rec.NumCols())
		for c := range cells {
			cells[c] = rec.Column(c).ValueStr(r)
		}
		fmt.Println(strings.Join(cells, "\t"))
	}
}
