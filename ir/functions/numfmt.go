package functions

import (
	"errors"
	"fmt"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// to_number and try_to_number with Spark's number formats
// (templates/rt/numfmt.go). The result is a DECIMAL whose precision and scale
// come from the format, which must therefore be a constant: they resolve
// through ResolveWithArgs, never by types alone.

// argTyped lists the functions whose result type depends on a constant
// argument's value (resolved by ResolveWithArgs only).
var argTyped = map[string]bool{"to_number": true, "try_to_number": true}

var errConstFormat = errors.New("needs a constant format string (Spark requires a foldable one)")

func init() {
	byTypes := func(name string) func([]ir.Type) (*ir.Signature, error) {
		return func([]ir.Type) (*ir.Signature, error) { return nil, fmt.Errorf("%s %w", name, errConstFormat) }
	}
	const grammar = "fmt is a constant of 0/9 (digits; a run starting with 0 before the point matches exactly as many), . or D (point), , or G (grouping), $, S or MI (sign), PR (<negative>); the result is DECIMAL(p,s) with p the format's digits and s those after its point. "
	tn := strict("to_number",
		"s read with the number format fmt (Spark's to_number): "+grammar+
			"Text that does not match raises INVALID_FORMAT.MISMATCH_INPUT; an invalid constant fmt is a compile error (INVALID_FORMAT); a NULL fmt gives NULL as DECIMAL(10,0).",
		errs(rt.InvalidFormatInput))
	tn.Resolve, tn.Implicit = byTypes("to_number"), nil
	tn.Synopsis = []string{"to_number(VARCHAR, fmt) -> DECIMAL(p,s)"}
	register(tn)
	domain := domain("try_to_number_domain", sig(tBool, ok2(rt.ToNumberDefined), tStr, tStr))
	try := guarded("try_to_number",
		"to_number, but NULL where s does not match fmt instead of raising. An invalid constant fmt is still a compile error.",
		nil, domain)
	try.Resolve, try.Implicit = byTypes("try_to_number"), nil
	try.Synopsis = []string{"try_to_number(VARCHAR, fmt) -> DECIMAL(p,s)"}
	register(try)
}

// resolveToNumber is the signature of to_number or try_to_number over args:
// the result type comes from the constant format.
func resolveToNumber(fn *ir.Function, args []ir.Expr) (*ir.Signature, error) {
	if len(args) != 2 {
		return nil, fmt.Errorf("function %s takes 2 arguments, got %d", fn.Name, len(args))
	}
	if k := args[0].Type().Kind; k != ir.KindVarchar && k != ir.KindNull {
		return nil, fmt.Errorf("function %s expects a VARCHAR expr, got %s", fn.Name, args[0].Type())
	}
	c, ok := args[1].(*ir.Const)
	if !ok || c.Err != nil || c.V != nil && c.T.Kind != ir.KindVarchar {
		return nil, fmt.Errorf("%s %w", fn.Name, errConstFormat)
	}
	p, s := 10, 0 // Spark's DecimalType.USER_DEFAULT for a NULL format
	if c.V != nil {
		f := rt.CompileNumberFormat(c.V.(string))
		if err := f.Err(); err != nil {
			return nil, fmt.Errorf("%s: %s", fn.Name, err.Error())
		}
		p, s = f.P, f.S
	}
	ret := ir.DecimalOf(p, s)
	if fn.Name == "try_to_number" {
		bound := func(x, f string) rt.Decimal { return rt.TryToNumber(x, f, p, s) }
		return sig(ret, withConsts(ok2(bound), rt.TryToNumber, p, s), tStr, tStr), nil
	}
	bound := func(x, f string) (rt.Decimal, *rt.Error) { return rt.ToNumber(x, f, p, s) }
	return sig(ret, withConsts(k2(bound), rt.ToNumber, p, s), tStr, tStr), nil
}

// numberFormatClasses are the classes of an invalid number format.
var numberFormatClasses = []ir.ErrorClass{
	"INVALID_FORMAT.EMPTY", "INVALID_FORMAT.WRONG_NUM_DIGIT", "INVALID_FORMAT.CUR_MUST_BEFORE_DIGIT",
	"INVALID_FORMAT.CUR_MUST_BEFORE_DEC", "INVALID_FORMAT.CONT_THOUSANDS_SEPS", "INVALID_FORMAT.THOUSANDS_SEPS_MUST_BEFORE_DEC",
	"INVALID_FORMAT.WRONG_NUM_TOKEN", "INVALID_FORMAT.UNEXPECTED_TOKEN", "DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION",
}

// toCharDecimal is the signature of to_char over a DECIMAL x.
func toCharDecimal(x ir.Type) *ir.Signature {
	s := x.S()
	bound := func(d rt.Decimal, f string) (string, *rt.Error) { return rt.ToChar(d, f, s) }
	return sig(tStr, withConsts(k2(bound), rt.ToChar, s), x, tStr)
}

// to_char and to_varchar: a number (a DECIMAL; INT, BIGINT and DOUBLE as
// Spark casts them implicitly, to DECIMAL(10,0), (20,0) and (30,15)) written
// with a constant number format, a DATE with a datetime pattern (date_format).
func init() {
	fn := strict("to_char",
		"x written with fmt: a number (DECIMAL; INT, BIGINT, DOUBLE cast to DECIMAL(10,0), DECIMAL(20,0), DECIMAL(30,15) as Spark's implicit cast) with the constant number format fmt of to_number "+
			"(digits that do not fit print as #; S prints + or -, MI a space or -, PR <...>), a DATE with the datetime pattern fmt (date_format). An invalid constant format is a compile error; the BINARY forms ('hex', 'base64', 'utf-8') are not implemented yet.",
		append(errs(rt.InvalidDatetimePatternChar, rt.InvalidDatetimePatternLength), numberFormatClasses...),
		sig(tStr, k2(rt.DateFormat), tDate, tStr))
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 2 && args[0].Kind == ir.KindDecimal && (args[1].Kind == ir.KindVarchar || args[1].Kind == ir.KindNull) {
			return toCharDecimal(args[0]), nil
		}
		return base(args)
	}
	implicit := fn.Implicit
	fn.Implicit = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 2 && (args[1].Kind == ir.KindVarchar || args[1].Kind == ir.KindNull) {
			switch args[0].Kind {
			case ir.KindInt:
				return toCharDecimal(ir.DecimalOf(10, 0)), nil
			case ir.KindBigint:
				return toCharDecimal(ir.DecimalOf(20, 0)), nil
			case ir.KindDouble:
				return toCharDecimal(ir.DecimalOf(30, 15)), nil
			}
		}
		if implicit == nil {
			return nil, errNoImplicit
		}
		return implicit(args)
	}
	fn.Synopsis = append(fn.Synopsis, "to_char(DECIMAL(p,s), fmt) -> VARCHAR (INT, BIGINT, DOUBLE as DECIMAL)")
	register(fn, "to_varchar")
}

// checkNumberFormatArg reports a to_char format of a number that is not a
// constant or not valid (Spark fails analysis).
func checkNumberFormatArg(args []ir.Expr) error {
	if len(args) != 2 || args[0].Type().Kind != ir.KindDecimal {
		return nil
	}
	c, ok := args[1].(*ir.Const)
	if !ok || c.Err != nil {
		return errConstFormat
	}
	if s, ok := c.V.(string); ok {
		if err := rt.CompileNumberFormat(s).Err(); err != nil {
			return err
		}
	}
	return nil
}
