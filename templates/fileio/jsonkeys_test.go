package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
)

// drain reads in to its end and returns the warnings and the error that
// ended it (nil at io.EOF).
func drain(t *testing.T, in Input) ([]error, error) {
	t.Helper()
	for {
		b, err := in.Next()
		if err == io.EOF {
			return Warnings(in), nil
		}
		if err != nil {
			return Warnings(in), err
		}
		b.Release()
	}
}

// TestUnseenColumns: a read column no line carries is a warning once the
// input is read to its end, an error under Strict, whatever the threads and
// the batch size, and in whichever block a column's only key is.
func TestUnseenColumns(t *testing.T) {
	table := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "id", Type: ir.TypeBigint, Nullable: true},
		{Name: "craeted", Type: ir.TypeDate, Nullable: true},
		{Name: "late", Type: ir.TypeBigint, Nullable: true}, // only in the last line
		{Name: "unread", Type: ir.TypeBigint, Nullable: true},
	}}
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, `{"id":%d,"created":"2024-01-01","x\u0001y":1}`+"\n", i)
	}
	b.WriteString(`{"id":1,"LATE":2}` + "\n")
	path := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	want := path + `: no JSON line has a key for column "craeted"; did you mean "created"? (keys seen: "LATE", "created", "id", "x\x01y")`
	schema := ir.ArrowSchema(table.Columns)
	skip := []bool{false, false, false, true}
	for _, threads := range []int{1, 3} {
		for _, bs := range []int{7, 65536} {
			opts := Options{BatchSize: bs, Threads: threads, Skip: skip}
			in, err := OpenInput(path, schema, opts)
			if err != nil {
				t.Fatal(err)
			}
			if w := Warnings(in); w != nil {
				t.Errorf("warnings before the end: %v", w)
			}
			warnings, err := drain(t, in)
			in.Close()
			if err != nil || len(warnings) != 1 || warnings[0].Error() != want {
				t.Errorf("threads %d, batch %d: error %v, warnings %v\nwant %s", threads, bs, err, warnings, want)
			}
			var u *UnseenColumnError
			if len(warnings) == 1 && (!errors.As(warnings[0], &u) || u.Column != "craeted" || u.Near != "created") {
				t.Errorf("warning %#v", warnings[0])
			}
			opts.Strict = true
			in, err = OpenInput(path, schema, opts)
			if err != nil {
				t.Fatal(err)
			}
			warnings, err = drain(t, in)
			in.Close()
			if err == nil || err.Error() != want || warnings != nil {
				t.Errorf("threads %d, batch %d, strict: error %v, warnings %v", threads, bs, err, warnings)
			}
		}
	}
	// Other formats have no warnings.
	csv := filepath.Join(t.TempDir(), "t.csv")
	os.WriteFile(csv, []byte("id,craeted,late,unread\n1,,,\n"), 0o644) //nolint:errcheck // read below
	in, err := OpenInput(csv, schema, Options{Skip: skip, Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if w, err := drain(t, in); err != nil || w != nil {
		t.Errorf("csv: %v, %v", err, w)
	}
}

// TestUnseenMessage: the list of keys is cut, long keys too, and no
// suggestion is made for a distant name.
func TestUnseenMessage(t *testing.T) {
	var keys []string
	for i := range 20 {
		keys = append(keys, fmt.Sprintf("k%02d", i))
	}
	e := &UnseenColumnError{Path: "f.jsonl", Column: "zzz", Keys: keys}
	want := `f.jsonl: no JSON line has a key for column "zzz" (keys seen: "k00", "k01", "k02", "k03", "k04", "k05", "k06", "k07", ... (12 more))`
	if e.Error() != want {
		t.Errorf("got  %s\nwant %s", e, want)
	}
	e = &UnseenColumnError{Path: "f.jsonl", Column: "a", Keys: []string{strings.Repeat("x", 100)}}
	if got := e.Error(); !strings.Contains(got, `"`+strings.Repeat("x", 48)+`..."`) || len(got) > 120 {
		t.Errorf("long key: %s", got)
	}
	e = &UnseenColumnError{Path: "f.jsonl", Column: "a"}
	if got := e.Error(); got != `f.jsonl: no JSON line has a key for column "a" (no line has any key)` {
		t.Errorf("no keys: %s", got)
	}
	for _, c := range []struct{ name, want string }{
		{"craeted", "created"}, {"ix", "id"}, {"zz", ""}, {"idx", "id"}, {"amount", ""}, {"Created", "created"},
	} {
		if got := closest(c.name, []string{"created", "id", "total"}); got != c.want {
			t.Errorf("closest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestExtensionLists: the lists in messages are the extensions the formats
// are picked by.
func TestExtensionLists(t *testing.T) {
	if len(OutputExtensions) != len(outputExts) {
		t.Errorf("OutputExtensions has %d, outputExts %d", len(OutputExtensions), len(outputExts))
	}
	for _, e := range OutputExtensions {
		if _, ok := OutputFormat("x" + e); !ok {
			t.Errorf("output %s has no format", e)
		}
	}
	for _, e := range InputExtensions {
		if _, ok := InputFormatOf("x" + strings.ToUpper(e)); !ok {
			t.Errorf("input %s has no format", e)
		}
	}
	if _, ok := InputFormatOf("x.xlsx"); ok {
		t.Error("xlsx input")
	}
}
