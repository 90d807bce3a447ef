package vec

import "github.com/exprc/exprc/templates/rt"

// Logic accumulates an n-ary AND or OR operand by operand, in SQL text order, by
// design rule 2: the dominant value (FALSE for AND, TRUE for OR) decides a row
// whatever the other operands are; otherwise the leftmost error; otherwise NULL if
// any operand is NULL. Rows decided by a dominant value leave the live selection,
// so later operands are not computed there (an optimization the rule permits:
// their outcome cannot change the result).
type Logic struct {
	Dominant bool
	Out      Vec[bool]
	Live     Sel // rows not yet decided
	n        int
}

// NewLogic starts an AND (dominant false) or OR (dominant true) over rows sel.
func NewLogic(dominant bool, sel Sel, n int) *Logic {
	if sel == nil {
		sel = All(n)
	}
	return &Logic{Dominant: dominant, Out: Make[bool](n), Live: sel, n: n}
}

// Add folds in one operand computed on l.Live.
func (l *Logic) Add(op *Vec[bool]) {
	live := make(Sel, 0, len(l.Live)) // Live may be shared with an enclosing Logic: never filter it in place
	for _, r := range l.Live {
		i := int(r)
		e := op.ErrAt(i)
		switch {
		case e == nil && !op.IsNull(i) && op.V[i] == l.Dominant:
			l.Out.V[i] = l.Dominant
			if l.Out.Err != nil {
				l.Out.Err[i] = nil
			}
			l.Out.clearNull(i)
			continue // decided
		case e != nil:
			if l.Out.ErrAt(i) == nil {
				l.Out.SetErr(i, e)
			}
		case op.IsNull(i):
			l.Out.SetNull(i)
		}
		live = append(live, r)
	}
	l.Live = live
}

// Finish returns the result: undecided rows are their leftmost error, else NULL,
// else the non-dominant value.
func (l *Logic) Finish() Vec[bool] {
	for _, r := range l.Live {
		i := int(r)
		if l.Out.ErrAt(i) != nil {
			l.Out.clearNull(i)
			continue
		}
		l.Out.V[i] = !l.Dominant
	}
	return l.Out
}

// First returns the lowest selected row where v is an error, or -1.
func First[T any](v *Vec[T], sel Sel, n int) (int, *rt.Error) {
	if v.Err == nil {
		return -1, nil
	}
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if v.Err[i] != nil {
			return i, v.Err[i]
		}
	}
	return -1, nil
}

// Where turns the WHERE clause's result into the selection of rows it keeps
// (TRUE only). Error rows are not kept; the caller reports the first of them.
func Where(c *Vec[bool], n int) Sel {
	out := make(Sel, 0, n)
	for i := 0; i < n; i++ {
		if c.ErrAt(i) == nil && !c.IsNull(i) && c.V[i] {
			out = append(out, int32(i))
		}
	}
	return out
}
