package functions

import (
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The clock functions (docs/semantics.md 10.8): current_timestamp()/now()
// here, and current_date()/curdate(), localtimestamp() and
// current_timezone(), which depend on the session zone, in each zone's set
// (clockZoneFuncs). Their kernels take the evaluation's rt.Clock first
// (Signature.KernelClock); the interpreter passes it as args[0].

// clocked marks s as a signature of a Clock function.
func clocked(s *ir.Signature) *ir.Signature {
	s.KernelClock = true
	return s
}

// clockFn builds a Clock function of no argument.
func clockFn(name, doc string, s *ir.Signature) *ir.Function {
	fn := strict(name, doc, nil, clocked(s))
	fn.Clock = true
	return fn
}

func init() {
	register(clockFn("current_timestamp",
		"The instant the evaluation of the query reads from its context, a TIMESTAMP: the same on every row and every call of one evaluation (docs/semantics.md 10.8). Also written current_timestamp without parentheses.",
		sig(tTS, ok1(rt.CurrentTimestamp))), "now")
}

// clockZoneFuncs adds zone's clock functions to z.
func clockZoneFuncs(z *zoneFuncs, zone string) {
	zz := rt.SessionZone(zone) // the interpreter's: resolved once, a cursor per call
	z.byName["current_date"] = clockFn("current_date",
		"The date, in the session time zone, of the evaluation's instant (current_timestamp()), a DATE. Also written current_date without parentheses.",
		sig(tDate, zk(ok1(func(c rt.Clock) int32 { return rt.CurrentDateIn(c, zz.Cursor()) }), rt.CurrentDateIn, zone)))
	z.byName["localtimestamp"] = clockFn("localtimestamp",
		"The wall-clock reading, in the session time zone, of the evaluation's instant (current_timestamp()), a TIMESTAMP_NTZ.",
		sig(tNTZ, zk(ok1(func(c rt.Clock) int64 { return rt.LocalTimestampIn(c, zz.Cursor()) }), rt.LocalTimestampIn, zone)))
	z.byName["current_timezone"] = strict("current_timezone",
		"The session time zone's ID as SET TIME ZONE gave it (UTC by default), a VARCHAR constant of the query.",
		nil, sig(tStr, zk(raw(func([]any) (any, *ir.EvalError) { return rt.CurrentTimezoneIn(zz.Cursor()), nil }, false), rt.CurrentTimezoneIn, zone)))
}
