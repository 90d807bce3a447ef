package parser

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
)

// typeAliases maps accepted type spellings (upper-cased) to canonical names.
var typeAliases = map[string]string{
	"BOOLEAN": ast.TypeBoolean, "BOOL": ast.TypeBoolean,
	"TINYINT": ast.TypeTinyint, "BYTE": ast.TypeTinyint,
	"SMALLINT": ast.TypeSmallint, "SHORT": ast.TypeSmallint,
	"FLOAT": ast.TypeFloat, "REAL": ast.TypeFloat,
	"BINARY": ast.TypeBinary,
	"INT":    ast.TypeInt, "INTEGER": ast.TypeInt,
	"BIGINT": ast.TypeBigint, "LONG": ast.TypeBigint,
	"DOUBLE":  ast.TypeDouble,
	"VARCHAR": ast.TypeVarchar, "STRING": ast.TypeVarchar,
	"DATE":      ast.TypeDate,
	"TIMESTAMP": ast.TypeTimestamp, "TIMESTAMP_LTZ": ast.TypeTimestamp,
	"TIMESTAMP_NTZ": ast.TypeTimestampNTZ,
	"INTERVAL":      ast.TypeInterval,
	"MAP":           ast.TypeMap,
	"DECIMAL":       ast.TypeDecimal, "DEC": ast.TypeDecimal, "NUMERIC": ast.TypeDecimal,
}

// typeNames are the spellings of typeAliases, the candidates of "did you
// mean" for an unknown type.
var typeNames = slices.Sorted(maps.Keys(typeAliases))

// unsupportedTypes are SQL types exprc knows of but does not implement.
var unsupportedTypes = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`TIME VARBINARY CHAR CHARACTER
		ARRAY STRUCT VOID VARIANT`) {
		unsupportedTypes[w] = true
	}
}

// parseType parses a type name: one of the canonical names or an alias,
// VARCHAR(n) (length ignored), DOUBLE PRECISION, and MAP<K, V> or MAP(K, V).
func (p *parser) parseType() *ast.TypeName {
	p.enter()
	defer p.leave()
	t := p.tok
	if t.kind != tIdent {
		p.failExpected("a type")
	}
	upper := strings.ToUpper(t.text)
	canon, ok := typeAliases[upper]
	if !ok {
		if unsupportedTypes[upper] {
			p.fail(t.pos, diag.Unsupported,
				"type %s is not supported (supported: BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, VARCHAR, BINARY, DATE, TIMESTAMP, TIMESTAMP_NTZ, INTERVAL, MAP)", upper)
		}
		p.fail(t.pos, diag.Name,
			"unknown type %q (supported: BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DECIMAL, VARCHAR, BINARY, DATE, TIMESTAMP, TIMESTAMP_NTZ, INTERVAL, MAP)%s",
			t.text, diag.DidYouMean(t.text, typeNames, nil))
	}
	p.next()
	typ := &ast.TypeName{Pos: t.pos, Name: canon}
	switch canon {
	case ast.TypeVarchar:
		if upper == "VARCHAR" && p.isOp("(") {
			p.next()
			if p.tok.kind != tInt {
				p.failExpected("a length in VARCHAR(n)")
			}
			p.next()
			p.expectOp(")")
		}
	case ast.TypeDouble:
		if p.isKw("PRECISION") {
			p.next()
		}
	case ast.TypeDecimal:
		typ.Precision, typ.PrecisionPos = 10, t.pos
		if p.isOp("(") {
			p.next()
			typ.PrecisionPos = p.tok.pos
			typ.Precision = p.typeParam("a precision in DECIMAL(p, s)")
			if p.isOp(",") {
				p.next()
				typ.ScalePos = p.tok.pos
				typ.Scale = p.typeParam("a scale in DECIMAL(p, s)")
			}
			p.expectOp(")")
		}
	case ast.TypeInterval:
		typ.Start = p.intervalField("a field after INTERVAL (YEAR, MONTH, DAY, HOUR, MINUTE or SECOND)")
		typ.End = typ.Start
		if p.isKw("TO") {
			p.next()
			typ.EndPos = p.tok.pos
			typ.End = p.intervalField("a field after TO (MONTH, HOUR, MINUTE or SECOND)")
		}
	case ast.TypeMap:
		var closer string
		switch {
		case p.isOp("<"):
			closer = ">"
		case p.isOp("("):
			closer = ")"
		default:
			p.failExpected(`"<" or "(" after MAP`)
		}
		p.next()
		typ.Key = p.parseType()
		if !p.isOp(",") {
			p.failExpected(`"," between the key and value types of MAP`)
		}
		p.next()
		typ.Value = p.parseType()
		if !p.isOp(closer) {
			p.failExpected(`"` + closer + `" to close MAP`)
		}
		p.next()
	}
	return typ
}

