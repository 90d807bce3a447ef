// Package exprlang runs the benchmark queries (bench.Queries) with
// github.com/expr-lang/expr, row at a time, the way a Go user of expr would:
// every output column and the WHERE clause is an expr program compiled once
// (expr.Compile with expr.Env), and for every row the columns the query reads
// are copied from the Arrow arrays into the environment, each program is run
// by one reused vm.VM, and its result is appended to an Arrow builder. The
// rows the WHERE program does not return true for are skipped. Every query is
// expressed; none is n/a.
//
// # Environment
//
// The environment is a map[string]any, one entry per column read, reused from
// row to row, typed for the checker by a sample map (expr.Env). A NULL is nil.
// A BIGINT, INT or DATE is a Go int (a DATE as days since 1970-01-01, and a
// DATE constant of the SQL as that day number), a DOUBLE a float64, a VARCHAR a
// string, the MAP<VARCHAR, VARCHAR> info a map[string]*string (reused; a NULL
// value is a nil *string, and a repeated key keeps its last value, as exprc's
// m[k] does). A map environment is the fastest here: a struct environment
// needs pointer or interface fields to hold nil, and expr reads struct fields
// through reflection (and dereferences pointers into new interfaces): on
// DeepArith's expression with its NULL guards, a struct of *float64 fields ran
// 1.5-2x and a struct of any fields 1.3-1.6x slower than the map (a struct of
// plain float64 fields, which cannot hold NULL, about as fast as the map).
//
// # NULLs
//
// expr has no NULL propagation (nil * 2 is an error), so every expression is
// written with its NULLs explicit, as a user of expr writes them:
//   - a strict expression (arithmetic, comparison, concatenation) is guarded
//     by the nullable columns it reads: `a == nil || b == nil ? nil : a * b`;
//   - a condition of WHERE, IF or CASE WHEN is true only when it is TRUE:
//     `a != nil && b != nil && (a < b)`, so NULL takes the ELSE branch and
//     drops the row in WHERE, as in SQL;
//   - COALESCE(l_tax, 0.0) is `l_tax ?? 0.0`;
//   - IF(...) * 2.0 (Wide's w24) binds the IF's value, `let v = ...; v == nil
//     ? nil : v * 2.0`.
//
// SeedCase and StringCase bind the value their CASE reads several times once
// (`let`), as a user null-checking it writes it: there expr gets the sharing
// exprc's CSE gives. The arithmetic queries (Q1, DeepArith, Wide) repeat their
// subexpressions as the SQL does.
//
// Arithmetic is written in the same order as exprc's typed plan, with the
// same constants (1.0, 25.0, ...), so every DOUBLE is bit-identical. expr's
// `/` is always a float division, which is what DOUBLE `/` is; expr's int
// `+` and `*` wrap on overflow where exprc raises ARITHMETIC_OVERFLOW, which
// never happens on the benchmark data outside TRY.
//
// # Queries
//
//   - Q1Projection, Q1NoWhere, Q6Filter, DeepArith: guarded arithmetic; the
//     WHERE clauses compare l_shipdate with day numbers, and BETWEEN is
//     `l_discount >= 0.05 && l_discount <= 0.07`.
//   - SeedIf: `x != nil && y != nil && (x > y) ? a + 5 : div(a + 5, 100)`.
//   - SeedCase: `let t = info == nil ? nil : info["test"]; t != nil && t
//     startsWith "123" ? "FOO" : ... : t`: LIKE 'p%' is expr's startsWith. A
//     missing key gives nil where exprc raises MAP_KEY_DOES_NOT_EXIST (the
//     benchmark data always has the key).
//   - StringCase: `let u = l_shipmode == nil ? nil : upper(l_shipmode); ...`:
//     LIKE '%AIR' is endsWith, LIKE '%special%' is contains, concat is `+`,
//     upper is expr's builtin (strings.ToUpper: exprc's per-character mapping
//     on valid UTF-8).
//   - NullHeavy: guarded arithmetic, `l_tax ?? 0.0`, and signed_qty's IF.
//   - ErrorGuarded: per_y is `y != nil && (y != 0) ? div(a, y) : nil`; the
//     TRYs are the NULL-returning helpers try_div and try_multiply.
//   - Wide: the 40 columns, each spelling out disc_price and charge as the SQL
//     does (expr shares no subexpressions), IFs written as above.
//
// # Helper functions
//
// expr has no integer division, no character-based substring, no checked
// arithmetic and no way to catch an error, so four helpers are registered with
// expr.Function (typed, so the checker checks their calls), each one SQL
// operation:
//   - div(a, b): SQL's DIV, integer division truncating toward zero (Go's
//     `/`); an error on a zero divisor or MinInt64 DIV -1, as exprc;
//   - try_div(a, b): TRY(a DIV b), nil when an argument is nil, b is 0 or
//     the quotient overflows;
//   - try_multiply(a, b): TRY(a * b) on BIGINTs (Spark's try_multiply), nil
//     when an argument is nil or the product overflows;
//   - substring(s, pos, len): Spark's substring, counting characters (expr's
//     s[i:j] slices bytes).
package exprlang

