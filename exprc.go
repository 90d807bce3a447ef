// Package exprc compiles SQL projections and filters at run time, for a Go
// program whose queries arrive while it runs: rules a user types, a filter
// per tenant, a query service. It is the run-time counterpart of
// `exprc gen`, which compiles a spec ahead of time into Go code: the same
// front end, the same plan, the same runtime kernels and the same semantics
// (Spark SQL's ANSI mode made order-independent: docs/semantics.md), run by
// the batch engine (package codegen/batch) a vector at a time over Arrow
// record batches, with no Go toolchain and no build.
//
//	prog, err := exprc.Compile(`
//		CREATE TABLE orders (id BIGINT NOT NULL, amount DOUBLE, status VARCHAR);
//		-- name: Big
//		SELECT id, amount * 1.2 AS gross FROM orders WHERE status = 'open' AND amount > 100;
//	`)
//	q, err := prog.Query("Big")
//	out, err := q.Eval(ctx, batch, memory.DefaultAllocator)
//
// A query's evaluator has the signature of a generated one, and reports a
// row's error as a generated one does (a *vec.QueryError naming the row,
// counted from 0 within the batch, and the column). A compiled query is safe
// for concurrent use. Compiling a query takes tens of microseconds to a few
// milliseconds (BenchmarkCompile).
package exprc

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/compiler/settle"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/sqltype"
	"github.com/exprc/exprc/templates/vec"
)

// Program is a compiled spec: its tables and queries.
type Program struct {
	queries map[string]*Query // by lower-cased name
	names   []string
}

// Compile compiles a spec, as `exprc gen` and `exprc check` read one: CREATE
// TABLE statements, then SELECT queries each named by a "-- name: N" line.
// The error of a spec that does not compile lists every problem with its
// line and column, as `exprc check` prints them; a query the batch engine
// cannot run yet is an error too, naming what it lacks.
func Compile(spec string) (*Program, error) {
	return compile("spec.sql", spec)
}

func compile(file, spec string) (*Program, error) {
	prog, err := compiler.CompileSources([]string{file}, map[string][]byte{file: []byte(spec)})
	if err != nil {
		return nil, err
	}
	p := &Program{queries: map[string]*Query{}}
	for _, q := range prog.Queries {
		cq, err := compileQuery(q)
		if err != nil {
			return nil, err
		}
		p.queries[strings.ToLower(q.Name)] = cq
		p.names = append(p.names, q.Name)
	}
	return p, nil
}

func compileQuery(q *ir.Query) (*Query, error) {
	pq, err := lower.PlanQuery(q, lower.Options{Unfused: true})
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	bq, err := batch.Compile(pq)
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", q.Name, err)
	}
	return &Query{q: q, plan: pq, bq: bq, input: ir.ArrowSchema(q.Source.Columns), output: ir.ArrowSchema(q.OutputSchema())}, nil
}

// Query returns the query named name (names are case-insensitive).
func (p *Program) Query(name string) (*Query, error) {
	if q, ok := p.queries[strings.ToLower(name)]; ok {
		return q, nil
	}
	avail := "the spec defines no queries"
	if len(p.names) > 0 {
		avail = "queries: " + strings.Join(p.names, ", ")
	}
	return nil, fmt.Errorf("no query named %q (%s)", name, avail)
}

// QueryNames lists the spec's queries in the order it defines them.
func (p *Program) QueryNames() []string { return slices.Clone(p.names) }

// CompileQuery compiles one SELECT statement over the table whose columns are
// the fields of schema (a field's Arrow type gives its SQL type, as `exprc
// schema` reads a Parquet or Arrow file's; a field that is not nullable is
// NOT NULL). The statement reads the table by the name table.
func CompileQuery(table string, schema *arrow.Schema, sql string) (*Query, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "CREATE TABLE %s (", parser.QuoteName(table))
	for i, f := range schema.Fields() {
		t, err := sqltype.OfField(f)
		if err != nil {
			return nil, fmt.Errorf("column %q: %w", f.Name, err)
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s", parser.QuoteName(f.Name), t)
		if !f.Nullable {
			b.WriteString(" NOT NULL")
		}
	}
	fmt.Fprintf(&b, ");\n-- name: Query\n%s", strings.TrimRight(strings.TrimSpace(sql), ";"))
	b.WriteString(";\n")
	p, err := compile("query.sql", b.String())
	if err != nil {
		return nil, err
	}
	if len(p.names) != 1 {
		return nil, fmt.Errorf("want one SELECT statement, got %d", len(p.names))
	}
	return p.Query(p.names[0])
}

// Query is a compiled query.
type Query struct {
	q             *ir.Query
	plan          *lower.Query
	bq            *batch.Query
	input, output *arrow.Schema
}

// Name is the query's name.
func (q *Query) Name() string { return q.q.Name }

// InputSchema is the schema of the batches Eval reads: the columns of the
// query's table.
func (q *Query) InputSchema() *arrow.Schema { return q.input }

// OutputSchema is the schema of the batches Eval returns.
func (q *Query) OutputSchema() *arrow.Schema { return q.output }

// Eval evaluates the query over one batch: the rows that pass its WHERE
// clause, or the error of the first failing row (a *vec.QueryError, its
// row counted from 0 within the batch). The caller releases the result. A
// query with subqueries is evaluated through Prepare.
func (q *Query) Eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return q.bq.Eval(ctx, in, mem)
}

// HasSubqueries reports whether the query reads subqueries, which Prepare
// builds before any batch is evaluated.
func (q *Query) HasSubqueries() bool { return len(q.q.Subqueries) > 0 }

// Prepare reads the tables the query's subqueries read (tables: every batch
// of each, by table name, case-insensitive; the query's own table may be one
// of them) and builds each subquery once, as a generated query's NewName
// does. A query with no subqueries prepares to itself.
func (q *Query) Prepare(ctx context.Context, tables map[string][]arrow.RecordBatch, mem memory.Allocator) (*Prepared, error) {
	byName := vec.Tables{}
	for name, batches := range tables {
		byName[strings.ToLower(name)] = append(byName[strings.ToLower(name)], batches...)
	}
	p, err := q.bq.Prepare(ctx, byName, mem)
	if err != nil {
		return nil, err
	}
	return &Prepared{p: p}, nil
}

// Prepared is a query with its subqueries built, safe for concurrent use.
type Prepared struct{ p *batch.Prepared }

// Eval evaluates the query over one batch, as Query.Eval does.
func (p *Prepared) Eval(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return p.p.Eval(ctx, in, mem)
}

// Release drops what the prepared query keeps of the inner tables.
func (p *Prepared) Release() { p.p.Release() }

// Explain is what `exprc explain` prints of the query: the common
// subexpressions it shares and where, its settled subqueries, and the
// physical plan the batch engine runs.
func (q *Query) Explain() string {
	var b strings.Builder
	if q.plan.Analysis != nil {
		b.WriteString(q.plan.Analysis.Text())
	}
	b.WriteString(settle.ExplainQuery(q.q).Text())
	b.WriteString(q.plan.Text())
	return b.String()
}
