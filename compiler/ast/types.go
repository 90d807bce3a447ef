package ast

import (
	"strconv"

	"github.com/exprc/exprc/compiler/diag"
)

// Canonical type names held in TypeName.Name. The parser maps aliases
// (BOOL, BYTE, SHORT, INTEGER, LONG, REAL, STRING, VARCHAR(n)) to these and rejects any other
// name, so the binder only ever sees these.
const (
	TypeTinyint  = "TINYINT"
	TypeSmallint = "SMALLINT"
	TypeFloat    = "FLOAT"
	TypeBoolean  = "BOOLEAN"
	TypeInt      = "INT"
	TypeBigint   = "BIGINT"
	TypeDouble   = "DOUBLE"
	TypeVarchar  = "VARCHAR"
	TypeDate     = "DATE"
	// TypeTimestamp is TIMESTAMP and TIMESTAMP_LTZ, TypeTimestampNTZ
	// TIMESTAMP_NTZ.
	TypeTimestamp    = "TIMESTAMP"
	TypeTimestampNTZ = "TIMESTAMP_NTZ"
	TypeMap          = "MAP"
	TypeDecimal      = "DECIMAL"
	// TypeInterval is INTERVAL start [TO end]: Start and End name the
	// fields (YEAR, MONTH, DAY, HOUR, MINUTE, SECOND; End is Start when
	// there is no TO); the binder picks the class and checks the range.
	TypeInterval = "INTERVAL"
	TypeBinary   = "BINARY"
)

// TypeName is a column or CAST type as written, with a canonical name.
type TypeName struct {
	Pos        diag.Pos
	Name       string    // one of the Type* constants
	Key, Value *TypeName // for MAP only
	// Precision and Scale of a DECIMAL as written (DECIMAL alone is
	// DECIMAL(10,0), DECIMAL(p) is DECIMAL(p,0)); the binder checks them.
	Precision, Scale int
	// PrecisionPos and ScalePos locate them, for the binder's messages.
	PrecisionPos, ScalePos diag.Pos
	// Start and End are an INTERVAL's fields, upper case; EndPos locates
	// End.
	Start, End string
	EndPos     diag.Pos
}

// String returns the canonical spelling, e.g. "MAP<VARCHAR, BIGINT>".
func (t *TypeName) String() string {
	if t == nil {
		return "<nil>"
	}
	switch t.Name {
	case TypeMap:
		return "MAP<" + t.Key.String() + ", " + t.Value.String() + ">"
	case TypeDecimal:
		return "DECIMAL(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
	case TypeInterval:
		if t.End != t.Start {
			return "INTERVAL " + t.Start + " TO " + t.End
		}
		return "INTERVAL " + t.Start
	}
	return t.Name
}
