package compiler

import (
	"math"
	"strconv"
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
)

// binaryFuncs maps SQL operators to the registry functions that implement them.
var binaryFuncs = map[string]string{
	"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "DIV": "div", "%": "mod",
	"||": "concat", "=": "eq", "<>": "ne", "<": "lt", "<=": "le", ">": "gt", ">=": "ge",
	"&": "bitwise_and", "|": "bitwise_or", "^": "bitwise_xor",
}

// decimalOperators are the functions Spark implements as a BinaryArithmetic
// or a BinaryComparison, whose integer literal operands DecimalPrecision
// narrows beside a DECIMAL.
var decimalOperators = map[string]bool{"add": true, "subtract": true, "multiply": true, "divide": true, "mod": true,
	"div": true, "pmod": true, "try_add": true, "try_subtract": true, "try_multiply": true, "try_divide": true, "try_mod": true,
	"eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true}

// castAliases are Spark's functions that are casts (FunctionRegistry's
// castAlias): string(x) is CAST(x AS VARCHAR).
var castAliases = map[string]ir.Type{
	"boolean": ir.TypeBoolean, "int": ir.TypeInt, "bigint": ir.TypeBigint, "double": ir.TypeDouble,
	"string": ir.TypeVarchar, "date": ir.TypeDate, "decimal": ir.DecimalOf(10, 0),
	"tinyint": ir.TypeTinyint, "smallint": ir.TypeSmallint, "float": ir.TypeFloat,
	"binary": ir.TypeBinary, "timestamp": ir.TypeTimestamp,
}

// aggregates are recognised only to say clearly that exprc does not do them.
var aggregates = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "collect_list": true,
	"collect_set": true, "stddev": true, "variance": true, "first": true, "last": true,
}

// bindExpr binds one expression. It reports its own errors; ok is false when the
// expression (or any part of it) did not bind, and callers then stay silent so
// one mistake gives one diagnostic.
func (b *binder) bindExpr(e ast.Expr, sc *scope) (ir.Expr, bool) {
	switch e := e.(type) {
	case *ast.Literal:
		return b.bindLiteral(e, false)
	case *ast.ColumnRef:
		return b.bindColumn(e, sc)
	case *ast.Star:
		b.errs.Add(e.Pos, diag.Syntax, "* is only allowed as a whole SELECT item")
		return nil, false
	case *ast.Unary:
		return b.bindUnary(e, sc)
	case *ast.Binary:
		return b.bindBinary(e, sc)
	case *ast.IsNull:
		x, ok := b.bindExpr(e.X, sc)
		if !ok {
			return nil, false
		}
		return b.isNull(x, e.Not, e.Pos)
	case *ast.Between:
		return b.bindBetween(e, sc)
	case *ast.InList:
		return b.bindIn(e, sc)
	case *ast.InSubquery:
		sql := ast.Format(&ast.InSubquery{Pos: e.Pos, OpPos: e.OpPos, X: e.X, Sub: e.Sub})
		return b.bindQuantified(e.X, "=", false, e.Not, e.Sub, e.OpPos, sql, sc)
	case *ast.Quantified:
		sql := ast.Format(&ast.Quantified{Pos: e.Pos, OpPos: e.OpPos, Op: anyOp(e), X: e.X, Sub: e.Sub})
		return b.bindQuantified(e.X, e.Op, e.All, false, e.Sub, e.OpPos, sql, sc)
	case *ast.Exists:
		return b.bindExists(e, sc)
	case *ast.Subquery:
		return b.bindScalarSubquery(e, sc)
	case *ast.Like:
		return b.bindLike(e, sc)
	case *ast.Case:
		return b.bindCase(e, sc)
	case *ast.Call:
		return b.bindCall(e, sc)
	case *ast.Cast:
		x, ok := b.bindExpr(e.X, sc)
		if !ok {
			return nil, false
		}
		to, ok := b.bindType(e.Type)
		if !ok {
			return nil, false
		}
		return b.cast(x, to, e.Pos)
	case *ast.Subscript:
		m, ok1 := b.bindExpr(e.X, sc)
		k, ok2 := b.bindExpr(e.Index, sc)
		if !ok1 || !ok2 {
			return nil, false
		}
		if m.Type().Kind != ir.KindMap {
			b.errs.Add(e.LBrack, diag.Type, "cannot subscript %s: only MAP values can be indexed with [...]", m.Type())
			return nil, false
		}
		return b.call("subscript", "[]", []ir.Expr{m, k}, e.LBrack)
	}
	b.errs.Add(e.Position(), diag.Unsupported, "unsupported expression")
	return nil, false
}

// anyOp is the comparison of the ANY form a quantified comparison binds to:
// "op ALL" is NOT (negated op ANY).
func anyOp(e *ast.Quantified) string {
	if e.All {
		return negated[e.Op]
	}
	return e.Op
}

func (b *binder) bindLiteral(e *ast.Literal, negate bool) (ir.Expr, bool) {
	switch e.Kind {
	case ast.LitInt, ast.LitFloat:
		return b.numberLiteral(e, negate)
	case ast.LitString:
		return &ir.Const{T: ir.TypeVarchar, V: e.Value}, true
	case ast.LitBool:
		return &ir.Const{T: ir.TypeBoolean, V: strings.EqualFold(e.Raw, "TRUE")}, true
	case ast.LitNull:
		return &ir.Const{T: ir.TypeNull}, true
	case ast.LitDate:
		if x, bound, ok := b.specialLiteral(e, ir.TypeDate); ok {
			return x, bound
		}
		d, ok := parseDateLiteral(e.Value)
		if !ok {
			b.errs.Add(e.Pos, diag.Literal, "invalid DATE literal '%s': want 'yyyy-mm-dd' naming a real day", e.Value)
			return nil, false
		}
		return &ir.Const{T: ir.TypeDate, V: d}, true
	case ast.LitTimestamp:
		if x, bound, ok := b.specialLiteral(e, ir.TypeTimestamp); ok {
			return x, bound
		}
		z, _ := rt.ZoneOf(b.zone)
		v, ok := rt.ParseTimestamp(e.Value, z)
		if !ok {
			b.errs.Add(e.Pos, diag.Literal, "INVALID_TYPED_LITERAL: the value of the typed literal TIMESTAMP '%s' is invalid", e.Value)
			return nil, false
		}
		return &ir.Const{T: ir.TypeTimestamp, V: ir.Timestamp(v)}, true
	case ast.LitTimestampNTZ:
		if x, bound, ok := b.specialLiteral(e, ir.TypeTimestampNTZ); ok {
			return x, bound
		}
		v, ok := rt.ParseTimestampNTZ(e.Value, false)
		if !ok {
			b.errs.Add(e.Pos, diag.Literal, "INVALID_TYPED_LITERAL: the value of the typed literal TIMESTAMP_NTZ '%s' is invalid", e.Value)
			return nil, false
		}
		return &ir.Const{T: ir.TypeTimestampNTZ, V: ir.TimestampNTZ(v)}, true
	case ast.LitInterval:
		return b.bindIntervalLiteral(e)
	case ast.LitBinary:
		v, ok := rt.UnhexBytes(e.Value) // an odd count: a leading 0, as Spark pads it
		if !ok {
			b.errs.Add(e.Pos, diag.Literal, "invalid BINARY literal %s: want hex digits", e.Raw)
			return nil, false
		}
		return &ir.Const{T: ir.TypeBinary, V: v}, true
	}
	b.errs.Add(e.Pos, diag.Literal, "unknown literal %s", e.Raw)
	return nil, false
}

