package difffuzz

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
)

// The scalar types and the MAP types schemas are made of. Map key and value
// types are chosen so that NaN and -0.0 keys, INT keys probing with BIGINT
// widening, and NULL values inside maps all occur.
var (
	// The DECIMAL types come last: scalarType draws the others and one
	// DECIMAL slot.
	scalarTypes = []ir.Type{ir.TypeBoolean, ir.TypeInt, ir.TypeBigint, ir.TypeDouble, ir.TypeVarchar, ir.TypeDate,
		ir.TypeTinyint, ir.TypeSmallint, ir.TypeFloat, ir.TypeTimestamp, ir.TypeTimestampNTZ, ir.TypeBinary,
		decimalTypes[0], decimalTypes[1], decimalTypes[2]}
	// decimalTypes are the DECIMAL types of columns and outputs: TPC-H's
	// money on 64 bits, a 128-bit type that +, -, *, / and % map to
	// itself (so whole trees of arithmetic keep it), and a small one that
	// overflows often.
	decimalTypes = []ir.Type{ir.DecimalOf(15, 2), ir.DecimalOf(38, 6), ir.DecimalOf(5, 3)}
	mapTypes     = []ir.Type{
		ir.MapOf(ir.TypeVarchar, ir.TypeVarchar),
		ir.MapOf(ir.TypeVarchar, ir.TypeBigint),
		ir.MapOf(ir.TypeBigint, ir.TypeDouble),
		ir.MapOf(ir.TypeInt, ir.TypeVarchar),
		ir.MapOf(ir.TypeInt, ir.TypeDouble),
		ir.MapOf(ir.TypeVarchar, ir.DecimalOf(15, 2)),
	}
	allTypes = append(append([]ir.Type(nil), scalarTypes...), mapTypes...)
)

// entry is one way to call a registry function: argument types as generated
// (before the binder's widening) and the result type.
type entry struct {
	fn   *ir.Function
	args []ir.Type
	ret  ir.Type
}

// sigTable maps a result type (its String) to function name to entries.
type sigTable struct {
	byRet   map[string]map[string][]entry
	fnNames map[string][]string // result type -> sorted function names
	// implicit holds calls that resolve only through Spark's implicit casts
	// of function arguments (ir.Function.Implicit): sqrt(VARCHAR),
	// left(VARCHAR, BIGINT), length(DATE) ... drawn now and then instead of
	// an exact call, by result type and function name.
	implicit map[string]map[string][]entry
}

var table = buildTable()

// buildTable asks every registry function's Resolve which argument type lists
// it accepts (arity 1 to 3 over every type, and 4 to 5 repeating one type for
// the variadic ones), so that every function and overload is generated without
// a hand-written list that could go stale. CAST is generated separately.
func buildTable() *sigTable {
	t := &sigTable{byRet: map[string]map[string][]entry{}, fnNames: map[string][]string{}, implicit: map[string]map[string][]entry{}}
	add := func(fn *ir.Function, args []ir.Type) bool {
		if fn.Name == "aes_encrypt" && len(args) < 3 {
			return false // GCM with a random IV: not deterministic (aesArgs)
		}
		sig, err := fn.Resolve(args)
		if err != nil || sig == nil {
			if fn.Implicit == nil || (fn.Infix != "" || fn.Prefix != "") && fn.Name != "not" && fn.Name != "concat" {
				return false
			}
			if sig, err = fn.Implicit(args); err != nil {
				return false
			}
			key := sig.Ret.String()
			if t.implicit[key] == nil {
				t.implicit[key] = map[string][]entry{}
			}
			t.implicit[key][fn.Name] = append(t.implicit[key][fn.Name], entry{fn: fn, args: append([]ir.Type(nil), args...), ret: sig.Ret})
			return false
		}
		key := sig.Ret.String()
		if t.byRet[key] == nil {
			t.byRet[key] = map[string][]entry{}
		}
		t.byRet[key][fn.Name] = append(t.byRet[key][fn.Name], entry{fn: fn, args: append([]ir.Type(nil), args...), ret: sig.Ret})
		return true
	}
	for _, fn := range functions.All() {
		// aes_encrypt is volatile for its random IV; the generator draws
		// only its deterministic forms (aesArgs).
		if fn.Name == ir.Cast || fn.Volatile && fn.Name != "aes_encrypt" || !knownFunction(fn.Name) {
			continue
		}
		var rec func(prefix []ir.Type, n int)
		rec = func(prefix []ir.Type, n int) {
			if len(prefix) == n {
				add(fn, prefix)
				return
			}
			for _, ty := range allTypes {
				rec(append(prefix, ty), n)
			}
		}
		if fn.Clock {
			// current_timestamp() ...: no argument, the evaluation's clock
			// (current_timezone() is a constant of the query, folded away)
			add(fn, nil)
		}
		for n := 1; n <= 3; n++ {
			rec(nil, n)
		}
		for n := 4; n <= 5; n++ {
			for _, ty := range allTypes {
				args := make([]ir.Type, n)
				for i := range args {
					args[i] = ty
				}
				add(fn, args)
			}
		}
	}
	for ret, fns := range t.byRet {
		for name := range fns {
			t.fnNames[ret] = append(t.fnNames[ret], name)
		}
		sort.Strings(t.fnNames[ret])
	}
	return t
}

// knownFunction excludes functions registered by instrumented tests (internal/check/probe)
// should they be linked into the same binary.
func knownFunction(name string) bool { return name != "probe" }

// Functions lists the registry functions the generator calls (every one but
// test-only instrumentation), plus "cast", for the coverage test.
func Functions() []string {
	seen := map[string]bool{ir.Cast: true}
	for _, fns := range table.byRet {
		for n, es := range fns {
			if !functions.Expanded(es[0].fn) { // the binder rewrites isnan and nanvl away
				seen[n] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Schema is a generated table, the one queries read. Inner are the other
// tables of the spec, which only subqueries read (they may read the query's
// own table too).
type Schema struct {
	Table   string
	Columns []ir.Column
	Inner   []*Schema
	// Zone is the session time zone the spec sets after its tables (SET
	// TIME ZONE), "" for none (UTC).
	Zone string
}

// Tables lists s and its inner tables, in the spec's order.
func (s *Schema) Tables() []*Schema {
	return append([]*Schema{s}, s.Inner...)
}

// DDL is the CREATE TABLE statement of s, then those of its inner tables.
func (s *Schema) DDL() string {
	var b strings.Builder
	for _, t := range s.Tables() {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		t.ddl(&b)
	}
	if s.Zone != "" {
		b.WriteString("\nSET TIME ZONE '" + s.Zone + "';")
	}
	return b.String()
}

func (s *Schema) ddl(b *strings.Builder) {
	b.WriteString("CREATE TABLE " + s.Table + " (")
	for i, c := range s.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name + " " + c.Type.String())
		if !c.Nullable {
			b.WriteString(" NOT NULL")
		}
	}
	b.WriteString(");")
}

var typePrefix = map[ir.Kind]string{
	ir.KindBoolean: "p", ir.KindInt: "i", ir.KindBigint: "b", ir.KindDouble: "d",
	ir.KindVarchar: "s", ir.KindDate: "t", ir.KindMap: "m", ir.KindDecimal: "n",
	ir.KindTinyint: "y", ir.KindSmallint: "h", ir.KindFloat: "f", ir.KindBinary: "v",
	ir.KindTimestamp: "ts", ir.KindTimestampNTZ: "nt", ir.KindYMInterval: "ym", ir.KindDTInterval: "dt",
}

// RandomSchema draws a table: one or two columns of each scalar type and one
// of each MAP type, each nullable with probability 3/4.
func RandomSchema(r *rand.Rand, name string) *Schema {
	s := &Schema{Table: name}
	count := map[ir.Kind]int{}
	addCol := func(t ir.Type) {
		p := typePrefix[t.Kind]
		s.Columns = append(s.Columns, ir.Column{Name: fmt.Sprintf("%s%d", p, count[t.Kind]), Type: t, Nullable: r.IntN(4) > 0})
		count[t.Kind]++
	}
	for _, t := range scalarTypes {
		for n := 1 + r.IntN(2); n > 0; n-- {
			addCol(t)
		}
	}
	for _, t := range mapTypes {
		addCol(t)
	}
	// Interval columns in half the tables (ivExpr reads them): one of
	// each class, now and then a second DAY-TIME one.
	if r.IntN(2) == 0 {
		addCol(pick(r, ivTypes[:3]))
		for n := 1 + r.IntN(2); n > 0; n-- {
			addCol(pick(r, ivTypes[3:]))
		}
	}
	if r.IntN(3) == 0 {
		s.Zone = pick(r, fuzzZones)
	}
	r.Shuffle(len(s.Columns), func(i, j int) { s.Columns[i], s.Columns[j] = s.Columns[j], s.Columns[i] })
	return s
}

// Generator draws random queries over one schema.
type Generator struct {
	r      *rand.Rand
	schema *Schema
	cols   map[string][]ir.Column // the columns leaves read, by type (cur's, or none)
	pool   map[string][]*Node     // subexpressions of the current query and scope, by type
	budget int
	// fallible is the percentage of leaves drawn by fallibleLeaf: low in
	// most queries, high in every fifth.
	fallible int
	// MaxDepth and MaxNodes bound a query's expressions.
	MaxDepth, MaxNodes int
	// SubPct is the percentage of queries that read subqueries.
	SubPct int
	// calls counts the functions drawn so far, so that half of the draws go
	// to the least drawn function of the result type: with some two
	// hundred functions, a uniform draw leaves some unexercised in a short
	// run.
	calls map[string]int

	// The scopes of subqueries (gensub.go): scopes are the enclosing scopes,
	// the query's table first, the current one last; cur is the scope
	// columns are read from (the current one, or an enclosing one while the
	// outer side of a correlation is drawn), qualify makes every column
	// reference qualified, outerPct is the percentage of column leaves that
	// read an enclosing scope (in a subquery's WHERE clause), aggMode makes
	// leaves aggregates (a subquery's SELECT item), subW is the weight of
	// subqueries among the node kinds (0: none).
	scopes   []*scope
	cur      *scope
	qualify  bool
	outerPct int
	aggMode  bool
	subW     int
	// clean marks a plain subquery query (half of them): nothing fails on
	// purpose, leaves are columns, conditions simple comparisons, so that
	// the subqueries' own logic (matches, duplicates, NULLs, empty groups)
	// decides the outcome rather than errors around them.
	clean bool
	subs  []*Node // the subqueries drawn in the query itself, to draw again (rebind)
}

// NewGenerator returns a generator over schema drawing from r.
func NewGenerator(r *rand.Rand, schema *Schema) *Generator {
	g := &Generator{r: r, schema: schema, MaxDepth: 4, MaxNodes: 9, SubPct: 25, calls: map[string]int{}}
	g.scopes = []*scope{newScope(schema, schema.Table)}
	g.cur = g.scopes[0]
	g.cols = g.cur.cols
	return g
}

func (g *Generator) pct(p int) bool { return g.r.IntN(100) < p }

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// Query draws a query named name. It retries until the binder accepts it (the
// generator's type predictions are almost always right; untyped NULLs in some
// positions are not), at most a few times.
func (g *Generator) Query(name string) *Query {
	for {
		q := g.query(name)
		if err := CheckQuery(g.schema, q); err == nil {
			return q
		}
	}
}

func (g *Generator) query(name string) *Query {
	g.pool = map[string][]*Node{}
	g.budget = g.MaxNodes
	g.fallible = 4
	if g.pct(20) {
		g.fallible = 35
	}
	g.subW = 0
	g.clean = false
	g.subs = nil
	n := 1 + g.r.IntN(3)
	depth := g.MaxDepth
	if g.SubPct > 0 && g.pct(g.SubPct) {
		// Subqueries make much code: the rest of the query is smaller.
		g.subW = 20
		g.budget = g.MaxNodes * 2 / 3
		n = 1 + g.r.IntN(2)
		if g.pct(50) {
			g.clean, g.fallible = true, 0
			depth = 2
		}
	}
	q := &Query{Name: name}
	g.scopes[0] = newScope(g.schema, g.schema.Table)
	if g.subW > 0 && g.pct(20) {
		// The table aliased: outer references use the alias, and a
		// subquery may take the table's name as its own alias.
		q.Alias = "o"
		g.scopes[0] = newScope(g.schema, q.Alias)
	}
	g.cur = g.scopes[0]
	if g.pct(40) {
		q.Where = g.expr(ir.TypeBoolean, 1+g.r.IntN(depth))
	}
	for range n {
		var t ir.Type
		switch x := g.r.IntN(100); {
		case x < 25:
			t = ir.TypeBoolean
		case x < 92:
			t = g.scalarType()
		case x < 95:
			t = pick(g.r, ivTypes) // interval outputs (Arrow month_interval, duration)
		default:
			t = pick(g.r, mapTypes)
		}
		q.Outputs = append(q.Outputs, g.expr(t, 1+g.r.IntN(depth)))
	}
	if g.subW > 0 && !q.HasSub() {
		// A subquery query without one: one output becomes a subquery.
		i := g.r.IntN(len(q.Outputs))
		t := q.Outputs[i].T
		if t.Kind == ir.KindMap {
			t = ir.TypeBoolean // a scalar subquery cannot return a MAP
		}
		q.Outputs[i] = g.subquery(t, 2)
	}
	return q
}

// CheckQuery binds q over schema alone and its TRY and permuted variants.
func CheckQuery(schema *Schema, q *Query) error {
	spec := schema.DDL() + "\n-- name: " + q.Name + "\n" + q.SQL(schema.Table) + ";\n"
	_, err := compiler.CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(spec)})
	return err
}

