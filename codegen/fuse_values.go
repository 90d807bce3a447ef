package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// The Go code of a fused expression for one row: statements for
// conditionals, expressions for values, and the inputs they register.

// fusion collects what the fused loops of one expression need: the run-time
// conditions under which they apply and the value slices they read.
type fusion struct {
	f *funcGen
	inputTests
	loopLocals
	nullMarks
	// sink names the VARCHAR output column's writer while a body storing
	// into it is printed (stored); "" otherwise.
	sink string
	// known are the inputs the branch being printed knows are not NULL:
	// its condition is TRUE only where they are not (whenTrue).
	known map[string]bool
	// decides are the absorbed map lookups whose NULL makes the row NULL
	// (Absorbed.DecidesNull): the rows loop marks such a row NULL rather
	// than leave it to the vector code. deciding is set while one is
	// printed.
	decides  map[int]bool
	deciding bool
	// rows is set while the rows loop's body is generated: its map item
	// reads also test for NULL items. modal records that a body read one,
	// so the two loops' bodies differ.
	rows, modal bool
	// bad names the loop's flag set by a kernel error or a map lookup that
	// finds no entry ("" while none can).
	bad string
	// all: the loops run over every row in order, so a validity bitmap is
	// read a 64-row word at a time (inputTests.words).
	all bool
	// try: the loop is a fused TRY's, whose kernels flag a failure
	// without a branch (rt.TryKernels)
	try bool
	// nulls is set while the body for a dirty batch is printed.
	nulls bool
	// noteVectors: the loop notes the error of a shared vector where it
	// reads it (Fused.NoteVectors).
	noteVectors bool
}

// inputTests are what a fused loop tests of its inputs, collected while its
// bodies are printed: the batch-wide conditions and the per-row tests that
// choose the loop and the rows it leaves.
type inputTests struct {
	// conds must hold for either loop to run (constant patterns compiled);
	// clean selects the clean loop (no input has a NULL or an error), and
	// rowNulls are the per-row tests that leave a row to the vector code in
	// the rows loop (rowNullArrs their arrays, "" for a vector's test).
	conds, clean, rowNulls []jen.Code
	rowNullArrs            []string
	// nullTests and errTests split rowNulls into the tests of a row's
	// NULL inputs and of its failed ones, for a strict expression, which
	// is NULL where an input is (strictRow).
	nullTests, errTests []jen.Code
	// flagArgs are the inputs' NULL flags as vec.Flags (vec.FlagsOf,
	// vec.ArrowFlags), for a loop that computes every row and ANDs them.
	flagArgs []jen.Code
	// nullCounts are the NULL counts of the input arrays: the rows loop runs
	// only when they add up to at most half the batch, as it leaves a row
	// with a NULL to the vector code, which is faster on its own when most
	// rows would be left to it. countsIn: a NULL count reads an input
	// column of the batch (in), so the function that tests them takes it.
	nullCounts []jen.Code
	countsIn   bool
	slices     []jen.Code
	tested     map[string]bool // arrays whose NULLs, and patterns whose errors, are tested
	// flagsOf are the vec.Flags of the inputs nullTest names whose NULLs
	// are known before the loop, and valids the bitmaps made of them
	// (validity), by the names they AND.
	flagsOf map[string]jen.Code
	valids  map[string]string
	// words: validity bitmap -> its word variable, loaded by forRows where
	// a row starts a 64-row word.
	words map[string]string
	// arrDecides records, per MAP array the rows loop tests, whether every
	// read of it was a lookup whose NULL makes the row NULL (so that its
	// NULL rows are NULL).
	arrDecides map[string]bool
}

// loopLocals are the Go locals of a fused loop's body and what they hold.
type loopLocals struct {
	seen      map[string]jen.Code   // vector or array variable -> per-row value
	names     map[string]bool       // locals of the loop's block
	subjects  map[*lower.Row]string // CASE operand -> its per-row local
	nullFlags map[string]bool       // the NULL flags of conditionals' locals
	views     map[string]string     // VARCHAR array -> its vec.StrView local
	// temps are the locals of the conditionals in value positions (Temp
	// rows); printed those whose statements the loop body being printed
	// has, pre the statements to put before the statement being built.
	temps   map[*lower.Row]*tempVar
	printed map[*lower.Row]bool
	pre     []jen.Code
	// preDepth counts the withTemps calls being built: where it is 0 no
	// statement can go before the one being built (fastCall).
	preDepth int
	// storing is the row a statement being built stores as its whole
	// value and runs unconditionally (storedAlone), nil otherwise.
	storing *lower.Row
	locals  map[int]string // absorbed shared subexpression -> its per-row local
	used    map[int]bool   // the absorbed subexpressions the body being printed reads
}

// nullMarks are how the loop body being printed marks a row NULL.
type nullMarks struct {
	// nullIf, where set, marks row i NULL by a test without a branch
	// (markNull, or res.NullIf for a vector): a leaf of a conditional that may be computed on a
	// NULL row stores its value and that mark (assignNull). nullIfUsed
	// records that a leaf did, so the loop prepares the bitmap.
	nullIf     func(null jen.Code) jen.Code
	nullIfUsed bool
	// markNull marks row i NULL where a Go bool is, without a branch, in
	// a loop writing a fixed-width column that keeps NULL marks in a
	// register word (fusedLoops.marks); nil otherwise.
	markNull func(null jen.Code) jen.Code
	// outNull marks row i NULL in the loop's output: a NULL result.
	outNull jen.Code
}

// newFusion starts the printing state of one fused expression's loops.
func newFusion(f *funcGen, all bool) *fusion {
	return &fusion{
		f: f,
		inputTests: inputTests{tested: map[string]bool{}, flagsOf: map[string]jen.Code{}, valids: map[string]string{},
			words: map[string]string{}, arrDecides: map[string]bool{}},
		loopLocals: loopLocals{seen: map[string]jen.Code{}, names: map[string]bool{}, subjects: map[*lower.Row]string{},
			nullFlags: map[string]bool{}, views: map[string]string{}, temps: map[*lower.Row]*tempVar{},
			printed: map[*lower.Row]bool{}, locals: map[int]string{}},
		decides: map[int]bool{},
		all:     all,
	}
}

// assign returns the statements storing row r's value with store, after
// those computing the conditionals in value positions it reads.
func (fu *fusion) assign(r *lower.Row, store func(jen.Code) jen.Code) []jen.Code {
	return fu.withTemps(func() []jen.Code { return fu.assignRow(r, store) })
}

func (fu *fusion) assignRow(r *lower.Row, store func(jen.Code) jen.Code) []jen.Code {
	switch r.Op {
	case lower.RowIf:
		if stmts := fu.guardedNull(r, store, true); stmts != nil {
			return stmts
		}
		if r.Chosen {
			// vec.ChooseInt64(cond, then, else): no branch
			return []jen.Code{store(fu.choose(r, fu.value(r.Args[0]), fu.value(r.Args[1]), fu.value(r.Args[2])))}
		}
		// if cond { ... } else { ... }
		return []jen.Code{jen.If(fu.value(r.Args[0])).Block(fu.assign(r.Args[1], store)...).Else().Block(fu.assign(r.Args[2], store)...)}
	case lower.RowCase:
		if stmts := fu.guardedNull(r, store, true); stmts != nil {
			return stmts
		}
		if r.ChosenCase {
			return fu.pick(r, store, fu.value)
		}
		// subject := ...; switch { case cond: ...; default: ... }
		var stmts, cases []jen.Code
		var subject jen.Code
		if r.Subject != nil {
			name, ok := fu.subjects[r]
			if !ok {
				name = fu.local("subject")
				fu.subjects[r] = name
			}
			stmts = append(stmts, jen.Id(name).Op(":=").Add(fu.value(r.Subject)))
			subject = jen.Id(name)
		}
		for k := 0; k < len(r.Args); k += 2 {
			c := fu.value(r.Args[k])
			if subject != nil {
				c = fu.f.kernelCall(r.Sig, subject, c)
			}
			cases = append(cases, jen.Case(c).Block(fu.assign(r.Args[k+1], store)...))
		}
		cases = append(cases, jen.Default().Block(fu.assign(r.Else, store)...))
		return append(stmts, jen.Switch().Block(cases...))
	case lower.RowCoalesce:
		// A row the loop computes this way has no NULL input: its first
		// argument, a value, is not NULL.
		return fu.assign(r.Args[0], store)
	case lower.RowNull:
		return []jen.Code{fu.outNull} // writer.SetNull(i)
	}
	return []jen.Code{fu.storedAlone(r, store)}
}

