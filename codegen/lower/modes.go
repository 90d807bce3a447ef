package lower

import (
	"strings"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/cse"
	"github.com/exprc/exprc/ir"
)

// How a fused loop decides a row with a NULL input or a failed kernel.
//
// A fused loop computes every row of a clean batch (no NULL input) by the
// expression's plain Go code. On a dirty batch it decides the rows with a
// NULL input itself when the row program says how: a strict program is NULL
// where an input is (StrictRow); an AND or OR of strict operands follows the
// three-valued rules; a conditional or a value whose leaves are strict
// (NullAware) is NULL where the inputs of the value it takes are. A row that
// fails is decided in the loop too when the first error the row's Go code
// meets is the row's outcome (ExactErrors); otherwise the row is left to the
// vector code.
//
// A conditional in a value position (an operand of a kernel, a condition, a
// COALESCE argument: Row.Temp) is computed by statements into a per-row
// local before the statement that reads it, with its own first error and
// NULL flag, read where the value is; so it is fused only where the loop
// decides every row itself (TempsDecided).

// StrictRow reports whether row program r is strict: made of kernels,
// matches and the values they read only, so that it is NULL exactly where an
// input is (NULL beats an error).
func StrictRow(r *Row) bool {
	return strictOver(r, func(x *Row) bool {
		switch x.Op {
		case RowConst, RowColumn, RowVector, RowLocal:
			return true
		}
		return false
	})
}

// StrictOperand reports whether row program r is NULL exactly where one of
// its inputs is, an input being a column, a vector, an absorbed value of a
// strict program, or a conditional computed into a local (whose NULL flag is
// then the input): a strict row, or BETWEEN or IN of a strict value against
// constants.
func StrictOperand(r *Row) bool {
	return strictOver(r, func(x *Row) bool {
		if x.Temp {
			return NullAware(x)
		}
		switch x.Op {
		case RowBetween, RowIn:
			for _, a := range x.Args[1:] {
				if a.Op != RowConst {
					return false
				}
			}
			return StrictRow(x.Args[0])
		case RowLocal:
			return x.Local != nil && StrictRow(x.Local)
		case RowConst, RowColumn, RowVector, RowIsNull, RowMemo:
			return true // (IS NULL is never NULL; a memo row is NULL by its vector)
		}
		return false
	})
}

// strictOver reports whether r is a chain of kernels and matches over
// leaves that leaf accepts.
func strictOver(r *Row, leaf func(*Row) bool) bool {
	switch r.Op {
	case RowKernel, RowLike, RowMatch:
		for _, a := range r.Args {
			if !strictOver(a, leaf) {
				return false
			}
		}
		return true
	}
	return leaf(r)
}

// NullAware reports whether value r (a result: stored, so NULL matters) can
// decide its NULL rows in the loop: a strict operand, or a conditional whose
// conditions are NullCond and whose results are NullAware, or a COALESCE of
// strict operands.
func NullAware(r *Row) bool {
	switch r.Op {
	case RowNull:
		return true
	case RowIf:
		return NullCond(r.Args[0]) && NullAware(r.Args[1]) && NullAware(r.Args[2])
	case RowCoalesce:
		for _, a := range r.Args {
			if !StrictOperand(a) {
				return false
			}
		}
		return true
	case RowCase:
		if r.Subject != nil && !StrictOperand(r.Subject) {
			return false
		}
		for k := 0; k < len(r.Args); k += 2 {
			c := r.Args[k]
			if r.Subject != nil && !StrictOperand(c) || r.Subject == nil && !NullCond(c) || !NullAware(r.Args[k+1]) {
				return false
			}
		}
		return NullAware(r.Else)
	}
	return StrictOperand(r)
}

