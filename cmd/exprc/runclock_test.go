package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const clockSpec = `CREATE TABLE t (a BIGINT);
SET TIME ZONE 'Europe/Paris';

-- name: Clock
SELECT a, current_timestamp() AS ts, current_date AS d, localtimestamp() AS lt FROM t;
`

// clockRun runs query Clock over 200 rows in batches of one row on four
// threads and returns its output lines.
func clockRun(t *testing.T, extra ...string) []string {
	t.Helper()
	dir := t.TempDir()
	spec := filepath.Join(dir, "clock.sql")
	data := filepath.Join(dir, "t.csv")
	var rows strings.Builder
	rows.WriteString("a\n")
	for i := range 200 {
		rows.WriteString(strings.Repeat("1", 1+i%3) + "\n")
	}
	if err := os.WriteFile(spec, []byte(clockSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, []byte(rows.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"run", spec, "--query", "Clock", "--input", "t=" + data, "--format", "csv", "--batch-size", "1", "--threads", "4"}, extra...)
	r := exprc(args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("run: %+v", r)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 201 {
		t.Fatalf("got %d lines, want a header and 200 rows", len(lines))
	}
	return lines[1:]
}

// clockOf is the part of an output line after column a: what the clock gave.
func clockOf(line string) string {
	_, rest, _ := strings.Cut(line, ",")
	return rest
}

// TestRunFixesClockOnce checks that every batch of a run reads the same
// instant (docs/semantics.md 10.8): 200 batches of one row, evaluated on
// four threads over a few milliseconds, give one value, and it is the time
// of the run.
func TestRunFixesClockOnce(t *testing.T) {
	before := time.Now().UTC()
	lines := clockRun(t)
	after := time.Now().UTC()
	first := clockOf(lines[0])
	for i, l := range lines {
		if clockOf(l) != first {
			t.Fatalf("row %d read %q, row 0 %q: the batches of one run read different instants", i, clockOf(l), first)
		}
	}
	ts, _, _ := strings.Cut(first, ",")
	got, err := time.Parse("2006-01-02T15:04:05.000Z07:00", ts)
	if err != nil {
		t.Fatalf("current_timestamp() %q: %v", ts, err)
	}
	if got.Before(before.Truncate(time.Millisecond)) || got.After(after) {
		t.Errorf("current_timestamp() = %v, not within the run (%v to %v)", got, before, after)
	}
}

// TestRunNowCompiled checks that the compiled engine's program reads the
// instant exprc fixed (its -clock flag) in every batch.
func TestRunNowCompiled(t *testing.T) {
	needCompiled(t)
	lines := clockRun(t, "--now", "2024-10-27T00:30:00.123456Z", "--engine", "compiled")
	// 00:30 UTC is 02:30 CEST, the first of the two 02:30s of that night
	// (CSV writes a TIMESTAMP in the session zone, with its offset)
	want := "2024-10-27T02:30:00.123+02:00,2024-10-27,2024-10-27T02:30:00.123"
	for i, l := range lines {
		if clockOf(l) != want {
			t.Fatalf("row %d: %q, want %q", i, clockOf(l), want)
		}
	}
}

// TestRunNow checks --now: 2024-03-31 00:30 UTC is 01:30 CET in Paris, half
// an hour before the clocks go forward; the date there is already the 31st.
func TestRunNow(t *testing.T) {
	lines := clockRun(t, "--now", "2024-03-31T00:30:00Z")
	want := "2024-03-31T01:30:00.000+01:00,2024-03-31,2024-03-31T01:30:00.000"
	for i, l := range lines {
		if clockOf(l) != want {
			t.Fatalf("row %d: %q, want %q", i, clockOf(l), want)
		}
	}
	if r := exprc("run", "x.sql", "--query", "Clock", "--input", "t=t.csv", "--now", "yesterday"); r.code == 0 || !strings.Contains(r.stderr, "--now") {
		t.Errorf("a bad --now: %+v", r)
	}
}
