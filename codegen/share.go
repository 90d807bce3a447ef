package codegen

import (
	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// hoists prints the shared subexpressions computed at the start of a region.
func (f *funcGen) hoists(ns []*lower.Node) {
	for _, n := range ns {
		f.add(jen.Comment("shared (" + n.Shared.Decision.String() + "): " + comment(n.Shared.SQL)))
		f.emit(n)
	}
}

// memoVars are the vector and done mask of a lazily shared subexpression.
type memoVars struct{ vals, done string }

// ensure prints the computation of a lazily shared subexpression on the rows
// of its selection it has not been computed on yet, and returns the memo
// vector that then holds it for all of them.
func (f *funcGen) ensure(n *lower.Node) operand {
	s := n.Shared
	m := f.memoFor(s.ID, s.Expr, s.SQL)
	todo := f.fresh("todo")
	f.sels[n.Args[0].Sel] = todo
	f.add(jen.Id(todo).Op(":=").Qual(vecPkg, "Missing").Call(jen.Id(m.done), jen.Id(f.sel(n.Sel)), jen.Id("n")))
	f.mergeInto(m.vals, f.emit(n.Args[0]), todo)
	return operand{t: n.Expr.Type(), vec: m.vals}
}

// memoFor returns the memo of lazily shared subexpression id (expr, written
// sql), declaring it on first use, and notes that the code being printed
// reads it.
func (f *funcGen) memoFor(id int, expr ir.Expr, sql string) memoVars {
	m, ok := f.memos[id]
	if !ok {
		base := "shared" + itoa(id)
		m = memoVars{vals: f.fresh(base), done: f.fresh(base + "Done")}
		f.memos[id] = m
		t := goType(expr.Type())
		if f.scope == nil {
			// shared3 := vec.Memo[T](n)
			// shared3Done := make([]bool, n)
			f.add(jen.Comment("lazily shared: "+comment(sql)),
				jen.Id(m.vals).Op(":=").Qual(vecPkg, "Memo").Types(t).Call(jen.Id("n")),
				jen.Id(m.done).Op(":=").Make(jen.Index().Bool(), jen.Id("n")))
		} else {
			// Units share the memo: the query function holds it, and they
			// write it through its pointer.
			// shared3 := vec.New[T](n)
			f.prologue = append(f.prologue, jen.Comment("lazily shared: "+comment(sql)),
				jen.Id(m.vals).Op(":=").Qual(vecPkg, "New").Types(t).Call(jen.Id("n")),
				jen.Id(m.done).Op(":=").Make(jen.Index().Bool(), jen.Id("n")))
			f.declareOuter(m.vals, jen.Op("*").Qual(vecPkg, "Vec").Types(t))
			f.declareOuter(m.done, jen.Index().Bool())
			m.vals = "(*" + m.vals + ")"
			f.memos[id] = m
		}
	}
	f.use(m.vals)
	f.use(m.done)
	return m
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
