package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const testSpec = `CREATE TABLE events (x BIGINT, y BIGINT, a BIGINT NOT NULL, info MAP<VARCHAR, VARCHAR>, day DATE);
CREATE TABLE other (z BIGINT);

-- name: Classify
SELECT IF(x > y, a + 5, (a + 5) DIV 100) AS bucket,
       CASE WHEN info['test'] LIKE '123%' THEN 'FOO'
            WHEN info['test'] LIKE '124%' THEN 'BAR'
            ELSE info['test'] END AS label
FROM events
WHERE day >= DATE '2024-01-01';

-- name: Div
SELECT 100 DIV a AS q FROM events;
`

const testData = `{"x":1,"y":2,"a":10,"info":{"test":"1234"},"day":"2024-02-01"}
{"x":3,"y":2,"a":0,"info":{"test":"1244"},"day":"2024-02-01"}
{"x":3,"y":2,"a":7,"info":{},"day":"2023-02-01"}
{"x":null,"y":2,"a":95,"info":{"test":"x"},"day":"2024-03-01"}
`

type result struct {
	code           int
	stdout, stderr string
}

// exprc runs the command line args. A run without --engine uses the
// interpreter: --engine auto would pick the compiled engine in tests that set
// up its module versions (needCompiled), and TestEngineAuto tests it.
func exprc(args ...string) result {
	if len(args) > 0 && args[0] == "run" && !slices.Contains(args, "--engine") {
		args = append(slices.Clip(args), "--engine", "interp")
	}
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return result{code, out.String(), errb.String()}
}

