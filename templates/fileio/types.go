package fileio

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/sqltype"
)

// The SQL types of the columns are package sqltype's, the one table of SQL
// types and their Arrow types, which the compiler uses too. This package
// depends on Arrow, templates/rt and templates/sqltype only, so that the
// compiled engine of `exprc run` can link it without the compiler, and it
// learns a table's SQL types from the Arrow schema exprc gives it
// (ir.ArrowSchema, that is sqltype.Arrow) with sqltype.Of.

// column is one column of a table.
type column struct {
	Name     string
	Type     sqltype.Type
	Nullable bool
}

// tableType is the shape of the rows an Input returns: its columns and their Arrow
// schema.
type tableType struct {
	Columns []column
	schema  *arrow.Schema
}

// tableOf reads a table's columns from its Arrow schema.
func tableOf(schema *arrow.Schema) (*tableType, error) {
	t := &tableType{schema: schema}
	for _, f := range schema.Fields() {
		st, err := sqltype.OfField(f)
		if err != nil {
			return nil, fmt.Errorf("column %q: %w", f.Name, err)
		}
		t.Columns = append(t.Columns, column{Name: f.Name, Type: st, Nullable: f.Nullable})
	}
	return t, nil
}

// date is a DATE value: days since 1970-01-01.
type date int32

// mapValue is a MAP value read from text: keys in first-seen order, each with
// its last value (Spark's LAST_WIN).
type mapValue struct {
	Keys   []any
	Values []any
}
