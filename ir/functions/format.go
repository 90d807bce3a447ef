package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's string building functions (kernels in templates/rt/format.go,
// fmtnum.go and fmtstring.go).
//
// concat_ws, elt, mask and format_string are not strict, and the binder
// rewrites each call into existing IR forms over strict kernels (Expand), so
// the interpreter, both code generators and CSE need nothing new:
//
//	concat_ws(sep, x1, ...)   concat_ws_value(sep, COALESCE(sep || x1, ''), ...)
//	elt(n, s1, ..., sk)       CASE elt_index(n, k) WHEN 1 THEN s1 ... WHEN k THEN sk END
//	mask(s, u, l, d, o)       mask_value(s, COALESCE(format_arg(u), ''), ...)
//	format_string(f, a, ...)  format_string_value(f, COALESCE(format_arg(a), ''), ...)
//
// format_arg boxes a value as a non-empty string, so the empty string can
// stand for NULL (see templates/rt/format.go). Each public function's
// EvalOutcomes states the same rules directly, for the tests over the
// registry.

// errVariadic adapts a variadic rt kernel over one type that can fail.
func errVariadic[A, R any](f func(...A) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, eval: func(args []any) (any, *ir.EvalError) {
		xs := make([]A, len(args))
		for i, a := range args {
			xs[i] = a.(A)
		}
		r, err := f(xs...)
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// variadicStr is an unregistered strict function over n VARCHAR arguments
// (n >= 1) with a variadic kernel, for the expansions.
func variadicStr(name string, k impl) *ir.Function {
	return &ir.Function{
		Name:     name,
		Doc:      "Internal: the kernel call of the function of the same prefix.",
		Synopsis: []string{name + "(VARCHAR, ...) -> VARCHAR"},
		Strict:   true,
		Errors:   errs(ir.ErrInvalidPattern),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError(name, len(args), 1)
			}
			if !widensAll(args, repeat(tStr, len(args))) {
				return nil, noOverload(name, args, []string{name + "(VARCHAR, ...) -> VARCHAR"})
			}
			return sig(tStr, k, repeat(tStr, len(args))...), nil
		},
	}
}

// Internal functions of the expansions; not callable from SQL.
var (
	concatWsValue     = variadicStr("concat_ws_value", okVariadic(rt.ConcatWs))
	formatStringValue = variadicStr("format_string_value", errVariadic(rt.FormatString))
	eltIndex          = strict("elt_index", "Internal: n when 1 <= n <= count, else INVALID_ARRAY_INDEX.",
		errs(rt.InvalidArrayIndex), sig(tInt, k2(rt.EltIndex), tInt, tInt))
	maskValue = strict("mask_value", "Internal: mask over boxed replacement characters.",
		errs(ir.ErrInvalidParameter), sig(tStr, impl{fn: rt.Mask, mayError: true, eval: func(a []any) (any, *ir.EvalError) {
			r, err := rt.Mask(a[0].(string), a[1].(string), a[2].(string), a[3].(string), a[4].(string))
			if err != nil {
				return nil, err
			}
			return r, nil
		}}, tStr, tStr, tStr, tStr, tStr))
	// formatArg boxes a value for the kernels that must tell NULL apart.
	formatArg = withDecimalArg(strict("format_arg", "Internal: a value boxed as a non-empty string.", nil,
		sig(tStr, ok1(rt.FormatArgInt8), tTiny),
		sig(tStr, ok1(rt.FormatArgInt16), tSml),
		sig(tStr, ok1(rt.FormatArgInt32), tInt),
		sig(tStr, ok1(rt.FormatArgInt32), tDate),
		sig(tStr, ok1(rt.FormatArgInt64), tBig),
		sig(tStr, ok1(rt.FormatArgFloat32), tFlt),
		sig(tStr, ok1(rt.FormatArgFloat64), tDbl),
		sig(tStr, ok1(rt.FormatArgBool), tBool),
		sig(tStr, ok1(rt.FormatArgString), tStr)))
	formatNumberDomain = withDecimalDomain(domain("format_number_domain",
		sig(tBool, ok2(rt.FormatNumberDefinedInt64), tBig, tInt),
		sig(tBool, ok2(rt.FormatNumberDefinedFloat64), tDbl, tInt)))
)

