package compiler

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
)

// The ANSI interval types in the binder (docs/semantics.md section 10):
// their type names, their literals, and the operators Spark rewrites when
// an operand is an interval or both are DATEs (ResolveBinaryArithmetic).

// ymFieldNums and dtFieldNums number the fields of each class.
var ymFieldNums = map[string]int{"YEAR": ir.FieldYear, "MONTH": ir.FieldMonth}
var dtFieldNums = map[string]int{"DAY": ir.FieldDay, "HOUR": ir.FieldHour, "MINUTE": ir.FieldMinute, "SECOND": ir.FieldSecond}

// bindIntervalType is INTERVAL start [TO end]: both fields of one class,
// start before end (YEAR TO MONTH, DAY TO SECOND, HOUR TO MINUTE ...).
func (b *binder) bindIntervalType(t *ast.TypeName) (ir.Type, bool) {
	if s, ok := ymFieldNums[t.Start]; ok {
		e, ok := ymFieldNums[t.End]
		if ok && e >= s {
			return ir.YMIntervalOf(s, e), true
		}
	}
	if s, ok := dtFieldNums[t.Start]; ok {
		e, ok := dtFieldNums[t.End]
		if ok && e >= s {
			return ir.DTIntervalOf(s, e), true
		}
	}
	b.errs.Add(t.EndPos, diag.Type, "INTERVAL %s TO %s is not an interval type: the end field must follow the start field within YEAR TO MONTH or DAY TO SECOND", t.Start, t.End)
	return ir.Type{}, false
}

// unitField maps a literal's unit (singular or plural) to its class and
// field, and the microseconds or months one unit counts.
type unitInfo struct {
	ym    bool
	field int
	per   int64 // months (ym) or microseconds
}

var intervalUnitInfo = map[string]unitInfo{
	"YEAR":        {true, ir.FieldYear, 12},
	"MONTH":       {true, ir.FieldMonth, 1},
	"WEEK":        {false, ir.FieldDay, 7 * rt.MicrosPerDay},
	"DAY":         {false, ir.FieldDay, rt.MicrosPerDay},
	"HOUR":        {false, ir.FieldHour, rt.MicrosPerHour},
	"MINUTE":      {false, ir.FieldMinute, rt.MicrosPerMinute},
	"SECOND":      {false, ir.FieldSecond, rt.MicrosPerSecond},
	"MILLISECOND": {false, ir.FieldSecond, 1000},
	"MICROSECOND": {false, ir.FieldSecond, 1},
}

// lookupUnit reads a unit as written (DAY, DAYS).
func lookupUnit(u string) (unitInfo, bool) {
	if i, ok := intervalUnitInfo[u]; ok {
		return i, true
	}
	i, ok := intervalUnitInfo[strings.TrimSuffix(u, "S")]
	return i, ok && strings.HasSuffix(u, "S")
}

