package functions

import (
	"fmt"
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// Spark's digest, hash and encoding functions (kernels in templates/rt/hash.go
// and templates/rt/encode.go), and typeof. Spark takes BINARY arguments for
// most of them and casts a STRING to BINARY as its UTF-8 bytes; exprc offers a
// VARCHAR and a BINARY overload of each, over the same bytes (the functions
// that make BINARY are in binary.go).

// hashStep describes one of hash and xxhash64: the seed, the result type and
// the strict step function (unregistered) the binder chains the arguments with.
type hashStep struct {
	name string
	ret  ir.Type
	seed any
	step *ir.Function
	sigs map[ir.Kind]*ir.Signature // the step's overload per argument kind
	// decimal is the step over DECIMAL(p, s), whose hash depends on p (a
	// long up to 18 digits, the unscaled value's bytes beyond).
	decimal func(p int) impl
	// kernels are the step's kernels per argument kind: an interval hashes
	// as its number, a YEAR-MONTH one as an INT and a DAY-TIME one as a
	// BIGINT, as Spark's Murmur3/XxHash64 hash them
	kernels map[ir.Kind]impl
}

// sigFor is the step's signature for an argument of type t.
func (h *hashStep) sigFor(t ir.Type) *ir.Signature {
	switch t.Kind {
	case ir.KindDecimal:
		return sig(h.ret, h.decimal(t.P()), h.ret, t, tBool)
	case ir.KindYMInterval:
		return sig(h.ret, h.kernels[ir.KindInt], h.ret, t, tBool)
	case ir.KindDTInterval:
		return sig(h.ret, h.kernels[ir.KindBigint], h.ret, t, tBool)
	}
	return h.sigs[t.Kind]
}

// newHashStep builds the step function of a hash: step(seed, x, isNull) is the
// running hash after argument x, or seed itself when isNull (x is then a
// placeholder). The binder writes hash(x1, ..., xn) as
//
//	step(...step(step(seed, COALESCE(x1, zero), x1 IS NULL), COALESCE(x2, zero), x2 IS NULL)..., xn ...)
//
// so the step is strict and never sees a NULL: a NULL argument leaves the
// running hash as it is, and an argument error is the result (the leftmost one,
// because an earlier error arrives through the seed, the step's first argument).
func newHashStep(name string, ret ir.Type, seed any, kernels map[ir.Kind]impl, decimal func(p int) impl) *hashStep {
	h := &hashStep{name: name, ret: ret, seed: seed, sigs: map[ir.Kind]*ir.Signature{}, decimal: decimal, kernels: kernels}
	var sigs []*ir.Signature
	for _, t := range []ir.Type{tBool, tTiny, tSml, tInt, tDate, tBig, tFlt, tDbl, tStr, tTS, tNTZ, tBin} {
		k := t.Kind
		if k == ir.KindTimestamp || k == ir.KindTimestampNTZ {
			k = ir.KindBigint // Spark hashes a timestamp as its long
		}
		s := sig(ret, kernels[k], ret, t, tBool)
		h.sigs[t.Kind] = s
		sigs = append(sigs, s)
	}
	h.step = strict(name+"_step",
		"The running "+name+" after one argument: step(seed, x, isNull) hashes x with seed, or is seed when isNull.", nil, sigs...)
	return h
}

// zeroOf is a value of type t that stands in for a NULL where a strict
// function must get a value it ignores: a hash step's skipped argument, a
// map_build value whose NULL flag is set.
func zeroOf(t ir.Type) any {
	switch t.Kind {
	case ir.KindBoolean:
		return false
	case ir.KindInt:
		return int32(0)
	case ir.KindTinyint:
		return int8(0)
	case ir.KindSmallint:
		return int16(0)
	case ir.KindFloat:
		return float32(0)
	case ir.KindBigint:
		return int64(0)
	case ir.KindDouble:
		return 0.0
	case ir.KindVarchar, ir.KindBinary:
		return ""
	case ir.KindDate:
		return ir.Date(0)
	case ir.KindTimestamp:
		return ir.Timestamp(0)
	case ir.KindTimestampNTZ:
		return ir.TimestampNTZ(0)
	case ir.KindDecimal:
		return rt.Decimal{}
	case ir.KindYMInterval:
		return ir.YMInterval(0)
	case ir.KindDTInterval:
		return ir.DTInterval(0)
	}
	panic("functions: no placeholder for " + t.String())
}

// hashParams gives the parameter types of a hash call: each argument's own
// type, INT for an untyped NULL (hashed as a NULL, which is skipped). MAP
// arguments are refused, as Spark refuses them by default
// (DATATYPE_MISMATCH.HASH_MAP_TYPE: equal maps can hash differently).
func hashParams(name string, args []ir.Type) ([]ir.Type, error) {
	if len(args) < 1 {
		return nil, minArityError(name, len(args), 1)
	}
	params := make([]ir.Type, len(args))
	for i, a := range args {
		switch a.Kind {
		case ir.KindMap:
			return nil, fmt.Errorf("function %s does not accept MAP arguments (got %s): equal maps can hash differently, so Spark refuses them (DATATYPE_MISMATCH.HASH_MAP_TYPE)", name, a)
		case ir.KindNull:
			params[i] = tInt
		default:
			params[i] = a
		}
	}
	return params, nil
}

// function builds the SQL function of a hash: not strict (NULL arguments are
// skipped), resolved per call, and always expanded by the binder into the
// chain of steps. EvalOutcomes computes the same outcome directly.
func (h *hashStep) function(doc string) *ir.Function {
	fn := &ir.Function{
		Name:     h.name,
		Doc:      doc,
		Synopsis: []string{h.name + "(T, ...) -> " + h.ret.String() + " where each T is BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, VARCHAR, DATE or BINARY"},
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			params, err := hashParams(h.name, args)
			if err != nil {
				return nil, err
			}
			return &ir.Signature{Params: params, Ret: h.ret, EvalOutcomes: h.evalOutcomes(params)}, nil
		},
	}
	expansions[fn] = h.expand
	return fn
}

