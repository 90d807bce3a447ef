package compiler

import (
	"github.com/exprc/exprc/compiler/ast"
	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/ir"
)

// bindType turns a type as written into an ir.Type. MAP keys must be VARCHAR or
// an integer type: those are the key types whose equality is exact and cheap.
// MAP values must be scalar: nested maps have no use yet that justifies their
// cost in every engine.
func (b *binder) bindType(t *ast.TypeName) (ir.Type, bool) {
	switch t.Name {
	case ast.TypeBoolean:
		return ir.TypeBoolean, true
	case ast.TypeTimestamp:
		return ir.TypeTimestamp, true
	case ast.TypeTimestampNTZ:
		return ir.TypeTimestampNTZ, true
	case ast.TypeTinyint:
		return ir.TypeTinyint, true
	case ast.TypeSmallint:
		return ir.TypeSmallint, true
	case ast.TypeFloat:
		return ir.TypeFloat, true
	case ast.TypeBinary:
		return ir.TypeBinary, true
	case ast.TypeInt:
		return ir.TypeInt, true
	case ast.TypeBigint:
		return ir.TypeBigint, true
	case ast.TypeDouble:
		return ir.TypeDouble, true
	case ast.TypeVarchar:
		return ir.TypeVarchar, true
	case ast.TypeDate:
		return ir.TypeDate, true
	case ast.TypeInterval:
		return b.bindIntervalType(t)
	case ast.TypeDecimal:
		if t.Precision < 1 || t.Precision > ir.MaxDecimalPrecision {
			b.errs.Add(t.PrecisionPos, diag.Type, "DECIMAL precision %d is out of range: it must be between 1 and %d", t.Precision, ir.MaxDecimalPrecision)
			return ir.Type{}, false
		}
		if t.Scale > t.Precision {
			b.errs.Add(t.ScalePos, diag.Type, "DECIMAL scale %d is greater than the precision %d", t.Scale, t.Precision)
			return ir.Type{}, false
		}
		return ir.DecimalOf(t.Precision, t.Scale), true
	case ast.TypeMap:
		k, ok1 := b.bindType(t.Key)
		v, ok2 := b.bindType(t.Value)
		if !ok1 || !ok2 {
			return ir.Type{}, false
		}
		if k.Kind != ir.KindVarchar && k.Kind != ir.KindInt && k.Kind != ir.KindBigint {
			b.errs.Add(t.Key.Pos, diag.Type, "MAP key type must be VARCHAR, INT or BIGINT, not %s", k)
			return ir.Type{}, false
		}
		if v.Kind == ir.KindMap {
			b.errs.Add(t.Value.Pos, diag.Unsupported, "MAP values of type MAP are not supported; flatten the keys")
			return ir.Type{}, false
		}
		if v.Kind == ir.KindBinary {
			b.errs.Add(t.Value.Pos, diag.Unsupported, "MAP values of type BINARY are not supported yet; use VARCHAR (hex(x) or CAST)")
			return ir.Type{}, false
		}
		if v.Kind == ir.KindTinyint || v.Kind == ir.KindSmallint || v.Kind == ir.KindFloat ||
			v.Kind == ir.KindTimestamp || v.Kind == ir.KindTimestampNTZ || v.IsInterval() {
			use := "INT or DOUBLE"
			if v.Kind == ir.KindTimestamp || v.Kind == ir.KindTimestampNTZ {
				use = "BIGINT microseconds (unix_micros)"
			}
			b.errs.Add(t.Value.Pos, diag.Unsupported, "MAP values of type %s are not supported yet; use %s", v, use)
			return ir.Type{}, false
		}
		return ir.MapOf(k, v), true
	}
	b.errs.Add(t.Pos, diag.Name, "unknown type %s", t.Name)
	return ir.Type{}, false
}