// stored is the statement storing value r with store: a concatenation
// stored into the VARCHAR column's writer (sink) is appended to it
// directly, its parts copied once, not built in the arena and then copied.
//
//	labelOut.AppendConcat(a, "/", b)
func (fu *fusion) stored(r *lower.Row, store func(jen.Code) jen.Code) jen.Code {
	if fu.sink != "" && r.Op == lower.RowKernel && !r.Flags && r.Sig.KernelPkg == "" && (r.Sig.Kernel == "Concat" || r.Sig.Kernel == "Concat2") {
		// labelOut.AppendConcatShort(prefix, concatParts[1], upper): with
		// every part readable past its start, a short one is one word
		parts, short := fu.shortValues("concatParts", r.Args)
		if short {
			return jen.Id(fu.sink).Dot("AppendConcatShort").Call(parts...)
		}
		return jen.Id(fu.sink).Dot("AppendConcat").Call(parts...)
	}
	if app, ok := appendForm(r); ok && fu.sink != "" && fu.twinCallable(r) {
		// labelOut.Commit(bad.Bytes(rt.AppendDateFormatTimestampIn(labelOut.Data(), tsV[i], "yyyy-MM-dd", zc))):
		// the kernel's append form writes the text into the column in place
		name := app.Name
		args := []jen.Code{jen.Id(fu.sink).Dot("Data").Call()}
		for k, a := range r.Args {
			if pattern, ok := constText(a); ok && k == app.PatternArg && app.With != "" {
				// rt.AppendDateFormatTimestampWith(sOut.Data(), tsV[i], datePattern, zc):
				// the constant pattern compiled once, a package-level variable
				name = app.With
				args = append(args, jen.Id(fu.f.datetimePattern(pattern)))
				continue
			}
			args = append(args, fu.value(a))
		}
		call := fu.f.twinCall(r.Sig, name, args...)
		if r.Sig.KernelErr {
			call = jen.Id(fu.flag()).Dot("Bytes").Call(call)
		}
		return jen.Id(fu.sink).Dot("Commit").Call(call)
	}
	if fu.sink != "" && r.Expr.Type().IsByteString() && r.Op != lower.RowConst && fu.padded(r) {
		// labelOut.AppendShort(upper): a short value is one word
		return jen.Id(fu.sink).Dot("AppendShort").Call(fu.value(r))
	}
	return store(fu.value(r))
}

// storedAlone is stored for a statement that the loop runs unconditionally
// once its block runs (no test of a NULL around it): r's kernel error, if
// any, is then the first the statement notes, so a kernel called through its
// fast path may note it where it runs (fastCall).
func (fu *fusion) storedAlone(r *lower.Row, store func(jen.Code) jen.Code) jen.Code {
	saved := fu.storing
	fu.storing = r
	defer func() { fu.storing = saved }()
	return fu.stored(r, store)
}

// tempVar names the locals of a conditional in a value position: its
// value, its NULL flag (dirty batches) and its first error (when it can
// fail), kept apart until the value is read.
type tempVar struct{ v, null, bad string }

// temp returns conditional r's locals, putting the statements that compute
// it for row i in fu.pre the first time the loop body reads it. Its errors
// go to its own vec.FirstErr, noted in the loop's where the value is read
// (value), so that the order of the row's errors is the order in which its
// code reads values, and a NULL operand next to it still wins.
func (fu *fusion) temp(r *lower.Row) *tempVar {
	t, ok := fu.temps[r]
	if !ok {
		base := exprBase(r.Expr) + "Value"
		t = &tempVar{v: fu.local(base), null: fu.local(base + "Null")}
		if fu.canFlag(r) {
			t.bad = fu.local(base + "Bad")
		}
		fu.temps[r] = t
	}
	if fu.printed[r] {
		return t
	}
	fu.printed[r] = true
	fu.pre = append(fu.pre, fu.compute(r, t)...)
	return t
}

// compute returns the statements computing row program r for row i into
// the locals t names (declaring them): its value, its NULL flag (on a dirty
// batch) and its first error (when it can fail). The first error is the
// outcome: a NULL after it (a branch taken past a failed condition) is not.
func (fu *fusion) compute(r *lower.Row, t *tempVar) []jen.Code {
	stmts := []jen.Code{jen.Var().Id(t.v).Add(goType(r.Expr.Type()))}
	inputsDecide := r.InputsDecide // (nullTest tests those inputs instead of a flag)
	if fu.nulls && !inputsDecide {
		stmts = append(stmts, jen.Var().Id(t.null).Bool())
	}
	if t.bad != "" {
		stmts = append(stmts, jen.Var().Id(t.bad).Qual(vecPkg, "FirstErr"))
	}
	// a NULL ends a path of the program, so an error before it on that
	// path is the outcome: t.null = t.bad.Err == nil
	setNull := jen.Id(t.null).Op("=").True()
	if t.bad != "" {
		setNull = jen.Id(t.null).Op("=").Id(t.bad).Dot("Err").Op("==").Nil()
	}
	if inputsDecide {
		setNull = nil // run: no NULL to mark
	}
	if sel := fu.coalesceSelect(r, t); sel != nil {
		return append(stmts, sel...)
	}
	if sel := fu.ifSelect(r, t, !inputsDecide); sel != nil {
		return append(stmts, sel...)
	}
	return append(stmts, fu.run(r, t.bad, func(v jen.Code) jen.Code { return jen.Id(t.v).Op("=").Add(v) }, setNull)...)
}

// coalesceSelect returns the statements of a COALESCE computed into a local
// on a dirty batch as a select per argument rather than a branch per
// argument (which a NULL every other row makes a guess): every argument is
// computed, from the last one never NULL back to the first, and taken where
// it is not NULL. Only where the arguments cannot fail and may be computed
// on any row (lower.StoredAnyRow); nil otherwise.
//
//	v = 0.0
//	v = vec.ChooseFloat64(vec.WordBit(xValidWord, i), xV[i], v) // a fixed-width value
//	if arg := sArr.Value(i); !(sArr.IsNull(i)) { v = arg } // a string
func (fu *fusion) coalesceSelect(r *lower.Row, t *tempVar) []jen.Code {
	if !fu.nulls || t.bad != "" || r.Op != lower.RowCoalesce {
		return nil
	}
	last := -1
	for k, a := range r.Args {
		if !a.StoredAnyRow || a.Temp {
			return nil
		}
		if len(fu.nullTest(a)) == 0 {
			last = k
			break
		}
	}
	if last < 0 {
		return nil // the last argument may be NULL: the branches say so
	}
	stmts := []jen.Code{jen.Id(t.v).Op("=").Add(fu.value(r.Args[last]))}
	choose, fixed := chooseFns[r.Expr.Type().Kind]
	for k := last - 1; k >= 0; k-- {
		a := r.Args[k]
		nt := fu.nullTest(a)
		// !(x.IsNull(i)), or vec.WordBit(xValidWord, i): a bit of the
		// inputs' validity word, loaded once per 64 rows
		var valid jen.Code = jen.Op("!").Parens(fu.isNullOf(nt))
		if bits := fu.validity(nt); bits != "" {
			valid = fu.isValid(bits)
		}
		if fixed {
			// v = vec.ChooseFloat64(!(x.IsNull(i)), xV[i], v): no branch on
			// a NULL that comes at random
			stmts = append(stmts, jen.Id(t.v).Op("=").Qual(vecPkg, choose).Call(valid, fu.value(a), jen.Id(t.v)))
			continue
		}
		arg := fu.local("arg")
		stmts = append(stmts, jen.If(jen.Id(arg).Op(":=").Add(fu.value(a)), valid).
			Block(jen.Id(t.v).Op("=").Id(arg)))
	}
	return stmts
}

// ifSelect returns the statements of a chosen IF (lower.Chosen) computed
// into a local on a dirty batch as selects, its NULL flag (marks) included,
// rather than a branch on the condition and one on the picked side's NULL
// (which NULLs at random make guesses): the condition, ANDed with its
// inputs' validity, picks the value and the picked side's NULL test, each a
// bit of its inputs' validity word where the loop has one. nil where r can
// fail or is not chosen.
//
//	ifCond := vec.Both(vec.WordBit(lDiscountValidWord, i), rt.GtFloat64(lDiscountV[i], 0.05))
//	v = vec.ChooseFloat64(ifCond, product3V[i], productV[i])
//	vNull = vec.ChooseBool(ifCond, !vec.WordBit(product3ValidWord, i), !vec.WordBit(productValidWord, i))
func (fu *fusion) ifSelect(r *lower.Row, t *tempVar, marks bool) []jen.Code {
	if !fu.nulls || t.bad != "" || !r.Chosen {
		return nil
	}
	cond := fu.local("ifCond")
	stmts := []jen.Code{
		jen.Id(cond).Op(":=").Add(fu.condNull(r.Args[0])),
		jen.Id(t.v).Op("=").Add(fu.choose(r, jen.Id(cond), fu.value(r.Args[1]), fu.value(r.Args[2]))),
	}
	if !marks {
		return stmts
	}
	null := func(a *lower.Row) jen.Code {
		nt := fu.nullTest(a)
		if len(nt) == 0 {
			return jen.False()
		}
		if bits := fu.validity(nt); bits != "" {
			return jen.Op("!").Add(fu.isValid(bits))
		}
		return fu.isNullOf(nt)
	}
	return append(stmts, jen.Id(t.null).Op("=").Qual(vecPkg, "ChooseBool").Call(jen.Id(cond), null(r.Args[1]), null(r.Args[2])))
}

