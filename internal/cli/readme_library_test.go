package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The README's library set-up is the part between these markers: shell
// blocks of "$ command" lines, each followed by the output it prints, and
// file blocks whose first line names the file ("// file: main.go",
// "-- file: queries/spec.sql").
const (
	readmeBegin   = "<!-- library-setup:begin -->"
	readmeEnd     = "<!-- library-setup:end -->"
	readmeClone   = "/path/to/exprc" // the clone's directory in the README's commands
	readmeFileTag = "file: "
)

// readmeStep is one step of the README's set-up: a command (with the lines
// of output it shows) or a file to write.
type readmeStep struct {
	line    int // in README.md
	command []string
	output  []string
	file    string
	content string
}

// TestReadmeLibrarySetup follows the README's "Using generated code"
// section literally in a new module outside the repository: it runs its
// commands (the replace pointing at this repository), writes its files,
// and checks that `go run .` prints what the README shows. The module proxy
// is the configured one; with GOPROXY=off the module cache must hold every
// dependency, and the test skips where it does not. It also checks that
// `exprc gen --help` suggests the README's set-up.
func TestReadmeLibrarySetup(t *testing.T) {
	if testing.Short() {
		t.Skip("creates a module and runs go mod tidy, go generate and go run")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	steps := readmeSteps(t, string(readme))
	checkGenHelp(t, steps)

	dir := t.TempDir()
	env := append(os.Environ(), "GOWORK=off")
	for _, s := range steps {
		if s.file != "" {
			path := filepath.Join(dir, filepath.FromSlash(s.file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(s.content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		args := make([]string, len(s.command))
		for i, a := range s.command {
			args[i] = strings.ReplaceAll(a, readmeClone, root)
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			if proxyOff(env) && strings.Contains(stderr.String(), "GOPROXY=off") {
				t.Skipf("README.md:%d: %s needs modules the module cache lacks, and GOPROXY=off: %s",
					s.line, strings.Join(s.command, " "), stderr.String())
			}
			t.Fatalf("README.md:%d: %s: %v\n%s%s", s.line, strings.Join(s.command, " "), err, stdout.String(), stderr.String())
		}
		if s.output == nil {
			continue
		}
		got := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
		if strings.Join(got, "\n") != strings.Join(s.output, "\n") {
			t.Errorf("README.md:%d: %s printed\n%s\nthe README shows\n%s", s.line, strings.Join(s.command, " "),
				strings.Join(got, "\n"), strings.Join(s.output, "\n"))
		}
	}
}

// proxyOff reports whether the go command run with env has GOPROXY=off.
func proxyOff(env []string) bool {
	cmd := exec.Command("go", "env", "GOPROXY")
	cmd.Env = env
	out, err := cmd.Output()
	return err == nil && strings.TrimSpace(string(out)) == "off"
}

// readmeSteps extracts the steps of the README's library section, failing on
// anything it cannot follow, so the section stays machine-readable.
func readmeSteps(t *testing.T, readme string) []readmeStep {
	t.Helper()
	begin, end := strings.Index(readme, readmeBegin), strings.Index(readme, readmeEnd)
	if begin < 0 || end < begin {
		t.Fatalf("README.md has no %s ... %s section", readmeBegin, readmeEnd)
	}
	first := strings.Count(readme[:begin], "\n") + 1
	lines := strings.Split(readme[begin:end], "\n")
	var steps []readmeStep
	var ran, outputs, files int
	for i := 0; i < len(lines); i++ {
		fence, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		start := i
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		if i == len(lines) {
			t.Fatalf("README.md:%d: the code block is not closed", first+start)
		}
		switch fence {
		case "sh":
			for j, l := range body {
				if c, ok := strings.CutPrefix(l, "$ "); ok {
					steps = append(steps, readmeStep{line: first + start + 1 + j, command: strings.Fields(c)})
					ran++
					continue
				}
				if len(steps) == 0 || steps[len(steps)-1].command == nil {
					t.Fatalf("README.md:%d: output before any command", first+start+1+j)
				}
				last := &steps[len(steps)-1]
				last.output = append(last.output, l)
				outputs++
			}
		default:
			if len(body) == 0 {
				t.Fatalf("README.md:%d: an empty code block", first+start)
			}
			_, name, ok := strings.Cut(body[0], readmeFileTag)
			if !ok || !(strings.HasPrefix(body[0], "// ") || strings.HasPrefix(body[0], "-- ")) {
				t.Fatalf("README.md:%d: a %q code block that is neither commands ($ ...) nor a file (// file: NAME)", first+start, fence)
			}
			steps = append(steps, readmeStep{line: first + start, file: name, content: strings.Join(body[1:], "\n") + "\n"})
			files++
		}
	}
	if ran == 0 || outputs == 0 || files == 0 {
		t.Fatalf("README.md's library section has %d commands, %d output lines and %d files: nothing to follow", ran, outputs, files)
	}
	return steps
}

// checkGenHelp checks that `exprc gen --help` suggests the set-up the README
// follows: its go mod edit commands and the //go:generate line of its files.
func checkGenHelp(t *testing.T, steps []readmeStep) {
	var stdout, stderr bytes.Buffer
	if code := Gen("exprc gen", []string{"--help"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exprc gen --help: exit %d: %s", code, stderr.String())
	}
	help := stdout.String()
	var want []string
	for _, s := range steps {
		if len(s.command) > 2 && s.command[1] == "mod" && s.command[2] == "edit" {
			want = append(want, strings.Join(s.command, " "))
		}
		for _, l := range strings.Split(s.content, "\n") {
			if strings.HasPrefix(l, "//go:generate ") {
				// the help's example package is mypkg
				want = append(want, strings.Replace(l, "--package queries", "--package mypkg", 1))
			}
		}
	}
	if len(want) < 3 {
		t.Fatalf("found %d set-up lines in the README, want its two go mod edit commands and a //go:generate line", len(want))
	}
	for _, w := range want {
		if !strings.Contains(help, w) {
			t.Errorf("exprc gen --help does not suggest the README's\n\t%s\nit says:\n%s", w, help)
		}
	}
}
