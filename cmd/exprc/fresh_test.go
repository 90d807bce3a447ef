package main

import (
	"bufio"
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestGeneratedFilesUpToDate runs every //go:generate line of generated/doc.go
// with --verify: the checked-in evaluators must be byte-for-byte what exprc
// generates now. Fix a failure with `go generate ./generated`.
func TestGeneratedFilesUpToDate(t *testing.T) {
	doc, err := os.ReadFile("../../generated/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd) //nolint:errcheck // back to where we were
	if err := os.Chdir("../../generated"); err != nil {
		t.Fatal(err)
	}
	const prefix = "//go:generate go run ../cmd/exprc "
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
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Errorf("%s: %s(run go generate ./generated)", line, stderr.String())
		}
	}
	if n == 0 {
		t.Fatal("no go:generate lines found")
	}
}
