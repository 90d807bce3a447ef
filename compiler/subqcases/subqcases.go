// Package subqcases holds the hand-checked subquery cases: fixed tables
// (tables.sql, with the rows below), one expression per case over the outer
// table t, and its exact outcome on each row of t. The interpreter is tested
// against them here, and the generated code (generated/subqcases, with and
// without CSE) against the same file, so the full NULL matrix of IN, NOT IN,
// EXISTS, ANY and ALL, the count bug, scalar subqueries of 0, 1 and 2 rows,
// correlated inequalities, nesting and merging are data, not Go code.
package subqcases

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

//go:embed tables.sql
var Tables string

//go:embed cases.txt
var casesText []byte

// Rows are the rows of every table, as JSON objects (columns left out are
// NULL; "NaN" and "-0.0" are DOUBLE values). Each inner table is split into
// batches of two rows, so building a settled subquery spans batches.
var Rows = map[string]string{
	"t":        `[{"k":0,"a":1,"b":10,"x":1.0,"s":"x"}, {"k":1,"a":2,"b":20,"s":"y"}, {"k":2,"b":30}, {"k":3,"a":4,"x":"NaN","s":"x"}]`,
	"nums":     `[{"v":1,"w":100,"g":0}, {"v":2,"w":200,"g":1}, {"v":2,"w":250,"g":1}, {"v":3,"g":2}, {"w":400,"g":3}]`,
	"nonull":   `[{"v":1}, {"v":2}, {"v":3}]`,
	"withnull": `[{"v":1}, {}]`,
	"onlynull": `[{}]`,
	"empty":    `[]`,
	"one":      `[{"v":7}]`,
	"two":      `[{"v":7}, {"v":8}]`,
	"zeros":    `[{"v":1,"d":0}, {"v":2,"d":1}]`,
	"big":      `[{"v":9223372036854775807}, {"v":1}]`,
	"dbl":      `[{"v":0.0}, {"v":"-0.0"}, {"v":"NaN"}, {"v":2.5}]`,
	"words":    `[{"s":"x","n":1}, {"s":"x","n":2}, {"s":"z"}]`,
	"maps":     `[{"id":0}, {"id":1,"m":{"a":1}}, {"id":3,"m":{}}]`,
	"dates":    `[{"d":"2024-01-01","p":false}, {"d":"2024-03-01","p":true}, {"d":"2024-02-01"}]`,
	"decs": `[{"g":1,"v":1.00,"w":99999999999999999999999999999999999999}, {"g":2,"v":2.50,"w":99999999999999999999999999999999999999}, ` +
		`{"g":2,"v":2.00,"w":-99999999999999999999999999999999999999}, {"g":4,"v":-0.01,"w":-1}, {"g":4}]`,
}

// Case is one subquery case.
type Case struct {
	Line int
	Expr string
	// Filter is the query's WHERE clause ("" for none): the outcome then
	// lists the rows it keeps.
	Filter string
	Want   string
}

// Name is the query name of case i in Spec.
func (c Case) Name(i int) string { return fmt.Sprintf("Sub%03d", i) }

// Where says where the case is written.
func (c Case) Where() string { return fmt.Sprintf("cases.txt:%d: %s", c.Line, c.Expr) }

// Load parses cases.txt.
func Load() ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(bytes.NewReader(casesText))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		parts := strings.Split(text, ";;")
		c := Case{Line: line, Expr: strings.TrimSpace(parts[0]), Want: strings.TrimSpace(parts[len(parts)-1])}
		switch {
		case len(parts) == 3 && strings.HasPrefix(strings.TrimSpace(parts[1]), "WHERE "):
			c.Filter = strings.TrimPrefix(strings.TrimSpace(parts[1]), "WHERE ")
		case len(parts) != 2:
			return nil, fmt.Errorf("cases.txt:%d: want \"expression [;; WHERE condition] ;; outcomes\"", line)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

// Spec is the spec of every case: the tables, then one query per case.
func Spec(cases []Case) string {
	var b strings.Builder
	b.WriteString(Tables)
	for i, c := range cases {
		where := ""
		if c.Filter != "" {
			where = " WHERE " + c.Filter
		}
		fmt.Fprintf(&b, "\n-- name: %s\nSELECT %s AS r FROM t%s;\n", c.Name(i), c.Expr, where)
	}
	return b.String()
}

// Batches builds the batches of table t from Rows, two rows a batch (one
// empty batch for a table without rows).
func Batches(t *ir.Table, mem memory.Allocator) ([]arrow.RecordBatch, error) {
	var rows []map[string]any
	dec := json.NewDecoder(strings.NewReader(Rows[strings.ToLower(t.Name)]))
	dec.UseNumber()
	if err := dec.Decode(&rows); err != nil {
		return nil, fmt.Errorf("rows of %s: %w", t.Name, err)
	}
	var out []arrow.RecordBatch
	for start := 0; start < len(rows) || start == 0; start += 2 {
		b := array.NewRecordBuilder(mem, ir.ArrowSchema(t.Columns))
		for _, row := range rows[start:min(start+2, len(rows))] {
			for i, col := range t.Columns {
				raw, present := row[col.Name]
				if !present && !col.Nullable {
					raw = json.Number("0")
				}
				v, err := semcases.FromJSON(raw, col.Type)
				if err != nil {
					b.Release()
					return nil, fmt.Errorf("%s.%s: %w", t.Name, col.Name, err)
				}
				if err := interp.AppendValue(b.Field(i), v); err != nil {
					b.Release()
					return nil, err
				}
			}
		}
		out = append(out, b.NewRecordBatch())
		b.Release()
		if len(rows) == 0 {
			break
		}
	}
	return out, nil
}

// AllTables builds the batches of every table, keyed by lower-cased name.
func AllTables(tables []*ir.Table, mem memory.Allocator) (map[string][]arrow.RecordBatch, error) {
	out := map[string][]arrow.RecordBatch{}
	for _, t := range tables {
		bs, err := Batches(t, mem)
		if err != nil {
			return nil, err
		}
		out[strings.ToLower(t.Name)] = bs
	}
	return out, nil
}

// Release releases every batch of tables.
func Release(tables map[string][]arrow.RecordBatch) {
	for _, bs := range tables {
		for _, b := range bs {
			b.Release()
		}
	}
}

// Render is the outcome text of one case: each output row's value joined by
// " | ", or the query's error as "error CLASS row R".
func Render(outs []arrow.RecordBatch, qe *ir.QueryError) (string, error) {
	if qe != nil {
		return fmt.Sprintf("error %s row %d", qe.Err.Class, qe.Row), nil
	}
	var vals []string
	for _, out := range outs {
		text, err := semcases.ColumnText(out.Column(0))
		if err != nil {
			return "", err
		}
		for r := 0; r < int(out.NumRows()); r++ {
			vals = append(vals, text(r))
		}
	}
	return strings.Join(vals, " | "), nil
}
