package functions

import (
	"sort"
	"strings"

	"github.com/exprc/exprc/ir"
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

// sig builds one overload. Most kernels are written as typed Go functions and
// adapted with k1/k2/k3, so the arithmetic itself is checked by the compiler.
func sig(ret ir.Type, mayError bool, eval kernel, params ...ir.Type) *ir.Signature {
	return &ir.Signature{Params: params, Ret: ret, MayError: mayError, Eval: eval}
}

// k1 adapts a typed unary kernel to ir.Signature.Eval.
func k1[A, R any](f func(A) (R, *ir.EvalError)) kernel {
	return func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A))
		if err != nil {
			return nil, err
		}
		return r, nil
	}
}

// k2 adapts a typed binary kernel to ir.Signature.Eval.
func k2[A, B, R any](f func(A, B) (R, *ir.EvalError)) kernel {
	return func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B))
		if err != nil {
			return nil, err
		}
		return r, nil
	}
}

// k3 adapts a typed ternary kernel to ir.Signature.Eval.
func k3[A, B, C, R any](f func(A, B, C) (R, *ir.EvalError)) kernel {
	return func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C))
		if err != nil {
			return nil, err
		}
		return r, nil
	}
}

// ok1, ok2, ok3 adapt kernels that cannot fail.
func ok1[A, R any](f func(A) R) kernel {
	return func(args []any) (any, *ir.EvalError) { return f(args[0].(A)), nil }
}

func ok2[A, B, R any](f func(A, B) R) kernel {
	return func(args []any) (any, *ir.EvalError) { return f(args[0].(A), args[1].(B)), nil }
}

func ok3[A, B, C, R any](f func(A, B, C) R) kernel {
	return func(args []any) (any, *ir.EvalError) { return f(args[0].(A), args[1].(B), args[2].(C)), nil }
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
)

// errs is a shorthand for an Errors list.
func errs(classes ...ir.ErrorClass) []ir.ErrorClass { return classes }