// typeParam reads the unsigned integer of a type parameter (a DECIMAL's
// precision or scale); a number too long to be one reads as a large value
// the binder rejects.
func (p *parser) typeParam(what string) int {
	if p.tok.kind != tInt {
		p.failExpected(what)
	}
	n, err := strconv.Atoi(p.tok.text)
	if err != nil || n > 1000 {
		n = 1000
	}
	p.next()
	return n
}

// parseCreateTable parses CREATE TABLE [IF NOT EXISTS] name (col type
// [NOT NULL | NULL], ...). It sets p.tableName once the name is read, so
// that a failure later in the statement can still declare the table.
func (p *parser) parseCreateTable() *ast.CreateTable {
	create := p.expectKw("CREATE")
	if !p.isKw("TABLE") {
		if p.tok.kind == tIdent {
			p.fail(p.tok.pos, diag.Unsupported, "CREATE %s is not supported: only CREATE TABLE",
				strings.ToUpper(p.tok.text))
		}
		p.failExpected("TABLE after CREATE")
	}
	p.next()
	if p.isKw("IF") && isKw(p.peek(1), "NOT") {
		p.next()
		p.next()
		p.expectKw("EXISTS")
	}
	ct := &ast.CreateTable{Pos: create.pos, Name: p.ident("table name")}
	p.tableName = &ct.Name
	if p.isOp(".") {
		p.fail(p.tok.pos, diag.Unsupported, "qualified table names are not supported")
	}
	if p.isKw("AS") {
		p.fail(p.tok.pos, diag.Unsupported, "CREATE TABLE ... AS is not supported")
	}
	p.expectOp("(")
	if p.isOp(")") {
		p.fail(p.tok.pos, diag.Syntax, "table %s has no columns", ct.Name.Name)
	}
	for {
		ct.Columns = append(ct.Columns, p.parseColumnDef())
		if p.isOp(")") {
			break
		}
		if !p.isOp(",") {
			p.failExpected(`"," or ")" after column definition`)
		}
		p.next()
	}
	p.next()
	return ct
}

// tableConstraints start a table-level constraint rather than a column.
var tableConstraints = map[string]string{
	"PRIMARY": "KEY", "FOREIGN": "KEY", "UNIQUE": "(", "CHECK": "(", "CONSTRAINT": "",
}

func (p *parser) parseColumnDef() *ast.ColumnDef {
	if follow, ok := tableConstraints[strings.ToUpper(p.tok.text)]; ok && p.tok.kind == tIdent {
		next := p.peek(1)
		if follow == "" || isKw(next, follow) || next.kind == tOp && next.text == follow {
			p.fail(p.tok.pos, diag.Unsupported, "table constraints are not supported")
		}
	}
	col := &ast.ColumnDef{Pos: p.tok.pos, Name: p.ident("column name")}
	if p.isOp(",") || p.isOp(")") || p.tok.kind == tEOF || p.isOp(";") {
		p.failAt(p.tok, diag.Syntax, "expected a type for column %s but found %s", col.Name.Name, describe(p.tok, p.src))
	}
	col.Type = p.parseType()
	for {
		switch {
		case p.isKw("NOT"):
			p.next()
			p.expectKw("NULL")
			col.NotNull = true
		case p.isKw("NULL"):
			p.next()
		case p.isKw("PRIMARY"), p.isKw("UNIQUE"), p.isKw("DEFAULT"), p.isKw("CHECK"),
			p.isKw("REFERENCES"), p.isKw("COMMENT"), p.isKw("GENERATED"), p.isKw("COLLATE"):
			p.fail(p.tok.pos, diag.Unsupported, "column option %s is not supported (only NOT NULL and NULL)",
				strings.ToUpper(p.tok.text))
		default:
			return col
		}
	}
}

// intervalFields are the field names of an INTERVAL type.
var intervalFields = map[string]bool{"YEAR": true, "MONTH": true, "DAY": true, "HOUR": true, "MINUTE": true, "SECOND": true}

// intervalField reads one field of an INTERVAL type, upper-cased.
func (p *parser) intervalField(what string) string {
	f := strings.ToUpper(p.tok.text)
	if p.tok.kind != tIdent || !intervalFields[f] {
		p.failExpected(what)
	}
	p.next()
	return f
}