// bindIntervalLiteral computes an INTERVAL literal and its type, as Spark's
// AstBuilder.visitInterval does: the unit-to-unit form reads its quoted
// body as CAST(body AS INTERVAL from TO to) does, the unit list adds its
// parts (each an integer, a fraction only for SECOND) and is YEAR-MONTH or
// DAY-TIME from its largest to its smallest unit; a list mixing the classes
// is Spark's CalendarInterval, which exprc does not have. Anything out of
// range or malformed is a compile error at the value.
func (b *binder) bindIntervalLiteral(e *ast.Literal) (ir.Expr, bool) {
	lit := e.Interval
	if lit.To != "" {
		return b.intervalRange(e, lit)
	}
	var ym, dt bool
	start, end := 99, -1
	months, micros := new(big.Int), new(big.Int)
	for _, p := range lit.Parts {
		u, ok := lookupUnit(p.Unit)
		if !ok {
			if strings.TrimSuffix(p.Unit, "S") == "NANOSECOND" {
				b.errs.Add(p.UnitPos, diag.Unsupported, "INTERVAL: NANOSECOND is not supported: an ANSI interval counts microseconds")
			} else {
				b.errs.Add(p.UnitPos, diag.Literal, "INTERVAL: %s is not an interval unit", p.Unit)
			}
			return nil, false
		}
		ym, dt = ym || u.ym, dt || !u.ym
		start, end = min(start, u.field), max(end, u.field)
		whole, frac, ok := intervalNumber(p.Value, p.Neg)
		if !ok {
			b.errs.Add(p.Pos, diag.Literal, "[INVALID_INTERVAL_FORMAT] invalid interval value %s: want an integer (a fraction only for SECOND)", quoteOrNot(p))
			return nil, false
		}
		if frac.Sign() != 0 && strings.TrimSuffix(p.Unit, "S") != "SECOND" {
			b.errs.Add(p.Pos, diag.Literal, "[INVALID_INTERVAL_FORMAT.INVALID_FRACTION] %s cannot have fractional part", strings.TrimSuffix(p.Unit, "S"))
			return nil, false
		}
		v := new(big.Int).Mul(whole, big.NewInt(u.per))
		if u.ym {
			months.Add(months, v)
		} else {
			micros.Add(micros, v)
			micros.Add(micros, frac)
		}
	}
	if ym && dt {
		b.errs.Add(e.Pos, diag.Unsupported, "INTERVAL %s mixes YEAR-MONTH and DAY-TIME units: Spark makes it a CalendarInterval, which is not an ANSI interval type; write two intervals", strings.TrimSpace(e.Raw[len("INTERVAL"):]))
		return nil, false
	}
	if ym {
		if !months.IsInt64() || months.Int64() != int64(int32(months.Int64())) {
			b.errs.Add(e.Pos, diag.Literal, "[ARITHMETIC_OVERFLOW] INTERVAL %s is out of the YEAR-MONTH range (at most 2147483647 months)", strings.TrimSpace(e.Raw[len("INTERVAL"):]))
			return nil, false
		}
		return &ir.Const{T: ir.YMIntervalOf(start, end), V: ir.YMInterval(months.Int64())}, true
	}
	if !micros.IsInt64() {
		b.errs.Add(e.Pos, diag.Literal, "[ARITHMETIC_OVERFLOW] INTERVAL %s is out of the DAY-TIME range (at most 106751991 days 04:00:54.775807)", strings.TrimSpace(e.Raw[len("INTERVAL"):]))
		return nil, false
	}
	return &ir.Const{T: ir.DTIntervalOf(start, end), V: ir.DTInterval(micros.Int64())}, true
}

// quoteOrNot shows a literal's value as written.
func quoteOrNot(p ast.IntervalPart) string {
	if p.Quoted {
		return "'" + p.Value + "'"
	}
	return p.Value
}

// intervalNumber reads one value of an INTERVAL unit list: [+|-]digits,
// with a fraction of up to 9 digits (kept to microseconds, truncated, as a
// count of microseconds frac with whole's sign); neg flips the sign.
func intervalNumber(s string, neg bool) (whole, frac *big.Int, ok bool) {
	s = strings.TrimSpace(s)
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = neg != (s[0] == '-')
		s = s[1:]
	}
	intPart, fracPart, hasPoint := strings.Cut(s, ".")
	if intPart == "" && (!hasPoint || fracPart == "") || len(fracPart) > 9 {
		return nil, nil, false
	}
	for _, c := range intPart + fracPart {
		if c < '0' || c > '9' {
			return nil, nil, false
		}
	}
	whole = new(big.Int)
	if intPart != "" {
		whole.SetString(intPart, 10)
	}
	f := (fracPart + "000000")[:6]
	frac = new(big.Int)
	frac.SetString(f, 10)
	if neg {
		whole.Neg(whole)
		frac.Neg(frac)
	}
	return whole, frac, true
}