// run returns the statements computing row program r for row i with store
// and, on a dirty batch, setNull (nil where r's NULLs are its inputs',
// lower.NullInputs, so that nothing marks them), noting its errors in flag
// bad (the loop's own when "").
func (fu *fusion) run(r *lower.Row, bad string, store func(jen.Code) jen.Code, setNull jen.Code) []jen.Code {
	if bad != "" {
		saved := fu.bad
		fu.bad = bad
		defer func() { fu.bad = saved }()
	}
	savedSink := fu.sink
	fu.sink = "" // (stored in a local or a memo, not the column)
	defer func() { fu.sink = savedSink }()
	if fu.nulls {
		// its NULL goes to its own flag, not the loop's output (nullIf)
		savedIf := fu.nullIf
		fu.nullIf = nil
		defer func() { fu.nullIf = savedIf }()
		if setNull == nil {
			// NULL where its inputs are (lower.NullInputs): nothing to
			// mark, its value stored anyway
			fu.nullIf, setNull = noMark, jen.Null()
		}
		return fu.assignNull(r, store, setNull)
	}
	return fu.assign(r, store)
}

// memo reads lazily shared r.Shared for row i, first computing it into its
// memo where no earlier use has (its done mask), as the vector code would:
// the row's value or NULL is stored as the program runs, an error (its
// first, the outcome) over them.
func (fu *fusion) memo(r *lower.Row) jen.Code {
	m := fu.f.memoFor(r.Shared.ID, r.Shared.Expr, r.Shared.SQL)
	memoBad := ""
	if fu.canFlag(r.Local) {
		memoBad = fu.local("memo" + itoa(r.Shared.ID) + "Bad")
	}
	store := func(v jen.Code) jen.Code { return jen.Id(m.vals).Dot("V").Index(jen.Id("i")).Op("=").Add(v) }
	// if !sharedDone[i] { sharedDone[i] = true; ... }
	fill := []jen.Code{jen.Id(m.done).Index(jen.Id("i")).Op("=").True()}
	if memoBad != "" {
		fill = append(fill, jen.Var().Id(memoBad).Qual(vecPkg, "FirstErr"))
	}
	fill = append(fill, fu.run(r.Local, memoBad, store, jen.Id(m.vals).Dot("SetNull").Call(jen.Id("i")))...)
	if memoBad != "" {
		// if bad.Err != nil { vec.FailRow(memo, n, i, bad.Err) }
		fill = append(fill, jen.If(jen.Id(memoBad).Dot("Err").Op("!=").Nil()).Block(
			jen.Qual(vecPkg, "FailRow").Call(addr(m.vals), jen.Id("n"), jen.Id("i"), jen.Id(memoBad).Dot("Err"))))
	}
	fu.pre = append(fu.pre, jen.If(jen.Op("!").Id(m.done).Index(jen.Id("i"))).Block(fill...))
	v := jen.Id(m.vals).Dot("V").Index(jen.Id("i"))
	if r.CanFlag {
		return fu.noted(r.Expr.Type(), v, jen.Id(m.vals).Dot("ErrAt").Call(jen.Id("i")))
	}
	return v
}

// withTemps returns the statements build returns, after those computing
// the conditionals in value positions they read.
func (fu *fusion) withTemps(build func() []jen.Code) []jen.Code {
	saved := fu.pre
	fu.pre = nil
	fu.preDepth++
	stmts := build()
	fu.preDepth--
	pre := fu.pre
	fu.pre = saved
	return append(pre, stmts...)
}

// fastCall returns the value of kernel row r for row i through the
// kernel's fast path (rt.FastPaths), or nil where it has none or the loop
// cannot use it. The fast path inlines; the kernel, a call, runs only where
// it reports false. Both are statements put before the one being built, so
// they need the arguments to be reads (a column, a vector, a constant, a
// local: nothing that notes an error or fills a memo, whose order would
// change), and the kernel's error goes to a local noted where the value is
// read, as the call's own would be:
//
//	truncValue, ok := rt.DateTruncHourFast(tsV[i], zc)
//	var truncValueErr *rt.Error
//	if !ok {
//		truncValue, truncValueErr = rt.DateTruncHourIn(tsV[i], zc)
//	}
//	out[i] = bad.Int64(truncValue, truncValueErr)
func (fu *fusion) fastCall(r *lower.Row, args []jen.Code) jen.Code {
	fast, ok := rt.FastPaths[r.Sig.Kernel]
	if !ok || r.Sig.KernelPkg != "" || fu.preDepth == 0 || fu.nulls || !fu.twinCallable(r) {
		// (fu.nulls: a dirty batch's body that tests each operand's NULL
		// where it reads it; a fast path put before those tests would run
		// on NULL rows' arbitrary values and move the zone cursor there)
		return nil
	}
	v := fu.local(exprBase(r.Expr) + "Value")
	okName := fu.local("ok")
	fu.pre = append(fu.pre, jen.List(jen.Id(v), jen.Id(okName)).Op(":=").Add(fu.f.twinCall(r.Sig, fast, args...)))
	if !r.Sig.KernelErr {
		fu.pre = append(fu.pre, jen.If(jen.Op("!").Id(okName)).Block(jen.Id(v).Op("=").Add(fu.f.kernelCall(r.Sig, args...))))
		return jen.Id(v)
	}
	if r == fu.storing {
		// the statement stores this value alone: its error, if any, is the
		// first the statement notes, so the kernel notes it where it runs
		//	if !ok { truncValue = bad.Int64(rt.DateTruncHourIn(tsV[i], zc)) }
		fu.pre = append(fu.pre, jen.If(jen.Op("!").Id(okName)).Block(jen.Id(v).Op("=").Add(fu.noted(r.Sig.Ret, fu.f.kernelCall(r.Sig, args...)))))
		return jen.Id(v)
	}
	errName := fu.local(exprBase(r.Expr) + "Err")
	fu.pre = append(fu.pre,
		jen.Var().Id(errName).Op("*").Qual(rtPkg, "Error"),
		jen.If(jen.Op("!").Id(okName)).Block(jen.List(jen.Id(v), jen.Id(errName)).Op("=").Add(fu.f.kernelCall(r.Sig, args...))))
	return fu.noted(r.Sig.Ret, jen.Id(v), jen.Id(errName))
}

// canFlag reports whether row program r can flag a row in this loop: with
// the loop noting shared vectors' errors (noteVectors), reading one that may
// hold errors flags too.
func (fu *fusion) canFlag(r *lower.Row) bool {
	if fu.noteVectors {
		return r.CanFlagVectors
	}
	return r.CanFlag
}

