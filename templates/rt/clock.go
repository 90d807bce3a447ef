package rt

import (
	"context"
	"math"
	"time"
)

// The evaluation's clock (docs/semantics.md 10.8). current_timestamp(),
// now(), current_date(), localtimestamp() and the special literals ('now',
// 'today' ...) read one instant per evaluation of a query, so every row and
// every call of one evaluation sees the same value, as in Spark, which
// fixes it once per query. The instant comes from the evaluator's
// context: a caller (a test, `exprc run` for a whole file) fixes it with
// WithClock; without one, an evaluation takes the time at which it starts.
// Generated code reads it once, at the top of a query's function, and only
// when the query reads the clock; its kernels are then a field read.

// Clock is the instant one evaluation of a query reads: microseconds since
// 1970-01-01 00:00:00 UTC, as a TIMESTAMP.
type Clock struct{ micros int64 }

// clockKey is the context key of a fixed clock.
type clockKey struct{}

// clockMargin keeps a fixed instant a day inside the TIMESTAMP range, so
// that its reading in any zone (at most 18 hours away) and its date are
// defined: the clock functions then never fail.
const clockMargin = MicrosPerDay

// ClockAt is the clock at t, truncated to microseconds toward the past
// (Spark's instantToMicros). An instant beyond the TIMESTAMP range (about
// ±290,000 years), less a day, is clamped to it.
func ClockAt(t time.Time) Clock {
	const lo, hi = math.MinInt64 + clockMargin, math.MaxInt64 - clockMargin
	sec := t.Unix()
	switch {
	case sec < lo/MicrosPerSecond:
		return Clock{lo}
	case sec > hi/MicrosPerSecond:
		return Clock{hi}
	}
	return Clock{sec*MicrosPerSecond + int64(t.Nanosecond())/1000}
}

// Micros is the clock's instant, a TIMESTAMP.
func (c Clock) Micros() int64 { return c.micros }

// Time is the clock's instant as a time.Time in UTC.
func (c Clock) Time() time.Time { return time.UnixMicro(c.micros).UTC() }

// WithClock returns ctx with its clock fixed at t: every evaluation under
// it reads t (truncated to microseconds) as current_timestamp(). Tests
// use it to pin the clock; `exprc run` fixes it once per run so every
// batch of a file sees the same instant.
func WithClock(ctx context.Context, t time.Time) context.Context {
	return context.WithValue(ctx, clockKey{}, ClockAt(t))
}

// FixClock returns ctx with its clock fixed: ctx itself when it already
// has one, else ctx with the clock at the current time. A caller that
// runs one query over many batches calls it once, before the first.
func FixClock(ctx context.Context) context.Context {
	if _, ok := ctx.Value(clockKey{}).(Clock); ok {
		return ctx
	}
	return WithClock(ctx, time.Now())
}

// ClockOf is the clock an evaluation under ctx reads: the one WithClock
// fixed, else the current time. An evaluation calls it once, when it
// starts.
func ClockOf(ctx context.Context) Clock {
	if c, ok := ctx.Value(clockKey{}).(Clock); ok {
		return c
	}
	return ClockAt(time.Now())
}

// ClockIsFixed reports whether ctx carries a clock fixed by WithClock.
func ClockIsFixed(ctx context.Context) bool {
	_, ok := ctx.Value(clockKey{}).(Clock)
	return ok
}

// CurrentTimestamp is current_timestamp() and now(): the clock's instant.
func CurrentTimestamp(c Clock) int64 { return c.micros }

// CurrentDateIn is current_date() in the session zone: the date of the
// clock's reading there (Spark's microsToDays(currentTimestamp, zone)).
func CurrentDateIn(c Clock, zc *ZoneCursor) int32 { return CastTimestampToDate(c.micros, zc) }

// LocalTimestampIn is localtimestamp() in the session zone: the clock's
// wall-clock reading there, a TIMESTAMP_NTZ (Spark's convertTz(now, UTC,
// zone)). The clock is a day inside the range, so the reading exists.
func LocalTimestampIn(c Clock, zc *ZoneCursor) int64 {
	local, _ := zc.ToLocal(c.micros)
	return local
}

// CurrentTimezoneIn is current_timezone(): the session zone's ID as SET TIME
// ZONE gave it. It reads no clock; folding makes it a constant.
func CurrentTimezoneIn(zc *ZoneCursor) string { return zc.String() }
