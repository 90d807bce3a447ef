package batch

import (
	"cmp"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// subImpl is one settled subquery's structure and result functions for its
// Go types, chosen once when the query is compiled: generated code spells
// the same types out (codegen/subquery.go, subTypes).
type subImpl interface {
	// newState is the empty structure a Prepare builds.
	newState() subState
	// keyIs and valueIs report whether vectors of kind k are the Go type
	// of the structure's key (K) and value (V).
	keyIs(k kind) bool
	valueIs(k kind) bool
	// checkArgs checks a read's arguments (kinds ks) against the probe.
	checkArgs(ks []kind, ts []govec) error
}

// subState is one subquery's structure in a Prepared: built by the inner
// phase (add, fail, finish), then only read.
type subState interface {
	failed() bool
	// add adds the rows of one inner batch (their key vector, nil without
	// one, and value vector, nil without one); fail records the inner
	// phase's error after it (nil: none yet).
	add(in arrow.RecordBatch, key, value any, rows vec.Sel)
	fail(e *rt.Error)
	finish()
	// read probes the structure for the rows sel of an outer frame, given
	// the read's argument vectors: a *vec.Vec[R] of the result's type.
	read(fr *frame, def *subDef, args []any, ts []govec, sel vec.Sel) any
	release()
}

// newSubImpl chooses sub's Go types as generated code does: V (and its hash
// H) from the value's SQL type (BOOLEAN without a value), K from the range's
// inner side, a hashed key's type or the packed keys' string.
func newSubImpl(sub *lower.Sub) (subImpl, error) {
	s := sub.Settled
	vt := ir.TypeBoolean
	if s.Value != nil {
		vt = s.Value.Type()
	}
	vk, err := kindOf(vt)
	if err != nil {
		return nil, err
	}
	switch vk.(type) {
	case ops[bool]:
		return withKey(sub, vt, vec.SubSpecBool)
	case ops[int32]:
		return withKey(sub, vt, vec.SubSpecInt32)
	case ops[int64]:
		return withKey(sub, vt, vec.SubSpecInt64)
	case ops[float64]:
		return withKey(sub, vt, vec.SubSpecFloat64)
	case ops[string]:
		return withKey(sub, vt, vec.SubSpecString)
	case ops[rt.Decimal]:
		return withKey(sub, vt, vec.SubSpecDecimal)
	}
	return nil, unsupported("subquery values of type %s", vt)
}

func withKey[V any, H comparable](sub *lower.Sub, vt ir.Type, spec func(vec.SubNeed) *vec.SubSpec[V, H]) (subImpl, error) {
	s := sub.Settled
	kt := ir.TypeVarchar // the packed keys' string, and no key at all
	switch {
	case sub.Structure == lower.StructSorted:
		kt = s.Range.Inner.Type()
	case sub.Structure == lower.StructHashed && len(s.Keys) == 1:
		kt = s.Keys[0].Inner.Type()
	}
	kk, err := kindOf(kt)
	if err != nil {
		return nil, err
	}
	switch kk.(type) {
	case ops[bool]:
		return withResult(sub, vt, spec, rt.CompareBool)
	case ops[int32]:
		return withResult(sub, vt, spec, vec.CompareInt32)
	case ops[int64]:
		return withResult(sub, vt, spec, vec.CompareInt64)
	case ops[float64]:
		return withResult(sub, vt, spec, rt.CompareFloat64)
	case ops[string]:
		return withResult(sub, vt, spec, rt.CompareString)
	case ops[rt.Decimal]:
		return withResult(sub, vt, spec, rt.CompareDecimal)
	}
	return nil, unsupported("subquery keys of type %s", kt)
}

// withResult picks the result functions of the subquery's form (vec.Res*,
// and vec.Range* for a sorted structure), which fix the result type R.
func withResult[K comparable, V any, H comparable](sub *lower.Sub, vt ir.Type, spec func(vec.SubNeed) *vec.SubSpec[V, H], order func(a, b K) int) (subImpl, error) {
	s := sub.Settled
	b := base[K, V, H]{sub: sub, spec: spec, need: subNeed(s), order: order}
	if s.Kind == ir.SubAny {
		rel, ok := relOf(s.Cmp.Fn.Infix)
		if !ok {
			return nil, unsupported("the comparison %s of an ANY subquery", s.Cmp.Fn.Infix)
		}
		return newImpl(b, vec.ResAny[V, H](rel), nil)
	}
	if s.Range != nil {
		rel, ok := relOf(s.Range.Op)
		if !ok {
			return nil, unsupported("the range comparison %s of a subquery", s.Range.Op)
		}
		b.rel = rel
	}
	switch name := sub.Result; name {
	case "Exists":
		return newImpl(b, vec.ResExists[V, H], vec.RangeExists[K, V, H])
	case "Rows":
		return newImpl(b, vec.ResRows[V, H], vec.RangeRows[K, V, H])
	case "Count":
		return newImpl(b, vec.ResCount[V, H], vec.RangeCount[K, V, H])
	case "SumInt":
		return newImpl(b, vec.ResSumInt[V, H], vec.RangeSumInt[K, V, H])
	case "SumFloat":
		return newImpl(b, vec.ResSumFloat[V, H], nil)
	case "Avg":
		return newImpl(b, vec.ResAvg[V, H], nil)
	case "SumDecimal":
		p := s.T.P()
		return newImpl(b, vec.ResSumDecimal[V, H](p), vec.RangeSumDecimal[K, V, H](p))
	case "AvgDecimal":
		sa, sumP, sc, p := vt.S(), ir.DecimalSumOf(vt).P(), s.T.S(), s.T.P()
		return newImpl(b, vec.ResAvgDecimal[V, H](sa, sumP, sc, p), vec.RangeAvgDecimal[K, V, H](sa, sumP, sc, p))
	case "Min":
		return newImpl(b, vec.ResMin[V, H], vec.RangeMin[K, V, H])
	case "Max":
		return newImpl(b, vec.ResMax[V, H], vec.RangeMax[K, V, H])
	default:
		return newImpl(b, vec.ResScalar[V, H], nil)
	}
}

// subNeed is what the structure of s keeps (codegen's need).
func subNeed(s *ir.Settled) vec.SubNeed {
	switch {
	case s.Kind == ir.SubAny:
		rel, _ := relOf(s.Cmp.Fn.Infix)
		return vec.AnyNeed(rel)
	case s.Kind == ir.SubExists:
		return 0
	case s.Agg == ir.AggNone:
		return vec.NeedFirst
	case (s.Agg == ir.AggSum || s.Agg == ir.AggAvg) && s.T.Kind == ir.KindDecimal:
		return vec.NeedSumDecimal
	case s.Agg == ir.AggSum && s.T.Kind == ir.KindBigint:
		return vec.NeedSumInt
	case s.Agg == ir.AggSum, s.Agg == ir.AggAvg:
		return vec.NeedSumFloat
	case s.Agg == ir.AggMin:
		return vec.NeedMin
	case s.Agg == ir.AggMax:
		return vec.NeedMax
	}
	return 0
}

func relOf(op string) (vec.SubRel, bool) {
	r, ok := map[string]vec.SubRel{"=": vec.RelEq, "<>": vec.RelNe, "<": vec.RelLt, "<=": vec.RelLe, ">": vec.RelGt, ">=": vec.RelGe}[op]
	return r, ok
}

// base is what a subquery's structure is made of, whatever its result.
type base[K comparable, V any, H comparable] struct {
	sub   *lower.Sub
	spec  func(vec.SubNeed) *vec.SubSpec[V, H]
	need  vec.SubNeed
	order func(a, b K) int
	rel   vec.SubRel // a sorted structure's range comparison
}

// impl is subImpl with result type R.
type impl[K comparable, V any, H comparable, R any] struct {
	base[K, V, H]
	res vec.GroupResult[V, H, R]
	rng vec.RangeResult[K, V, H, R] // a sorted structure's
}

func newImpl[K comparable, V any, H comparable, R any](b base[K, V, H], res vec.GroupResult[V, H, R], rng vec.RangeResult[K, V, H, R]) (subImpl, error) {
	s := b.sub.Settled
	im := &impl[K, V, H, R]{base: b, res: res, rng: rng}
	rk, err := kindOf(s.T)
	if err != nil {
		return nil, err
	}
	if !rk.is(new(vec.Vec[R])) {
		return nil, fmt.Errorf("batch: subquery #%d: its result function does not give its type %s", s.ID, s.T)
	}
	switch b.sub.Probe {
	case lower.ProbeSorted:
		if rng == nil {
			return nil, unsupported("a sorted subquery's %s", b.sub.Result)
		}
	case lower.ProbeIn:
		if _, ok := probeIn(&vec.SubGroup[V, H]{}, nil, nil, nil, 0); !ok {
			return nil, fmt.Errorf("batch: subquery #%d: an IN probe of values that are not their own hash keys", s.ID)
		}
	case lower.ProbeSet:
		if _, ok := any(res).(vec.GroupResult[V, H, bool]); !ok {
			return nil, fmt.Errorf("batch: subquery #%d: an ANY probe with a non-BOOLEAN result", s.ID)
		}
	case lower.ProbeSortedRows:
		if _, ok := sortedRows(&vec.SubSorted[K, V, H]{}, nil, 0, nil, nil, nil, 0); !ok {
			return nil, fmt.Errorf("batch: subquery #%d: a count(*) search over keys Go does not order", s.ID)
		}
	}
	return im, nil
}

func (im *impl[K, V, H, R]) keyIs(k kind) bool   { return k.is(new(vec.Vec[K])) }
func (im *impl[K, V, H, R]) valueIs(k kind) bool { return k.is(new(vec.Vec[V])) }

func (im *impl[K, V, H, R]) checkArgs(ks []kind, ts []govec) error {
	s := im.sub.Settled
	bad := func(what string) error {
		return fmt.Errorf("batch: a read of subquery #%d: its %s is not of the type its structure takes", s.ID, what)
	}
	arg := func(i int) (kind, error) {
		if i < 0 || i >= len(ks) {
			return nil, fmt.Errorf("batch: a read of subquery #%d has no argument %d", s.ID, i)
		}
		return ks[i], nil
	}
	if s.Kind == ir.SubAny {
		k, err := arg(0)
		if err != nil {
			return err
		}
		if !im.valueIs(k) {
			return bad("probe")
		}
	}
	switch {
	case im.sub.Structure == lower.StructPacked:
		for _, key := range s.Keys {
			if _, err := arg(key.Arg); err != nil {
				return err
			}
			if ts[key.Arg].pack == nil {
				return bad("key")
			}
		}
	case s.Form == ir.FormKeyed:
		k, err := arg(s.Keys[0].Arg)
		if err != nil {
			return err
		}
		if !im.keyIs(k) {
			return bad("key")
		}
	case s.Form == ir.FormSorted:
		k, err := arg(s.Range.Arg)
		if err != nil {
			return err
		}
		if !im.keyIs(k) {
			return bad("range")
		}
	case s.Form == ir.FormLoop:
		for _, p := range im.sub.Test.Params {
			if _, err := arg(p.Slot); err != nil {
				return err
			}
		}
	}
	return nil
}

func (im *impl[K, V, H, R]) newState() subState {
	d := &state[K, V, H, R]{im: im}
	spec := im.spec(im.need)
	switch im.sub.Settled.Form {
	case ir.FormOnce, ir.FormSet:
		d.group = vec.NewSubGroup(spec)
	case ir.FormKeyed:
		d.keyed = vec.NewSubKeyed[K](spec)
	case ir.FormSorted:
		d.builder = vec.NewSubSortedBuilder(im.order, spec)
	case ir.FormLoop:
		d.spec = spec
	}
	return d
}

// state is one subquery's structure, built and read.
type state[K comparable, V any, H comparable, R any] struct {
	im      *impl[K, V, H, R]
	err     *rt.Error // the inner phase's first error
	group   *vec.SubGroup[V, H]
	keyed   *vec.SubKeyed[K, V, H]
	builder *vec.SubSortedBuilder[K, V, H]
	sorted  *vec.SubSorted[K, V, H]
	loop    vec.SubLoop[V]
	spec    *vec.SubSpec[V, H]
	// once and onceNull are an uncorrelated subquery's result.
	once     R
	onceNull bool
}

func (d *state[K, V, H, R]) failed() bool     { return d.err != nil }
func (d *state[K, V, H, R]) fail(e *rt.Error) { d.err = e }

func (d *state[K, V, H, R]) add(in arrow.RecordBatch, key, value any, rows vec.Sel) {
	var val *vec.Vec[V]
	if value != nil {
		val = value.(*vec.Vec[V])
	}
	switch d.im.sub.Settled.Form {
	case ir.FormOnce, ir.FormSet:
		vec.SubAddGroup(d.group, val, rows)
	case ir.FormKeyed:
		vec.SubAddKeyed(d.keyed, key.(*vec.Vec[K]), val, rows)
	case ir.FormSorted:
		vec.SubAddSorted(d.builder, key.(*vec.Vec[K]), val, rows)
	case ir.FormLoop:
		d.loop.Add(in, rows, val)
	}
}

func (d *state[K, V, H, R]) finish() {
	switch d.im.sub.Settled.Form {
	case ir.FormOnce:
		v, null, e := d.im.res(d.group, *new(V), false)
		d.once, d.onceNull = v, null
		if d.err == nil {
			d.err = e
		}
	case ir.FormSorted:
		d.sorted = d.builder.Build()
		d.builder = nil
	}
}

func (d *state[K, V, H, R]) release() { d.loop.Release() }

func (d *state[K, V, H, R]) read(fr *frame, def *subDef, args []any, ts []govec, sel vec.Sel) any {
	im, s, n := d.im, d.im.sub.Settled, fr.n
	var argErrs []*rt.Error
	if len(args) > 0 && s.Form != ir.FormSet {
		errs := make([][]*rt.Error, len(args))
		for i, a := range args {
			errs[i] = ts[i].errs(a)
		}
		argErrs = vec.SubArgErrs(n, errs...)
	}
	var x *vec.Vec[V] // ANY's probe
	if s.Kind == ir.SubAny {
		x = args[0].(*vec.Vec[V])
	}
	var key *vec.Vec[K]
	switch {
	case im.sub.Structure == lower.StructPacked:
		packed := vec.Make[string](n)
		for _, k := range s.Keys {
			ts[k.Arg].pack(&packed, args[k.Arg], sel, n)
		}
		key = any(&packed).(*vec.Vec[K])
	case s.Form == ir.FormKeyed:
		key = args[s.Keys[0].Arg].(*vec.Vec[K])
	case s.Form == ir.FormSorted:
		key = args[s.Range.Arg].(*vec.Vec[K])
	}
	var r vec.Vec[R]
	switch im.sub.Probe {
	case lower.ProbeOnce:
		r = vec.SubReadOnce(d.once, d.onceNull, d.err, sel, n)
	case lower.ProbeIn:
		v, _ := probeIn(d.group, d.err, x, sel, n)
		return v
	case lower.ProbeSet:
		b := vec.SubProbeSet(d.group, d.err, any(im.res).(vec.GroupResult[V, H, bool]), x, sel, n)
		return &b
	case lower.ProbeKeyedExists:
		b := vec.SubProbeKeyedExists(d.keyed, d.err, key, argErrs, sel, n)
		return &b
	case lower.ProbeKeyedRows:
		c := vec.SubProbeKeyedRows(d.keyed, d.err, key, argErrs, sel, n)
		return &c
	case lower.ProbeKeyed:
		r = vec.SubProbeKeyed(d.keyed, d.err, im.res, x, key, argErrs, sel, n)
	case lower.ProbeSortedRows:
		v, _ := sortedRows(d.sorted, d.err, im.rel, key, argErrs, sel, n)
		return v
	case lower.ProbeSorted:
		r = vec.SubProbeSorted(d.sorted, d.err, im.rel, im.rng, key, argErrs, sel, n)
	case lower.ProbeLoop:
		r = d.loopRead(fr, def, args, argErrs, x, sel)
	}
	return &r
}

// loopRead is a loop-form read: for each row, its test over every inner
// batch kept, then the result over the members (codegen's emitLoopRead).
func (d *state[K, V, H, R]) loopRead(fr *frame, def *subDef, args []any, argErrs []*rt.Error, x *vec.Vec[V], sel vec.Sel) vec.Vec[R] {
	n := fr.n
	stopAtFirst := d.im.sub.Test.StopAtFirst
	res := vec.Make[R](n)
	var zero V
	bs := &bufs{} // each test's vectors are read before the next test
	for k := 0; k < sel.Rows(n); k++ {
		i := sel.Row(k)
		if argErrs != nil && argErrs[i] != nil {
			res.SetErr(i, argErrs[i])
			continue
		}
		if d.err != nil {
			res.SetErr(i, d.err)
			continue
		}
		g, err := vec.SubLoopGroup(&d.loop, d.spec, stopAtFirst, func(b arrow.RecordBatch) vec.Vec[bool] {
			return def.test.test(b, fr.sub, args, i, bs)
		})
		if err != nil {
			res.SetErr(i, err)
			continue
		}
		xv, xnull := zero, false
		if x != nil {
			xv, xnull = x.V[i], x.IsNull(i)
		}
		v, null, rerr := d.im.res(g, xv, xnull)
		switch {
		case rerr != nil:
			res.SetErr(i, rerr)
		case null:
			res.SetNull(i)
		default:
			res.V[i] = v
		}
	}
	return res
}

// probeIn is vec.SubProbeIn over group g when its values are their own
// hash keys (ok false otherwise).
func probeIn(g any, innerErr *rt.Error, x any, sel vec.Sel, n int) (any, bool) {
	switch g.(type) {
	case *vec.SubGroup[bool, bool]:
		return probeInOf[bool](g, innerErr, x, sel, n), true
	case *vec.SubGroup[int32, int32]:
		return probeInOf[int32](g, innerErr, x, sel, n), true
	case *vec.SubGroup[int64, int64]:
		return probeInOf[int64](g, innerErr, x, sel, n), true
	case *vec.SubGroup[string, string]:
		return probeInOf[string](g, innerErr, x, sel, n), true
	case *vec.SubGroup[rt.Decimal, rt.Decimal]:
		return probeInOf[rt.Decimal](g, innerErr, x, sel, n), true
	}
	return nil, false
}

func probeInOf[V comparable](g any, innerErr *rt.Error, x any, sel vec.Sel, n int) any {
	xv, _ := x.(*vec.Vec[V])
	if xv == nil { // the compile-time check's probe of no rows
		return nil
	}
	r := vec.SubProbeIn(g.(*vec.SubGroup[V, V]), innerErr, xv, sel, n)
	return &r
}

// sortedRows is vec.SubProbeSortedRows over s when Go orders its keys as SQL
// does (ok false otherwise).
func sortedRows[K comparable, V any, H comparable](s *vec.SubSorted[K, V, H], innerErr *rt.Error, rel vec.SubRel, key *vec.Vec[K], argErrs []*rt.Error, sel vec.Sel, n int) (any, bool) {
	switch ss := any(s).(type) {
	case *vec.SubSorted[int32, V, H]:
		return sortedRowsOf(ss, innerErr, rel, any(key).(*vec.Vec[int32]), argErrs, sel, n), true
	case *vec.SubSorted[int64, V, H]:
		return sortedRowsOf(ss, innerErr, rel, any(key).(*vec.Vec[int64]), argErrs, sel, n), true
	case *vec.SubSorted[string, V, H]:
		return sortedRowsOf(ss, innerErr, rel, any(key).(*vec.Vec[string]), argErrs, sel, n), true
	}
	return nil, false
}

func sortedRowsOf[K cmp.Ordered, V any, H comparable](s *vec.SubSorted[K, V, H], innerErr *rt.Error, rel vec.SubRel, key *vec.Vec[K], argErrs []*rt.Error, sel vec.Sel, n int) any {
	if key == nil { // the compile-time check's probe of no rows
		return nil
	}
	r := vec.SubProbeSortedRows(s, innerErr, rel, key, argErrs, sel, n)
	return &r
}
