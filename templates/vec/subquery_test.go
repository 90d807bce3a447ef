package vec

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/exprc/exprc/templates/rt"
)

// The subquery structures are checked against brute force: the reference
// functions below evaluate each result straight from its SQL definition over
// the member list (no min/max shortcuts, big.Int sums), and every structure
// must agree with them on random member sets full of NULLs, NaNs, -0.0,
// duplicates, empty sets and sums near the BIGINT limits.

// member is one subquery member: its value or NULL.
type member[V any] struct {
	v    V
	null bool
}

// holds applies a comparison to cmp(left, right).
func holds(op SubRel, c int) bool {
	switch op {
	case RelEq:
		return c == 0
	case RelNe:
		return c != 0
	case RelLt:
		return c < 0
	case RelLe:
		return c <= 0
	case RelGt:
		return c > 0
	}
	return c >= 0
}

// refAny is x op ANY as the OR, in three-valued logic, of x op v over members.
func refAny[V any](cmp func(a, b V) int, op SubRel, x V, xnull bool, ms []member[V]) (res, null bool) {
	for _, m := range ms {
		if xnull || m.null {
			null = true
		} else if holds(op, cmp(x, m.v)) {
			return true, false
		}
	}
	return false, null
}

func refCount[V any](ms []member[V]) int64 {
	n := int64(0)
	for _, m := range ms {
		if !m.null {
			n++
		}
	}
	return n
}

// refScalar returns the scalar subquery's value and the class of its error.
func refScalar[V any](ms []member[V]) (v V, null bool, class string) {
	switch len(ms) {
	case 0:
		return v, true, ""
	case 1:
		return ms[0].v, ms[0].null, ""
	}
	return v, false, ScalarSubqueryTooManyRows
}

// refExtreme is the first non-NULL value v with no value w where better(w, v).
func refExtreme[V any](ms []member[V], better func(a, b V) bool) (v V, null bool) {
	null = true
	for _, m := range ms {
		if !m.null && (null || better(m.v, v)) {
			v, null = m.v, false
		}
	}
	return v, null
}

// refSumInt sums with big.Int and reports the class of an overflow.
func refSumInt[V any](ms []member[V], toInt func(V) int64) (int64, bool, string) {
	sum, some := new(big.Int), false
	for _, m := range ms {
		if !m.null {
			sum.Add(sum, big.NewInt(toInt(m.v)))
			some = true
		}
	}
	if !some {
		return 0, true, ""
	}
	if !sum.IsInt64() {
		return 0, false, rt.ArithmeticOverflow
	}
	return sum.Int64(), false, ""
}

// refSumFloat is 0.0 + v1 + v2 ... over the non-NULL values, and their count.
func refSumFloat[V any](ms []member[V], toFloat func(V) float64) (float64, int64) {
	sum, n := 0.0, int64(0)
	for _, m := range ms {
		if !m.null {
			sum += toFloat(m.v)
			n++
		}
	}
	return sum, n
}

func errClass(e *rt.Error) string {
	if e == nil {
		return ""
	}
	return e.Class
}

// sameFloat is identity of DOUBLE results: equal bits, or both NaN.
func sameFloat(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
}

// kind is one SQL type under test: a spec keeping everything it can, identity
// of values (bitwise for DOUBLE, to catch -0.0 for 0.0), and a generator that
// favours the hard values.
type kind[V any, H comparable] struct {
	name string
	spec *SubSpec[V, H]
	same func(a, b V) bool
	gen  func(r *rand.Rand) V
}

