package generated

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/exprc/exprc/internal/cli"
)

// TestGeneratedFilesUpToDate runs every exprc gen line of doc.go's
// //go:generate lines with --verify (the gen command itself, in process): the
// checked-in evaluators must be byte-for-byte what exprc generates now. Fix a
// failure with `go generate ./generated`. It lives here rather than beside
// the CLI so that go test runs it alongside cmd/exprc's slow engine tests.
func TestGeneratedFilesUpToDate(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "//go:generate go run ../cmd/exprc gen "
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, prefix) {
			continue
		}
		n++
		args := append(strings.Fields(strings.TrimPrefix(line, prefix)), "--verify")
		var stdout, stderr bytes.Buffer
		if code := cli.Gen("exprc gen", args, &stdout, &stderr); code != 0 {
			t.Errorf("%s: %s(run go generate ./generated)", line, stderr.String())
		}
	}
	if n == 0 {
		t.Fatal("no go:generate lines found")
	}
}
