package functions

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/exprc/exprc/ir"
)

// resolveOverloads returns a Resolve that picks the first overload, in the order
// given, whose parameters every argument widens to (ir.Widens: INT -> BIGINT ->
// DOUBLE, and an untyped NULL to anything). Overload lists are ordered narrowest
// first, so add(INT, BIGINT) resolves to add(BIGINT, BIGINT) and add(INT, NULL)
// to add(INT, INT), the "most natural" overload for a NULL literal.
func resolveOverloads(name string, sigs []*ir.Signature) func([]ir.Type) (*ir.Signature, error) {
	return func(args []ir.Type) (*ir.Signature, error) {
		arityOK := false
		allNull := true
		for _, a := range args {
			allNull = allNull && a.Kind == ir.KindNull
		}
		for _, s := range sigs {
			if len(s.Params) != len(args) {
				continue
			}
			arityOK = true
			if allNull && len(args) > 0 && narrowParams(s.Params) {
				// NULL literals alone take the INT overload, as before the
				// narrow types: TINYINT is no more natural for them.
				continue
			}
			if widensAll(args, s.Params) {
				return s, nil
			}
		}
		if !arityOK {
			return nil, arityError(name, len(args), arities(sigs))
		}
		return nil, noOverload(name, args, synopsis(name, sigs))
	}
}

// narrowParams reports whether an overload takes a TINYINT, SMALLINT or
// FLOAT.
func narrowParams(params []ir.Type) bool {
	for _, p := range params {
		switch p.Kind {
		case ir.KindTinyint, ir.KindSmallint, ir.KindFloat:
			return true
		}
	}
	return false
}

func widensAll(args, params []ir.Type) bool {
	for i, a := range args {
		if !ir.Widens(a, params[i]) {
			return false
		}
	}
	return true
}

func arities(sigs []*ir.Signature) []int {
	seen := map[int]bool{}
	var out []int
	for _, s := range sigs {
		if !seen[len(s.Params)] {
			seen[len(s.Params)] = true
			out = append(out, len(s.Params))
		}
	}
	sort.Ints(out)
	return out
}

// arityError is the message for a call with the wrong number of arguments:
// "wrong number of arguments for substring: got 4, want 2 or 3".
func arityError(name string, got int, want []int) error {
	ws := make([]string, len(want))
	for i, w := range want {
		ws[i] = strconv.Itoa(w)
	}
	return fmt.Errorf("wrong number of arguments for %s: got %d, want %s", name, got, orList(ws))
}

// minArityError is arityError for variadic functions.
func minArityError(name string, got, min int) error {
	return fmt.Errorf("wrong number of arguments for %s: got %d, want at least %d", name, got, min)
}

// noOverload is the message for arguments of the wrong types:
// "function abs does not accept (VARCHAR); expected one of: abs(INT) -> INT, ...".
func noOverload(name string, args []ir.Type, expected []string) error {
	return fmt.Errorf("function %s does not accept %s; expected one of: %s",
		name, typeList(args), strings.Join(expected, ", "))
}

func orList(ws []string) string {
	switch len(ws) {
	case 0:
		return "none"
	case 1:
		return ws[0]
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// typeList prints argument types as "(INT, VARCHAR)".
func typeList(ts []ir.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// synopsis renders each overload as "name(P1, P2) -> R".
func synopsis(name string, sigs []*ir.Signature) []string {
	out := make([]string, len(sigs))
	for i, s := range sigs {
		out[i] = name + typeList(s.Params) + " -> " + s.Ret.String()
	}
	return out
}

// commonScalar finds the type a set of arguments is compared or combined in
// (ir.CommonType). An all-NULL argument list gets INT, a concrete type the
// generated code can hold; the kernel never runs on it anyway.
func commonScalar(what string, args []ir.Type) (ir.Type, error) {
	for _, a := range args {
		if a.Kind == ir.KindMap {
			return ir.Type{}, fmt.Errorf("cannot %s %s: MAP values are not comparable", what, a)
		}
	}
	t, ok := ir.CommonType(args...)
	if !ok {
		list := strings.Trim(typeList(args), "()")
		if len(args) == 2 {
			list = args[0].String() + " with " + args[1].String()
		}
		return ir.Type{}, fmt.Errorf("cannot %s %s: the types have no common type (the implicit conversions are in docs/semantics.md section 2.1); use CAST",
			what, list)
	}
	if t.Kind == ir.KindNull {
		t = ir.TypeInt
	}
	return t, nil
}

// repeat returns n copies of t, the Params of a call resolved to one common type.
func repeat(t ir.Type, n int) []ir.Type {
	out := make([]ir.Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}