// intervalRange is the unit-to-unit form INTERVAL 'body' from TO to.
func (b *binder) intervalRange(e *ast.Literal, lit *ast.IntervalLit) (ir.Expr, bool) {
	p := lit.Parts[0]
	t, ok := b.bindIntervalType(&ast.TypeName{Name: ast.TypeInterval, Start: p.Unit, End: lit.To, EndPos: lit.ToPos})
	if !ok {
		return nil, false
	}
	if t.Start == t.End {
		b.errs.Add(lit.ToPos, diag.Literal, "INTERVAL ... %s TO %s: the end field must follow the start field", p.Unit, lit.To)
		return nil, false
	}
	body := p.Value
	if p.Neg {
		body = "-" + body
		if strings.HasPrefix(p.Value, "-") {
			body = p.Value[1:]
		}
	}
	var v any
	var err *rt.Error
	if t.Kind == ir.KindYMInterval {
		var m int32
		m, err = rt.CastStringToYMInterval(body, int(t.Start), int(t.End))
		v = ir.YMInterval(m)
	} else {
		var us int64
		us, err = rt.CastStringToDTInterval(body, int(t.Start), int(t.End))
		v = ir.DTInterval(us)
	}
	if err != nil {
		b.errs.Add(p.Pos, diag.Literal, "[%s] invalid %s literal %s: %s", err.Class, t, quoteOrNot(p), err.Message())
		return nil, false
	}
	return &ir.Const{T: t, V: v}, true
}

// intervalArith binds + - * / when an operand is an interval, or - of two
// DATEs (Spark's ResolveBinaryArithmetic and the rules of
// docs/semantics.md 10.7). handled is false when the operator and operand
// types are none of those.
func (b *binder) intervalArith(op string, l, r ir.Expr, pos diag.Pos) (res ir.Expr, ok, handled bool) {
	lt, rt := l.Type(), r.Type()
	li, ri := lt.IsInterval(), rt.IsInterval()
	isDate := func(t ir.Type) bool { return t.Kind == ir.KindDate }
	isTS := func(t ir.Type) bool { return t.Kind == ir.KindTimestamp || t.Kind == ir.KindTimestampNTZ }
	switch {
	case op == "-" && isDate(lt) && (isDate(rt) || rt.Kind == ir.KindVarchar || rt.Kind == ir.KindNull),
		op == "-" && isDate(rt) && (lt.Kind == ir.KindVarchar || lt.Kind == ir.KindNull):
		// d1 - d2: SubtractDates, an INTERVAL DAY (a string is read as a DATE)
		l, ok1 := b.cast(l, ir.TypeDate, pos)
		r, ok2 := b.cast(r, ir.TypeDate, pos)
		if !ok1 || !ok2 {
			return nil, false, true
		}
		x, ok := b.callFn(functions.SubtractDates, functions.SubtractDates.Name, op, []ir.Expr{l, r}, pos)
		return x, ok, true
	case op == "-" && isTS(lt) && lt.Kind == rt.Kind:
		// ts1 - ts2: the difference of the readings, DAY TO SECOND
		fn := functions.SubtractTimestampsIn(b.zone)
		x, ok := b.callFn(fn, fn.Name, op, []ir.Expr{l, r}, pos)
		return x, ok, true
	case !li && !ri:
		return nil, false, false
	case (op == "+" || op == "-") && (isTS(lt) && ri || op == "+" && li && isTS(rt)):
		ts, i := l, r
		if li {
			ts, i = r, l
		}
		fn := functions.TimestampInterval(op, i.Type(), b.zone)
		x, ok := b.callFn(fn, fn.Name, op, []ir.Expr{ts, i}, pos)
		return x, ok, true
	case (op == "+" || op == "-") && (isDate(lt) && ri || op == "+" && li && isDate(rt)):
		d, i := l, r
		if li {
			d, i = r, l
		}
		x, ok := b.dateInterval(op, d, i, pos)
		return x, ok, true
	case op == "+" || op == "-" || op == "*" || op == "/":
		if lt.Kind == ir.KindVarchar || rt.Kind == ir.KindVarchar {
			b.errs.Add(pos, diag.Type, "cannot apply %s to %s and %s: a string is not read as an interval implicitly; CAST it", op, lt, rt)
			return nil, false, true
		}
		if op == "*" && !li {
			// n * i is Spark's MultiplyYMInterval(i, n): the interval first
			l, r = r, l
		}
		x, ok := b.call(binaryFuncs[op], op, []ir.Expr{l, r}, pos)
		return x, ok, true
	}
	return nil, false, false
}