func (h *hashStep) evalOutcomes(params []ir.Type) func([]ir.Outcome) ir.Outcome {
	return func(outs []ir.Outcome) ir.Outcome {
		seed := h.seed
		for i, o := range outs {
			if o.Err != nil {
				return o
			}
			x, isNull := o.V, o.V == nil
			if isNull {
				x = zeroOf(params[i])
			}
			r, err := h.sigFor(params[i]).Eval([]any{seed, x, isNull})
			if err != nil {
				return ir.Outcome{Err: err}
			}
			seed = r
		}
		return ir.Outcome{V: seed}
	}
}

func (h *hashStep) expand(c *ir.Call) ir.Expr {
	var acc ir.Expr = &ir.Const{T: h.ret, V: h.seed}
	for i, a := range c.Args {
		if k, ok := a.(*ir.Const); ok && k.V == nil && k.Err == nil {
			continue // a NULL literal leaves the hash as it is
		}
		t := c.Sig.Params[i]
		if col, ok := a.(*ir.ColumnRef); ok && !col.Nullable { // a NOT NULL column needs no placeholder
			acc = &ir.Call{Fn: h.step, Sig: h.sigFor(t), Args: []ir.Expr{acc, a, &ir.Const{T: tBool, V: false}}}
			continue
		}
		x := &ir.Coalesce{Args: []ir.Expr{a, &ir.Const{T: t, V: zeroOf(t)}}, T: t}
		acc = &ir.Call{Fn: h.step, Sig: h.sigFor(t), Args: []ir.Expr{acc, x, &ir.IsNull{Arg: a}}}
	}
	return acc
}

// sparkTypeName is a type's name in Spark's catalogString form, what typeof
// returns: int, bigint, double, string, date, boolean, map<string,bigint>, and
// void for an untyped NULL.
func sparkTypeName(t ir.Type) string {
	switch t.Kind {
	case ir.KindNull:
		return "void"
	case ir.KindVarchar:
		return "string"
	case ir.KindMap:
		return "map<" + sparkTypeName(*t.Key) + "," + sparkTypeName(*t.Value) + ">"
	}
	return strings.ToLower(t.String())
}

// typeofFn is typeof(x): the name of x's type as a constant. Like Spark's, it
// never evaluates x, so an x that fails on a row does not make it fail; the
// binder replaces the call by the string literal.
func typeofFn() *ir.Function {
	fn := &ir.Function{
		Name:     "typeof",
		Doc:      "The name of the type of x as Spark spells it: 'int', 'bigint', 'double', 'string', 'date', 'boolean', 'map<string,bigint>' ..., and 'void' for an untyped NULL. Never NULL; x is not evaluated, so an error in x does not matter (as in Spark). The binder replaces the call by that string literal.",
		Synopsis: []string{"typeof(T) -> VARCHAR for any T"},
		Resolve: func(args []ir.Type) (*ir.Signature, error) {
			if len(args) != 1 {
				return nil, arityError("typeof", len(args), []int{1})
			}
			name := sparkTypeName(args[0])
			p := args[0]
			if p.Kind == ir.KindNull {
				p = tBool // any type: the argument is never evaluated
			}
			return &ir.Signature{Params: []ir.Type{p}, Ret: tStr, EvalOutcomes: func([]ir.Outcome) ir.Outcome {
				return ir.Outcome{V: name}
			}}, nil
		},
	}
	expansions[fn] = func(c *ir.Call) ir.Expr {
		return &ir.Const{T: tStr, V: c.Sig.EvalOutcomes(nil).V}
	}
	return fn
}

