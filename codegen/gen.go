// Package codegen is the second step of code generation: the printer. It
// writes the physical plan of each query (package lower, which takes every
// decision) as Go source: one evaluator function per query over Arrow record
// batches, with no interpretation left at run time, which calls one function
// per output column, WHERE clause and hoisted shared subexpression (units.go),
// so that no generated function grows with the query; units whose code is the
// same but for what they read and their constants share one function per file
// (dedupe.go). Vector code is a loop
// per operation printed for it, with a fast path for the common case (all
// rows, no NULLs, no errors); fused expressions are row loops (fuse_loops.go,
// fuse_values.go). What does not depend on the query (the NULL and error
// rules of strict functions, selections, branch merging, AND/OR, and the
// kernel loops of the rows few enough not to need printed ones) lives in
// templates/vec, and every scalar kernel is the one in templates/rt that the
// interpreter also calls. What the printer knows of each type kind is one
// table, package kinds.
package codegen

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// Options control one generation.
type Options struct {
	// Package is the Go package name of the output.
	Package string
	// Command is the command line recorded in the header, so a reader knows how
	// to regenerate the file.
	Command string
}

// fileGen collects file-level declarations shared by the queries of one output
// file.
type fileGen struct {
	kernelPkgs map[string]string // import path -> alias
	names      namer
	decls      []jen.Code
	matchers   map[string]*matcherVar
	inputs     map[string]string // table name -> the exported variable of its input schema
	// globalTypes are the Go types of the package-level variables a unit
	// may read that a helper shared by units takes as a parameter
	// (dedupe.go): the compiled patterns.
	globalTypes map[string]string
	// units are the units of the query printed last.
	units []unitMeta
	// subTypes are the settled subqueries of the query being printed, by ID.
	subTypes map[int]*subTypes
}

// Generate writes the Go source of one file holding an evaluator per query of
// prog, printing its plan as it is (lower.Plan took every decision). The
// output is gofmt-formatted and deterministic: the same plan and options give
// the same bytes.
func Generate(prog *lower.Program, opts Options) ([]byte, error) {
	var queries []*ir.Query
	for _, pq := range prog.Queries {
		queries = append(queries, pq.IR)
	}
	if opts.Package == "" {
		return nil, fmt.Errorf("codegen: no package name")
	}
	if !token.IsIdentifier(opts.Package) {
		return nil, fmt.Errorf("codegen: package name %q is not a Go identifier", opts.Package)
	}
	fg := &fileGen{matchers: map[string]*matcherVar{}, inputs: map[string]string{}, globalTypes: map[string]string{}}
	fg.names.fresh("Evaluator")
	fg.names.fresh("Lookup")
	fg.names.fresh("Prepare")
	// Exported names first, so they stay stable whatever the locals are.
	// Every package-level name a query declares must be unique, across queries
	// too (a query Foo declares FooSchema, which a query FooSchema would reuse).
	// The tables the queries read declare their input schemas and builders.
	owner := map[string]string{"Evaluator": "", "Lookup": "", "Prepare": ""}
	claim := func(who, decl string) error {
		if prev, dup := owner[decl]; dup {
			if prev == "" {
				return fmt.Errorf("codegen: %s: the Go name %s is reserved in generated packages; rename it", who, decl)
			}
			return fmt.Errorf("codegen: %s and %s both need the Go name %s; rename one", prev, who, decl)
		}
		owner[decl] = who
		fg.names.fresh(decl)
		return nil
	}
	tables, err := tablesOf(prog)
	if err != nil {
		return nil, err
	}
	for _, t := range tables {
		n := namesOfTable(t)
		for _, decl := range []string{n.schema, n.builder, n.ctor} {
			if err := claim("table "+t.Name, decl); err != nil {
				return nil, err
			}
		}
	}
	for _, q := range queries {
		name := GoName(q.Name, true)
		for _, decl := range []string{name, name + "Schema", "New" + name} {
			if err := claim("query "+q.Name, decl); err != nil {
				return nil, err
			}
		}
	}
	// Kernels outside templates/rt (instrumented test functions) are imported
	// under an alias no local can take.
	fg.kernelPkgs = map[string]string{}
	for _, q := range queries {
		for _, e := range topExprs(q) {
			walkCalls(e, func(c *ir.Call) {
				if p := c.Sig.KernelPkg; p != "" && fg.kernelPkgs[p] == "" {
					alias := fg.names.fresh(GoName(p[strings.LastIndex(p, "/")+1:], false) + "Kernels")
					fg.kernelPkgs[p] = alias
				}
			})
		}
	}
	r := newRenderer(opts.Package, fg.kernelPkgs)
	decls := r.slot() // the package-level variables the queries declare, first
	for _, pq := range prog.Queries {
		if code := fg.tableInputs(pq); len(code) > 0 {
			r.add(code)
		}
		r.add(fg.query(pq), fg.units...)
	}
	r.add(lookup(queries))
	r.render(decls, fg.decls)
	headers := []string{"Code generated by exprc. DO NOT EDIT."}
	if opts.Command != "" {
		headers = append(headers, comment(opts.Command))
	}
	env := &dedupeEnv{globals: fg.globalTypes}
	name := func(base string, taken func(string) bool) string {
		for {
			if s := fg.names.fresh(base); !taken(s) {
				return s
			}
		}
	}
	return r.bytes(headers, env, name)
}