// numberLiteral types a numeric literal as Spark does: digits are an INT (a
// BIGINT when they do not fit, or with the suffix L), a number with a point
// is a DECIMAL of exactly its digits (1.50 is DECIMAL(3,2)), and a number with
// an exponent or the suffix D is a DOUBLE; the suffix BD makes any number a
// DECIMAL, F a FLOAT; digits with the suffix S are a SMALLINT, with Y a
// TINYINT (out of the type's range is a compile error, as in Spark).
func (b *binder) numberLiteral(e *ast.Literal, negate bool) (ir.Expr, bool) {
	text, upper := e.Raw, strings.ToUpper(e.Raw)
	sign := ""
	if negate {
		sign = "-"
	}
	switch {
	case strings.HasSuffix(upper, "BD"):
		return b.decimalLiteral(e, sign+text[:len(text)-2])
	case strings.HasSuffix(upper, "D"):
		return b.doubleLiteral(e, text[:len(text)-1], negate)
	case strings.HasSuffix(upper, "F"):
		return b.floatLiteral(e, text[:len(text)-1], negate)
	case strings.HasSuffix(upper, "Y"):
		return b.smallIntLiteral(e, sign+text[:len(text)-1], ir.TypeTinyint, math.MinInt8, math.MaxInt8)
	case strings.HasSuffix(upper, "S"):
		return b.smallIntLiteral(e, sign+text[:len(text)-1], ir.TypeSmallint, math.MinInt16, math.MaxInt16)
	case strings.ContainsAny(upper, "E"):
		return b.doubleLiteral(e, text, negate)
	case strings.Contains(text, "."):
		return b.decimalLiteral(e, sign+text)
	}
	digits := strings.TrimSuffix(upper, "L")
	n, err := strconv.ParseInt(sign+digits, 10, 64)
	if err != nil {
		if len(strings.TrimLeft(digits, "0")) <= ir.MaxDecimalPrecision && !strings.HasSuffix(upper, "L") {
			// Spark reads an integer beyond BIGINT as a DECIMAL(p, 0).
			return b.decimalLiteral(e, sign+digits)
		}
		b.errs.Add(e.Pos, diag.Literal, "integer literal %s is out of range for BIGINT and has more than %d digits, the most a DECIMAL holds",
			sign+digits, ir.MaxDecimalPrecision)
		return nil, false
	}
	if n >= math.MinInt32 && n <= math.MaxInt32 && !strings.HasSuffix(upper, "L") {
		return &ir.Const{T: ir.TypeInt, V: int32(n)}, true
	}
	return &ir.Const{T: ir.TypeBigint, V: n}, true
}

// smallIntLiteral is a TINYINT (10Y) or SMALLINT (10S) literal of digits
// (with its sign); out of [lo, hi] is Spark's INVALID_NUMERIC_LITERAL_RANGE,
// a compile error.
func (b *binder) smallIntLiteral(e *ast.Literal, digits string, t ir.Type, lo, hi int64) (ir.Expr, bool) {
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || n < lo || n > hi {
		b.errs.Add(e.Pos, diag.Literal, "numeric literal %s does not fit in range [%d, %d] for type %s", digits, lo, hi, t)
		return nil, false
	}
	if t.Kind == ir.KindTinyint {
		return &ir.Const{T: t, V: int8(n)}, true
	}
	return &ir.Const{T: t, V: int16(n)}, true
}

// floatLiteral is a FLOAT literal (1.5F), rounded once to the nearest
// float32; beyond FLOAT's range it is a compile error, as in Spark.
func (b *binder) floatLiteral(e *ast.Literal, text string, negate bool) (ir.Expr, bool) {
	f, err := strconv.ParseFloat(text, 32)
	if err != nil || math.IsInf(f, 0) {
		b.errs.Add(e.Pos, diag.Literal, "numeric literal %s is out of range for FLOAT", e.Raw)
		return nil, false
	}
	if negate {
		f = -f
	}
	return &ir.Const{T: ir.TypeFloat, V: float32(f)}, true
}

func (b *binder) doubleLiteral(e *ast.Literal, text string, negate bool) (ir.Expr, bool) {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsInf(f, 0) {
		b.errs.Add(e.Pos, diag.Literal, "numeric literal %s is out of range for DOUBLE", e.Raw)
		return nil, false
	}
	if negate {
		f = -f
	}
	return &ir.Const{T: ir.TypeDouble, V: f}, true
}

// decimalLiteral is the DECIMAL(p, s) constant of text: s is the number of
// digits after the point (less the exponent), p the number of significant
// digits, at least s (0.06 is DECIMAL(2,2)); a negative scale (1E3BD) becomes
// scale 0, as Spark does.
func (b *binder) decimalLiteral(e *ast.Literal, text string) (ir.Expr, bool) {
	t, ok := functions.DecimalLiteralType(text)
	if !ok {
		b.errs.Add(e.Pos, diag.Literal, "numeric literal %s has more than %d digits, the most a DECIMAL holds; "+
			"write it with an exponent (1.5E40) to make it a DOUBLE", e.Raw, ir.MaxDecimalPrecision)
		return nil, false
	}
	v, err := rt.CastStringToDecimal(text, t.S(), t.P())
	if err != nil {
		b.errs.Add(e.Pos, diag.Literal, "numeric literal %s: %s", e.Raw, err.Message())
		return nil, false
	}
	return &ir.Const{T: t, V: v}, true
}