// NullCond reports whether condition r can be decided on a row with a NULL
// input: only whether it is TRUE matters (NULL and FALSE take the same
// branch).
//
// An AND's operands must be strict: a NULL operand does not decide the AND
// (a later FALSE makes it FALSE, a later error an error), so its test needs
// to tell a NULL operand from a FALSE one, which an input test does only for
// a strict operand.
func NullCond(r *Row) bool {
	switch r.Op {
	case RowAnd:
		for _, a := range r.Args {
			if !StrictOperand(a) {
				return false
			}
		}
		return true
	case RowOr:
		for _, a := range r.Args {
			if !NullCond(a) {
				return false
			}
		}
		return true
	}
	return StrictOperand(r)
}

// LogicRoot reports whether root r is an AND or OR of strict operands,
// which the loop decides by the three-valued rules (reading no absorbed
// subexpression: this mode does not compute them first).
func LogicRoot(r *Row) bool {
	if r.Op != RowAnd && r.Op != RowOr || readsLocal(r) {
		return false
	}
	for _, a := range r.Args {
		if !StrictOperand(a) {
			return false
		}
	}
	return true
}

func readsLocal(r *Row) bool { return AnyRow(r, func(x *Row) bool { return x.Op == RowLocal }) }

// AnyRow reports whether pred holds for r or a row below it (its arguments,
// a CASE's operand and ELSE).
func AnyRow(r *Row, pred func(*Row) bool) bool {
	if r == nil {
		return false
	}
	if pred(r) {
		return true
	}
	for _, a := range r.Args {
		if AnyRow(a, pred) {
			return true
		}
	}
	return AnyRow(r.Subject, pred) || AnyRow(r.Else, pred)
}

// ExactErrors reports whether, on a row whose NULL inputs the loop decides
// itself, the first error the row's Go code meets is the row's outcome, so
// that the loop may record it rather than leave the row to the vector code.
// Go evaluates a call's arguments left to right before the call, so the
// first error of a strict chain is the leftmost failed argument's (NULL
// beats it: the loop tests NULL inputs first); a condition's error is met
// before its branch runs, and a COALESCE argument runs only once the ones
// before it are NULL; a conditional computed into a local keeps its error
// apart until the value is read. What breaks it: an AND or OR operand that
// can fail followed by others (a later FALSE, or TRUE, wins over its error,
// but the loop meets the error first), a simple CASE's operand that can fail
// (computed first; a NULL WHEN value beats its error), an absorbed
// subexpression that can fail (computed first on every row, before the
// condition whose error would be the outcome), and map lookups (a missing
// key or a NULL item flags the row without an error).
//
// With vectors, a shared vector the loop reads that may hold errors counts
// as a value that can fail (the loop notes its error where it reads it);
// without, the loop leaves a row with a failed input to the vector code
// before computing anything, and only kernels count.
func ExactErrors(r *Row, vectors bool) bool {
	ok := true
	var walk func(r *Row)
	walk = func(r *Row) {
		if r == nil || !ok {
			return
		}
		switch r.Op {
		case RowMap:
			ok = false
			return
		case RowLocal:
			if r.Local == nil || CanFlag(r.Local, vectors) {
				ok = false
			}
			return
		case RowMemo:
			return // computed apart, its error noted where it is read
		case RowAnd, RowOr:
			for _, a := range r.Args[:len(r.Args)-1] {
				if CanFlag(a, vectors) {
					ok = false
				}
			}
		case RowCase:
			if CanFlag(r.Subject, vectors) {
				ok = false
			}
		}
		for _, a := range r.Args {
			walk(a)
		}
		walk(r.Subject)
		walk(r.Else)
	}
	walk(r)
	return ok
}

// CanFlag reports whether row program r can flag a row: a kernel that can
// fail, or a map lookup, in it, or an absorbed value whose program can (or,
// with vectors, a shared vector that may hold errors).
func CanFlag(r *Row, vectors bool) bool {
	if r == nil {
		return false
	}
	switch {
	case r.Op == RowMap, r.Op == RowKernel && r.Flags:
		return true
	case r.Op == RowLocal:
		return r.Local == nil || CanFlag(r.Local, vectors)
	case r.Op == RowVector:
		return vectors && cse.MayFail(r.Expr)
	case r.Op == RowMemo:
		return cse.MayFail(r.Shared.Expr)
	}
	for _, a := range r.Args {
		if CanFlag(a, vectors) {
			return true
		}
	}
	return CanFlag(r.Subject, vectors) || CanFlag(r.Else, vectors)
}

