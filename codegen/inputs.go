package codegen

import (
	"fmt"
	"go/token"
	"slices"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
)

// tableNames are the exported Go names of a table's input schema and
// builder.
type tableNames struct {
	schema, builder, ctor string
}

func namesOfTable(t *ir.Table) tableNames {
	base := GoName(t.Name, true) + "Input"
	return tableNames{schema: base + "Schema", builder: base + "Builder", ctor: "New" + base + "Builder"}
}

// tablesOf lists the tables the queries of prog read, as outer table or as
// the inner table of a subquery, in the order of first use. A table read
// under one name with two column lists is a bug upstream (a spec declares a
// table once), reported rather than printed as two schemas under one name.
func tablesOf(prog *lower.Program) ([]*ir.Table, error) {
	var tables []*ir.Table
	seen := map[string]*ir.Table{}
	add := func(t *ir.Table) error {
		prev, ok := seen[t.Name]
		if !ok {
			seen[t.Name] = t
			tables = append(tables, t)
			return nil
		}
		if !sameColumns(prev.Columns, t.Columns) {
			return fmt.Errorf("codegen: table %s is read with two different column lists", t.Name)
		}
		return nil
	}
	for _, pq := range prog.Queries {
		if err := add(pq.IR.Source); err != nil {
			return nil, err
		}
		if pq.Prepared != nil {
			for _, p := range pq.Prepared.Passes {
				if err := add(p.Table); err != nil {
					return nil, err
				}
			}
		}
	}
	return tables, nil
}

// sameColumns reports whether two column lists declare the same columns.
func sameColumns(a, b []ir.Column) bool {
	return slices.EqualFunc(a, b, func(x, y ir.Column) bool {
		return x.Name == y.Name && x.Nullable == y.Nullable && x.Type.String() == y.Type.String()
	})
}

// tableInputs emits, for each table query pq reads that no query printed
// before read, its exported input schema and typed batch builder.
func (fg *fileGen) tableInputs(pq *lower.Query) []jen.Code {
	tables := []*ir.Table{pq.IR.Source}
	if pq.Prepared != nil {
		for _, p := range pq.Prepared.Passes {
			tables = append(tables, p.Table)
		}
	}
	var code []jen.Code
	for _, t := range tables {
		if _, done := fg.inputs[t.Name]; done {
			continue
		}
		names := namesOfTable(t)
		fg.inputs[t.Name] = names.schema
		code = append(code, inputSchema(t, names)...)
		code = append(code, inputBuilder(t, names)...)
	}
	return code
}

// inputSchema declares the exported Arrow schema of table t's batches.
func inputSchema(t *ir.Table, names tableNames) []jen.Code {
	doc := fmt.Sprintf("%s is the Arrow schema of the batches of table %s that the evaluators of this package read, "+
		"in the spec's column order: every input batch must have exactly these fields and types "+
		"(a NOT NULL column may not hold NULLs). %s builds such batches from Go values.", names.schema, comment(t.Name), names.ctor)
	return append(docLines(doc), jen.Var().Id(names.schema).Op("=").Add(schemaLit(t.Columns)), jen.Line())
}