var (
	negZero = math.Copysign(0, -1)
	nan2    = math.Float64frombits(0x7ff8000000000abc) // a NaN with another payload

	int64Kind = kind[int64, int64]{
		name: "BIGINT",
		spec: SubSpecInt64(NeedFirst | NeedMin | NeedMax | NeedSumInt | NeedSet | NeedDistinct),
		same: func(a, b int64) bool { return a == b },
		gen: func(r *rand.Rand) int64 {
			edges := []int64{math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1, math.MaxInt64 / 2, math.MinInt64 / 2}
			if r.IntN(3) == 0 {
				return edges[r.IntN(len(edges))]
			}
			return int64(r.IntN(7) - 3)
		},
	}
	int32Kind = kind[int32, int32]{
		name: "INT",
		spec: SubSpecInt32(NeedFirst | NeedMin | NeedMax | NeedSumInt | NeedSet | NeedDistinct),
		same: func(a, b int32) bool { return a == b },
		gen: func(r *rand.Rand) int32 {
			if r.IntN(4) == 0 {
				return []int32{math.MaxInt32, math.MinInt32}[r.IntN(2)]
			}
			return int32(r.IntN(5) - 2)
		},
	}
	float64Kind = kind[float64, uint64]{
		name: "DOUBLE",
		spec: SubSpecFloat64(NeedFirst | NeedMin | NeedMax | NeedSumFloat | NeedSet | NeedDistinct),
		same: sameFloat,
		gen: func(r *rand.Rand) float64 {
			vals := []float64{0, negZero, math.NaN(), nan2, 1.5, -2, 3, math.Inf(1), math.Inf(-1), 1e308}
			return vals[r.IntN(len(vals))]
		},
	}
	stringKind = kind[string, string]{
		name: "VARCHAR",
		spec: SubSpecString(NeedFirst | NeedMin | NeedMax | NeedSet | NeedDistinct),
		same: func(a, b string) bool { return a == b },
		gen: func(r *rand.Rand) string {
			vals := []string{"", "a", "b", "ab", "a\x00", "é"}
			return vals[r.IntN(len(vals))]
		},
	}
	boolKind = kind[bool, bool]{
		name: "BOOLEAN",
		spec: SubSpecBool(NeedFirst | NeedMin | NeedMax | NeedSet | NeedDistinct),
		same: func(a, b bool) bool { return a == b },
		gen:  func(r *rand.Rand) bool { return r.IntN(2) == 0 },
	}
)

// members draws up to max members, a fifth of them NULL.
func (k kind[V, H]) members(r *rand.Rand, max int) []member[V] {
	ms := make([]member[V], r.IntN(max+1))
	for i := range ms {
		ms[i] = member[V]{v: k.gen(r), null: r.IntN(5) == 0}
	}
	return ms
}

// probes are the outer values x op ANY is tried with: NULL and random ones.
func (k kind[V, H]) probes(r *rand.Rand) []member[V] {
	ps := []member[V]{{null: true}}
	for range 6 {
		ps = append(ps, member[V]{v: k.gen(r)})
	}
	return ps
}

// group builds a SubGroup over ms with spec.
func group[V any, H comparable](spec *SubSpec[V, H], ms []member[V]) *SubGroup[V, H] {
	g := NewSubGroup(spec)
	for _, m := range ms {
		g.Add(m.v, m.null)
	}
	return g
}