import (
	"context"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/exprc/exprc/bench"
)

// Impls returns expr's implementation of the benchmark queries.
func Impls() []bench.Impl {
	return []bench.Impl{{Name: "expr", Prepare: Prepare}}
}

// Prepare compiles q's programs and returns its evaluator.
func Prepare(q bench.Query) (bench.Evaluator, error) {
	spec, ok := queries[q.SpecName()]
	if !ok {
		return nil, fmt.Errorf("%w: no expr formulation of %s", bench.ErrNotExpressible, q.SpecName())
	}
	schema := bench.LineitemSchema
	if q.Table != "lineitem" && q.Table != "lineitem_half" {
		schema = bench.EventsSchema
	}
	sample := map[string]any{}
	for _, f := range schema.Fields() {
		sample[f.Name] = sampleValue(f.Type)
	}
	opts := []expr.Option{expr.Env(sample)}
	opts = append(opts, helpers...)
	compile := func(src string) (*vm.Program, error) {
		p, err := expr.Compile(src, opts...)
		if err != nil {
			return nil, fmt.Errorf("expr: %s: %w", q.Name, err)
		}
		return p, nil
	}
	var where *vm.Program
	srcs := []string{spec.where}
	if spec.where != "" {
		p, err := compile(spec.where)
		if err != nil {
			return nil, err
		}
		where = p
	}
	progs := make([]*vm.Program, len(spec.cols))
	fields := make([]arrow.Field, len(spec.cols))
	for i, c := range spec.cols {
		p, err := compile(c.src)
		if err != nil {
			return nil, err
		}
		progs[i] = p
		fields[i] = arrow.Field{Name: c.name, Type: c.typ, Nullable: true}
		srcs = append(srcs, c.src)
	}
	// The columns read: those of the table named in some source.
	var inputs []string
	for _, f := range schema.Fields() {
		for _, s := range srcs {
			if containsIdent(s, f.Name) {
				inputs = append(inputs, f.Name)
				break
			}
		}
	}
	out := arrow.NewSchema(fields, nil)

	return func(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		env := make(map[string]any, len(inputs))
		readers := make([]func(int), len(inputs))
		for k, name := range inputs {
			idx := in.Schema().FieldIndices(name)
			if len(idx) != 1 {
				return nil, fmt.Errorf("expr: input has no column %s", name)
			}
			r, err := reader(env, name, in.Column(idx[0]))
			if err != nil {
				return nil, err
			}
			readers[k] = r
		}
		b := array.NewRecordBuilder(mem, out)
		defer b.Release()
		appends := make([]func(any) error, len(progs))
		for c := range progs {
			appends[c] = appender(b.Field(c))
		}
		var machine vm.VM
		for i := range int(in.NumRows()) {
			for _, r := range readers {
				r(i)
			}
			if where != nil {
				v, err := machine.Run(where, env)
				if err != nil {
					return nil, fmt.Errorf("expr: %s row %d WHERE: %w", q.Name, i, err)
				}
				if v != true {
					continue
				}
			}
			for c, p := range progs {
				v, err := machine.Run(p, env)
				if err != nil {
					return nil, fmt.Errorf("expr: %s row %d column %s: %w", q.Name, i, fields[c].Name, err)
				}
				if err := appends[c](v); err != nil {
					return nil, fmt.Errorf("expr: %s column %s: %w", q.Name, fields[c].Name, err)
				}
			}
		}
		return b.NewRecordBatch(), nil
	}, nil
}

// containsIdent reports whether name is an identifier of src.
func containsIdent(src, name string) bool {
	for _, id := range ident.FindAllString(src, -1) {
		if id == name {
			return true
		}
	}
	return false
}

// sampleValue is a value of the Go type a column of type t has in the
// environment: what the checker types the column's name as.
func sampleValue(t arrow.DataType) any {
	switch t.ID() {
	case arrow.FLOAT64:
		return 0.0
	case arrow.STRING:
		return ""
	case arrow.BOOL:
		return false
	case arrow.MAP:
		return map[string]*string{}
	}
	return 0 // BIGINT, INT, DATE
}

