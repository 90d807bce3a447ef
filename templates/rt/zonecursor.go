package rt

import "math"

// ZoneCursor is a Zone read row after row: it remembers the last zone
// period it found, the instants [lo, hi) that have one offset and the
// wall-clock readings [llo, lhi) that resolve to one offset without a gap
// or an overlap, so that consecutive rows of a column of event times (which
// mostly fall in the same half-year between two daylight-saving changes)
// cost two comparisons instead of a binary search of the zone's table. In a
// fixed zone (UTC, '+01:00') both ranges are everything from the start.
//
// Generated code takes one cursor per batch (the zone itself is resolved
// once per program, a package-level variable), the interpreter one per
// call; a cursor is not safe for concurrent use, and is meant to live on
// the stack (Zone.Cursor inlines, and no kernel keeps the pointer).
type ZoneCursor struct {
	z        *Zone
	lo, hi   int64 // instants (seconds) whose offset is off
	llo, lhi int64 // readings (seconds, read as UTC) that resolve to loff
	off      int32
	loff     int32
	// loUs and hiUs are [lo, hi) in microseconds, narrowed to instants at
	// least two days inside the int64 range, and offUs is off in
	// microseconds: a TIMESTAMP in [loUs, hiUs) has the offset offUs, and
	// us + offUs (its reading) and the reading a day away cannot overflow,
	// so the kernels' fast paths need no division and no overflow check.
	loUs, hiUs, offUs int64
	// spanUs is hiUs - loUs as an unsigned number (0 for an empty
	// period), so that holds is one subtraction and one comparison.
	spanUs uint64
}

// usMargin keeps a cursor's microsecond range two days inside int64.
const usMargin = 2 * MicrosPerDay

// setMicros sets loUs, hiUs and offUs from lo, hi and off.
func (c *ZoneCursor) setMicros() {
	c.loUs, c.hiUs, c.offUs = math.MinInt64+usMargin, math.MaxInt64-usMargin, int64(c.off)*MicrosPerSecond
	if c.lo > c.loUs/MicrosPerSecond {
		c.loUs = c.lo * MicrosPerSecond
	}
	if c.hi < c.hiUs/MicrosPerSecond {
		c.hiUs = c.hi * MicrosPerSecond
	}
	c.spanUs = uint64(c.hiUs) - uint64(c.loUs)
	if c.lo > c.hi || c.loUs > c.hiUs {
		c.loUs, c.hiUs, c.spanUs = 1, 0, 0 // empty
	}
}

// holds reports whether the TIMESTAMP us is in the remembered period, at
// least two days inside the int64 range.
func (c *ZoneCursor) holds(us int64) bool { return uint64(us)-uint64(c.loUs) < c.spanUs }

// Cursor returns a fresh cursor over the zone. It inlines, so a cursor
// that no kernel keeps stays on the caller's stack.
func (z *Zone) Cursor() *ZoneCursor {
	if len(z.trans) == 0 && !z.open {
		return &ZoneCursor{z: z, lo: math.MinInt64, hi: math.MaxInt64, llo: math.MinInt64, lhi: math.MaxInt64,
			off: z.first, loff: z.first,
			loUs: math.MinInt64 + usMargin, hiUs: math.MaxInt64 - usMargin, offUs: int64(z.first) * MicrosPerSecond,
			spanUs: math.MaxUint64 - 2*uint64(usMargin)}
	}
	return &ZoneCursor{z: z, lo: 1, llo: 1, loUs: 1} // empty ranges: the first row looks up
}

// SessionZone is the zone a SET TIME ZONE names, which the compiler has
// already checked (ZoneOf): what generated code resolves once, in a
// package-level variable, for the kernels of the queries in that zone.
func SessionZone(name string) *Zone {
	if z, ok := ZoneOf(name); ok {
		return z
	}
	return UTC
}

// Zone is the cursor's zone.
func (c *ZoneCursor) Zone() *Zone { return c.z }

// IsFixed reports whether the cursor's zone has one offset forever.
func (c *ZoneCursor) IsFixed() bool { return c.z.IsFixed() }

// String is the zone's ID.
func (c *ZoneCursor) String() string { return c.z.name }

// OffsetSeconds is Zone.OffsetSeconds, from the remembered period when sec
// is in it.
func (c *ZoneCursor) OffsetSeconds(sec int64) int32 {
	if c.lo <= sec && sec < c.hi {
		return c.off
	}
	return c.seekAt(sec)
}

