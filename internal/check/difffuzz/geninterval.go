package difffuzz

import "github.com/exprc/exprc/ir"

// Intervals in the differential fuzzer: half the tables have interval
// columns (one YEAR-MONTH, one or two DAY-TIME, values in whole units of
// their last field, the ends of the range among the edges), a few outputs
// are intervals, and expressions of VARCHAR, BIGINT, BOOLEAN, DATE,
// TIMESTAMP and the integers draw interval subtrees: columns, literals of
// every form, casts from text, integers and other interval types, + - * /
// and unary minus with their overflow and rounding, ts1 - ts2,
// comparisons, DATE and TIMESTAMP arithmetic, EXTRACT (gentime.go),
// make_ym_interval and make_dt_interval, with NULLs from CASE arms and
// errors under TRY.

// ivTypes are the interval types drawn.
var ivTypes = []ir.Type{
	ir.YMIntervalOf(ir.FieldYear, ir.FieldMonth), ir.YMIntervalOf(ir.FieldYear, ir.FieldYear), ir.YMIntervalOf(ir.FieldMonth, ir.FieldMonth),
	ir.DTIntervalOf(ir.FieldDay, ir.FieldSecond), ir.DTIntervalOf(ir.FieldDay, ir.FieldDay), ir.DTIntervalOf(ir.FieldHour, ir.FieldHour),
	ir.DTIntervalOf(ir.FieldDay, ir.FieldHour), ir.DTIntervalOf(ir.FieldMinute, ir.FieldSecond), ir.DTIntervalOf(ir.FieldSecond, ir.FieldSecond),
	ir.DTIntervalOf(ir.FieldDay, ir.FieldMinute), ir.DTIntervalOf(ir.FieldHour, ir.FieldMinute), ir.DTIntervalOf(ir.FieldHour, ir.FieldSecond),
	ir.DTIntervalOf(ir.FieldMinute, ir.FieldMinute),
}

// ivLiterals are literals of each interval type, edges included.
var ivLiterals = map[string][]string{
	"INTERVAL YEAR TO MONTH": {"INTERVAL '1-2' YEAR TO MONTH", "INTERVAL '-1-2' YEAR TO MONTH", "INTERVAL '178956970-7' YEAR TO MONTH",
		"INTERVAL '-178956970-8' YEAR TO MONTH", "INTERVAL 1 YEAR 11 MONTHS", "INTERVAL '0-0' YEAR TO MONTH"},
	"INTERVAL YEAR":  {"INTERVAL '1' YEAR", "INTERVAL -2 YEARS", "INTERVAL '178956970' YEAR"},
	"INTERVAL MONTH": {"INTERVAL '1' MONTH", "INTERVAL '-14' MONTH", "INTERVAL 2147483647 MONTHS", "INTERVAL '0' MONTH"},
	"INTERVAL DAY TO SECOND": {"INTERVAL '1 02:03:04.5' DAY TO SECOND", "INTERVAL '-0 00:00:00.000001' DAY TO SECOND",
		"INTERVAL '106751991 04:00:54.775807' DAY TO SECOND", "INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND"},
	"INTERVAL DAY":              {"INTERVAL '1' DAY", "INTERVAL -3 DAYS", "INTERVAL '106751991' DAY", "INTERVAL 2 WEEKS"},
	"INTERVAL HOUR":             {"INTERVAL '25' HOUR", "INTERVAL -1 HOUR", "INTERVAL '2562047788' HOUR"},
	"INTERVAL DAY TO HOUR":      {"INTERVAL '1 23' DAY TO HOUR", "INTERVAL 1 DAY 2 HOURS", "INTERVAL '-0 01' DAY TO HOUR"},
	"INTERVAL MINUTE TO SECOND": {"INTERVAL '03:04.5' MINUTE TO SECOND", "INTERVAL '-59:59.999999' MINUTE TO SECOND"},
	"INTERVAL SECOND":           {"INTERVAL '1.5' SECOND", "INTERVAL -0.000001 SECOND", "INTERVAL 10 MILLISECONDS 3 MICROSECONDS", "INTERVAL '-9223372036854.775808' SECOND"},
	"INTERVAL DAY TO MINUTE":    {"INTERVAL '1 23:59' DAY TO MINUTE", "INTERVAL '-106751991 04:00' DAY TO MINUTE", "INTERVAL '0 00:01' DAY TO MINUTE"},
	"INTERVAL HOUR TO MINUTE":   {"INTERVAL '25:30' HOUR TO MINUTE", "INTERVAL '-2562047788:00' HOUR TO MINUTE", "INTERVAL '0:59' HOUR TO MINUTE"},
	"INTERVAL HOUR TO SECOND":   {"INTERVAL '01:30:00.000001' HOUR TO SECOND", "INTERVAL '-2562047788:00:54.775808' HOUR TO SECOND", "INTERVAL '0:0:59.999999' HOUR TO SECOND"},
	"INTERVAL MINUTE":           {"INTERVAL '90' MINUTE", "INTERVAL -1 MINUTE", "INTERVAL '153722867280' MINUTE"},
}

// ivTexts are strings cast to interval types: valid in some type, or not.
var ivTexts = []string{"1-2", "-1-2", "INTERVAL '1-2' YEAR TO MONTH", "3", "-14", "1 02:03:04.5", "1 02", "1 24", "02:03",
	"03:04.5", "1.5", "abc", "", " 7 ", "INTERVAL '7' DAY", "178956970-8", "106751991 04:00:54.775808"}

