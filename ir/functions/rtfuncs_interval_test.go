package functions

import "github.com/exprc/exprc/templates/rt"

// The kernels and helpers of templates/rt/interval.go and interval_ts.go
// (the ANSI interval types), added to rtFuncs here so that parallel
// additions merge cleanly.
func init() {
	for n, f := range map[string]any{
		"YMIntervalTypeName":         rt.YMIntervalTypeName,
		"DTIntervalTypeName":         rt.DTIntervalTypeName,
		"FormatYMInterval":           rt.FormatYMInterval,
		"CastYMIntervalToString":     rt.CastYMIntervalToString,
		"CastDTIntervalToString":     rt.CastDTIntervalToString,
		"FormatDTInterval":           rt.FormatDTInterval,
		"CastStringToYMInterval":     rt.CastStringToYMInterval,
		"CastStringToDTInterval":     rt.CastStringToDTInterval,
		"CastYMIntervalToInt64":      rt.CastYMIntervalToInt64,
		"CastYMIntervalToInt32":      rt.CastYMIntervalToInt32,
		"CastYMIntervalToInt16":      rt.CastYMIntervalToInt16,
		"CastYMIntervalToInt8":       rt.CastYMIntervalToInt8,
		"CastDTIntervalToInt64":      rt.CastDTIntervalToInt64,
		"CastDTIntervalToInt32":      rt.CastDTIntervalToInt32,
		"CastDTIntervalToInt16":      rt.CastDTIntervalToInt16,
		"CastDTIntervalToInt8":       rt.CastDTIntervalToInt8,
		"CastInt64ToYMInterval":      rt.CastInt64ToYMInterval,
		"CastInt32ToYMInterval":      rt.CastInt32ToYMInterval,
		"CastInt16ToYMInterval":      rt.CastInt16ToYMInterval,
		"CastInt8ToYMInterval":       rt.CastInt8ToYMInterval,
		"CastInt64ToDTInterval":      rt.CastInt64ToDTInterval,
		"CastInt32ToDTInterval":      rt.CastInt32ToDTInterval,
		"CastInt16ToDTInterval":      rt.CastInt16ToDTInterval,
		"CastInt8ToDTInterval":       rt.CastInt8ToDTInterval,
		"CastYMIntervalToYMInterval": rt.CastYMIntervalToYMInterval,
		"CastDTIntervalToDTInterval": rt.CastDTIntervalToDTInterval,
		"MulYMIntervalInt64":         rt.MulYMIntervalInt64,
		"MulDTIntervalInt64":         rt.MulDTIntervalInt64,
		"MulYMIntervalFloat64":       rt.MulYMIntervalFloat64,
		"MulDTIntervalFloat64":       rt.MulDTIntervalFloat64,
		"DivYMIntervalInt64":         rt.DivYMIntervalInt64,
		"DivDTIntervalInt64":         rt.DivDTIntervalInt64,
		"DivYMIntervalFloat64":       rt.DivYMIntervalFloat64,
		"DivDTIntervalFloat64":       rt.DivDTIntervalFloat64,
		"DateAddYMInterval":          rt.DateAddYMInterval,
		"DateSubYMInterval":          rt.DateSubYMInterval,
		"DateAddDayInterval":         rt.DateAddDayInterval,
		"DateSubDayInterval":         rt.DateSubDayInterval,
		"SubtractDates":              rt.SubtractDates,
		"YMIntervalYears":            rt.YMIntervalYears,
		"YMIntervalMonths":           rt.YMIntervalMonths,
		"DTIntervalDays":             rt.DTIntervalDays,
		"DTIntervalHours":            rt.DTIntervalHours,
		"DTIntervalMinutes":          rt.DTIntervalMinutes,
		"DTIntervalSeconds":          rt.DTIntervalSeconds,
		"MakeYMInterval":             rt.MakeYMInterval,
		"MakeDTInterval":             rt.MakeDTInterval,
		"TimestampAddMonthsUTC":      rt.TimestampAddMonthsUTC,
		"TimestampAddDayTimeUTC":     rt.TimestampAddDayTimeUTC,
		"SubtractTimestampsUTC":      rt.SubtractTimestampsUTC,
		"SubtractTimestamps":         rt.SubtractTimestamps,
	} {
		rtFuncs[n] = f
	}
}
