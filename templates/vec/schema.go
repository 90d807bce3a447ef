package vec

import (
	"fmt"
	"sync/atomic"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/rt"
)

// CheckSchema reports whether a batch with schema got can be read as want: the
// same columns in the same order with the same names and Arrow types. The error
// names the first column that differs, so a caller that wired the wrong table
// learns which column to look at.
//
// A schema is immutable, and a reader hands out one schema for all of its
// batches, so a pair of schemas that passed is remembered (a few pairs, by
// the wanted schema) and passes again with two pointer comparisons: the
// field-by-field check took a tenth of a 1000-row batch's time.
func CheckSchema(got, want *arrow.Schema) error {
	slot := &checkedSchemas[uintptr(unsafe.Pointer(want))>>4%uintptr(len(checkedSchemas))]
	if p := slot.Load(); p != nil && p.got == got && p.want == want {
		return nil
	}
	if err := checkSchema(got, want); err != nil {
		return err
	}
	slot.Store(&schemaPair{got, want})
	return nil
}

// schemaPair is a batch schema got that CheckSchema found readable as want.
type schemaPair struct{ got, want *arrow.Schema }

// checkedSchemas remembers the last pair that passed CheckSchema per slot.
var checkedSchemas [16]atomic.Pointer[schemaPair]

// checkSchema is CheckSchema without the memory of pairs that passed.
func checkSchema(got, want *arrow.Schema) error {
	if got.NumFields() != want.NumFields() {
		for i := 0; ; i++ {
			switch {
			case i >= got.NumFields():
				return fmt.Errorf("input batch has %d columns, want %d: column %q is missing", got.NumFields(), want.NumFields(), want.Field(i).Name)
			case i >= want.NumFields():
				return fmt.Errorf("input batch has %d columns, want %d: column %q is not in the table", got.NumFields(), want.NumFields(), got.Field(i).Name)
			case got.Field(i).Name != want.Field(i).Name:
				if _, ok := want.FieldsByName(got.Field(i).Name); !ok {
					return fmt.Errorf("input batch has %d columns, want %d: column %q is not in the table", got.NumFields(), want.NumFields(), got.Field(i).Name)
				}
				return fmt.Errorf("input batch has %d columns, want %d: column %q is missing", got.NumFields(), want.NumFields(), want.Field(i).Name)
			}
		}
	}
	for i := 0; i < want.NumFields(); i++ {
		g, w := got.Field(i), want.Field(i)
		if g.Name != w.Name {
			return fmt.Errorf("input column %d is %q, want %q", i, g.Name, w.Name)
		}
		if !arrow.TypeEqual(g.Type, w.Type) && !narrowDecimal(g.Type, w.Type) {
			return fmt.Errorf("input column %q has type %s, want %s", w.Name, g.Type, w.Type)
		}
	}
	return nil
}

// narrowDecimal reports whether got is a decimal32 or decimal64 of want's
// precision and scale, which vec.Decimals widens to want's decimal128.
func narrowDecimal(got, want arrow.DataType) bool {
	w, ok := want.(*arrow.Decimal128Type)
	if !ok {
		return false
	}
	switch g := got.(type) {
	case *arrow.Decimal32Type:
		return g.Precision == w.Precision && g.Scale == w.Scale
	case *arrow.Decimal64Type:
		return g.Precision == w.Precision && g.Scale == w.Scale
	}
	return false
}

// NotNull reports the first row where a column declared NOT NULL holds a NULL.
func NotNull(a arrow.Array, name string) error {
	if a.NullN() == 0 {
		return nil
	}
	for i := 0; i < a.Len(); i++ {
		if a.IsNull(i) {
			return fmt.Errorf("input column %q is NOT NULL but row %d is null", name, i)
		}
	}
	return nil
}

// QueryError is the one error a query reports: the error at the lowest input
// row, and within that row the WHERE clause before the output columns in SELECT
// order (see rt.QueryError, which it names, so that the interpreter returns the
// same type).
type QueryError = rt.QueryError

// Failure is the earliest failure of a batch found so far, over the clauses of
// a query checked in order (the WHERE clause is clause 0, then the output
// columns): the lowest row wins, and on one row the earlier clause.
type Failure struct {
	Row    int
	Clause int
	Err    *rt.Error // nil: no failure
}

// Check looks for a failed row of clause's vector v over the rows of sel.
func Check[T any](f *Failure, v *Vec[T], sel Sel, n, clause int) {
	if r, e := First(v, sel, n); r >= 0 && (f.Err == nil || r < f.Row) {
		f.Row, f.Clause, f.Err = r, clause, e
	}
}

// QueryError is the error the query returns for f: clauses and texts are the
// names and SQL of its clauses, by clause number.
func (f *Failure) QueryError(clauses, texts []string) *QueryError {
	return &QueryError{Row: int64(f.Row), Column: clauses[f.Clause], Expr: texts[f.Clause], Err: f.Err}
}

// Release releases the arrays that are not nil (the output columns a fused
// loop wrote, when the query fails).
func Release(arrs ...arrow.Array) {
	for _, a := range arrs {
		if a != nil {
			a.Release()
		}
	}
}
