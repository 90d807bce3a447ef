package lower

import (
	"math"

	"github.com/exprc/exprc/ir"
)

// A range test on an integer column, `x >= lo AND x < hi` (a DATE range in
// a WHERE clause, say) or `x BETWEEN lo AND hi` with constant bounds, is
// one comparison in a fused loop: uint(x - lo) <= uint(hi - lo) holds
// exactly when lo <= x <= hi, with the bounds made inclusive. Both
// comparisons read only x, so the merged test is NULL exactly where they
// are, and neither can fail.

// rangeKernels are the kernels of the merged test, by the Go type of x.
var rangeKernels = map[string]string{"Int32": "InRangeInt32", "Int64": "InRangeInt64"}

// comparisons are the integer comparison kernels a bound is read from: the
// operator and the Go type of x.
var comparisons = map[string]struct{ op, suf string }{
	"GeInt32": {"Ge", "Int32"}, "GtInt32": {"Gt", "Int32"}, "LeInt32": {"Le", "Int32"}, "LtInt32": {"Lt", "Int32"},
	"GeInt64": {"Ge", "Int64"}, "GtInt64": {"Gt", "Int64"}, "LeInt64": {"Le", "Int64"}, "LtInt64": {"Lt", "Int64"},
}

// inRange is the function of the merged test's call, for explain and the
// analyses that read a row's expression.
var inRange = &ir.Function{Name: "in_range", Doc: "Internal: lo <= x <= hi for constant bounds (lowering only).", Strict: true}

// bound is one comparison of a column with a constant: the inclusive
// bound it sets (lower or upper), or ok false when the row is not one.
type bound struct {
	col   *ir.ColumnRef
	suf   string // "Int32" or "Int64"
	lower bool
	v     int64
}

// boundOf reads comparison row r as a bound on a column.
func boundOf(r *Row) (bound, bool) {
	if r.Op != RowKernel || r.Flags || r.Sig.KernelPkg != "" || len(r.Args) != 2 || len(r.Sig.KernelArgs) != 0 || r.Sig.KernelZone != "" {
		return bound{}, false
	}
	cmp, ok := comparisons[r.Sig.Kernel]
	if !ok {
		return bound{}, false
	}
	op, suf := cmp.op, cmp.suf
	x, c := r.Args[0], r.Args[1]
	if x.Op == RowConst && c.Op == RowColumn { // c op x: flip the operator
		x, c = c, x
		op = map[string]string{"Ge": "Le", "Gt": "Lt", "Le": "Ge", "Lt": "Gt"}[op]
	}
	if x.Op != RowColumn || c.Op != RowConst || c.Const == nil {
		return bound{}, false
	}
	var v int64
	switch cv := c.Const.V.(type) {
	case int32:
		v = int64(cv)
	case int64:
		v = cv
	case ir.Date:
		v = int64(cv)
	default:
		return bound{}, false
	}
	lim := int64(math.MaxInt32)
	if suf == "Int64" {
		lim = math.MaxInt64
	}
	switch op {
	case "Ge":
		return bound{x.Column, suf, true, v}, true
	case "Le":
		return bound{x.Column, suf, false, v}, true
	case "Gt":
		if v == lim {
			return bound{}, false
		}
		return bound{x.Column, suf, true, v + 1}, true
	case "Lt":
		if v == -lim-1 {
			return bound{}, false
		}
		return bound{x.Column, suf, false, v - 1}, true
	}
	return bound{}, false
}

// rangeRow is the merged test lo <= col <= hi, or nil when the bounds do
// not make a range the kernel takes (an empty one, or bounds beyond 32
// bits, which the generated code writes as int literals).
func rangeRow(col *ir.ColumnRef, suf string, lo, hi int64) *Row {
	if lo > hi || lo < math.MinInt32 || hi > math.MaxInt32 {
		return nil
	}
	sig := &ir.Signature{Params: []ir.Type{col.T}, Ret: ir.TypeBoolean, Kernel: rangeKernels[suf], KernelArgs: []int{int(lo), int(hi)}}
	return &Row{Op: RowKernel, Expr: &ir.Call{Fn: inRange, Sig: sig, Args: []ir.Expr{col}}, Sig: sig,
		Args: []*Row{{Op: RowColumn, Expr: col, Column: col}}}
}

// mergeRanges replaces, among AND row r's operands, a lower and an upper
// bound on the same integer column by one range test, at the place of the
// first of them.
func mergeRanges(r *Row) {
	for i := 0; i < len(r.Args); i++ {
		a, ok := boundOf(r.Args[i])
		if !ok {
			continue
		}
		for j := i + 1; j < len(r.Args); j++ {
			b, ok := boundOf(r.Args[j])
			if !ok || b.col.Index != a.col.Index || b.lower == a.lower || b.suf != a.suf {
				continue
			}
			lo, hi := a.v, b.v
			if !a.lower {
				lo, hi = b.v, a.v
			}
			if m := rangeRow(a.col, a.suf, lo, hi); m != nil {
				r.Args[i] = m
				r.Args = append(r.Args[:j], r.Args[j+1:]...)
			}
			break
		}
	}
}

// betweenRange is BETWEEN row r as one range test, or r itself when it is
// not over an integer column with constant bounds.
func betweenRange(r *Row) *Row {
	if len(r.Args) != 3 || len(r.Sigs) != 2 || r.Args[0].Op != RowColumn {
		return r
	}
	lo, okLo := boundOf(&Row{Op: RowKernel, Sig: r.Sigs[0], Args: r.Args[:2]})
	hi, okHi := boundOf(&Row{Op: RowKernel, Sig: r.Sigs[1], Args: []*Row{r.Args[0], r.Args[2]}})
	if !okLo || !okHi || !lo.lower || hi.lower {
		return r
	}
	if m := rangeRow(lo.col, lo.suf, lo.v, hi.v); m != nil {
		return m
	}
	return r
}
