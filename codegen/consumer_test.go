package codegen_test

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConsumerExampleBuilds is the acceptance check of examples/consumer: a
// copy of it (its replace directive pointed at this repository) must run
// `go generate ./...` and `go build ./...` offline, and regenerating must give
// the checked-in queries/exprc_gen.go.
func TestConsumerExampleBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go generate and go build on examples/consumer")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(root, "examples", "consumer")
	dir := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if rel == "go.mod" {
			const rel = "=> ../.."
			if !bytes.Contains(data, []byte(rel)) {
				t.Fatalf("examples/consumer/go.mod has no replace %s", rel)
			}
			data = bytes.Replace(data, []byte(rel), []byte("=> "+root), 1)
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	checkedIn, err := os.ReadFile(filepath.Join(src, "queries", "exprc_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"generate", "./..."}, {"build", "./..."}, {"run", "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOSUMDB=off", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s in a copy of examples/consumer: %v\n%s", strings.Join(args, " "), err, out)
		}
		if args[0] == "run" && !bytes.Contains(out, []byte("DIVIDE_BY_ZERO")) {
			t.Errorf("go run . did not report the UnitPrice query's error:\n%s", out)
		}
	}
	regenerated, err := os.ReadFile(filepath.Join(dir, "queries", "exprc_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(regenerated, checkedIn) {
		t.Errorf("examples/consumer/queries/exprc_gen.go is stale: run go generate ./... in examples/consumer\n%s",
			firstLineDiff(regenerated, checkedIn))
	}
}