// global picks a package-level name that no local of the function being
// emitted uses, and reserves it for every function emitted after.
func (fg *fileGen) global(f *funcGen, base string) string {
	for {
		name := fg.names.fresh(base)
		if !f.nm.has(name) {
			f.nm.fresh(name)
			return name
		}
	}
}

func unexport(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = []rune(strings.ToLower(string(r[0])))[0]
	return string(r)
}

// funcGen prints one query's function from its physical plan. It holds what
// printing needs, never a decision: the names given so far (locals, the
// vectors of the nodes printed, the selections made), the declarations of
// the input columns, and the statements.
type funcGen struct {
	file  *fileGen
	q     *ir.Query
	nm    namer
	stmts []jen.Code
	inputVars
	nodeVars
	outputVars
	unitState
	// params are the Go parameters of a subquery's per-row test, by the
	// argument slot they hold.
	params map[int]string
	// general is set while the general path of a fused expression is
	// printed: its kernel calls are shared loops (emitMap).
	general bool
}

// inputVars are the variables of the input columns a function reads,
// declared (in prologue) when first needed.
type inputVars struct {
	colNames      map[int]string  // local names of the input columns
	cols          map[int]string  // input columns read as vectors
	arrs          map[int]string  // VARCHAR input columns read in place
	maps          map[int]mapVars // MAP input columns read in place
	itemsDeclared map[int]bool
	mapOffs       map[int]string    // MAP input column -> its entry offsets (vec.MapOffsets)
	prologue      []jen.Code        // their declarations
	arenaVar      string            // the batch's rt.Arena ("" until a kernel needs it)
	clockVar      string            // the evaluation's rt.Clock ("" until a kernel reads it)
	zoneCursors   map[string]string // the batch's *rt.ZoneCursor by session zone
}

// nodeVars are the variables of the plan's nodes, selections and memos
// printed so far.
type nodeVars struct {
	done  map[*lower.Node]operand
	sels  map[*lower.Sel]string
	memos map[int]memoVars
}

// outputVars are the variables of the output column being printed and of
// the query's selection as 64-row masks.
type outputVars struct {
	// outCol is the Arrow array variable a fused loop of the output column
	// being printed writes directly ("" when none does).
	outCol string
	// outColAlways: the loop that writes outCol always writes it whole
	// (no vector code computes the column instead).
	outColAlways bool
	// selBits is the query's *vec.Kept (its WHERE clause's selection as
	// 64-row masks, for gathering validity) once the WHERE made "sel";
	// its declaration goes at selBitsAt of the query function's statements
	// if some output reads it (selBitsUsed).
	selBits     string
	selBitsAt   int
	selBitsUsed bool
}