// withDecimalArg gives format_arg its overload for any DECIMAL(p, s): the
// value boxed with its scale.
func withDecimalArg(fn *ir.Function) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 1 && args[0].Kind == ir.KindDecimal {
			sc := args[0].S()
			bound := func(v rt.Decimal) string { return rt.FormatArgDecimal(v, sc) }
			return sig(tStr, withConsts(ok1(bound), rt.FormatArgDecimal, sc), args[0]), nil
		}
		return base(args)
	}
	return fn
}

// withDecimalDomain gives format_number's domain its overload for any
// DECIMAL(p, s) x.
func withDecimalDomain(fn *ir.Function) *ir.Function {
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 2 && args[0].Kind == ir.KindDecimal {
			return sig(tBool, ok2(rt.FormatNumberDefinedDecimal), args[0], tInt), nil
		}
		return base(args)
	}
	return fn
}

// callOf resolves fn over the types of args; the expansions call it only
// with types fn accepts.
func callOf(fn *ir.Function, args ...ir.Expr) *ir.Call {
	types := make([]ir.Type, len(args))
	for i, a := range args {
		types[i] = a.Type()
	}
	s, err := fn.Resolve(types)
	if err != nil {
		panic("functions: " + err.Error())
	}
	return &ir.Call{Fn: fn, Sig: s, Args: args}
}

// boxed is COALESCE(format_arg(x), the empty string): never NULL, x's error
// when x fails.
func boxed(x ir.Expr) ir.Expr {
	return &ir.Coalesce{Args: []ir.Expr{callOf(formatArg, x), &ir.Const{T: tStr, V: ""}}, T: tStr}
}

// boxValue is what boxed gives for a non-NULL value.
func boxValue(t ir.Type, v any) string {
	switch t.Kind {
	case ir.KindTinyint:
		return rt.FormatArgInt8(v.(int8))
	case ir.KindSmallint:
		return rt.FormatArgInt16(v.(int16))
	case ir.KindFloat:
		return rt.FormatArgFloat32(v.(float32))
	case ir.KindInt:
		return rt.FormatArgInt32(v.(int32))
	case ir.KindDate:
		return rt.FormatArgInt32(int32(v.(ir.Date)))
	case ir.KindBigint:
		return rt.FormatArgInt64(v.(int64))
	case ir.KindDouble:
		return rt.FormatArgFloat64(v.(float64))
	case ir.KindBoolean:
		return rt.FormatArgBool(v.(bool))
	case ir.KindDecimal:
		return rt.FormatArgDecimal(v.(rt.Decimal), t.S())
	}
	return rt.FormatArgString(v.(string))
}

// leftmostErr returns the first error outcome, if any.
func leftmostErr(outs []ir.Outcome) (ir.Outcome, bool) {
	for _, o := range outs {
		if o.Err != nil {
			return o, true
		}
	}
	return ir.Outcome{}, false
}

// outcomeOf turns a kernel result into an Outcome.
func outcomeOf(v any, err *rt.Error) ir.Outcome {
	if err != nil {
		return ir.Outcome{Err: err}
	}
	return ir.Outcome{V: v}
}

// strImplicit resolves a call whose parameters are params (by position,
// the last one repeated) through Spark's implicit casts.
func strImplicit(args []ir.Type, params func(i int) ir.Type, min int, mk func(n int) *ir.Signature) (*ir.Signature, error) {
	if len(args) < min {
		return nil, errNoImplicit
	}
	for i, a := range args {
		if ImplicitCost(a, params(i)) < 0 {
			return nil, errNoImplicit
		}
	}
	return mk(len(args)), nil
}

func concatWsFn() *ir.Function {
	const syn = "concat_ws(VARCHAR, VARCHAR, ...) -> VARCHAR"
	mk := func(n int) *ir.Signature {
		return &ir.Signature{Params: repeat(tStr, n), Ret: tStr, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			if outs[0].Err == nil && outs[0].V == nil {
				return ir.Outcome{}
			}
			if e, ok := leftmostErr(outs); ok {
				return e
			}
			parts := []string{outs[0].V.(string)}
			for _, o := range outs[1:] {
				if o.V != nil {
					parts = append(parts, outs[0].V.(string)+o.V.(string))
				}
			}
			return ir.Outcome{V: rt.ConcatWs(parts...)}
		}}
	}
	fn := &ir.Function{
		Name: "concat_ws",
		Doc: "The strings x1, ... joined with sep between them, skipping NULL ones (concat_ws(',', 'a', NULL, 'b') is 'a,b'; " +
			"with none left, the empty string). NULL when sep is NULL, even if another argument fails; otherwise an argument error is the result.",
		Synopsis: []string{syn},
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError("concat_ws", len(args), 1)
			}
			if !widensAll(args, repeat(tStr, len(args))) {
				return nil, noOverload("concat_ws", args, []string{syn})
			}
			return mk(len(args)), nil
		},
		Implicit: func(args []ir.Type) (*ir.Signature, error) {
			return strImplicit(args, func(int) ir.Type { return tStr }, 1, mk)
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		sep := c.Args[0]
		args := []ir.Expr{sep}
		for _, x := range c.Args[1:] {
			piece := callOf(Lookup("concat"), sep, x)
			args = append(args, &ir.Coalesce{Args: []ir.Expr{piece, &ir.Const{T: tStr, V: ""}}, T: tStr})
		}
		return callOf(concatWsValue, args...)
	}
	return fn
}

