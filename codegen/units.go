package codegen

import (
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// A query's code is split into functions of its own: one per shared
// subexpression computed before the clauses (a hoist), one for the WHERE
// clause and one per output column (a unit each), called in order from the
// query function, which keeps the batch-wide work: reading the input
// columns, the first error, the selection and the output batch. The Go
// compiler's time and memory grow faster than linearly in the size of a
// function, so a query of twenty columns compiles as twenty small functions
// in a fraction of what one function of their total size would take; and a
// reader finds an output column's code under its SQL.
//
// A unit's parameters are the variables of the query function it reads (an
// input column, a selection, a vector an earlier unit computed), found as
// the unit is printed; its results are its value and what later units read
// of what it computed (a shared subexpression computed at its first use,
// read again by a later column). Both are only known once every unit is
// printed, so the calls and the return statements are filled in last.

// unit is one function of a query being printed.
type unit struct {
	name   string
	sql    string // what it computes
	helper string // the name of a helper that has its code (dedupe.go)
	doc    []jen.Code
	params []string        // variables of the query function it reads, in first-use order
	seen   map[string]bool // params, as a set
	stmts  []jen.Code
	// result is the unit's value (a local of the unit) and resultT its Go
	// type; bind the query function's variable receiving it.
	result, bind string
	resultT      jen.Code
	// exports are locals later units read: returned after the value.
	exports []string
	// call is the query function's statement calling the unit, and ret its
	// return statement, both completed by finishUnits.
	call, ret *jen.Statement
}

// scopeVar is a variable of the query function units may read: its Go type,
// and the unit that computes it (nil: the query function itself).
type scopeVar struct {
	t     jen.Code
	owner *unit
}

// declare records a variable of the query function (or, with f.unit set, a
// local of the unit being printed that a later unit may read).
func (f *funcGen) declare(name string, t jen.Code) {
	if f.scope == nil {
		return
	}
	f.scope[name] = &scopeVar{t: t, owner: f.unit}
}

// declareOuter records a variable the query function declares.
func (f *funcGen) declareOuter(name string, t jen.Code) {
	if f.scope == nil {
		return
	}
	f.scope[name] = &scopeVar{t: t}
}

// use records that the code being printed reads variable name (a vector
// name such as "(*shared3)" reads shared3): a unit takes it as a parameter,
// and a unit that computed it returns it.
func (f *funcGen) use(name string) {
	u := f.unit
	if u == nil {
		return
	}
	name = baseName(name)
	v, ok := f.scope[name]
	if !ok || v.owner == u || u.seen[name] {
		return
	}
	if v.owner != nil && v.owner != u {
		v.owner.exports = append(v.owner.exports, name)
		v.owner = nil // the query function declares it from the call
	}
	u.seen[name] = true
	u.params = append(u.params, name)
}

// baseName is the variable a vector name reads: (*shared3) is shared3.
func baseName(v string) string {
	return strings.TrimSuffix(strings.TrimPrefix(v, "(*"), ")")
}

// beginUnit starts printing unit name; its statements go to the unit until
// endUnit.
func (f *funcGen) beginUnit(name, what, sql, helper string) {
	name = f.file.global(f, name)
	f.unit = &unit{name: name, sql: sql, helper: helper, doc: unitDoc(name, what, sql), seen: map[string]bool{}}
	f.outerStmts, f.stmts = f.stmts, nil
	f.use("n")
}

// hoistUnits prints each shared subexpression computed at the start of the
// WHERE clause or of the output columns as a unit.
func (f *funcGen) hoistUnits(ns []*lower.Node, lname, qname, rows string) {
	for _, n := range ns {
		unit := lname + "Shared" + itoa(n.Shared.ID)
		f.beginUnit(unit, "computes a shared subexpression of query "+comment(qname)+" "+rows+" ("+n.Shared.Decision.String()+"):", n.Shared.SQL, exprBase(n.Expr)+"Shared")
		o := f.emit(n)
		f.done[n] = operand{t: o.t, vec: f.endUnit(f.vector(o, ""), vecType(n.Expr.Type()))}
	}
}

// unitDoc is the doc comment of unit name: what it computes, then the SQL.
func unitDoc(name, what, sql string) []jen.Code {
	doc := []jen.Code{jen.Comment(name + " " + what), jen.Comment("")}
	for _, line := range splitLines(sql) {
		doc = append(doc, jen.Comment("\t"+comment(line)))
	}
	return doc
}

// vecType is the Go type of a vector of t.
func vecType(t ir.Type) jen.Code { return jen.Qual(vecPkg, "Vec").Types(goType(t)) }

// endUnit finishes the unit whose value is variable v of Go type t (a
// vector, or an output column's Arrow array) and returns the query
// function's variable that receives it (named bind when given).
func (f *funcGen) endUnit(v string, t jen.Code, bind ...string) string {
	u := f.unit
	f.use(v)
	u.stmts = f.stmts
	u.result = v
	u.resultT = t
	u.bind = v
	switch {
	case len(bind) > 0 && bind[0] == "sel":
		u.bind = "sel" // the WHERE clause's selection: reserved, read by that name
	case len(bind) > 0:
		u.bind = f.fresh(bind[0])
	case strings.HasPrefix(v, "(*"):
		u.bind = f.fresh(baseName(v))
	default:
		if s, ok := f.scope[v]; ok && s.owner != u {
			// the value is a vector the query function has already: a new name
			u.bind = f.fresh(v)
		}
	}
	u.ret = jen.Null()
	u.stmts = append(u.stmts, u.ret)
	u.call = jen.Null()
	f.stmts = append(f.outerStmts, u.call)
	f.units = append(f.units, u)
	f.unit = nil
	f.declare(u.bind, u.resultT)
	return u.bind
}

// finishUnits completes the calls and returns of the units and returns
// their declarations.
func (f *funcGen) finishUnits() []jen.Code {
	var decls []jen.Code
	f.file.units = nil
	for _, u := range f.units {
		f.file.units = append(f.file.units, unitMeta{name: u.name, sql: u.sql, helper: u.helper})
		params := make([]jen.Code, len(u.params))
		args := make([]jen.Code, len(u.params))
		for i, p := range u.params {
			params[i] = jen.Id(p).Add(f.scope[p].t)
			args[i] = jen.Id(p)
		}
		rets := []jen.Code{jen.Id(u.result)}
		binds := []jen.Code{jen.Id(u.bind)}
		types := []jen.Code{u.resultT}
		for _, x := range u.exports {
			rets = append(rets, jen.Id(x))
			binds = append(binds, jen.Id(x))
			types = append(types, f.scope[x].t)
		}
		u.ret.Return(rets...)
		u.call.List(binds...).Op(":=").Id(u.name).Call(args...)
		decls = append(decls, u.doc...)
		decls = append(decls, jen.Func().Id(u.name).Params(params...).Params(types...).Block(u.stmts...), jen.Line())
	}
	return decls
}

// addr is the Go expression of a pointer to vector variable v: a memo the
// units share is a pointer already ((*shared3) is shared3).
func addr(v string) *jen.Statement {
	if strings.HasPrefix(v, "(*") {
		return jen.Id(baseName(v))
	}
	return jen.Op("&").Id(v)
}

// exprBase names what e computes, for the name of a helper that computes
// it (dedupe.go).
func exprBase(e ir.Expr) string {
	switch e.(type) {
	case *ir.If:
		return "ifThen"
	case *ir.Case:
		return "caseWhen"
	case *ir.Coalesce:
		return "coalesce"
	case *ir.IsNull:
		return "isNull"
	case *ir.Call, *ir.And, *ir.Or, *ir.Between, *ir.In:
		return rootName(e)
	}
	return "value"
}