// HasTemp reports whether row program r computes a conditional in a value
// position, or reads a lazily shared value (computed apart the same way).
func HasTemp(r *Row) bool {
	return AnyRow(r, func(x *Row) bool { return x.Temp || x.Op == RowMemo })
}

// TempsDecided reports whether root program r, which computes conditionals
// in value positions, decides every row in the loop: it does not leave a
// row whose NULL input or failed kernel the vector code would decide
// (which a conditional computed into a local cannot be handed over with).
func TempsDecided(r *Row) bool {
	return ExactErrors(r, false) && (LogicRoot(r) || NullAware(r))
}

// Branches counts the conditionals of row program r, and the lazily shared
// values it reads (each computed under a test of its own), with theirs.
func Branches(r *Row) int {
	if r == nil {
		return 0
	}
	n := 0
	switch r.Op {
	case RowIf, RowCase, RowCoalesce:
		n = 1
	case RowMemo:
		n = 1 + Branches(r.Local)
	}
	for _, a := range r.Args {
		n += Branches(a)
	}
	return n + Branches(r.Subject) + Branches(r.Else)
}

// EveryRow reports whether strict row program r (StrictRow) may be computed
// on every row of a batch, one with a NULL input too, whose value is then
// never read: the loop then runs the clean batch's body over a dirty batch,
// and the result's validity is the AND of its inputs' (vec.AndValid). It
// may not where a kernel builds a string or a map, whose size a NULL row's
// arbitrary values could set (lpad, repeat), or where a value read is a
// shared vector that may fail (its failed rows are decided by the vector
// code, which the AND of validities knows nothing of), or where a kernel's
// calls are observed (ir.Signature.Observed: the CSE checker's probe).
func EveryRow(r *Row) bool {
	switch r.Op {
	case RowConst, RowColumn:
		return true
	case RowVector:
		return !cse.MayFail(r.Expr)
	case RowLocal:
		return r.Local != nil && EveryRow(r.Local)
	case RowKernel, RowLike, RowMatch:
		if r.Op == RowKernel && !kernelAnyRow(r.Sig) {
			return false
		}
		for _, a := range r.Args {
			if !EveryRow(a) {
				return false
			}
		}
		return true
	}
	return false
}

// kernelAnyRow reports whether a kernel may be called on a NULL row's
// arbitrary inputs: its calls are not observed, and it builds no string or
// map whose size such an input could set.
func kernelAnyRow(sig *ir.Signature) bool {
	if sig == nil || sig.Observed {
		return false
	}
	return !sig.Ret.IsByteString() && sig.Ret.Kind != ir.KindMap
}

// FilterEveryRow reports whether a WHERE clause r may be computed on every
// row of a batch, one with a NULL input too, by its clean batch's code, the
// rows with a NULL input then left out: an AND whose operands are TRUE only
// where all of their inputs are not NULL (EveryRow values, BETWEEN of them,
// IN of one against constants). On a row with a NULL input the clause is
// FALSE or NULL, and either leaves the row out.
func FilterEveryRow(r *Row) bool {
	if r.Op != RowAnd {
		return false
	}
	for _, a := range r.Args {
		if !trueOnlyIfValid(a) {
			return false
		}
	}
	return true
}

