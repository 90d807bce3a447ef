package bench

import (
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Compare reports how got differs from want (nil when it does not) by value:
// the same number of rows and columns, the same column names, and in every
// cell the same NULL or the same value, where the Arrow encodings may differ
// (a peer engine may return a string column as large_string or string_view,
// or an integer result as int32). DOUBLE values must be identical bit for bit
// but for NaN, which equals NaN: every benchmark query is computed in the same
// order of IEEE operations by every engine, so a difference is a wrong result,
// not a rounding.
func Compare(got, want arrow.RecordBatch) error {
	if got.NumRows() != want.NumRows() {
		return fmt.Errorf("%d rows, want %d", got.NumRows(), want.NumRows())
	}
	if got.NumCols() != want.NumCols() {
		return fmt.Errorf("%d columns, want %d", got.NumCols(), want.NumCols())
	}
	for c := range int(want.NumCols()) {
		name := want.Schema().Field(c).Name
		if g := got.Schema().Field(c).Name; g != name {
			return fmt.Errorf("column %d is %s, want %s", c, g, name)
		}
		g, w := got.Column(c), want.Column(c)
		for r := range w.Len() {
			gv, err := cell(g, r)
			if err != nil {
				return fmt.Errorf("column %s: %w", name, err)
			}
			wv, err := cell(w, r)
			if err != nil {
				return fmt.Errorf("column %s: %w", name, err)
			}
			if !sameCell(gv, wv) {
				return fmt.Errorf("column %s row %d: %v (%s), want %v (%s)", name, r, gv, g.DataType(), wv, w.DataType())
			}
		}
	}
	return nil
}

// cell returns the value of row r of a as nil (NULL), int64, float64, string,
// bool or arrow.Date32, whatever its Arrow encoding of that kind.
func cell(a arrow.Array, r int) (any, error) {
	if a.IsNull(r) {
		return nil, nil
	}
	switch a := a.(type) {
	case *array.Int64:
		return a.Value(r), nil
	case *array.Int32:
		return int64(a.Value(r)), nil
	case *array.Int16:
		return int64(a.Value(r)), nil
	case *array.Int8:
		return int64(a.Value(r)), nil
	case *array.Date32:
		return a.Value(r), nil
	case *array.Float64:
		return a.Value(r), nil
	case *array.String:
		return a.Value(r), nil
	case *array.LargeString:
		return a.Value(r), nil
	case *array.StringView:
		return a.Value(r), nil
	case *array.Boolean:
		return a.Value(r), nil
	}
	return nil, fmt.Errorf("cannot compare values of type %s", a.DataType())
}

func sameCell(g, w any) bool {
	gf, gok := g.(float64)
	wf, wok := w.(float64)
	if gok && wok {
		return math.Float64bits(gf) == math.Float64bits(wf) || (math.IsNaN(gf) && math.IsNaN(wf))
	}
	return g == w
}
