package functions

import (
	"strings"
	"sync"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The TIMESTAMP functions that depend on the session time zone (hour,
// date_format, to_timestamp ...; docs/semantics.md 10.12) and the hidden
// functions of ts ± interval and ts - ts (10.7). Their signatures carry the
// zone (KernelZone), so each zone has its own set, built once and shared
// by the queries in it: the registry holds UTC's (what docs/functions.md
// lists), LookupIn and the exported helpers below return the set of a
// query's zone.

// zoneFuncs is one zone's set.
type zoneFuncs struct {
	byName                     map[string]*ir.Function
	addYM, subYM, addDT, subDT *ir.Function
	subTS                      *ir.Function
	extractSecond              *ir.Function
	unitAdd, unitDiff          *ir.Function // TIMESTAMPADD, TIMESTAMPDIFF (tsunits.go)
}

var zoneSets sync.Map // zone name -> *zoneFuncs

// utcZoneFuncs is the set the registry holds.
var utcZoneFuncs = buildZoneFuncs("UTC")

func init() {
	for _, fn := range zoneFuncList(utcZoneFuncs) {
		register(fn, tsAliases[fn.Name]...)
	}
	zoneSets.Store("UTC", utcZoneFuncs)
}

// tsAliases are the other names of the zone-dependent functions.
var tsAliases = map[string][]string{"to_timestamp": {"to_timestamp_ltz"}, "current_date": {"curdate"},
	"make_timestamp": {"make_timestamp_ltz"}, "try_make_timestamp": {"try_make_timestamp_ltz"}}

// zoneFuncList is a set's registered functions in a fixed order.
func zoneFuncList(z *zoneFuncs) []*ir.Function {
	out := make([]*ir.Function, 0, len(z.byName))
	for _, n := range zoneFuncNames {
		out = append(out, z.byName[n])
	}
	return out
}

// zoneFuncNames are the names of the zone-dependent registry functions.
var zoneFuncNames = []string{"hour", "minute", "second", "date_format", "from_unixtime",
	"to_timestamp", "unix_timestamp", "to_unix_timestamp", "date_trunc", "convert_timezone", "try_to_timestamp",
	"current_date", "localtimestamp", "current_timezone", "make_timestamp", "try_make_timestamp"}

// zoneSet is zone's set, built on first use ("" is UTC).
func zoneSet(zone string) *zoneFuncs {
	if zone == "" {
		zone = "UTC"
	}
	if z, ok := zoneSets.Load(zone); ok {
		return z.(*zoneFuncs)
	}
	// Building the set registers its rewrites in expansions: one builder
	// at a time, and no binder reading them meanwhile.
	expansionsMu.Lock()
	defer expansionsMu.Unlock()
	if z, ok := zoneSets.Load(zone); ok {
		return z.(*zoneFuncs)
	}
	z := buildZoneFuncs(zone)
	zoneSets.Store(zone, z)
	return z
}

// LookupIn is Lookup for a query in the session zone zone: the
// zone-dependent functions come from that zone's set.
func LookupIn(name, zone string) *ir.Function {
	fn := Lookup(name)
	if fn == nil {
		return nil
	}
	if z := zoneSet(zone); z != utcZoneFuncs {
		if zf, ok := z.byName[fn.Name]; ok && utcZoneFuncs.byName[fn.Name] == fn {
			return zf
		}
	}
	return fn
}

// TimestampInterval is the hidden function of ts + i (op "+") or ts - i
// (op "-") for an interval of class iv (YEAR-MONTH or DAY-TIME) in zone;
// it takes a TIMESTAMP or a TIMESTAMP_NTZ and returns the same type.
func TimestampInterval(op string, iv ir.Type, zone string) *ir.Function {
	z := zoneSet(zone)
	switch {
	case iv.Kind == ir.KindYMInterval && op == "+":
		return z.addYM
	case iv.Kind == ir.KindYMInterval:
		return z.subYM
	case op == "+":
		return z.addDT
	}
	return z.subDT
}

// TimestampPart is the function EXTRACT(field FROM ts) and date_part call
// on a TIMESTAMP or TIMESTAMP_NTZ for a time-of-day field (HOUR, MINUTE,
// SECOND and their synonyms) in zone; ok is false for another field.
func TimestampPart(field, zone string) (*ir.Function, bool) {
	up := strings.ToUpper(field)
	if !timeFields[up] {
		return nil, false
	}
	z := zoneSet(zone)
	switch up[0] {
	case 'H':
		return z.byName["hour"], true
	case 'M':
		return z.byName["minute"], true
	}
	return z.extractSecond, true
}

// IsTimeField reports whether field (any case) is a time-of-day field of
// EXTRACT.
func IsTimeField(field string) bool { return timeFields[strings.ToUpper(field)] }

// SubtractTimestampsIn is the hidden function of ts1 - ts2 (two TIMESTAMPs
// or two TIMESTAMP_NTZ) in zone: an INTERVAL DAY TO SECOND.
func SubtractTimestampsIn(zone string) *ir.Function { return zoneSet(zone).subTS }

// buildZoneFuncs builds zone's set. Every kernel taking the zone is a
// closure over it for the interpreter and records the rt kernel and the
// zone for generated code (zk).
func buildZoneFuncs(zone string) *zoneFuncs {
	z := &zoneFuncs{byName: map[string]*ir.Function{}}
	zz := rt.SessionZone(zone) // the interpreter's: resolved once, a cursor per call
	field := func(name, what string, f func(int64, *rt.ZoneCursor) int32, ntz func(int64) int32) {
		z.byName[name] = strict(name, "The "+what+" of the wall-clock reading of a TIMESTAMP in the session time zone (of a TIMESTAMP_NTZ: its own reading).", nil,
			sig(tInt, ok1(ntz), tNTZ),
			sig(tInt, zk(ok1(func(us int64) int32 { return f(us, zz.Cursor()) }), f, zone), tTS))
	}
	field("hour", "hour (0-23)", rt.HourTimestampIn, rt.HourTimestampNTZ)
	field("minute", "minute (0-59)", rt.MinuteTimestampIn, rt.MinuteTimestampNTZ)
	field("second", "second (0-59, the fraction dropped)", rt.SecondTimestampIn, rt.SecondTimestampNTZ)

	patErrs := errs(rt.InvalidDatetimePatternChar, rt.InvalidDatetimePatternLength)
	z.byName["date_format"] = strict("date_format",
		"date_format(d, fmt) writes a DATE with the DATE letters of docs/semantics.md 6.6 (time-of-day and zone letters raise INVALID_DATETIME_PATTERN); date_format(ts, fmt) writes a TIMESTAMP's reading in the session time zone with Spark's full pattern table (10.12). A constant invalid fmt is a compile error.",
		patErrs,
		sig(tStr, k2(rt.DateFormat), tDate, tStr),
		sig(tStr, zk(k2(func(us int64, p string) (string, *rt.Error) { return rt.DateFormatTimestampIn(us, p, zz.Cursor()) }), rt.DateFormatTimestampIn, zone), tTS, tStr))
	z.byName["from_unixtime"] = strict("from_unixtime",
		"The instant sec seconds after 1970-01-01 00:00:00 UTC written in the session time zone with the pattern fmt (default yyyy-MM-dd HH:mm:ss). A constant invalid fmt is a compile error.",
		append(errs(ir.ErrArithmeticOverflow), patErrs...),
		sig(tStr, zk(k1(func(s int64) (string, *rt.Error) { return rt.FromUnixTimeDefaultIn(s, zz.Cursor()) }), rt.FromUnixTimeDefaultIn, zone), tBig),
		sig(tStr, zk(k2(func(s int64, p string) (string, *rt.Error) { return rt.FromUnixTimeIn(s, p, zz.Cursor()) }), rt.FromUnixTimeIn, zone), tBig, tStr))
	parseErrs := append(errs(rt.CastInvalidInput, rt.CannotParseTimestamp), patErrs...)
	z.byName["to_timestamp"] = strict("to_timestamp",
		"to_timestamp(s) is CAST(s AS TIMESTAMP); to_timestamp(s, fmt) reads s with the datetime pattern fmt, text without a zone in the session time zone (docs/semantics.md 10.12); text that does not match raises CANNOT_PARSE_TIMESTAMP. A constant invalid fmt is a compile error.",
		parseErrs,
		sig(tTS, zk(k1(func(s string) (int64, *rt.Error) { return rt.CastStringToTimestamp(s, zz.Cursor()) }), rt.CastStringToTimestamp, zone), tStr),
		sig(tTS, zk(k2(func(s, p string) (int64, *rt.Error) { return rt.ToTimestampFmtIn(s, p, zz.Cursor()) }), rt.ToTimestampFmtIn, zone), tStr, tStr))
	tryDomain := domain("try_to_timestamp_domain",
		sig(tBool, zk(ok2(func(s, p string) bool { return rt.ToTimestampFmtDefinedIn(s, p, zz.Cursor()) }), rt.ToTimestampFmtDefinedIn, zone), tStr, tStr))
	z.byName["try_to_timestamp"] = guarded("try_to_timestamp",
		"to_timestamp(s, fmt), but NULL where s does not read with fmt instead of raising. An argument's own error is still raised; a constant invalid fmt is a compile error.",
		nil, tryDomain,
		sig(tTS, zk(ok2(func(s, p string) int64 { return rt.TryToTimestampFmtIn(s, p, zz.Cursor()) }), rt.TryToTimestampFmtIn, zone), tStr, tStr))
	unix := func(name, doc string) *ir.Function {
		return strict(name, doc, parseErrs,
			sig(tBig, zk(k1(func(s string) (int64, *rt.Error) { return rt.ToUnixTimestampDefaultIn(s, zz.Cursor()) }), rt.ToUnixTimestampDefaultIn, zone), tStr),
			sig(tBig, zk(k2(func(s, p string) (int64, *rt.Error) { return rt.ToUnixTimestampFmtIn(s, p, zz.Cursor()) }), rt.ToUnixTimestampFmtIn, zone), tStr, tStr),
			sig(tBig, ok1(rt.UnixSeconds), tTS),
			sig(tBig, zk(ok1(func(d int32) int64 { return rt.UnixTimestampDateIn(d, zz.Cursor()) }), rt.UnixTimestampDateIn, zone), tDate))
	}
	z.byName["unix_timestamp"] = unix("unix_timestamp",
		"Seconds since 1970-01-01 00:00:00 UTC of s read with fmt (default yyyy-MM-dd HH:mm:ss) in the session time zone, of a TIMESTAMP, or of a DATE's start of day in the session zone. unix_timestamp() is the seconds of current_timestamp(), the evaluation's clock (docs/semantics.md 10.8).")
	z.byName["to_unix_timestamp"] = unix("to_unix_timestamp", "unix_timestamp with an argument.")
	trunc := domain("date_trunc_domain", sig(tBool, ok2(rt.DateTruncDefined), tStr, tTS))
	z.byName["date_trunc"] = guarded("date_trunc",
		"ts truncated to unit (MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY/DD, WEEK, MON/MONTH/MM, QUARTER, YEAR/YYYY/YY, any case) in the session time zone, as Spark's truncTimestamp (docs/semantics.md 10.12); NULL for another unit.",
		errs(ir.ErrArithmeticOverflow), trunc,
		sig(tTS, zk(k2(func(u string, us int64) (int64, *rt.Error) { return rt.DateTruncIn(u, us, zz.Cursor()) }), rt.DateTruncIn, zone), tStr, tTS))
	constTruncUnits(z.byName["date_trunc"], zone, zz)

	z.byName["convert_timezone"] = strict("convert_timezone",
		"convert_timezone(sourceTz, targetTz, ntz) reads the TIMESTAMP_NTZ ntz in zone sourceTz and gives its reading in targetTz; convert_timezone(targetTz, ntz) reads it in the session time zone. A zone Spark's getZoneId refuses raises INVALID_TIMEZONE.",
		errs(rt.InvalidTimezone, ir.ErrArithmeticOverflow),
		sig(tNTZ, zk(k2(func(t string, v int64) (int64, *rt.Error) { return rt.ConvertTimezoneIn(t, v, zz.Cursor()) }), rt.ConvertTimezoneIn, zone), tStr, tNTZ),
		sig(tNTZ, k3(rt.ConvertTimezone), tStr, tStr, tNTZ))

	addMakeTimestamp(z, zone)
	addTimestampUnits(z, zone)

	z.extractSecond = strict("extract_second", "EXTRACT(SECOND FROM ts): the seconds of the minute of ts's reading in the session zone, with their microseconds, DECIMAL(8,6).", nil,
		sig(ir.DecimalOf(8, 6), ok1(rt.ExtractSecondTimestampNTZ), tNTZ),
		sig(ir.DecimalOf(8, 6), zk(ok1(func(us int64) rt.Decimal { return rt.ExtractSecondTimestampIn(us, zz.Cursor()) }), rt.ExtractSecondTimestampIn, zone), tTS))

	ym, dt := ir.TypeYMInterval, ir.TypeDTInterval
	over := errs(ir.ErrArithmeticOverflow)
	z.addYM = strict("timestamp_add_ym_interval", "ts + i of a TIMESTAMP and a YEAR-MONTH interval: the reading moves by months in the session zone, the day clamped to the month's end.", over,
		sig(tNTZ, k2(rt.TimestampAddMonthsUTC), tNTZ, ym),
		sig(tTS, zk(k2(func(us int64, m int32) (int64, *rt.Error) { return rt.TimestampAddYMIn(us, m, zz.Cursor()) }), rt.TimestampAddYMIn, zone), tTS, ym))
	z.subYM = strict("timestamp_sub_ym_interval", "ts - i of a TIMESTAMP and a YEAR-MONTH interval.", over,
		sig(tNTZ, k2(rt.TimestampSubYMUTC), tNTZ, ym),
		sig(tTS, zk(k2(func(us int64, m int32) (int64, *rt.Error) { return rt.TimestampSubYMIn(us, m, zz.Cursor()) }), rt.TimestampSubYMIn, zone), tTS, ym))
	z.addDT = strict("timestamp_add_dt_interval", "ts + i of a TIMESTAMP and a DAY-TIME interval: whole days on the calendar of the session zone, the rest as elapsed time.", over,
		sig(tNTZ, k2(rt.TimestampAddDayTimeUTC), tNTZ, dt),
		sig(tTS, zk(k2(func(us, d int64) (int64, *rt.Error) { return rt.TimestampAddDTIn(us, d, zz.Cursor()) }), rt.TimestampAddDTIn, zone), tTS, dt))
	z.subDT = strict("timestamp_sub_dt_interval", "ts - i of a TIMESTAMP and a DAY-TIME interval.", over,
		sig(tNTZ, k2(rt.TimestampSubDTUTC), tNTZ, dt),
		sig(tTS, zk(k2(func(us, d int64) (int64, *rt.Error) { return rt.TimestampSubDTIn(us, d, zz.Cursor()) }), rt.TimestampSubDTIn, zone), tTS, dt))
	z.subTS = strict("subtract_timestamps", "ts1 - ts2: the difference of the wall-clock readings in the session zone, an INTERVAL DAY TO SECOND.", over,
		sig(dt, k2(rt.SubtractTimestampsUTC), tNTZ, tNTZ),
		sig(dt, zk(k2(func(a, b int64) (int64, *rt.Error) { return rt.SubtractTimestampsIn(a, b, zz.Cursor()) }), rt.SubtractTimestampsIn, zone), tTS, tTS))
	clockZoneFuncs(z, zone)
	return z
}

// constTruncUnits makes the binder bind date_trunc with a constant MINUTE,
// HOUR or DAY unit (any spelling) to a hidden function of ts alone whose
// kernel is that unit's (rt.DateTruncHourIn ...): the unit is resolved at
// compile time, so a row pays neither the NULL guard of an unknown unit nor
// the reading of the unit text. Other units, and a unit that is not a
// constant, keep the guarded general form.
func constTruncUnits(trunc *ir.Function, zone string, zz *rt.Zone) {
	unit := func(name string, k func(int64, *rt.ZoneCursor) (int64, *rt.Error)) *ir.Function {
		return strict("date_trunc_"+strings.ToLower(name), "date_trunc('"+name+"', ts): date_trunc with its unit resolved at compile time.",
			errs(ir.ErrArithmeticOverflow),
			sig(tTS, zk(k1(func(us int64) (int64, *rt.Error) { return k(us, zz.Cursor()) }), k, zone), tTS))
	}
	units := map[string]*ir.Function{
		"MINUTE": unit("MINUTE", rt.DateTruncMinuteIn),
		"HOUR":   unit("HOUR", rt.DateTruncHourIn),
		"DAY":    unit("DAY", rt.DateTruncDayIn),
	}
	general := expansions[trunc]
	expansions[trunc] = func(c *ir.Call) ir.Expr {
		if u, ok := c.Args[0].(*ir.Const); ok && u.Err == nil {
			if text, ok := u.V.(string); ok {
				if fn := units[rt.DateTruncUnitKernel(text)]; fn != nil {
					if sig, err := fn.Resolve(c.Sig.Params[1:]); err == nil {
						return &ir.Call{Fn: fn, Sig: sig, Args: c.Args[1:]}
					}
				}
			}
		}
		return general(c)
	}
}

// The TIMESTAMP functions that do not depend on the session zone.
func init() {
	register(strict("from_utc_timestamp",
		"The reading, in zone tz, of the instant whose UTC reading is ts's (ts's UTC reading taken as a time in tz): a TIMESTAMP. A tz getZoneId refuses raises INVALID_TIMEZONE.",
		errs(rt.InvalidTimezone, ir.ErrArithmeticOverflow), sig(tTS, k2(rt.FromUTCTimestamp), tTS, tStr)))
	register(strict("to_utc_timestamp",
		"The inverse of from_utc_timestamp: ts's UTC reading taken as a time in tz, back to UTC. A tz getZoneId refuses raises INVALID_TIMEZONE.",
		errs(rt.InvalidTimezone, ir.ErrArithmeticOverflow), sig(tTS, k2(rt.ToUTCTimestamp), tTS, tStr)))
	register(strict("timestamp_seconds", "The instant n seconds after 1970-01-01 00:00:00 UTC; ARITHMETIC_OVERFLOW beyond the TIMESTAMP range.",
		errs(ir.ErrArithmeticOverflow), sig(tTS, k1(rt.TimestampSeconds), tBig)))
	register(strict("timestamp_millis", "The instant n milliseconds after 1970-01-01 00:00:00 UTC; ARITHMETIC_OVERFLOW beyond the TIMESTAMP range.",
		errs(ir.ErrArithmeticOverflow), sig(tTS, k1(rt.TimestampMillis), tBig)))
	register(strict("timestamp_micros", "The instant n microseconds after 1970-01-01 00:00:00 UTC.",
		nil, sig(tTS, ok1(rt.TimestampMicros), tBig)))
	register(strict("to_timestamp_ntz",
		"to_timestamp_ntz(s) is CAST(s AS TIMESTAMP_NTZ); to_timestamp_ntz(s, fmt) reads s with the datetime pattern fmt (a zone in the text is refused); text that does not match raises CANNOT_PARSE_TIMESTAMP. A constant invalid fmt is a compile error.",
		errs(rt.CastInvalidInput, rt.CannotParseTimestamp, rt.InvalidDatetimePatternChar, rt.InvalidDatetimePatternLength),
		sig(tNTZ, k1(rt.CastStringToTimestampNTZ), tStr),
		sig(tNTZ, k2(rt.ToTimestampNTZFmt), tStr, tStr)))
}

// tsPatternArg reports whether a constant second argument of fn over args
// is a TIMESTAMP datetime pattern, and whether it only formats (else it
// parses).
func tsPatternArg(fn *ir.Function, args []ir.Expr) (is, formats bool) {
	if len(args) != 2 {
		return false, false
	}
	switch strings.ToLower(fn.Name) {
	case "date_format":
		return args[0].Type().Kind == ir.KindTimestamp, true
	case "from_unixtime":
		return true, true
	case "to_timestamp", "unix_timestamp", "to_unix_timestamp", "to_timestamp_ntz", "try_to_timestamp":
		return true, false
	}
	return false, false
}
