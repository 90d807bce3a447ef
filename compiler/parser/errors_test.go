package parser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler/diag"
)

var update = flag.Bool("update", false, "rewrite the golden errors files in testdata/errors")

// TestErrorGoldens parses each testdata/errors/*.txtar archive's spec.sql and
// compares the rendered diagnostics with its "errors" file.
func TestErrorGoldens(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 25 {
		t.Errorf("only %d error archives", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var src []byte
			errsIdx := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "spec.sql":
					src = f.Data
				case "errors":
					errsIdx = i
				}
			}
			if src == nil {
				t.Fatal("no spec.sql")
			}
			_, errs := ParseFile("spec.sql", src)
			if len(errs) == 0 {
				t.Fatal("no errors reported")
			}
			checkPositions(t, src, errs)
			var b bytes.Buffer
			if err := diag.Render(&b, errs, map[string][]byte{"spec.sql": src}); err != nil {
				t.Fatal(err)
			}
			if *update {
				if errsIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "errors"})
					errsIdx = len(ar.Files) - 1
				}
				ar.Files[errsIdx].Data = b.Bytes()
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if errsIdx < 0 {
				t.Fatal("no errors file (run with -update)")
			}
			if want := ar.Files[errsIdx].Data; !bytes.Equal(b.Bytes(), want) {
				t.Errorf("diagnostics differ\n--- got:\n%s--- want:\n%s", b.Bytes(), want)
			}
		})
	}
}

// checkPositions asserts that every error points into src (or just past its
// end) and that line, column and offset agree.
func checkPositions(t *testing.T, src []byte, errs diag.List) {
	t.Helper()
	for _, e := range errs {
		p := e.Pos
		if p.Line < 1 || p.Col < 1 || p.Offset < 0 || p.Offset > len(src) || e.Msg == "" {
			t.Errorf("bad error position or message: %#v", e)
			continue
		}
		before := src[:p.Offset]
		line := 1 + bytes.Count(before, []byte("\n"))
		lineStart := bytes.LastIndexByte(before, '\n') + 1
		col := 1 + len([]rune(string(before[lineStart:])))
		if line != p.Line || col != p.Col {
			t.Errorf("error %q: position %d:%d does not match offset %d (%d:%d)", e.Msg, p.Line, p.Col, p.Offset, line, col)
		}
	}
}