// value returns the Go expression of row value r for row i, registering the
// inputs it reads.
func (fu *fusion) value(r *lower.Row) jen.Code {
	f := fu.f
	if r.Temp {
		// a conditional computed into a local first; its error counts here
		t := fu.temp(r)
		if t.bad == "" {
			return jen.Id(t.v)
		}
		return fu.noted(r.Expr.Type(), jen.Id(t.v), jen.Id(t.bad).Dot("Err"))
	}
	switch r.Op {
	case lower.RowLocal:
		if fu.used != nil {
			fu.used[r.Shared.ID] = true
		}
		return jen.Id(fu.locals[r.Shared.ID])
	case lower.RowVector:
		v := f.done[r.Def].vec
		f.use(v)
		if fu.noteVectors && r.MayFail && kinds.Of(r.Expr.Type()).Failed != "" {
			// bad.Int64(xV[i], x.ErrAt(i))
			return fu.noted(r.Expr.Type(), fu.vecInput(v, false), jen.Id(v).Dot("ErrAt").Call(jen.Id("i")))
		}
		return fu.vecInput(v, r.MayFail)
	case lower.RowConst:
		return literal(r.Const.V, r.Const.T)
	case lower.RowColumn:
		e := r.Column
		if e.T.IsByteString() {
			arr := f.strArray(e)
			if e.Nullable {
				fu.noNulls(arr, true)
			}
			return jen.Id(fu.strView(arr)).Dot("At").Call(jen.Id("i"))
		}
		name := f.column(e)
		if !e.Nullable {
			// NOT NULL, checked on entry (vec.NotNull): nothing to test
			return fu.plainInput(name)
		}
		if _, ok := fu.seen[name]; !ok {
			fu.countsIn = true
			fu.nullCounts = append(fu.nullCounts, jen.Id("in").Dot("Column").Call(jen.Lit(e.Index)).Dot("NullN").Call())
		}
		return fu.vecInput(name, false)
	case lower.RowMemo:
		return fu.memo(r)
	case lower.RowIsNull:
		// x.IsNull(i) || y.IsNull(i): it needs no input clean
		nt := fu.nullTest(r.Args[0])
		if len(nt) == 0 {
			return jen.Lit(r.Not) // an operand that is never NULL
		}
		if r.Not {
			return jen.Op("!").Parens(fu.isNullOf(nt))
		}
		return jen.Parens(fu.isNullOf(nt))
	case lower.RowAnd:
		return fu.logic(r.Args, "&&")
	case lower.RowOr:
		return fu.logic(r.Args, "||")
	case lower.RowBetween:
		// (x >= lo && x <= hi)
		x := fu.value(r.Args[0])
		return jen.Parens(jen.Add(fu.f.kernelCall(r.Sigs[0], x, fu.value(r.Args[1]))).Op("&&").Add(fu.f.kernelCall(r.Sigs[1], x, fu.value(r.Args[2]))))
	case lower.RowIn:
		// (x == a || x == b ...)
		x := fu.value(r.Args[0])
		c := jen.Add(fu.f.kernelCall(r.Sigs[0], x, fu.value(r.Args[1])))
		for _, v := range r.Args[2:] {
			c = c.Op("||").Add(fu.f.kernelCall(r.Sigs[0], x, fu.value(v)))
		}
		return jen.Parens(c)
	case lower.RowMap:
		return fu.mapCall(r)
	case lower.RowLike:
		if v := r.Args[0]; r.Shape == "prefix" && len(r.Lit) >= 1 && len(r.Lit) <= 8 && fu.padded(v) && !isConst(v) {
			// vec.HasPrefixWord(v, 0x333231, 3): a short prefix compared as
			// one word of a value readable past its start
			return jen.Qual(vecPkg, "HasPrefixWord").Call(fu.value(v),
				jen.Lit(vec.KeyWord(r.Lit)).Op("/* "+strconv.Quote(r.Lit)+" */"), jen.Lit(len(r.Lit)))
		}
		return likeTest(r.Shape, r.Lit, fu.value(r.Args[0]))
	case lower.RowMatch:
		m := f.matcher(r.Expr.(*ir.Call)) // its pattern compiles (package lower checked)
		return jen.Id(m.name).Dot("Match").Call(fu.value(r.Args[0]))
	case lower.RowKernel:
		args := make([]jen.Code, len(r.Args))
		for i, a := range r.Args {
			args[i] = fu.value(a)
		}
		if v := fu.fastCall(r, args); v != nil {
			return v
		}
		if r.Flags {
			if twin, ok := rt.TryKernels[r.Sig.Kernel]; ok && fu.try && r.Sig.KernelPkg == "" {
				// bad.TryInt64(rt.TryMulInt64(x, y)): under TRY a failure is
				// common, so it is a flag ORed in, not a branch
				return jen.Id(fu.flag()).Dot("Try" + kinds.Of(r.Sig.Ret).Failed).Call(jen.Qual(rtPkg, twin).Call(args...))
			}
			// an error flags the row: the vector code decides its outcome
			return fu.noted(r.Sig.Ret, fu.f.kernelCall(r.Sig, args...))
		}
		if k := r.Sig.Kernel; (k == "Upper" || k == "Lower") && r.Sig.KernelPkg == "" && fu.padded(r.Args[0]) && !isConst(r.Args[0]) {
			// arena.UpperPadded(x): a short value of a column, a map's item
			// or the arena, readable past its end, loaded as one word
			return jen.Id(fu.f.arena()).Dot(k + "Padded").Call(args...)
		}
		return fu.f.kernelCall(r.Sig, args...)
	}
	panic(fmt.Sprintf("codegen: unknown row operation %d", r.Op))
}

// mapCall is a map function over a MAP input column read in place. The loop
// runs only when the column and its items have no NULLs.
func (fu *fusion) mapCall(r *lower.Row) jen.Code {
	f := fu.f
	col := r.Column
	m := f.mapArrays(col)
	offs, ok := f.mapOffs[col.Index]
	if !ok {
		offs = f.fresh(f.colNames[col.Index] + "Offs")
		f.mapOffs[col.Index] = offs
		f.prologue = append(f.prologue, jen.Id(offs).Op(":=").Qual(vecPkg, "MapOffsets").Call(jen.Id(m.arr)))
		f.declareOuter(offs, jen.Index().Int32())
	}
	f.use(offs)
	fu.noNulls(m.arr, true)
	// Only this lookup reports its NULL item (deciding); one in its key
	// (m1[replace(m0['a'], s)]) is an ordinary lookup inside the value.
	deciding := fu.deciding
	fu.deciding = false
	defer func() { fu.deciding = deciding }()
	suffix := kinds.Of(*col.T.Key).KeySuffix
	if r.Fn == "cardinality" {
		return jen.Qual(vecPkg, "RowCount"+suffix).Call(jen.Id(offs), jen.Id(m.keys), jen.Id("i"))
	}
	find := jen.Qual(vecPkg, "RowFind"+suffix).Call(jen.Id(offs), jen.Id(m.keys), jen.Id("i"), fu.value(r.Args[0]))
	if k := r.Args[0]; suffix == "String" && k.Op == lower.RowConst {
		if s, ok := k.Const.V.(string); ok && len(s) >= 1 && len(s) <= 8 {
			// vec.FindKey(keys, offs[i], offs[i+1], 0x74736574, 4): a short
			// constant key compared as one word (vec.KeyWord), inlined
			at := func(i jen.Code) jen.Code { return jen.Id(offs).Index(i) }
			find = jen.Qual(vecPkg, "FindKey").Call(jen.Id(m.keys), at(jen.Id("i")), at(jen.Id("i").Op("+").Lit(1)),
				jen.Lit(vec.KeyWord(s)).Op("/* "+strconv.Quote(s)+" */"), jen.Lit(len(s)))
		}
	}
	if r.Fn == "map_contains_key" {
		return jen.Parens(jen.Add(find).Op(">=").Lit(0))
	}
	fu.flag()
	items := f.mapItems(col)
	fu.noNulls(items, false)
	item := "Item"
	fu.modal = true
	switch {
	case fu.rows && deciding:
		item = "NullableItem" // (v, null): the caller marks a NULL row
	case fu.rows:
		item = "CheckedItem"
	}
	if col.T.Value.IsByteString() {
		// vec.ItemString(infoItemsS, j, &bad): the value read through the
		// items' view, readable past its end (StringOut.AppendShort)
		view := jen.Id(fu.strView(items))
		if item == "Item" {
			return jen.Qual(vecPkg, "ItemString").Call(view, find, addr(fu.bad))
		}
		return jen.Qual(vecPkg, item+"String").Call(jen.Id(items), view, find, addr(fu.bad))
	}
	return jen.Qual(vecPkg, item+kinds.Of(*col.T.Value).ArrowArray).Call(jen.Id(items), find, addr(fu.bad))
}

// local names a variable of the fused loop's block: distinct from the
// function's names, the loop's own (out, i, k, cnt, left) and its other locals.
//
// The name is reserved in the whole function: a variable the function
// declares after the loop (the loop's own result, a memo the next loop
// fills) must not be hidden by it where the loop reads that variable.
func (fu *fusion) local(base string) string {
	base = memoPointer.Replace(base)
	name := fu.f.fresh(base)
	for fu.names[name] || loopNames[name] {
		name = fu.f.fresh(base)
	}
	fu.names[name] = true
	return name
}

var loopNames = map[string]bool{"out": true, "i": true, "k": true, "cnt": true, "left": true}

// noNulls makes the clean loop run only when Arrow array arr has no NULLs;
// with perRow (arr has a value per row) the rows loop tests row i, else
// (map items) the lookup does.
func (fu *fusion) noNulls(arr string, perRow bool) {
	if fu.rows && perRow {
		d, seen := fu.arrDecides[arr]
		fu.arrDecides[arr] = fu.deciding && (d || !seen)
	}
	if !fu.tested[arr] {
		fu.tested[arr] = true
		fu.clean = append(fu.clean, jen.Id(arr).Dot("NullN").Call().Op("==").Lit(0))
		fu.nullCounts = append(fu.nullCounts, jen.Id(arr).Dot("NullN").Call())
		if perRow {
			fu.rowNulls = append(fu.rowNulls, jen.Id(arr).Dot("IsNull").Call(jen.Id("i")))
			fu.rowNullArrs = append(fu.rowNullArrs, arr)
			fu.nullTests = append(fu.nullTests, jen.Id(arr).Dot("IsNull").Call(jen.Id("i")))
			fu.flagArgs = append(fu.flagArgs, jen.Qual(vecPkg, "ArrowFlags").Call(jen.Id(arr)))
		}
	}
}

