package functions

import "github.com/exprc/exprc/templates/rt"

// The kernels of templates/rt/binary.go (BINARY), added to rtFuncs here so
// that parallel additions merge cleanly.
func init() {
	for n, f := range map[string]any{
		"CastStringToBinary": rt.CastStringToBinary,
		"CastBinaryToString": rt.CastBinaryToString,
		"LengthBinary":       rt.LengthBinary,
		"BitLengthBinary":    rt.BitLengthBinary,
		"SubstrBinary":       rt.SubstrBinary,
		"SubstrBinaryFrom":   rt.SubstrBinaryFrom,
		"UnhexBytes":         rt.UnhexBytes,
		"UnhexDefined":       rt.UnhexDefined,
		"Unhex":              rt.Unhex,
		"ToBinaryHex":        rt.ToBinaryHex,
		"Unbase64":           rt.Unbase64,
		"ToBinaryBase64":     rt.ToBinaryBase64,
		"Encode":             rt.Encode,
		"Decode":             rt.Decode,
		"FormatBinary":       rt.FormatBinary,
		"BitmapCount":        rt.BitmapCount,
	} {
		rtFuncs[n] = f
	}
}
