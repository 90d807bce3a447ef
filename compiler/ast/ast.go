// Package ast is the syntax tree of a spec file: table schemas and named
// queries, exactly as written.
//
// The tree is produced by package parser and consumed only by the binder,
// which resolves names and types into the IR; the AST never reaches later
// passes. Every node records the position of its first token (operators also
// record the operator's own position) so that any later error can point at
// the source.
package ast

import (
	"strings"

	"github.com/exprc/exprc/compiler/diag"
)

// File is a parsed spec file. Tables and queries are in source order.
type File struct {
	Name    string
	Tables  []*CreateTable
	Queries []*Query
	// FailedTables names the CREATE TABLE statements that did not parse but
	// got as far as their table name. The parser has reported each; the
	// binder counts them as declared, so a query reading one reports nothing
	// more (no "unknown table" after an unknown column type).
	FailedTables []Ident
	// ZoneIntervals are the INTERVAL literals of its SET TIME ZONE INTERVAL
	// statements, which the binder checks whether or not a query follows.
	ZoneIntervals []*Literal
}

// CreateTable is a CREATE TABLE statement: the schema of one input batch.
type CreateTable struct {
	Pos     diag.Pos // the CREATE keyword
	Name    Ident
	Columns []*ColumnDef
}

// ColumnDef is one column of a CREATE TABLE.
type ColumnDef struct {
	Pos     diag.Pos // the column name
	Name    Ident
	Type    *TypeName
	NotNull bool // NOT NULL was given; a column is nullable otherwise
}

// Query is a named SELECT: one evaluator function in the generated code.
type Query struct {
	Pos diag.Pos // the SELECT keyword
	// Name is the name given by the "-- name: Name" comment before the query,
	// as written; Name.Pos points at the name inside the comment.
	Name   Ident
	Select *Select
	// Text is the exact source of the SELECT statement, without the ";".
	Text string
	// Zone is the session time zone of the query: the last SET TIME ZONE
	// before it in its file ("" for none, which is UTC).
	Zone string
	// ZoneInterval is the INTERVAL literal of that statement when it is
	// SET TIME ZONE INTERVAL ... (Zone is then ""): a fixed offset the
	// binder resolves, as Spark's parser does, once for all the queries it
	// applies to.
	ZoneInterval *Literal
}

// Select is a SELECT statement or subquery body.
type Select struct {
	Pos   diag.Pos // the SELECT keyword
	Items []*SelectItem
	From  *TableRef
	Where Expr // nil when there is no WHERE clause
}

// SelectItem is one output column of a SELECT. For "*" and "t.*" Expr is a
// *Star, which the binder expands.
type SelectItem struct {
	Pos   diag.Pos // first token of the expression
	Expr  Expr
	Alias *Ident // nil when no alias is given
	// Text is the exact source of the expression (without the alias), for
	// comments in generated code and error messages.
	Text string
}

// TableRef is the table in a FROM clause.
type TableRef struct {
	Pos   diag.Pos
	Name  Ident
	Alias *Ident // nil when no alias is given
}

// Ident is an identifier as written. Unquoted identifiers are
// case-insensitive; quoted ones (`a b` or "a b") are exact. Name holds the
// identifier without quotes and with doubled quotes undone.
type Ident struct {
	Pos    diag.Pos
	Name   string
	Quoted bool
}

// Canon returns the name used for lookups: lower-cased for unquoted
// identifiers, exact for quoted ones.
func (id Ident) Canon() string {
	if id.Quoted {
		return id.Name
	}
	return strings.ToLower(id.Name)
}

// String returns the identifier as SQL (quoted with backquotes if it was
// quoted).
func (id Ident) String() string { return formatIdent(id) }