// expr draws an expression of type t at most d levels deep.
func (g *Generator) expr(t ir.Type, d int) *Node {
	if d <= 0 || g.budget <= 0 {
		return g.leaf(t)
	}
	key := t.String()
	if pool := g.pool[key]; len(pool) > 0 && g.pct(15) {
		return pick(g.r, pool)
	}
	g.budget--
	n := g.node(t, d)
	if n.Size() >= 3 {
		g.pool[key] = append(g.pool[key], n)
	}
	return n
}

type option struct {
	w int
	f func() *Node
}

func (g *Generator) node(t ir.Type, d int) *Node {
	if t.IsInterval() {
		return g.ivExpr(t, d)
	}
	key := t.String()
	scalar := t.Kind != ir.KindMap
	opts := []option{
		{10, func() *Node { return g.leaf(t) }},
		{7, func() *Node {
			return &Node{K: KIf, T: t, Args: []*Node{g.expr(ir.TypeBoolean, d-1), g.expr(t, d-1), g.compared(t, d-1, true)}}
		}},
		{5, func() *Node { return g.searchedCase(t, d) }},
		{2, func() *Node {
			if n := g.pickCase(t); n != nil {
				return n
			}
			return g.searchedCase(t, d)
		}},
		{5, func() *Node { return g.coalesce(t, d) }},
		{4, func() *Node { return &Node{K: KTry, T: t, Args: []*Node{g.expr(t, d-1)}} }},
	}
	if len(table.fnNames[key]) > 0 {
		opts = append(opts, option{45, func() *Node { return g.call(t, d) }})
	}
	if scalar {
		opts = append(opts,
			option{3, func() *Node { return g.simpleCase(t, d) }},
			option{2, func() *Node { return &Node{K: KNullIf, T: t, Args: []*Node{g.expr(t, d-1), g.branch(t, d-1)}} }},
			option{5, func() *Node { return g.cast(t, d) }},
			option{2, func() *Node {
				// nvl2(a, b, c) is IF(a IS NOT NULL, b, c), a of any type.
				return &Node{K: KCall, T: t, Text: "nvl2", Args: []*Node{g.expr(pick(g.r, allTypes), d-1), g.expr(t, d-1), g.compared(t, d-1, true)}}
			}},
			option{2, func() *Node {
				// decode(x, s1, r1, [s2, r2,] default) is CASE WHEN x <=> s1
				// THEN r1 ... ELSE default END; the default is always there,
				// so that the result is of type t.
				args := []*Node{g.expr(t, d-1), g.expr(t, d-1), g.expr(t, d-1)}
				if g.pct(50) {
					args = append(args, g.leaf(t), g.expr(t, d-1))
				}
				args = append(args, g.compared(t, d-1, true))
				return &Node{K: KCall, T: t, Text: "decode", Args: args}
			}},
		)
		if t.Kind == ir.KindInt {
			opts = append(opts, option{4, func() *Node { return g.datePart(d) }}, option{6, func() *Node { return g.timePart(t, d) }})
		}
		switch t.Kind {
		case ir.KindDecimal, ir.KindBigint, ir.KindTinyint, ir.KindSmallint:
			opts = append(opts, option{3, func() *Node { return g.timePart(t, d) }})
		}
		if t.Kind == ir.KindTimestamp || t.Kind == ir.KindTimestampNTZ {
			opts = append(opts, option{8, func() *Node { return g.tsUse(t, d) }})
		}
		switch t.Kind {
		case ir.KindTimestamp, ir.KindTimestampNTZ:
			opts = append(opts, option{3, func() *Node { return g.timestampAdd(t, d) }})
		case ir.KindBigint:
			opts = append(opts, option{2, func() *Node { return g.timestampDiff(d) }})
		}
		switch t.Kind {
		case ir.KindVarchar, ir.KindBigint, ir.KindBoolean, ir.KindDate:
			opts = append(opts, option{3, func() *Node { return g.ivUse(t, d) }})
		}
		if t.Kind == ir.KindDecimal {
			opts = append(opts, option{12, func() *Node { return g.decimalOp(t, d) }})
		}
		if t.IsNumeric() {
			opts = append(opts, option{2, func() *Node {
				return &Node{K: KCall, T: t, Text: pick(g.r, []string{"nullifzero", "zeroifnull"}), Args: []*Node{g.expr(t, d-1)}}
			}})
		}
	}
	if g.subW > 0 && !g.aggMode && len(g.scopes) <= maxSubDepth && scalar {
		opts = append(opts, option{g.subW, func() *Node { return g.subquery(t, d) }})
	}
	if t.Kind == ir.KindBoolean {
		opts = append(opts,
			option{12, func() *Node { return g.logic(d) }},
			option{4, func() *Node { return g.isNull(d) }},
			option{4, func() *Node { return g.in(d) }},
			option{4, func() *Node { return g.between(d) }},
		)
	}
	total := 0
	for _, o := range opts {
		total += o.w
	}
	x := g.r.IntN(total)
	for _, o := range opts {
		if x < o.w {
			return o.f()
		}
		x -= o.w
	}
	panic("unreachable")
}

// branch draws an operand unified with others of type t: sometimes a narrower
// type that widens to t, so the binder's widening casts are exercised.
func (g *Generator) branch(t ir.Type, d int) *Node {
	if g.pct(15) {
		switch t.Kind {
		case ir.KindBigint:
			return g.expr(ir.TypeInt, d)
		case ir.KindDouble:
			return g.expr(pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint}), d)
		}
	}
	return g.expr(t, d)
}

func (g *Generator) comparable() ir.Type { return g.scalarType() }

// scalarType draws a scalar type, each kind alike (DECIMAL one of them,
// then one of decimalTypes), so that adding DECIMAL types does not thin out
// the others.
func (g *Generator) scalarType() ir.Type {
	t := pick(g.r, scalarTypes[:len(scalarTypes)-len(decimalTypes)+1])
	if t.Kind == ir.KindDecimal {
		return pick(g.r, decimalTypes)
	}
	return t
}

// stringOperand draws a VARCHAR operand that string promotion reads as type t
// (docs/semantics.md section 2.1): mostly text that may or may not parse as t.
func (g *Generator) stringOperand(t ir.Type, d int) *Node {
	if g.pct(70) {
		return g.lit(ir.TypeVarchar, castText(g.r, t))
	}
	return g.expr(ir.TypeVarchar, d)
}