// checkGroup compares every result g can give (by its spec's Need) with brute
// force over ms.
func checkGroup[V any, H comparable](t *testing.T, k kind[V, H], what string, g *SubGroup[V, H], ms []member[V], probes []member[V]) {
	t.Helper()
	fail := func(result string, got, want any) {
		t.Helper()
		t.Errorf("%s %s over %v: %s = %v, want %v", k.name, what, ms, result, got, want)
	}
	if got, want := g.Rows(), int64(len(ms)); got != want {
		fail("count(*)", got, want)
	}
	if got, want := g.Exists(), len(ms) > 0; got != want {
		fail("EXISTS", got, want)
	}
	if got, want := g.Count(), refCount(ms); got != want {
		fail("count(x)", got, want)
	}
	need := k.spec.Need
	if g != nil {
		need = g.spec.Need
	}
	if need&NeedFirst != 0 {
		v, null, err := g.Scalar()
		wv, wnull, wclass := refScalar(ms)
		if null != wnull || errClass(err) != wclass || !null && err == nil && !k.same(v, wv) {
			fail("scalar", fmt.Sprint(v, null, errClass(err)), fmt.Sprint(wv, wnull, wclass))
		}
	}
	if need&NeedMin != 0 {
		v, null := g.Min()
		wv, wnull := refExtreme(ms, func(a, b V) bool { return k.spec.Cmp(a, b) < 0 })
		if null != wnull || !null && !k.same(v, wv) {
			fail("min", fmt.Sprint(v, null), fmt.Sprint(wv, wnull))
		}
	}
	if need&NeedMax != 0 {
		v, null := g.Max()
		wv, wnull := refExtreme(ms, func(a, b V) bool { return k.spec.Cmp(a, b) > 0 })
		if null != wnull || !null && !k.same(v, wv) {
			fail("max", fmt.Sprint(v, null), fmt.Sprint(wv, wnull))
		}
	}
	if need&NeedSumInt != 0 {
		v, null, err := g.SumInt()
		wv, wnull, wclass := refSumInt(ms, k.spec.Int)
		if v != wv || null != wnull || errClass(err) != wclass {
			fail("sum", fmt.Sprint(v, null, errClass(err)), fmt.Sprint(wv, wnull, wclass))
		}
	}
	if need&NeedSumFloat != 0 {
		wsum, n := refSumFloat(ms, k.spec.Float)
		v, null := g.SumFloat()
		if null != (n == 0) || n > 0 && !sameFloat(v, wsum) {
			fail("sum", fmt.Sprint(v, null), fmt.Sprint(wsum, n == 0))
		}
		v, null = g.Avg()
		if null != (n == 0) || n > 0 && !sameFloat(v, wsum/float64(n)) {
			fail("avg", fmt.Sprint(v, null), fmt.Sprint(wsum/float64(n), n == 0))
		}
	}
	for op := RelEq; op <= RelGe; op++ {
		if need&AnyNeed(op) == 0 {
			continue
		}
		for _, p := range probes {
			res, null := g.Any(op, p.v, p.null)
			wres, wnull := refAny(k.spec.Cmp, op, p.v, p.null, ms)
			if res != wres || null != wnull {
				fail(fmt.Sprintf("%v op%d ANY", p, op), fmt.Sprint(res, null), fmt.Sprint(wres, wnull))
			}
		}
	}
}

// TestSubGroupCases pins the rules on hand-picked member sets.
func TestSubGroupCases(t *testing.T) {
	ms := func(vs ...any) []member[int64] {
		out := []member[int64]{}
		for _, v := range vs {
			if v == nil {
				out = append(out, member[int64]{null: true})
			} else {
				out = append(out, member[int64]{v: int64(v.(int))})
			}
		}
		return out
	}
	probes := []member[int64]{{null: true}, {v: 1}, {v: 2}, {v: 3}}
	for _, tc := range []struct {
		what string
		ms   []member[int64]
	}{
		{"empty", ms()},
		{"one NULL", ms(nil)},
		{"one value", ms(2)},
		{"two rows", ms(2, 2)},
		{"NULL among values", ms(1, nil, 3)},
		{"all NULL", ms(nil, nil)},
		{"one distinct value", ms(2, 2, nil)},
	} {
		checkGroup(t, int64Kind, tc.what, group(int64Kind.spec, tc.ms), tc.ms, probes)
	}
	checkGroup(t, int64Kind, "nil group", nil, nil, probes)

	// Specific answers, beyond agreeing with the reference.
	one := group(int64Kind.spec, ms(nil))
	if v, null, err := one.Scalar(); !null || err != nil {
		t.Errorf("scalar of one NULL member = %v %v %v, want NULL", v, null, err)
	}
	if _, _, err := group(int64Kind.spec, ms(1, 2)).Scalar(); err == nil || err.Class != "SCALAR_SUBQUERY_TOO_MANY_ROWS" {
		t.Errorf("scalar of two members: error %v, want SCALAR_SUBQUERY_TOO_MANY_ROWS", err)
	}
	var empty *SubGroup[int64, int64]
	if res, null := empty.AnyEq(0, true); res || null {
		t.Errorf("NULL IN (empty) = %v %v, want FALSE", res, null)
	}
	if n := empty.Rows(); n != 0 {
		t.Errorf("count(*) of the nil group = %d, want 0", n)
	}
	for _, tc := range []struct {
		vals  []int64
		sum   int64
		class string
	}{
		{[]int64{math.MaxInt64, 1}, 0, "ARITHMETIC_OVERFLOW"},
		{[]int64{math.MinInt64, -1}, 0, "ARITHMETIC_OVERFLOW"},
		{[]int64{math.MaxInt64, 1, -1}, math.MaxInt64, ""}, // exact: the overflow in between does not count
		{[]int64{math.MinInt64, math.MinInt64, math.MaxInt64, math.MaxInt64, 1}, -1, ""},
		{[]int64{math.MaxInt64, math.MaxInt64, math.MaxInt64, math.MinInt64, math.MinInt64}, math.MaxInt64 - 2, ""},
	} {
		g := NewSubGroup(SubSpecInt64(NeedSumInt))
		for _, v := range tc.vals {
			g.Add(v, false)
		}
		if v, _, err := g.SumInt(); v != tc.sum || errClass(err) != tc.class {
			t.Errorf("sum%v = %d %v, want %d %q", tc.vals, v, err, tc.sum, tc.class)
		}
	}

	fl := func(vs ...float64) *SubGroup[float64, uint64] {
		g := NewSubGroup(float64Kind.spec)
		for _, v := range vs {
			g.Add(v, false)
		}
		return g
	}
	if v, _ := fl(negZero, 0).Min(); math.Signbit(v) != true {
		t.Errorf("min(-0.0, 0.0) = %v, want the first, -0.0", v)
	}
	if v, _ := fl(0, negZero).Max(); math.Signbit(v) != false {
		t.Errorf("max(0.0, -0.0) = %v, want the first, 0.0", v)
	}
	if v, _ := fl(1, math.NaN(), math.Inf(1)).Max(); !math.IsNaN(v) {
		t.Errorf("max(1, NaN, Inf) = %v, want NaN", v)
	}
	if res, null := fl(math.NaN()).AnyEq(nan2, false); !res || null {
		t.Errorf("NaN IN (NaN) = %v %v, want TRUE", res, null)
	}
	if res, null := fl(negZero).AnyEq(0, false); !res || null {
		t.Errorf("0.0 IN (-0.0) = %v %v, want TRUE", res, null)
	}
	if res, null := fl(0, negZero).AnyNe(0, false); res || null {
		t.Errorf("0.0 <> ANY (0.0, -0.0) = %v %v, want FALSE", res, null)
	}
}

