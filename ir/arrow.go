package ir

import (
	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/templates/sqltype"
)

// ArrowType is the Arrow type that carries values of t in record batches
// (sqltype.Arrow, the one table): the interpreter, generated evaluators and the
// file readers all agree on it, so a batch produced by one is accepted by the
// others.
func ArrowType(t Type) arrow.DataType { return sqltype.Arrow(t.sqlType()) }

// ArrowSchema is the Arrow schema of a list of columns.
func ArrowSchema(cols []Column) *arrow.Schema {
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		fields[i] = sqltype.Field(c.Name, c.Type.sqlType(), c.Nullable)
	}
	return arrow.NewSchema(fields, nil)
}