// compared draws an operand unified with others of type t (IN items, BETWEEN
// bounds, WHEN values, later COALESCE arguments): now and then a VARCHAR that
// string promotion casts to t. keep says the common type must stay t, so a
// string is drawn only where promotion gives t itself (not for INT, which
// promotes to BIGINT).
func (g *Generator) compared(t ir.Type, d int, keep bool) *Node {
	switch t.Kind {
	case ir.KindInt:
		if keep {
			break
		}
		fallthrough
	case ir.KindBigint, ir.KindDouble, ir.KindDate, ir.KindBoolean, ir.KindTimestamp, ir.KindTimestampNTZ:
		if g.pct(8) {
			return g.stringOperand(t, d)
		}
	}
	return g.branch(t, d)
}

// promoteOperand replaces, now and then, one operand of a comparison or of
// BIGINT/DOUBLE arithmetic with a VARCHAR that string promotion casts back:
// a = '1', x > '1.5', '41' + b. The result type does not change.
func (g *Generator) promoteOperand(name string, params []ir.Type, args []*Node, d int) {
	if !g.pct(8) {
		return
	}
	i := g.r.IntN(2)
	pt := params[i]
	switch name {
	case "eq", "ne", "lt", "le", "gt", "ge":
		if pt.Kind == ir.KindVarchar || !pt.IsScalar() {
			return
		}
	case "add", "subtract", "multiply", "divide", "div", "mod":
		if pt.Kind != ir.KindBigint && pt.Kind != ir.KindDouble {
			return
		}
	default:
		return
	}
	args[i] = g.stringOperand(pt, d)
}

func (g *Generator) searchedCase(t ir.Type, d int) *Node {
	n := &Node{K: KCase, T: t}
	for arms := 1 + g.r.IntN(3); arms > 0; arms-- {
		n.Args = append(n.Args, g.expr(ir.TypeBoolean, d-1), g.branch(t, d-1))
	}
	if g.pct(70) {
		n.Else = true
		n.Args = append(n.Args, g.branch(t, d-1))
	}
	return n
}

// pickCase draws a searched CASE of the shape a fused loop computes without
// a branch (lower.ChosenCase), or nil where t or the columns allow none:
// its WHENs test one VARCHAR operand x, a column or a map's item (written
// out in each, so that CSE shares it), with LIKE prefixes and comparisons
// with constants, and its results are constants of type t (for VARCHAR, of
// lengths 0 to 40, on either side of the 8 bytes a word copies) or another
// column of type t, or for VARCHAR x itself. The data's strings start with
// the prefixes often.
func (g *Generator) pickCase(t ir.Type) *Node {
	switch t.Kind {
	case ir.KindVarchar, ir.KindBoolean, ir.KindInt, ir.KindBigint, ir.KindDouble, ir.KindDate:
	default:
		return nil
	}
	var x *Node
	if c := g.col(ir.TypeVarchar); c != nil && g.pct(50) {
		x = c
	} else {
		var ms []ir.Type
		for _, m := range mapTypes {
			if m.Value.Kind == ir.KindVarchar && len(g.cols[m.String()]) > 0 {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			if x = c; x == nil {
				return nil
			}
		} else {
			m := pick(g.r, ms)
			x = &Node{K: KSubscript, T: ir.TypeVarchar, Args: []*Node{g.col(m), g.lit(*m.Key, pick(g.r, keyLiterals[m.Key.String()]))}}
		}
	}
	operand := func() *Node { return x.clone() }
	result := func() *Node {
		switch {
		case t.Kind == ir.KindVarchar && g.pct(30):
			return operand()
		case g.pct(15):
			if c := g.col(t); c != nil {
				return c
			}
		}
		return g.lit(t, pick(g.r, literalsOf(t)))
	}
	n := &Node{K: KCase, T: t}
	for arms := 1 + g.r.IntN(4); arms > 0; arms-- {
		var cond *Node
		if g.pct(60) {
			prefix := pick(g.r, []string{"a", "ab", "abc", "1", "12", "123", "é", "h", "2024-"})
			cond = &Node{K: KLike, T: ir.TypeBoolean, Args: []*Node{operand(), g.lit(ir.TypeVarchar, sqlString(prefix+"%"))}}
		} else {
			op := pick(g.r, []string{"=", "<>", "<", ">="})
			cond = &Node{K: KInfix, T: ir.TypeBoolean, Text: op, Args: []*Node{operand(), g.lit(ir.TypeVarchar, sqlString(pick(g.r, stringPool)))}}
		}
		n.Args = append(n.Args, cond, result())
	}
	n.Else = true
	n.Args = append(n.Args, result())
	return n
}

func (g *Generator) simpleCase(t ir.Type, d int) *Node {
	ot := g.comparable()
	n := &Node{K: KSimpleCase, T: t, Args: []*Node{g.expr(ot, d-1)}}
	for arms := 1 + g.r.IntN(3); arms > 0; arms-- {
		n.Args = append(n.Args, g.compared(ot, d-1, false), g.branch(t, d-1))
	}
	if g.pct(70) {
		n.Else = true
		n.Args = append(n.Args, g.branch(t, d-1))
	}
	return n
}

func (g *Generator) coalesce(t ir.Type, d int) *Node {
	name := pick(g.r, []string{"coalesce", "coalesce", "coalesce", "nvl", "ifnull"})
	n := 2
	if name == "coalesce" {
		n = 1 + g.r.IntN(4)
	}
	c := &Node{K: KCoalesce, T: t, Text: name}
	for i := range n {
		if i == 0 {
			c.Args = append(c.Args, g.expr(t, d-1))
		} else {
			c.Args = append(c.Args, g.compared(t, d-1, true))
		}
	}
	return c
}

func (g *Generator) logic(d int) *Node {
	k := KAnd
	if g.pct(50) {
		k = KOr
	}
	n := &Node{K: k, T: ir.TypeBoolean}
	for i := 2 + g.r.IntN(3); i > 0; i-- {
		n.Args = append(n.Args, g.expr(ir.TypeBoolean, d-1))
	}
	if r := g.rangeTest(); k == KAnd && r != nil && g.pct(25) {
		// A lower and an upper bound on one integer column, which fused
		// loops merge into one comparison (lower's mergeRanges).
		at := g.r.IntN(len(n.Args))
		n.Args = append(n.Args[:at], append(r, n.Args[at:]...)...)
	}
	if g.pct(5) {
		// One VARCHAR operand, read as BOOLEAN next to a BOOLEAN sibling.
		n.Args[g.r.IntN(len(n.Args))] = g.stringOperand(ir.TypeBoolean, d-1)
	}
	return n
}

// rangeTest draws the two comparisons of a range test on an INT, BIGINT or
// DATE column with literal bounds (strict or not, the literal on either
// side, now and then empty or at the type's limits), or nil without such a
// column.
func (g *Generator) rangeTest() []*Node {
	t := pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeDate})
	x := g.col(t)
	if x == nil {
		return nil
	}
	bound := func() *Node {
		if t.Kind == ir.KindDate {
			return g.lit(t, pick(g.r, []string{"DATE '1970-01-01'", "DATE '1994-01-01'", "DATE '1995-01-01'", "DATE '2000-02-29'", "DATE '2024-12-31'"}))
		}
		lits := []string{"-1", "0", "1", "3", "7", "100", "-2147483648", "2147483647"}
		if t.Kind == ir.KindBigint {
			lits = append(lits, "3000000000", "-9223372036854775808", "9223372036854775807")
		}
		return g.lit(t, pick(g.r, lits))
	}
	cmp := func(op string) *Node {
		x := &Node{K: x.K, T: x.T, Text: x.Text} // the same column, a node of its own
		if g.pct(20) {
			return &Node{K: KInfix, T: ir.TypeBoolean, Text: mirror[op], Args: []*Node{bound(), x}}
		}
		return &Node{K: KInfix, T: ir.TypeBoolean, Text: op, Args: []*Node{x, bound()}}
	}
	return []*Node{cmp(pick(g.r, []string{">=", ">"})), cmp(pick(g.r, []string{"<", "<="}))}
}

func (g *Generator) isNull(d int) *Node {
	t := pick(g.r, allTypes)
	n := &Node{K: KIsNull, T: ir.TypeBoolean, Not: g.pct(50), Args: []*Node{g.expr(t, d-1)}}
	if t.Kind == ir.KindBoolean && g.pct(40) {
		n.Text = pick(g.r, []string{"IS TRUE", "IS FALSE", "IS UNKNOWN"})
	} else if g.pct(20) {
		n.Text = "isnull"
		if n.Not {
			n.Text = "isnotnull"
		}
	}
	return n
}

func (g *Generator) in(d int) *Node {
	t := g.comparable()
	n := &Node{K: KIn, T: ir.TypeBoolean, Not: g.pct(30), Args: []*Node{g.expr(t, d-1)}}
	items := 1 + g.r.IntN(4)
	if g.pct(5) {
		items = 0
	}
	for range items {
		n.Args = append(n.Args, g.compared(t, d-1, false))
	}
	return n
}

func (g *Generator) between(d int) *Node {
	t := g.comparable()
	return &Node{K: KBetween, T: ir.TypeBoolean, Not: g.pct(30), Args: []*Node{g.expr(t, d-1), g.compared(t, d-1, false), g.compared(t, d-1, false)}}
}