func trueOnlyIfValid(r *Row) bool {
	switch r.Op {
	case RowAnd:
		return FilterEveryRow(r)
	case RowBetween:
		for _, a := range r.Args {
			if !EveryRow(a) {
				return false
			}
		}
		return true
	case RowIn:
		for _, a := range r.Args[1:] {
			if a.Op != RowConst {
				return false
			}
		}
		return EveryRow(r.Args[0])
	case RowKernel:
		return r.Sig != nil && r.Sig.Ret.Kind == ir.KindBoolean && EveryRow(r)
	case RowLike, RowMatch, RowVector:
		return EveryRow(r) // (a vector here is a condition: BOOLEAN)
	case RowColumn:
		return r.Column.T.Kind == ir.KindBoolean
	}
	return false
}

// StoredAnyRow reports whether a conditional's result value r may be
// computed and stored on a row where it is NULL (its NULL mark set apart,
// without a branch): it cannot fail, and it is computed as safely on a NULL
// row's arbitrary inputs as EveryRow says. A local, and a conditional
// computed into one that cannot fail, are computed before the value anyway.
func StoredAnyRow(r *Row) bool {
	if r.Temp {
		// computed into its local before, with its own NULL flag; one that
		// can fail notes its error where it is read, which on a NULL row
		// must not happen
		return !CanFlag(r, true)
	}
	switch r.Op {
	case RowLocal, RowConst, RowColumn:
		return true
	case RowVector:
		return !cse.MayFail(r.Expr)
	case RowKernel, RowLike, RowMatch:
		if r.Op == RowKernel && (r.Flags || !kernelAnyRow(r.Sig)) {
			return false
		}
		for _, a := range r.Args {
			if !StoredAnyRow(a) {
				return false
			}
		}
		return true
	}
	return false
}

// HasNullResult reports whether row program r has a NULL result (RowNull).
func HasNullResult(r *Row) bool { return AnyRow(r, func(x *Row) bool { return x.Op == RowNull }) }

// hasValueResult reports whether conditional r has a result that is a
// value (not every result NULL: then the loop would store nothing).
func hasValueResult(r *Row) bool {
	switch r.Op {
	case RowNull:
		return false
	case RowIf:
		return hasValueResult(r.Args[1]) || hasValueResult(r.Args[2])
	case RowCase:
		for k := 1; k < len(r.Args); k += 2 {
			if hasValueResult(r.Args[k]) {
				return true
			}
		}
		return hasValueResult(r.Else)
	}
	return true
}

// chooseCost is how many kernel calls an IF's two results may make
// together for the loop to compute both on every row and select one
// (Chosen): a mispredicted branch costs about as much as a few of them.
const chooseCost = 4

// Chosen reports whether IF r is computed as a select between its two
// results (vec.ChooseInt64 and its kin), with no branch: both are values
// (not conditionals, nor lazily shared reads) of a fixed-width type that
// cannot fail and may be computed on any row (StoredAnyRow), and together
// they call at most chooseCost kernels. On data where the condition picks
// either side at random, a branch is mispredicted every other row.
func Chosen(r *Row) bool {
	if r.Op != RowIf {
		return false
	}
	switch r.Expr.Type().Kind {
	case ir.KindBoolean, ir.KindInt, ir.KindBigint, ir.KindDouble, ir.KindDate:
	default:
		return false
	}
	cost := 0
	for _, a := range r.Args[1:] {
		if a.Temp || !StoredAnyRow(a) || AnyRow(a, func(x *Row) bool { return x.Op == RowMemo || x.Op == RowNull }) {
			return false
		}
		switch a.Op {
		case RowIf, RowCase, RowCoalesce:
			return false
		}
		cost += kernelCalls(a)
	}
	return cost <= chooseCost
}

// pickWhens is how many WHENs a CASE may have for the loop to compute all
// of their conditions on every row and pick its result (ChosenCase), and
// pickCost how many kernel calls and pattern tests those conditions may
// make together: the CASE it replaces computes them up to the first that
// holds, one mispredicted branch costing about as much as a few of them.
const (
	pickWhens = 8
	pickCost  = 8
)

