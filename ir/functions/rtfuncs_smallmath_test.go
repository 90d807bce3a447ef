package functions

import "github.com/exprc/exprc/templates/rt"

// The kernels of templates/rt/smallmath.go (round, bround, pmod, positive
// and the bitwise operators over TINYINT, SMALLINT and FLOAT) and format_string's
// boxes of them, added to
// rtFuncs here so that parallel additions merge cleanly.
func init() {
	for n, f := range map[string]any{
		"RoundInt8":          rt.RoundInt8,
		"RoundInt16":         rt.RoundInt16,
		"RoundScaleInt8":     rt.RoundScaleInt8,
		"RoundScaleInt16":    rt.RoundScaleInt16,
		"RoundFloat32":       rt.RoundFloat32,
		"RoundScaleFloat32":  rt.RoundScaleFloat32,
		"BroundInt8":         rt.BroundInt8,
		"BroundInt16":        rt.BroundInt16,
		"BroundScaleInt8":    rt.BroundScaleInt8,
		"BroundScaleInt16":   rt.BroundScaleInt16,
		"BroundFloat32":      rt.BroundFloat32,
		"BroundScaleFloat32": rt.BroundScaleFloat32,
		"PmodInt8":           rt.PmodInt8,
		"PmodInt16":          rt.PmodInt16,
		"PmodFloat32":        rt.PmodFloat32,
		"PositiveInt8":       rt.PositiveInt8,
		"PositiveInt16":      rt.PositiveInt16,
		"PositiveFloat32":    rt.PositiveFloat32,
		"BitAndInt8":         rt.BitAndInt8,
		"BitAndInt16":        rt.BitAndInt16,
		"BitOrInt8":          rt.BitOrInt8,
		"BitOrInt16":         rt.BitOrInt16,
		"BitXorInt8":         rt.BitXorInt8,
		"BitXorInt16":        rt.BitXorInt16,
		"BitNotInt8":         rt.BitNotInt8,
		"BitNotInt16":        rt.BitNotInt16,
		"BitGetInt8":         rt.BitGetInt8,
		"BitGetInt16":        rt.BitGetInt16,
		"FormatArgInt8":      rt.FormatArgInt8,
		"FormatArgInt16":     rt.FormatArgInt16,
		"FormatArgFloat32":   rt.FormatArgFloat32,
	} {
		rtFuncs[n] = f
	}
}