// vecInput reads a vector variable's value slice (declared once, before the
// loops, for bounds-check-free indexing): the clean loop requires the vector
// clean, the rows loop leaves its NULL and error rows to the vector code.
// Only a vector whose expression may fail (mayFail) can have errors (an
// input column, or CAST(i AS BIGINT), has none), so only its rows are tested
// for one.
func (fu *fusion) vecInput(name string, mayFail bool) jen.Code {
	if v, ok := fu.seen[name]; ok {
		return v
	}
	s := fu.local(name + "V")
	v := jen.Id(s).Index(jen.Id("i"))
	fu.seen[name] = v
	fu.clean = append(fu.clean, jen.Id(name).Dot("Clean").Call())
	fu.rowNulls = append(fu.rowNulls, jen.Id(name).Dot("Dirty").Call(jen.Id("i")))
	fu.rowNullArrs = append(fu.rowNullArrs, "")
	fu.nullTests = append(fu.nullTests, jen.Id(name).Dot("IsNull").Call(jen.Id("i")))
	fu.flagArgs = append(fu.flagArgs, jen.Qual(vecPkg, "FlagsOf").Call(jen.Op("&").Id(name)))
	if mayFail {
		fu.errTests = append(fu.errTests, jen.Id(name).Dot("ErrAt").Call(jen.Id("i")).Op("!=").Nil())
	}
	fu.slices = append(fu.slices, jen.Id(s).Op(":=").Id(name).Dot("V").Index(jen.Empty(), jen.Id("n")))
	return v
}

// strView names the loop's view of VARCHAR array arr (vec.ViewOf), made
// before the loops: a value per row with no method call.
func (fu *fusion) strView(arr string) string {
	if name, ok := fu.views[arr]; ok {
		return name
	}
	name := fu.local(strings.TrimSuffix(arr, "Arr") + "S")
	fu.views[arr] = name
	fu.slices = append(fu.slices, jen.Id(name).Op(":=").Qual(vecPkg, "ViewOf").Call(jen.Id(arr)))
	return name
}

// plainInput reads a vector variable that is never NULL and never failed
// (a NOT NULL input column) through its value slice, with no test.
func (fu *fusion) plainInput(name string) jen.Code {
	if v, ok := fu.seen[name]; ok {
		return v
	}
	s := fu.local(name + "V")
	v := jen.Id(s).Index(jen.Id("i"))
	fu.seen[name] = v
	fu.slices = append(fu.slices, jen.Id(s).Op(":=").Id(name).Dot("V").Index(jen.Empty(), jen.Id("n")))
	return v
}

func (fu *fusion) logic(args []*lower.Row, op string) jen.Code {
	c := fu.value(args[0])
	for _, a := range args[1:] {
		c = jen.Add(c).Op(op).Add(fu.value(a))
	}
	return jen.Parens(c)
}

// kernelCall calls the signature's kernel (templates/rt unless KernelPkg says).
func (f *funcGen) kernelCall(sig *ir.Signature, args ...jen.Code) jen.Code {
	pkg := rtPkg
	if sig.KernelPkg != "" {
		pkg = sig.KernelPkg
	}
	if sig.KernelClock {
		// rt.CurrentDateIn(clock, zc): the evaluation's clock first
		args = append([]jen.Code{jen.Id(f.clock())}, args...)
	}
	for _, k := range sig.KernelArgs {
		// rt.AddDecimal(a, b, 2, 2, 2, 16): the scales and precision the
		// types fix, as constants the compiler can fold into the kernel
		args = append(args, jen.Lit(k))
	}
	if sig.KernelZone != "" {
		// rt.HourTimestampIn(v, zc): the batch's cursor over the query's zone
		args = append(args, jen.Id(f.zoneCursor(sig.KernelZone)))
	}
	if pkg == rtPkg && arenaKernels[sig.Kernel] {
		// arena.Upper(s): the string's bytes go to the batch's arena
		return jen.Id(f.arena()).Dot(sig.Kernel).Call(args...)
	}
	return jen.Qual(pkg, sig.Kernel).Call(args...)
}

// simpleArgs reports whether each of args is a read (a column, a vector, a
// constant, a local) that notes no error (a vector's errors are noted where
// the loop notes them, noteVectors) and fills no memo: a kernel call over
// them may move before the statement being built, or take another form,
// with no error noted in another order.
func simpleArgs(args []*lower.Row, noteVectors bool) bool {
	for _, a := range args {
		switch a.Op {
		case lower.RowColumn, lower.RowConst, lower.RowLocal:
		case lower.RowVector:
			if noteVectors && a.MayFail {
				return false
			}
		default:
			return false
		}
		if a.Temp {
			return false
		}
	}
	return true
}

// appendForm is the append form of kernel row r (rt.AppendForms).
func appendForm(r *lower.Row) (rt.AppendForm, bool) {
	if r == nil || r.Op != lower.RowKernel || r.Sig.KernelPkg != "" {
		return rt.AppendForm{}, false
	}
	app, ok := rt.AppendForms[r.Sig.Kernel]
	return app, ok
}

// appendWidth is the length of every value of the VARCHAR column fused row
// r writes through its kernel's append form, when its pattern argument is a
// constant of fixed width (rt.DatetimePatternWidth); 0 otherwise.
func appendWidth(r *lower.Row) int {
	app, ok := appendForm(r)
	if !ok || app.PatternArg >= len(r.Args) {
		return 0
	}
	pattern, ok := constText(r.Args[app.PatternArg])
	if !ok {
		return 0
	}
	return rt.DatetimePatternWidth(pattern)
}

// constText is the text of row r when it is a VARCHAR constant that is not
// NULL.
func constText(r *lower.Row) (string, bool) {
	if r.Op != lower.RowConst || r.Const.V == nil {
		return "", false
	}
	s, ok := r.Const.V.(string)
	return s, ok
}

// datetimePattern is the package-level variable holding the constant
// TIMESTAMP pattern compiled once (rt.DatetimePatternOf).
func (f *funcGen) datetimePattern(pattern string) string {
	return f.onceVar("datetime", pattern, "datetimePattern", "*rt.DatetimePattern",
		"datetime pattern "+strconv.Quote(pattern)+", compiled once", jen.Qual(rtPkg, "DatetimePatternOf").Call(jen.Lit(pattern)))
}

// twinCall calls twin, a function of package rt that takes the
// signature's kernel's arguments in its place (a fast path, rt.FastPaths; an
// append form, rt.AppendForms, whose args start with the column's bytes).
func (f *funcGen) twinCall(sig *ir.Signature, twin string, args ...jen.Code) jen.Code {
	return f.kernelCall(&ir.Signature{Kernel: twin, KernelArgs: sig.KernelArgs, KernelZone: sig.KernelZone, KernelClock: sig.KernelClock}, args...)
}

// twinCallable reports whether kernel row r may be called through a twin
// (twinCall) in this loop: its arguments are reads (simpleArgs), and a
// kernel that can fail flags the row through the loop's own first-error
// notes (not a TRY loop's flags).
func (fu *fusion) twinCallable(r *lower.Row) bool {
	return simpleArgs(r.Args, fu.noteVectors) && (!r.Sig.KernelErr || r.Flags && !fu.try)
}

// arenaKernels are the templates/rt kernels that build a string and have a
// method of the same name on rt.Arena, which the generated code calls
// instead: a batch's strings then cost a few allocations, not one per value
// (TestArenaKernels checks that each has its method).
var arenaKernels = map[string]bool{
	"Upper": true, "Lower": true, "Concat": true, "Concat2": true,
	"CastInt64ToString": true, "CastInt32ToString": true, "DateFormatTimestampIn": true,
}

// clock is the variable of the query function's rt.Clock, read once from
// its context at its top the first time a kernel reads the clock
// (docs/semantics.md 10.8): a query that does not read it pays nothing.
func (f *funcGen) clock() string {
	if f.clockVar == "" {
		f.clockVar = f.fresh("clock")
		f.prologue = append(f.prologue, jen.Id(f.clockVar).Op(":=").Qual(rtPkg, "ClockOf").Call(jen.Id("ctx")).Comment("the instant every row of this evaluation reads"))
		f.declareOuter(f.clockVar, jen.Qual(rtPkg, "Clock"))
	}
	f.use(f.clockVar)
	return f.clockVar
}

// arena is the variable of the query function's rt.Arena, declared at its
// top the first time a kernel writes into it.
func (f *funcGen) arena() string {
	if f.arenaVar == "" {
		f.arenaVar = f.fresh("arena")
		f.prologue = append(f.prologue, jen.Id(f.arenaVar).Op(":=").Qual(rtPkg, "NewArena").Call(jen.Id("n")).Comment("the bytes of the strings the kernels build for this batch"))
		f.declareOuter(f.arenaVar, jen.Op("*").Qual(rtPkg, "Arena"))
	}
	f.use(f.arenaVar)
	return f.arenaVar
}

// zoneCursor returns the batch's cursor over the session zone zone (an
// *rt.ZoneCursor declared in the prologue, from a package-level *rt.Zone
// resolved once): the TIMESTAMP kernels of the zone take it, and rows in
// one period between two offset changes find their offset with two
// comparisons.
func (f *funcGen) zoneCursor(zone string) string {
	if f.zoneCursors == nil {
		f.zoneCursors = map[string]string{}
	}
	if v, ok := f.zoneCursors[zone]; ok {
		f.use(v)
		return v
	}
	v := f.fresh("zc")
	f.prologue = append(f.prologue, jen.Id(v).Op(":=").Id(f.sessionZone(zone)).Dot("Cursor").Call().Comment("the batch's cursor over the session zone "+comment(zone)))
	f.declareOuter(v, jen.Op("*").Qual(rtPkg, "ZoneCursor"))
	f.zoneCursors[zone] = v
	f.use(v)
	return v
}