// ChosenCase reports whether searched CASE r is computed without a branch:
// every condition on every row, the first that holds picking the result
// out of an array of them (vec.FirstTrue). Each condition cannot fail and
// may be computed on any row (CondAnyRow), none is a compiled matcher
// (which may cost far more than a branch), and each result is a value
// the row has already (a constant, an input column's value, a shared
// value computed earlier in the row), so that reading every one costs
// nothing. On data where the WHENs hold at random, a CASE of branches is
// mispredicted on most rows; SeedCase's labels from a map value's prefix
// were 1.6x slower that way than a loop that picks.
func ChosenCase(r *Row) bool {
	if r.Op != RowCase || r.Subject != nil || len(r.Args) == 0 || len(r.Args)/2 > pickWhens {
		return false
	}
	switch r.Expr.Type().Kind {
	case ir.KindVarchar, ir.KindBinary, ir.KindBoolean, ir.KindInt, ir.KindBigint, ir.KindDouble, ir.KindDate:
	default:
		return false
	}
	cost := 0
	for k := 0; k < len(r.Args); k += 2 {
		c := r.Args[k]
		// CondAnyRow refuses a node that may fail (a shared value computed
		// earlier in the row, RowLocal, is only read here); a compiled
		// matcher may cost far more than the branch it would save
		if !CondAnyRow(c) || HasTemp(c) || AnyRow(c, func(x *Row) bool { return x.Op == RowMatch }) {
			return false
		}
		cost += kernelCalls(c)
		if !pickedValue(r.Args[k+1]) {
			return false
		}
	}
	return cost <= pickCost && pickedValue(r.Else)
}

// pickedValue reports whether CASE result r is a value the row has
// already: reading it on a row that does not pick it costs nothing.
func pickedValue(r *Row) bool {
	if r == nil || r.Temp {
		return false
	}
	switch r.Op {
	case RowConst:
		return r.Const.V != nil
	case RowColumn, RowLocal:
		return true
	}
	return false
}

// kernelCalls counts the kernel calls and pattern tests of row program r.
func kernelCalls(r *Row) int {
	n := 0
	AnyRow(r, func(x *Row) bool {
		switch x.Op {
		case RowKernel, RowLike, RowMatch:
			n++
		}
		return false
	})
	return n
}

// CondAnyRow reports whether condition r may be computed on any row, one
// with a NULL input too, its value then ANDed with its inputs' validity:
// it cannot fail, and its kernels may see a NULL row's arbitrary values
// (StoredAnyRow), also as BETWEEN or IN of such values.
func CondAnyRow(r *Row) bool {
	switch r.Op {
	case RowBetween, RowIn:
		for _, a := range r.Args {
			if !StoredAnyRow(a) {
				return false
			}
		}
		return true
	}
	return StoredAnyRow(r)
}

// FilterSelects reports whether fused WHERE clause fz builds the selection
// of the rows it keeps in its own loop, with no boolean vector and no vector
// code: an AND whose rows with a NULL input are left out (FilterEveryRow) of
// conditions (FilterTerms) that cannot fail and may be computed on any row
// (CondAnyRow). Each is computed on every row and ANDed with the others and
// with the inputs' validity without a branch; the row's number is written
// and the selection's length advanced by the result.
func FilterSelects(fz *Fused) bool {
	return fz.Filter && len(fz.Absorbs) == 0 && filterSelects(fz.Row)
}

// filterSelects is FilterSelects for WHERE program r: an AND, or a single
// condition, that is TRUE only where its inputs are not NULL.
func filterSelects(r *Row) bool {
	if r.Op == RowAnd && !FilterEveryRow(r) || r.Op != RowAnd && !trueOnlyIfValid(r) {
		return false
	}
	for _, c := range FilterTerms(r) {
		if !CondAnyRow(c) || CanFlag(c, true) || HasTemp(c) {
			return false
		}
	}
	return true
}