func eltFn() *ir.Function {
	const syn = "elt(INT, VARCHAR, ...) -> VARCHAR"
	params := func(i int) ir.Type {
		if i == 0 {
			return tInt
		}
		return tStr
	}
	mk := func(n int) *ir.Signature {
		ps := repeat(tStr, n)
		ps[0] = tInt
		return &ir.Signature{Params: ps, Ret: tStr, MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			if outs[0].Err != nil || outs[0].V == nil {
				return outs[0]
			}
			k, err := rt.EltIndex(outs[0].V.(int32), int32(n-1))
			if err != nil {
				return ir.Outcome{Err: err}
			}
			return outs[k]
		}}
	}
	fn := &ir.Function{
		Name: "elt",
		Doc: "The n-th of s1, ... (1-based). Only n and the chosen string are evaluated, as in Spark: elt(1, 'a', NULL) is 'a'. " +
			"NULL when n is NULL; an n outside 1 to the number of strings raises (ANSI mode).",
		Synopsis: []string{syn},
		Errors:   errs(rt.InvalidArrayIndex),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 2 {
				return nil, minArityError("elt", len(args), 2)
			}
			for i, a := range args {
				if !ir.Widens(a, params(i)) {
					return nil, noOverload("elt", args, []string{syn})
				}
			}
			return mk(len(args)), nil
		},
		Implicit: func(args []ir.Type) (*ir.Signature, error) { return strImplicit(args, params, 2, mk) },
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		eq := Lookup("eq")
		k := int32(len(c.Args) - 1)
		idx := callOf(eltIndex, c.Args[0], &ir.Const{T: tInt, V: k})
		eqSig, err := eq.Resolve([]ir.Type{tInt, tInt})
		if err != nil {
			panic("functions: " + err.Error())
		}
		cs := &ir.Case{Operand: idx, Eq: &ir.Call{Fn: eq, Sig: eqSig}, Else: &ir.Const{T: tStr}, T: tStr}
		for i, s := range c.Args[1:] {
			cs.Whens = append(cs.Whens, ir.When{Cond: &ir.Const{T: tInt, V: int32(i + 1)}, Then: s})
		}
		return cs
	}
	return fn
}

// maskDefaults are mask's default replacement characters, boxed; otherChar's
// default is NULL (keep).
var maskDefaults = [4]string{rt.FormatArgString("X"), rt.FormatArgString("x"), rt.FormatArgString("n"), ""}

func maskFn() *ir.Function {
	const syn = "mask(VARCHAR[, VARCHAR[, VARCHAR[, VARCHAR[, VARCHAR]]]]) -> VARCHAR"
	mk := func(n int) *ir.Signature {
		return &ir.Signature{Params: repeat(tStr, n), Ret: tStr, MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
			if outs[0].Err == nil && outs[0].V == nil {
				return ir.Outcome{}
			}
			if e, ok := leftmostErr(outs); ok {
				return e
			}
			boxes := maskDefaults
			for i, o := range outs[1:] {
				boxes[i] = ""
				if o.V != nil {
					boxes[i] = rt.FormatArgString(o.V.(string))
				}
			}
			return outcomeOf(rt.Mask(outs[0].V.(string), boxes[0], boxes[1], boxes[2], boxes[3]))
		}}
	}
	fn := &ir.Function{
		Name: "mask",
		Doc: "s with upper-case letters replaced by upperChar (default 'X'), lower-case letters by lowerChar (default 'x'), " +
			"digits by digitChar (default 'n') and other characters by otherChar (default NULL); a NULL replacement keeps that class unchanged. " +
			"Classes are Java's for UTF-16 units, as in Spark: a character beyond U+FFFF is two other characters. " +
			"NULL when s is NULL; a replacement that is not one character raises.",
		Synopsis: []string{syn},
		Errors:   errs(ir.ErrInvalidParameter),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 || len(args) > 5 {
				return nil, arityError("mask", len(args), []int{1, 2, 3, 4, 5})
			}
			if !widensAll(args, repeat(tStr, len(args))) {
				return nil, noOverload("mask", args, []string{syn})
			}
			return mk(len(args)), nil
		},
		Implicit: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) > 5 {
				return nil, errNoImplicit
			}
			return strImplicit(args, func(int) ir.Type { return tStr }, 1, mk)
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		args := []ir.Expr{c.Args[0]}
		for i := range 4 {
			if 1+i < len(c.Args) {
				args = append(args, boxed(c.Args[1+i]))
			} else {
				args = append(args, &ir.Const{T: tStr, V: maskDefaults[i]})
			}
		}
		return callOf(maskValue, args...)
	}
	return fn
}

