package fileio

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTimestampTextZone writes TIMESTAMPs to CSV and JSON lines in a session
// zone, as Spark's writers do (yyyy-MM-dd'T'HH:mm:ss.SSSXXX in the session
// zone), and reads them back as the same instants. Worked by hand: New York
// is -04:00 (EDT) on 2024-07-01 and -05:00 (EST) on 2024-01-01; before
// 1883-11-18 it kept local mean time, -04:56:02, so 1850-01-01 00:00 UTC is
// 1849-12-31 19:03:58 there; 0 µs is 1969-12-31 19:00 EST. A TIMESTAMP_NTZ
// has no zone and is written as it is.
func TestTimestampTextZone(t *testing.T) {
	rows := [][]any{
		{int64(1719835200123456), int64(1719835200123000)}, // 2024-07-01 12:00:00.123456 UTC
		{int64(-3786825600000000), nil},                    // 1850-01-01 00:00 UTC
		{int64(1704085200000000), nil},                     // 2024-01-01 05:00 UTC
		{int64(0), nil},
		{nil, nil},
	}
	rec := buildBatch(t, tsTable, rows)
	defer rec.Release()
	want := map[string]string{
		"csv": "ts,nt\n2024-07-01T08:00:00.123-04:00,2024-07-01T12:00:00.123\n1849-12-31T19:03:58.000-04:56:02,\n" +
			"2024-01-01T00:00:00.000-05:00,\n1969-12-31T19:00:00.000-05:00,\n,\n",
		"jsonl": `{"ts":"2024-07-01T08:00:00.123-04:00","nt":"2024-07-01T12:00:00.123"}` + "\n" +
			`{"ts":"1849-12-31T19:03:58.000-04:56:02","nt":null}` + "\n" +
			`{"ts":"2024-01-01T00:00:00.000-05:00","nt":null}` + "\n" +
			`{"ts":"1969-12-31T19:00:00.000-05:00","nt":null}` + "\n" +
			`{"ts":null,"nt":null}` + "\n",
	}
	dir := t.TempDir()
	for _, format := range []string{"csv", "jsonl"} {
		var buf bytes.Buffer
		out, err := NewOutput(&buf, format, rec.Schema(), OutputOptions{Threads: 2, Zone: "America/New_York"})
		if err != nil {
			t.Fatal(err)
		}
		if err := out.Write(rec); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
		if buf.String() != want[format] {
			t.Errorf("%s: got\n%s\nwant\n%s", format, buf.String(), want[format])
		}
		// Read back: the same instants (in UTC, the sub-millisecond digits
		// gone).
		p := filepath.Join(dir, "ts."+format)
		if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		batches, err := readAll(t, p, tsTable, 2)
		if err != nil {
			t.Fatal(err)
		}
		got := render(t, batches...)
		for _, s := range []string{`"ts":"2024-07-01T12:00:00.123Z"`, `"ts":"1850-01-01T00:00:00.000Z"`, `"ts":"2024-01-01T05:00:00.000Z"`, `"ts":"1970-01-01T00:00:00.000Z"`} {
			if !strings.Contains(got, s) {
				t.Errorf("%s read back: want %s in\n%s", format, s, got)
			}
		}
	}
	if _, err := NewOutput(&bytes.Buffer{}, "csv", rec.Schema(), OutputOptions{Zone: "Mars/Olympus"}); err == nil {
		t.Error("an unknown zone: want an error")
	}
}