// FilterTerms are the operands of AND r, nested ANDs flattened.
func FilterTerms(r *Row) []*Row {
	if r.Op != RowAnd {
		return []*Row{r}
	}
	var terms []*Row
	for _, a := range r.Args {
		terms = append(terms, FilterTerms(a)...)
	}
	return terms
}

// NullWhen reports whether row program r is NULL (not an error) on every row where
// absorbed shared subexpression id (a local the loop computes first) is
// NULL, whatever the other inputs: a strict value reading it, a
// conditional whose conditions all are (so that none is taken) and whose
// ELSE is, or whose results all are. A loop may then make such a row NULL
// as soon as the local is, without computing the rest (unless an error
// came first, which the loop leaves to the vector code).
func NullWhen(r *Row, id int) bool {
	if r == nil {
		return true // a CASE without ELSE: NULL
	}
	all := func(rs []*Row) bool {
		for _, a := range rs {
			if !NullWhen(a, id) {
				return false
			}
		}
		return true
	}
	switch r.Op {
	case RowLocal:
		return r.Shared.ID == id || r.Local != nil && NullWhen(r.Local, id)
	case RowNull:
		return true
	case RowBetween, RowIn:
		// NULL where the value is; a NULL bound or list item is not
		// enough (x BETWEEN NULL AND 5 is FALSE for x = 6, and
		// b IN (NULL, b) TRUE for a b that is not NULL)
		return NullWhen(r.Args[0], id)
	case RowKernel, RowLike, RowMatch, RowMap:
		if r.Sig != nil && r.Sig.EvalOutcomes != nil {
			return false // not strict
		}
		for _, a := range r.Args {
			if NullWhen(a, id) {
				return true
			}
		}
		return false
	case RowIf:
		// a condition that is not NULL there must not fail: its error
		// would be the outcome
		return NullWhen(r.Args[2], id) && (NullWhen(r.Args[0], id) || NullWhen(r.Args[1], id) && !CanFlag(r.Args[0], true))
	case RowCase:
		var conds, results []*Row
		for k := 0; k < len(r.Args); k += 2 {
			conds, results = append(conds, r.Args[k]), append(results, r.Args[k+1])
		}
		if !NullWhen(r.Else, id) {
			return false
		}
		if r.Subject != nil && NullWhen(r.Subject, id) {
			return true // a NULL operand matches no WHEN
		}
		// a NULL condition or WHEN value is not taken; conditions that are
		// not NULL there must not fail, or their error is the outcome
		if all(conds) {
			return true
		}
		for _, c := range conds {
			if CanFlag(c, true) {
				return false
			}
		}
		return r.Subject == nil && all(results)
	case RowCoalesce:
		return all(r.Args)
	}
	return false
}

// NullInputs returns the inputs (nullable columns and shared vectors) of
// row program r whose NULLs make it NULL, and no others: on every row, r is
// NULL exactly where one of them is, whatever the other inputs hold. ok is
// false where no such set exists (an IF whose two results are NULL on
// different inputs, a NULL result, a map lookup, a lazily shared value), or
// where r can flag a row (an error would then decide some rows), or where a
// kernel of r may not be computed on a NULL row's arbitrary values
// (StoredAnyRow). A loop may then compute r on every row by its dirty
// batch's code, and take the result's validity from the AND of these
// inputs' validity, 64 rows at a time, with no NULL mark per row:
// COALESCE(tax, 0.0) + discount is NULL exactly where discount is, and
// IF(shipdate < commitdate, qty, -qty) where qty is.
func NullInputs(r *Row) (ins []*Row, ok bool) {
	if CanFlag(r, true) {
		return nil, false
	}
	return nullInputs(r)
}

