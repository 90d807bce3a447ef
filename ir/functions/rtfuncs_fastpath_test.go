package functions

import "github.com/exprc/exprc/templates/rt"

// The fast paths (templates/rt/fastpath.go) and append forms
// (templates/rt/appendform.go) that generated code calls in place of a
// kernel, and rt.ZoneOffsetID, added to rtFuncs here. TestFastPathsMatch checks their types.
func init() {
	for n, f := range map[string]any{
		"HourTimestampFast":             rt.HourTimestampFast,
		"MinuteTimestampFast":           rt.MinuteTimestampFast,
		"SecondTimestampFast":           rt.SecondTimestampFast,
		"DateTruncMinuteFast":           rt.DateTruncMinuteFast,
		"DateTruncHourFast":             rt.DateTruncHourFast,
		"DateTruncDayFast":              rt.DateTruncDayFast,
		"TimestampAddDTFast":            rt.TimestampAddDTFast,
		"TimestampSubDTFast":            rt.TimestampSubDTFast,
		"AppendDateFormatTimestampIn":   rt.AppendDateFormatTimestampIn,
		"AppendFromUnixTimeIn":          rt.AppendFromUnixTimeIn,
		"AppendDateFormatTimestampWith": rt.AppendDateFormatTimestampWith,
		"AppendFromUnixTimeWith":        rt.AppendFromUnixTimeWith,
		"DatetimePatternOf":             rt.DatetimePatternOf,
		"DatetimePatternWidth":          rt.DatetimePatternWidth,
		"ZoneOffsetID":                  rt.ZoneOffsetID,
	} {
		rtFuncs[n] = f
	}
}
