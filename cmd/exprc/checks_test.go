package main

import "testing"

// hint is the line after a usage error.
const hint = "run 'exprc run --help' for usage\n"

// TestFlagErrorsOneLine: a bad flag of any command is one line of error and
// one pointing at --help, with the nearest flag when one is near.
func TestFlagErrorsOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "x.sql", "--outptu", "o.csv"}, "error: unknown flag: --outptu (did you mean --output?)\n" + hint},
		{[]string{"run", "--progres"}, "error: unknown flag: --progres (did you mean --progress?)\n" + hint},
		{[]string{"run", "--zzzzzz"}, "error: unknown flag: --zzzzzz\n" + hint},
		{[]string{"run", "--threads", "many"}, `error: invalid argument "many" for "--threads" flag: must be an integer` + "\n" + hint},
		{[]string{"check", "--bogus"}, "error: unknown flag: --bogus\nrun 'exprc check --help' for usage\n"},
		{[]string{"gen", "--pakage", "p"}, "error: unknown flag: --pakage (did you mean --package?)\nrun 'exprc gen --help' for usage\n"},
		{[]string{"explain", "--quary", "Q"}, "error: unknown flag: --quary (did you mean --query?)\nrun 'exprc explain --help' for usage\n"},
		{[]string{"version", "-x"}, "error: unknown shorthand flag: 'x' in -x\nrun 'exprc version --help' for usage\n"},
	} {
		r := exprc(c.args...)
		if r.code != 1 || r.stderr != c.want || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

