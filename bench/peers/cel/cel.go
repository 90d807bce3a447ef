// Package cel runs the benchmark queries (bench.Queries) with
// github.com/google/cel-go, row at a time, the way a Go user of cel-go would:
// every output column and the WHERE clause is a CEL expression compiled once
// (cel.Env.Compile, checked against the table's declared variables, then
// cel.Env.Program with cel.OptOptimize), and for every row the columns the
// query reads are copied from the Arrow arrays into a reused custom activation
// (interpreter.Activation: no map and no activation allocated per row), each
// program is evaluated with Program.Eval, and its result is appended to an
// Arrow builder. The rows the WHERE program does not return true for are
// skipped. Every query is expressed; none is n/a.
//
// # Variables
//
// Every column of the table is a variable: a nullable BIGINT, INT or DATE is
// declared cel.NullableType(cel.IntType) (wrapper(int): an int or null), a
// DOUBLE wrapper(double), a VARCHAR wrapper(string); the NOT NULL columns
// l_orderkey and a are int. A DATE is its days since 1970-01-01, and a DATE
// constant of the SQL that day number. The MAP<VARCHAR, VARCHAR> info is dyn
// (CEL has no nullable map type): null, or a map built per row over a reused
// Go map (types.NewStringInterfaceMap) whose NULL values are null and whose
// repeated key keeps its last value, as exprc's m[k] does.
//
// # NULLs
//
// A NULL is CEL's null, and every expression is written with its NULLs
// explicit:
//   - a strict expression (arithmetic, comparison, concatenation) is guarded
//     by the nullable columns it reads, `a == null || b == null ? dyn(null) :
//     a * b` (the checker unifies null with no type but dyn, hence dyn(null));
//   - a condition of WHERE, IF or CASE WHEN is true only when it is TRUE:
//     `a != null && b != null && (a < b)`, so NULL takes the ELSE branch and
//     drops the row in WHERE, as in SQL;
//   - COALESCE(l_tax, 0.0) is `l_tax == null ? 0.0 : l_tax`;
//   - a value used several times is bound once with cel.bind (ext.Bindings):
//     info['test'] in SeedCase, upper(l_shipmode) in StringCase, and Wide's
//     w24, `cel.bind(v, IF..., v == null ? dyn(null) : v * 2.0)`. So
//     SeedCase and StringCase get the sharing exprc's CSE gives, while the
//     arithmetic queries (Q1, DeepArith, Wide) repeat their subexpressions as
//     the SQL does.
//
// Arithmetic is written in the same order as exprc's typed plan with the same
// DOUBLE constants (CEL does not mix int and double), so every DOUBLE is
// bit-identical. CEL's int arithmetic is exprc's: `/` truncates toward zero,
// and overflow and a zero divisor are errors.
//
// # Queries
//
//   - Q1Projection, Q1NoWhere, Q6Filter, DeepArith: guarded arithmetic; the
//     WHERE clauses compare l_shipdate with day numbers, and BETWEEN is
//     `l_discount >= 0.05 && l_discount <= 0.07`.
//   - SeedIf: `x != null && y != null && (x > y) ? a + 5 : (a + 5) / 100`.
//   - SeedCase: `cel.bind(t, info == null ? dyn(null) : info['test'], t !=
//     null && t.startsWith('123') ? 'FOO' : ... : t)`: LIKE 'p%' is
//     startsWith; a missing key is an error, as in exprc.
//   - StringCase: LIKE '%AIR' is endsWith, LIKE '%special%' contains, concat
//     `+`, substring(s, 1, n) `s.size() > n ? s.substring(0, n) : s`
//     (ext.Strings' substring counts characters but fails past the end).
//   - NullHeavy: guarded arithmetic, the COALESCE above, signed_qty's IF.
//   - ErrorGuarded: per_y is `y != null && (y != 0) ? a / y : dyn(null)`.
//     CEL cannot catch an error, so TRY is the caller's: per_x (`a / x`) and
//     scaled (`x * y * 1000000000000000`) are guarded for NULLs, and an error
//     of their evaluation (division by zero, integer overflow) is their NULL.
//   - Wide: the 40 columns, each spelling out disc_price and charge as the SQL
//     does (CEL shares no subexpressions), IFs written as above.
//
// # Helper functions
//
// One function is registered: upper(string) string, strings.ToUpper, which
// is exprc's per-character upper-case mapping on valid UTF-8. cel-go's
// extension library has only upperAscii, which leaves non-ASCII letters as
// they are.
package cel

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	celgo "github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/ext"
	"github.com/google/cel-go/interpreter"

	"github.com/exprc/exprc/bench"
)

