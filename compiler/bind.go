package compiler

import (
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
)

// binder resolves names and types across all files of a Program: tables from
// any file are visible to queries in every file, and names are unique across
// files. Identifiers match case-insensitively (as in Spark); a name keeps the
// spelling of its declaration.
type binder struct {
	files   []*ast.File
	errs    diag.List
	tables  []*ir.Table
	queries []*ir.Query

	tableByName map[string]*ir.Table
	tablePos    map[string]diag.Pos
	queryPos    map[string]diag.Pos
	// tableNames lists every declared table as spelled, for "did you mean".
	tableNames []string
	// zone is the session time zone of the query being bound ("UTC" when
	// its file sets none): the zone of its TIMESTAMP literals and casts.
	zone string
	// intervalZones are the zones of the SET TIME ZONE INTERVAL statements
	// resolved so far ("" for one that failed, reported once).
	intervalZones map[*ast.Literal]string
}

func newBinder() *binder {
	return &binder{
		tableByName:   map[string]*ir.Table{},
		tablePos:      map[string]diag.Pos{},
		queryPos:      map[string]diag.Pos{},
		intervalZones: map[*ast.Literal]string{},
	}
}

// bindAll binds every table, then every query. Each statement reports at
// most one error, its first in the source (docs/errors.md), and a statement
// reading a table whose definition failed reports none: such a table is
// declared (tablePos) but not bound (tableByName), and lookups stay silent.
func (b *binder) bindAll() {
	for _, f := range b.files {
		for _, t := range f.Tables {
			n := len(b.errs)
			b.bindTable(t)
			b.keepFirst(n)
		}
	}
	// A CREATE TABLE that did not parse (the parser reported why) declares its
	// name after the tables that did, so that a valid definition of the same
	// name is the one queries read, and no duplicate is reported on top.
	for _, f := range b.files {
		for _, id := range f.FailedTables {
			key := strings.ToLower(id.Name)
			if _, dup := b.tablePos[key]; !dup {
				b.tablePos[key] = id.Pos
				b.tableNames = append(b.tableNames, id.Name)
			}
		}
	}
	for _, f := range b.files {
		for _, lit := range f.ZoneIntervals {
			b.intervalZones[lit] = b.intervalZone(lit)
		}
	}
	for _, f := range b.files {
		for _, q := range f.Queries {
			n := len(b.errs)
			b.bindQuery(q)
			b.keepFirst(n)
		}
	}
}

// keepFirst keeps, of the errors reported since b.errs had n, only the first
// in the source: the others in the same statement are most often its
// consequences, and the first is the one to fix.
func (b *binder) keepFirst(n int) {
	if len(b.errs) > n+1 {
		b.errs[n:].Sort()
		b.errs = b.errs[:n+1]
	}
}

func (b *binder) bindTable(ct *ast.CreateTable) {
	key := strings.ToLower(ct.Name.Name)
	if prev, dup := b.tablePos[key]; dup {
		b.errs.Add(ct.Name.Pos, diag.Name, "table %s is already defined at %s", ct.Name.Name, prev)
		return
	}
	b.tablePos[key] = ct.Name.Pos
	b.tableNames = append(b.tableNames, ct.Name.Name)
	t := &ir.Table{Name: ct.Name.Name}
	seen := map[string]diag.Pos{}
	ok := true
	for _, c := range ct.Columns {
		ck := strings.ToLower(c.Name.Name)
		if prev, dup := seen[ck]; dup {
			b.errs.Add(c.Name.Pos, diag.Name, "column %s is already defined at %s", c.Name.Name, prev)
			ok = false
			continue
		}
		seen[ck] = c.Name.Pos
		typ, tok := b.bindType(c.Type)
		if !tok {
			ok = false
			continue
		}
		t.Columns = append(t.Columns, ir.Column{Name: c.Name.Name, Type: typ, Nullable: !c.NotNull})
	}
	if len(ct.Columns) == 0 {
		b.errs.Add(ct.Name.Pos, diag.Syntax, "table %s has no columns", ct.Name.Name)
		ok = false
	}
	if ok {
		b.tables = append(b.tables, t)
		b.tableByName[key] = t
	}
}

// scope is what names in a query's expressions can see: the one scanned table,
// under its name or its alias.
type scope struct {
	table *ir.Table
	names []string // the name the table may be qualified with, as written in FROM
	// parent is the enclosing scope of a subquery (nil for a query); sub
	// collects the subquery's outer references (bindsub.go).
	parent *scope
	sub    *subCtx
}