// sessionZone returns the package-level *rt.Zone of the session zone zone,
// resolved once when the package is initialised.
func (f *funcGen) sessionZone(zone string) string {
	return f.onceVar("zone", zone, "sessionZone", "*rt.Zone",
		"session time zone "+strconv.Quote(zone)+", resolved once", jen.Qual(rtPkg, "SessionZone").Call(jen.Lit(zone)))
}

// onceVar returns the package-level variable holding init, a value the
// generated file computes once when the package is initialised (a compiled
// pattern, a resolved zone), declared with the comment what the first time
// a query of the file asks for the value of kind for arg; base names it and
// typ is its Go type (a unit shared by queries takes it as a parameter).
func (f *funcGen) onceVar(kind, arg, base, typ, what string, init jen.Code) string {
	key := "\x00" + kind + "\x00" + arg
	if m, ok := f.file.matchers[key]; ok {
		return m.name
	}
	m := &matcherVar{name: f.file.global(f, base)}
	f.file.globalTypes[m.name] = typ
	f.file.decls = append(f.file.decls, jen.Comment(comment(what)), jen.Var().Id(m.name).Op("=").Add(init))
	f.file.matchers[key] = m
	return m.name
}

// likeTest is the plain Go string test of a LIKE whose constant pattern
// reduces to one ('abc', 'abc%', '%abc', '%abc%'), applied to v.
func likeTest(shape, lit string, v jen.Code) jen.Code {
	switch shape {
	case "exact":
		return jen.Parens(jen.Add(v).Op("==").Lit(lit))
	case "prefix":
		return jen.Qual("strings", "HasPrefix").Call(v, jen.Lit(lit))
	case "suffix":
		return jen.Qual("strings", "HasSuffix").Call(v, jen.Lit(lit))
	}
	return jen.Qual("strings", "Contains").Call(v, jen.Lit(lit))
}

// noted is value and error (a kernel's two results, or a value and its
// error) read through the loop's flag, which notes the error:
// bad.Int64(v, err).
func (fu *fusion) noted(t ir.Type, valueAndErr ...jen.Code) jen.Code {
	return jen.Id(fu.flag()).Dot(kinds.Of(t).Failed).Call(valueAndErr...)
}

// flag names the loops' vec.Failed flag, declared once some value can set it.
func (fu *fusion) flag() string {
	if fu.bad == "" {
		fu.bad = fu.local("bad")
	}
	return fu.bad
}

// nullTest lists the inputs of strict operand r (vectors and Arrow arrays):
// it is NULL on a row where one of them is.
func (fu *fusion) nullTest(r *lower.Row) []string {
	var tests []string
	seen := map[string]bool{}
	var walk func(r *lower.Row)
	walk = func(r *lower.Row) {
		var v string
		switch r.Op {
		case lower.RowColumn:
			if !r.Column.Nullable {
				break // NOT NULL, checked on entry
			}
			if r.Column.T.IsByteString() {
				v = fu.f.strArray(r.Column)
				fu.flagsOf[v] = jen.Qual(vecPkg, "ArrowFlags").Call(jen.Id(v))
			} else {
				v = fu.f.column(r.Column)
				fu.flagsOf[v] = jen.Qual(vecPkg, "FlagsOf").Call(jen.Op("&").Id(v))
			}
		case lower.RowVector:
			v = fu.f.done[r.Def].vec
			fu.f.use(v) // IS NULL reads its NULLs alone
			if !r.MayFail {
				fu.flagsOf[v] = jen.Qual(vecPkg, "FlagsOf").Call(jen.Op("&").Id(v))
			}
		case lower.RowLocal:
			walk(r.Local)
		case lower.RowMemo:
			v = fu.f.memoFor(r.Shared.ID, r.Shared.Expr, r.Shared.SQL).vals // NULL where its memo is
		}
		if r.Temp {
			if ins, ok := r.Inputs, r.InputsDecide; ok {
				// NULL exactly where these inputs are: tested for
				// themselves, and its local keeps no NULL flag
				for _, x := range ins {
					walk(x)
				}
				return
			}
			// NULL where the conditional's local is (its own inputs decide that)
			v = fu.temp(r).null
			fu.nullFlags[v] = true
		}
		if v != "" && !seen[v] {
			seen[v] = true
			tests = append(tests, v)
		}
		if r.Temp || r.Op == lower.RowIsNull { // NULL by its own flag; never NULL
			return
		}
		for _, a := range r.Args {
			walk(a)
		}
	}
	walk(r)
	return tests
}

// isNullOf is the Go test that one of variables vs (vectors or Arrow arrays)
// is NULL on row i.
func (fu *fusion) isNullOf(vs []string) jen.Code {
	tests := make([]jen.Code, len(vs))
	for k, v := range vs {
		if fu.nullFlags[v] {
			tests[k] = jen.Id(v) // a conditional's NULL flag
			continue
		}
		tests[k] = jen.Id(v).Dot("IsNull").Call(jen.Id("i"))
	}
	return joined(tests, "||")
}

// condNull is the Go test that condition r is TRUE on row i. An operand
// that fails flags the row (the vector code decides it) unless an earlier
// one decided the AND (FALSE) or the OR (TRUE): as in the vector code, a
// NULL operand does not stop the others from running.
func (fu *fusion) condNull(r *lower.Row) jen.Code {
	switch r.Op {
	case lower.RowAnd:
		// ((x.IsNull(i) || x > 1) && (y.IsNull(i) || y < 2) && !(x.IsNull(i) || y.IsNull(i))):
		// no operand FALSE, then none NULL
		var cs []jen.Code
		var nulls []string
		seen := map[string]bool{}
		for _, a := range r.Args {
			v := fu.value(a)
			nt := fu.nullTest(a)
			if len(nt) == 0 {
				cs = append(cs, v)
				continue
			}
			cs = append(cs, jen.Parens(jen.Add(fu.isNullOf(nt)).Op("||").Add(v)))
			for _, x := range nt {
				if !seen[x] {
					seen[x] = true
					nulls = append(nulls, x)
				}
			}
		}
		if len(nulls) > 0 {
			cs = append(cs, jen.Op("!").Parens(fu.isNullOf(nulls)))
		}
		return jen.Parens(joined(cs, "&&"))
	case lower.RowOr:
		// ((!x.IsNull(i) && x > 1) || ...): the first operand TRUE decides
		cs := make([]jen.Code, len(r.Args))
		for k, a := range r.Args {
			cs[k] = fu.condNull(a)
		}
		return jen.Parens(joined(cs, "||"))
	}
	v := fu.value(r)
	if nt := fu.nullTest(r); len(nt) > 0 {
		if r.CondAnyRow {
			if valid := fu.validity(nt); valid != "" {
				// vec.Both(xyValid.IsValid(i), x > y): the condition computed
				// on every row, ANDed with its inputs' validity, no branch
				return jen.Qual(vecPkg, "Both").Call(fu.isValid(valid), v)
			}
		}
		// (!(x.IsNull(i)) && x > 1)
		return jen.Parens(jen.Op("!").Parens(fu.isNullOf(nt)).Op("&&").Add(v))
	}
	return v
}

// validity names the bitmap of the rows where none of inputs nt is NULL,
// the AND of their validity made before the loop (vec.AndValid), for the
// body of a dirty batch; "" where an input's NULLs are known only in the
// loop (a conditional's local, a lazily shared value) or its vector may
// carry errors.
func (fu *fusion) validity(nt []string) string {
	if !fu.nulls {
		return ""
	}
	flags := make([]jen.Code, len(nt))
	for k, v := range nt {
		f, ok := fu.flagsOf[v]
		if !ok || fu.nullFlags[v] {
			return ""
		}
		flags[k] = f
	}
	key := strings.Join(nt, ",")
	if name, ok := fu.valids[key]; ok {
		return name
	}
	name := fu.local(nt[0] + "Valid")
	if len(nt) > 1 {
		name = fu.local("inputsValid")
	}
	fu.valids[key] = name
	// xValid := vec.AndValid(n, vec.FlagsOf(&x))
	fu.slices = append(fu.slices, jen.Id(name).Op(":=").Qual(vecPkg, "AndValid").Call(append([]jen.Code{jen.Id("n")}, flags...)...))
	return name
}

// isValid is the test that row i is valid in bitmap valid: a bit of the
// bitmap's current 64-row word in a loop over every row (one load per 64
// rows, not per row), else a read of the row's bit.
func (fu *fusion) isValid(valid string) jen.Code {
	if !fu.all {
		return jen.Id(valid).Dot("IsValid").Call(jen.Id("i"))
	}
	w, ok := fu.words[valid]
	if !ok {
		w = fu.local(valid + "Word")
		fu.words[valid] = w
	}
	// vec.WordBit(xValidWord, i)
	return jen.Qual(vecPkg, "WordBit").Call(jen.Id(w), jen.Id("i"))
}