// Unsupported returns, for a Spark function exprc knows of but cannot offer,
// the reason as a message, and ok false for any other name: the pending,
// planned and absent entries of spark_functions.txt that are not registered.
func Unsupported(name string) (msg string, ok bool) {
	return sparkUnsupported(strings.ToLower(name)) // spark_functions.txt: pending, planned, absent
}

// stringAsBinary keeps Spark's rule for a BINARY parameter that exprc offers
// as a VARCHAR and a BINARY overload (the first one of fn): only a string, a
// BINARY or a NULL is accepted there, never another type through an implicit
// cast (md5(123) is an error in Spark: a number does not cast to BINARY). The
// other parameters keep the implicit casts (sha2(s, '256') reads the length
// as INT).
func stringAsBinary(fn *ir.Function) *ir.Function {
	implicit := fn.Implicit
	fn.Implicit = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) > 0 && !args[0].IsByteString() && args[0].Kind != ir.KindNull {
			return nil, errNoImplicit
		}
		return implicit(args)
	}
	return fn
}

// hexFn is hex over BIGINT or VARCHAR. Spark's parameter is the type collection
// (BIGINT, BINARY, STRING) and its implicit cast takes the first member the
// argument casts to, so a DOUBLE is hexed as a BIGINT (hex(17.9) is '11'),
// where the cheapest implicit cast (ImplicitCost) would write it as VARCHAR;
// a DATE or BOOLEAN is hexed as its VARCHAR.
func hexFn() *ir.Function {
	asInt := sig(tStr, ok1(rt.HexInt64), tBig)
	fn := strict("hex",
		"Upper-case hex digits: of the 64-bit two's complement of an integer (hex(-1) is 'FFFFFFFFFFFFFFFF', hex(0) is '0'), or two per UTF-8 byte of a string. A DOUBLE is cast to BIGINT first, as Spark's implicit cast does (hex(17.9) is '11').",
		nil, asInt, sig(tStr, ok1(rt.HexString), tStr), sig(tStr, ok1(rt.HexString), tBin))
	implicit := fn.Implicit
	fn.Implicit = func(args []ir.Type) (*ir.Signature, error) {
		if len(args) == 1 && args[0].Kind == ir.KindDouble {
			return asInt, nil
		}
		return implicit(args)
	}
	return fn
}