// parseDateLiteral accepts exactly yyyy-mm-dd: a literal in a spec is checked
// more strictly than a CAST of data.
func parseDateLiteral(s string) (ir.Date, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	return ir.ParseDate(s)
}

func (b *binder) bindColumn(e *ast.ColumnRef, sc *scope) (ir.Expr, bool) {
	if e.Table != nil && !sc.knownTable(e.Table.Name) {
		b.errs.Add(e.Table.Pos, diag.Name, "unknown table %s (the query reads %s)%s", e.Table.Name, sc.names[0],
			didYouMean(e.Table.Name, tableCandidates(sc)))
		return nil, false
	}
	if c := b.resolveColumn(e, sc); c != nil {
		return c, true
	}
	if x, ok, is := b.bareClockCall(e); is {
		return x, ok // current_date, current_timestamp: a column of the name wins, as in Spark
	}
	// The candidates: a qualified name's table's columns, else every column
	// an unqualified name can reach (enclosing queries' too).
	t, candidates := sc.table, columnCandidates(sc)
	if e.Table != nil {
		for s := sc; s != nil; s = s.parent {
			if s.visibleAs(e.Table.Name) {
				t, candidates = s.table, columnCandidates(&scope{table: s.table})
				break
			}
		}
	}
	b.errs.Add(e.Column.Pos, diag.Name, "unknown column %s in table %s%s", e.Column.Name, t.Name,
		didYouMean(e.Column.Name, candidates))
	return nil, false
}

func (b *binder) bindUnary(e *ast.Unary, sc *scope) (ir.Expr, bool) {
	if lit, ok := e.X.(*ast.Literal); ok && e.Op == "-" && (lit.Kind == ast.LitInt || lit.Kind == ast.LitFloat) {
		return b.bindLiteral(lit, true) // so -2147483648 is an INT, as written
	}
	x, ok := b.bindExpr(e.X, sc)
	if !ok {
		return nil, false
	}
	if (e.Op == "-" || e.Op == "+") && x.Type().Kind == ir.KindVarchar {
		// Spark reads a string operand of unary - and + as a DOUBLE.
		if x, ok = b.cast(x, ir.TypeDouble, e.Pos); !ok {
			return nil, false
		}
	}
	switch strings.ToUpper(e.Op) {
	case "-":
		return b.call("negate", "-", []ir.Expr{x}, e.Pos)
	case "+":
		if !x.Type().IsNumeric() && !x.Type().IsInterval() && x.Type().Kind != ir.KindNull {
			b.errs.Add(e.Pos, diag.Type, "unary + needs a number, not %s", x.Type())
			return nil, false
		}
		return x, true
	case "NOT":
		return b.call("not", "NOT", []ir.Expr{x}, e.Pos)
	case "~":
		return b.call("bitwise_not", "~", []ir.Expr{x}, e.Pos)
	}
	b.errs.Add(e.Pos, diag.Unsupported, "unknown operator %s", e.Op)
	return nil, false
}

func (b *binder) bindBinary(e *ast.Binary, sc *scope) (ir.Expr, bool) {
	op := strings.ToUpper(e.Op)
	if op == "AND" || op == "OR" {
		var args []ir.Expr
		ok := b.flattenLogic(e, op, sc, &args)
		if !ok {
			return nil, false
		}
		if op == "AND" {
			return &ir.And{Args: args}, true
		}
		return &ir.Or{Args: args}, true
	}
	l, ok1 := b.bindExpr(e.L, sc)
	r, ok2 := b.bindExpr(e.R, sc)
	if !ok1 || !ok2 {
		return nil, false
	}
	name, known := binaryFuncs[op]
	if !known {
		b.errs.Add(e.OpPos, diag.Unsupported, "unknown operator %s", e.RawOp)
		return nil, false
	}
	shown := e.RawOp
	if shown == "" {
		shown = e.Op
	}
	if res, ok, handled := b.intervalArith(op, l, r, e.OpPos); handled {
		return res, ok
	}
	if res, ok, handled := b.dateArith(op, l, r, e.OpPos); handled {
		return res, ok
	}
	if name != "concat" { // || writes its operands as VARCHAR (functions.ImplicitCost)
		var ok bool
		if l, r, ok = b.promote(l, r, e.OpPos); !ok {
			return nil, false
		}
	}
	return b.call(name, shown, []ir.Expr{l, r}, e.OpPos)
}

// flattenLogic turns a chain of one logical operator into one n-ary node, and
// checks each operand is BOOLEAN. A VARCHAR operand whose sibling is BOOLEAN
// is read as a BOOLEAN (string promotion: p AND 'true'), as in Spark; two
// VARCHAR operands are an error.
func (b *binder) flattenLogic(e ast.Expr, op string, sc *scope, out *[]ir.Expr) bool {
	bin, chain := e.(*ast.Binary)
	if !chain || strings.ToUpper(bin.Op) != op {
		x, ok := b.bindExpr(e, sc)
		return ok && b.logicOperand(x, ir.TypeNull, e.Position(), op, out)
	}
	// Each side is a nested chain of the same operator (BOOLEAN once bound)
	// or an operand whose coercion depends on the other side's type.
	isChain := func(s ast.Expr) bool {
		sb, ok := s.(*ast.Binary)
		return ok && strings.ToUpper(sb.Op) == op
	}
	lchain, rchain := isChain(bin.L), isChain(bin.R)
	// Both sides are bound even when one fails, so that each mistake is
	// reported; operands are appended left to right.
	switch {
	case lchain:
		lok := b.flattenLogic(bin.L, op, sc, out)
		if rchain {
			return b.flattenLogic(bin.R, op, sc, out) && lok
		}
		rx, rok := b.bindExpr(bin.R, sc)
		return rok && b.logicOperand(rx, ir.TypeBoolean, bin.R.Position(), op, out) && lok
	case rchain:
		lx, lok := b.bindExpr(bin.L, sc)
		lok = lok && b.logicOperand(lx, ir.TypeBoolean, bin.L.Position(), op, out)
		return b.flattenLogic(bin.R, op, sc, out) && lok
	}
	lx, lok := b.bindExpr(bin.L, sc)
	rx, rok := b.bindExpr(bin.R, sc)
	if !lok || !rok {
		return false
	}
	return b.logicOperand(lx, rx.Type(), bin.L.Position(), op, out) &&
		b.logicOperand(rx, lx.Type(), bin.R.Position(), op, out)
}