// unitState is the splitting of a query function into units (units.go):
// nil scope prints one function.
type unitState struct {
	scope      map[string]*scopeVar
	unit       *unit // the unit being printed
	units      []*unit
	outerStmts []jen.Code // the query function's statements while a unit is printed
}

func (f *funcGen) add(c ...jen.Code) { f.stmts = append(f.stmts, c...) }

func (f *funcGen) fresh(base string) string { return f.nm.fresh(base) }

// memoPointer drops the pointer syntax of a memo's name, (*shared3), from a
// base for a name.
var memoPointer = strings.NewReplacer("(", "", "*", "", ")", "")

// local names a variable declared inside one block of the generated code: it
// only has to differ from the function-level names, which it would otherwise
// hide.
func (f *funcGen) local(base string) string {
	base = memoPointer.Replace(base)
	name := base
	for i := 2; f.nm.has(name) || predeclared[name] || token.IsKeyword(name); i++ {
		name = base + itoa(i)
	}
	return name
}

// commentFor puts the SQL of an expression over the statements computing it.
func (f *funcGen) commentFor(e ir.Expr) {
	f.add(jen.Comment(comment(ir.Format(e))))
}

// column returns the vector variable of an input column, declared at the top of
// the function the first time it is needed.
func (f *funcGen) column(c *ir.ColumnRef) string {
	if v, ok := f.cols[c.Index]; ok {
		f.use(v)
		return v
	}
	col := f.q.Source.Columns[c.Index]
	v := f.colNames[c.Index]
	f.cols[c.Index] = v
	f.prologue = append(f.prologue, jen.Id(v).Op(":=").Add(readColumn(col.Type, jen.Id("in").Dot("Column").Call(jen.Lit(c.Index)))))
	f.declareOuter(v, jen.Qual(vecPkg, "Vec").Types(goType(col.Type)))
	f.use(v)
	return v
}

// strArray returns the *array.String variable of a VARCHAR or BINARY input column,
// declared at the top of the function the first time it is needed.
func (f *funcGen) strArray(c *ir.ColumnRef) string {
	if v, ok := f.arrs[c.Index]; ok {
		f.use(v)
		return v
	}
	v := f.fresh(f.colNames[c.Index] + "Arr")
	f.arrs[c.Index] = v
	col := jen.Id("in").Dot("Column").Call(jen.Lit(c.Index))
	if c.T.Kind == ir.KindBinary {
		// a BINARY column is read through a VARCHAR array over its buffers
		f.prologue = append(f.prologue, jen.Id(v).Op(":=").Qual(vecPkg, "BinaryAsString").Call(col),
			jen.Defer().Id(v).Dot("Release").Call())
	} else {
		f.prologue = append(f.prologue, jen.Id(v).Op(":=").Add(col).Assert(jen.Op("*").Qual(arrayPkg, "String")))
	}
	f.declareOuter(v, jen.Op("*").Qual(arrayPkg, "String"))
	f.use(v)
	return v
}

// tempBase names a temporary after what it holds.
func tempBase(e *ir.Call) string {
	switch e.Fn.Name {
	case "add":
		return "sum"
	case "subtract":
		return "difference"
	case "multiply":
		return "product"
	case "divide", "div":
		return "quotient"
	case "mod":
		return "remainder"
	case "eq", "ne", "lt", "le", "gt", "ge":
		return "cmp"
	case "not":
		return "negated"
	case "negate":
		return "minus"
	case "subscript":
		return "entry"
	case ir.Cast:
		if e.Sig.Ret.IsInterval() {
			return "asInterval"
		}
		k := strings.ToLower(e.Sig.Ret.Kind.String())
		return "as" + strings.ToUpper(k[:1]) + k[1:]
	}
	return camel(e.Fn.Name)
}