func (b *binder) bindQuery(q *ast.Query) {
	key := strings.ToLower(q.Name.Name)
	if prev, dup := b.queryPos[key]; dup {
		b.errs.Add(q.Name.Pos, diag.Name, "query %s is already defined at %s", q.Name.Name, prev)
		return
	}
	b.queryPos[key] = q.Name.Pos
	sel := q.Select
	if sel.From == nil {
		b.errs.Add(sel.Pos, diag.Syntax, "query %s has no FROM clause", q.Name.Name)
		return
	}
	tkey := strings.ToLower(sel.From.Name.Name)
	t := b.tableByName[tkey]
	if t == nil {
		if _, declared := b.tablePos[tkey]; !declared {
			b.errs.Add(sel.From.Name.Pos, diag.Name, "unknown table %s%s", sel.From.Name.Name,
				didYouMean(sel.From.Name.Name, b.tableNames))
		}
		return
	}
	sc := &scope{table: t, names: []string{fromName(sel.From)}}
	b.zone = q.Zone
	if q.ZoneInterval != nil {
		z := b.intervalZones[q.ZoneInterval] // (bindAll resolved each)
		if z == "" {
			return // (reported at the statement)
		}
		b.zone = z
	}
	if b.zone == "" {
		b.zone = "UTC"
	}
	out := &ir.Query{Name: q.Name.Name, SQL: q.Text, Source: t, Zone: b.zone}
	ok := true
	if sel.Where != nil {
		w, wok := b.bindExpr(sel.Where, sc)
		if wok {
			w, wok = b.coerce(w, ir.TypeBoolean, sel.Where.Position(), "WHERE clause")
		}
		if wok {
			out.Filter = interp.Fold(w)
			out.FilterSQL = ast.Format(sel.Where)
		}
		ok = ok && wok
	}
	names := map[string]diag.Pos{}
	addOutput := func(pos diag.Pos, name string, e ir.Expr, sql string) {
		lk := strings.ToLower(name)
		if prev, dup := names[lk]; dup {
			b.errs.Add(pos, diag.Name, "duplicate output column name %s (also at %s); add an alias with AS", name, prev)
			ok = false
			return
		}
		names[lk] = pos
		if e.Type().Kind == ir.KindNull {
			// An untyped NULL column has no Arrow representation of its own; give it
			// the most general scalar type.
			// (raise_error and assert_true are of the NULL type too: retype keeps
			// their error).
			r, rok := b.retype(e, ir.TypeVarchar, pos)
			if !rok {
				ok = false
				return
			}
			e = r
		}
		out.Outputs = append(out.Outputs, ir.Output{Name: name, Expr: interp.Fold(e), SQL: sql})
	}
	for _, item := range sel.Items {
		if star, isStar := item.Expr.(*ast.Star); isStar {
			if star.Table != nil && !sc.visibleAs(star.Table.Name) {
				b.errs.Add(star.Table.Pos, diag.Name, "unknown table %s in %s.*%s", star.Table.Name, star.Table.Name,
					didYouMean(star.Table.Name, sc.names))
				ok = false
				continue
			}
			for i, c := range t.Columns {
				addOutput(item.Pos, c.Name, &ir.ColumnRef{Index: i, Name: c.Name, T: c.Type, Nullable: c.Nullable}, ir.QuoteIdent(c.Name))
			}
			continue
		}
		e, eok := b.bindExpr(item.Expr, sc)
		if !eok {
			ok = false
			continue
		}
		addOutput(item.Pos, outputName(item, e), e, item.Text)
	}
	if ok {
		b.queries = append(b.queries, out)
	}
}

// outputName is the alias, or the column's own name for a plain column
// reference, or else the expression's SQL text (as Spark names such columns).
func outputName(item *ast.SelectItem, e ir.Expr) string {
	if item.Alias != nil {
		return item.Alias.Name
	}
	if c, ok := item.Expr.(*ast.ColumnRef); ok {
		if col, ok := e.(*ir.ColumnRef); ok {
			return col.Name
		}
		return c.Column.Name
	}
	return strings.TrimSpace(item.Text)
}

func (s *scope) visibleAs(name string) bool {
	for _, n := range s.names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// fromName is the name a FROM clause makes its table visible as: the alias
// when there is one, else the table's name.
func fromName(from *ast.TableRef) string {
	if from.Alias != nil {
		return from.Alias.Name
	}
	return from.Name.Name
}
