package batch

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// The kernels that build a string have a method of the same name on
// rt.Arena (the same results), which generated code calls instead: a
// chunk's strings then cost a few allocations, not one per value (three per
// row of StringCase were most of its time). The strings live as long as
// they are referenced, the gathered output vector included.

// arena returns the frame's arena for the chunk being evaluated.
func (fr *frame) arena() *rt.Arena {
	if fr.strs == nil {
		fr.strs = rt.NewArena(fr.n)
	}
	return fr.strs
}

// arenaKernel is the vector form of sig's kernel through its arena method,
// or nil when it has none.
func arenaKernel(sig *ir.Signature) func(fr *frame, sel []int32, args []any) any {
	if sig.KernelPkg != "" || len(sig.KernelArgs) > 0 || sig.KernelZone != "" || sig.KernelClock {
		return nil
	}
	switch sig.Kernel {
	case "Upper":
		return arena1(func(a *rt.Arena) func(string) string { return a.Upper })
	case "Lower":
		return arena1(func(a *rt.Arena) func(string) string { return a.Lower })
	case "CastInt64ToString":
		return arena1(func(a *rt.Arena) func(int64) string { return a.CastInt64ToString })
	case "CastInt32ToString":
		return arena1(func(a *rt.Arena) func(int32) string { return a.CastInt32ToString })
	case "Concat2":
		return func(fr *frame, sel []int32, args []any) any {
			a, ok1 := args[0].(vec.Arg[string])
			b, ok2 := args[1].(vec.Arg[string])
			if !ok1 || !ok2 {
				return nil
			}
			r := vec.Map2(sel, fr.n, a, b, fr.arena().Concat2)
			return &r
		}
	case "Concat":
		return concatN
	}
	return nil
}

// arena1 is a unary arena method as a vector kernel.
func arena1[A any](method func(*rt.Arena) func(A) string) func(fr *frame, sel []int32, args []any) any {
	return func(fr *frame, sel []int32, args []any) any {
		a, ok := args[0].(vec.Arg[A])
		if !ok {
			return nil
		}
		r := vec.Map1(sel, fr.n, a, method(fr.arena()))
		return &r
	}
}

// concatN is concat over any number of strings, under the strict rules.
func concatN(fr *frame, sel []int32, args []any) any {
	as := make([]vec.Arg[string], len(args))
	flags := make([]vec.Flags, len(args))
	for i, x := range args {
		a, ok := x.(vec.Arg[string])
		if !ok {
			return nil
		}
		as[i], flags[i] = a, a.Flags()
	}
	res := vec.Make[string](fr.n)
	vec.Strict(&res, sel, fr.n, flags...)
	parts := make([]string, len(as))
	ar := fr.arena()
	for k, cnt := 0, vec.Sel(sel).Rows(fr.n); k < cnt; k++ {
		i := vec.Sel(sel).Row(k)
		if res.Dirty(i) {
			continue
		}
		for j := range as {
			parts[j] = as[j].At(i)
		}
		res.V[i] = ar.Concat(parts...)
	}
	return &res
}
