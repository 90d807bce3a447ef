package functions

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// exprcOnlyNames are the registry names (and aliases) that are not names of
// Spark's function registry, with what they are. A new registry name must be
// either a line of spark_functions.txt or an entry here, so that the coverage
// table cannot forget a function.
var exprcOnlyNames = map[string]string{
	"add":         "operator +",
	"subtract":    "operator - (binary)",
	"multiply":    "operator *",
	"divide":      "operator /",
	"negate":      "operator - (unary); Spark's negative is its alias",
	"eq":          "operator = and ==",
	"ne":          "operator <> and !=",
	"lt":          "operator <",
	"le":          "operator <=",
	"gt":          "operator >",
	"ge":          "operator >=",
	"bitwise_and": "operator &",
	"bitwise_or":  "operator |",
	"bitwise_xor": "operator ^",
	"bitwise_not": "operator ~",
	"subscript":   "operator m[k]",
	"starts_with": "Spark's startswith is its alias",
	"ends_with":   "Spark's endswith is its alias",
}

// TestSparkCoverage checks spark_functions.txt against the registry: the file
// parses (each name once, valid statuses, types and reasons), auto names and
// the functions of operators are registered, no registered name is marked
// planned, absent or form, and every registry name is either in the file or
// one of exprcOnlyNames.
func TestSparkCoverage(t *testing.T) {
	sfs, err := SparkFunctions()
	if err != nil {
		t.Fatal(err)
	}
	if len(sfs) < 400 {
		t.Fatalf("only %d Spark names: spark_functions.txt is incomplete", len(sfs))
	}
	groups := map[string]bool{}
	for _, g := range coverageGroupOrder {
		groups[g] = true
	}
	for i := range sfs {
		sf := &sfs[i]
		where := func() string { return fmt.Sprintf("spark_functions.txt:%d: %s", sf.Line, sf.Name) }
		fn := Lookup(sf.Name)
		switch sf.Status {
		case StatusAuto:
			if fn == nil {
				t.Errorf("%s is auto but not registered (mark it pending, or register it)", where())
			}
		case StatusOp:
			if Lookup(sf.Impl) == nil {
				t.Errorf("%s: operator function %s is not registered", where(), sf.Impl)
			}
			if fn != nil {
				t.Errorf("%s is registered: mark it auto", where())
			}
		case StatusPlanned, StatusAbsent, StatusForm:
			if fn != nil {
				t.Errorf("%s is registered but marked %s: mark it auto", where(), sf.Status)
			}
		}
		if !groups[sf.Group] {
			t.Errorf("%s: unknown group %s", where(), sf.Group)
		}
		msg, ok := Unsupported(sf.Name)
		if sf.Present() {
			if ok {
				t.Errorf("%s is present but Unsupported says %q", where(), msg)
			}
		} else if !ok || !strings.HasPrefix(msg, sf.Name+" is not supported") {
			t.Errorf("%s is %s but Unsupported gives %q, %v", where(), sf.Status, msg, ok)
		}
	}
	for _, fn := range All() {
		for _, name := range append([]string{fn.Name}, Aliases(fn)...) {
			if sparkFunction(name) != nil {
				continue
			}
			if _, ok := exprcOnlyNames[name]; !ok {
				t.Errorf("registered %s is neither in spark_functions.txt nor in exprcOnlyNames", name)
			}
		}
	}
	for name := range exprcOnlyNames {
		if Lookup(name) == nil {
			t.Errorf("exprcOnlyNames lists %s, which is not registered", name)
		}
		if sparkFunction(name) != nil {
			t.Errorf("exprcOnlyNames lists %s, which is a Spark name", name)
		}
	}
	// BINARY is a type of exprc's: no entry may say it is missing.
	for _, sf := range sfs {
		if slices.Contains(sf.Types, "BINARY") {
			t.Errorf("spark_functions.txt:%d: %s is planned for BINARY, which exprc has", sf.Line, sf.Name)
		}
	}
}

// TestParseSparkFunctionsErrors checks that malformed lines are reported, not
// taken.
func TestParseSparkFunctionsErrors(t *testing.T) {
	for _, text := range []string{
		"abs math",
		"abs math auto\nabs math auto",
		"ABS math auto",
		"abs math sometimes",
		"abs math auto extra",
		"array array planned",
		"array array planned LIST",
		"rand math absent",
		"rand math absent because",
		"+ math op add",
		"if conditional form",
	} {
		if _, err := parseSparkFunctions(text); err == nil {
			t.Errorf("%q parsed without error", text)
		}
	}
	sfs, err := parseSparkFunctions("# comment\n\n+ math op add a + b\ntransform lambda planned ARRAY LAMBDA\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(sfs) != 2 || sfs[0].Impl != "add" || sfs[0].Example != "a + b" || len(sfs[1].Types) != 2 || sfs[1].Line != 4 {
		t.Errorf("parsed %+v", sfs)
	}
	if got := typesPhrase([]string{"ARRAY", "STRUCT", "LAMBDA"}); got != "ARRAY, STRUCT and lambda arguments" {
		t.Errorf("typesPhrase = %q", got)
	}
}