// castSources lists the types that CAST to t accepts (semantics.md section 7).
func castSources(t ir.Type) []ir.Type {
	switch t.Kind {
	case ir.KindDate:
		return []ir.Type{ir.TypeVarchar, ir.TypeDate, ir.TypeTimestamp, ir.TypeTimestampNTZ}
	case ir.KindTimestamp:
		return append([]ir.Type{ir.TypeVarchar, ir.TypeDate, ir.TypeTimestampNTZ, ir.TypeTimestamp, ir.TypeInt, ir.TypeBigint, ir.TypeDouble,
			ir.TypeTinyint, ir.TypeSmallint, ir.TypeFloat}, decimalTypes...)
	case ir.KindTimestampNTZ:
		return []ir.Type{ir.TypeVarchar, ir.TypeDate, ir.TypeTimestamp, ir.TypeTimestampNTZ}
	case ir.KindBinary:
		return []ir.Type{ir.TypeVarchar, ir.TypeBinary} // Spark's ANSI casts: only a string becomes BINARY
	case ir.KindBoolean:
		return append([]ir.Type{ir.TypeBoolean, ir.TypeInt, ir.TypeBigint, ir.TypeDouble, ir.TypeVarchar,
			ir.TypeTinyint, ir.TypeSmallint, ir.TypeFloat}, decimalTypes...)
	case ir.KindVarchar:
		return scalarTypes
	case ir.KindDecimal:
		return append([]ir.Type{ir.TypeBoolean, ir.TypeInt, ir.TypeBigint, ir.TypeDouble, ir.TypeVarchar,
			ir.TypeTinyint, ir.TypeSmallint, ir.TypeFloat}, decimalTypes...)
	default:
		// the numbers also cast from TIMESTAMP (docs/semantics.md 10.5)
		return append([]ir.Type{ir.TypeBoolean, ir.TypeInt, ir.TypeBigint, ir.TypeDouble, ir.TypeVarchar,
			ir.TypeTinyint, ir.TypeSmallint, ir.TypeFloat, ir.TypeTimestamp}, decimalTypes...)
	}
}

// decimalOp draws DECIMAL arithmetic for a DECIMAL t: an operator, a try_
// function, pmod or a rounding over DECIMAL and integer operands of other
// types, CAST to t when its own result type (docs/semantics.md 2.2) differs,
// so that every result-type rule, rounding and overflow is exercised.
func (g *Generator) decimalOp(t ir.Type, d int) *Node {
	operand := func() *Node {
		switch x := g.r.IntN(10); {
		case x < 6:
			return g.expr(pick(g.r, decimalTypes), d-1)
		case x < 7:
			return g.decimalLit(pick(g.r, decimalTypes))
		default:
			return g.expr(pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint}), d-1)
		}
	}
	var n *Node
	switch x := g.r.IntN(10); {
	case x < 6:
		op := pick(g.r, []string{"+", "-", "*", "/", "%", "+", "-", "*", "/"})
		n = &Node{K: KInfix, Text: op, Args: []*Node{operand(), operand()}}
		if g.pct(30) {
			// An integer literal beside a DECIMAL is as narrow as its value.
			n.Args[g.r.IntN(2)] = g.lit(ir.TypeInt, pick(g.r, []string{"0", "1", "2", "3", "7", "10", "-1", "100"}))
		}
	case x < 8:
		n = &Node{K: KCall, Text: pick(g.r, []string{"try_add", "try_subtract", "try_multiply", "try_divide", "try_mod", "pmod"}),
			Args: []*Node{operand(), operand()}}
	case x < 9 && g.pct(30):
		// to_number and try_to_number: the constant format gives the
		// result type; the text is a literal near the format or data.
		f := pick(g.r, numberFormats)
		s := g.expr(ir.TypeVarchar, d-1)
		if g.pct(70) {
			s = g.lit(ir.TypeVarchar, sqlString(pick(g.r, numberTexts)))
		}
		n = &Node{K: KCall, Text: pick(g.r, []string{"to_number", "try_to_number"}), Args: []*Node{s, g.lit(ir.TypeVarchar, sqlString(f))}}
	default:
		name := pick(g.r, []string{"round", "bround", "floor", "ceil", "abs", "negative", "positive"})
		n = &Node{K: KCall, Text: name, Args: []*Node{g.expr(pick(g.r, decimalTypes), d-1)}}
		if (name == "round" || name == "bround") && g.pct(70) {
			n.Args = append(n.Args, g.lit(ir.TypeInt, pick(g.r, []string{"0", "1", "2", "4", "-1", "-2", "-3", "10", "38", "-38"})))
		}
	}
	n.T = ir.TypeNull // the binder types the operation; the CAST gives it t
	return &Node{K: KCast, T: t, Args: []*Node{n}}
}

// numberFormats and numberTexts are the formats and texts of to_number.
var (
	numberFormats = []string{"999", "000.00", "99,999", "$99.99", "99,999.9S", "99PR", "9.99", "MI9999", "S$9,999.00", "0999", "99D9", "9G999"}
	numberTexts   = []string{"454", "454.00", "12,454", "$78.12", "12,454.8-", "<12>", "1", "-12", "1234", "", " 1 2 ", "0.5", "+$1,234.50", "007", "1,2", "x"}
)

// decimalLit draws a constant of exactly DECIMAL t: zero, small values,
// halves for rounding, and values at the limits of its precision.
func (g *Generator) decimalLit(t ir.Type) *Node {
	return g.lit(t, "CAST("+pick(g.r, decimalTexts(t))+" AS "+t.String()+")")
}

// decimalTexts are the values of DECIMAL t as literals: zero, one unit of the
// last digit, halves, and the largest magnitude with the precision's digits.
func decimalTexts(t ir.Type) []string {
	p, s := t.P(), t.S()
	maxText := strings.Repeat("9", p-s)
	if maxText == "" {
		maxText = "0"
	}
	unit := "1"
	if s > 0 {
		maxText += "." + strings.Repeat("9", s)
		unit = "0." + strings.Repeat("0", s-1) + "1"
	}
	return []string{"0", unit, "-" + unit, "1", "-1", "2.5", "-2.5", "0.5", maxText, "-" + maxText, "12.345", "3"}
}

func (g *Generator) cast(t ir.Type, d int) *Node {
	from := pick(g.r, castSources(t))
	var x *Node
	if from.Kind == ir.KindVarchar && t.Kind != ir.KindVarchar && g.pct(50) {
		x = g.lit(ir.TypeVarchar, castText(g.r, t)) // a string that may or may not parse
	} else {
		x = g.expr(from, d-1)
	}
	n := &Node{K: KCast, T: t, Args: []*Node{x}}
	if alias := castAlias[t.Kind]; alias != "" && g.pct(15) {
		n.Text = alias // int(x), Spark's cast alias
	}
	return n
}

// castAlias is the function Spark spells CAST(x AS T) with.
var castAlias = map[ir.Kind]string{
	ir.KindBoolean: "boolean", ir.KindInt: "int", ir.KindBigint: "bigint", ir.KindDouble: "double",
	ir.KindVarchar: "string", ir.KindDate: "date",
	ir.KindTinyint: "tinyint", ir.KindSmallint: "smallint", ir.KindFloat: "float", ir.KindBinary: "binary",
}

var infix = map[string][]string{
	"date_add": {"date_add", "+"}, "date_sub": {"date_sub", "-"},
	"bitwise_and": {"&"}, "bitwise_or": {"|"}, "bitwise_xor": {"^"},
	"shiftleft": {"shiftleft", "<<"}, "shiftright": {"shiftright", ">>"}, "shiftrightunsigned": {"shiftrightunsigned", ">>>"},
	"add": {"+"}, "subtract": {"-"}, "multiply": {"*"}, "divide": {"/"}, "div": {"DIV"},
	"mod": {"%", "%", "mod"}, "eq": {"=", "=", "=", "<=>", "IS NOT DISTINCT FROM", "equal_null"}, "ne": {"<>", "!=", "<>", "IS DISTINCT FROM"}, "lt": {"<"}, "le": {"<="},
	"gt": {">"}, "ge": {">="},
}

// makeTimestampFields are make_timestamp's year, month, day, hour and
// minute: valid values (the DST changes of 2024 among them), the bounds
// and just beyond, and years beyond the TIMESTAMP range.
var makeTimestampFields = [5][]string{
	{"2024", "2024", "2023", "2019", "1970", "1", "-1", "0", "294247", "300000", "1000000000"},
	{"1", "2", "3", "3", "10", "10", "12", "13", "0", "-1"},
	{"1", "27", "28", "29", "30", "31", "31", "32", "0"},
	{"0", "1", "2", "2", "3", "12", "23", "24", "-1"},
	{"0", "30", "30", "59", "60", "-1"},
}

// datetimeUnits are the unit keywords of TIMESTAMPADD and TIMESTAMPDIFF.
var datetimeUnits = []string{"YEAR", "QUARTER", "MONTH", "WEEK", "DAY", "DAYOFYEAR", "HOUR", "MINUTE", "SECOND",
	"MILLISECOND", "MICROSECOND"}

// unitNode is a unit keyword of TIMESTAMPADD or TIMESTAMPDIFF: a literal
// written bare, in upper or lower case (never DAYOFYEAR for
// TIMESTAMPDIFF when noDayOfYear: it raises on every row).
func (g *Generator) unitNode(noDayOfYear bool) *Node {
	u := pick(g.r, datetimeUnits)
	for noDayOfYear && u == "DAYOFYEAR" && g.pct(90) {
		u = pick(g.r, datetimeUnits)
	}
	if g.pct(25) {
		u = strings.ToLower(u)
	}
	return g.lit(ir.TypeVarchar, u)
}

// timestampAdd draws TIMESTAMPADD(unit, n, ts) (or DATEADD, DATE_ADD) of
// type t: n mostly a small count or one that overflows, ts of type t (a
// DATE now and then for a TIMESTAMP).
func (g *Generator) timestampAdd(t ir.Type, d int) *Node {
	var n *Node
	if g.pct(60) {
		n = g.lit(ir.TypeBigint, pick(g.r, []string{"0", "1", "-1", "7", "-25", "1000", "100000", "2147483648", "-9223372036854775808"}))
	} else {
		n = g.expr(pick(g.r, []ir.Type{ir.TypeBigint, ir.TypeInt}), d-1)
	}
	ts := t
	if t.Kind == ir.KindTimestamp && g.pct(15) {
		ts = ir.TypeDate
	}
	return &Node{K: KCall, T: t, Text: pick(g.r, []string{"TIMESTAMPADD", "timestampadd", "DATEADD", "date_add"}),
		Args: []*Node{g.unitNode(false), n, g.expr(ts, d-1)}}
}

