package parser

import (
	"bytes"
	"flag"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/exprc/exprc/compiler/diag"
	"github.com/exprc/exprc/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden errors files in testdata/errors")

// TestErrorGoldens parses each testdata/errors/*.txtar archive's spec.sql and
// compares the rendered diagnostics with its "errors" file.
func TestErrorGoldens(t *testing.T) {
	golden.Run(t, "testdata/errors/*.txtar", 25, "errors", *update, func(t *testing.T, ar *txtar.Archive) string {
		src, ok := golden.File(ar, "spec.sql")
		if !ok {
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
		return b.String()
	})
}

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
