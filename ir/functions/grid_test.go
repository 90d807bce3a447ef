package functions

import (
	"time"

	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// gridTypes are the argument types the grid tries for every function.
var gridTypes = []ir.Type{
	ir.TypeNull, tBool, tInt, tBig, tDbl, tStr, tDate, tBin,
	ir.MapOf(tStr, tBig), ir.MapOf(tInt, tStr), ir.MapOf(tDbl, tInt),
	ir.DecimalOf(20, 4),
}

// gridValues are edge values of each type, in its Go representation.
func gridValues(t ir.Type) []any {
	switch t.Kind {
	case ir.KindBoolean:
		return []any{true, false}
	case ir.KindInt:
		return []any{int32(0), int32(1), int32(-1), int32(2), int32(-7), int32(100), int32(-100),
			int32(math.MinInt32), int32(math.MaxInt32), int32(math.MinInt32 + 1), int32(rt.MaxPadLength + 1)}
	case ir.KindTinyint:
		return []any{int8(0), int8(1), int8(-1), int8(2), int8(-7), int8(100), int8(math.MinInt8), int8(math.MaxInt8), int8(math.MinInt8 + 1)}
	case ir.KindSmallint:
		return []any{int16(0), int16(1), int16(-1), int16(3), int16(-300), int16(math.MinInt16), int16(math.MaxInt16), int16(math.MinInt16 + 1)}
	case ir.KindFloat:
		return []any{float32(0), float32(negZ), float32(1), float32(-1.5), float32(1.1), float32(nan), float32(inf), float32(negInf),
			float32(math.MaxFloat32), float32(math.SmallestNonzeroFloat32), float32(1e19), float32(128.5), float32(-32768.9)}
	case ir.KindBigint:
		return []any{int64(0), int64(1), int64(-1), int64(3), int64(math.MinInt64), int64(math.MaxInt64),
			int64(math.MaxInt32) + 1, int64(math.MinInt32) - 1, int64(1e18), int64(-7)}
	case ir.KindDouble:
		return []any{0.0, negZ, 1.0, -1.0, 0.5, 2.5, -2.5, nan, inf, negInf, math.MaxFloat64,
			math.SmallestNonzeroFloat64, 1e19, -1e19, 2147483648.0, 1.005, -9.223372036854775808e18}
	case ir.KindVarchar:
		return []any{"", " ", "a", "abc", "é", "\xff", "a\xe2\x82", "%", "_", `\`, "(", "1", " 12 ", "1.5",
			"true", "2024-02-29", "NaN", "-Infinity", "日本語", `a%b_c\`, "-9223372036854775808",
			"99999999999999999999", "%a%a%a%b", "[", "*"}
	case ir.KindBinary:
		return []any{"", "\x00", "\xff\x80", "abc", "QUJD", "4142", "\xfe\xff\x00A", "\xd8\x00", "\x00\x00\x00A", "\xff\xfe", "Q", "QQ=x", "é", " 12 "}
	case ir.KindDate:
		return []any{ir.Date(0), ir.Date(-1), ir.Date(math.MinInt32), ir.Date(math.MaxInt32), date("2024-02-29"), date("1999-12-31")}
	case ir.KindDecimal:
		var out []any
		// zero, small values, halves and the limits of the precision
		for _, text := range []string{"0", "-1", "2.5", "-0.0001", "99999999999999999999999999999999999999"} {
			v, err := rt.CastStringToDecimal(text, t.S(), t.P())
			if err != nil { // beyond this type: its limit
				v, _ = rt.CastStringToDecimal("-"+strings.Repeat("9", t.P()-t.S())+"."+strings.Repeat("9", t.S()), t.S(), t.P())
			}
			out = append(out, v)
		}
		return out
	case ir.KindMap:
		ks, vs := gridValues(*t.Key), gridValues(*t.Value)
		full := &ir.MapValue{}
		for i := 0; i < len(ks) && i < 4; i++ {
			full.Keys = append(full.Keys, ks[i])
			if i == 1 {
				full.Values = append(full.Values, nil)
			} else {
				full.Values = append(full.Values, vs[i%len(vs)])
			}
		}
		return []any{&ir.MapValue{}, full}
	}
	return nil
}

// goTypeOK reports whether v is a valid Go representation of type t.
func goTypeOK(v any, t ir.Type) bool {
	switch v.(type) {
	case bool:
		return t.Kind == ir.KindBoolean
	case int8:
		return t.Kind == ir.KindTinyint
	case int16:
		return t.Kind == ir.KindSmallint
	case float32:
		return t.Kind == ir.KindFloat
	case int32:
		return t.Kind == ir.KindInt
	case int64:
		return t.Kind == ir.KindBigint
	case float64:
		return t.Kind == ir.KindDouble
	case string:
		return t.IsByteString()
	case ir.Date:
		return t.Kind == ir.KindDate
	case ir.Timestamp:
		return t.Kind == ir.KindTimestamp
	case ir.TimestampNTZ:
		return t.Kind == ir.KindTimestampNTZ
	case ir.YMInterval:
		return t.Kind == ir.KindYMInterval
	case ir.DTInterval:
		return t.Kind == ir.KindDTInterval
	case rt.Decimal:
		return t.Kind == ir.KindDecimal
	case *ir.MapValue:
		return t.Kind == ir.KindMap
	}
	return false
}

// product calls f with every combination of lists[i] elements.
func product(lists [][]ir.Outcome, f func([]ir.Outcome)) {
	cur := make([]ir.Outcome, len(lists))
	var rec func(i int)
	rec = func(i int) {
		if i == len(lists) {
			f(slices.Clone(cur))
			return
		}
		for _, x := range lists[i] {
			cur[i] = x
			rec(i + 1)
		}
	}
	rec(0)
}

// TestNoPanicGrid resolves every function over every combination of grid types
// (up to 4 arguments) and runs each resolved overload on the edge values of its
// parameter types. Kernels must not panic, must return the declared type, may
// return NULL only when the function says so, and may raise only the classes
// it lists (and none when the overload says MayError is false).
func TestNoPanicGrid(t *testing.T) {
	errOutcome := ir.Outcome{Err: ir.Errorf("TEST_ERROR", "arg")}
	calls := 0
	for _, fn := range All() {
		if fn == CastFn {
			continue
		}
		seen := map[string]bool{}
		resolved := 0
		for n := 0; n <= 4; n++ {
			product(typeLists(n), func(ts []ir.Outcome) {
				types := make([]ir.Type, n)
				for i, o := range ts {
					types[i] = o.V.(ir.Type)
				}
				s, err := fn.Resolve(types)
				if err != nil {
					if s != nil {
						t.Errorf("%s%s: signature and error", fn.Name, typeList(types))
					}
					return
				}
				resolved++
				checkSig(t, fn, types, s)
				key := fmt.Sprint(typeList(s.Params))
				if seen[key] {
					return
				}
				seen[key] = true
				limit := []int{0, 100, 100, 12, 5}[n]
				lists := make([][]ir.Outcome, n)
				for i, p := range s.Params {
					vals := gridValues(p)
					if len(vals) > limit {
						vals = vals[:limit]
					}
					for _, x := range vals {
						lists[i] = append(lists[i], ir.Outcome{V: x})
					}
					if !fn.Strict {
						lists[i] = append(lists[i], ir.Outcome{}, errOutcome)
					}
				}
				product(lists, func(args []ir.Outcome) {
					calls++
					runOne(t, fn, s, args)
				})
			})
		}
		if resolved == 0 && !argTyped[fn.Name] && !wideGrid[fn.Name] && fn.Name != "to_binary" && fn.Name != "try_to_binary" && fn.Name != "try_aes_decrypt" { // to_number, to_binary: by their constant format only; try_aes_decrypt: TRY over aes_decrypt
			t.Errorf("%s resolves for no grid types", fn.Name)
		}
	}
	// Casts between every pair of grid types.
	for _, from := range gridTypes {
		for _, to := range gridTypes {
			s, err := ResolveCast(from, to)
			if err != nil {
				continue
			}
			checkSig(t, CastFn, []ir.Type{from}, s)
			for _, x := range gridValues(from) {
				calls++
				runOne(t, CastFn, s, []ir.Outcome{{V: x}})
			}
		}
	}
	t.Logf("%d kernel calls", calls)
}

func typeLists(n int) [][]ir.Outcome {
	var one []ir.Outcome
	for _, t := range gridTypes {
		one = append(one, ir.Outcome{V: t})
	}
	out := make([][]ir.Outcome, n)
	for i := range out {
		out[i] = one
	}
	return out
}

func checkSig(t *testing.T, fn *ir.Function, args []ir.Type, s *ir.Signature) {
	t.Helper()
	if len(s.Params) != len(args) {
		t.Errorf("%s%s: %d params", fn.Name, typeList(args), len(s.Params))
		return
	}
	for i, p := range s.Params {
		if !ir.Widens(args[i], p) && fn != CastFn {
			t.Errorf("%s%s: argument %d does not widen to %s", fn.Name, typeList(args), i, p)
		}
		if p.Kind == ir.KindNull && fn != CastFn {
			t.Errorf("%s%s: NULL parameter type", fn.Name, typeList(args))
		}
	}
	if s.Ret.Kind == ir.KindNull && fn != CastFn && !nullTyped[fn.Name] {
		t.Errorf("%s%s: NULL result type", fn.Name, typeList(args))
	}
	if fn.Strict && s.Eval == nil || !fn.Strict && s.EvalOutcomes == nil {
		t.Errorf("%s%s: missing kernel", fn.Name, typeList(args))
	}
}

func runOne(t *testing.T, fn *ir.Function, s *ir.Signature, args []ir.Outcome) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s%s panicked on %v: %v", fn.Name, typeList(s.Params), args, r)
		}
	}()
	var out ir.Outcome
	argErr := false
	for _, a := range args {
		argErr = argErr || a.Err != nil
	}
	if fn.Strict {
		vals := make([]any, len(args))
		for i, a := range args {
			vals[i] = a.V
		}
		if s.KernelClock {
			vals = append([]any{gridClock}, vals...) // as the interpreter passes it
		}
		r, e := s.Eval(vals)
		out = ir.Outcome{V: r, Err: e}
	} else {
		out = s.EvalOutcomes(args)
	}
	if out.Err != nil {
		if argErr {
			return
		}
		if !s.MayError {
			t.Errorf("%s%s on %v: error %v but MayError is false", fn.Name, typeList(s.Params), args, out.Err)
		}
		if !slices.Contains(fn.Errors, out.Err.Class) {
			t.Errorf("%s%s on %v: error class %s not in Errors %v", fn.Name, typeList(s.Params), args, out.Err.Class, fn.Errors)
		}
		return
	}
	if out.V == nil {
		if fn.Strict && !fn.NullOnValue && fn != CastFn {
			t.Errorf("%s%s on %v: NULL but NullOnValue is false", fn.Name, typeList(s.Params), args)
		}
		return
	}
	if !goTypeOK(out.V, s.Ret) {
		t.Errorf("%s%s on %v: result %T is not %s", fn.Name, typeList(s.Params), args, out.V, s.Ret)
	}
}

// gridClock is the evaluation's clock the tests give the clock functions:
// 2024-03-31 00:59:59 UTC, a second before Paris's clocks go forward.
var gridClock = rt.ClockAt(time.Date(2024, 3, 31, 0, 59, 59, 0, time.UTC))

// nullTyped are the functions of Spark's NULL type (raise_error,
// assert_true): the binder retypes their calls by context.
var nullTyped = map[string]bool{"raise_error": true, "assert_true": true}