// timestampDiff draws TIMESTAMPDIFF(unit, start, end) (or DATEDIFF,
// DATE_DIFF): TIMESTAMPs mostly, TIMESTAMP_NTZs and DATEs now and then.
func (g *Generator) timestampDiff(d int) *Node {
	arg := func() *Node {
		return g.expr(pick(g.r, []ir.Type{ir.TypeTimestamp, ir.TypeTimestamp, ir.TypeTimestamp, ir.TypeTimestampNTZ, ir.TypeDate}), d-1)
	}
	return &Node{K: KCall, T: ir.TypeBigint, Text: pick(g.r, []string{"TIMESTAMPDIFF", "timestampdiff", "DATEDIFF", "date_diff"}),
		Args: []*Node{g.unitNode(true), arg(), arg()}}
}

// datePart draws EXTRACT(field FROM d) or date_part('field', d), with the
// fields in various spellings (functions.DatePartFields).
func (g *Generator) datePart(d int) *Node {
	field := pick(g.r, functions.DatePartFields())
	if g.pct(30) {
		field = strings.ToLower(field)
	}
	src := g.expr(ir.TypeDate, d-1)
	if g.pct(50) {
		return &Node{K: KCall, T: ir.TypeInt, Text: "EXTRACT FROM", Args: []*Node{g.lit(ir.TypeVarchar, field), src}}
	}
	return &Node{K: KCall, T: ir.TypeInt, Text: pick(g.r, []string{"date_part", "datepart"}), Args: []*Node{g.lit(ir.TypeVarchar, sqlString(field)), src}}
}

// jsonTexts are JSON texts for the JSON functions: arrays, nested ones,
// other values, and near misses Jackson refuses.
var jsonTexts = []string{"[]", "[1,2,3]", ` [ 1 , "a" , null , true , [ ] , {} ] `, `[1,[2,[3]],{"a":[4]}]`, `{"a":1}`,
	"[1,2", "[01]", "[1,]", "[truex]", `["a\tb", "\u00e9"]`, `["\x"]`, "[1] tail", "", "[-0.5e+3]", "[.5]", `[{"a" 1}]`}

// jsonPaths are get_json_object paths: valid ones of every form, and a few
// Spark does not parse (NULL).
var jsonPaths = []string{"$", "$.a", "$.a[0]", "$[*]", "$[1]", "$[*][*]", "$[2][*]", "$[3].a", "$['a']", "$[*].a",
	"$.a.b", "$.*", "$[ 0]", "a", "$.a[", ""}

// urls and urlParts are parse_url's URLs (valid, registry-based, opaque,
// invalid) and parts (valid ones, and a lower-case one, which is NULL).
var urls = []string{"http://spark.apache.org/path?query=1", "https://u:p@h.example.com:8080/a/b%20c?x=1&y=2#frag",
	"http://[::1]:80/p", "http://a_b.com/x?a=1&a=2", "mailto:a@b.com", "/p?q", "inva lid://h", "http://h/%zz", "http://h:x/", ""}

var urlParts = []string{"HOST", "PATH", "QUERY", "REF", "PROTOCOL", "FILE", "AUTHORITY", "USERINFO", "host"}

// xmlDocs and xpathPaths are the documents and paths of the xpath_* functions.
var xmlDocs = []string{"<a><b>1</b><b>2</b></a>", `<a x="3"><b id="1">x</b><c><b id="2">-2.5</b></c></a>`, "<a/>",
	"<a>t<b>u</b>v</a>", "<a><b>", "not xml", "", "<a><b>1e3</b><b> 7 </b></a>", "<a>&lt;&amp;</a>", "<a/><b/>"}

var xpathPaths = []string{"a/b", "a/b[2]", "//b", "//b[@id='2']", "sum(a/b)", "count(//b)", "a/@x", "a", "a/b[last()]",
	"a/b = 1", "a/c/b/../..", "string-length(a)", "concat(a/b, '-', name(/*))", "a/b div 0", "-a/b", "not(a/d)", ""}

// datePatterns are datetime patterns for to_date, try_to_date and
// date_format, of every supported letter. Only valid ones: a constant
// invalid pattern is a compile error (patterns from the data exercise the
// runtime error).
var datePatterns = []string{"yyyy-MM-dd", "dd/MM/yyyy", "d/M/yyyy", "yyyyMMdd", "MMM d, yyyy", "EEEE, MMMM d, yyyy",
	"yyyy DDD", "yy-MM-dd", "y", "Q QQ QQQ QQQQ", "'week' D", "E", "LLL", "yyyyyy", "yyyy''MM", ""}

// tryLiterals are the edge values of the try_ arithmetic functions' arguments,
// written as literals of exactly their type.
var tryLiterals = map[ir.Kind][]string{
	ir.KindInt:      {"0", "-1", "2", "2147483647", "-2147483648", "65536"},
	ir.KindBigint:   {"CAST(0 AS BIGINT)", "CAST(-1 AS BIGINT)", "9223372036854775807", "-9223372036854775808", "4294967296", "3037000500"},
	ir.KindDouble:   {"0.0D", "-0.0D", "1.5D", "1e308", "-1e308"},
	ir.KindTinyint:  {"0Y", "-1Y", "127Y", "-128Y", "12Y"},
	ir.KindSmallint: {"0S", "-1S", "32767S", "-32768S", "182S"},
	ir.KindFloat:    {"0.0F", "-0.0F", "1.5F", "3.4028235e38F", "-3.4028235e38F"},
	ir.KindTimestamp: {"TIMESTAMP '+294247-01-10 04:00:54.775807Z'", "TIMESTAMP '-290308-12-21 19:59:05.224192Z'",
		"TIMESTAMP '2024-03-31 02:30:00'", "TIMESTAMP '2024-10-27 02:30:00'"},
	ir.KindTimestampNTZ: {"TIMESTAMP_NTZ '+294247-01-10 04:00:54.775807'", "TIMESTAMP_NTZ '-290308-12-21 19:59:05.224192'",
		"TIMESTAMP_NTZ '2024-03-10 02:30:00'"},
}

// call draws a registry function returning t and its arguments.
func (g *Generator) call(t ir.Type, d int) *Node {
	key := t.String()
	names := table.fnNames[key]
	name := pick(g.r, names)
	if g.pct(50) {
		for _, i := range g.r.Perm(len(names)) {
			if g.calls[names[i]] < g.calls[name] {
				name = names[i]
			}
		}
	}
	g.calls[name]++
	e := pick(g.r, table.byRet[key][name])
	if alts := table.implicit[key][name]; len(alts) > 0 && g.pct(10) {
		e = pick(g.r, alts) // arguments the binder casts implicitly
	}
	args := make([]*Node, len(e.args))
	for i, at := range e.args {
		if n := g.tsArg(name, i, at, e.args[0]); n != nil && g.pct(85) {
			args[i] = n
			continue
		}
		args[i] = g.arg(name, i, at, d-1)
		if (name == "to_char" || name == "to_varchar") && i == 1 {
			// A valid constant format (else a compile error): a number
			// format, or a datetime pattern for a DATE.
			switch e.args[0].Kind {
			case ir.KindDate:
				args[i] = g.lit(at, sqlString(pick(g.r, datePatterns)))
			case ir.KindTimestamp, ir.KindTimestampNTZ:
				args[i] = g.lit(at, sqlString(pick(g.r, tsFormatPatterns)))
			default:
				args[i] = g.lit(at, sqlString(pick(g.r, numberFormats)))
			}
		}
	}
	if name == "aes_encrypt" || name == "aes_decrypt" {
		g.aesArgs(name, args)
	}
	n := &Node{K: KCall, T: t, Args: args}
	switch {
	case infix[name] != nil && len(args) == 2:
		op := pick(g.r, infix[name])
		switch {
		case op == "mod" || op == name || op == "equal_null":
			n.Text = op
		case strings.HasPrefix(name, "shift"):
			// The shift operators are calls of the functions: their
			// arguments take the functions' implicit casts, not an
			// operator's string promotion.
			n.K, n.Text = KInfix, op
		default:
			n.K, n.Text = KInfix, op
			g.promoteOperand(name, e.args, args, d-1)
		}
	case name == "negate":
		n.K, n.Text = KPrefix, "-"
	case name == "not":
		n.K, n.Text = KPrefix, pick(g.r, []string{"NOT", "NOT", "!"})
	case name == "bitwise_not":
		n.K, n.Text = KPrefix, "~"
	case name == "concat" && len(args) == 2 && g.pct(60):
		n.K, n.Text = KInfix, "||"
	case name == "like":
		n.K, n.Not = KLike, g.pct(20)
		switch {
		case len(args) == 2 && g.pct(15):
			// A quantified list of patterns.
			n.Text = pick(g.r, []string{"LIKE ANY", "LIKE SOME", "LIKE ALL", "ILIKE ANY", "ILIKE ALL"})
			for range g.r.IntN(3) {
				n.Args = append(n.Args, g.arg(name, 1, e.args[1], d-1))
			}
		case g.pct(15):
			n.Text = "ILIKE"
		}
	case name == "rlike":
		if g.pct(70) {
			n.K, n.Not, n.Text = KRlike, g.pct(20), pick(g.r, []string{"RLIKE", "REGEXP"})
		} else {
			n.Text = "regexp_like" // RLIKE is a keyword, not a function name
		}
	case name == "subscript":
		n.K = KSubscript
	case name == "trim" && g.pct(30):
		n.Text = pick(g.r, []string{"TRIM BOTH", "TRIM"})
	case (name == "ltrim" || name == "rtrim") && g.pct(30):
		n.Text = map[string]string{"ltrim": "TRIM LEADING", "rtrim": "TRIM TRAILING"}[name]
	case name == "substring" && g.pct(30):
		n.Text = "SUBSTRING FROM"
	case name == "locate" && g.pct(40):
		n.Text = "POSITION IN"
	case name == "overlay" && g.pct(30):
		n.Text = "OVERLAY PLACING"
	default:
		n.Text = name
		if al := functions.Aliases(e.fn); len(al) > 0 && g.pct(30) {
			n.Text = pick(g.r, al)
		}
	}
	if (n.K == KLike || n.K == KRlike) && n.Not {
		// NOT LIKE is NOT (s LIKE p): the type is still BOOLEAN.
		n.T = ir.TypeBoolean
	}
	return n
}

