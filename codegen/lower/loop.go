package lower

import (
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
)

// Mode is how a fused loop decides a row with a NULL input (modes.go): the
// rows it does not decide itself it leaves to the vector code.
type Mode int

// The modes.
const (
	// ModeLeave: the loop computes the rows whose inputs are clean and
	// leaves every other row, and every row it flags, to the vector code.
	ModeLeave Mode = iota
	// ModeStrict: the expression (and every value it absorbs) is strict,
	// NULL exactly where an input is, so the loop makes such a row NULL.
	ModeStrict
	// ModeLogic: an AND or OR of strict operands, decided by the
	// three-valued rules on a row with a NULL operand.
	ModeLogic
	// ModeCond: a conditional or value whose leaves are strict (NullAware):
	// NULL where the inputs of the value it takes are.
	ModeCond
)

func (m Mode) String() string { return [...]string{"leave", "strict", "logic", "conditional"}[m] }

// oneLoopBranches is how many conditionals (and lazily shared reads) a
// fused expression deciding its NULL rows needs for a single loop body,
// without a copy of its body for clean batches.
const oneLoopBranches = 3

// decideLoop takes the decisions of fused expression fz's loops that follow
// from its row program: how they decide NULL and failed rows, whether one
// body serves every batch, whether they compute every row, and what the
// vector code left to compute is. It then records, on each row of the
// program, what the printer needs to know of it (annotate).
func decideLoop(fz *Fused) {
	row := fz.Row
	absorbsStrict := true
	for _, a := range fz.Absorbs {
		// computed first on every row, a NULL one too: from a strict
		// program, whose value there is never read
		absorbsStrict = absorbsStrict && StrictRow(a.Row)
		a.DecidesNull = itemRead(a.Row) && NullWhen(row, a.Shared.ID)
	}
	switch {
	case row.Op == RowTry:
		fz.Mode, fz.ModeWhy = ModeLeave, "TRY: NULL wherever an input is or a kernel fails, computed on every row"
	case StrictRow(row) && absorbsStrict:
		fz.Mode, fz.ModeWhy = ModeStrict, "strict: NULL exactly where an input is"
	case LogicRoot(row) && len(fz.Absorbs) == 0 && !fz.Direct:
		fz.Mode, fz.ModeWhy = ModeLogic, "an AND/OR of strict operands: a NULL operand decided by the three-valued rules"
	case NullAware(row) && absorbsStrict:
		fz.Mode, fz.ModeWhy = ModeCond, "conditions and results whose leaves are strict: NULL where the inputs of the value taken are"
	default:
		fz.Mode, fz.ModeWhy = ModeLeave, leaveWhy(fz, absorbsStrict)
	}
	decides := fz.Mode != ModeLeave
	fz.Exact = decides && ExactErrors(row, false)
	fz.NoteVectors = fz.Exact && ExactErrors(row, true)
	if fz.Mode == ModeCond {
		fz.Inputs, fz.InputsDecide = InputsDecide(fz)
		if fz.InputsDecide {
			fz.InputsSQL = InputsSQL(fz.Inputs)
		}
	}
	if row.Op != RowTry && HasTemp(row) && (!fz.Exact || fz.Mode != ModeLogic && fz.Mode != ModeCond) {
		panic("lower: a fused expression computes a conditional in a value but does not decide every row: " + ir.Format(fz.Expr))
	}
	fz.NullResult = HasNullResult(row)
	fz.Selects = FilterSelects(fz)
	if fz.Selects {
		fz.Terms = FilterTerms(row)
	}
	fz.OneBody = (fz.Mode == ModeLogic || fz.Mode == ModeCond) && Branches(row) >= oneLoopBranches
	fz.ItemReads = itemReads(fz)
	fz.EveryRow = everyRow(fz)
	switch {
	case fz.Selects:
		fz.Fallback = "none: the loop builds the selection itself, and no condition can fail"
	case row.Op == RowTry:
		fz.Fallback = "none: TRY's loop decides every row"
	default:
		fz.Fallback = "vector code over the rows the loops leave"
	}
	annotate(row)
	for _, a := range fz.Absorbs {
		annotate(a.Row)
	}
	fz.Leaves, fz.Tests = leaves(fz)
}

