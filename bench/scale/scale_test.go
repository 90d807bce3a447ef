package scale

import (
	"strings"
	"testing"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
)

// TestDeterministic checks that a spec is a function of its Config alone:
// figures measured on two commits must come from the same input.
func TestDeterministic(t *testing.T) {
	for _, sh := range Shapes {
		c := Config{Shape: sh, Queries: 10, Columns: 20, Seed: 7}
		a, err := Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		if a != b {
			t.Errorf("%s: two specs of the same config differ", sh)
		}
		c.Seed++
		other, err := Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		if body(other) == body(a) {
			t.Errorf("%s: seeds 7 and 8 give the same queries", sh)
		}
		// Query i does not depend on how many queries follow it.
		c.Seed, c.Queries = 7, 3
		prefix, err := Generate(c)
		if err != nil {
			t.Fatal(err)
		}
		if q := body(prefix); !strings.HasPrefix(body(a), q) {
			t.Errorf("%s: the first 3 of 10 queries differ from a spec of 3", sh)
		}
	}
}

// body is a spec without its header comment (which names the config).
func body(spec string) string {
	_, after, _ := strings.Cut(spec, "CREATE TABLE")
	return after
}

// TestCompiles checks that small specs of each shape bind and generate Go:
// the driver's figures are only meaningful for specs exprc accepts.
func TestCompiles(t *testing.T) {
	for _, sh := range Shapes {
		for seed := uint64(1); seed <= 2; seed++ {
			spec, err := Generate(Config{Shape: sh, Queries: 3, Columns: 5, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			prog, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(spec)})
			if err != nil {
				t.Fatalf("%s seed %d: %v\n%s", sh, seed, err, spec)
			}
			if len(prog.Queries) != 3 {
				t.Fatalf("%s seed %d: %d queries, want 3", sh, seed, len(prog.Queries))
			}
			for _, q := range prog.Queries {
				if n := len(q.Outputs); n != 5 {
					t.Errorf("%s seed %d: %s has %d columns, want 5", sh, seed, q.Name, n)
				}
			}
			plan, err := lower.Plan(prog.Queries, lower.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := codegen.Generate(plan, codegen.Options{Package: "p", Command: "test"}); err != nil {
				t.Errorf("%s seed %d: codegen: %v", sh, seed, err)
			}
		}
	}
}

// TestConfigErrors checks that bad sizes and shapes are errors, not panics
// or huge specs.
func TestConfigErrors(t *testing.T) {
	for _, c := range []Config{
		{Shape: "deep", Queries: 1, Columns: 1},
		{Shape: Everyday, Queries: 0, Columns: 1},
		{Shape: Nested, Queries: 1, Columns: -1},
		{Shape: Nested, Queries: MaxQueries + 1, Columns: 1},
	} {
		if _, err := Generate(c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
}

// TestDuplicateTexts checks that an everyday query with more columns than its
// kinds have distinct texts still compiles: repeated texts are aliased, since
// a duplicate output name is a compile error.
func TestDuplicateTexts(t *testing.T) {
	spec, err := Generate(Config{Shape: Everyday, Queries: 1, Columns: 120, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(spec, " AS c") {
		t.Error("no column was aliased: the test no longer reaches the fallback")
	}
	if _, err := compiler.CompileSources([]string{"spec.sql"}, map[string][]byte{"spec.sql": []byte(spec)}); err != nil {
		t.Fatal(err)
	}
}
