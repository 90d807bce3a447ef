package functions

import "github.com/exprc/exprc/templates/rt"

// The session-zone forms of the TIMESTAMP kernels (templates/rt/tszone.go).
func init() {
	for n, f := range map[string]any{
		"HourTimestampIn":          rt.HourTimestampIn,
		"MinuteTimestampIn":        rt.MinuteTimestampIn,
		"SecondTimestampIn":        rt.SecondTimestampIn,
		"HourTimestampNTZ":         rt.HourTimestampNTZ,
		"MinuteTimestampNTZ":       rt.MinuteTimestampNTZ,
		"SecondTimestampNTZ":       rt.SecondTimestampNTZ,
		"TimestampAddYMIn":         rt.TimestampAddYMIn,
		"TimestampSubYMIn":         rt.TimestampSubYMIn,
		"TimestampAddDTIn":         rt.TimestampAddDTIn,
		"TimestampSubDTIn":         rt.TimestampSubDTIn,
		"TimestampSubYMUTC":        rt.TimestampSubYMUTC,
		"TimestampSubDTUTC":        rt.TimestampSubDTUTC,
		"SubtractTimestampsIn":     rt.SubtractTimestampsIn,
		"DateFormatTimestampIn":    rt.DateFormatTimestampIn,
		"FromUnixTimeIn":           rt.FromUnixTimeIn,
		"FromUnixTimeDefaultIn":    rt.FromUnixTimeDefaultIn,
		"ToTimestampFmtIn":         rt.ToTimestampFmtIn,
		"ToUnixTimestampFmtIn":     rt.ToUnixTimestampFmtIn,
		"ToUnixTimestampDefaultIn": rt.ToUnixTimestampDefaultIn,
		"DateTruncIn":              rt.DateTruncIn,
		"DateTruncMinuteIn":        rt.DateTruncMinuteIn,
		"DateTruncHourIn":          rt.DateTruncHourIn,
		"DateTruncDayIn":           rt.DateTruncDayIn,
		"DateTruncUnitKernel":      rt.DateTruncUnitKernel,
		"UnixTimestampDateIn":      rt.UnixTimestampDateIn,
	} {
		rtFuncs[n] = f
	}
}

func init() { rtFuncs["ConvertTimezoneIn"] = rt.ConvertTimezoneIn }

func init() {
	rtFuncs["ExtractSecondTimestampIn"] = rt.ExtractSecondTimestampIn
	rtFuncs["ExtractSecondTimestampNTZ"] = rt.ExtractSecondTimestampNTZ
}

func init() {
	rtFuncs["ToTimestampFmtDefinedIn"] = rt.ToTimestampFmtDefinedIn
	rtFuncs["TryToTimestampFmtIn"] = rt.TryToTimestampFmtIn
}