// leaves lists the inputs fused expression fz's loops read (its absorbed
// values' first, then its own; each once, by its SQL) and the per-row tests
// that can leave a row to the vector code or decide it: a NULL input, a
// kernel that can fail, a map item that may be missing or NULL.
func leaves(fz *Fused) (ins []string, tests []string) {
	seen := map[string]bool{}
	add := func(list *[]string, s string) {
		if !seen[s] {
			seen[s] = true
			*list = append(*list, s)
		}
	}
	var walk func(r *Row)
	walk = func(r *Row) {
		if r == nil {
			return
		}
		switch r.Op {
		case RowColumn:
			add(&ins, r.Column.Name)
			if r.Column.Nullable {
				add(&tests, r.Column.Name+" IS NULL")
			}
		case RowVector:
			sql := fmt.Sprintf("#%d %s", r.Shared.ID, r.Shared.SQL)
			add(&ins, sql)
			add(&tests, sql+" IS NULL")
			if r.MayFail {
				add(&tests, sql+" failed")
			}
		case RowMemo:
			add(&ins, fmt.Sprintf("memo #%d %s", r.Shared.ID, r.Shared.SQL))
		case RowMap:
			add(&ins, r.Column.Name)
			if r.Column.Nullable {
				add(&tests, r.Column.Name+" IS NULL")
			}
			if itemRead(r) {
				add(&tests, r.Fn+" item of "+r.Column.Name+" missing or NULL")
			}
		}
		for _, a := range r.Args {
			walk(a)
		}
		walk(r.Subject)
		walk(r.Else)
		walk(r.Local)
		// after its operands, in the order a row meets them
		switch {
		case r.Op == RowKernel && r.Flags:
			add(&tests, r.Sig.Kernel+" fails")
		case r.Op == RowMatch:
			add(&tests, "pattern of "+r.Fn+" compiled")
		}
	}
	for _, a := range fz.Absorbs {
		walk(a.Row)
	}
	walk(fz.Row)
	return ins, tests
}

// leaveWhy says why a fused expression decides no NULL row itself.
func leaveWhy(fz *Fused, absorbsStrict bool) string {
	switch {
	case !absorbsStrict:
		return "absorbs a value that is not strict: rows with a NULL input go to the vector code"
	case fz.Row.Op == RowAnd || fz.Row.Op == RowOr:
		return "an AND/OR with an operand that is not strict (or reading an absorbed value, or written directly): rows with a NULL input go to the vector code"
	}
	return "not NULL-aware: rows with a NULL input go to the vector code"
}

// itemRead reports whether r reads a map item (a subscript or element_at
// over a MAP input column), which may be missing or NULL; cardinality and
// map_contains_key read no item.
func itemRead(r *Row) bool {
	return r.Op == RowMap && r.Fn != "cardinality" && r.Fn != "map_contains_key"
}

// itemReads reports whether fused expression fz reads map items: its loops
// must then also test for NULL items on a dirty batch.
func itemReads(fz *Fused) bool {
	found := AnyRow(fz.Row, itemRead)
	for _, a := range fz.Absorbs {
		found = found || AnyRow(a.Row, itemRead)
	}
	return found
}

// everyRow is the plan's part of whether a fused expression computes every
// row of a dirty batch by the clean batch's body, a row with a NULL input
// too (its value is never read), and makes the result NULL where the AND of
// its inputs' validity says: a strict expression of fixed width whose
// failed rows are their first error (EveryRow), or a WHERE clause that can
// be TRUE only where every input is not NULL (FilterEveryRow: NULL there
// stands for FALSE too, as both leave the row out). The printer also needs
// every input's NULLs as validity words and no error test.
func everyRow(fz *Fused) bool {
	if fz.Mode == ModeLogic && fz.Filter && !fz.OneBody {
		return len(fz.Absorbs) == 0 && FilterEveryRow(fz.Row)
	}
	if fz.Mode != ModeStrict || fz.OneBody {
		return false
	}
	switch fz.Expr.Type().Kind {
	case ir.KindVarchar, ir.KindBinary, ir.KindMap:
		return false
	}
	ok := EveryRow(fz.Row)
	for _, a := range fz.Absorbs {
		ok = ok && EveryRow(a.Row)
	}
	return ok
}

// annotate records on each node of row program r the facts the printer
// reads of it.
func annotate(r *Row) {
	if r == nil {
		return
	}
	r.Chosen, r.ChosenCase = Chosen(r), ChosenCase(r)
	r.CanFlag, r.CanFlagVectors = CanFlag(r, false), CanFlag(r, true)
	r.StoredAnyRow = StoredAnyRow(r)
	r.CondAnyRow = CondAnyRow(r)
	r.Inputs, r.InputsDecide = NullInputs(r)
	for _, a := range r.Args {
		annotate(a)
	}
	annotate(r.Subject)
	annotate(r.Else)
	annotate(r.Local)
}

// loopLine sums up the loops' decisions on one line: the mode and its
// reason, then what else the printer follows.
func (f *Fused) loopLine() string {
	parts := []string{"mode " + f.Mode.String() + " (" + f.ModeWhy + ")"}
	if f.Exact {
		parts = append(parts, "exact errors")
	}
	if f.NoteVectors && AnyRow(f.Row, func(x *Row) bool { return x.Op == RowVector && x.MayFail }) {
		parts = append(parts, "notes shared vectors' errors")
	}
	if f.InputsDecide {
		if f.InputsSQL == "" {
			parts = append(parts, "never NULL")
		} else {
			parts = append(parts, "NULL exactly where "+f.InputsSQL+" is")
		}
	}
	if f.Selects {
		parts = append(parts, "builds the selection")
	}
	if f.OneBody {
		parts = append(parts, "one body for every batch")
	}
	if f.ItemReads {
		parts = append(parts, "reads map items (a dirty batch's loop tests for NULL items)")
	}
	if f.EveryRow {
		parts = append(parts, "may compute every row of a dirty batch")
	}
	return "loops: " + strings.Join(parts, "; ")
}