// assignNull returns the statements storing value r of row i with store, or
// marking the row NULL with setNull where an input of the result is NULL,
// after those computing the conditionals in value positions it reads.
func (fu *fusion) assignNull(r *lower.Row, store func(jen.Code) jen.Code, setNull jen.Code) []jen.Code {
	return fu.withTemps(func() []jen.Code { return fu.assignNullRow(r, store, setNull) })
}

func (fu *fusion) assignNullRow(r *lower.Row, store func(jen.Code) jen.Code, setNull jen.Code) []jen.Code {
	switch r.Op {
	case lower.RowNull:
		return []jen.Code{setNull}
	case lower.RowIf:
		if stmts := fu.guardedNull(r, store, false); stmts != nil {
			return stmts
		}
		if stmts := fu.chooseNull(r, store); stmts != nil {
			return stmts
		}
		// if cond { ... } else { ... }
		cond := fu.condNull(r.Args[0])
		then := fu.knowing(fu.whenTrue(r.Args[0]), func() []jen.Code { return fu.assignNull(r.Args[1], store, setNull) })
		return []jen.Code{jen.If(cond).Block(then...).
			Else().Block(fu.assignNull(r.Args[2], store, setNull)...)}
	case lower.RowCase:
		if stmts := fu.guardedNull(r, store, false); stmts != nil {
			return stmts
		}
		if r.ChosenCase && !fu.nullableResult(r) {
			return fu.pick(r, store, fu.condNull)
		}
		var stmts, cases []jen.Code
		var subject jen.Code
		var subjectNulls []string
		if r.Subject != nil {
			name := fu.local("subject")
			stmts = append(stmts, jen.Id(name).Op(":=").Add(fu.value(r.Subject)))
			subject, subjectNulls = jen.Id(name), fu.nullTest(r.Subject)
		}
		for k := 0; k < len(r.Args); k += 2 {
			var c jen.Code
			if subject != nil {
				// a NULL operand or WHEN value matches nothing
				c = fu.f.kernelCall(r.Sig, subject, fu.value(r.Args[k]))
				if nt := append(append([]string{}, subjectNulls...), fu.nullTest(r.Args[k])...); len(nt) > 0 {
					c = jen.Op("!").Parens(fu.isNullOf(nt)).Op("&&").Add(c)
				}
				cases = append(cases, jen.Case(c).Block(fu.assignNull(r.Args[k+1], store, setNull)...))
				continue
			}
			c = fu.condNull(r.Args[k])
			result := fu.knowing(fu.whenTrue(r.Args[k]), func() []jen.Code { return fu.assignNull(r.Args[k+1], store, setNull) })
			cases = append(cases, jen.Case(c).Block(result...))
		}
		cases = append(cases, jen.Default().Block(fu.assignNull(r.Else, store, setNull)...))
		return append(stmts, jen.Switch().Block(cases...))
	case lower.RowCoalesce:
		// switch { case !(x.IsNull(i)): out[i] = x; ...; default: the last, or NULL }
		var cases []jen.Code
		for k, a := range r.Args {
			var nt []string
			if k < len(r.Args)-1 {
				nt = fu.nullTest(a)
			}
			if len(nt) == 0 { // never NULL, or the last argument
				if len(cases) == 0 {
					return fu.assignNull(a, store, setNull)
				}
				cases = append(cases, jen.Default().Block(fu.assignNull(a, store, setNull)...))
				break
			}
			cases = append(cases, jen.Case(jen.Op("!").Parens(fu.isNullOf(nt))).Block(fu.stored(a, store)))
		}
		return []jen.Code{jen.Switch().Block(cases...)}
	}
	if nt := fu.unknown(fu.nullTest(r)); len(nt) > 0 {
		if fu.nullIf != nil && r.StoredAnyRow {
			// out[i] = x; nullBits |= vec.Bit(x.IsNull(i)) << ...: no branch on the NULL
			return []jen.Code{fu.stored(r, store), fu.nullIf(fu.isNullOf(nt))}
		}
		// if x.IsNull(i) { res.SetNull(i) } else { out[i] = x }
		return []jen.Code{jen.If(fu.isNullOf(nt)).Block(setNull).Else().Block(fu.stored(r, store))}
	}
	return []jen.Code{fu.storedAlone(r, store)}
}

// noMark is nullIf for a value whose NULL rows are known apart (its inputs'
// validity, lower.NullInputs): the value is stored, no mark is made.
func noMark(jen.Code) jen.Code { return jen.Null() }

// whenTrue lists the inputs condition c's test (condNull) requires not
// NULL for it to be TRUE: a strict condition's, or every operand's of an
// AND (an OR requires none).
func (fu *fusion) whenTrue(c *lower.Row) []string {
	switch c.Op {
	case lower.RowOr:
		return nil
	case lower.RowAnd:
		var all []string
		for _, a := range c.Args {
			all = append(all, fu.nullTest(a)...)
		}
		return all
	}
	return fu.nullTest(c)
}

// knowing returns what print returns, printed knowing inputs valid are not
// NULL (the branch their condition takes), so that it does not test them.
func (fu *fusion) knowing(valid []string, print func() []jen.Code) []jen.Code {
	saved := fu.known
	fu.known = map[string]bool{}
	for v := range saved {
		fu.known[v] = true
	}
	for _, v := range valid {
		fu.known[v] = true
	}
	defer func() { fu.known = saved }()
	return print()
}

// unknown is nt without the inputs the branch being printed knows are not
// NULL.
func (fu *fusion) unknown(nt []string) []string {
	var out []string
	for _, v := range nt {
		if !fu.known[v] {
			out = append(out, v)
		}
	}
	return out
}

// pick returns the statements storing chosen CASE r (lower.ChosenCase)
// with store: every condition computed with cond, the first that holds
// picking the result out of an array of them. A VARCHAR column's writer
// (sink) copies a short result as one word when every result is readable
// past its end (padded): the constants then come from a package-level
// table of them (vec.PaddedStrings).
//
//	pick := vec.FirstTrue(vec.Bit(strings.HasPrefix(entry, "123")) | vec.Bit(strings.HasPrefix(entry, "124"))<<1 | 1<<2)
//	labelOut.AppendShort([3]string{caseResults[0], caseResults[1], entry}[pick])
func (fu *fusion) pick(r *lower.Row, store func(jen.Code) jen.Code, cond func(*lower.Row) jen.Code) []jen.Code {
	whens := len(r.Args) / 2
	var mask jen.Code
	for k := 0; k < whens; k++ {
		bit := jen.Qual(vecPkg, "Bit").Call(cond(r.Args[2*k]))
		if k > 0 {
			bit = bit.Op("<<").Lit(k)
		}
		if mask == nil {
			mask = bit
		} else {
			mask = jen.Add(mask).Op("|").Add(bit)
		}
	}
	mask = jen.Add(mask).Op("|").Lit(1).Op("<<").Lit(whens)
	results := make([]*lower.Row, 0, whens+1)
	for k := 1; k < len(r.Args); k += 2 {
		results = append(results, r.Args[k])
	}
	results = append(results, r.Else)
	values, short := fu.shortValues("caseResults", results)
	name := fu.local("pick")
	picked := jen.Index(jen.Lit(len(values))).Id(kinds.Of(r.Expr.Type()).GoType).Values(values...).Index(jen.Id(name))
	stmts := []jen.Code{jen.Id(name).Op(":=").Qual(vecPkg, "FirstTrue").Call(mask)}
	if short {
		return append(stmts, jen.Id(fu.sink).Dot("AppendShort").Call(picked))
	}
	return append(stmts, store(picked))
}

// shortValues returns the Go values of VARCHAR rows stored into the
// column's writer (sink) together, and whether the writer may copy each as
// one word: every one is readable past its start (padded), the constants
// then read from a package-level table of them named from base
// (paddedConsts). Without a VARCHAR sink, or with a row that is not padded,
// they are the rows' plain values.
func (fu *fusion) shortValues(base string, rows []*lower.Row) ([]jen.Code, bool) {
	short := fu.sink != "" && rows[0].Expr.Type().IsByteString()
	for _, r := range rows {
		short = short && fu.padded(r)
	}
	var table string
	if short {
		table = fu.f.paddedConsts(base, rows)
	}
	values := make([]jen.Code, len(rows))
	for k, r := range rows {
		if table != "" && r.Op == lower.RowConst {
			values[k] = jen.Id(table).Index(jen.Lit(k))
			continue
		}
		values[k] = fu.value(r)
	}
	return values, short
}

// nullableResult reports whether a result of CASE r may be NULL on a row
// of a dirty batch (pick then needs the branches that mark it).
func (fu *fusion) nullableResult(r *lower.Row) bool {
	for k := 1; k < len(r.Args); k += 2 {
		if len(fu.nullTest(r.Args[k])) > 0 {
			return true
		}
	}
	return len(fu.nullTest(r.Else)) > 0
}

