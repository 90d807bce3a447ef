package functions

import (
	"reflect"
	"runtime"
	"sort"
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// byName maps every lower-case name and alias to its function. It is filled by
// the init functions of this package and never changes afterwards, so concurrent
// lookups need no lock.
var byName = map[string]*ir.Function{}

// aliasesOf lists the alternative names of a function, for the docs.
var aliasesOf = map[*ir.Function][]string{}

// all holds each function once, in registration order.
var all []*ir.Function

// register adds fn under its name and aliases. A duplicate name is a programming
// error in this package, caught by the tests, so it panics at init.
func register(fn *ir.Function, aliases ...string) *ir.Function {
	for _, n := range append([]string{fn.Name}, aliases...) {
		if _, dup := byName[n]; dup {
			panic("functions: duplicate name " + n)
		}
		byName[n] = fn
	}
	if len(aliases) > 0 {
		aliasesOf[fn] = aliases
	}
	all = append(all, fn)
	return fn
}

// Register adds a function from outside this package. It exists for
// instrumented test functions (package internal/check/probe counts evaluations
// per row) and must be called from an init function, before any lookup,
// because the registry is read without locks.
func Register(fn *ir.Function, aliases ...string) *ir.Function { return register(fn, aliases...) }

// Lookup returns the function a SQL name refers to, or nil when there is none.
// SQL names are case-insensitive, so Lookup is too; aliases (ceiling, substr,
// size ...) return the same *ir.Function as their canonical name, which keeps
// CSE from treating ceil(x) and ceiling(x) as different expressions.
func Lookup(name string) *ir.Function {
	return byName[strings.ToLower(name)]
}

// All returns every registered function once, sorted by name, for docs and for
// tests that must cover the whole registry. The slice is a fresh copy.
func All() []*ir.Function {
	out := append([]*ir.Function(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Aliases returns the alternative names under which Lookup finds fn (nil when it
// has none), so that docs and error messages can mention them.
func Aliases(fn *ir.Function) []string {
	return append([]string(nil), aliasesOf[fn]...)
}

// kernel is the shape of ir.Signature.Eval.
type kernel = func(args []any) (any, *ir.EvalError)

// impl is the implementation of one overload: its Eval adapter and, for the
// kernels of package rt, the rt function it calls, which sig records as
// Signature.Kernel. Build it with k1..k3 (rt kernels that can fail), ok1..ok3
// (rt kernels that cannot) or raw (an Eval of this package, no rt kernel).
type impl struct {
	eval     kernel
	fn       any    // the rt function, or nil
	mayError bool   // the overload can fail (for rt kernels: fn returns *rt.Error)
	consts   []int  // constant arguments fn takes after the call's own (withConsts)
	zone     string // the session zone fn takes last (zk), "" for none
	// vector is the kernel over a batch (ir.Signature.Vector), bound to
	// the same constants, zone and clock position as eval.
	vector ir.VectorKernel
}

// rtPrefix is the qualified-name prefix of the functions of package rt.
const rtPrefix = "github.com/exprc/exprc/templates/rt."

// kernelName returns the name of an rt function from its value, so that the
// name a Signature records can never disagree with the function its Eval calls.
// Anything but a top-level function of package rt is a programming error in
// this package and panics at init.
func kernelName(fn any) string {
	name := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	short, ok := strings.CutPrefix(name, rtPrefix)
	if !ok || strings.ContainsAny(short, ".-") {
		panic("functions: kernel " + name + " is not a function of package rt")
	}
	return short
}

// sig builds one overload from its result type, implementation and parameter
// types. For rt kernels it records Kernel and KernelErr and sets MayError to
// KernelErr; DATE arguments and results are converted between ir.Date and the
// int32 the kernels take.
func sig(ret ir.Type, k impl, params ...ir.Type) *ir.Signature {
	s := &ir.Signature{Params: params, Ret: ret, MayError: k.mayError, Eval: k.eval, Vector: k.vector}
	if k.fn != nil {
		s.Kernel = kernelName(k.fn)
		s.KernelErr = k.mayError
		s.KernelArgs = k.consts
		s.KernelZone = k.zone
		s.Eval = adaptDates(k.eval, ret, params)
	}
	return s
}

// adaptDates wraps an rt kernel's Eval so that DATE, TIMESTAMP,
// TIMESTAMP_NTZ and interval parameters arrive as the int32 and int64 the
// kernels take and such a result leaves as ir.Date, ir.Timestamp,
// ir.TimestampNTZ, ir.YMInterval or ir.DTInterval (the interpreter's
// representation).
func adaptDates(eval kernel, ret ir.Type, params []ir.Type) kernel {
	var conv []int
	for i, p := range params {
		if needsAdapt(p.Kind) {
			conv = append(conv, i)
		}
	}
	if len(conv) == 0 && !needsAdapt(ret.Kind) {
		return eval
	}
	retKind := ret.Kind
	return func(args []any) (any, *ir.EvalError) {
		c := append([]any(nil), args...)
		for _, i := range conv {
			switch v := args[i].(type) {
			case ir.Date:
				c[i] = int32(v)
			case ir.Timestamp:
				c[i] = int64(v)
			case ir.TimestampNTZ:
				c[i] = int64(v)
			case ir.YMInterval:
				c[i] = int32(v)
			case ir.DTInterval:
				c[i] = int64(v)
			}
		}
		r, err := eval(c)
		if err == nil && r != nil {
			switch retKind {
			case ir.KindDate:
				r = ir.Date(r.(int32))
			case ir.KindTimestamp:
				r = ir.Timestamp(r.(int64))
			case ir.KindTimestampNTZ:
				r = ir.TimestampNTZ(r.(int64))
			case ir.KindYMInterval:
				r = ir.YMInterval(r.(int32))
			case ir.KindDTInterval:
				r = ir.DTInterval(r.(int64))
			}
		}
		return r, err
	}
}

// needsAdapt reports whether the kernels take values of kind k as another
// Go type than the interpreter's (int32 for ir.Date and ir.YMInterval, int64
// for the timestamps and ir.DTInterval).
func needsAdapt(k ir.Kind) bool {
	switch k {
	case ir.KindDate, ir.KindTimestamp, ir.KindTimestampNTZ, ir.KindYMInterval, ir.KindDTInterval:
		return true
	}
	return false
}

// withConsts records k, an adapter (k1, ok2 ...) of rt kernel fn bound to
// constant trailing arguments (a DECIMAL kernel's scales and precision), as
// a call of fn with consts after the call's own arguments: generated code
// calls fn(x, y, consts...), the interpreter k's bound closure, which calls
// fn with the same constants.
func withConsts(k impl, fn any, consts ...int) impl {
	k.fn, k.consts = fn, consts
	return k
}

// raw is an implementation without an rt kernel.
func raw(eval kernel, mayError bool) impl { return impl{eval: eval, mayError: mayError} }

// k1 adapts a typed unary rt kernel that can fail.
func k1[A, R any](f func(A) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, vector: vec1E(f), eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// k2 adapts a typed binary rt kernel that can fail.
func k2[A, B, R any](f func(A, B) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, vector: vec2E(f), eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// k3 adapts a typed ternary rt kernel that can fail.
func k3[A, B, C, R any](f func(A, B, C) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, vector: vec3E(f), eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// ok1, ok2, ok3 adapt rt kernels that cannot fail.
func ok1[A, R any](f func(A) R) impl {
	return impl{fn: f, vector: vec1(f), eval: func(args []any) (any, *ir.EvalError) { return f(args[0].(A)), nil }}
}

func ok2[A, B, R any](f func(A, B) R) impl {
	return impl{fn: f, vector: vec2(f), eval: func(args []any) (any, *ir.EvalError) { return f(args[0].(A), args[1].(B)), nil }}
}

func ok3[A, B, C, R any](f func(A, B, C) R) impl {
	return impl{fn: f, vector: vec3(f), eval: func(args []any) (any, *ir.EvalError) { return f(args[0].(A), args[1].(B), args[2].(C)), nil }}
}

// okVariadic adapts a variadic rt kernel over one type that cannot fail.
func okVariadic[A, R any](f func(...A) R) impl {
	return impl{fn: f, eval: func(args []any) (any, *ir.EvalError) {
		xs := make([]A, len(args))
		for i, a := range args {
			xs[i] = a.(A)
		}
		return f(xs...), nil
	}}
}

// strict builds a strict function resolved by overload list (see resolveOverloads),
// with its Synopsis generated from the overloads so the docs cannot drift.
func strict(name, doc string, errs []ir.ErrorClass, sigs ...*ir.Signature) *ir.Function {
	return &ir.Function{
		Name:     name,
		Doc:      doc,
		Synopsis: synopsis(name, sigs),
		Strict:   true,
		Errors:   errs,
		Resolve:  resolveOverloads(name, sigs),
		Implicit: resolveImplicit(sigs),
	}
}

// Shorthands for the types, to keep the overload tables readable.
var (
	tBool = ir.TypeBoolean
	tInt  = ir.TypeInt
	tBig  = ir.TypeBigint
	tDbl  = ir.TypeDouble
	tStr  = ir.TypeVarchar
	tDate = ir.TypeDate
	tTiny = ir.TypeTinyint
	tSml  = ir.TypeSmallint
	tTS   = ir.TypeTimestamp
	tNTZ  = ir.TypeTimestampNTZ
	tFlt  = ir.TypeFloat
)

// errs is a shorthand for an Errors list.
func errs(classes ...ir.ErrorClass) []ir.ErrorClass { return classes }