// ivExpr draws an expression of interval type t.
func (g *Generator) ivExpr(t ir.Type, d int) *Node {
	ym := t.Kind == ir.KindYMInterval
	if !g.aggMode && g.pct(25) {
		// a column of t, or of another type of its class CAST to t
		if c := g.col(t); c != nil {
			return c
		}
		for _, u := range ivTypes {
			if c := g.col(u); c != nil && u.Kind == t.Kind && g.pct(50) {
				return &Node{K: KCast, T: t, Args: []*Node{c}}
			}
		}
	}
	if d <= 0 || g.pct(30) {
		return g.lit(t, pick(g.r, ivLiterals[t.String()]))
	}
	same := func() ir.Type { // a type of t's class whose span t covers
		for {
			u := pick(g.r, ivTypes)
			if ir.Widens(u, t) {
				return u
			}
		}
	}
	switch g.r.IntN(10) {
	case 8:
		// ts1 - ts2: an INTERVAL DAY TO SECOND
		if !ym {
			diff := g.tsDiff(d)
			if t.Equal(ir.TypeDTInterval) {
				return diff
			}
			return &Node{K: KCast, T: t, Args: []*Node{diff}}
		}
		return &Node{K: KPrefix, T: t, Text: "-", Args: []*Node{g.ivExpr(t, d-1)}}
	case 0:
		return &Node{K: KCast, T: t, Args: []*Node{g.lit(ir.TypeVarchar, sqlString(pick(g.r, ivTexts)))}}
	case 1:
		src := pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeTinyint, ir.TypeSmallint})
		return &Node{K: KCast, T: t, Args: []*Node{g.expr(src, d-1)}}
	case 2:
		// the + or - of two narrower types is CAST back to t when the
		// spanning type is wider than t
		a, b := same(), same()
		op := &Node{K: KInfix, T: t, Text: pick(g.r, []string{"+", "-"}), Args: []*Node{g.ivExpr(a, d-1), g.ivExpr(b, d-1)}}
		if c, _ := ir.CommonType(a, b); !c.Equal(t) {
			op.T = c
			return &Node{K: KCast, T: t, Args: []*Node{op}}
		}
		return op
	case 3:
		return &Node{K: KPrefix, T: t, Text: "-", Args: []*Node{g.ivExpr(t, d-1)}}
	case 4, 5:
		wide := ir.TypeDTInterval
		if ym {
			wide = ir.TypeYMInterval
		}
		num := g.expr(pick(g.r, []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeDouble}), d-1)
		iv := g.ivExpr(wide, d-1)
		var op *Node
		switch {
		case g.pct(50):
			op = &Node{K: KInfix, T: wide, Text: "/", Args: []*Node{iv, num}}
		case g.pct(30):
			op = &Node{K: KInfix, T: wide, Text: "*", Args: []*Node{num, iv}}
		default:
			op = &Node{K: KInfix, T: wide, Text: "*", Args: []*Node{iv, num}}
		}
		if !wide.Equal(t) {
			return &Node{K: KCast, T: t, Args: []*Node{op}}
		}
		return op
	case 6:
		return &Node{K: KCase, T: t, Args: []*Node{g.expr(ir.TypeBoolean, d-1), g.ivExpr(t, d-1)}} // NULL on the other rows
	case 7:
		return &Node{K: KTry, T: t, Args: []*Node{g.ivExpr(t, d-1)}}
	}
	if ym {
		mk := &Node{K: KCall, T: ir.TypeYMInterval, Text: "make_ym_interval", Args: []*Node{g.expr(ir.TypeInt, d-1), g.expr(ir.TypeInt, d-1)}}
		if t.Equal(ir.TypeYMInterval) {
			return mk
		}
		return &Node{K: KCast, T: t, Args: []*Node{mk}}
	}
	if g.pct(50) {
		mk := &Node{K: KCall, T: ir.TypeDTInterval, Text: "make_dt_interval", Args: []*Node{g.expr(ir.TypeInt, d-1), g.expr(ir.TypeInt, d-1),
			g.expr(ir.TypeInt, d-1), g.expr(ir.DecimalOf(18, 6), d-1)}}
		if t.Equal(ir.TypeDTInterval) {
			return mk
		}
		return &Node{K: KCast, T: t, Args: []*Node{mk}}
	}
	return &Node{K: KCast, T: t, Args: []*Node{g.ivExpr(same(), d-1)}}
}

// ivUse draws an expression of scalar type t over an interval subtree, or
// nil when t has none.
func (g *Generator) ivUse(t ir.Type, d int) *Node {
	iv := pick(g.r, ivTypes)
	switch t.Kind {
	case ir.KindVarchar:
		return &Node{K: KCast, T: t, Args: []*Node{g.ivExpr(iv, d-1)}}
	case ir.KindBigint:
		return &Node{K: KCast, T: t, Args: []*Node{g.ivExpr(iv, d-1)}}
	case ir.KindBoolean:
		var other ir.Type
		for {
			other = pick(g.r, ivTypes)
			if other.Kind == iv.Kind {
				break
			}
		}
		return &Node{K: KInfix, T: t, Text: pick(g.r, []string{"=", "<", "<=", ">", "<>", "<=>"}), Args: []*Node{g.ivExpr(iv, d-1), g.ivExpr(other, d-1)}}
	case ir.KindDate:
		day := ir.DTIntervalOf(ir.FieldDay, ir.FieldDay)
		if g.pct(50) {
			day = pick(g.r, ivTypes[:3])
		}
		return &Node{K: KInfix, T: t, Text: pick(g.r, []string{"+", "-"}), Args: []*Node{g.expr(ir.TypeDate, d-1), g.ivExpr(day, d-1)}}
	}
	return nil
}
