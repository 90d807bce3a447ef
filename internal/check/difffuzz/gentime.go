package difffuzz

import (
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
)

// TIMESTAMP and TIMESTAMP_NTZ in the differential fuzzer. The registry draws
// every TIMESTAMP function (buildTable); this file gives their arguments the
// values that matter (units, fields, patterns, texts, zones, epochs at the
// ends of the range), draws the operators the binder builds without a
// registry name (ts ± interval, ts - ts, date ± day-time interval,
// EXTRACT of every field from every source), and lists the instants at the
// DST gaps and overlaps of the session zones the schemas set.

// fuzzZones are the session zones a schema may set: zones with DST (gaps
// and overlaps of an hour, and Lord Howe's half-hour shift), offsets of a
// half and three quarters of an hour without DST, and fixed offsets on
// either side of UTC.
var fuzzZones = []string{"Europe/Paris", "America/New_York", "Asia/Kolkata", "+05:45", "Australia/Lord_Howe", "Asia/Kathmandu",
	"-08:00", "UTC"}

// zoneArgs are the zone arguments of from_utc_timestamp, to_utc_timestamp
// and convert_timezone: region IDs (DST gaps and overlaps, odd offsets),
// offsets in Spark's forms, and IDs Spark refuses (INVALID_TIMEZONE).
var zoneArgs = []string{"UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Asia/Kolkata",
	"+05:45", "-08:00", "+14:00", "GMT+1", "UTC-03:30", "Z", "europe/paris", "PST", "Mars/Olympus", "", "+25:00"}

// truncUnits are date_trunc's units: every unit in its spellings, cases
// mixed, and units it does not know (NULL).
var truncUnits = []string{"YEAR", "yyyy", "YY", "QUARTER", "MONTH", "mm", "MON", "WEEK", "DAY", "dd", "HOUR", "minute", "SECOND",
	"MILLISECOND", "MICROSECOND", "x", ""}

// tsFormatPatterns are the TIMESTAMP patterns of date_format and
// from_unixtime: every letter Spark formats, offsets and zones, fractions,
// optional sections, literals. Only valid ones: a constant invalid pattern
// is a compile error.
var tsFormatPatterns = []string{"yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSSSSS", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "hh:mm:ss a",
	"k K h H", "HH:mm:ss.S", "E, d MMM yyyy HH:mm:ss Z", "EEEE QQQ D", "VV", "z", "zzz", "O", "OOOO", "xxx", "XX", "x", "ZZZZZ",
	"yyyy-MM-dd[ HH:mm]", "Y-'W'w-e", "G yyyy", "yyyyMMddHHmmssSSS", "y", "MMMM d, yyyy 'at' h:mm a", "F W", "''HH''", ""}

// tsParsePatterns are the patterns of to_timestamp, try_to_timestamp,
// to_timestamp_ntz, unix_timestamp and to_unix_timestamp: the letters Spark
// parses (no E, F, Q, Y, w, W, e), with and without zones and fractions.
var tsParsePatterns = []string{"yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSSSSS", "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "dd/MM/yyyy HH:mm",
	"yyyyMMddHHmmss", "hh:mm a", "yyyy-MM-dd HH:mm:ss VV", "yyyy-MM-dd HH:mm:ss z", "yyyy-MM-dd HH:mm:ssZ", "yyyy-MM-dd[ HH:mm[:ss]]",
	"yyyy-MM-dd", "HH:mm", "MMM d yyyy h:mm:ss a", "yyyy DDD", "yyyy-MM-dd HH:mm:ss.SSS", "yy-MM-dd HH"}

