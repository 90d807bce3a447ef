package vec

import "github.com/exprc/exprc/templates/rt"

// Split divides the rows of sel by a condition: taken are the rows where c is
// TRUE, rest the rows where it is FALSE or NULL. Rows where c is an error are in
// neither: the caller copies those errors into the result with CopyErrs. This is
// how IF and each WHEN of a CASE narrow the rows their branches run on.
func Split(c *Vec[bool], sel Sel, n int) (taken, rest Sel) {
	cnt := sel.Rows(n)
	taken = make(Sel, 0, cnt)
	rest = make(Sel, 0, cnt)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		switch {
		case c.ErrAt(i) != nil:
		case !c.IsNull(i) && c.V[i]:
			taken = append(taken, int32(i))
		default:
			rest = append(rest, int32(i))
		}
	}
	return taken, rest
}

// NullRows returns the rows of sel where v is NULL (not an error), for COALESCE's
// next argument.
func NullRows[T any](v *Vec[T], sel Sel, n int) Sel {
	cnt := sel.Rows(n)
	out := make(Sel, 0, cnt)
	null := v.NullFlags()
	if null == nil {
		return out
	}
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if null[i] && v.ErrAt(i) == nil {
			out = append(out, int32(i))
		}
	}
	return out
}

// Merge copies rows sel of src (values, NULLs and errors) into dst.
func Merge[T any](dst, src *Vec[T], sel Sel, n int) {
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		// The row takes src's outcome whole: a fused loop may have marked
		// it NULL before it left the row to the vector code.
		if e := src.ErrAt(i); e != nil {
			dst.SetErr(i, e)
			dst.clearNull(i)
			continue
		}
		if dst.Err != nil {
			dst.Err[i] = nil
		}
		if src.IsNull(i) {
			dst.SetNull(i)
			continue
		}
		dst.V[i] = src.V[i]
		dst.clearNull(i)
	}
}

// MergeNonNull copies the rows of sel where src is a value or an error into dst
// (COALESCE: the first argument that is not NULL decides).
func MergeNonNull[T any](dst, src *Vec[T], sel Sel, n int) {
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if e := src.ErrAt(i); e != nil {
			dst.SetErr(i, e)
		} else if !src.IsNull(i) {
			dst.V[i] = src.V[i]
		}
	}
}

// Fill sets rows sel of dst to the constant c.
func Fill[T any](dst *Vec[T], c T, sel Sel, n int) {
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		dst.V[sel.Row(k)] = c
	}
}

// FillNull sets rows sel of dst to NULL.
func FillNull[T any](dst *Vec[T], sel Sel, n int) {
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		dst.SetNull(sel.Row(k))
	}
}

// FillErr sets rows sel of dst to the error e.
func FillErr[T any](dst *Vec[T], e *rt.Error, sel Sel, n int) {
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		dst.SetErr(sel.Row(k), e)
	}
}

// CopyErrs copies the errors of src on rows sel into dst: a condition's error is
// the outcome of the IF or CASE it decides.
func CopyErrs[T, U any](dst *Vec[T], src *Vec[U], sel Sel, n int) {
	if src.Err == nil {
		return
	}
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if e := src.Err[i]; e != nil {
			dst.SetErr(i, e)
		}
	}
}

// Try turns errors into NULLs: TRY(e). The values are shared with v.
func Try[T any](v *Vec[T], sel Sel, n int) Vec[T] {
	out := Vec[T]{V: v.V, Valid: v.Valid} // a bitmap is never written: shared
	if v.Null != nil {
		out.Null = make([]bool, len(v.V))
		copy(out.Null, v.Null)
	}
	if v.Err != nil {
		cnt := sel.Rows(n)
		for k := 0; k < cnt; k++ {
			i := sel.Row(k)
			if v.Err[i] != nil {
				out.SetNull(i)
			}
		}
	}
	return out
}

// IsNull computes "v IS NULL" (or IS NOT NULL when not is set); an error stays
// an error.
func IsNull[T any](v *Vec[T], not bool, sel Sel, n int) Vec[bool] {
	out := Make[bool](n)
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if e := v.ErrAt(i); e != nil {
			out.SetErr(i, e)
			continue
		}
		out.V[i] = v.IsNull(i) != not
	}
	return out
}

// NullIf computes NULLIF(a, b) from a and the comparison eq = (a = b) on rows
// sel: eq's error is the outcome, TRUE gives NULL, anything else gives a.
func NullIf[T any](a *Vec[T], eq *Vec[bool], sel Sel, n int) Vec[T] {
	out := Make[T](n)
	cnt := sel.Rows(n)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		switch {
		case eq.ErrAt(i) != nil:
			out.SetErr(i, eq.Err[i])
		case !eq.IsNull(i) && eq.V[i]:
			out.SetNull(i)
		case a.ErrAt(i) != nil:
			out.SetErr(i, a.Err[i])
		case a.IsNull(i):
			out.SetNull(i)
		default:
			out.V[i] = a.V[i]
		}
	}
	return out
}

// Missing returns the rows of sel whose done flag is not set yet, and sets it:
// a lazily shared subexpression computes exactly these rows, so it runs at most
// once per row and only on rows that reach one of its uses.
func Missing(done []bool, sel Sel, n int) Sel {
	cnt := sel.Rows(n)
	out := make(Sel, 0, cnt)
	for k := 0; k < cnt; k++ {
		i := sel.Row(k)
		if !done[i] {
			done[i] = true
			out = append(out, int32(i))
		}
	}
	return out
}
