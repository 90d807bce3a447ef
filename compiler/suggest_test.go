package compiler

import (
	"strings"
	"testing"

	"github.com/exprc/exprc/ir/functions"
)

// TestFunctionCandidatesBind checks that every name "did you mean" may
// suggest for a function is one a call can use: binderFunctions must not
// list a name bindCall has stopped handling.
func TestFunctionCandidatesBind(t *testing.T) {
	for _, name := range binderFunctions {
		src := "CREATE TABLE t (a BIGINT);\n-- name: Q\nSELECT " + name + "(a) FROM t;\n"
		_, err := CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(src)})
		if err != nil && strings.Contains(err.Error(), "unknown function") {
			t.Errorf("%s is a function candidate but does not bind: %v", name, err)
		}
		if functions.Lookup(name) != nil {
			t.Errorf("%s is in the registry: binderFunctions lists only the binder's own names", name)
		}
	}
}

// TestFunctionCandidates checks that the registry's names and aliases are
// candidates, each once.
func TestFunctionCandidates(t *testing.T) {
	c := functionCandidates()
	seen := map[string]bool{}
	for _, n := range c {
		if seen[n] {
			t.Errorf("%s listed twice", n)
		}
		seen[n] = true
	}
	for _, n := range []string{"upper", "ucase", "concat_ws", "coalesce", "count", "substr"} {
		if !seen[n] {
			t.Errorf("%s is not a function candidate", n)
		}
	}
}