func formatStringFn() *ir.Function {
	const syn = "format_string(VARCHAR, T, ...) -> VARCHAR where each T is a number, VARCHAR, BOOLEAN or DATE"
	fn := &ir.Function{
		Name: "format_string",
		Doc: "Java's String.format(fmt, args...) (java.util.Formatter, Locale.US), as Spark's. Conversions %s %S %b %B %c %C %d %o %x %X " +
			"%e %E %f %g %G %% %n with flags '-#+ 0,(', width, precision and argument indexes (%2$s, %<s); a NULL argument prints " +
			"null (false for %b); a DATE is its number of days since 1970-01-01, as Spark passes it; a DECIMAL is Spark's Decimal object, which " +
			"%s writes as Java's BigDecimal.toString (0.0000001 is 1E-7) and %b as true, and which no numeric conversion accepts. NULL when fmt is NULL, else " +
			"an argument error is the result. A malformed or unsupported specifier, a missing argument or a conversion that does not " +
			"fit its argument's type raises.",
		Synopsis: []string{syn},
		Errors:   errs(ir.ErrInvalidPattern),
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) < 1 {
				return nil, minArityError("format_string", len(args), 1)
			}
			if !ir.Widens(args[0], tStr) {
				return nil, noOverload("format_string", args, []string{syn})
			}
			ps := make([]ir.Type, len(args))
			ps[0] = tStr
			for i, a := range args[1:] {
				switch a.Kind {
				case ir.KindNull:
					ps[1+i] = tStr
				case ir.KindTinyint, ir.KindSmallint, ir.KindInt, ir.KindBigint, ir.KindFloat, ir.KindDouble, ir.KindVarchar, ir.KindBoolean, ir.KindDate, ir.KindDecimal:
					ps[1+i] = a
				default:
					return nil, noOverload("format_string", args, []string{syn})
				}
			}
			return &ir.Signature{Params: ps, Ret: tStr, MayError: true, EvalOutcomes: func(outs []ir.Outcome) ir.Outcome {
				if outs[0].Err == nil && outs[0].V == nil {
					return ir.Outcome{}
				}
				if e, ok := leftmostErr(outs); ok {
					return e
				}
				parts := []string{outs[0].V.(string)}
				for i, o := range outs[1:] {
					b := ""
					if o.V != nil {
						b = boxValue(ps[1+i], o.V)
					}
					parts = append(parts, b)
				}
				return outcomeOf(rt.FormatString(parts...))
			}}, nil
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		args := []ir.Expr{c.Args[0]}
		for _, a := range c.Args[1:] {
			args = append(args, boxed(a))
		}
		return callOf(formatStringValue, args...)
	}
	return fn
}