// testGroupsRandom checks SubGroup against brute force on random member sets,
// with the kind's full spec and with specs keeping one result each (so a
// result never depends on another being kept).
func testGroupsRandom[V any, H comparable](t *testing.T, k kind[V, H], r *rand.Rand) {
	needs := []SubNeed{k.spec.Need, 0}
	for n := NeedFirst; n <= NeedDistinct; n <<= 1 {
		if k.spec.Need&n != 0 {
			needs = append(needs, n)
		}
	}
	for range 3000 {
		ms := k.members(r, 8)
		probes := k.probes(r)
		for _, need := range needs {
			spec := *k.spec
			spec.Need = need
			kk := k
			kk.spec = &spec
			checkGroup(t, kk, fmt.Sprintf("group need=%b", need), group(&spec, ms), ms, probes)
		}
	}
}

func TestSubGroupRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	testGroupsRandom(t, int64Kind, r)
	testGroupsRandom(t, int32Kind, r)
	testGroupsRandom(t, float64Kind, r)
	testGroupsRandom(t, stringKind, r)
	testGroupsRandom(t, boolKind, r)
}

// testKeyedRandom checks SubKeyed against brute force per key: members get
// BIGINT keys from a small domain, and every key of the domain is probed,
// including keys no member has (the nil, empty group).
func testKeyedRandom[V any, H comparable](t *testing.T, k kind[V, H], r *rand.Rand) {
	for range 300 {
		ms := k.members(r, 40)
		keys := make([]int64, len(ms))
		table := NewSubKeyed[int64](k.spec)
		for i, m := range ms {
			keys[i] = int64(r.IntN(6))
			table.Add(keys[i], m.v, m.null)
		}
		distinct := map[int64]bool{}
		for _, key := range keys {
			distinct[key] = true
		}
		if table.Len() != len(distinct) {
			t.Errorf("%d keys, Len %d", len(distinct), table.Len())
		}
		probes := k.probes(r)
		for key := int64(-1); key <= 6; key++ {
			var sub []member[V]
			for i, m := range ms {
				if keys[i] == key {
					sub = append(sub, m)
				}
			}
			g := table.Get(key)
			if (g == nil) != (len(sub) == 0) {
				t.Fatalf("key %d: group %v for %d members", key, g, len(sub))
			}
			checkGroup(t, k, fmt.Sprintf("keyed group %d", key), g, sub, probes)
		}
	}
}

func TestSubKeyedRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	testKeyedRandom(t, int64Kind, r)
	testKeyedRandom(t, float64Kind, r)
	testKeyedRandom(t, stringKind, r)
	exists := kind[int64, int64]{name: "EXISTS", spec: SubSpecInt64(0), same: int64Kind.same, gen: int64Kind.gen}
	testKeyedRandom(t, exists, r)
}

// compositeKey is a correlation key of five columns, held as SQL values.
type compositeKey struct {
	i int64
	s string
	f float64
	b bool
	d int32
}

// norm maps a key to a value that is == iff the keys are SQL-equal.
func (c compositeKey) norm() any {
	return [5]any{c.i, c.s, Float64Key(c.f), c.b, c.d}
}

func (c compositeKey) pack(p *KeyPacker) []byte {
	p.Reset()
	p.Int64(c.i)
	p.String(c.s)
	p.Float64(c.f)
	p.Bool(c.b)
	p.Int32(c.d)
	return p.Bytes()
}

func randomCompositeKey(r *rand.Rand) compositeKey {
	return compositeKey{
		i: []int64{0, 1, -1, 256}[r.IntN(4)],
		s: []string{"", "a", "\x01", "a\x00", "\x00"}[r.IntN(5)],
		f: []float64{0, negZero, math.NaN(), nan2, 1}[r.IntN(5)],
		b: r.IntN(2) == 0,
		d: []int32{0, 1, -1}[r.IntN(3)],
	}
}

// TestKeyPacker checks that packed keys are equal exactly when the keys are
// SQL-equal, and that a packed SubKeyed groups as brute force does.
func TestKeyPacker(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var p, q KeyPacker
	for range 20000 {
		a, b := randomCompositeKey(r), randomCompositeKey(r)
		if eq, want := string(a.pack(&p)) == string(b.pack(&q)), a.norm() == b.norm(); eq != want {
			t.Fatalf("keys %+v and %+v: packed equal %v, SQL-equal %v", a, b, eq, want)
		}
	}
	for range 200 {
		ms := int64Kind.members(r, 60)
		keys := make([]compositeKey, len(ms))
		table := NewSubKeyed[string](int64Kind.spec)
		for i, m := range ms {
			keys[i] = randomCompositeKey(r)
			AddPacked(table, keys[i].pack(&p), m.v, m.null)
		}
		probes := int64Kind.probes(r)
		for range 20 {
			key := randomCompositeKey(r)
			var sub []member[int64]
			for i, m := range ms {
				if keys[i].norm() == key.norm() {
					sub = append(sub, m)
				}
			}
			checkGroup(t, int64Kind, fmt.Sprintf("packed key %+v", key), GetPacked(table, key.pack(&p)), sub, probes)
		}
	}
}

// sortedCase is one random SubSorted test: members with keys of type K.
type sortedCase[K any] struct {
	keyCmp func(a, b K) int
	genKey func(r *rand.Rand) K
}

// testSortedRandom checks SubSorted probes for all four relations against
// brute force over the members whose key satisfies the relation, in inner
// order.
func testSortedRandom[K, V any, H comparable](t *testing.T, sc sortedCase[K], k kind[V, H], r *rand.Rand) {
	spec := *k.spec
	spec.Need &= sortedNeeds
	k.spec = &spec
	for range 400 {
		ms := k.members(r, 30)
		keys := make([]K, len(ms))
		b := NewSubSortedBuilder(sc.keyCmp, k.spec)
		for i, m := range ms {
			keys[i] = sc.genKey(r)
			b.Add(keys[i], m.v, m.null)
		}
		s := b.Build()
		if s.Len() != len(ms) {
			t.Errorf("%d members, Len %d", len(ms), s.Len())
		}
		for range 10 {
			o := sc.genKey(r)
			for rel := RelLt; rel <= RelGe; rel++ {
				var sub []member[V]
				for i, m := range ms {
					if holds(rel, sc.keyCmp(keys[i], o)) {
						sub = append(sub, m)
					}
				}
				checkRange(t, k, fmt.Sprintf("keys %v, probe k op%d %v", keys, rel, o), s.Probe(rel, o), sub)
			}
		}
		checkRange(t, k, "NULL probe", SubRange[K, V, H]{}, nil)
	}
}