// dateInterval is d + i and d - i of a DATE and an interval: month
// arithmetic for a YEAR-MONTH interval, whole days for an INTERVAL DAY.
// Other DAY-TIME intervals make a TIMESTAMP in Spark (the DATE at
// midnight plus the interval), a type exprc does not have yet.
func (b *binder) dateInterval(op string, d, i ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	t := i.Type()
	var fn *ir.Function
	switch {
	case t.Kind == ir.KindYMInterval && op == "+":
		fn = functions.DateAddYM
	case t.Kind == ir.KindYMInterval:
		fn = functions.DateSubYM
	case t.Start == ir.FieldDay && t.End == ir.FieldDay && op == "+":
		fn = functions.DateAddDay
	case t.Start == ir.FieldDay && t.End == ir.FieldDay:
		fn = functions.DateSubDay
	default:
		// Spark casts the DATE to a TIMESTAMP (its start of day in the
		// session zone) and adds the interval: a TIMESTAMP
		ts, ok := b.cast(d, ir.TypeTimestamp, pos)
		if !ok {
			return nil, false
		}
		fn = functions.TimestampInterval(op, t, b.zone)
		return b.callFn(fn, fn.Name, op, []ir.Expr{ts, i}, pos)
	}
	return b.callFn(fn, fn.Name, op, []ir.Expr{d, i}, pos)
}

// makeIntervalArgs pads the arguments of make_ym_interval (years, months)
// and make_dt_interval (days, hours, mins, secs) with Spark's defaults, 0.
func makeIntervalArgs(name string, args []ir.Expr) []ir.Expr {
	n := 2
	if name == "make_dt_interval" {
		n = 4
	}
	for len(args) < n {
		if name == "make_dt_interval" && len(args) == 3 {
			args = append(args, &ir.Const{T: ir.DecimalOf(18, 6), V: rt.Decimal{}})
			continue
		}
		args = append(args, &ir.Const{T: ir.TypeInt, V: int32(0)})
	}
	return args
}

// intervalZone is the zone SET TIME ZONE INTERVAL lit sets, as Spark's
// SparkSqlParser.visitSetTimeZone reads it: the interval's months, days
// and microseconds apart (a unit list's days are its DAY and WEEK parts; a
// DAY TO ... range splits off its whole days), each of months and days
// zero, the rest within ±18 hours and a whole number of seconds, named as
// java.time.ZoneOffset names it ("+01:00", "-08:00:30", "Z"). A bad
// interval is INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE at the
// literal, naming the part Spark checks first; "" after an error.
func (b *binder) intervalZone(lit *ast.Literal) string {
	e, ok := b.bindIntervalLiteral(lit)
	if !ok {
		return ""
	}
	var months int64
	micros := new(big.Int)
	switch v := e.(*ir.Const).V.(type) {
	case ir.YMInterval:
		months = int64(v)
	case ir.DTInterval:
		micros.SetInt64(int64(v))
	}
	days := new(big.Int)
	perDay := big.NewInt(rt.MicrosPerDay)
	if lit.Interval.To == "" {
		for _, p := range lit.Interval.Parts {
			u := strings.TrimSuffix(p.Unit, "S")
			if u != "DAY" && u != "WEEK" {
				continue
			}
			whole, _, _ := intervalNumber(p.Value, p.Neg) // (bindIntervalLiteral read it)
			if u == "WEEK" {
				whole.Mul(whole, big.NewInt(7))
			}
			days.Add(days, whole)
		}
		micros.Sub(micros, new(big.Int).Mul(days, perDay))
	} else {
		days.QuoRem(micros, perDay, micros)
	}
	bad := func(input string) string {
		b.errs.Add(lit.Pos, diag.Literal, "[INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '%s' to interval. The interval value must be in the range of [-18, +18] hours with second precision", input)
		return ""
	}
	us := micros.Int64() // read only where months and days are 0: the interval's own microseconds
	switch {
	case months != 0:
		return bad(strconv.FormatInt(months, 10))
	case days.Sign() != 0:
		return bad(days.String())
	case us > 18*rt.MicrosPerHour || us < -18*rt.MicrosPerHour:
		return bad(strconv.FormatInt(max(us, -us)/rt.MicrosPerHour, 10))
	case us%rt.MicrosPerSecond != 0:
		return bad(strconv.FormatInt(us/rt.MicrosPerSecond, 10))
	}
	return rt.ZoneOffsetID(int32(us / rt.MicrosPerSecond)) // within ±18 hours
}
