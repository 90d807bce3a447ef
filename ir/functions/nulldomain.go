package functions

import (
	"sync"

	"github.com/exprc/exprc/ir"
)

// Some Spark functions are NULL on non-NULL arguments outside a domain (ln(0),
// factorial(21), width_bucket with an empty range). A templates/rt kernel
// returns a value, never NULL, so such a function is split in two kernels
// over the same arguments: the value, and a guard saying where the value is
// defined. The binder replaces each call f(args) by
//
//	IF(f_domain(args), f(args), NULL)
//
// (Expand). The guard is strict over every argument, so the result keeps the
// strict rules exactly: a NULL argument makes the guard NULL and the IF NULL,
// else the leftmost argument error is the guard's error and the IF's, else
// the guard decides between the value and NULL. Because only existing IR
// forms are used, the interpreter, both code generators, CSE (which shares
// the arguments between the guard and the value) and explain need nothing
// new; explain shows the IF.
//
// A few other functions are rewritten the same way into existing forms:
// isnan (never NULL), nanvl (lazy in its second argument), pi() and e()
// (constants).

// expansions maps a registered function to the rewrite the binder applies to
// its resolved calls.
var expansions = map[*ir.Function]func(c *ir.Call) ir.Expr{}

// expansionsMu guards expansions and keepsName after init: a session zone's
// function set is built on its first use (zoneSet), from whichever
// goroutine binds a query in that zone first, and adds its guarded
// functions' rewrites while other goroutines may be binding.
var expansionsMu sync.RWMutex

// Expand returns the IR the binder emits for a resolved call: c itself for
// most functions, and the rewrite into existing forms for the functions
// described above. The arguments of c are already widened to its Signature.
func Expand(c *ir.Call) ir.Expr {
	expansionsMu.RLock()
	x, ok := expansions[c.Fn]
	expansionsMu.RUnlock()
	if ok {
		return x(c)
	}
	return c
}

// Expanded reports whether the binder rewrites every call of fn into other
// forms in which fn itself does not occur (isnan, nanvl, pi, e), so that coverage
// checks over bound IR do not look for it.
func Expanded(fn *ir.Function) bool {
	expansionsMu.RLock()
	defer expansionsMu.RUnlock()
	_, ok := expansions[fn]
	return ok && !keepsName[fn]
}

// keepsName marks the expanded functions whose call survives inside their
// expansion (the guarded ones).
var keepsName = map[*ir.Function]bool{}

// guarded builds a strict function that is NULL outside the domain guard (a
// strict, never-failing BOOLEAN function) describes; guard must have an
// overload of the same parameters as each of sigs. The Call of fn itself is
// the value kernel (what it computes outside the domain is never read): the
// NULL rule lives in the IF the binder builds around it, so the interpreter
// and the generated code apply it the same way.
func guarded(name, doc string, errClasses []ir.ErrorClass, guard *ir.Function, sigs ...*ir.Signature) *ir.Function {
	for _, s := range sigs {
		if _, err := guard.Resolve(s.Params); err != nil {
			panic("functions: guard " + guard.Name + " lacks an overload for " + name)
		}
	}
	fn := strict(name, doc, errClasses, sigs...)
	fn.NullOnValue = true
	expansions[fn] = func(c *ir.Call) ir.Expr {
		gs, err := guard.Resolve(c.Sig.Params)
		if err != nil {
			panic("functions: guard " + guard.Name + " lacks an overload for " + name)
		}
		return &ir.If{
			Cond: &ir.Call{Fn: guard, Sig: gs, Args: c.Args},
			Then: c,
			Else: &ir.Const{T: c.Sig.Ret},
		}
	}
	keepsName[fn] = true
	return fn
}
