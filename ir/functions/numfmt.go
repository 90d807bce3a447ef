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
