package fileio

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
)

// readZoned reads the file at path as table's rows with Options.Zone zone,
// on two threads, and renders them as JSON lines (TIMESTAMPs in UTC).
func readZoned(t *testing.T, path string, table *ir.Table, zone string) (string, error) {
	t.Helper()
	in, err := OpenInput(path, ir.ArrowSchema(table.Columns), Options{BatchSize: 3, Threads: 2, Zone: zone})
	if err != nil {
		return "", err
	}
	defer in.Close()
	var rows strings.Builder
	for {
		b, err := in.Next()
		if err == io.EOF {
			return rows.String(), nil
		}
		if err != nil {
			return "", err
		}
		rows.WriteString(render(t, b))
		b.Release()
	}
}

// TestTimestampTextInZone reads TIMESTAMP text without an offset in CSV and
// JSON lines as a wall-clock reading in the session zone, as Spark's
// readers do, and text with an offset as its instant whatever the zone; a
// TIMESTAMP_NTZ is the reading in every case. Worked by hand for
// Europe/Paris: CET is +01:00 and CEST +02:00, from 2024-03-31 02:00 CET
// (01:00 UTC) to 2024-10-27 03:00 CEST (01:00 UTC). 02:30 on 2024-03-31 is
// in the gap: java.time moves it on by the gap's hour, 03:30 CEST = 01:30
// UTC. 02:30 on 2024-10-27 is in the overlap: java.time takes the earlier
// offset, +02:00, 00:30 UTC (its +01:00 spelling is 01:30 UTC). A date
// alone is its midnight in the zone.
func TestTimestampTextInZone(t *testing.T) {
	readings := []string{
		"2024-01-15 12:00:00", "2024-07-01T12:00:00.5", "2024-03-31 02:30:00", "2024-10-27 02:30:00",
		"2024-03-31", "2024-01-15T12:00:00Z", "2024-07-01T12:00:00+05:00", "2024-10-27T02:30:00+01:00",
	}
	wantTS := []string{
		"2024-01-15T11:00:00.000Z", "2024-07-01T10:00:00.500Z", "2024-03-31T01:30:00.000Z", "2024-10-27T00:30:00.000Z",
		"2024-03-30T23:00:00.000Z", "2024-01-15T12:00:00.000Z", "2024-07-01T07:00:00.000Z", "2024-10-27T01:30:00.000Z",
	}
	// in UTC (no zone) the readings are UTC; the offsets read the same
	wantUTC := []string{
		"2024-01-15T12:00:00.000Z", "2024-07-01T12:00:00.500Z", "2024-03-31T02:30:00.000Z", "2024-10-27T02:30:00.000Z",
		"2024-03-31T00:00:00.000Z", "2024-01-15T12:00:00.000Z", "2024-07-01T07:00:00.000Z", "2024-10-27T01:30:00.000Z",
	}
	wantNT := []string{
		"2024-01-15T12:00:00.000", "2024-07-01T12:00:00.500", "2024-03-31T02:30:00.000", "2024-10-27T02:30:00.000",
		"2024-03-31T00:00:00.000", "2024-01-15T12:00:00.000", "2024-07-01T12:00:00.000", "2024-10-27T02:30:00.000",
	}
	var csv, jsonl strings.Builder
	csv.WriteString("ts,nt\n")
	for _, r := range readings {
		csv.WriteString(r + "," + r + "\n")
		jsonl.WriteString(`{"ts":"` + r + `","nt":"` + r + `"}` + "\n")
	}
	csv.WriteString(",\n")
	jsonl.WriteString("{}\n")
	want := func(ts []string) string {
		var b strings.Builder
		for i := range ts {
			b.WriteString(`{"ts":"` + ts[i] + `","nt":"` + wantNT[i] + `"}` + "\n")
		}
		return b.String() + `{"ts":null,"nt":null}` + "\n"
	}
	dir := t.TempDir()
	for format, text := range map[string]string{"csv": csv.String(), "jsonl": jsonl.String()} {
		p := filepath.Join(dir, "ts."+format)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for zone, ts := range map[string][]string{"Europe/Paris": wantTS, "": wantUTC, "UTC": wantUTC} {
			got, err := readZoned(t, p, tsTable, zone)
			if err != nil {
				t.Fatalf("%s in %q: %v", format, zone, err)
			}
			if w := want(ts); got != w {
				t.Errorf("%s in %q: got\n%s\nwant\n%s", format, zone, got, w)
			}
		}
	}
}

// TestTimestampMapTextInZone reads the TIMESTAMP values and keys of a MAP's
// JSON text (a JSON lines object, a CSV field) in the session zone too.
func TestTimestampMapTextInZone(t *testing.T) {
	table := &ir.Table{Name: "m", Columns: []ir.Column{
		{Name: "m", Type: ir.MapOf(ir.TypeVarchar, ir.TypeTimestamp), Nullable: true},
		{Name: "k", Type: ir.MapOf(ir.TypeTimestamp, ir.TypeInt), Nullable: true},
	}}
	dir := t.TempDir()
	files := map[string]string{
		"csv":   "m,k\n" + `"{""a"":""2024-03-31 02:30:00"",""b"":""2024-03-31T02:30:00Z""}","{""2024-10-27 02:30:00"":1}"` + "\n",
		"jsonl": `{"m":{"a":"2024-03-31 02:30:00","b":"2024-03-31T02:30:00Z"},"k":{"2024-10-27 02:30:00":1}}` + "\n",
	}
	want := `{"m":{"a":"2024-03-31T01:30:00.000Z","b":"2024-03-31T02:30:00.000Z"},"k":{"2024-10-27T00:30:00.000Z":1}}` + "\n"
	for format, text := range files {
		p := filepath.Join(dir, "m."+format)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readZoned(t, p, table, "Europe/Paris")
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if got != want {
			t.Errorf("%s: got\n%s\nwant\n%s", format, got, want)
		}
	}
}

// TestTimestampTextBadZone: an unknown session zone is an error when the
// input is opened, naming the zone, before any row is read.
func TestTimestampTextBadZone(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ts.csv")
	if err := os.WriteFile(p, []byte("ts,nt\n2024-01-01 00:00:00,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := readZoned(t, p, tsTable, "Mars/Olympus")
	if err == nil || !strings.Contains(err.Error(), `time zone "Mars/Olympus"`) {
		t.Errorf("got %v, want an error naming the zone", err)
	}
}
