package batch

import "github.com/exprc/exprc/templates/vec"

// rowArg is one argument of a typed per-row loop (the map functions, whose
// per-row work has no kernel): a vector, or a constant value, which is not
// spread over the batch. A NULL or error constant is a vector, so the strict
// rules see it.
type rowArg[T any] struct {
	v *vec.Vec[T]
	c T
}

// argOf is operand o of kind k as a rowArg over a batch of n rows.
func argOf[T any](k ops[T], o operand, n int) rowArg[T] {
	switch {
	case o.vec != nil:
		return rowArg[T]{v: k.v(o.vec)}
	case o.c.Err != nil || o.c.V == nil:
		return rowArg[T]{v: k.v(k.spread(n, o.c))}
	}
	return rowArg[T]{c: k.in(o.c.V)}
}

// at is the argument's value on row i.
func (a *rowArg[T]) at(i int) T {
	if a.v != nil {
		return a.v.V[i]
	}
	return a.c
}

// flags appends the argument's NULL and error flags (a constant has none).
func (a *rowArg[T]) flags(fs []vec.Flags) []vec.Flags {
	if a.v == nil {
		return fs
	}
	return append(fs, vec.FlagsOf(a.v))
}

// rowLoop is the loop of a strict function over the rows sel of a batch of
// n rows, as generated code's emitRows writes it: vec.Strict decides the
// rows an argument is NULL or failed on, and row returns, in turn, the
// rows of sel left to compute.
type rowLoop struct {
	sel     vec.Sel
	k, cnt  int
	dirty   bool
	isDirty func(i int) bool
}

// strictRows makes result res of n rows strict over the argument flags fs
// on rows sel and returns the loop over the rows left to compute.
func strictRows[R any](res *vec.Vec[R], sel vec.Sel, n int, fs []vec.Flags) rowLoop {
	l := rowLoop{sel: sel, cnt: sel.Rows(n)}
	l.dirty = !vec.Strict(res, sel, n, fs...)
	if l.dirty {
		l.isDirty = res.Dirty
	}
	return l
}

// row returns the next row to compute, or false when none is left.
func (l *rowLoop) row() (int, bool) {
	for l.k < l.cnt {
		i := l.sel.Row(l.k)
		l.k++
		if l.dirty && l.isDirty(i) {
			continue
		}
		return i, true
	}
	return 0, false
}
