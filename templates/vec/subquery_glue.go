package vec

import (
	"strings"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/exprc/exprc/templates/rt"
)

// The vector-level glue between generated code and the subquery structures:
// building them from the vectors an inner phase computes over one inner
// batch, and probing them for the rows of an outer batch. The semantics are
// docs/semantics.md 3.12: the inner phase's first error (by inner row) is the
// outcome of every read; a read first takes its arguments' leftmost error.

// GroupResult answers one subquery form over a group of members (a nil group
// is the empty one); x is the probe of ANY (ignored by the other forms).
type GroupResult[V any, H comparable, R any] func(g *SubGroup[V, H], x V, xnull bool) (R, bool, *rt.Error)

// RangeResult answers one subquery form over the members a sorted probe
// selects.
type RangeResult[K, V any, H comparable, R any] func(r SubRange[K, V, H]) (R, bool, *rt.Error)

// The results, as GroupResult and RangeResult functions.

func ResExists[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (bool, bool, *rt.Error) {
	return g.Exists(), false, nil
}
func ResRows[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (int64, bool, *rt.Error) {
	return g.Rows(), false, nil
}
func ResCount[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (int64, bool, *rt.Error) {
	return g.Count(), false, nil
}
func ResScalar[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (V, bool, *rt.Error) {
	return g.Scalar()
}
func ResSumInt[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (int64, bool, *rt.Error) {
	return g.SumInt()
}
func ResSumFloat[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (float64, bool, *rt.Error) {
	v, null := g.SumFloat()
	return v, null, nil
}
func ResAvg[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (float64, bool, *rt.Error) {
	v, null := g.Avg()
	return v, null, nil
}

// ResSumDecimal returns the GroupResult of sum(x) over DECIMAL values, of
// type DECIMAL(p, s).
func ResSumDecimal[V any, H comparable](p int) GroupResult[V, H, rt.Decimal] {
	return func(g *SubGroup[V, H], _ V, _ bool) (rt.Decimal, bool, *rt.Error) { return g.SumDecimal(p) }
}

// ResAvgDecimal returns the GroupResult of avg(x) over DECIMAL values of
// scale sa, whose sum has sumP digits, of type DECIMAL(p, s).
func ResAvgDecimal[V any, H comparable](sa, sumP, s, p int) GroupResult[V, H, rt.Decimal] {
	return func(g *SubGroup[V, H], _ V, _ bool) (rt.Decimal, bool, *rt.Error) {
		return g.AvgDecimal(sa, sumP, s, p)
	}
}

func ResMin[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (V, bool, *rt.Error) {
	v, null := g.Min()
	return v, null, nil
}
func ResMax[V any, H comparable](g *SubGroup[V, H], _ V, _ bool) (V, bool, *rt.Error) {
	v, null := g.Max()
	return v, null, nil
}

// ResAny returns the GroupResult of x op ANY.
func ResAny[V any, H comparable](op SubRel) GroupResult[V, H, bool] {
	return func(g *SubGroup[V, H], x V, xnull bool) (bool, bool, *rt.Error) {
		r, null := g.Any(op, x, xnull)
		return r, null, nil
	}
}

func RangeExists[K, V any, H comparable](r SubRange[K, V, H]) (bool, bool, *rt.Error) {
	return r.Exists(), false, nil
}
func RangeRows[K, V any, H comparable](r SubRange[K, V, H]) (int64, bool, *rt.Error) {
	return r.Rows(), false, nil
}
func RangeCount[K, V any, H comparable](r SubRange[K, V, H]) (int64, bool, *rt.Error) {
	return r.Count(), false, nil
}
func RangeSumInt[K, V any, H comparable](r SubRange[K, V, H]) (int64, bool, *rt.Error) {
	return r.SumInt()
}

// RangeSumDecimal returns the RangeResult of sum(x) over DECIMAL values, of
// type DECIMAL(p, s).
func RangeSumDecimal[K, V any, H comparable](p int) RangeResult[K, V, H, rt.Decimal] {
	return func(r SubRange[K, V, H]) (rt.Decimal, bool, *rt.Error) { return r.SumDecimal(p) }
}

// RangeAvgDecimal returns the RangeResult of avg(x) over DECIMAL values of
// scale sa, whose sum has sumP digits, of type DECIMAL(p, s).
func RangeAvgDecimal[K, V any, H comparable](sa, sumP, s, p int) RangeResult[K, V, H, rt.Decimal] {
	return func(r SubRange[K, V, H]) (rt.Decimal, bool, *rt.Error) { return r.AvgDecimal(sa, sumP, s, p) }
}

func RangeMin[K, V any, H comparable](r SubRange[K, V, H]) (V, bool, *rt.Error) {
	v, null := r.Min()
	return v, null, nil
}
func RangeMax[K, V any, H comparable](r SubRange[K, V, H]) (V, bool, *rt.Error) {
	v, null := r.Max()
	return v, null, nil
}

// SubCandidates returns the rows of a batch of n rows that the inner
// conjuncts' outcome cond keeps (nil cond: every row), up to its first
// error, and that error's row (-1: none).
func SubCandidates(cond *Vec[bool], n int) (Sel, int, *rt.Error) {
	sel := make(Sel, 0, n)
	for i := 0; i < n; i++ {
		if cond == nil {
			sel = append(sel, int32(i))
			continue
		}
		if e := cond.ErrAt(i); e != nil {
			return sel, i, e
		}
		if !cond.IsNull(i) && cond.V[i] {
			sel = append(sel, int32(i))
		}
	}
	return sel, -1, nil
}

// SubFirstErr returns the first row of sel where any of errs (the Err slices
// of vectors, in evaluation order) is set, with the first such error of that
// row; -1 when none is.
func SubFirstErr(sel Sel, errs ...[]*rt.Error) (int, *rt.Error) {
	for _, r := range sel {
		for _, es := range errs {
			if es != nil && es[r] != nil {
				return int(r), es[r]
			}
		}
	}
	return -1, nil
}

// SubUpTo returns the rows of sel before row r (all of them when r < 0).
func SubUpTo(sel Sel, r int) Sel {
	if r < 0 {
		return sel
	}
	for k, i := range sel {
		if int(i) >= r {
			return sel[:k]
		}
	}
	return sel
}

// SubAddGroup adds the rows sel of val (nil: no value, as for count(*)) to g.
func SubAddGroup[V any, H comparable](g *SubGroup[V, H], val *Vec[V], sel Sel) {
	var zero V
	for _, i := range sel {
		if val == nil {
			g.Add(zero, false)
		} else {
			g.Add(val.V[i], val.IsNull(int(i)))
		}
	}
}

// SubAddKeyed adds the rows sel to t under their keys; a NULL key equals no
// outer key, so its row is never a member and is not stored.
func SubAddKeyed[K comparable, V any, H comparable](t *SubKeyed[K, V, H], key *Vec[K], val *Vec[V], sel Sel) {
	var zero V
	for _, i := range sel {
		if key.IsNull(int(i)) {
			continue
		}
		if val == nil {
			t.Add(key.V[i], zero, false)
		} else {
			t.Add(key.V[i], val.V[i], val.IsNull(int(i)))
		}
	}
}

// SubAddSorted adds the rows sel with a non-NULL key to a sorted builder.
func SubAddSorted[K, V any, H comparable](b *SubSortedBuilder[K, V, H], key *Vec[K], val *Vec[V], sel Sel) {
	var zero V
	for _, i := range sel {
		if key.IsNull(int(i)) {
			continue
		}
		if val == nil {
			b.Add(key.V[i], zero, false)
		} else {
			b.Add(key.V[i], val.V[i], val.IsNull(int(i)))
		}
	}
}

// SubPack appends key part src to the packed keys dst on the rows of sel (a
// NULL part makes the key NULL). Composite and DOUBLE keys are packed into
// strings so that equal SQL values are equal Go map keys.
func SubPack[T any](dst *Vec[string], src *Vec[T], enc func(*KeyPacker, T), sel Sel, n int) {
	var p KeyPacker
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		if src.IsNull(i) {
			dst.SetNull(i)
			continue
		}
		if dst.IsNull(i) {
			continue
		}
		p.Reset()
		enc(&p, src.V[i])
		dst.V[i] += string(p.Bytes())
	}
}

// SubArgErrs merges the Err slices of a read's argument vectors: per row,
// the leftmost argument's error (nil: no argument fails anywhere).
func SubArgErrs(n int, errs ...[]*rt.Error) []*rt.Error {
	var out []*rt.Error
	for _, es := range errs {
		if es == nil {
			continue
		}
		if out == nil {
			out = make([]*rt.Error, n)
		}
		for i, e := range es {
			if e != nil && out[i] == nil {
				out[i] = e
			}
		}
	}
	return out
}

// subRead is the shared loop of the probes: rows of sel with an argument
// error take it, then the inner phase's error, else answer(i).
func subRead[R any](argErrs []*rt.Error, innerErr *rt.Error, sel Sel, n int, answer func(i int) (R, bool, *rt.Error)) Vec[R] {
	res := Make[R](n)
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		if argErrs != nil && argErrs[i] != nil {
			res.SetErr(i, argErrs[i])
			continue
		}
		if innerErr != nil {
			res.SetErr(i, innerErr)
			continue
		}
		v, null, err := answer(i)
		switch {
		case err != nil:
			res.SetErr(i, err)
		case null:
			res.SetNull(i)
		default:
			res.V[i] = v
		}
	}
	return res
}

// SubReadOnce is an uncorrelated subquery's one result on every row of sel.
func SubReadOnce[R any](v R, null bool, err *rt.Error, sel Sel, n int) Vec[R] {
	return subRead(nil, err, sel, n, func(int) (R, bool, *rt.Error) { return v, null, nil })
}

// SubProbeSet answers x op ANY over one group (an uncorrelated ANY/IN).
func SubProbeSet[V any, H comparable](g *SubGroup[V, H], innerErr *rt.Error, res GroupResult[V, H, bool], x *Vec[V], sel Sel, n int) Vec[bool] {
	return subRead(x.Err, innerErr, sel, n, func(i int) (bool, bool, *rt.Error) {
		return res(g, x.V[i], x.IsNull(i))
	})
}

// SubProbeKeyed answers a subquery correlated by equalities: the group of
// each row's key (a NULL key matches nothing: the empty group). x is the
// probe of ANY, nil for the other forms.
func SubProbeKeyed[K comparable, V any, H comparable, R any](t *SubKeyed[K, V, H], innerErr *rt.Error, res GroupResult[V, H, R],
	x *Vec[V], key *Vec[K], argErrs []*rt.Error, sel Sel, n int) Vec[R] {
	var zero V
	return subRead(argErrs, innerErr, sel, n, func(i int) (R, bool, *rt.Error) {
		var g *SubGroup[V, H]
		if !key.IsNull(i) {
			g = t.Get(key.V[i])
		}
		if x == nil {
			return res(g, zero, false)
		}
		return res(g, x.V[i], x.IsNull(i))
	})
}

// SubProbeSorted answers a subquery correlated by one inequality "inner rel
// outer": the members a binary search selects (a NULL outer value selects
// none).
func SubProbeSorted[K, V any, H comparable, R any](s *SubSorted[K, V, H], innerErr *rt.Error, rel SubRel, res RangeResult[K, V, H, R],
	key *Vec[K], argErrs []*rt.Error, sel Sel, n int) Vec[R] {
	return subRead(argErrs, innerErr, sel, n, func(i int) (R, bool, *rt.Error) {
		if key.IsNull(i) {
			return res(SubRange[K, V, H]{})
		}
		return res(s.Probe(rel, key.V[i]))
	})
}

// SubLoop holds the candidate rows of a subquery whose correlation is tested
// per outer row: the inner batches (retained), their candidates and values.
type SubLoop[V any] struct {
	Batches []arrow.RecordBatch
	Cands   []Sel
	Vals    []Vec[V]
	HasVal  bool
}

// Add keeps the candidates cands of batch b, with their values (val nil: no
// value).
func (l *SubLoop[V]) Add(b arrow.RecordBatch, cands Sel, val *Vec[V]) {
	b.Retain()
	l.Batches = append(l.Batches, b)
	l.Cands = append(l.Cands, cands)
	if val != nil {
		l.HasVal = true
		l.Vals = append(l.Vals, *val)
	} else {
		l.Vals = append(l.Vals, Vec[V]{})
	}
}

// Release drops the retained batches.
func (l *SubLoop[V]) Release() {
	for _, b := range l.Batches {
		b.Release()
	}
	l.Batches = nil
}

// SubLoopGroup collects one outer row's members: cond gives, over one inner
// batch, the AND of the correlation with this row's outer values. The first
// candidate (in inner order) where it fails makes the read fail with its
// error; stopAtFirst ends at the first member (EXISTS whose correlation
// cannot fail).
func SubLoopGroup[V any, H comparable](l *SubLoop[V], spec *SubSpec[V, H], stopAtFirst bool, cond func(b arrow.RecordBatch) Vec[bool]) (*SubGroup[V, H], *rt.Error) {
	g := NewSubGroup(spec)
	var zero V
	for j, b := range l.Batches {
		if len(l.Cands[j]) == 0 {
			continue
		}
		c := cond(b)
		for _, i := range l.Cands[j] {
			if e := c.ErrAt(int(i)); e != nil {
				return nil, e
			}
			if c.IsNull(int(i)) || !c.V[i] {
				continue
			}
			if l.HasVal {
				g.Add(l.Vals[j].V[i], l.Vals[j].IsNull(int(i)))
			} else {
				g.Add(zero, false)
			}
			if stopAtFirst {
				return g, nil
			}
		}
	}
	return g, nil
}

// SubParam is an outer value inside a per-row test: the value on every row,
// or NULL.
func SubParam[T any](n int, v T, null bool) Vec[T] {
	if null {
		return NullVec[T](n)
	}
	return Const(n, v)
}

// Tables gives a prepared query the whole contents of the tables its
// subqueries read, keyed by lower-cased table name.
type Tables map[string][]arrow.RecordBatch

// Read returns the batches of table name, checked against its schema and
// its NOT NULL columns (notNull lists their indexes).
func (t Tables) Read(name string, schema *arrow.Schema, notNull []int) ([]arrow.RecordBatch, error) {
	batches, ok := t[name]
	if !ok {
		return nil, &missingTable{name}
	}
	for _, b := range batches {
		if err := CheckSchema(b.Schema(), schema); err != nil {
			return nil, err
		}
		for _, c := range notNull {
			if err := NotNull(b.Column(c), schema.Field(c).Name); err != nil {
				return nil, err
			}
		}
	}
	return batches, nil
}

type missingTable struct{ name string }

func (m *missingTable) Error() string {
	return "no input given for table " + m.name + ", which a subquery reads"
}

// subBuilds counts the settled subquery structures built in this process.
var subBuilds atomic.Int64

// NoteBuild records that a prepared query built one settled subquery (each
// merged subquery once); SubqueryBuilds reads the count, so tests can see
// that identical subqueries are built once.
func NoteBuild() { subBuilds.Add(1) }

// SubqueryBuilds is the number of settled subqueries built so far.
func SubqueryBuilds() int64 { return subBuilds.Load() }

// ReadTables reads every batch of each reader (keyed by table name, any
// case) into Tables, for a prepared query's constructor; the caller releases
// the batches (ReleaseTables) when the prepared query is no longer used.
func ReadTables(readers map[string]array.RecordReader) (Tables, error) {
	out := Tables{}
	for name, r := range readers {
		var batches []arrow.RecordBatch
		for r.Next() {
			b := r.RecordBatch()
			b.Retain()
			batches = append(batches, b)
		}
		out[strings.ToLower(name)] = batches
		if err := r.Err(); err != nil {
			ReleaseTables(out)
			return nil, err
		}
	}
	return out, nil
}

// ReleaseTables releases every batch of t.
func ReleaseTables(t Tables) {
	for _, bs := range t {
		for _, b := range bs {
			b.Release()
		}
	}
}