// logicOperand coerces x, an operand of AND/OR whose sibling has type other,
// to BOOLEAN and appends it (or its operands, when it is the same operator) to
// out.
func (b *binder) logicOperand(x ir.Expr, other ir.Type, pos diag.Pos, op string, out *[]ir.Expr) bool {
	var ok bool
	if x.Type().Kind == ir.KindVarchar && other.Kind == ir.KindBoolean {
		x, ok = b.cast(x, ir.TypeBoolean, pos)
	} else {
		x, ok = b.coerce(x, ir.TypeBoolean, pos, "operand of "+op)
	}
	if !ok {
		return false
	}
	if inner, same := x.(*ir.And); same && op == "AND" {
		*out = append(*out, inner.Args...)
	} else if inner, same := x.(*ir.Or); same && op == "OR" {
		*out = append(*out, inner.Args...)
	} else {
		*out = append(*out, x)
	}
	return true
}

func (b *binder) bindBetween(e *ast.Between, sc *scope) (ir.Expr, bool) {
	xs, ok := b.bindList([]ast.Expr{e.X, e.Lo, e.Hi}, sc)
	if !ok {
		return nil, false
	}
	// Spark compares x with each bound on its own (x >= lo AND x <= hi), so
	// with a string bound the two comparisons may be in different types:
	// i BETWEEN '1' AND 2.5 compares BIGINTs, then DOUBLEs.
	tlo, ok1 := widerType(xs[0].Type(), xs[1].Type())
	thi, ok2 := widerType(xs[0].Type(), xs[2].Type())
	if ok1 && ok2 && !tlo.Equal(thi) {
		x1, lo, ok1 := b.promote(xs[0], xs[1], e.OpPos)
		x2, hi, ok2 := b.promote(xs[0], xs[2], e.OpPos)
		if !ok1 || !ok2 {
			return nil, false
		}
		ge, okg := b.call("ge", ">=", []ir.Expr{x1, lo}, e.OpPos)
		le, okl := b.call("le", "<=", []ir.Expr{x2, hi}, e.OpPos)
		if !okg || !okl {
			return nil, false
		}
		var res ir.Expr = &ir.And{Args: []ir.Expr{ge, le}}
		if e.Not {
			return b.call("not", "NOT", []ir.Expr{res}, e.OpPos)
		}
		return res, true
	}
	xs, ok = b.unifyCompared(xs, e.OpPos, "BETWEEN operands")
	if !ok {
		return nil, false
	}
	ge, ok1 := b.comparison("ge", ">=", xs[0].Type(), e.OpPos)
	le, ok2 := b.comparison("le", "<=", xs[0].Type(), e.OpPos)
	if !ok1 || !ok2 {
		return nil, false
	}
	var res ir.Expr = &ir.Between{Arg: xs[0], Lo: xs[1], Hi: xs[2], Ge: ge, Le: le}
	if e.Not {
		return b.call("not", "NOT", []ir.Expr{res}, e.OpPos)
	}
	return res, true
}

func (b *binder) bindIn(e *ast.InList, sc *scope) (ir.Expr, bool) {
	xs, ok := b.bindList(append([]ast.Expr{e.X}, e.List...), sc)
	if !ok {
		return nil, false
	}
	xs, ok = b.unifyCompared(xs, e.OpPos, "IN operands")
	if !ok {
		return nil, false
	}
	eq, ok := b.comparison("eq", "=", xs[0].Type(), e.OpPos)
	if !ok {
		return nil, false
	}
	var res ir.Expr = &ir.In{Arg: xs[0], List: xs[1:], Eq: eq}
	if e.Not {
		return b.call("not", "NOT", []ir.Expr{res}, e.OpPos)
	}
	return res, true
}

func (b *binder) bindLike(e *ast.Like, sc *scope) (ir.Expr, bool) {
	parts := []ast.Expr{e.X, e.Pattern}
	if e.Escape != nil {
		parts = append(parts, e.Escape)
	}
	xs, ok := b.bindList(parts, sc)
	if !ok {
		return nil, false
	}
	name, shown := "like", "LIKE"
	if e.Regex {
		name, shown = "rlike", "RLIKE"
	}
	res, ok := b.call(name, shown, xs, e.OpPos)
	if !ok {
		return nil, false
	}
	if e.Not {
		return b.call("not", "NOT", []ir.Expr{res}, e.OpPos)
	}
	return res, true
}

func (b *binder) bindCase(e *ast.Case, sc *scope) (ir.Expr, bool) {
	ok := true
	var operand ir.Expr
	if e.Operand != nil {
		var ook bool
		operand, ook = b.bindExpr(e.Operand, sc)
		ok = ok && ook
	}
	conds := make([]ir.Expr, len(e.Whens))
	results := make([]ir.Expr, 0, len(e.Whens)+1)
	for i, w := range e.Whens {
		c, cok := b.bindExpr(w.Cond, sc)
		r, rok := b.bindExpr(w.Result, sc)
		if cok && operand == nil {
			c, cok = b.coerce(c, ir.TypeBoolean, w.Cond.Position(), "WHEN condition")
		}
		conds[i] = c
		results = append(results, r)
		ok = ok && cok && rok
	}
	if e.Else != nil {
		r, rok := b.bindExpr(e.Else, sc)
		results = append(results, r)
		ok = ok && rok
	} else {
		results = append(results, &ir.Const{T: ir.TypeNull})
	}
	if !ok {
		return nil, false
	}
	results, ok = b.unify(results, e.Pos, "CASE results")
	if !ok {
		return nil, false
	}
	res := &ir.Case{Else: results[len(results)-1], T: results[0].Type()}
	if operand != nil && !b.sameComparisonType(operand, conds) {
		// Spark compares the operand with each WHEN value on its own
		// (operand = value), so with a string among them the comparisons may
		// be in different types: CASE s WHEN 1 ... WHEN 'a' ... compares
		// BIGINTs, then VARCHARs. The searched form keeps that.
		for i, v := range conds {
			l, r, ok := b.promote(operand, v, e.Pos)
			if !ok {
				return nil, false
			}
			if conds[i], ok = b.call("eq", "=", []ir.Expr{l, r}, e.Pos); !ok {
				return nil, false
			}
		}
		operand = nil
	}
	if operand != nil {
		vals, vok := b.unifyCompared(append([]ir.Expr{operand}, conds...), e.Pos, "CASE operand and WHEN values")
		if !vok {
			return nil, false
		}
		eq, eok := b.comparison("eq", "=", vals[0].Type(), e.Pos)
		if !eok {
			return nil, false
		}
		res.Operand, res.Eq, conds = vals[0], eq, vals[1:]
	}
	for i := range e.Whens {
		res.Whens = append(res.Whens, ir.When{Cond: conds[i], Then: results[i]})
	}
	return res, true
}