// inputBuilder declares the typed batch builder of table t: one Append
// method per column taking the Go type a caller holds, and one AppendXNull
// per nullable column, over vec.InputBuilder.
func inputBuilder(t *ir.Table, names tableNames) []jen.Code {
	const b = "b"
	tbl := comment(t.Name)
	code := docLines(fmt.Sprintf("%s builds input batches of table %s (%s) row by row: give every column of a row one value, "+
		"with its Append method (or, in a nullable column, its AppendNull method for NULL), then NewRecordBatch "+
		"returns the rows as one batch. It converts Go values to the Arrow types the evaluators expect: a DATE "+
		"from a time.Time's calendar day, a DECIMAL from its exact text, a MAP from slices of keys and values. "+
		"It is not safe for concurrent use.", names.builder, tbl, names.schema))
	code = append(code,
		jen.Type().Id(names.builder).Struct(jen.Id(b).Op("*").Qual(vecPkg, "InputBuilder")),
		jen.Line(),
		jen.Comment(fmt.Sprintf("%s returns an empty builder of batches of table %s allocating from mem.", names.ctor, tbl)),
		jen.Comment("Release it when done."),
		jen.Func().Id(names.ctor).Params(jen.Id("mem").Qual(memoryPkg, "Allocator")).Op("*").Id(names.builder).Block(
			jen.Return(jen.Op("&").Id(names.builder).Values(jen.Id(b).Op(":").Qual(vecPkg, "NewInputBuilder").Call(
				jen.Id("mem"), jen.Lit(t.Name), jen.Id(names.schema))))),
		jen.Line(),
	)
	var methods namer
	methods.fresh("NewRecordBatch")
	methods.fresh("Release")
	recvr := jen.Id(b).Op("*").Id(names.builder)
	for i, c := range t.Columns {
		col := exportedCamel(c.Name)
		decl := comment(c.Name) + " (" + c.Type.String()
		if !c.Nullable {
			decl += " NOT NULL"
		}
		decl += ")"
		appendName := methods.fresh("Append" + col)
		var doc string
		var params []jen.Code
		var body jen.Code
		if c.Type.Kind == ir.KindMap {
			doc = fmt.Sprintf("%s appends to column %s the map with entries keys[i] -> values[i], in that order; keys must be distinct and as many as values, or NewRecordBatch fails.", appendName, decl)
			params = []jen.Code{jen.Id("keys").Index().Add(inputGoType(*c.Type.Key)), jen.Id("values").Index().Add(inputGoType(*c.Type.Value))}
			body = jen.Qual(vecPkg, "AppendMapInput").Call(jen.Id(b).Dot(b), jen.Lit(i), jen.Id("keys"), jen.Id("values"))
		} else {
			k := kinds.Of(c.Type)
			switch c.Type.Kind {
			case ir.KindDate:
				doc = fmt.Sprintf("%s appends to column %s the calendar day of v in v's location.", appendName, decl)
			case ir.KindDecimal:
				doc = fmt.Sprintf("%s appends to column %s the value of decimal text v (\"12.50\", \"-3\", \"1e2\"), read as CAST(v AS %s) reads it: more fractional digits are rounded HALF_UP, malformed or out-of-range text makes NewRecordBatch fail.", appendName, decl, c.Type)
			default:
				doc = fmt.Sprintf("%s appends v to column %s.", appendName, decl)
			}
			params = []jen.Code{jen.Id("v").Add(inputGoType(c.Type))}
			body = jen.Id(b).Dot(b).Dot(k.InputMethod).Call(jen.Lit(i), jen.Id("v"))
		}
		code = append(code, docLines(doc)...)
		code = append(code, jen.Func().Params(recvr.Clone()).Id(appendName).Params(params...).Block(body), jen.Line())
		if c.Nullable {
			nullName := methods.fresh("Append" + col + "Null")
			code = append(code,
				jen.Comment(fmt.Sprintf("%s appends NULL to column %s.", nullName, decl)),
				jen.Func().Params(recvr.Clone()).Id(nullName).Params().Block(jen.Id(b).Dot(b).Dot("Null").Call(jen.Lit(i))), jen.Line())
		}
	}
	code = append(code, docLines(fmt.Sprintf("NewRecordBatch returns the rows appended since the last call as one batch of %s and "+
		"starts the next batch. A row that lacks a column's value, or a value that could not be converted, is a "+
		"*vec.InputError naming the row (from 0 within the batch) and column; the rows are dropped.", names.schema))...)
	return append(code,
		jen.Func().Params(recvr.Clone()).Id("NewRecordBatch").Params().Params(jen.Qual(arrowPkg, "RecordBatch"), jen.Error()).Block(
			jen.Return(jen.Id(b).Dot(b).Dot("NewRecordBatch").Call())),
		jen.Line(),
		jen.Comment("Release frees the builder's memory, with the rows not yet returned by NewRecordBatch."),
		jen.Func().Params(recvr.Clone()).Id("Release").Params().Block(jen.Id(b).Dot(b).Dot("Release").Call()),
		jen.Line(),
	)
}

// inputGoType is the Go type a builder's Append method takes for a value of
// scalar type t (kinds.Info.InputType).
func inputGoType(t ir.Type) jen.Code {
	k := kinds.Of(t)
	if k.InputPkg != "" {
		return jen.Qual(k.InputPkg, k.InputType)
	}
	return jen.Id(k.InputType)
}

// exportedCamel is a column name as the exported CamelCase part of a method
// name (l_extendedprice -> LExtendedprice).
func exportedCamel(sql string) string {
	c := camel(sql)
	if base := strings.TrimSuffix(c, "_"); base != c && (token.IsKeyword(base) || predeclared[base]) {
		c = base // GoName's escape of a keyword, which the capital letter makes needless
	}
	r := []rune(c)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// docLines wraps a doc comment at about 90 columns.
func docLines(doc string) []jen.Code {
	var out []jen.Code
	line := ""
	for _, w := range strings.Fields(doc) {
		if line != "" && len(line)+1+len(w) > 90 {
			out = append(out, jen.Comment(line))
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(out, jen.Comment(line))
}
