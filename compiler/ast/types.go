package ast

import "github.com/exprc/exprc/compiler/diag"

// Canonical type names held in TypeName.Name. The parser maps aliases
// (BOOL, INTEGER, LONG, STRING, VARCHAR(n)) to these and rejects any other
// name, so the binder only ever sees these seven.
const (
	TypeBoolean = "BOOLEAN"
	TypeInt     = "INT"
	TypeBigint  = "BIGINT"
	TypeDouble  = "DOUBLE"
	TypeVarchar = "VARCHAR"
	TypeDate    = "DATE"
	TypeMap     = "MAP"
)

// TypeName is a column or CAST type as written, with a canonical name.
type TypeName struct {
	Pos        diag.Pos
	Name       string    // one of the Type* constants
	Key, Value *TypeName // for MAP only
}

// String returns the canonical spelling, e.g. "MAP<VARCHAR, BIGINT>".
func (t *TypeName) String() string {
	if t == nil {
		return "<nil>"
	}
	if t.Name == TypeMap {
		return "MAP<" + t.Key.String() + ", " + t.Value.String() + ">"
	}
	return t.Name
}