// sameComparisonType reports whether the operand of a simple CASE compares
// with every WHEN value in one type (widerType of the two), so that one
// comparison serves them all.
func (b *binder) sameComparisonType(operand ir.Expr, vals []ir.Expr) bool {
	var first ir.Type
	for i, v := range vals {
		t, ok := widerType(operand.Type(), v.Type())
		if !ok {
			return true // unifyCompared reports the mismatch
		}
		if i == 0 {
			first = t
		} else if !t.Equal(first) {
			return false
		}
	}
	return true
}

func (b *binder) bindCall(e *ast.Call, sc *scope) (ir.Expr, bool) {
	name := strings.ToLower(e.Name.Name)
	if aggregates[name] {
		return b.bindAggregate(e, name, sc)
	}
	if e.Star {
		b.errs.Add(e.Name.Pos, diag.Syntax, "%s(*) is not a valid call", e.Name.Name)
		return nil, false
	}
	args, ok := b.bindList(e.Args, sc)
	if !ok {
		return nil, false
	}
	arity := func(want int) bool {
		if len(args) != want {
			b.errs.Add(e.Name.Pos, diag.Type, "wrong number of arguments for %s: got %d, want %d", name, len(args), want)
			return false
		}
		return true
	}
	switch name {
	case "if":
		if !arity(3) {
			return nil, false
		}
		c, cok := b.coerce(args[0], ir.TypeBoolean, e.Args[0].Position(), "IF condition")
		branches, bok := b.unify(args[1:], e.Name.Pos, "IF branches")
		if !cok || !bok {
			return nil, false
		}
		return &ir.If{Cond: c, Then: branches[0], Else: branches[1]}, true
	case "coalesce", "nvl", "ifnull":
		if name == "coalesce" && len(args) == 0 {
			b.errs.Add(e.Name.Pos, diag.Type, "coalesce needs at least one argument")
			return nil, false
		}
		if name != "coalesce" && !arity(2) {
			return nil, false
		}
		xs, ok := b.unify(args, e.Name.Pos, name+" arguments")
		if !ok {
			return nil, false
		}
		return &ir.Coalesce{Args: xs, T: xs[0].Type()}, true
	case "nullif":
		if !arity(2) {
			return nil, false
		}
		xs, ok := b.unify(args, e.Name.Pos, "NULLIF arguments")
		if !ok {
			return nil, false
		}
		eq, ok := b.comparison("eq", "=", xs[0].Type(), e.Name.Pos)
		if !ok {
			return nil, false
		}
		return &ir.NullIf{A: xs[0], B: xs[1], Eq: eq}, true
	case "try":
		if !arity(1) {
			return nil, false
		}
		return &ir.Try{Arg: args[0]}, true
	case "unix_timestamp":
		if len(args) == 0 {
			// Spark's unix_timestamp(): the seconds of current_timestamp()
			now, ok := b.call("current_timestamp", "current_timestamp", nil, e.Name.Pos)
			if !ok {
				return nil, false
			}
			args = []ir.Expr{now}
		}
	case "boolean", "int", "bigint", "double", "string", "date", "decimal", "tinyint", "smallint", "float", "binary", "timestamp":
		// Spark's cast aliases: int(x) is CAST(x AS INT), decimal(x) is
		// CAST(x AS DECIMAL(10,0)).
		if !arity(1) {
			return nil, false
		}
		return b.cast(args[0], castAliases[name], e.Name.Pos)
	case "to_binary", "try_to_binary":
		return b.toBinary(name, args, e.Name.Pos)
	case "try_aes_decrypt":
		// Spark's TryAesDecrypt: TRY over aes_decrypt (NULL where it, or
		// one of its arguments, raises).
		x, ok := b.call("aes_decrypt", name, args, e.Name.Pos)
		if !ok {
			return nil, false
		}
		return &ir.Try{Arg: x}, true
	case "nvl2":
		// Spark's Nvl2: IF(a IS NOT NULL, b, c); an error a is the outcome.
		if !arity(3) {
			return nil, false
		}
		cond, cok := b.isNull(args[0], true, e.Name.Pos)
		branches, bok := b.unify(args[1:], e.Name.Pos, "NVL2 results")
		if !cok || !bok {
			return nil, false
		}
		return &ir.If{Cond: cond, Then: branches[0], Else: branches[1]}, true
	case "nullifzero", "zeroifnull":
		// Spark 4.0: nullifzero(x) is NULLIF(x, 0), zeroifnull(x) is NVL(x, 0).
		if !arity(1) {
			return nil, false
		}
		x := args[0]
		if k := x.Type().Kind; !x.Type().IsNumeric() && k != ir.KindNull && k != ir.KindVarchar {
			b.errs.Add(e.Name.Pos, diag.Type, "%s needs a number, not %s", name, x.Type())
			return nil, false
		}
		xs, ok := b.unify([]ir.Expr{x, &ir.Const{T: ir.TypeInt, V: int32(0)}}, e.Name.Pos, name+" arguments")
		if !ok {
			return nil, false
		}
		if name == "zeroifnull" {
			return &ir.Coalesce{Args: xs, T: xs[0].Type()}, true
		}
		eq, ok := b.comparison("eq", "=", xs[0].Type(), e.Name.Pos)
		if !ok {
			return nil, false
		}
		return &ir.NullIf{A: xs[0], B: xs[1], Eq: eq}, true
	case "make_ym_interval", "make_dt_interval":
		if max := map[string]int{"make_ym_interval": 2, "make_dt_interval": 4}[name]; len(args) > max {
			b.errs.Add(e.Name.Pos, diag.Type, "%s takes at most %d arguments, not %d", name, max, len(args))
			return nil, false
		}
		args = makeIntervalArgs(name, args)
	case "timestampadd", "timestampdiff":
		unit, ok := ast.UnitArg(e)
		if !ok {
			b.errs.Add(e.Name.Pos, diag.Syntax, "%s takes a unit keyword first (YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFYEAR, HOUR, MINUTE, SECOND, MILLISECOND, MICROSECOND), then two arguments", strings.ToUpper(name))
			return nil, false
		}
		return b.timestampUnit(name, unit, args, e.Name.Pos)
	case "extract", "date_part", "datepart":
		if !arity(2) {
			return nil, false
		}
		return b.datePart(name, e, args)
	case "try_add", "try_subtract", "try_multiply", "try_divide", "try_mod":
		if !arity(2) {
			return nil, false
		}
		return b.tryArith(name, e.Name.Name, args[0], args[1], e.Name.Pos)
	case "isnull", "isnotnull":
		if !arity(1) {
			return nil, false
		}
		return b.isNull(args[0], name == "isnotnull", e.Name.Pos)
	}
	return b.call(name, e.Name.Name, args, e.Name.Pos)
}

