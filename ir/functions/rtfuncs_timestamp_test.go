package functions

import "github.com/exprc/exprc/templates/rt"

// The functions of templates/rt/timestamp.go and tz.go (TIMESTAMP,
// TIMESTAMP_NTZ and the session zone), added to rtFuncs here so that parallel
// additions merge cleanly.
func init() {
	for n, f := range map[string]any{
		"ParseTimestamp":              rt.ParseTimestamp,
		"ParseTimestampNTZ":           rt.ParseTimestampNTZ,
		"CastStringToTimestamp":       rt.CastStringToTimestamp,
		"CastStringToTimestampUTC":    rt.CastStringToTimestampUTC,
		"CastStringToTimestampNTZ":    rt.CastStringToTimestampNTZ,
		"FormatTimestampNTZ":          rt.FormatTimestampNTZ,
		"CastTimestampToStringUTC":    rt.CastTimestampToStringUTC,
		"CastTimestampToString":       rt.CastTimestampToString,
		"CastTimestampNTZToString":    rt.CastTimestampNTZToString,
		"CastTimestampNTZToDate":      rt.CastTimestampNTZToDate,
		"CastTimestampToDate":         rt.CastTimestampToDate,
		"CastDateToTimestampNTZ":      rt.CastDateToTimestampNTZ,
		"CastDateToTimestamp":         rt.CastDateToTimestamp,
		"CastTimestampToTimestampNTZ": rt.CastTimestampToTimestampNTZ,
		"CastTimestampNTZToTimestamp": rt.CastTimestampNTZToTimestamp,
		"CastTimestampToInt64":        rt.CastTimestampToInt64,
		"CastTimestampToInt32":        rt.CastTimestampToInt32,
		"CastTimestampToInt16":        rt.CastTimestampToInt16,
		"CastTimestampToInt8":         rt.CastTimestampToInt8,
		"CastTimestampToFloat64":      rt.CastTimestampToFloat64,
		"CastTimestampToFloat32":      rt.CastTimestampToFloat32,
		"CastInt64ToTimestamp":        rt.CastInt64ToTimestamp,
		"CastInt32ToTimestamp":        rt.CastInt32ToTimestamp,
		"CastFloat64ToTimestamp":      rt.CastFloat64ToTimestamp,
		"UnixMillis":                  rt.UnixMillis,
		"UnixMicros":                  rt.UnixMicros,
		"CastInt8ToTimestamp":         rt.CastInt8ToTimestamp,
		"CastInt16ToTimestamp":        rt.CastInt16ToTimestamp,
		"CastFloat32ToTimestamp":      rt.CastFloat32ToTimestamp,
		"CastDecimalToTimestamp":      rt.CastDecimalToTimestamp,
		"ZoneOf":                      rt.ZoneOf,
		"ValidZone":                   rt.ValidZone,
		"SessionZone":                 rt.SessionZone,
	} {
		rtFuncs[n] = f
	}
}