// tsTexts are texts read as TIMESTAMPs: default formats (with zones,
// fractions, a T, date only), texts for the parse patterns, DST gaps and
// overlaps of the session zones, the ends of the range, and invalid ones.
var tsTexts = []string{"2024-03-31 02:30:00", "2024-10-27 02:30:00", "2024-03-10 02:30:00", "2024-11-03 01:30:00",
	"2024-10-06 02:15:00", "2024-04-07 01:45:00", "2024-01-01T10:00:00Z", "2024-01-01 10:00:00+05:45", "2024-01-01 10:00:00 Europe/Paris",
	"2024-01-01", "2024-01-01 10:00:00.123456789", "1969-12-31 23:59:59.999999", " 2024-01-01 10:00 ", "2024-1-5 1:2:3",
	"+294247-01-10 04:00:54.775807Z", "-290308-12-21 19:59:05.224192Z", "+294247-01-10 04:00:54.775808Z", "10000-01-01",
	"31/12/2024 23:59", "20240229123456", "03:15 PM", "2024-02-29 12:00:00 PST", "2024-07-04T12:00:00.5+01:00",
	"Jul 4 2024 1:02:03 am", "2024 060", "24-07-04 13", "2024-02-30 00:00:00", "2024-01-01 25:00:00", "x", "", "T10:00", "2024-01-01 10:00:00 Mars/X"}

// epochSeconds are from_unixtime's and timestamp_seconds' numbers: around
// the epoch and the DST changes, negative, and past the range (overflow).
var epochSeconds = []string{"0", "-1", "1", "1711846800", "1711846799", "1730611800", "-2208988800", "253402300800",
	"9223372036854", "-9223372036855", "9223372036854775807", "-9223372036854775808", "1712415600", "1728142200"}

// tsUse draws an expression of TIMESTAMP or TIMESTAMP_NTZ type t built by
// the binder from operators: t ± an interval of either class (an interval
// first for +), and for TIMESTAMP a DATE ± a DAY-TIME interval, which
// Spark reads as a TIMESTAMP.
func (g *Generator) tsUse(t ir.Type, d int) *Node {
	iv := pick(g.r, ivTypes)
	if t.Kind == ir.KindTimestamp && g.pct(20) {
		day := pick(g.r, ivTypes[3:])
		for day.Start == ir.FieldDay && day.End == ir.FieldDay {
			day = pick(g.r, ivTypes[3:]) // a DATE ± INTERVAL DAY is a DATE (ivUse)
		}
		return &Node{K: KInfix, T: t, Text: pick(g.r, []string{"+", "-"}), Args: []*Node{g.expr(ir.TypeDate, d-1), g.ivExpr(day, d-1)}}
	}
	if g.pct(25) {
		return &Node{K: KInfix, T: t, Text: "+", Args: []*Node{g.ivExpr(iv, d-1), g.expr(t, d-1)}}
	}
	return &Node{K: KInfix, T: t, Text: pick(g.r, []string{"+", "-"}), Args: []*Node{g.expr(t, d-1), g.ivExpr(iv, d-1)}}
}

// tsDiff is ts1 - ts2 of two TIMESTAMPs or two TIMESTAMP_NTZ: an INTERVAL
// DAY TO SECOND.
func (g *Generator) tsDiff(d int) *Node {
	t := pick(g.r, []ir.Type{ir.TypeTimestamp, ir.TypeTimestampNTZ})
	return &Node{K: KInfix, T: ir.TypeDTInterval, Text: "-", Args: []*Node{g.expr(t, d-1), g.expr(t, d-1)}}
}

// allPartFields are the fields of EXTRACT and date_part: every DATE field
// in every spelling, the time-of-day fields and the interval fields.
var allPartFields = append(functions.DatePartFields(), "HOUR", "H", "HOURS", "HR", "HRS", "MINUTE", "M", "MIN", "MINS", "MINUTES",
	"SECOND", "S", "SEC", "SECONDS", "SECS")