func formatNumberFn() *ir.Function {
	fn := strict("format_number",
		"x rounded half to even to d decimal places (at most 340) and written with a comma every three digits, as Java's DecimalFormat "+
			"'#,###,###,###,###,###,##0.00' (Spark's format_number): format_number(12332.123456, 4) is '12,332.1235'; NULL when d < 0. "+
			"With a VARCHAR pattern, x is written in that DecimalFormat pattern (the empty string is '#,###,###,###,###,###,##0'): "+
			"digits '0' and '#', grouping ',', decimal point '.', and quoted or plain literal prefix and suffix text are supported; "+
			"exponents 'E', '%', per mille, currency signs and ';' negative subpatterns raise, as do malformed patterns. "+
			"A DOUBLE uses Java's digits (the shortest that read back, then HALF_EVEN on the exact value); NaN is 'NaN', infinities '∞' and '-∞'.",
		errs(ir.ErrInvalidPattern),
		sig(tStr, ok2(rt.FormatNumberInt64), tBig, tInt),
		sig(tStr, ok2(rt.FormatNumberFloat64), tDbl, tInt),
		sig(tStr, k2(rt.FormatNumberPatternInt64), tBig, tStr),
		sig(tStr, k2(rt.FormatNumberPatternFloat64), tDbl, tStr))
	fn.NullOnValue = true
	// A DECIMAL is formatted exactly (Spark hands DecimalFormat the
	// BigDecimal), not as the DOUBLE the overloads above would cast it to.
	base := fn.Resolve
	fn.Resolve = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) != 2 || args[0].Kind != ir.KindDecimal {
			return base(args)
		}
		x, sc := args[0], args[0].S()
		switch args[1].Kind {
		case ir.KindInt, ir.KindNull:
			bound := func(v rt.Decimal, d int32) string { return rt.FormatNumberDecimal(v, d, sc) }
			return sig(tStr, withConsts(ok2(bound), rt.FormatNumberDecimal, sc), x, tInt), nil
		case ir.KindVarchar:
			bound := func(v rt.Decimal, p string) (string, *rt.Error) { return rt.FormatNumberPatternDecimal(v, p, sc) }
			return sig(tStr, withConsts(k2(bound), rt.FormatNumberPatternDecimal, sc), x, tStr), nil
		}
		return base(args)
	}
	fn.Synopsis = append(fn.Synopsis, "format_number(DECIMAL(p,s), INT) -> VARCHAR", "format_number(DECIMAL(p,s), VARCHAR) -> VARCHAR")
	expansions[fn] = func(c *ir.Call) ir.Expr {
		if c.Sig.Params[1].Kind != ir.KindInt {
			return c
		}
		return &ir.If{Cond: callOf(formatNumberDomain, c.Args...), Then: c, Else: &ir.Const{T: tStr}}
	}
	keepsName[fn] = true
	return fn
}

func init() {
	register(concatWsFn())
	register(eltFn())
	register(strict("overlay",
		"input with len characters from 1-based position pos replaced by replace (len defaults to the length of replace): "+
			"substring(input, 1, pos - 1) || replace || substring(input, pos + len), as Spark computes it (so a pos <= 0 keeps all of input after replace); also OVERLAY(input PLACING replace FROM pos [FOR len]).",
		nil,
		sig(tStr, ok3(rt.Overlay3), tStr, tStr, tInt),
		sig(tStr, ok4(rt.Overlay4), tStr, tStr, tInt, tInt)))
	register(formatNumberFn())
	register(formatStringFn(), "printf")
	register(maskFn())
	register(strict("url_encode",
		"s in application/x-www-form-urlencoded form (Java's URLEncoder with UTF-8): ASCII letters, digits and . - * _ stay, a space is +, every other byte is %XX (invalid UTF-8 is first replaced by U+FFFD, as in Spark).",
		nil, sig(tStr, ok1(rt.URLEncode), tStr)))
	register(strict("url_decode",
		"s decoded from application/x-www-form-urlencoded form (Java's URLDecoder with UTF-8): + is a space, %XX escapes are bytes read as UTF-8 (ill-formed parts become U+FFFD). A malformed escape raises.",
		errs(rt.CannotDecodeURL), sig(tStr, k1(rt.URLDecode), tStr)))
	urlDecodable := domain("url_decode_domain", sig(tBool, ok1(rt.URLDecodable), tStr))
	register(guarded("try_url_decode",
		"url_decode(s), but NULL where s has a malformed escape (an error of s itself is still the result).",
		nil, urlDecodable, sig(tStr, ok1(rt.URLDecodeValue), tStr)))
	isValid := strict("is_valid_utf8", "Whether s is valid UTF-8.", nil, sig(tBool, ok1(rt.IsValidUtf8), tStr))
	register(isValid)
	register(strict("make_valid_utf8",
		"s with each maximal ill-formed UTF-8 subsequence replaced by U+FFFD (Unicode's rule, as Spark's UTF8String.makeValid).",
		nil, sig(tStr, ok1(rt.MakeValidUtf8), tStr)))
	register(strict("validate_utf8", "s when it is valid UTF-8; otherwise raises, naming its bytes.",
		errs(rt.InvalidUTF8String), sig(tStr, k1(rt.ValidateUtf8), tStr)))
	register(guarded("try_validate_utf8", "s when it is valid UTF-8, else NULL.",
		nil, isValid, sig(tStr, ok1(rt.MakeValidUtf8), tStr)))
}