// Impls returns cel-go's implementation of the benchmark queries.
func Impls() []bench.Impl {
	return []bench.Impl{{Name: "cel-go", Prepare: Prepare}}
}

// Prepare compiles q's programs and returns its evaluator.
func Prepare(q bench.Query) (bench.Evaluator, error) {
	spec, ok := queries[q.SpecName()]
	if !ok {
		return nil, fmt.Errorf("%w: no CEL formulation of %s", bench.ErrNotExpressible, q.SpecName())
	}
	schema := bench.LineitemSchema
	if q.Table != "lineitem" && q.Table != "lineitem_half" {
		schema = bench.EventsSchema
	}
	env, err := newEnv(schema)
	if err != nil {
		return nil, err
	}
	compile := func(src string) (celgo.Program, error) {
		ast, iss := env.Compile(src)
		if iss.Err() != nil {
			return nil, fmt.Errorf("cel-go: %s: %w", q.Name, iss.Err())
		}
		return env.Program(ast, celgo.EvalOptions(celgo.OptOptimize))
	}
	var where celgo.Program
	srcs := []string{spec.where}
	if spec.where != "" {
		if where, err = compile(spec.where); err != nil {
			return nil, err
		}
	}
	progs := make([]celgo.Program, len(spec.cols))
	fields := make([]arrow.Field, len(spec.cols))
	for i, c := range spec.cols {
		if progs[i], err = compile(c.src); err != nil {
			return nil, err
		}
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
		act := &activation{names: inputs, vals: make([]ref.Val, len(inputs))}
		readers := make([]func(int), len(inputs))
		for k, name := range inputs {
			idx := in.Schema().FieldIndices(name)
			if len(idx) != 1 {
				return nil, fmt.Errorf("cel-go: input has no column %s", name)
			}
			r, err := reader(&act.vals[k], name, in.Column(idx[0]))
			if err != nil {
				return nil, err
			}
			readers[k] = r
		}
		b := array.NewRecordBuilder(mem, out)
		defer b.Release()
		appends := make([]func(ref.Val) error, len(progs))
		for c := range progs {
			appends[c] = appender(b.Field(c))
		}
		for i := range int(in.NumRows()) {
			for _, r := range readers {
				r(i)
			}
			if where != nil {
				v, _, err := where.Eval(act)
				if err != nil {
					return nil, fmt.Errorf("cel-go: %s row %d WHERE: %w", q.Name, i, err)
				}
				if v != types.True {
					continue
				}
			}
			for c, p := range progs {
				v, _, err := p.Eval(act)
				if err != nil {
					if !spec.cols[c].try {
						return nil, fmt.Errorf("cel-go: %s row %d column %s: %w", q.Name, i, fields[c].Name, err)
					}
					v = types.NullValue // TRY
				}
				if err := appends[c](v); err != nil {
					return nil, fmt.Errorf("cel-go: %s column %s: %w", q.Name, fields[c].Name, err)
				}
			}
		}
		return b.NewRecordBatch(), nil
	}, nil
}

// newEnv returns the CEL environment of a table: a variable per column, the
// string extensions (substring), cel.bind, and the upper helper.
func newEnv(schema *arrow.Schema) (*celgo.Env, error) {
	opts := []celgo.EnvOption{
		ext.Strings(),
		ext.Bindings(),
		celgo.Function("upper", celgo.Overload("upper_string", []*celgo.Type{celgo.StringType}, celgo.StringType,
			celgo.UnaryBinding(func(v ref.Val) ref.Val {
				return types.String(strings.ToUpper(string(v.(types.String))))
			}))),
	}
	for _, f := range schema.Fields() {
		var t *celgo.Type
		switch f.Type.ID() {
		case arrow.FLOAT64:
			t = celgo.DoubleType
		case arrow.STRING:
			t = celgo.StringType
		case arrow.BOOL:
			t = celgo.BoolType
		case arrow.MAP:
			t = celgo.DynType
		default: // BIGINT, INT, DATE
			t = celgo.IntType
		}
		if f.Nullable && t != celgo.DynType {
			t = celgo.NullableType(t)
		}
		opts = append(opts, celgo.Variable(f.Name, t))
	}
	env, err := celgo.NewEnv(opts...)
	if err != nil {
		return nil, fmt.Errorf("cel-go: %w", err)
	}
	return env, nil
}