// datePart binds EXTRACT(field FROM x) (parsed as extract('field', x)) and
// date_part('field', x): the field must be a constant string, and picks the
// function called on x (functions.DatePart).
func (b *binder) datePart(name string, e *ast.Call, args []ir.Expr) (ir.Expr, bool) {
	c, ok := args[0].(*ir.Const)
	if !ok || c.Err != nil || c.T.Kind != ir.KindVarchar || c.V == nil {
		b.errs.Add(e.Args[0].Position(), diag.Type, "the field of %s must be a constant string, such as 'YEAR'", name)
		return nil, false
	}
	field := c.V.(string)
	source := ast.Format(e.Args[1])
	var fn *ir.Function
	var err error
	x := args[1]
	if k := x.Type().Kind; k == ir.KindDate && functions.IsTimeField(field) {
		// Spark casts the DATE to a TIMESTAMP, at midnight
		if x, ok = b.cast(x, ir.TypeTimestamp, e.Name.Pos); !ok {
			return nil, false
		}
	}
	if k := x.Type().Kind; k == ir.KindTimestamp || k == ir.KindTimestampNTZ {
		if tf, ok := functions.TimestampPart(field, b.zone); ok {
			return b.callFn(tf, tf.Name, name, []ir.Expr{x}, e.Name.Pos)
		}
		// a DATE field of the reading: Spark casts the TIMESTAMP to a DATE
		if x, ok = b.cast(x, ir.TypeDate, e.Name.Pos); !ok {
			return nil, false
		}
	}
	args = []ir.Expr{args[0], x}
	if t := args[1].Type(); t.IsInterval() {
		fn, err = functions.IntervalPart(field, t, source)
	} else {
		fn, err = functions.DatePart(field, source)
	}
	if err != nil {
		b.errs.Add(e.Args[0].Position(), diag.Type, "%v", err)
		return nil, false
	}
	return b.callFn(fn, fn.Name, name, []ir.Expr{args[1]}, e.Name.Pos)
}

// timestampUnit binds TIMESTAMPADD(unit, n, ts) and TIMESTAMPDIFF(unit,
// start, end) (parsed as timestampadd('UNIT', ...)) to the session zone's
// hidden functions, with Spark's input types: TimestampAdd takes a BIGINT
// and any timestamp (a DATE or a string becomes a TIMESTAMP), so a
// TIMESTAMP_NTZ stays one; TimestampDiff takes two TIMESTAMPs, so a
// TIMESTAMP_NTZ, a DATE or a string is cast to one in the session zone.
func (b *binder) timestampUnit(name, unit string, args []ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	u := &ir.Const{T: ir.TypeVarchar, V: unit}
	toTS := func(x ir.Expr, keepNTZ bool) (ir.Expr, bool) {
		switch x.Type().Kind {
		case ir.KindTimestamp:
			return x, true
		case ir.KindTimestampNTZ:
			if keepNTZ {
				return x, true
			}
		case ir.KindDate, ir.KindVarchar, ir.KindNull:
		default:
			b.errs.Add(pos, diag.Type, "%s needs a TIMESTAMP (or a DATE, a TIMESTAMP_NTZ or a string), not %s", strings.ToUpper(name), x.Type())
			return nil, false
		}
		return b.cast(x, ir.TypeTimestamp, pos)
	}
	if name == "timestampadd" {
		ts, ok := toTS(args[2], true)
		if !ok {
			return nil, false
		}
		fn := functions.TimestampAddUnit(b.zone)
		return b.callFn(fn, fn.Name, "TIMESTAMPADD", []ir.Expr{u, args[1], ts}, pos)
	}
	start, sok := toTS(args[1], false)
	end, eok := toTS(args[2], false)
	if !sok || !eok {
		return nil, false
	}
	fn := functions.TimestampDiffUnit(b.zone)
	return b.callFn(fn, fn.Name, "TIMESTAMPDIFF", []ir.Expr{u, start, end}, pos)
}

// tryArithOps maps each try_ arithmetic function to the operator whose
// argument conversions it takes (Spark's TryAdd ... inherit the analysis rules
// of the operator they replace).
var tryArithOps = map[string]string{
	"try_add": "+", "try_subtract": "-", "try_multiply": "*", "try_divide": "/", "try_mod": "%",
}

// tryArith binds try_add(l, r) and its siblings with the conversions of
// their operator: DATE arithmetic for try_add and try_subtract (try_add(d, n)
// is a try_ date_add), else string promotion, then the overloads.
func (b *binder) tryArith(name, shown string, l, r ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	op := tryArithOps[name]
	if l.Type().IsInterval() || r.Type().IsInterval() || op == "-" && l.Type().Kind == ir.KindDate && r.Type().Kind == ir.KindDate {
		// Spark's TryAdd ... of datetime and interval operands is
		// TryEval(Add(l, r)): TRY of the operator, argument errors included
		if res, ok, handled := b.intervalArith(op, l, r, pos); handled {
			if !ok {
				return nil, false
			}
			return &ir.Try{Arg: res}, true
		}
	}
	if res, ok, handled := b.dateArithAs(op, l, r, pos, "try_add", "try_subtract", shown); handled {
		return res, ok
	}
	l, r, ok := b.promote(l, r, pos)
	if !ok {
		return nil, false
	}
	return b.call(name, shown, []ir.Expr{l, r}, pos)
}

