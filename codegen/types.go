package codegen

import (
	"fmt"
	"math"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/ir"
)

const (
	vecPkg    = "github.com/exprc/exprc/templates/vec"
	rtPkg     = "github.com/exprc/exprc/templates/rt"
	arrowPkg  = "github.com/apache/arrow-go/v18/arrow"
	arrayPkg  = "github.com/apache/arrow-go/v18/arrow/array"
	memoryPkg = "github.com/apache/arrow-go/v18/arrow/memory"
)

// goType is the Go type that holds one value of t in generated code; it matches
// the parameter types of the rt kernels.
func goType(t ir.Type) jen.Code {
	switch t.Kind {
	case ir.KindBoolean:
		return jen.Bool()
	case ir.KindInt, ir.KindDate:
		return jen.Int32()
	case ir.KindBigint:
		return jen.Int64()
	case ir.KindDouble:
		return jen.Float64()
	case ir.KindVarchar:
		return jen.String()
	case ir.KindMap:
		return jen.Qual(vecPkg, "MapRef").Types(goType(*t.Key), goType(*t.Value))
	}
	panic(fmt.Sprintf("codegen: no Go type for %s", t))
}

// readerName is the vec function that reads an Arrow column of type t.
func readerName(t ir.Type) string {
	switch t.Kind {
	case ir.KindBoolean:
		return "Bools"
	case ir.KindInt:
		return "Int32s"
	case ir.KindBigint:
		return "Int64s"
	case ir.KindDouble:
		return "Float64s"
	case ir.KindVarchar:
		return "Strings"
	case ir.KindDate:
		return "Dates"
	case ir.KindMap:
		return "Maps"
	}
	panic("codegen: no reader for " + t.String())
}

// readColumn is the expression that reads Arrow array arr as a vector of t.
func readColumn(t ir.Type, arr jen.Code) jen.Code {
	if t.Kind == ir.KindMap {
		return jen.Qual(vecPkg, "Maps").Call(arr,
			jen.Qual(vecPkg, readerName(*t.Key)), jen.Qual(vecPkg, readerName(*t.Value)))
	}
	return jen.Qual(vecPkg, readerName(t)).Call(arr)
}

// arrayBuilderName is the vec function that builds an output column of t.
func arrayBuilderName(t ir.Type) string {
	switch t.Kind {
	case ir.KindBoolean:
		return "BoolArray"
	case ir.KindInt:
		return "Int32Array"
	case ir.KindBigint:
		return "Int64Array"
	case ir.KindDouble:
		return "Float64Array"
	case ir.KindVarchar:
		return "StringArray"
	case ir.KindDate:
		return "DateArray"
	case ir.KindMap:
		return "MapArray"
	}
	panic("codegen: no array builder for " + t.String())
}

func appenderName(t ir.Type) string {
	switch t.Kind {
	case ir.KindBoolean:
		return "AppendBool"
	case ir.KindInt:
		return "AppendInt32"
	case ir.KindBigint:
		return "AppendInt64"
	case ir.KindDouble:
		return "AppendFloat64"
	case ir.KindVarchar:
		return "AppendString"
	case ir.KindDate:
		return "AppendDate"
	}
	panic("codegen: no appender for " + t.String())
}

// arrowType is Go code for the Arrow data type of t.
func arrowType(t ir.Type) jen.Code {
	switch t.Kind {
	case ir.KindBoolean:
		return jen.Qual(arrowPkg, "FixedWidthTypes").Dot("Boolean")
	case ir.KindInt:
		return jen.Qual(arrowPkg, "PrimitiveTypes").Dot("Int32")
	case ir.KindBigint:
		return jen.Qual(arrowPkg, "PrimitiveTypes").Dot("Int64")
	case ir.KindDouble:
		return jen.Qual(arrowPkg, "PrimitiveTypes").Dot("Float64")
	case ir.KindVarchar:
		return jen.Qual(arrowPkg, "BinaryTypes").Dot("String")
	case ir.KindDate:
		return jen.Qual(arrowPkg, "FixedWidthTypes").Dot("Date32")
	case ir.KindMap:
		return jen.Qual(arrowPkg, "MapOf").Call(arrowType(*t.Key), arrowType(*t.Value))
	}
	panic("codegen: no Arrow type for " + t.String())
}

// literal is the Go literal of a constant value of type t.
func literal(v any, t ir.Type) jen.Code {
	switch v := v.(type) {
	case bool:
		return jen.Lit(v)
	case int32:
		return jen.Int32().Parens(jen.Lit(int(v)))
	case int64:
		return jen.Int64().Parens(jen.Lit(v))
	case float64:
		return floatLit(v)
	case string:
		return jen.Lit(v)
	case ir.Date:
		return jen.Int32().Parens(jen.Lit(int(v)))
	}
	panic(fmt.Sprintf("codegen: no literal for %T", v))
}

// floatLit is the Go expression of a DOUBLE constant, including the values Go has
// no literal for.
func floatLit(v float64) jen.Code {
	switch {
	case math.IsNaN(v):
		return jen.Qual("math", "NaN").Call()
	case math.IsInf(v, 1):
		return jen.Qual("math", "Inf").Call(jen.Lit(1))
	case math.IsInf(v, -1):
		return jen.Qual("math", "Inf").Call(jen.Lit(-1))
	case v == 0 && math.Signbit(v):
		return jen.Qual("math", "Copysign").Call(jen.Lit(0.0), jen.Lit(-1.0))
	}
	return jen.Float64().Parens(jen.Lit(v))
}
