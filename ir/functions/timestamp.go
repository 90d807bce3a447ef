package functions

import (
	"sync"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// TIMESTAMP and TIMESTAMP_NTZ casts (docs/semantics.md 10.5) and the
// unix_* functions. The casts between an instant and a wall-clock reading
// depend on the session zone: their signatures carry it (KernelZone) and
// are made per zone; in UTC they call kernels of pure integer arithmetic.

// zoneCast is one zone-dependent cast: the kernel of any zone (taking a
// cursor over the zone last: the interpreter's Eval resolves the zone once
// and takes a cursor per call) and the one of UTC.
type zoneCast struct {
	zoned func(zone string) impl
	utc   impl
}

var zoneCasts = map[[2]ir.Kind]zoneCast{
	{ir.KindVarchar, ir.KindTimestamp}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(k1(func(s string) (int64, *rt.Error) { return rt.CastStringToTimestamp(s, zz.Cursor()) }), rt.CastStringToTimestamp, z)
		},
		utc: k1(rt.CastStringToTimestampUTC)},
	{ir.KindTimestamp, ir.KindVarchar}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(ok1(func(v int64) string { return rt.CastTimestampToString(v, zz.Cursor()) }), rt.CastTimestampToString, z)
		},
		utc: ok1(rt.CastTimestampToStringUTC)},
	{ir.KindTimestamp, ir.KindDate}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(ok1(func(v int64) int32 { return rt.CastTimestampToDate(v, zz.Cursor()) }), rt.CastTimestampToDate, z)
		},
		utc: ok1(rt.CastTimestampNTZToDate)},
	{ir.KindDate, ir.KindTimestamp}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(ok1(func(d int32) int64 { return rt.CastDateToTimestamp(d, zz.Cursor()) }), rt.CastDateToTimestamp, z)
		},
		utc: ok1(rt.CastDateToTimestampNTZ)},
	{ir.KindTimestamp, ir.KindTimestampNTZ}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(k1(func(v int64) (int64, *rt.Error) { return rt.CastTimestampToTimestampNTZ(v, zz.Cursor()) }), rt.CastTimestampToTimestampNTZ, z)
		},
		utc: ok1(rt.UnixMicros)},
	{ir.KindTimestampNTZ, ir.KindTimestamp}: {
		zoned: func(z string) impl {
			zz := rt.SessionZone(z)
			return zk(k1(func(v int64) (int64, *rt.Error) { return rt.CastTimestampNTZToTimestamp(v, zz.Cursor()) }), rt.CastTimestampNTZToTimestamp, z)
		},
		utc: ok1(rt.UnixMicros)},
}

// zk records k, an adapter of a closure over zone, as a call of rt kernel
// fn with the zone as its last argument.
func zk(k impl, fn any, zone string) impl {
	k.fn, k.zone = fn, zone
	return k
}

var zoneSigs struct {
	sync.Mutex
	m map[zoneSigKey]*ir.Signature
}

type zoneSigKey struct {
	from, to ir.Kind
	zone     string
}

// resolveZoneCast is the signature of a zone-dependent cast in zone, one
// per cast and zone so equal casts share it; ok is false for other casts.
func resolveZoneCast(from, to ir.Type, zone string) (*ir.Signature, bool) {
	zc, ok := zoneCasts[[2]ir.Kind{from.Kind, to.Kind}]
	if !ok {
		return nil, false
	}
	if zone == "" || zone == "UTC" {
		return castSigs[[2]ir.Kind{from.Kind, to.Kind}], true
	}
	zoneSigs.Lock()
	defer zoneSigs.Unlock()
	key := zoneSigKey{from.Kind, to.Kind, zone}
	if s, ok := zoneSigs.m[key]; ok {
		return s, true
	}
	if zoneSigs.m == nil {
		zoneSigs.m = map[zoneSigKey]*ir.Signature{}
	}
	s := sig(to, zc.zoned(zone), from)
	zoneSigs.m[key] = s
	return s, true
}

// addTimestampCasts adds the TIMESTAMP and TIMESTAMP_NTZ casts (the UTC
// kernels of the zone-dependent ones) to castSigs, before the casts'
// synopsis is built.
func addTimestampCasts() {
	for k, zc := range zoneCasts {
		addCast(ir.Type{Kind: k[0]}, ir.Type{Kind: k[1]}, zc.utc)
	}
	addCast(tStr, tNTZ, k1(rt.CastStringToTimestampNTZ))
	addCast(tNTZ, tStr, ok1(rt.CastTimestampNTZToString))
	addCast(tNTZ, tDate, ok1(rt.CastTimestampNTZToDate))
	addCast(tDate, tNTZ, ok1(rt.CastDateToTimestampNTZ))
	addCast(tTS, tBig, ok1(rt.CastTimestampToInt64))
	addCast(tTS, tInt, k1(rt.CastTimestampToInt32))
	addCast(tTS, tSml, k1(rt.CastTimestampToInt16))
	addCast(tTS, tTiny, k1(rt.CastTimestampToInt8))
	addCast(tTS, tDbl, ok1(rt.CastTimestampToFloat64))
	addCast(tTS, tFlt, ok1(rt.CastTimestampToFloat32))
	addCast(tBig, tTS, k1(rt.CastInt64ToTimestamp))
	addCast(tInt, tTS, ok1(rt.CastInt32ToTimestamp))
	addCast(tSml, tTS, ok1(rt.CastInt16ToTimestamp))
	addCast(tTiny, tTS, ok1(rt.CastInt8ToTimestamp))
	addCast(tDbl, tTS, k1(rt.CastFloat64ToTimestamp))
	addCast(tFlt, tTS, k1(rt.CastFloat32ToTimestamp))
}

func init() {
	register(strict("unix_seconds", "Seconds since 1970-01-01 00:00:00 UTC of the instant, floored (-0.5 s is -1).",
		nil, sig(tBig, ok1(rt.CastTimestampToInt64), tTS)))
	register(strict("unix_millis", "Milliseconds since 1970-01-01 00:00:00 UTC of the instant, floored.",
		nil, sig(tBig, ok1(rt.UnixMillis), tTS)))
	register(strict("unix_micros", "Microseconds since 1970-01-01 00:00:00 UTC of the instant.",
		nil, sig(tBig, ok1(rt.UnixMicros), tTS)))
}

// DecimalToTimestamp is the signature of CAST(DECIMAL(p, s) AS TIMESTAMP),
// whose kernel takes the scale and precision.
func DecimalToTimestamp(from ir.Type) *ir.Signature {
	sc, p := from.S(), from.P()
	bound := func(v rt.Decimal) (int64, *rt.Error) { return rt.CastDecimalToTimestamp(v, sc, p) }
	return sig(tTS, withConsts(k1(bound), rt.CastDecimalToTimestamp, sc, p), from)
}
