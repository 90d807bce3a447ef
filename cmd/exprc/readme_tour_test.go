package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeTour runs the shell commands of the README's tour (between its
// tour:begin and tour:end markers) from the repository root, as a newcomer
// would after `make build`, and checks that they print exactly what the
// README shows. bin/exprc is this test binary acting as exprc (TestMain), and
// /tmp/exprc-tour a directory of the test's own.
func TestReadmeTour(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run the README's commands")
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := tourSteps(string(readme))
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) < 4 {
		t.Fatalf("the README's tour has %d commands; want the schema, run, schema and run steps", len(steps))
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "exprc")
	script := "#!/bin/sh\nEXPRC_TEST_AS_CLI=1 exec '" + self + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	tour := filepath.Join(dir, "tour")
	local := strings.NewReplacer("/tmp/exprc-tour", tour, "bin/exprc", wrapper)
	for _, s := range steps {
		cmd := exec.Command("sh", "-c", local.Replace(s.command))
		cmd.Dir = "../.."
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s\n%v\n%s", s.command, err, stderr.String())
		}
		if stderr.Len() > 0 {
			t.Errorf("%s\nwrote to stderr:\n%s", s.command, stderr.String())
		}
		if got, want := stdout.String(), local.Replace(s.output); got != want {
			t.Errorf("%s\nprints:\n%s\nthe README shows:\n%s", s.command, got, want)
		}
	}
}

// tourStep is one command of the README's tour and the output shown after it.
type tourStep struct {
	command, output string
}

// tourSteps reads the commands of the tour's sh blocks: a line "$ cmd" is a
// command, a here-document's lines up to its EOF belong to it, and the lines
// after it up to the next command or the block's end are its output.
func tourSteps(readme string) ([]tourStep, error) {
	_, rest, ok := strings.Cut(readme, "<!-- tour:begin -->")
	if !ok {
		return nil, errors.New("README.md has no <!-- tour:begin --> marker")
	}
	tour, _, ok := strings.Cut(rest, "<!-- tour:end -->")
	if !ok {
		return nil, errors.New("README.md has no <!-- tour:end --> marker")
	}
	var steps []tourStep
	inBlock, inHeredoc := false, false
	for line := range strings.Lines(tour) {
		text := strings.TrimRight(line, "\n")
		switch {
		case !inBlock:
			inBlock = text == "```sh"
		case inHeredoc:
			steps[len(steps)-1].command += line
			inHeredoc = text != "EOF"
		case text == "```":
			inBlock = false
		case strings.HasPrefix(text, "$ "):
			steps = append(steps, tourStep{command: strings.TrimPrefix(line, "$ ")})
			inHeredoc = strings.Contains(text, "<<'EOF'")
		case len(steps) == 0:
			return nil, fmt.Errorf("the tour's block starts with %q, not a command", text)
		default:
			steps[len(steps)-1].output += line
		}
	}
	return steps, nil
}