// InputsDecide reports whether fused root fz, a conditional of a
// fixed-width type that decides its NULL rows in its loop (NullAware, not
// strict), is NULL exactly where inputs ins are (NullInputs): its loop then
// computes every row of a dirty batch and takes the result's validity from
// theirs, marking no NULL per row.
func InputsDecide(fz *Fused) (ins []*Row, ok bool) {
	r := fz.Row
	t := fz.Expr.Type()
	if fz.Filter || r.Op == RowTry || !kinds.Known(t) || !kinds.Of(t).Fixed || StrictRow(r) || LogicRoot(r) || !NullAware(r) {
		return nil, false
	}
	for _, a := range fz.Absorbs {
		if !StrictRow(a.Row) || CanFlag(a.Row, true) {
			return nil, false
		}
	}
	return NullInputs(r)
}

// InputsSQL is the SQL of inputs (NullInputs), as explain and the
// generated code's comments name them: "a or b".
func InputsSQL(ins []*Row) string {
	names := make([]string, len(ins))
	for k, x := range ins {
		names[k] = ir.Format(x.Expr)
	}
	return strings.Join(names, " or ")
}

func nullInputs(r *Row) ([]*Row, bool) {
	if r == nil {
		return nil, false // a CASE without ELSE: NULL
	}
	switch r.Op {
	case RowConst:
		return nil, true
	case RowColumn:
		if !r.Column.Nullable {
			return nil, true
		}
		return []*Row{r}, true
	case RowVector:
		if cse.MayFail(r.Expr) {
			return nil, false
		}
		return []*Row{r}, true
	case RowLocal:
		if r.Local == nil {
			return nil, false
		}
		return nullInputs(r.Local)
	case RowIsNull:
		return nil, StoredAnyRow(r.Args[0])
	case RowKernel, RowLike, RowMatch:
		if r.Op == RowKernel && (r.Sig == nil || r.Sig.EvalOutcomes != nil || !kernelAnyRow(r.Sig)) {
			return nil, false
		}
		return unionInputs(r.Args)
	case RowIf:
		if !CondAnyRow(r.Args[0]) && !NullCond(r.Args[0]) {
			return nil, false
		}
		return sameInputs(r.Args[1:])
	case RowCase:
		if r.Subject != nil {
			return nil, false
		}
		results := []*Row{r.Else}
		for k := 0; k < len(r.Args); k += 2 {
			if !NullCond(r.Args[k]) {
				return nil, false
			}
			results = append(results, r.Args[k+1])
		}
		return sameInputs(results)
	case RowCoalesce:
		// NULL where every argument is: never, once one never is; else,
		// where arguments NULL on the same inputs are
		for _, a := range r.Args {
			ins, ok := nullInputs(a)
			if !ok {
				return nil, false
			}
			if len(ins) == 0 {
				return nil, true
			}
		}
		return sameInputs(r.Args)
	}
	return nil, false
}

// unionInputs is nullInputs of a strict call over rs: NULL where an
// argument is.
func unionInputs(rs []*Row) ([]*Row, bool) {
	var all []*Row
	for _, a := range rs {
		ins, ok := nullInputs(a)
		if !ok {
			return nil, false
		}
		all = addInputs(all, ins)
	}
	return all, true
}

// sameInputs is nullInputs of results rs of which one is taken: NULL on
// the same inputs, or not known.
func sameInputs(rs []*Row) ([]*Row, bool) {
	first, ok := nullInputs(rs[0])
	if !ok {
		return nil, false
	}
	for _, a := range rs[1:] {
		ins, ok := nullInputs(a)
		if !ok || len(ins) != len(first) || len(addInputs(first, ins)) != len(first) {
			return nil, false
		}
	}
	return first, true
}

// addInputs adds to set those of ins it does not hold yet (the same column,
// or the same shared vector).
func addInputs(set, ins []*Row) []*Row {
	for _, x := range ins {
		dup := false
		for _, y := range set {
			dup = dup || sameInput(x, y)
		}
		if !dup {
			set = append(set, x)
		}
	}
	return set
}

func sameInput(x, y *Row) bool {
	if x.Op != y.Op {
		return false
	}
	if x.Op == RowColumn {
		return x.Column.Index == y.Column.Index
	}
	return x.Def == y.Def
}
