package compiler

import (
	"strings"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
)

// toBinary binds to_binary(s [, fmt]) and try_to_binary as Spark's ToBinary
// does: fmt must be a constant ('hex' when left out), and the call becomes
// the conversion it names (unhex and unbase64 that raise, or the string's
// bytes); a NULL fmt gives a NULL BINARY without evaluating s. An unknown
// fmt is a compile error of to_binary and a NULL of try_to_binary, which is
// TRY over to_binary (so an error of s is NULL too).
func (b *binder) toBinary(name string, args []ir.Expr, pos diag.Pos) (ir.Expr, bool) {
	if len(args) < 1 || len(args) > 2 {
		b.errs.Add(pos, diag.Type, "wrong number of arguments for %s: got %d, want 1 or 2", name, len(args))
		return nil, false
	}
	format := "hex"
	if len(args) == 2 {
		c, ok := args[1].(*ir.Const)
		if !ok || c.Err != nil || c.V != nil && c.T.Kind != ir.KindVarchar {
			b.errs.Add(pos, diag.Type, "%s needs a constant format string: 'hex', 'utf-8', 'utf8' or 'base64' (Spark requires a foldable one)", name)
			return nil, false
		}
		if c.V == nil {
			return &ir.Const{T: ir.TypeBinary}, true
		}
		format = strings.ToLower(c.V.(string))
	}
	x := args[0]
	if functions.ImplicitCost(x.Type(), ir.TypeVarchar) < 0 {
		b.errs.Add(pos, diag.Type, "%s expects a VARCHAR, got %s", name, x.Type())
		return nil, false
	}
	x, ok := b.implicitArg(x, ir.TypeVarchar, pos, name)
	if !ok {
		return nil, false
	}
	var res ir.Expr
	switch format {
	case "hex":
		res = internalCall(functions.ToBinaryHexFn, x)
	case "base64":
		res = internalCall(functions.ToBinaryBase64Fn, x)
	case "utf-8", "utf8":
		res, ok = b.cast(x, ir.TypeBinary, pos)
		if !ok {
			return nil, false
		}
	default:
		if name == "try_to_binary" {
			return &ir.Const{T: ir.TypeBinary}, true
		}
		b.errs.Add(pos, diag.Type, "%s: the format '%s' is invalid: expects one of 'hex', 'utf-8', 'utf8', or 'base64' (any case) (DATATYPE_MISMATCH.INVALID_ARG_VALUE)",
			name, args[1].(*ir.Const).V)
		return nil, false
	}
	if name == "try_to_binary" {
		return &ir.Try{Arg: res}, true
	}
	return res, true
}

// internalCall calls a one-parameter function of package functions that is
// not registered under a SQL name (its only overload takes x's type).
func internalCall(fn *ir.Function, x ir.Expr) ir.Expr {
	s, err := fn.Resolve([]ir.Type{x.Type()})
	if err != nil {
		panic("compiler: " + fn.Name + ": " + err.Error())
	}
	return &ir.Call{Fn: fn, Sig: s, Args: []ir.Expr{x}}
}