// lookup emits the Evaluator type and the Lookup function, which finds a
// query's evaluator by its SQL name (for drivers that pick the query at run
// time, such as exprc run --engine compiled and the differential tests).
func lookup(queries []*ir.Query) []jen.Code {
	var cases, prepCases []jen.Code
	for _, q := range queries {
		name := GoName(q.Name, true)
		if len(q.Subqueries) > 0 {
			// needs its inner tables: only Prepare can give its evaluator
			cases = append(cases, jen.Case(jen.Lit(q.Name)).Block(jen.Return(jen.Nil(), jen.Id(name+"Schema"), jen.False())))
			prepCases = append(prepCases, jen.Case(jen.Lit(q.Name)).Block(
				jen.List(jen.Id("p"), jen.Err()).Op(":=").Id("New"+name).Call(jen.Id("ctx"), jen.Id("tables"), jen.Id("mem")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Nil(), jen.Nil(), jen.Err())),
				jen.Return(jen.Id("p").Dot("Eval"), jen.Id(name+"Schema"), jen.Id("p").Dot("Release"), jen.Nil())))
			continue
		}
		cases = append(cases, jen.Case(jen.Lit(q.Name)).Block(jen.Return(jen.Id(name), jen.Id(name+"Schema"), jen.True())))
	}
	var prepSwitch []jen.Code
	if len(prepCases) > 0 {
		prepSwitch = append(prepSwitch, jen.Switch(jen.Id("name")).Block(prepCases...))
	}
	lookupDoc := []jen.Code{jen.Comment("Lookup returns the evaluator and output schema of the query named name in the spec.")}
	if len(prepCases) > 0 {
		lookupDoc = []jen.Code{
			jen.Comment("Lookup returns the evaluator and output schema of the query named name in the spec. A query"),
			jen.Comment("that reads subqueries has no evaluator before its inner tables are read (ok is false): use Prepare."),
		}
	}
	return []jen.Code{
		jen.Comment("Evaluator is the signature of every query function of this package."),
		jen.Type().Id("Evaluator").Op("=").Func().Params(
			jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Qual(arrowPkg, "RecordBatch"), jen.Id("mem").Qual(memoryPkg, "Allocator"),
		).Params(jen.Qual(arrowPkg, "RecordBatch"), jen.Error()),
		jen.Line(),
		jen.Add(lookupDoc...),
		jen.Func().Id("Lookup").Params(jen.Id("name").String()).Params(jen.Id("Evaluator"), jen.Op("*").Qual(arrowPkg, "Schema"), jen.Bool()).Block(
			jen.Switch(jen.Id("name")).Block(cases...),
			jen.Return(jen.Nil(), jen.Nil(), jen.False()),
		),
		jen.Line(),
		jen.Comment("Prepare returns the evaluator and output schema of the query named name; for a query that"),
		jen.Comment("reads subqueries it first builds them from tables (keyed by lower-cased table name), and"),
		jen.Comment("release frees what they keep. Drivers that may meet subqueries call Prepare, not Lookup."),
		jen.Func().Id("Prepare").Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("name").String(), jen.Id("tables").Qual(vecPkg, "Tables"), jen.Id("mem").Qual(memoryPkg, "Allocator")).
			Params(jen.Id("eval").Id("Evaluator"), jen.Id("schema").Op("*").Qual(arrowPkg, "Schema"), jen.Id("release").Func().Params(), jen.Err().Error()).Block(
			jen.Add(prepSwitch...),
			jen.If(jen.List(jen.Id("e"), jen.Id("s"), jen.Id("ok")).Op(":=").Id("Lookup").Call(jen.Id("name")), jen.Id("ok")).
				Block(jen.Return(jen.Id("e"), jen.Id("s"), jen.Func().Params().Block(), jen.Nil())),
			jen.Return(jen.Nil(), jen.Nil(), jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit("unknown query %q"), jen.Id("name"))),
		),
	}
}

func topExprs(q *ir.Query) []ir.Expr {
	var out []ir.Expr
	if q.Filter != nil {
		out = append(out, q.Filter)
	}
	for _, o := range q.Outputs {
		out = append(out, o.Expr)
	}
	return out
}

func walkCalls(e ir.Expr, fn func(*ir.Call)) {
	if c, ok := e.(*ir.Call); ok {
		fn(c)
	}
	for _, k := range e.Children() {
		walkCalls(k, fn)
	}
}