// reader returns the function that stores row i of arr in env[name].
func reader(env map[string]any, name string, arr arrow.Array) (func(int), error) {
	switch a := arr.(type) {
	case *array.Float64:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = a.Value(i)
			}
		}, nil
	case *array.Int64:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = int(a.Value(i))
			}
		}, nil
	case *array.Int32:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = int(a.Value(i))
			}
		}, nil
	case *array.Date32:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = int(a.Value(i))
			}
		}, nil
	case *array.String:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = a.Value(i)
			}
		}, nil
	case *array.Boolean:
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
			} else {
				env[name] = a.Value(i)
			}
		}, nil
	case *array.Map:
		keys, ok1 := a.Keys().(*array.String)
		items, ok2 := a.Items().(*array.String)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("expr: column %s is %s, want map<string, string>", name, a.DataType())
		}
		m := map[string]*string{}
		var vals []string
		return func(i int) {
			if a.IsNull(i) {
				env[name] = nil
				return
			}
			clear(m)
			start, end := a.ValueOffsets(i)
			if n := int(end - start); cap(vals) < n {
				vals = make([]string, n)
			}
			vals = vals[:end-start]
			for j := start; j < end; j++ {
				k := keys.Value(int(j))
				if items.IsNull(int(j)) {
					m[k] = nil
				} else {
					vals[j-start] = items.Value(int(j))
					m[k] = &vals[j-start]
				}
			}
			env[name] = m
		}, nil
	}
	return nil, fmt.Errorf("expr: column %s has unsupported type %s", name, arr.DataType())
}

var errType = errors.New("unexpected result type")

// appender returns the function that appends a program's result to b.
func appender(b array.Builder) func(any) error {
	switch b := b.(type) {
	case *array.Float64Builder:
		return func(v any) error {
			switch v := v.(type) {
			case nil:
				b.AppendNull()
			case float64:
				b.Append(v)
			default:
				return fmt.Errorf("%w %T", errType, v)
			}
			return nil
		}
	case *array.Int64Builder:
		return func(v any) error {
			switch v := v.(type) {
			case nil:
				b.AppendNull()
			case int:
				b.Append(int64(v))
			case int64:
				b.Append(v)
			default:
				return fmt.Errorf("%w %T", errType, v)
			}
			return nil
		}
	case *array.StringBuilder:
		return func(v any) error {
			switch v := v.(type) {
			case nil:
				b.AppendNull()
			case string:
				b.Append(v)
			case *string:
				if v == nil {
					b.AppendNull()
				} else {
					b.Append(*v)
				}
			default:
				return fmt.Errorf("%w %T", errType, v)
			}
			return nil
		}
	case *array.BooleanBuilder:
		return func(v any) error {
			switch v := v.(type) {
			case nil:
				b.AppendNull()
			case bool:
				b.Append(v)
			default:
				return fmt.Errorf("%w %T", errType, v)
			}
			return nil
		}
	}
	panic(fmt.Sprintf("exprlang: no appender for %s", b.Type()))
}

// helpers are the functions registered in every program's environment.
var helpers = []expr.Option{
	expr.Function("div", func(p ...any) (any, error) {
		a, b := p[0].(int), p[1].(int)
		switch {
		case b == 0:
			return nil, errors.New("DIVIDE_BY_ZERO: division by zero")
		case a == math.MinInt64 && b == -1:
			return nil, errors.New("ARITHMETIC_OVERFLOW: integer overflow in DIV")
		}
		return a / b, nil
	}, new(func(int, int) int)),
	expr.Function("try_div", func(p ...any) (any, error) {
		a, ok1 := p[0].(int)
		b, ok2 := p[1].(int)
		if !ok1 || !ok2 || b == 0 || (a == math.MinInt64 && b == -1) {
			return nil, nil
		}
		return a / b, nil
	}, new(func(any, any) any)),
	expr.Function("try_multiply", func(p ...any) (any, error) {
		a, ok1 := p[0].(int)
		b, ok2 := p[1].(int)
		if !ok1 || !ok2 {
			return nil, nil
		}
		c := a * b
		if a != 0 && (c/a != b || (a == -1 && b == math.MinInt64)) {
			return nil, nil
		}
		return c, nil
	}, new(func(any, any) any)),
	expr.Function("substring", func(p ...any) (any, error) {
		return substring(p[0].(string), p[1].(int), p[2].(int)), nil
	}, new(func(string, int, int) string)),
}

// substring is Spark's substring(s, pos, length): pos counts characters from
// 1, 0 acts as 1, a negative pos counts from the end, and the window [start,
// start+length) is clipped to s.
func substring(s string, pos, length int) string {
	start := 0
	switch {
	case pos > 0:
		start = pos - 1
	case pos < 0:
		start = utf8.RuneCountInString(s) + pos
	}
	end := start + length
	if length > 0 && start > math.MaxInt-length {
		end = math.MaxInt
	}
	start = max(start, 0)
	if end <= start {
		return ""
	}
	b := charOffset(s, start)
	return s[b : b+charOffset(s[b:], end-start)]
}

// charOffset is the byte offset of character n of s, or len(s).
func charOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return i
}
