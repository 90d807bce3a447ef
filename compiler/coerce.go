package compiler

import (
	"strconv"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's ANSI implicit coercions (AnsiTypeCoercion), the table of
// docs/semantics.md section 2.1. Every conversion they insert is an ordinary
// CAST, so a string that does not read as the other side's type fails with
// CAST_INVALID_INPUT on the rows that reach it, as in Spark.

// stringPromotion is the type both operands of a binary operator are cast to
// when exactly one of them is VARCHAR and the other a scalar of another type
// (Spark's findWiderTypeForString): BIGINT against any integer, DOUBLE
// against FLOAT or DOUBLE, else the other side's type (DATE, BOOLEAN,
// BINARY: the string's UTF-8 bytes). So id = '1' compares BIGINTs and
// d > '2024-01-01' compares DATEs.
func stringPromotion(a, b ir.Type) (ir.Type, bool) {
	if b.Kind == ir.KindVarchar {
		a, b = b, a
	}
	if a.Kind != ir.KindVarchar {
		return ir.Type{}, false
	}
	switch b.Kind {
	case ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint:
		return ir.TypeBigint, true
	case ir.KindFloat:
		return ir.TypeDouble, true
	case ir.KindDouble, ir.KindDate, ir.KindBoolean, ir.KindTimestamp, ir.KindTimestampNTZ, ir.KindBinary:
		return b, true
	case ir.KindDecimal:
		return ir.TypeDouble, true // a DECIMAL is fractional: the string is read as a DOUBLE
	}
	return ir.Type{}, false
}

// alignDecimalConst gives a DECIMAL constant operand of + or - the scale of
// the other operand when that is larger (1 beside a DECIMAL(15,2) becomes
// 1.00, a DECIMAL(3,2)): the same integral digits and the same largest scale,
// so the result type is the same, but the kernel adds values of one scale,
// its fast case, instead of rescaling the constant on every row.
func alignDecimalConst(x, other ir.Expr) ir.Expr {
	c, ok := x.(*ir.Const)
	ot := other.Type()
	if !ok || c.T.Kind != ir.KindDecimal || ot.Kind != ir.KindDecimal || c.Err != nil || c.V == nil || ot.S() <= c.T.S() {
		return x
	}
	t := ir.DecimalOf(c.T.P()-c.T.S()+ot.S(), ot.S())
	if t.P() > ir.MaxDecimalPrecision {
		return x
	}
	return &ir.Const{T: t, V: rt.WidenDecimal(c.V.(rt.Decimal), c.T.S(), t.S())}
}

// narrowIntLiteral is Spark's literalPickMinimumPrecision: an integer
// literal operand of a binary operator whose other operand is a DECIMAL
// becomes the narrowest DECIMAL holding its value (7 is DECIMAL(1,0), not
// DECIMAL(10,0)), so that 1.5 / 2 is DECIMAL(7,6) rather than DECIMAL(14,11).
func narrowIntLiteral(x, other ir.Expr) ir.Expr {
	c, ok := x.(*ir.Const)
	if !ok || other.Type().Kind != ir.KindDecimal || c.Err != nil || c.V == nil || !c.T.IsIntegral() {
		return x
	}
	var v int64
	switch n := c.V.(type) {
	case int8:
		v = int64(n)
	case int16:
		v = int64(n)
	case int32:
		v = int64(n)
	case int64:
		v = n
	}
	digits := len(strconv.FormatInt(v, 10))
	if v < 0 {
		digits--
	}
	d, err := rt.CastInt64ToDecimal(v, 0, digits)
	if err != nil {
		return x
	}
	return &ir.Const{T: ir.DecimalOf(digits, 0), V: d}
}

// widerType is Spark's least common type of two types (findWiderTypeForTwo):
// the widening INT -> BIGINT -> DOUBLE, then string promotion.
func widerType(a, b ir.Type) (ir.Type, bool) {
	if t, ok := ir.CommonType(a, b); ok {
		return t, true
	}
	return stringPromotion(a, b)
}

// widerCommon folds widerType over ts from the left, as Spark's
// findWiderCommonType does for CASE, COALESCE, IF and IN.
func widerCommon(ts []ir.Type) (ir.Type, bool) {
	res := ir.TypeNull
	for _, t := range ts {
		w, ok := widerType(res, t)
		if !ok {
			return ir.Type{}, false
		}
		res = w
	}
	return res, true
}

// promote casts the operands of a binary operator to their string-promotion
// type, when one applies.
func (b *binder) promote(l, r ir.Expr, pos diag.Pos) (ir.Expr, ir.Expr, bool) {
	t, ok := stringPromotion(l.Type(), r.Type())
	if !ok {
		return l, r, true
	}
	l, ok1 := b.cast(l, t, pos)
	r, ok2 := b.cast(r, t, pos)
	return l, r, ok1 && ok2
}

// implicitArg converts a function argument to its parameter type: a widening
// (coerce), or one of Spark's implicit casts (functions.ImplicitCost).
func (b *binder) implicitArg(x ir.Expr, t ir.Type, pos diag.Pos, what string) (ir.Expr, bool) {
	if ir.Widens(x.Type(), t) {
		return b.coerce(x, t, pos, what)
	}
	return b.cast(x, t, pos)
}

// dateArith binds + and - with a DATE operand the way Spark rewrites them
// (ResolveBinaryArithmetic): d + n and n + d are date_add(d, n), d - n is
// date_sub(d, n), with n cast implicitly to INT (a BIGINT or DOUBLE number of
// days is narrowed, and raises CAST_OVERFLOW out of range). A string operand
// is read as a DATE (string promotion), and the difference of two dates is an
// INTERVAL DAY, a type exprc does not have. handled is false when neither
// operand is a DATE, or the operator is not + or -.
func (b *binder) dateArith(op string, l, r ir.Expr, pos diag.Pos) (res ir.Expr, ok, handled bool) {
	return b.dateArithAs(op, l, r, pos, "date_add", "date_sub", op)
}

// dateArithAs is dateArith calling addName and subName (try_add and
// try_subtract use the same rules); shown names the call in messages.
func (b *binder) dateArithAs(op string, l, r ir.Expr, pos diag.Pos, addName, subName, shown string) (res ir.Expr, ok, handled bool) {
	lt, rt := l.Type().Kind, r.Type().Kind
	if lt != ir.KindDate && rt != ir.KindDate || op != "+" && op != "-" {
		return nil, false, false
	}
	days := func(d, n ir.Expr, name string) (ir.Expr, bool, bool) {
		nk := n.Type().Kind
		if nk == ir.KindVarchar || nk == ir.KindDate {
			if op == "+" {
				b.errs.Add(pos, diag.Type, "cannot add %s to DATE: the %s is read as a DATE, and two dates do not add; "+
					"add a number of days (an INT)", n.Type(), n.Type())
			} else {
				b.errs.Add(pos, diag.Type, "DATE - %s is an INTERVAL DAY, a type exprc does not have yet; "+
					"datediff(end, start) gives the number of days", n.Type())
			}
			return nil, false, true
		}
		if !n.Type().IsNumeric() && nk != ir.KindNull {
			b.errs.Add(pos, diag.Type, "DATE %s %s: the number of days must be a number (INT), not %s", op, n.Type(), n.Type())
			return nil, false, true
		}
		x, ok := b.call(name, shown, []ir.Expr{d, n}, pos)
		return x, ok, true
	}
	switch {
	case op == "-" && rt == ir.KindDate:
		if lt == ir.KindDate || lt == ir.KindVarchar || lt == ir.KindNull {
			b.errs.Add(pos, diag.Type, "%s - DATE is an INTERVAL DAY, a type exprc does not have yet; "+
				"datediff(end, start) gives the number of days", l.Type())
		} else {
			b.errs.Add(pos, diag.Type, "cannot subtract a DATE from %s", l.Type())
		}
		return nil, false, true
	case op == "-":
		return days(l, r, subName)
	case lt == ir.KindDate:
		return days(l, r, addName)
	default:
		return days(r, l, addName)
	}
}