func setup(t *testing.T) (dir, spec, data string) {
	t.Helper()
	dir = t.TempDir()
	spec = filepath.Join(dir, "spec.sql")
	data = filepath.Join(dir, "events.jsonl")
	if err := os.WriteFile(spec, []byte(testSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(data, []byte(testData), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, spec, data
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"run", "--help"}, {"check", "-h"}, {"version", "--help"}} {
		r := exprc(args...)
		if r.code != 0 || !strings.Contains(r.stdout, "usage: exprc") || r.stderr != "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	r := exprc("run", "--help")
	for _, flag := range []string{"--query", "--input", "--format", "--output", "--batch-size", "--engine", "--threads", "--progress", "--help"} {
		if !strings.Contains(r.stdout, flag) {
			t.Errorf("run --help does not list %s", flag)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	_, spec, data := setup(t)
	cases := []struct {
		args []string
		want string
	}{
		{nil, "error: no command given"},
		{[]string{"frobnicate"}, `error: unknown command "frobnicate"`},
		{[]string{"rnu"}, `error: unknown command "rnu" (did you mean run?)` + "\nrun 'exprc --help' for usage\n"},
		{[]string{"run", "--bogus"}, "error: unknown flag: --bogus"},
		{[]string{"check"}, "error: no spec files given"},
		{[]string{"run", spec, "--input", "events=" + data}, "error: --query is required"},
		{[]string{"run", spec, "-q", "Div", "--input", "events"}, `error: --input "events": want TABLE=FILE`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--engine", "jit"}, `error: unknown --engine "jit" (want auto, batch, compiled, interp)`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--format", "xml"}, `error: unknown --format "xml" (want jsonl, csv, parquet, arrow or arrows)`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--progress", "maybe"}, `error: unknown --progress "maybe"`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--batch-size", "0"}, `error: --batch-size must be positive, got 0`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--threads", "0"}, `error: --threads must be positive, got 0`},
		{[]string{"version", "extra"}, "error: version takes no arguments"},
	}
	for _, c := range cases {
		r := exprc(c.args...)
		if r.code != 1 {
			t.Errorf("%v: exit %d, want 1", c.args, r.code)
		}
		if c.args == nil {
			continue // no command: the list of commands
		}
		if !strings.HasPrefix(r.stderr, c.want) {
			t.Errorf("%v: stderr %q, want prefix %q", c.args, r.stderr, c.want)
		}
		// One line of error, one pointing at --help: not the whole usage.
		if lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "run 'exprc") || !strings.HasSuffix(lines[1], " --help' for usage") {
			t.Errorf("%v: stderr %q, want an error line and the --help line", c.args, r.stderr)
		}
	}
}

func TestRunErrors(t *testing.T) {
	dir, spec, data := setup(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", spec, "-q", "Nope", "--input", "events=" + data}, `error: unknown query "Nope" (available: Classify, Div)`},
		{[]string{"run", spec, "-q", "clasify", "--input", "events=" + data}, `error: unknown query "clasify" (available: Classify, Div); did you mean Classify?` + "\n"},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + data, "--input", "nope=x.csv"}, `error: --input nope=x.csv: unknown table "nope" (tables: events, other)`},
		{[]string{"run", spec, "-q", "Div", "--input", "other=x.csv"}, `error: query Div reads table events: give its data with --input events=FILE`},
		{[]string{"run", spec, "-q", "Div", "--input", "events=" + filepath.Join(dir, "missing.csv")}, "error: open " + filepath.Join(dir, "missing.csv")},
		{[]string{"run", filepath.Join(dir, "nospec.sql"), "-q", "Div"}, "error: open "},
		{[]string{"run", demoTables, demoSubquerySpec, "-q", "LineContext", "--input", "events=" + data, "--input", "lineitem=" + filepath.Join(dir, "missing.csv")}, "error: open "},
	}
	for _, c := range cases {
		r := exprc(c.args...)
		if r.code != 1 || !strings.HasPrefix(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want prefix %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

func TestVersion(t *testing.T) {
	r := exprc("version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "exprc dev\ngo: go") {
		t.Errorf("version: %+v", r)
	}
}

func TestCheck(t *testing.T) {
	dir, spec, _ := setup(t)
	r := exprc("check", spec)
	if r.code != 0 || r.stdout != spec+": 2 tables, 2 queries\n" {
		t.Errorf("check: %+v", r)
	}
	bad := filepath.Join(dir, "bad.sql")
	os.WriteFile(bad, []byte("CREATE TABLE t (a BIGINT);\n-- name: Q\nSELECT b + 1 AS z FROM t;\n"), 0o644)
	r = exprc("check", bad)
	if r.code != 1 || !strings.HasPrefix(r.stderr, bad+":3:8: ") || !strings.Contains(r.stderr, "SELECT b + 1 AS z FROM t;\n       ^") {
		t.Errorf("check bad: %+v", r)
	}
}

func TestRun(t *testing.T) {
	dir, spec, data := setup(t)
	r := exprc("run", spec, "--query", "classify", "--input", "events="+data)
	want := `{"bucket":0,"label":"FOO"}` + "\n" + `{"bucket":5,"label":"BAR"}` + "\n" + `{"bucket":1,"label":"x"}` + "\n"
	if r.code != 0 || r.stdout != want || r.stderr != "" {
		t.Errorf("run: %+v", r)
	}
	// --output with .csv picks CSV; batch size 1 gives the same result.
	out := filepath.Join(dir, "out.csv")
	r = exprc("run", spec, "-q", "Classify", "-i", "events="+data, "-o", out, "--batch-size", "1")
	got, _ := os.ReadFile(out)
	if r.code != 0 || string(got) != "bucket,label\n0,FOO\n5,BAR\n1,x\n" || r.stdout != "" {
		t.Errorf("run -o: %+v, file %q", r, got)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func TestQueryError(t *testing.T) {
	dir, spec, data := setup(t)
	for _, bs := range []string{"1", "2", "100"} {
		out := filepath.Join(dir, "out.jsonl")
		r := exprc("run", spec, "-q", "Div", "-i", "events="+data, "-o", out, "--batch-size", bs)
		first, _, _ := strings.Cut(r.stderr, "\n")
		if r.code != 1 || first != "error: row 1: DIVIDE_BY_ZERO: Division by zero." {
			t.Errorf("batch size %s: %+v", bs, r)
		}
		if !strings.Contains(r.stderr, "in column q: 100 DIV a") {
			t.Errorf("second line: %q", r.stderr)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("batch size %s: output file exists after a query error", bs)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".tmp") {
				t.Errorf("temporary file left behind: %s", e.Name())
			}
		}
	}
	// On stdout, rows of batches before the failing one are already written.
	r := exprc("run", spec, "-q", "Div", "-i", "events="+data, "--batch-size", "1")
	if r.code != 1 || r.stdout != `{"q":10}`+"\n" {
		t.Errorf("stdout streaming: %+v", r)
	}
}

func TestDataError(t *testing.T) {
	dir, spec, _ := setup(t)
	data := filepath.Join(dir, "events.csv")
	os.WriteFile(data, []byte("x,y,a,info,day\n1,2,12x,,\n"), 0o644)
	out := filepath.Join(dir, "out.jsonl")
	r := exprc("run", spec, "-q", "Div", "-i", "events="+data, "-o", out)
	want := "error: " + data + `: row 0 (line 2): column "a": invalid BIGINT "12x"` + "\n"
	if r.code != 1 || r.stderr != want {
		t.Errorf("%+v\nwant stderr %q", r, want)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output file exists after a data error")
	}
}

func TestProgressLine(t *testing.T) {
	var nilLine *progressLine
	nilLine.update(5) // no-op
	nilLine.finish()
	var buf bytes.Buffer
	p := newProgressLine(&buf)
	p.update(10) // too soon after start: throttled
	if buf.Len() != 0 {
		t.Errorf("update not throttled: %q", buf.String())
	}
	p.last = p.last.Add(-time.Second)
	p.update(20)
	p.finish()
	if got := buf.String(); !strings.HasPrefix(got, "\r\x1b[K20 rows, ") || !strings.HasSuffix(got, " rows/s\r\x1b[K") {
		t.Errorf("progress output %q", got)
	}
	if isTerminal(&buf) {
		t.Error("a buffer is not a terminal")
	}
}