// convNumbers are conv's first arguments: digits of several bases, signs,
// spaces, invalid digits, values around 2^63 and 2^64, and overflows.
var convNumbers = []string{"0", "100", "-15", "ff", "FF", "big", " 11abc ", "-", "", "  ", "zz", "7fffffffffffffff",
	"18446744073709551615", "18446744073709551616", "-9223372036854775808", "9223372036854775807",
	"1" + strings.Repeat("0", 63), "1" + strings.Repeat("0", 64), "zzzzzzzzzzzzz", "é1"}

// arg draws argument i of function name: positions where particular values
// matter (patterns, escapes, map keys, lengths, scales, day counts) often get
// a literal from a pool of interesting values.
func (g *Generator) arg(name string, i int, t ir.Type, d int) *Node {
	if (name == "lpad" || name == "rpad") && i == 1 && t.Kind == ir.KindInt {
		// Always a literal: a length from the data (65536, or a fallible
		// leaf's CAST(d AS INT)) or arithmetic builds strings that make
		// REGEXP or replace over them take minutes.
		return g.lit(t, pick(g.r, []string{"0", "1", "3", "5", "-1", "10", "67108865", "2147483647", "-2147483648"}))
	}
	if regexFns[name] && g.pct(80) {
		// Mostly constant patterns from a small pool of valid ones, ones RE2
		// refuses for Java's sake and malformed ones; sometimes data.
		switch {
		case i == 1 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, regexPatterns)))
		case name == "regexp_replace" && i == 2 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, regexReplacements)))
		case i >= 2 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "3", "-1", "5"}))
		}
	}
	if (name == "repeat" && i == 1 || name == "space" && i == 0) && t.Kind == ir.KindInt {
		// Likewise: a count from the data (datediff of two dates, say) can
		// repeat a string millions of times on every row. Sometimes a small
		// one from the data (x % 7): a constant count folds space(n) away.
		if g.pct(30) {
			return &Node{K: KInfix, T: t, Text: "%", Args: []*Node{g.leaf(t), g.lit(t, "7")}}
		}
		return g.lit(t, pick(g.r, []string{"0", "1", "2", "3", "-1", "100", "67108865", "2147483647", "-2147483648"}))
	}
	if (name == "encode" && i == 1 || name == "decode" && i == 1) && t.Kind == ir.KindVarchar && g.pct(85) {
		// a charset: Spark 4.0's seven in any case, now and then another
		return g.lit(t, sqlString(pick(g.r, []string{"UTF-8", "utf-8", "US-ASCII", "ISO-8859-1", "UTF-16", "UTF-16BE", "utf-16le", "UTF-32", "latin1", "EBCDIC"})))
	}
	if (name == "unhex" || name == "unbase64") && i == 0 && t.Kind == ir.KindVarchar && g.pct(70) {
		// mostly text in the format, well formed or nearly
		return g.lit(t, sqlString(pick(g.r, []string{"", "41", "4a4B", "123", "zz", "0", "QUJD", "QQ", "QQ==", "Q", "QQ=x", "U3Bh cmsg", "abc=", "ab=", "====", "é"})))
	}
	if name == "json_array_length" && t.Kind == ir.KindVarchar && g.pct(70) {
		// Mostly JSON text, well formed or nearly: random strings are
		// rarely arrays.
		return g.lit(t, sqlString(pick(g.r, jsonTexts)))
	}
	if (name == "parse_url" || name == "try_parse_url") && t.Kind == ir.KindVarchar && g.pct(80) {
		switch i {
		case 0:
			return g.lit(t, sqlString(pick(g.r, urls)))
		case 1:
			return g.lit(t, sqlString(pick(g.r, urlParts)))
		}
		return g.lit(t, sqlString(pick(g.r, []string{"a", "x", "query", "y"})))
	}
	if name == "schema_of_json" && t.Kind == ir.KindVarchar {
		// Always a constant, valid JSON text (else a compile error).
		return g.lit(t, sqlString(pick(g.r, []string{`[{"col":0}]`, `{"b":1.5,"a":[1,2.5],"c":null}`, "[]", "1", `"x"`, `{"a":[1,"x"]}`, "{}"})))
	}
	if name == "schema_of_csv" {
		// Always constants exprc reads (else a compile error): a CSV line,
		// and options that only set the separator.
		if t.Kind == ir.KindMap {
			sep := pick(g.r, []string{";", "|", ","})
			return &Node{K: KCall, T: t, Text: "map", Args: []*Node{g.lit(*t.Key, sqlString(pick(g.r, []string{"sep", "delimiter", "SEP"}))), g.lit(*t.Value, sqlString(sep))}}
		}
		return g.lit(t, sqlString(pick(g.r, []string{"1,abc", "1;2|x", "2147483648,1.5,,true", "12345678901234567890,1e0,NaN", `"1",2020-01-01,2020-1-1 10:00:00`, "a|b;c"})))
	}
	if name == "schema_of_xml" {
		// Always constants exprc reads (else a compile error): a document,
		// and an empty options map.
		if t.Kind == ir.KindMap {
			return &Node{K: KCall, T: t, Text: "map"}
		}
		return g.lit(t, sqlString(pick(g.r, []string{"<p><a>1</a></p>", `<p><a attr="2">1</a><a>3</a></p>`, "<p/>", `<p id="7">x</p>`, "<p><b>x</b><b>1.5</b><c><d>true</d><e/></c></p>"})))
	}
	if name == "get_json_object" && t.Kind == ir.KindVarchar && g.pct(75) {
		// A JSON document and a path, mostly constant (compiled once),
		// sometimes from the data (through the path cache).
		if i == 1 {
			return g.lit(t, sqlString(pick(g.r, jsonPaths)))
		}
		return g.lit(t, sqlString(pick(g.r, append(jsonTexts, `{"a":{"b":[1,"x"]}}`, `{'a':'q'}`, `{"a":null,"a":[2.50]}`))))
	}
	if strings.HasPrefix(name, "xpath_") && t.Kind == ir.KindVarchar {
		// The path must be a valid constant (else a compile error); the
		// document is mostly XML, sometimes data (mostly malformed: an error).
		if i == 1 {
			return g.lit(t, sqlString(pick(g.r, xpathPaths)))
		}
		if g.pct(50) { // a constant document and path fold away
			return g.lit(t, sqlString(pick(g.r, xmlDocs)))
		}
	}
	if name == "to_json" && i == 1 {
		// The options: a constant map() that sets none (exprc implements
		// none, and refuses any other argument at compile time).
		return &Node{K: KCall, T: t, Text: "map"}
	}
	if name == "str_to_map" && t.Kind == ir.KindVarchar && g.pct(80) {
		// Mostly pairs under a constant delimiter (compiled once), some
		// regular expressions and the empty one; sometimes data (through
		// the pattern cache).
		if i == 0 {
			return g.lit(t, sqlString(pick(g.r, strToMapTexts)))
		}
		return g.lit(t, sqlString(pick(g.r, strToMapDelims)))
	}
	if (name == "format_string" || name == "printf") && i == 0 && t.Kind == ir.KindVarchar && g.pct(85) {
		// Mostly a constant, valid format: a format from the data fails on
		// nearly every row.
		return g.lit(t, sqlString(pick(g.r, formatStrings)))
	}
	if strings.Contains(name, "make_timestamp") && g.pct(85) {
		// Fields around their bounds (mostly valid: random numbers name
		// no reading), sec with 60 and fractions, zones good and bad.
		switch {
		case i < 5 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, makeTimestampFields[i]))
		case i == 5 && t.Kind == ir.KindDecimal:
			return g.lit(t, "CAST("+pick(g.r, []string{"0", "45.887", "59.999999", "60", "60", "60.5", "-0.5", "61", "0.000001", "30"})+" AS DECIMAL(16,6))")
		case i == 6 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, []string{"UTC", "CET", "Europe/Paris", "America/New_York", "+05:30", "Mars/Olympus", "-100"})))
		}
	}
	if g.pct(g.fallible / 2) {
		if n := g.fallibleLeaf(t); n != nil {
			return n
		}
	}
	if g.pct(50) {
		switch {
		case name == "like" && i == 1 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, likePatterns)))
		case name == "like" && i == 2 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, []string{"\\", "\\", "!", "%", "_", "", "ab", "é"})))
		case name == "round" && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "-1", "-2", "-5", "-10", "-19", "17", "400", "-400", "2147483647", "-2147483648"}))
		case strings.HasPrefix(name, "try_") && t.Kind == ir.KindDecimal:
			return g.decimalLit(t)
		case strings.HasPrefix(name, "try_") && t.IsNumeric():
			// Edges where try_ arithmetic is NULL: overflow, a zero divisor.
			// Each literal has exactly type t, so the call keeps its type.
			return g.lit(t, pick(g.r, tryLiterals[t.Kind]))
		case (name == "to_date" || name == "try_to_date" || name == "date_format") && i == 1 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, datePatterns)))
		case (name == "to_date" || name == "try_to_date") && i == 0 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, []string{"2024-07-04", "04/07/2024", "4/7/2024", "20240704", "Jul 4, 2024",
				"Thursday, July 4, 2024", "2024 186", "+12345-01-01", "2023-02-29", "x", "", "24-07-04"})))
		case name == "trunc" && i == 1 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, []string{"YEAR", "yyyy", "YY", "quarter", "MONTH", "mm", "MON", "week", "DAY", "hour", "", "x"})))
		case (name == "date_add" || name == "date_sub") && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "-1", "365", "2147483647", "-2147483648", "1000000000"}))
		case name == "bround" && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "-1", "-2", "-19", "17", "-2147483648"}))
		case name == "factorial" && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "5", "20", "21", "-1"}))
		case (name == "bit_get" || strings.HasPrefix(name, "shift")) && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "31", "32", "33", "63", "64", "-1", "-2147483648"}))
		case name == "width_bucket" && i == 3 && (t.Kind == ir.KindInt || t.Kind == ir.KindBigint):
			return g.lit(t, pick(g.r, []string{"0", "1", "3", "-1", "2147483647"}))
		case name == "sha2" && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "224", "256", "384", "512", "1", "-256", "2147483647"}))
		case name == "conv" && i > 0 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"2", "8", "10", "16", "36", "-2", "-10", "-16", "-36", "1", "37", "0", "-2147483648"}))
		case name == "conv" && i == 0 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, convNumbers)))
		case name == "format_number" && i == 1 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "3", "-1", "20", "400"}))
		case name == "format_number" && i == 1 && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, numberPatterns)))
		case name == "elt" && i == 0 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"1", "2", "3", "0", "-1"}))
		case name == "mask" && i > 0 && t.Kind == ir.KindVarchar:
			return g.lit(t, pick(g.r, []string{"'X'", "'*'", "'é'", "NULL", "''", "'ab'"}))
		case (name == "url_decode" || name == "try_url_decode") && t.Kind == ir.KindVarchar:
			return g.lit(t, sqlString(pick(g.r, []string{"a%20b", "%ZZ", "a+b", "%C3%A9", "%", "100%25", "%E2%82", "%+1"})))
		case name == "overlay" && i >= 2 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "-1", "3", "100", "2147483647", "-2147483648"}))
		case (name == "substring") && i > 0 && t.Kind == ir.KindInt:
			return g.lit(t, pick(g.r, []string{"0", "1", "2", "-1", "-3", "-7", "5", "100", "2147483647", "-2147483648"}))
		case (name == "subscript" || name == "element_at" || name == "map_contains_key") && i == 1:
			if ks := keyLiterals[t.String()]; len(ks) > 0 {
				return g.lit(t, pick(g.r, ks))
			}
		}
	}
	return g.expr(t, d)
}

