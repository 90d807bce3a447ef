package compiler

import (
	"strings"
	"unicode"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The clock in the binder (docs/semantics.md 10.8): current_date and
// current_timestamp written without parentheses, and the special values of
// the DATE, TIMESTAMP and TIMESTAMP_NTZ literals ('now', 'today' ...),
// which bind to the clock functions, so they read the evaluation's clock
// rather than the compiler's.

// bareClock are the names Spark's grammar reads as a function without
// parentheses (its currentLike rule), when no column has the name.
var bareClock = map[string]bool{"current_date": true, "current_timestamp": true}

// bareClockCall binds an unqualified name no column resolved that is one
// of bareClock's (bound reports whether that succeeded); is is false for
// any other name, which is then an unknown column.
func (b *binder) bareClockCall(e *ast.ColumnRef) (x ir.Expr, bound, is bool) {
	name := strings.ToLower(e.Column.Name)
	if e.Table != nil || !bareClock[name] {
		return nil, false, false
	}
	x, bound = b.call(name, name, nil, e.Pos)
	return x, bound, true
}

// specialDatetime reads text as one of Spark's special datetime values
// (SparkDateTimeUtils.extractSpecialValue): after trimming, letters, then
// optionally blanks and a zone ID Spark's getZoneId accepts (ignored: the
// value is in the session zone), in any case; "now" takes no zone. It
// returns the value in lower case, or "" when text is not one.
func specialDatetime(text string) string {
	s := strings.TrimFunc(text, func(r rune) bool { return r <= ' ' })
	if len(s) < 3 || !unicode.IsLetter(rune(s[0])) {
		return ""
	}
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	value := strings.ToLower(s[:i])
	zone := strings.TrimLeft(s[i:], " \t")
	if zone != "" {
		if value == "now" {
			return ""
		}
		if _, err := rt.ParseZoneID(zone); err != nil {
			return ""
		}
	}
	switch value {
	case "epoch", "now", "today", "tomorrow", "yesterday":
		return value
	}
	return ""
}

// specialLiteral binds a DATE, TIMESTAMP or TIMESTAMP_NTZ literal whose
// text is a special value (Spark's convertSpecialDate, convertSpecialTimestamp,
// convertSpecialTimestampNTZ): 'epoch' is a constant, the others read the
// clock: 'now' is current_date() (DATE), current_timestamp() or
// localtimestamp(); 'today', 'tomorrow' and 'yesterday' are the start of
// that day in the session zone. ok is false when text is not special.
func (b *binder) specialLiteral(e *ast.Literal, t ir.Type) (x ir.Expr, bound, ok bool) {
	v := specialDatetime(e.Value)
	if v == "" {
		return nil, false, false
	}
	if v == "epoch" {
		var c any
		switch t.Kind {
		case ir.KindDate:
			c = ir.Date(0)
		case ir.KindTimestamp:
			c = ir.Timestamp(0)
		default:
			c = ir.TimestampNTZ(0)
		}
		return &ir.Const{T: t, V: c}, true, true
	}
	if v == "now" && t.Kind != ir.KindDate {
		name := "current_timestamp"
		if t.Kind == ir.KindTimestampNTZ {
			name = "localtimestamp"
		}
		x, bound = b.call(name, name, nil, e.Pos)
		return x, bound, true
	}
	day, bound := b.call("current_date", "current_date", nil, e.Pos)
	if !bound {
		return nil, false, true
	}
	if shift := map[string]int32{"tomorrow": 1, "yesterday": -1}[v]; shift != 0 {
		if day, bound = b.call("date_add", "date_add", []ir.Expr{day, &ir.Const{T: ir.TypeInt, V: shift}}, e.Pos); !bound {
			return nil, false, true
		}
	}
	if t.Kind == ir.KindDate {
		return day, true, true
	}
	x, bound = b.cast(day, t, e.Pos)
	return x, bound, true
}