func init() {
	register(stringAsBinary(strict("md5", "MD5 digest of the UTF-8 bytes of s as 32 lower-case hex digits.",
		nil, sig(tStr, ok1(rt.Md5), tStr), sig(tStr, ok1(rt.Md5), tBin))))
	register(stringAsBinary(strict("sha1", "SHA-1 digest of the UTF-8 bytes of s as 40 lower-case hex digits.",
		nil, sig(tStr, ok1(rt.Sha1), tStr), sig(tStr, ok1(rt.Sha1), tBin))), "sha")
	register(stringAsBinary(guarded("sha2",
		"SHA-2 digest of the UTF-8 bytes of s as lower-case hex digits: bitLength 224, 256, 384 or 512 (0 means 256); NULL for any other bitLength, as Spark returns.",
		nil, domain("sha2_domain", sig(tBool, ok2(rt.Sha2Defined), tStr, tInt), sig(tBool, ok2(rt.Sha2Defined), tBin, tInt)),
		sig(tStr, ok2(rt.Sha2), tStr, tInt), sig(tStr, ok2(rt.Sha2), tBin, tInt))))
	register(stringAsBinary(strict("crc32", "CRC-32 checksum (IEEE, as java.util.zip.CRC32) of the UTF-8 bytes of s as a BIGINT in [0, 4294967295].",
		nil, sig(tBig, ok1(rt.Crc32), tStr), sig(tBig, ok1(rt.Crc32), tBin))))

	murmur := newHashStep("hash", tInt, int32(42), map[ir.Kind]impl{
		ir.KindBoolean: ok3(rt.Murmur3StepBool), ir.KindInt: ok3(rt.Murmur3StepInt32), ir.KindDate: ok3(rt.Murmur3StepInt32),
		ir.KindBigint: ok3(rt.Murmur3StepInt64), ir.KindDouble: ok3(rt.Murmur3StepFloat64), ir.KindVarchar: ok3(rt.Murmur3StepString), ir.KindBinary: ok3(rt.Murmur3StepString),
		ir.KindTinyint: ok3(rt.Murmur3StepInt8), ir.KindSmallint: ok3(rt.Murmur3StepInt16), ir.KindFloat: ok3(rt.Murmur3StepFloat32),
	}, func(p int) impl {
		bound := func(seed int32, x rt.Decimal, isNull bool) int32 { return rt.Murmur3StepDecimal(seed, x, isNull, p) }
		return withConsts(ok3(bound), rt.Murmur3StepDecimal, p)
	})
	register(murmur.function("Spark's Murmur3 x86_32 hash of the arguments as INT, bit for bit: the running hash starts at 42 and each argument is hashed with it as seed (BOOLEAN as the INT 1 or 0, INT and DATE as INT, BIGINT as two words, DOUBLE as its bits with -0.0 as 0.0 and one NaN, VARCHAR as its UTF-8 bytes with Spark's tail handling, DECIMAL(p, s) as the BIGINT of its unscaled value up to 18 digits and as the unscaled value's minimal two's-complement big-endian bytes beyond, as Java's BigInteger.toByteArray gives them). Not strict: NULL arguments are skipped (hash(NULL) is 42); an argument error is the result (the leftmost one). MAP arguments are refused, as in Spark."))
	xx := newHashStep("xxhash64", tBig, int64(42), map[ir.Kind]impl{
		ir.KindBoolean: ok3(rt.XxHash64StepBool), ir.KindInt: ok3(rt.XxHash64StepInt32), ir.KindDate: ok3(rt.XxHash64StepInt32),
		ir.KindBigint: ok3(rt.XxHash64StepInt64), ir.KindDouble: ok3(rt.XxHash64StepFloat64), ir.KindVarchar: ok3(rt.XxHash64StepString), ir.KindBinary: ok3(rt.XxHash64StepString),
		ir.KindTinyint: ok3(rt.XxHash64StepInt8), ir.KindSmallint: ok3(rt.XxHash64StepInt16), ir.KindFloat: ok3(rt.XxHash64StepFloat32),
	}, func(p int) impl {
		bound := func(seed int64, x rt.Decimal, isNull bool) int64 { return rt.XxHash64StepDecimal(seed, x, isNull, p) }
		return withConsts(ok3(bound), rt.XxHash64StepDecimal, p)
	})
	register(xx.function("Spark's xxHash64 of the arguments as BIGINT, bit for bit, built like hash: the running hash starts at 42 and each argument is hashed with it as seed (DECIMAL as in hash: its unscaled BIGINT up to 18 digits, its unscaled bytes beyond). Not strict: NULL arguments are skipped (xxhash64(NULL) is 42); an argument error is the result (the leftmost one). MAP arguments are refused, as in Spark."))

	register(stringAsBinary(strict("base64",
		"Standard padded base64 of the UTF-8 bytes of s, in lines of 76 characters joined by CRLF (\\r\\n), Spark's default (spark.sql.chunkBase64String.enabled is true).",
		nil, sig(tStr, ok1(rt.Base64), tStr), sig(tStr, ok1(rt.Base64), tBin))))
	register(hexFn())
	register(strict("bin",
		"Binary digits of the 64-bit two's complement of x, without leading zeros (bin(-1) is 64 ones, bin(0) is '0').",
		nil, sig(tStr, ok1(rt.Bin), tBig)))
	register(guarded("conv",
		"num converted from base from_base to base to_base, as Spark's NumberConverter: num (trimmed of spaces, with an optional leading '-'; a BIGINT is read as its decimal digits) is read up to its first character that is not a digit of from_base, as an unsigned 64-bit number, negated in 64 bits when it starts with '-'; the result is unsigned in base to_base, or signed with a '-' when to_base is negative, in upper case. NULL when a base is outside 2..36 (|to_base| for a negative one) or num is empty. Digits beyond 2^64 - 1 raise ARITHMETIC_OVERFLOW (ANSI mode), except that, as in Spark, a step from a running value of at least 2^63 wraps unchecked.",
		errs(ir.ErrArithmeticOverflow),
		domain("conv_domain",
			sig(tBool, ok3(rt.ConvDefined), tStr, tInt, tInt),
			sig(tBool, ok3(rt.ConvInt64Defined), tBig, tInt, tInt)),
		sig(tStr, k3(rt.Conv), tStr, tInt, tInt),
		sig(tStr, k3(rt.ConvInt64), tBig, tInt, tInt)))
	register(typeofFn())
}
