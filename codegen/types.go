package codegen

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/exprc/exprc/codegen/kinds"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

const (
	vecPkg    = "github.com/exprc/exprc/templates/vec"
	rtPkg     = "github.com/exprc/exprc/templates/rt"
	arrowPkg  = "github.com/apache/arrow-go/v18/arrow"
	arrayPkg  = "github.com/apache/arrow-go/v18/arrow/array"
	memoryPkg = "github.com/apache/arrow-go/v18/arrow/memory"
)

// goType is the Go type that holds one value of t in generated code.
func goType(t ir.Type) jen.Code {
	if t.Kind == ir.KindMap {
		return jen.Qual(vecPkg, "MapRef").Types(goType(*t.Key), goType(*t.Value))
	}
	if t.Kind == ir.KindDecimal {
		return jen.Qual(rtPkg, "Decimal")
	}
	return jen.Id(kinds.Of(t).GoType)
}

// readColumn is the expression that reads Arrow array arr as a vector of t.
func readColumn(t ir.Type, arr jen.Code) jen.Code {
	if t.Kind == ir.KindMap {
		// vec.Maps(arr, vec.Strings, vec.Int64s)
		return jen.Qual(vecPkg, "Maps").Call(arr,
			jen.Qual(vecPkg, kinds.Of(*t.Key).Reader), jen.Qual(vecPkg, kinds.Of(*t.Value).Reader))
	}
	return jen.Qual(vecPkg, kinds.Of(t).Reader).Call(arr)
}

// arrowType is Go code for the Arrow data type of t.
func arrowType(t ir.Type) jen.Code {
	if t.Kind == ir.KindMap {
		return jen.Qual(arrowPkg, "MapOf").Call(arrowType(*t.Key), arrowType(*t.Value))
	}
	if t.Kind == ir.KindDecimal {
		return jen.Op("&").Qual(arrowPkg, "Decimal128Type").Values(jen.Dict{
			jen.Id("Precision"): jen.Lit(t.P()), jen.Id("Scale"): jen.Lit(t.S())})
	}
	k := kinds.Of(t)
	if k.ArrowGroup == "" {
		return jen.Qual(vecPkg, k.ArrowField) // vec.ArrowTimestamp
	}
	return jen.Qual(arrowPkg, k.ArrowGroup).Dot(k.ArrowField)
}

// literal is the Go literal of a constant value of type t.
func literal(v any, t ir.Type) jen.Code {
	switch v := v.(type) {
	case bool:
		return jen.Lit(v)
	case int8:
		return jen.Int8().Parens(jen.Lit(int(v)))
	case int16:
		return jen.Int16().Parens(jen.Lit(int(v)))
	case float32:
		return float32Lit(v)
	case int32:
		return jen.Int32().Parens(jen.Lit(int(v)))
	case int64:
		return jen.Lit(v) // int64(5)
	case float64:
		return floatLit(v)
	case string:
		return jen.Lit(v)
	case ir.Date:
		return jen.Int32().Parens(jen.Lit(int(v)))
	case ir.Timestamp:
		return jen.Int64().Parens(jen.Lit(int64(v)))
	case ir.TimestampNTZ:
		return jen.Int64().Parens(jen.Lit(int64(v)))
	case ir.YMInterval:
		return jen.Int32().Parens(jen.Lit(int(v)))
	case ir.DTInterval:
		return jen.Lit(int64(v))
	case *ir.MapValue:
		// vec.MapLit([]string{"a"}, []int64{1}, []bool{false})
		var keys, values, nulls []jen.Code
		for j, k := range v.Keys {
			keys = append(keys, literal(k, *t.Key))
			x := v.Values[j]
			if x == nil {
				values, nulls = append(values, jen.Op("*").New(goType(*t.Value))), append(nulls, jen.True())
				continue
			}
			values, nulls = append(values, literal(x, *t.Value)), append(nulls, jen.False())
		}
		return jen.Qual(vecPkg, "MapLit").Call(
			jen.Index().Add(goType(*t.Key)).Values(keys...),
			jen.Index().Add(goType(*t.Value)).Values(values...),
			jen.Index().Bool().Values(nulls...))
	case rt.Decimal:
		// rt.Decimal{Lo: 150} is 1.50 in a DECIMAL(p, 2)
		d := jen.Dict{}
		if v.Lo != 0 {
			d[jen.Id("Lo")] = jen.Op(strconv.FormatUint(v.Lo, 10))
		}
		if v.Hi != 0 {
			d[jen.Id("Hi")] = jen.Op(strconv.FormatInt(v.Hi, 10))
		}
		return jen.Qual(rtPkg, "Decimal").Values(d)
	}
	panic(fmt.Sprintf("codegen: no literal for %T", v))
}

// floatLit is the Go expression of a DOUBLE constant, including the values Go has
// no literal for.
// float32Lit is Go code for FLOAT constant v (the float32 conversion of
// floatLit's value is exact: v is a float32).
func float32Lit(v float32) jen.Code {
	return jen.Float32().Parens(floatLit(float64(v)))
}

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