// seekAt finds the period of the instant sec (seconds) and remembers it.
func (c *ZoneCursor) seekAt(sec int64) int32 {
	z := c.z
	if len(z.trans) == 0 && !z.open || z.open && sec >= tableEnd {
		// Fixed (sec is math.MaxInt64), or past the table: not remembered.
		return z.OffsetSeconds(sec)
	}
	i := searchAt(z.trans, sec)
	lo, off := int64(math.MinInt64), z.first
	if i >= 0 {
		lo, off = z.trans[i].at, z.trans[i].after
	}
	hi := int64(math.MaxInt64)
	if i+1 < len(z.trans) {
		hi = z.trans[i+1].at
	} else if z.open {
		hi = tableEnd
	}
	c.lo, c.hi, c.off = lo, hi, off
	c.setMicros()
	return off
}

// inPeriod reports whether the instant sec (seconds) is in the remembered
// period: after OffsetSeconds(a) found the period of a, inPeriod(a) and
// inPeriod(b) together say that b has a's offset.
func (c *ZoneCursor) inPeriod(sec int64) bool { return c.lo <= sec && sec < c.hi }

// OffsetMicros is the zone's offset, in microseconds, at the TIMESTAMP us.
func (c *ZoneCursor) OffsetMicros(us int64) int64 {
	if c.holds(us) {
		return c.offUs
	}
	return int64(c.OffsetSeconds(floorDiv(us, MicrosPerSecond))) * MicrosPerSecond
}

// LocalDayAndTime is Zone.LocalDayAndTime.
func (c *ZoneCursor) LocalDayAndTime(us int64) (days, tod int64) {
	return splitLocal(us, c.OffsetMicros(us))
}

// ToLocal is Zone.ToLocal.
func (c *ZoneCursor) ToLocal(us int64) (int64, bool) { return addOffset(us, c.OffsetMicros(us)) }

// resolveSec is Zone.resolveSec, from the remembered readings when local is
// among them (where the preferred offset cannot matter: they are neither in
// a gap nor in an overlap).
func (c *ZoneCursor) resolveSec(local int64, pref int32) int32 {
	if c.llo <= local && local < c.lhi {
		return c.loff
	}
	return c.seekLocal(local, pref)
}

// seekLocal resolves the reading local (seconds) and, when it is outside
// every gap and overlap, remembers the readings that resolve as it does:
// from the end of the last change's gap or overlap up to the start of the
// next one's.
func (c *ZoneCursor) seekLocal(local int64, pref int32) int32 {
	z := c.z
	if len(z.trans) == 0 && !z.open || z.open && local >= tableEnd-2*86400 {
		return z.resolveSec(local, pref)
	}
	i := searchLocal(z.trans, local)
	lo, off := int64(math.MinInt64), z.first
	if i >= 0 {
		t := z.trans[i]
		lo, off = t.at+int64(max(t.before, t.after)), t.after
	}
	hi := int64(math.MaxInt64)
	if i+1 < len(z.trans) {
		hi = z.trans[i+1].localLo
	}
	if z.open {
		hi = min(hi, tableEnd-2*86400)
	}
	if local < lo || local >= hi {
		return z.resolveSec(local, pref) // in a gap or an overlap
	}
	c.llo, c.lhi, c.loff = lo, hi, off
	return off
}

// FromLocal is Zone.FromLocal.
func (c *ZoneCursor) FromLocal(local int64, pref int32) (int64, bool) {
	return subOffset(local, int64(c.resolveSec(floorDiv(local, MicrosPerSecond), pref))*MicrosPerSecond)
}

// fromLocalParts is Zone.fromLocalParts.
func (c *ZoneCursor) fromLocalParts(days, tod int64, pref int32) (int64, bool) {
	sec := days*86400 + floorDiv(tod, MicrosPerSecond)
	return instantOfParts(sec, tod, int64(c.resolveSec(sec, pref)))
}

// StartOfDay is Zone.StartOfDay (not remembered: a gap at midnight needs
// the zone's table).
func (c *ZoneCursor) StartOfDay(days int64) (int64, bool) { return c.z.StartOfDay(days) }

// zoneName is Zone.zoneName.
func (c *ZoneCursor) zoneName(sec int64) string { return c.z.zoneName(sec) }
