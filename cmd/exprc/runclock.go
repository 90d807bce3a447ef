package main

import (
	"context"
	"fmt"
	"time"

	"github.com/exprc/exprc/templates/rt"
)

// runClock returns what fixes the clock of a run (docs/semantics.md 10.8)
// in its context: the instant --now gives (RFC 3339), or, with now empty,
// the time the run starts. Every batch then reads the same instant, as
// Spark fixes one per query, whichever engine runs.
func runClock(now string) (func(context.Context) context.Context, error) {
	if now == "" {
		return rt.FixClock, nil
	}
	t, err := time.Parse(time.RFC3339Nano, now)
	if err != nil {
		return nil, fmt.Errorf("--now %q: want an RFC 3339 instant such as 2024-03-10T01:30:00Z", now)
	}
	return func(ctx context.Context) context.Context { return rt.WithClock(ctx, t) }, nil
}

// clockArgs are the flags that pass the run's fixed clock to the compiled
// engine's program, so that it reads the instant exprc fixed.
func clockArgs(ctx context.Context) []string {
	return []string{"-clock", fmt.Sprint(rt.ClockOf(ctx).Micros())}
}