// checkRange compares a SubRange with a SubGroup over the same members (itself
// checked against brute force), and the group with brute force.
func checkRange[K, V any, H comparable](t *testing.T, k kind[V, H], what string, r SubRange[K, V, H], ms []member[V]) {
	t.Helper()
	g := group(k.spec, ms)
	checkGroup(t, k, what, g, ms, nil)
	fail := func(result string, got, want any) {
		t.Helper()
		t.Errorf("%s %s over %v: %s = %v, want %v", k.name, what, ms, result, got, want)
	}
	if r.Rows() != g.Rows() || r.Exists() != g.Exists() || r.Count() != g.Count() {
		fail("counts", fmt.Sprint(r.Rows(), r.Exists(), r.Count()), fmt.Sprint(g.Rows(), g.Exists(), g.Count()))
	}
	need := k.spec.Need
	if need&NeedFirst != 0 {
		v, null, err := r.Scalar()
		wv, wnull, werr := g.Scalar()
		if null != wnull || err != werr || !null && err == nil && !k.same(v, wv) {
			fail("scalar", fmt.Sprint(v, null, err), fmt.Sprint(wv, wnull, werr))
		}
	}
	extreme := func(name string, got, want func() (V, bool)) {
		v, null := got()
		wv, wnull := want()
		if null != wnull || !null && !k.same(v, wv) {
			fail(name, fmt.Sprint(v, null), fmt.Sprint(wv, wnull))
		}
	}
	if need&NeedMin != 0 {
		extreme("min", r.Min, g.Min)
	}
	if need&NeedMax != 0 {
		extreme("max", r.Max, g.Max)
	}
	if need&NeedSumInt != 0 {
		v, null, err := r.SumInt()
		wv, wnull, werr := g.SumInt()
		if v != wv || null != wnull || err != werr {
			fail("sum", fmt.Sprint(v, null, err), fmt.Sprint(wv, wnull, werr))
		}
	}
}

func TestSubSortedRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	intKeys := sortedCase[int64]{CompareInt64, func(r *rand.Rand) int64 { return int64(r.IntN(9) - 4) }}
	floatKeys := sortedCase[float64]{rt.CompareFloat64, func(r *rand.Rand) float64 {
		return []float64{0, negZero, math.NaN(), nan2, -1, 1, 2.5, math.Inf(1), math.Inf(-1)}[r.IntN(9)]
	}}
	stringKeys := sortedCase[string]{rt.CompareString, stringKind.gen}
	testSortedRandom(t, intKeys, int64Kind, r)
	testSortedRandom(t, intKeys, float64Kind, r)
	testSortedRandom(t, floatKeys, int64Kind, r)
	testSortedRandom(t, floatKeys, float64Kind, r)
	testSortedRandom(t, stringKeys, stringKind, r)
	testSortedRandom(t, intKeys, int32Kind, r)
	testSortedRandom(t, floatKeys, boolKind, r)
}

// TestSubSortedTies pins the tie rule: among equal extremes the member first
// in inner order wins, even when its key sorts later.
func TestSubSortedTies(t *testing.T) {
	b := NewSubSortedBuilder(CompareInt64, SubSpecFloat64(NeedMin|NeedMax))
	b.Add(5, negZero, false) // first in inner order, last by key
	b.Add(1, 0, false)
	b.Add(3, 0, false)
	s := b.Build()
	for _, rel := range []SubRel{RelLe, RelGe} {
		r := s.Probe(rel, map[SubRel]int64{RelLe: 9, RelGe: 0}[rel])
		if v, _ := r.Min(); !math.Signbit(v) {
			t.Errorf("min over all, probe op%d: %v, want -0.0 (first in inner order)", rel, v)
		}
		if v, _ := r.Max(); !math.Signbit(v) {
			t.Errorf("max over all, probe op%d: %v, want -0.0 (first in inner order)", rel, v)
		}
	}
	if v, _ := s.Probe(RelLt, 5).Min(); math.Signbit(v) {
		t.Errorf("min over keys < 5: %v, want 0.0", v)
	}
}

