package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// to_date, try_to_date and date_format with Spark's datetime patterns
// (templates/rt/datefmt.go).
func init() {
	register(strict("to_date",
		"to_date(s) is CAST(s AS DATE). to_date(s, fmt) reads s with the datetime pattern fmt (y, M, L, d, D, E, Q, q, quoted 'text'; missing fields default to 1970-01-01's); text that does not match raises CANNOT_PARSE_TIMESTAMP (Spark's ANSI mode), a pattern with a time-of-day, zone or unknown letter raises INVALID_DATETIME_PATTERN (a constant one is a compile error).",
		errs(rt.CastInvalidInput, rt.CannotParseTimestamp, rt.InvalidDatetimePatternChar, rt.InvalidDatetimePatternLength),
		sig(tDate, k1(rt.CastStringToDate), tStr),
		sig(tDate, k2(rt.ToDateFmt), tStr, tStr)))
	toDateDomain := domain("try_to_date_domain",
		sig(tBool, ok1(rt.ToDateDefined), tStr),
		sig(tBool, ok2(rt.ToDateFmtDefined), tStr, tStr))
	register(guarded("try_to_date",
		"to_date, but NULL where s does not read as a date (or fmt is not a valid pattern) instead of raising. An argument's own error is still raised; a constant invalid fmt is a compile error.",
		nil, toDateDomain,
		sig(tDate, ok1(rt.TryToDate), tStr),
		sig(tDate, ok2(rt.TryToDateFmt), tStr, tStr)))
}

// patternArg lists the functions whose second argument is a datetime pattern.
var patternArg = map[string]bool{"to_date": true, "try_to_date": true, "date_format": true}

// CheckConstArgs reports, for a resolved call of fn over args, an argument
// that is a constant and invalid: a datetime pattern that does not compile.
// The binder makes it a compile error, as Spark fails at analysis time.
func CheckConstArgs(fn *ir.Function, args []ir.Expr) error {
	if f := schemaFns[fn.Name]; f != nil {
		_, err := f(args)
		return err
	}
	if fn.Name == "to_json" && len(args) == 2 {
		return checkToJSONOptions(args[1])
	}
	if xpathFns[fn.Name] && len(args) == 2 {
		return checkXPathArg(args[1])
	}
	if fn.Name == "to_char" {
		if err := checkNumberFormatArg(args); err != nil || len(args) != 2 || args[0].Type().Kind != ir.KindDate {
			return err
		}
	} else if ts, formats := tsPatternArg(fn, args); ts {
		c, ok := args[1].(*ir.Const)
		if !ok || c.V == nil || c.Err != nil {
			return nil
		}
		s, _ := c.V.(string)
		p := rt.CompileDatetimePattern(s)
		if formats {
			if err := p.Err(); err != nil {
				return err
			}
		} else if err := p.ParseErr(); err != nil {
			return err
		}
		return nil
	} else if !patternArg[fn.Name] || len(args) != 2 {
		return nil
	}
	c, ok := args[1].(*ir.Const)
	if !ok || c.V == nil || c.Err != nil {
		return nil
	}
	s, ok := c.V.(string)
	if !ok {
		return nil
	}
	if err := rt.CompileDatePattern(s).Err(); err != nil {
		return err
	}
	return nil
}
