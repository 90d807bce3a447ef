package vec

import "github.com/exprc/exprc/templates/rt"

// FailValues is a strict function's result over an argument on which it can
// only fail, with err (a LIKE or RLIKE whose constant pattern does not
// compile): on the rows of sel, NULL where arg is NULL (NULL beats an error),
// arg's error where it is one, and err elsewhere.
func FailValues[R, T any](arg *Vec[T], err *rt.Error, sel Sel, n int) Vec[R] {
	res := Make[R](n)
	for k, cnt := 0, sel.Rows(n); k < cnt; k++ {
		i := sel.Row(k)
		if arg.IsNull(i) {
			res.SetNull(i)
		} else if e := arg.ErrAt(i); e != nil {
			res.SetErr(i, e)
		} else {
			res.SetErr(i, err)
		}
	}
	return res
}