// timePart draws EXTRACT(field FROM x) or date_part('field', x) of a
// TIMESTAMP, TIMESTAMP_NTZ or DATE with any field (the time-of-day fields
// included), or of an interval with one of its fields, CAST to t: the
// field decides the result type (INT, DECIMAL(8,6) seconds, TINYINT hours
// of an interval ...), which the binder gives.
func (g *Generator) timePart(t ir.Type, d int) *Node {
	field := pick(g.r, allPartFields)
	var src *Node
	if g.pct(40) {
		iv := pick(g.r, ivTypes)
		src = g.ivExpr(iv, d-1)
		var have []ir.Type // a constant interval folds away: mostly a column
		for _, u := range ivTypes {
			if g.col(u) != nil {
				have = append(have, u)
			}
		}
		if len(have) > 0 && !g.aggMode && g.pct(70) {
			iv = pick(g.r, have)
			src = g.col(iv)
		}
		field = pick(g.r, intervalFields(iv))
	} else {
		src = g.expr(pick(g.r, []ir.Type{ir.TypeTimestamp, ir.TypeTimestamp, ir.TypeTimestampNTZ, ir.TypeDate}), d-1)
		if src.T.Kind == ir.KindDate && !functions.IsTimeField(field) && g.pct(70) {
			field = pick(g.r, allPartFields[len(allPartFields)-15:]) // the DATE fields are datePart's
		}
	}
	if g.pct(30) {
		field = strings.ToLower(field)
	}
	var n *Node
	if g.pct(50) {
		n = &Node{K: KCall, Text: "EXTRACT FROM", Args: []*Node{g.lit(ir.TypeVarchar, field), src}}
	} else {
		n = &Node{K: KCall, Text: pick(g.r, []string{"date_part", "datepart"}), Args: []*Node{g.lit(ir.TypeVarchar, sqlString(field)), src}}
	}
	n.T = ir.TypeNull // the binder types it by the field
	return &Node{K: KCast, T: t, Args: []*Node{n}}
}

// intervalFields are the EXTRACT fields of interval type t (only those its
// fields span, Spark's ExtractIntervalPart), in some spellings.
func intervalFields(t ir.Type) []string {
	names := [][]string{{"DAY", "days", "D"}, {"HOUR", "h"}, {"MINUTE", "mins"}, {"SECOND", "s", "secs"}}
	if t.Kind == ir.KindYMInterval {
		names = [][]string{{"YEAR", "years", "Y"}, {"MONTH", "mons"}}
	}
	var out []string
	for f := int(t.Start); f <= int(t.End); f++ {
		out = append(out, names[f]...)
	}
	return out
}

// tsArg draws argument i (of type t) of TIMESTAMP function name where a
// value from a pool matters, or returns nil. first is the type of the
// call's first argument.
func (g *Generator) tsArg(name string, i int, t ir.Type, first ir.Type) *Node {
	str := t.Kind == ir.KindVarchar
	switch {
	case name == "date_trunc" && i == 0 && str:
		return g.lit(t, sqlString(pick(g.r, truncUnits)))
	case (name == "date_format" && i == 1 || name == "from_unixtime" && i == 1) && str:
		if first.Kind == ir.KindDate && name == "date_format" && g.pct(30) {
			return g.lit(t, sqlString(pick(g.r, datePatterns)))
		}
		return g.lit(t, sqlString(pick(g.r, tsFormatPatterns)))
	case tsParsers[name] && i == 1 && str:
		return g.lit(t, sqlString(pick(g.r, tsParsePatterns)))
	case tsParsers[name] && i == 0 && str:
		return g.lit(t, sqlString(pick(g.r, tsTexts)))
	case (name == "from_utc_timestamp" || name == "to_utc_timestamp") && i == 1 && str,
		name == "convert_timezone" && str:
		return g.lit(t, sqlString(pick(g.r, zoneArgs)))
	case (name == "from_unixtime" || name == "timestamp_seconds") && i == 0 && (t.Kind == ir.KindBigint || t.Kind == ir.KindInt):
		return g.lit(t, pick(g.r, epochSeconds))
	case (name == "timestamp_millis" || name == "timestamp_micros") && i == 0 && (t.Kind == ir.KindBigint || t.Kind == ir.KindInt):
		return g.lit(t, pick(g.r, []string{"0", "-1", "1", "1711846800000", "-2208988800000", "9223372036854775807",
			"-9223372036854775808", "9223372036854776", "1711846799999999"}))
	}
	return nil
}

// tsParsers are the functions that read text as a TIMESTAMP, with an
// optional pattern second.
var tsParsers = map[string]bool{"to_timestamp": true, "try_to_timestamp": true, "to_timestamp_ntz": true, "to_timestamp_ltz": true,
	"unix_timestamp": true, "to_unix_timestamp": true}
