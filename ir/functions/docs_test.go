package functions

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/functions.md from the registry")

const docPath = "../../docs/functions.md"

// TestFunctionsDocUpToDate keeps docs/functions.md in step with the registry.
// Run `go generate ./ir/functions` (or this test with -update) after changing a
// function.
func TestFunctionsDocUpToDate(t *testing.T) {
	want := Markdown()
	if *update {
		if err := os.WriteFile(docPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatalf("%v; run `go generate ./ir/functions`", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale; run `go generate ./ir/functions`", docPath)
	}
}

func TestMarkdownMentionsEverything(t *testing.T) {
	md := string(Markdown())
	for _, fn := range All() {
		if !strings.Contains(md, "\n## "+fn.Name+"\n") {
			t.Errorf("no section for %s", fn.Name)
		}
		for _, s := range fn.Synopsis {
			if !strings.Contains(md, s) {
				t.Errorf("%s: synopsis %q missing", fn.Name, s)
			}
		}
		for _, c := range fn.Errors {
			if !strings.Contains(md, string(c)) {
				t.Errorf("%s: error class %s missing", fn.Name, c)
			}
		}
	}
}
