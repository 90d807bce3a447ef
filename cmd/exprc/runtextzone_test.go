package main

import (
	"os"
	"path/filepath"
	"testing"
)

const textZoneSpec = `CREATE TABLE t (id INT, ts TIMESTAMP, nt TIMESTAMP_NTZ);
CREATE TABLE u (ts TIMESTAMP);
SET TIME ZONE 'Europe/Paris';

-- name: TextZone
SELECT id, ts, unix_seconds(ts) AS s, nt, (SELECT count(*) FROM u WHERE u.ts = t.ts) AS n FROM t;
`

// textZoneRun runs query TextZone over t.csv and, for its subquery, u.jsonl,
// whose TIMESTAMP text is in part without an offset, and returns the CSV
// output.
func textZoneRun(t *testing.T, extra ...string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"spec.sql": textZoneSpec,
		"t.csv": "id,ts,nt\n" +
			"1,2024-03-31 02:30:00,2024-03-31 02:30:00\n" +
			"2,2024-10-27 02:30:00,2024-10-27 02:30:00\n" +
			"3,2024-01-15 12:00:00,2024-01-15 12:00:00\n" +
			"4,2024-07-01T12:00:00+05:00,2024-07-01T12:00:00+05:00\n",
		"u.jsonl": `{"ts":"2024-03-31T01:30:00Z"}` + "\n" +
			`{"ts":"2024-10-27T02:30:00+02:00"}` + "\n" +
			`{"ts":"2024-01-15 12:00:00"}` + "\n" +
			`{"ts":"2024-07-01 09:00:00"}` + "\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"run", filepath.Join(dir, "spec.sql"), "--query", "TextZone",
		"--input", "t=" + filepath.Join(dir, "t.csv"), "--input", "u=" + filepath.Join(dir, "u.jsonl"),
		"--format", "csv", "--threads", "2"}, extra...)
	r := exprc(args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("run: %+v", r)
	}
	return r.stdout
}

// textZoneWant is TextZone's output, worked by hand (Spark reads TIMESTAMP
// text without an offset in the session zone, Europe/Paris here: CET +01:00,
// CEST +02:00 from 2024-03-31 01:00 UTC to 2024-10-27 01:00 UTC). 02:30 on
// 2024-03-31 is in the gap: java.time moves it an hour on, 03:30 CEST, 01:30
// UTC (1711848600). 02:30 on 2024-10-27 is in the overlap: the earlier
// offset, +02:00, 00:30 UTC (1729989000). 12:00 CET on 2024-01-15 is 11:00
// UTC (1705316400); 12:00+05:00 on 2024-07-01 is 07:00 UTC (1719817200),
// 09:00 CEST. Each instant is once in u (spelled there with an offset or
// without), so n is 1 only if both files are read in the zone. A
// TIMESTAMP_NTZ is the reading, its offset ignored.
const textZoneWant = "id,ts,s,nt,n\n" +
	"1,2024-03-31T03:30:00.000+02:00,1711848600,2024-03-31T02:30:00.000,1\n" +
	"2,2024-10-27T02:30:00.000+02:00,1729989000,2024-10-27T02:30:00.000,1\n" +
	"3,2024-01-15T12:00:00.000+01:00,1705316400,2024-01-15T12:00:00.000,1\n" +
	"4,2024-07-01T09:00:00.000+02:00,1719817200,2024-07-01T12:00:00.000,1\n"

// TestRunTimestampTextInZone: the interpreter reads CSV and JSON lines
// TIMESTAMP text without an offset in the query's session zone, the outer
// table and the subquery's.
func TestRunTimestampTextInZone(t *testing.T) {
	if got := textZoneRun(t, "--engine", "interp"); got != textZoneWant {
		t.Errorf("got\n%s\nwant\n%s", got, textZoneWant)
	}
}

// TestRunTimestampTextInZoneCompiled: the compiled engine's program reads
// them in the zone too (its -zone flag).
func TestRunTimestampTextInZoneCompiled(t *testing.T) {
	needCompiled(t)
	if got := textZoneRun(t, "--engine", "compiled"); got != textZoneWant {
		t.Errorf("got\n%s\nwant\n%s", got, textZoneWant)
	}
}
