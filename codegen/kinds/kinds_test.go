package kinds

import (
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/vec"
)

// TestArrowTypes checks that the Arrow type each row names in generated code
// is the one the compiler and the interpreter use (ir.ArrowType), so the two
// cannot drift apart.
func TestArrowTypes(t *testing.T) {
	groups := map[string]any{
		"PrimitiveTypes":  arrow.PrimitiveTypes,
		"FixedWidthTypes": arrow.FixedWidthTypes,
		"BinaryTypes":     arrow.BinaryTypes,
	}
	for kind, info := range table {
		if kind == ir.KindMap || kind == ir.KindDecimal {
			continue // parameterized: the printer composes their Arrow types (codegen.arrowType)
		}
		typ := ir.Type{Kind: kind}
		if info.ArrowGroup == "" {
			v := map[string]arrow.DataType{"ArrowTimestamp": vec.ArrowTimestamp, "ArrowTimestampNTZ": vec.ArrowTimestampNTZ}[info.ArrowField]
			if v == nil || !arrow.TypeEqual(v, ir.ArrowType(typ)) {
				t.Errorf("%s: vec.%s is %v, ir.ArrowType says %s", typ, info.ArrowField, v, ir.ArrowType(typ))
			}
			continue
		}
		g, ok := groups[info.ArrowGroup]
		if !ok {
			t.Errorf("%s: unknown Arrow group %q", typ, info.ArrowGroup)
			continue
		}
		f := reflect.ValueOf(g).FieldByName(info.ArrowField)
		if !f.IsValid() {
			t.Errorf("%s: arrow.%s has no field %s", typ, info.ArrowGroup, info.ArrowField)
			continue
		}
		if got, want := f.Interface().(arrow.DataType), ir.ArrowType(typ); !arrow.TypeEqual(got, want) {
			t.Errorf("%s: arrow.%s.%s is %s, ir.ArrowType says %s", typ, info.ArrowGroup, info.ArrowField, got, want)
		}
	}
}

// TestEveryKind checks that every type a query can hold has a row.
func TestEveryKind(t *testing.T) {
	for k := ir.KindBoolean; k <= ir.KindDecimal; k++ {
		if _, ok := table[k]; !ok {
			t.Errorf("no row for %s", ir.Type{Kind: k})
		}
	}
}