func (b *binder) bindList(es []ast.Expr, sc *scope) ([]ir.Expr, bool) {
	out := make([]ir.Expr, len(es))
	ok := true
	for i, e := range es {
		x, xok := b.bindExpr(e, sc)
		out[i] = x
		ok = ok && xok
	}
	return out, ok
}

// missingTypeFunctions are Spark functions exprc knows but cannot bind
// because their result type is not one of exprc's, with that type.
var missingTypeFunctions = map[string]string{
	"regexp_extract_all": "ARRAY<STRING>",
	"split":              "ARRAY<STRING>",
}

// call resolves a registry function for the argument types and inserts the
// implicit widenings its signature asks for. shown is how the user wrote the
// function or operator, for messages.
func (b *binder) call(name, shown string, args []ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	fn := functions.LookupIn(name, b.zone)
	if fn == nil {
		if ret, ok := missingTypeFunctions[strings.ToLower(name)]; ok { // regexp_extract_all, split: no ARRAY
			b.errs.Add(pos, diag.Unsupported, "function %s returns %s, a type exprc does not have yet", shown, ret)
			return nil, false
		}
		if msg, ok := functions.Unsupported(name); ok { // unbase64, unhex, rand ...: why exprc lacks it
			b.errs.Add(pos, diag.Unsupported, "%s", msg)
			return nil, false
		}
		b.errs.Add(pos, diag.Name, "unknown function %s%s", shown, didYouMean(shown, functionCandidates()))
		return nil, false
	}
	if tsDateArg[fn.Name] && len(args) > 0 {
		if k := args[0].Type().Kind; k == ir.KindTimestamp || k == ir.KindTimestampNTZ {
			// Spark's implicit cast of a TIMESTAMP to the DATE these take:
			// the date of the reading in the session zone
			x, ok := b.cast(args[0], ir.TypeDate, pos)
			if !ok {
				return nil, false
			}
			args = append([]ir.Expr{x}, args[1:]...)
		}
	}
	return b.callFn(fn, name, shown, args, pos)
}

// tsDateArg are the DATE functions a TIMESTAMP argument reaches as the date
// of its reading (Spark's ImplicitTypeCasts of TIMESTAMP to DATE).
var tsDateArg = map[string]bool{"year": true, "quarter": true, "month": true, "day": true,
	"dayofweek": true, "dayofyear": true, "weekofyear": true, "weekday": true, "last_day": true}

// callFn is call for a resolved function (also the hidden ones the binder
// picks itself, such as the fields of EXTRACT).
func (b *binder) callFn(fn *ir.Function, name, shown string, args []ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	if decimalOperators[fn.Name] && len(args) == 2 {
		// Spark's BinaryArithmetic (the try_ forms and pmod too) and
		// BinaryComparison: an integer literal beside a DECIMAL is as narrow
		// as its value.
		args = []ir.Expr{narrowIntLiteral(args[0], args[1]), narrowIntLiteral(args[1], args[0])}
		if fn.Name == "add" || fn.Name == "subtract" {
			args = []ir.Expr{alignDecimalConst(args[0], args[1]), alignDecimalConst(args[1], args[0])}
		}
	}
	types := make([]ir.Type, len(args))
	for i, a := range args {
		types[i] = a.Type()
	}
	sig, handled, err := functions.ResolveWithArgs(fn, args)
	if !handled {
		sig, err = fn.Resolve(types)
	}
	implicit := false
	if err != nil && fn.Implicit != nil && (fn.Infix == "" && fn.Prefix == "" || name == "not" || name == "concat") {
		// Spark's implicit casts of function arguments (functions.ImplicitCost);
		// operators other than NOT and || promote strings instead (bindBinary).
		if s, ierr := fn.Implicit(types); ierr == nil {
			sig, err, implicit = s, nil, true
		}
	}
	if err != nil {
		msg := err.Error()
		if !strings.EqualFold(shown, name) { // an operator: name it as the user wrote it
			msg = strings.Replace(msg, "function "+name+" ", "operator "+shown+" ", 1)
		}
		b.errs.Add(pos, diag.Type, "%s", msg)
		return nil, false
	}
	conv := make([]ir.Expr, len(args))
	for i, a := range args {
		c := b.coerce
		if implicit {
			c = b.implicitArg
		}
		x, ok := c(a, sig.Params[i], pos, "argument of "+shown)
		if !ok {
			return nil, false
		}
		conv[i] = x
	}
	if err := functions.CheckConstArgs(fn, conv); err != nil {
		b.errs.Add(pos, diag.Type, "%s: %v", shown, err)
		return nil, false
	}
	// Functions NULL outside a domain (ln, factorial ...), isnan, nanvl, pi and
	// e are rewritten into existing forms (ir/functions/nulldomain.go).
	return functions.Expand(&ir.Call{Fn: fn, Sig: sig, Args: conv}), true
}

// isNull is x IS [NOT] NULL. An x of the NULL type (a CASE whose every result
// is an untyped NULL) is given a type first, BOOLEAN (any type is NULL on
// every row), so no expression of the NULL type reaches code generation (the
// differential fuzzer found (CASE WHEN p THEN NULL END) IS NULL doing so).
func (b *binder) isNull(x ir.Expr, not bool, pos diag.Pos) (ir.Expr, bool) {
	if x.Type().Kind == ir.KindNull {
		r, ok := b.retype(x, ir.TypeBoolean, pos)
		if !ok {
			return nil, false
		}
		x = r
	}
	return &ir.IsNull{Arg: x, Not: not}, true
}

// comparison returns a template call of a comparison function for two operands
// of type t, for the special forms that compare a shared operand.
func (b *binder) comparison(name, shown string, t ir.Type, pos diag.Pos) (*ir.Call, bool) {
	if t.Kind == ir.KindNull {
		t = ir.TypeBoolean // comparing untyped NULLs: any type gives NULL
	}
	fn := functions.Lookup(name)
	sig, err := fn.Resolve([]ir.Type{t, t})
	if err != nil {
		b.errs.Add(pos, diag.Type, "%v", err)
		return nil, false
	}
	return &ir.Call{Fn: fn, Sig: sig}, true
}

