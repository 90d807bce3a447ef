package bench

import (
	"os/exec"
	"regexp"
	"testing"

	"github.com/exprc/exprc/templates/rt"
)

// TestFastPathsInline compiles templates/rt with the compiler's inlining
// report (-gcflags=-m) and checks that every fast path of rt.FastPaths
// inlines: a fast path is there so that generated loops run the common case
// of a TIMESTAMP kernel without a call (templates/rt/fastpath.go), and one
// that grows past the inliner's budget silently costs a call per row again.
func TestFastPathsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles templates/rt")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", "../templates/rt").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m ../templates/rt: %v\n%s", err, out)
	}
	for kernel, fast := range rt.FastPaths {
		if !regexp.MustCompile(`: can inline ` + fast + `\b`).Match(out) {
			t.Errorf("rt.%s (the fast path of rt.%s) does not inline: go build -gcflags=-m=2 ./templates/rt says why", fast, kernel)
		}
	}
}
