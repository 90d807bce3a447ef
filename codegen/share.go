package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/cse"
)

// A scope is the set of shared subexpressions computed on a superset of the rows
// the code being emitted runs on. Entering a region (a branch of a conditional,
// an AND operand after the first, the rows a lazy computation fills in) pushes a
// scope; what is computed inside is forgotten when it is left, because it covers
// only that region's rows.
type scope map[int]string

func (f *funcGen) enter(r *cse.Region, sel string) {
	f.scopes = append(f.scopes, scope{})
	if r == nil {
		return
	}
	for _, s := range r.Hoists {
		if _, ok := f.available(s.ID); ok || f.absorbed[s.ID] != nil || f.recomputed[s.ID] {
			continue
		}
		f.add(jen.Comment("shared (" + s.Decision.String() + "): " + comment(s.SQL)))
		var name string
		if s.Memo {
			name = f.ensure(s, sel)
		} else {
			name = f.vector(f.emitNode(s.Expr, sel), sel)
		}
		f.setAvailable(s.ID, name)
	}
}

func (f *funcGen) exit(n int) { f.scopes = f.scopes[:len(f.scopes)-n] }

func (f *funcGen) available(id int) (string, bool) {
	for i := len(f.scopes) - 1; i >= 0; i-- {
		if name, ok := f.scopes[i][id]; ok {
			return name, true
		}
	}
	return "", false
}

func (f *funcGen) setAvailable(id int, name string) {
	f.scopes[len(f.scopes)-1][id] = name
}

// memoVars are the vector and done mask of a lazily shared subexpression.
type memoVars struct{ vals, done string }

// ensure computes shared subexpression s on the rows of sel it has not been
// computed on yet, and returns the memo vector that then holds it for all of
// sel's rows.
func (f *funcGen) ensure(s *cse.Shared, sel string) string {
	m, ok := f.memos[s.ID]
	if !ok {
		base := "shared" + itoa(s.ID)
		m = memoVars{vals: f.fresh(base), done: f.fresh(base + "Done")}
		f.memos[s.ID] = m
		f.add(jen.Comment("lazily shared: "+comment(s.SQL)),
			jen.Id(m.vals).Op(":=").Qual(vecPkg, "Make").Types(goType(s.Expr.Type())).Call(jen.Id("n")),
			jen.Id(m.done).Op(":=").Make(jen.Index().Bool(), jen.Id("n")))
	}
	todo := f.fresh("todo")
	f.add(jen.Id(todo).Op(":=").Qual(vecPkg, "Missing").Call(jen.Id(m.done), jen.Id(sel), jen.Id("n")))
	f.enter(nil, todo)
	o := f.emitNode(s.Expr, todo)
	f.exit(1)
	f.mergeInto(m.vals, o, todo)
	return m.vals
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// regionOf returns the WHERE or the outputs root region of a plan (nil without
// one).
func regionOf(p *cse.Plan, where bool) *cse.Region {
	switch {
	case p == nil:
		return nil
	case where:
		return p.Where
	}
	return p.Outputs
}
