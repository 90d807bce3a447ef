package cse

import "github.com/exprc/exprc/ir"

// Cheap reports whether e is a few fixed-width operations that cannot fail
// (templates/rt kernels over columns and constants, eight nodes at most).
// Such an expression decided "always" is still computed once per row by the
// query as planned, but code generation may compute it inside each fused row
// loop that uses it rather than write a vector of it and read it back, which
// costs more than the operations themselves; evaluating it twice is not
// observable (it is pure and cannot fail).
func Cheap(e ir.Expr) bool {
	nodes := 0
	var walk func(e ir.Expr) bool
	walk = func(e ir.Expr) bool {
		if nodes++; nodes > 8 {
			return false
		}
		switch e := e.(type) {
		case *ir.Const:
			return e.Err == nil && e.V != nil && fixedWidth(e.T)
		case *ir.ColumnRef:
			return fixedWidth(e.T)
		case *ir.Call:
			if e.Sig.Kernel == "" || e.Sig.KernelErr || e.Sig.KernelPkg != "" || !fixedWidth(e.Sig.Ret) {
				return false
			}
			for _, a := range e.Args {
				if !walk(a) {
					return false
				}
			}
			return true
		}
		return false
	}
	return walk(e)
}

func fixedWidth(t ir.Type) bool {
	switch t.Kind {
	case ir.KindBigint, ir.KindInt, ir.KindDouble, ir.KindDate, ir.KindBoolean:
		return true
	}
	return false
}