// unify widens all of xs to their common type (Spark's rule for CASE, COALESCE,
// IN and BETWEEN operands).
func (b *binder) unify(xs []ir.Expr, pos diag.Pos, what string) ([]ir.Expr, bool) {
	types := make([]ir.Type, len(xs))
	for i, x := range xs {
		types[i] = x.Type()
	}
	t, ok := widerCommon(types)
	if !ok {
		var names []string
		for _, ty := range types {
			names = append(names, ty.String())
		}
		b.errs.Add(pos, diag.Type, "%s have incompatible types %s; use CAST", what, strings.Join(names, ", "))
		return nil, false
	}
	return b.unifyTo(xs, t, pos, what)
}

// unifyCompared is unify for the operands of a comparison (CASE operand and
// WHEN values, IN, BETWEEN). When every operand is an untyped NULL they become
// BOOLEAN, the type the comparison is resolved at (any type compares NULLs to
// NULL), so no expression of the NULL type reaches code generation.
func (b *binder) unifyCompared(xs []ir.Expr, pos diag.Pos, what string) ([]ir.Expr, bool) {
	xs, ok := b.unify(xs, pos, what)
	if !ok || xs[0].Type().Kind != ir.KindNull {
		return xs, ok
	}
	return b.unifyTo(xs, ir.TypeBoolean, pos, what)
}

func (b *binder) unifyTo(xs []ir.Expr, t ir.Type, pos diag.Pos, what string) ([]ir.Expr, bool) {
	out := make([]ir.Expr, len(xs))
	for i, x := range xs {
		c, ok := b.implicitArg(x, t, pos, what)
		if !ok {
			return nil, false
		}
		out[i] = c
	}
	return out, true
}

// coerce converts x to type t when SQL allows it implicitly, and reports an error
// otherwise.
func (b *binder) coerce(x ir.Expr, t ir.Type, pos diag.Pos, what string) (ir.Expr, bool) {
	if x.Type().Equal(t) {
		return x, true
	}
	// Two DECIMALs convert to the type the resolver chose even where it
	// cuts integral digits (a common type bounded to 38 digits).
	if !ir.Widens(x.Type(), t) && (x.Type().Kind != ir.KindDecimal || t.Kind != ir.KindDecimal) {
		b.errs.Add(pos, diag.Type, "%s must be %s, not %s", what, t, x.Type())
		return nil, false
	}
	if c, ok := x.(*ir.Const); ok && c.V == nil && c.Err == nil {
		return &ir.Const{T: t}, true
	}
	return b.cast(x, t, pos)
}

// retype gives an expression of the NULL type (a CASE, IF, COALESCE ... whose
// every result is an untyped NULL) the type its context asks for. Its outcome is
// NULL or an error on every row, so only the types change.
func (b *binder) retype(x ir.Expr, t ir.Type, pos diag.Pos) (ir.Expr, bool) {
	sub := func(e ir.Expr) ir.Expr {
		r, ok := b.retype(e, t, pos)
		if !ok {
			return nil
		}
		return r
	}
	switch e := x.(type) {
	case *ir.Const:
		return &ir.Const{T: t, Err: e.Err}, true
	case *ir.Call:
		if functions.IsRaise(e) {
			// raise_error's kernel call: its VARCHAR result, cast to t (the CAST
			// passes its error on; ir/functions/misc.go).
			r := functions.RaiseAs(e)
			if t.Kind == ir.KindVarchar {
				return r, true
			}
			return b.castCall(r, t, pos)
		}
	case *ir.If:
		th, el := sub(e.Then), sub(e.Else)
		if th == nil || el == nil {
			return nil, false
		}
		return &ir.If{Cond: e.Cond, Then: th, Else: el}, true
	case *ir.Case:
		n := &ir.Case{Operand: e.Operand, Eq: e.Eq, T: t, Else: sub(e.Else)}
		if n.Else == nil {
			return nil, false
		}
		for _, w := range e.Whens {
			th := sub(w.Then)
			if th == nil {
				return nil, false
			}
			n.Whens = append(n.Whens, ir.When{Cond: w.Cond, Then: th})
		}
		return n, true
	case *ir.Coalesce:
		n := &ir.Coalesce{T: t}
		for _, a := range e.Args {
			r := sub(a)
			if r == nil {
				return nil, false
			}
			n.Args = append(n.Args, r)
		}
		return n, true
	case *ir.Try:
		r := sub(e.Arg)
		if r == nil {
			return nil, false
		}
		return &ir.Try{Arg: r}, true
	case *ir.NullIf:
		a, bb := sub(e.A), sub(e.B)
		if a == nil || bb == nil {
			return nil, false
		}
		eq, ok := b.comparison("eq", "=", t, pos)
		if !ok {
			return nil, false
		}
		return &ir.NullIf{A: a, B: bb, Eq: eq}, true
	}
	return b.castCall(x, t, pos)
}

func (b *binder) cast(x ir.Expr, to ir.Type, pos diag.Pos) (ir.Expr, bool) {
	if x.Type().Equal(to) {
		return x, true
	}
	if x.Type().Kind == ir.KindNull {
		// An untyped NULL, or a conditional all of whose results are, takes the
		// type, implicit or explicit: CAST((CASE s WHEN '' THEN NULL END) AS INT)
		// must not become a cast from the NULL type (the differential fuzzer
		// found one reaching codegen).
		return b.retype(x, to, pos)
	}
	return b.castCall(x, to, pos)
}

// castCall is the CAST call of x to type to.
func (b *binder) castCall(x ir.Expr, to ir.Type, pos diag.Pos) (ir.Expr, bool) {
	if x.Type().Kind == ir.KindTimestamp && to.Kind == ir.KindDecimal {
		// the seconds as a DOUBLE, then DOUBLE -> DECIMAL (10.5)
		d, ok := b.castCall(x, ir.TypeDouble, pos)
		if !ok {
			return nil, false
		}
		return b.castCall(d, to, pos)
	}
	if x.Type().Kind == ir.KindDecimal && to.Kind == ir.KindTimestamp {
		return &ir.Call{Fn: functions.CastFn, Sig: functions.DecimalToTimestamp(x.Type()), Args: []ir.Expr{x}}, true
	}
	sig, err := functions.ResolveCastIn(x.Type(), to, b.zone)
	if err != nil {
		b.errs.Add(pos, diag.Type, "%v", err)
		return nil, false
	}
	c := &ir.Call{Fn: functions.CastFn, Sig: sig, Args: []ir.Expr{x}}
	if x.Type().IsFloating() && to.Kind == ir.KindDecimal {
		return functions.GuardDoubleToDecimal(c), true
	}
	return c, true
}
