package main

import (
	"strings"
	"testing"
)

// TestRun compiles rules from strings and runs them: the orders kept, a rule
// that does not compile, and one that fails on a row.
func TestRun(t *testing.T) {
	for _, c := range []struct {
		rule, out, err string
		code           int
	}{
		{"amount > 100 AND status = 'open'", "order 1: 150 open\norder 4: 101 open\n2 of 5 orders\n", "", 0},
		{"status IS NULL OR amount < 100", "order 2: 80 open\norder 5: (null) (null)\n2 of 5 orders\n", "", 0},
		{"amount > ", "", "error: query.sql:3:", 1},
		{"CAST(status AS INT) > 0", "", "error: order row 0: CAST_INVALID_INPUT: ", 1},
	} {
		var stdout, stderr strings.Builder
		code := run(c.rule, &stdout, &stderr)
		if code != c.code || stdout.String() != c.out || !strings.HasPrefix(stderr.String(), c.err) || (c.err == "") != (stderr.Len() == 0) {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q", c.rule, code, stdout.String(), stderr.String())
		}
	}
}
