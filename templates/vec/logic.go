package vec

import (
	"github.com/exprc/exprc/templates/rt"
)

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
	if op.Clean() {
		// no row of the operand is NULL or an error: a row it decides
		// takes the dominant value, the others stay live
		v, dominant, marked := op.V, l.Dominant, l.Out.Err != nil || l.Out.MayBeNull()
		for _, r := range l.Live {
			if v[r] != dominant {
				live = append(live, r)
				continue
			}
			l.Out.V[r] = dominant
			if marked {
				if l.Out.Err != nil {
					l.Out.Err[r] = nil
				}
				l.Out.clearNull(int(r))
			}
		}
		l.Live = live
		return
	}
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
//
// It has no branch per row: each row's index is written and the count
// advances by whether the row is kept, its validity taken 64 rows at a time
// from a bitmap (a WHERE clause is kept on a fraction of rows no branch
// predictor guesses).
func Where(c *Vec[bool], n int) Sel {
	out := make(Sel, n+1) // one spare: the last write may be of a row not kept
	vals := c.V[:n]
	k := 0
	switch {
	case c.Err == nil && c.Null == nil && !c.Valid.Has():
		for i, v := range vals {
			out[k] = int32(i)
			k += int(b2u(v))
		}
	case c.Err == nil && c.Null == nil:
		for base := 0; base < n; base += 64 {
			w := c.Valid.Word(base)
			for j, v := range vals[base:min(base+64, n)] {
				out[k] = int32(base + j)
				k += int(b2u(v) & (w >> uint(j) & 1))
			}
		}
	default:
		for i := 0; i < n; i++ {
			if c.ErrAt(i) == nil && !c.IsNull(i) && c.V[i] {
				out[k] = int32(i)
				k++
			}
		}
	}
	return out[:k:k]
}

// b2u is 1 for true and 0 for false, without a branch: the compiler makes
// it a SETcc into a register. (Reading the bool's byte through a pointer
// would put it in memory first.)
func b2u(b bool) uint64 {
	var u uint64
	if b {
		u = 1
	}
	return u
}