// padded reports whether the loop reads VARCHAR value r readable 8 bytes
// past its start: a constant (from a table vec.PaddedStrings makes), an
// input column's value or a map's item (through a vec.StrView), or a
// shared value that is one of those.
func (fu *fusion) padded(r *lower.Row) bool {
	if r == nil || r.Temp {
		return false
	}
	switch r.Op {
	case lower.RowConst, lower.RowColumn:
		return true
	case lower.RowLocal:
		return fu.padded(r.Local)
	case lower.RowMap:
		return r.Expr.Type().IsByteString() // an item, through the items' view
	case lower.RowKernel:
		if r.Flags || r.Sig.KernelPkg != "" || !arenaKernels[r.Sig.Kernel] && !slicingKernels[r.Sig.Kernel] {
			return false
		}
		// the arena's bytes, or an argument's own
		for _, a := range r.Args {
			if a.Expr.Type().IsByteString() && !fu.padded(a) {
				return false
			}
		}
		return true
	}
	return false
}

// isConst reports whether r is a constant, itself or as the shared value it
// reads: a Go string literal, not readable past its end.
func isConst(r *lower.Row) bool {
	for r.Op == lower.RowLocal {
		r = r.Local
	}
	return r.Op == lower.RowConst
}

// slicingKernels are the templates/rt kernels whose VARCHAR result is a
// slice of their VARCHAR argument (or ""): readable past its start where
// the argument is (fusion.padded).
var slicingKernels = map[string]bool{
	"Substring2": true, "Substring3": true, "Left": true, "Trim": true, "Ltrim": true, "Rtrim": true,
}

// chooseFns are the vec functions selecting a value of a fixed-width kind
// without a branch.
var chooseFns = map[ir.Kind]string{
	ir.KindBoolean: "ChooseBool", ir.KindInt: "ChooseInt32", ir.KindDate: "ChooseInt32",
	ir.KindBigint: "ChooseInt64", ir.KindDouble: "ChooseFloat64",
}

// choose is IF r's value as a select between its results (lower.Chosen).
func (fu *fusion) choose(r *lower.Row, cond, then, els jen.Code) jen.Code {
	return jen.Qual(vecPkg, chooseFns[r.Expr.Type().Kind]).Call(cond, then, els)
}

// chooseNull returns the statements storing chosen IF r (lower.Chosen) for
// a row of a dirty batch without a branch, or nil where they would need
// one: the result's NULL is the chosen side's NULL test, marked through
// nullIf.
//
//	ifCond := !(x.IsNull(i)) && x > y
//	out[i] = vec.ChooseInt64(ifCond, a, b)
//	nullBits |= vec.Bit(vec.ChooseBool(ifCond, a.IsNull(i), b.IsNull(i))) << (uint(i) & 63)
func (fu *fusion) chooseNull(r *lower.Row, store func(jen.Code) jen.Code) []jen.Code {
	if !r.Chosen {
		return nil
	}
	thenNull, elseNull := fu.nullTest(r.Args[1]), fu.nullTest(r.Args[2])
	if (len(thenNull) > 0 || len(elseNull) > 0) && fu.nullIf == nil {
		return nil
	}
	cond := fu.condNull(r.Args[0])
	if len(thenNull) == 0 && len(elseNull) == 0 {
		return []jen.Code{store(fu.choose(r, cond, fu.value(r.Args[1]), fu.value(r.Args[2])))}
	}
	if sameNames(thenNull, elseNull) {
		// NULL where the inputs both sides share are
		return []jen.Code{store(fu.choose(r, cond, fu.value(r.Args[1]), fu.value(r.Args[2]))), fu.nullIf(fu.isNullOf(thenNull))}
	}
	name := fu.local("ifCond")
	test := func(nt []string) jen.Code {
		if len(nt) == 0 {
			return jen.False()
		}
		return fu.isNullOf(nt)
	}
	return []jen.Code{
		jen.Id(name).Op(":=").Add(cond),
		store(fu.choose(r, jen.Id(name), fu.value(r.Args[1]), fu.value(r.Args[2]))),
		fu.nullIf(jen.Qual(vecPkg, "ChooseBool").Call(jen.Id(name), test(thenNull), test(elseNull))),
	}
}

// guardedNull prints CASE WHEN c THEN k(x, y) END, or IF(c, k(x, y),
// NULL), where kernel k can fail and has a TRY twin (rt.TryKernels) and
// its arguments cannot fail: the guarded division CASE WHEN y <> 0 THEN
// a DIV y END (a NULL input c does not test makes the row NULL as well).
// The twin runs on every row (it is total), the condition picks value or
// NULL mark without a branch, and only a row that took the branch and
// failed, which is rare, branches to the kernel itself for its error. A
// branch on the condition would be mispredicted wherever it is
// data-dependent (a NULL or zero y here and there). It returns nil when r
// is not of that form or the loop has no NULL marks (nullIf, or markNull
// in a clean batch's body).
//
//	quotient, quotientFailed := rt.TryDivInt64(aV[i], yV[i])
//	taken := vec.Both(vec.WordBit(yValidWord, i), rt.NeInt64(yV[i], 0))
//	out[i] = quotient
//	nullBits |= vec.Bit(!taken) << (uint(i) & 63)
//	if vec.Bit(taken)&vec.Bit(quotientFailed) != 0 { bad.Int64(rt.DivInt64(aV[i], yV[i])) }
func (fu *fusion) guardedNull(r *lower.Row, store func(jen.Code) jen.Code, clean bool) []jen.Code {
	mark, test := fu.nullIf, fu.condNull
	if clean {
		// no input is NULL: the condition is its value
		mark, test = fu.markNull, fu.value
	}
	if mark == nil {
		return nil
	}
	var cond, then *lower.Row
	switch {
	case r.Op == lower.RowCase && r.Subject == nil && len(r.Args) == 2 && r.Else != nil && r.Else.Op == lower.RowNull:
		cond, then = r.Args[0], r.Args[1]
	case r.Op == lower.RowIf && r.Args[2].Op == lower.RowNull:
		cond, then = r.Args[0], r.Args[1]
	default:
		return nil
	}
	if then.Op != lower.RowKernel || !then.Flags || then.Temp || then.Sig.KernelPkg != "" || !cond.CondAnyRow {
		return nil
	}
	twin, ok := rt.TryKernels[then.Sig.Kernel]
	if !ok {
		return nil
	}
	for _, a := range then.Args {
		if !a.StoredAnyRow {
			return nil
		}
	}
	// The value's NULL inputs the condition does not prove valid make the
	// row NULL too (none in a clean batch's body).
	var unknown []string
	if !clean {
		fu.knowing(fu.whenTrue(cond), func() []jen.Code {
			unknown = fu.unknown(fu.nullTest(then))
			return nil
		})
	}
	args := make([]jen.Code, len(then.Args))
	for i, a := range then.Args {
		args[i] = fu.value(a)
	}
	taken := fu.local("taken")
	val := fu.local(tempName(then.Expr))
	failed := fu.local(val + "Failed")
	flag := fu.flag()
	stmts := []jen.Code{
		jen.List(jen.Id(val), jen.Id(failed)).Op(":=").Qual(rtPkg, twin).Call(args...),
		jen.Id(taken).Op(":=").Add(test(cond)),
		store(jen.Id(val)),
	}
	// if vec.Bit(taken)&vec.Bit(failed) != 0: the row took the branch and failed
	fails := jen.Qual(vecPkg, "Bit").Call(jen.Id(taken)).Op("&").Qual(vecPkg, "Bit").Call(jen.Id(failed))
	if len(unknown) > 0 {
		null := fu.local(val + "Null")
		if valid := fu.validity(unknown); valid != "" {
			stmts = append(stmts, jen.Id(null).Op(":=").Op("!").Add(fu.isValid(valid)))
		} else {
			stmts = append(stmts, jen.Id(null).Op(":=").Add(fu.isNullOf(unknown)))
		}
		stmts = append(stmts, mark(jen.Op("!").Id(taken).Op("||").Id(null)))
		fails = fails.Op("&^").Qual(vecPkg, "Bit").Call(jen.Id(null))
	} else {
		stmts = append(stmts, mark(jen.Op("!").Id(taken)))
	}
	return append(stmts, jen.If(jen.Parens(fails).Op("!=").Lit(0)).Block(
		jen.Comment("the branch was taken and failed: the kernel's own error"),
		jen.Id(flag).Dot(kinds.Of(then.Sig.Ret).Failed).Call(fu.f.kernelCall(then.Sig, args...))))
}

// sameNames reports whether a and b list the same names in any order.
func sameNames(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			return false
		}
	}
	return true
}

// fewNulls is the test that at most half of the rows have a NULL input
// (nullCounts must not be empty).
func (fu *fusion) fewNulls() jen.Code {
	if fu.countsIn {
		fu.f.use("in")
	}
	// in.Column(0).NullN()+sArr.NullN() <= n/2
	return jen.Add(joined(fu.nullCounts, "+")).Op("<=").Id("n").Op("/").Lit(2)
}