// TestSubqueryMisuse checks that generator bugs panic rather than answer from
// values that were never kept.
func TestSubqueryMisuse(t *testing.T) {
	for what, f := range map[string]func(){
		"min without NeedMin": func() {
			g := NewSubGroup(SubSpecInt64(NeedMax))
			g.Add(1, false)
			g.Min()
		},
		"IN without NeedSet": func() {
			g := NewSubGroup(SubSpecInt64(NeedMin))
			g.Add(1, false)
			g.AnyEq(1, false)
		},
		"sum without Int":      func() { NewSubGroup(SubSpecString(NeedSumInt)) },
		"sorted float sum":     func() { NewSubSortedBuilder(CompareInt32, SubSpecFloat64(NeedSumFloat)) },
		"sorted probed with =": func() { NewSubSortedBuilder(CompareInt32, SubSpecInt32(0)).Build().Probe(RelEq, 1) },
		"sorted min without NeedMin": func() {
			b := NewSubSortedBuilder(CompareInt32, SubSpecInt32(NeedMax))
			b.Add(1, 1, false)
			b.Build().Probe(RelLe, 1).Min()
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", what)
				}
			}()
			f()
		}()
	}
}

// TestSubqueryProbesDoNotAllocate checks the hot paths: an IN probe, a packed
// keyed lookup, a sorted probe and its answers.
func TestSubqueryProbesDoNotAllocate(t *testing.T) {
	g := NewSubGroup(SubSpecFloat64(NeedSet | NeedMax))
	for i := range 100 {
		g.Add(float64(i), false)
	}
	table := NewSubKeyed[string](SubSpecInt64(NeedSumInt))
	var p KeyPacker
	p.Int64(7)
	p.String("x")
	AddPacked(table, p.Bytes(), 1, false)
	b := NewSubSortedBuilder(CompareInt64, SubSpecInt64(NeedSumInt|NeedMin))
	for i := range 100 {
		b.Add(int64(i), int64(i), false)
	}
	s := b.Build()
	x := 3.0
	allocs := testing.AllocsPerRun(100, func() {
		g.AnyEq(x, false)
		g.AnyLt(x, false)
		p.Reset()
		p.Int64(7)
		p.String("x")
		GetPacked(table, p.Bytes()).SumInt()
		r := s.Probe(RelGe, int64(x))
		r.Count()
		r.SumInt()
		r.Min()
	})
	if allocs != 0 {
		t.Errorf("probes allocate %v times per run", allocs)
	}
}

// BenchmarkInSetProbe is x IN (subquery) over 100K BIGINT members: 1M probes
// per op, half of them hits.
func BenchmarkInSetProbe(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	g := NewSubGroup(SubSpecInt64(NeedSet))
	members := make([]int64, 100_000)
	for i := range members {
		members[i] = r.Int64()
		g.Add(members[i], false)
	}
	probes := make([]int64, 1<<20)
	for i := range probes {
		if i%2 == 0 {
			probes[i] = members[r.IntN(len(members))]
		} else {
			probes[i] = r.Int64()
		}
	}
	hits := 0
	for b.Loop() {
		for _, x := range probes {
			if res, _ := g.AnyEq(x, false); res {
				hits++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(probes)), "ns/probe")
	if hits == 0 {
		b.Fatal("no hits")
	}
}

// BenchmarkSortedCount is count(*) of a subquery correlated by inner.k <
// outer.o over 100K members: 1M probes per op.
func BenchmarkSortedCount(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	sb := NewSubSortedBuilder(CompareInt64, SubSpecInt64(0))
	for range 100_000 {
		sb.Add(r.Int64N(1_000_000), 0, false)
	}
	s := sb.Build()
	probes := make([]int64, 1<<20)
	for i := range probes {
		probes[i] = r.Int64N(1_000_000)
	}
	total := int64(0)
	for b.Loop() {
		for _, o := range probes {
			total += s.Probe(RelLt, o).Rows()
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(probes)), "ns/probe")
	if total == 0 {
		b.Fatal("no members counted")
	}
}