func (g *Generator) col(t ir.Type) *Node {
	cols := g.cols[t.String()]
	if len(cols) == 0 {
		return nil
	}
	return g.colNode(pick(g.r, cols))
}

func (g *Generator) fallibleLeaf(t ir.Type) *Node {
	if t.Kind != ir.KindMap && g.pct(6) {
		// raise_error and assert_true, of the NULL type (the binder types
		// them from their context): they fail the rows that evaluate them.
		if g.pct(50) {
			return &Node{K: KCall, T: t, Text: "raise_error", Args: []*Node{g.leaf(ir.TypeVarchar)}}
		}
		args := []*Node{g.leaf(ir.TypeBoolean)}
		if g.pct(50) {
			args = append(args, g.leaf(ir.TypeVarchar))
		}
		return &Node{K: KCall, T: t, Text: "assert_true", Args: args}
	}
	castOf := func(from ir.Type) *Node {
		if c := g.col(from); c != nil {
			return &Node{K: KCast, T: t, Args: []*Node{c}}
		}
		return nil
	}
	infixOf := func(op string, a, b ir.Type) *Node {
		x, y := g.col(a), g.col(b)
		if x == nil || y == nil {
			return nil
		}
		return &Node{K: KInfix, T: t, Text: op, Args: []*Node{x, y}}
	}
	subscript := func() *Node {
		var ms []ir.Type
		for _, m := range mapTypes {
			if m.Value.Equal(t) && len(g.cols[m.String()]) > 0 {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			return nil
		}
		m := pick(g.r, ms)
		return &Node{K: KSubscript, T: t, Args: []*Node{g.col(m), g.lit(*m.Key, pick(g.r, keyLiterals[m.Key.String()]))}}
	}
	var opts []func() *Node
	switch t.Kind {
	case ir.KindInt:
		opts = append(opts, func() *Node { return castOf(ir.TypeVarchar) }, func() *Node { return castOf(ir.TypeBigint) },
			func() *Node { return castOf(ir.TypeDouble) }, func() *Node { return infixOf("%", ir.TypeInt, ir.TypeInt) })
	case ir.KindBigint:
		opts = append(opts, func() *Node { return castOf(ir.TypeVarchar) }, func() *Node { return castOf(ir.TypeDouble) },
			func() *Node { return infixOf("DIV", ir.TypeInt, ir.TypeInt) }, func() *Node { return infixOf("DIV", ir.TypeBigint, ir.TypeBigint) },
			func() *Node { return infixOf("*", ir.TypeBigint, ir.TypeBigint) })
	case ir.KindDouble:
		opts = append(opts, func() *Node { return castOf(ir.TypeVarchar) }, func() *Node { return infixOf("/", ir.TypeDouble, ir.TypeBigint) },
			func() *Node { return infixOf("/", ir.TypeInt, ir.TypeInt) })
	case ir.KindBoolean, ir.KindDate:
		opts = append(opts, func() *Node { return castOf(ir.TypeVarchar) })
	}
	opts = append(opts, subscript)
	return pick(g.r, opts)()
}

func (g *Generator) lit(t ir.Type, text string) *Node { return &Node{K: KLit, T: t, Text: text} }

// leaf draws a column or a literal of type t, or now and then a small
// expression over columns that fails on many rows (a CAST of text, a division
// by a column, a map subscript), so that several operands of one function
// often fail on the same row and which error wins is put to the test.
func (g *Generator) leaf(t ir.Type) *Node {
	if g.pct(g.fallible) {
		if n := g.fallibleLeaf(t); n != nil {
			return n
		}
	}
	if g.aggMode && t.Kind != ir.KindMap && g.pct(80) {
		return g.agg(t)
	}
	if g.outerPct > 0 && g.pct(g.outerPct) {
		if n := g.outerCol(t); n != nil {
			return n
		}
	}
	// Columns are likelier inside subqueries, whose tables have few.
	cols := g.cols[t.String()]
	if len(cols) > 0 && (g.pct(65) || (g.clean || len(g.scopes) > 1) && g.pct(70)) {
		return g.colNode(pick(g.r, cols))
	}
	if t.Kind == ir.KindMap {
		if g.pct(35) {
			return g.mapCall(t)
		}
		return &Node{K: KCast, T: t, Args: []*Node{{K: KLit, Text: "NULL"}}}
	}
	if g.pct(4) {
		return &Node{K: KLit, T: t, Text: "NULL"} // untyped: the binder types it from its context
	}
	if g.pct(4) {
		return &Node{K: KCast, T: t, Args: []*Node{{K: KLit, Text: "NULL"}}}
	}
	// Some "literals" are CAST('NaN' AS DOUBLE) and the like: they stay one
	// literal node, folded by the compiler.
	if t.Kind == ir.KindDecimal {
		return g.decimalLit(t)
	}
	return &Node{K: KLit, T: t, Text: pick(g.r, literalsOf(t))}
}

// literalsOf is literals[t.Kind], or the literals of a DECIMAL type.
func literalsOf(t ir.Type) []string {
	if t.Kind == ir.KindDecimal {
		var out []string
		for _, x := range decimalTexts(t) {
			out = append(out, "CAST("+x+" AS "+t.String()+")")
		}
		return out
	}
	if t.IsInterval() {
		return ivLiterals[t.String()]
	}
	return literals[t.Kind]
}

// sqlString quotes s as a SQL string literal.
func sqlString(s string) string { return ir.QuoteString(s) }

var longString = strings.Repeat("abcé", 10)

// literals are the constants of each type, edges included.
var literals = map[ir.Kind][]string{
	ir.KindTimestamp: {"TIMESTAMP '1970-01-01 00:00:00Z'", "TIMESTAMP '2024-03-31 02:30:00'", "TIMESTAMP '2024-10-27 02:30:00'",
		"TIMESTAMP '2024-11-03 01:30:00'", "TIMESTAMP '1969-12-31 23:59:59.999999'", "TIMESTAMP_LTZ '2024-01-01 10:00:00+01:00'",
		"TIMESTAMP '1900-01-01'", "TIMESTAMP '+294247-01-10 04:00:54.775807Z'", "TIMESTAMP '-290308-12-21 19:59:05.224192Z'",
		"TIMESTAMP '2024-10-06 02:15:00'", "TIMESTAMP '2024-04-07 01:45:00'", "TIMESTAMP '2024-03-10 02:30:00'",
		"TIMESTAMP '1969-12-31 23:59:58.5Z'", "TIMESTAMP '2024-01-01 10:00:00.000001+05:45'", "TIMESTAMP '2024-03-31 01:00:00Z'",
		"TIMESTAMP '0001-01-01 00:00:00Z'", "TIMESTAMP '9999-12-31 23:59:59.999999'", "TIMESTAMP '1986-01-01 00:10:00'"},
	ir.KindTimestampNTZ: {"TIMESTAMP_NTZ '1970-01-01 00:00:00'", "TIMESTAMP_NTZ '2024-03-31 02:30:00'", "TIMESTAMP_NTZ '2024-11-03 01:30:00'",
		"TIMESTAMP_NTZ '2024-02-29 23:59:59.5'", "TIMESTAMP_NTZ '-0001-12-31 23:59:59'", "TIMESTAMP_NTZ '2024-10-06 02:15:00'",
		"TIMESTAMP_NTZ '+294247-01-10 04:00:54.775807'", "TIMESTAMP_NTZ '-290308-12-21 19:59:05.224192'", "TIMESTAMP_NTZ '1969-12-31 23:59:59.999999'",
		"TIMESTAMP_NTZ '2024-04-07 01:45:00.000001'"},
	ir.KindBoolean:  {"TRUE", "FALSE"},
	ir.KindInt:      {"0", "1", "-1", "2", "3", "7", "10", "100", "-100", "2147483647", "-2147483648", "2147483646", "65536", "46341"},
	ir.KindTinyint:  {"0Y", "1Y", "-1Y", "7Y", "127Y", "-128Y", "100Y", "-100Y", "12Y"},
	ir.KindBinary:   {"X''", "X'00'", "X'FF'", "X'7F80'", "x'abc'", "X'0102030405'", "CAST('é' AS BINARY)", "X'C3'", "X'61'"},
	ir.KindSmallint: {"0S", "1S", "-1S", "300S", "32767S", "-32768S", "182S", "-181S"},
	ir.KindFloat: {"0.0F", "-0.0F", "1.5F", "1.1F", "-2.5F", "3.4028235e38F", "-3.4028235e38F", "1e-45F", "16777217F", "0.1F",
		"CAST('NaN' AS FLOAT)", "CAST('Infinity' AS FLOAT)", "CAST('-Infinity' AS FLOAT)", "128.5F"},
	ir.KindBigint: {"CAST(0 AS BIGINT)", "CAST(1 AS BIGINT)", "CAST(-1 AS BIGINT)", "3000000000", "-3000000000",
		"9223372036854775807", "-9223372036854775808", "9223372036854775806", "4294967296", "3037000500"},
	ir.KindDouble: {"0.0D", "-0.0D", "1.5D", "-2.5D", "0.5D", "2.5D", "1e308", "-1e308", "4.9e-324", "1.7976931348623157e308", "1e-5", "3.0D",
		"CAST('NaN' AS DOUBLE)", "CAST('Infinity' AS DOUBLE)", "CAST('-Infinity' AS DOUBLE)", "9.223372036854776e18", "-9.223372036854776e18", "100.0D"},
	ir.KindVarchar: func() []string {
		var out []string
		for _, s := range stringPool {
			out = append(out, sqlString(s))
		}
		return out
	}(),
	ir.KindDate: {"DATE '2024-01-01'", "DATE '1970-01-01'", "DATE '0001-01-01'", "DATE '9999-12-31'", "DATE '2000-02-29'", "DATE '1969-12-31'", "DATE '2024-02-29'"},
}

// stringPool is shared by literals and data: it holds numbers in text (valid
// and not), dates, booleans, patterns, map keys, non-ASCII and long strings.
var stringPool = []string{
	"", " ", "a", "A", "abc", "k", "test", "K", "é", "héllo", "ß", "日本語", "İ", "ǅ", longString,
	"123", " 42 ", "-7", "+5", "1.5", ".5", "1e3", "NaN", "-inf", "Infinity", "2147483648", "9223372036854775808", "0x1F", "1_000",
	"true", "yes", "n", "2024-02-29", "2023-02-29", "2024-1-5", "-0044-03-15", "2024-01-01T10:00",
	"%", "_", "a%", "%b%", "\\", "a\\%", "[", "a.*", "^a", "(x", "  padded  ",
	"yyyy-MM-dd", "dd/MM/yy", "HH:mm",
}

// formatStrings are format_string's formats: valid ones for most argument
// types, and a few that fail.
var formatStrings = []string{"%s", "%s-%s", "[%5s|%-5s]", "%d", "%x", "%X", "%o", "%.2f", "%e", "%g", "%b", "%c", "%%",
	"%2$s %1$s", "%S", "%,d", "%08.3f", "%(d", "%+d", "%#x", "%10.4e", "%s %n", "%.3s", "%s %<s", "%-8b|", "%G", "%,.2f",
	"x", "", "%q", "%s %s %s", "%#s", "%-d"}

// numberPatterns are format_number's DecimalFormat patterns.
var numberPatterns = []string{"", "#,##0.00", "0000", "#.##", ".##", "##0.0#", "#,###", "0.", "'#'0 EUR", "0%", "#.#.#", "0E0"}

var likePatterns = []string{"%", "a%", "%a%", "_", "__", "%é%", "a\\%", "\\_%", "\\", "a\\", "\\a", "%%", "", "abc", "h_llo", "!%", "%!"}

// regexFns are the regular-expression functions: argument 1 is the pattern.
var regexFns = map[string]bool{"rlike": true, "regexp_replace": true, "regexp_extract": true, "regexp_count": true,
	"regexp_instr": true, "regexp_substr": true}

var regexPatterns = []string{"a", "^a", "a$", "a.*c", "[", "(x", "é", "\\d+", "^$", "", "(?i)abc", "x{2,}", "\\", "*a", "[a-z]+",
	"(\\d+)-(\\d+)", "a*", "(?<n>b)", "(a)|(b)", "(a)\\1", "a(?=b)", "a++", ".", "(?s).", "\\s+", "[^a]", "a|b$", "\\bx",
	"\\p{L}+", "(?i)[é-]", "\\Qa.\\E", "(é)(.)", "x*"}

// strToMapTexts and strToMapDelims are str_to_map's texts and delimiters:
// pairs with and without values, repeated keys, empty pieces.
var strToMapTexts = []string{"a:1,b:2,c:3", "a", "", "a:1,a:2", "k=v;x=y", "a:1,,b:2", "p=1&q=2&r", ":x,y:", "é:1, f : 2", "a:b:c"}

var strToMapDelims = []string{",", ":", ";", "=", "&", "", "[,;]\\s*", "\\s*=\\s*", "\\b", "(a)\\1", "[", "a*", "é"}

var regexReplacements = []string{"x", "$1", "$0", "${n}", "\\$", "$", "$9", "", "<$1$2>", "é", "\\"}

// keyLiterals are the map keys that data maps hold often (and sometimes not).
var keyLiterals = map[string][]string{
	"VARCHAR": {"'k'", "'test'", "'a'", "''", "'é'", "'K'", "'missing'"},
	"BIGINT":  {"CAST(0 AS BIGINT)", "1", "-1", "42", "9223372036854775807", "-9223372036854775808", "5"},
	"INT":     {"0", "1", "-1", "7", "2147483647", "-2147483648", "5"},
}

// castText draws a string to CAST to t: valid text for t, or text that fails.
func castText(r *rand.Rand, t ir.Type) string {
	var pool []string
	switch t.Kind {
	case ir.KindBoolean:
		pool = []string{"true", "FALSE", " t ", "yes", "0", "1", "maybe", ""}
	case ir.KindTinyint, ir.KindSmallint:
		pool = []string{"0", "-1", " 42 ", "+7", "127", "128", "-128", "-129", "32767", "32768", "-32769", "1.0", "", "abc"}
	case ir.KindFloat:
		pool = []string{"1.5", "1.1", ".5", "-1e3", "NaN", "-inf", "Infinity", "3.5e38", "1e-46", "0x1p3", "", "abc", " -0.0 ", "16777217"}
	case ir.KindInt, ir.KindBigint:
		pool = []string{"0", "-1", " 42 ", "+7", "2147483647", "2147483648", "-2147483649", "9223372036854775807", "9223372036854775808", "1.0", "", "abc", "\t5\n"}
	case ir.KindDouble:
		pool = []string{"1.5", ".5", "5.", "-1e3", "NaN", "-inf", "Infinity", "1e400", "1e-400", "0x1p3", "1d", "", "abc", " -0.0 "}
	case ir.KindDecimal:
		pool = []string{"1.5", " -2.25 ", ".5", "5.", "1e2", "-1E-3", "0.125", "99999.995", "123456789012345678901234567890123456789",
			"1.2.3", "", "abc", "NaN", "1e", "+0.005", "-0.0049"}
	case ir.KindTimestamp, ir.KindTimestampNTZ:
		pool = tsTexts
	case ir.KindDate:
		pool = []string{"2024-01-01", "2024-2-29", "2023-02-29", "2024", "2024-03", "-0044-03-15", "2024-01-01T12:00", "2024-01-01 x", "+10000-01-01", "abc", ""}
	default:
		pool = stringPool
	}
	return sqlString(pick(r, pool))
}

// Permute returns q with the operands that the semantics say cannot matter
// reordered: the operands of + * = <> (swapped), < <= > >= mirrored, AND and OR
// operands and IN list items shuffled. Every row must keep its outcome, except
// that when several operands fail, which error is reported may change. Each
// node's choices depend only on seed and the node's own text, so a shrunk
// query permutes the way the original did.
func Permute(seed uint64, q *Query) *Query {
	p := &Query{Name: q.Name + permSuffix, Alias: q.Alias}
	for _, o := range q.Outputs {
		p.Outputs = append(p.Outputs, permute(seed, o))
	}
	if q.Where != nil {
		p.Where = permute(seed, q.Where)
	}
	return p
}

var mirror = map[string]string{"<": ">", ">": "<", "<=": ">=", ">=": "<="}

func permute(seed uint64, n *Node) *Node {
	if len(n.Args) == 0 {
		return n
	}
	h := fnv.New64a()
	h.Write([]byte(n.SQL())) //nolint:errcheck // never fails
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	args := make([]*Node, len(n.Args))
	for i, a := range n.Args {
		args[i] = permute(seed, a)
	}
	c := n.with(args)
	switch n.K {
	case KInfix:
		switch n.Text {
		case "+", "*", "=", "<>", "!=", "&", "|", "^":
			if r.IntN(100) < 70 {
				args[0], args[1] = args[1], args[0]
			}
		case "<", ">", "<=", ">=":
			if r.IntN(100) < 70 {
				args[0], args[1] = args[1], args[0]
				c.Text = mirror[n.Text]
			}
		}
	case KAnd, KOr:
		r.Shuffle(len(args), func(i, j int) { args[i], args[j] = args[j], args[i] })
	case KIn:
		items := args[1:]
		r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	}
	return c
}

// mapCall is map(k1, v1 [, k2, v2]) of map type t over leaves: NULL keys
// and repeated keys (NULL_MAP_KEY, DUPLICATED_MAP_KEY) come up often.
func (g *Generator) mapCall(t ir.Type) *Node {
	var args []*Node
	for range 1 + g.r.IntN(2) {
		args = append(args, g.leaf(*t.Key), g.leaf(*t.Value))
	}
	return &Node{K: KCall, T: t, Text: "map", Args: args}
}