// activation resolves the variables a query reads to their values in the
// current row.
type activation struct {
	names []string
	vals  []ref.Val
}

// ResolveName implements interpreter.Activation.
func (a *activation) ResolveName(name string) (any, bool) {
	for i, n := range a.names {
		if n == name {
			return a.vals[i], true
		}
	}
	return nil, false
}

// Parent implements interpreter.Activation.
func (a *activation) Parent() interpreter.Activation { return nil }

// containsIdent reports whether name is an identifier of src.
func containsIdent(src, name string) bool {
	for _, id := range ident.FindAllString(src, -1) {
		if id == name {
			return true
		}
	}
	return false
}

// reader returns the function that stores row i of arr in *dst.
func reader(dst *ref.Val, name string, arr arrow.Array) (func(int), error) {
	switch a := arr.(type) {
	case *array.Float64:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.Double(a.Value(i))
			}
		}, nil
	case *array.Int64:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.Int(a.Value(i))
			}
		}, nil
	case *array.Int32:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.Int(a.Value(i))
			}
		}, nil
	case *array.Date32:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.Int(a.Value(i))
			}
		}, nil
	case *array.String:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.String(a.Value(i))
			}
		}, nil
	case *array.Boolean:
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
			} else {
				*dst = types.Bool(a.Value(i))
			}
		}, nil
	case *array.Map:
		keys, ok1 := a.Keys().(*array.String)
		items, ok2 := a.Items().(*array.String)
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("cel-go: column %s is %s, want map<string, string>", name, a.DataType())
		}
		m := map[string]any{}
		return func(i int) {
			if a.IsNull(i) {
				*dst = types.NullValue
				return
			}
			clear(m)
			start, end := a.ValueOffsets(i)
			for j := int(start); j < int(end); j++ {
				if items.IsNull(j) {
					m[keys.Value(j)] = types.NullValue
				} else {
					m[keys.Value(j)] = types.String(items.Value(j))
				}
			}
			*dst = types.NewStringInterfaceMap(types.DefaultTypeAdapter, m)
		}, nil
	}
	return nil, fmt.Errorf("cel-go: column %s has unsupported type %s", name, arr.DataType())
}

var errType = errors.New("unexpected result type")

// appender returns the function that appends a program's result to b.
func appender(b array.Builder) func(ref.Val) error {
	switch b := b.(type) {
	case *array.Float64Builder:
		return func(v ref.Val) error {
			switch v := v.(type) {
			case types.Null:
				b.AppendNull()
			case types.Double:
				b.Append(float64(v))
			default:
				return fmt.Errorf("%w %s", errType, v.Type())
			}
			return nil
		}
	case *array.Int64Builder:
		return func(v ref.Val) error {
			switch v := v.(type) {
			case types.Null:
				b.AppendNull()
			case types.Int:
				b.Append(int64(v))
			default:
				return fmt.Errorf("%w %s", errType, v.Type())
			}
			return nil
		}
	case *array.StringBuilder:
		return func(v ref.Val) error {
			switch v := v.(type) {
			case types.Null:
				b.AppendNull()
			case types.String:
				b.Append(string(v))
			default:
				return fmt.Errorf("%w %s", errType, v.Type())
			}
			return nil
		}
	case *array.BooleanBuilder:
		return func(v ref.Val) error {
			switch v := v.(type) {
			case types.Null:
				b.AppendNull()
			case types.Bool:
				b.Append(bool(v))
			default:
				return fmt.Errorf("%w %s", errType, v.Type())
			}
			return nil
		}
	}
	panic(fmt.Sprintf("cel: no appender for %s", b.Type()))
}
