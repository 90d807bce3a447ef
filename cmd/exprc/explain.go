package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler/settle"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/internal/cli"
	"github.com/exprc/exprc/ir"
)

const explainUsage = `usage: exprc explain SPEC... [--query NAME] [--format text|json|dot] [--engine compiled|batch]

Shows, for each query (or the one named by --query), the bound and folded plan
and every subexpression written more than once, with the number of uses, the
sharing decision (always, region or lazy) and the reason: which path proved it
always evaluated, or which path is missing. Then the physical plan exprc gen
prints: for the WHERE clause and each output, fused loops, vector code or a
copy, and why; what each fused loop computes itself and whether it writes its
column directly; where each shared value is computed. A query with subqueries
also shows how each one settled (once, set, keyed, sorted or loop, and why),
which occurrences merged into one, and the passes over each inner table. --format json is stable
and documented in docs/explain.md; --format dot draws the expression DAG with
the shared nodes filled and the fused ones bold. --engine batch shows the plan
the batch engine runs (exprc run --engine batch, package exprc): the same
decisions without fused loops, every node vector code.
`

// explainDoc is the top level of exprc explain --format json.
type explainDoc struct {
	Version int            `json:"version"`
	Queries []queryExplain `json:"queries"`
}

// queryExplain is one query: the CSE analysis and the physical plan.
type queryExplain struct {
	cse.Explain
	Physical lower.Explain `json:"physical"`
	// Settled is how the query's subqueries run (empty lists when it has
	// none).
	Settled settle.Explain `json:"settled"`
}

func cmdExplain(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("exprc explain", explainUsage)
	query := fs.StringP("query", "q", "", "explain only this query")
	format := fs.StringP("format", "f", "text", "text, json or dot")
	engine := fs.String("engine", "compiled", "the engine whose plan to show: compiled (exprc gen's) or batch")
	if code := cli.Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	specs := fs.Args()
	if len(specs) == 0 {
		return cli.UsageError(stderr, fs, "no spec files given")
	}
	switch *format {
	case "text", "json", "dot":
	default:
		return cli.UsageError(stderr, fs, "unknown --format %q (want text, json or dot)", *format)
	}
	prog, ok := cli.Compile(specs, stderr)
	if !ok {
		return 1
	}
	queries := prog.Queries
	if *query != "" {
		q := prog.Query(*query)
		if q == nil {
			var names []string
			for _, q := range prog.Queries {
				names = append(names, q.Name)
			}
			fmt.Fprintf(stderr, "error: no query named %q (queries: %s)%s\n", *query, strings.Join(names, ", "), prog.QueryHint(*query))
			return 1
		}
		queries = []*ir.Query{q}
	}
	// the plan exprc gen prints, from the same planning call
	var opts lower.Options
	switch *engine {
	case "compiled":
	case "batch":
		opts.Unfused = true
	default:
		return cli.UsageError(stderr, fs, "unknown --engine %q (want compiled or batch)", *engine)
	}
	plan, err := lower.Plan(queries, opts)
	if err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	var out strings.Builder
	doc := explainDoc{Version: 1, Queries: []queryExplain{}}
	for i, pq := range plan.Queries {
		q, p := pq.IR, pq.Analysis
		switch *format {
		case "text":
			if i > 0 {
				out.WriteString("\n")
			}
			out.WriteString(p.Text())
			out.WriteString(settle.ExplainQuery(q).Text())
			out.WriteString(pq.Text())
		case "dot":
			out.WriteString(p.DotWith(pq.DotNote, pq.FusedExpr))
		case "json":
			x := queryExplain{Explain: p.Explain(), Physical: pq.Explain(), Settled: settle.ExplainQuery(q)}
			for j, s := range p.Shared {
				x.Shared[j].Cheap = lower.CheapShared(s)
			}
			doc.Queries = append(doc.Queries, x)
		}
	}
	if *format == "json" {
		enc := json.NewEncoder(&out)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(doc); err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			return 1
		}
	}
	io.WriteString(stdout, out.String()) //nolint:errcheck // stdout
	return 0
}
