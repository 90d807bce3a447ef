package functions

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/exprc/exprc/ir"
)

func TestResolve(t *testing.T) {
	n := ir.TypeNull
	ms := ir.MapOf(tStr, tInt)
	mb := ir.MapOf(tBig, tStr)
	for _, k := range []struct {
		fn     string
		args   []ir.Type
		params []ir.Type
		ret    ir.Type
		err    bool
	}{
		{"add", []ir.Type{tInt, tInt}, []ir.Type{tInt, tInt}, tInt, true},
		{"add", []ir.Type{tInt, tBig}, []ir.Type{tBig, tBig}, tBig, true},
		{"add", []ir.Type{tBig, tInt}, []ir.Type{tBig, tBig}, tBig, true},
		{"add", []ir.Type{tInt, tDbl}, []ir.Type{tDbl, tDbl}, tDbl, false},
		{"add", []ir.Type{tInt, n}, []ir.Type{tInt, tInt}, tInt, true},
		{"add", []ir.Type{n, tBig}, []ir.Type{tBig, tBig}, tBig, true},
		{"add", []ir.Type{n, n}, []ir.Type{tInt, tInt}, tInt, true},
		{"add", []ir.Type{n, tDbl}, []ir.Type{tDbl, tDbl}, tDbl, false},
		{"subtract", []ir.Type{tDbl, tDbl}, []ir.Type{tDbl, tDbl}, tDbl, false},
		{"multiply", []ir.Type{tBig, tBig}, []ir.Type{tBig, tBig}, tBig, true},
		{"divide", []ir.Type{tInt, tInt}, []ir.Type{tDbl, tDbl}, tDbl, true},
		{"div", []ir.Type{tInt, tInt}, []ir.Type{tBig, tBig}, tBig, true},
		{"div", []ir.Type{n, tInt}, []ir.Type{tBig, tBig}, tBig, true},
		{"mod", []ir.Type{tInt, tDbl}, []ir.Type{tDbl, tDbl}, tDbl, true},
		{"mod", []ir.Type{tInt, tInt}, []ir.Type{tInt, tInt}, tInt, true},
		{"negate", []ir.Type{tDbl}, []ir.Type{tDbl}, tDbl, false},
		{"abs", []ir.Type{n}, []ir.Type{tInt}, tInt, true},
		{"ceil", []ir.Type{tInt}, []ir.Type{tBig}, tBig, false},
		{"ceil", []ir.Type{tDbl}, []ir.Type{tDbl}, tBig, true},
		{"round", []ir.Type{tDbl, tInt}, []ir.Type{tDbl, tInt}, tDbl, false},
		{"round", []ir.Type{tBig, n}, []ir.Type{tBig, tInt}, tBig, true},
		{"round", []ir.Type{tInt}, []ir.Type{tInt}, tInt, false},
		{"sqrt", []ir.Type{tInt}, []ir.Type{tDbl}, tDbl, false},
		{"power", []ir.Type{tInt, tBig}, []ir.Type{tDbl, tDbl}, tDbl, false},
		{"sign", []ir.Type{tBig}, []ir.Type{tDbl}, tDbl, false},
		{"eq", []ir.Type{tInt, tDbl}, []ir.Type{tDbl, tDbl}, tBool, false},
		{"eq", []ir.Type{n, tStr}, []ir.Type{tStr, tStr}, tBool, false},
		{"eq", []ir.Type{n, n}, []ir.Type{tInt, tInt}, tBool, false},
		{"lt", []ir.Type{tDate, tDate}, []ir.Type{tDate, tDate}, tBool, false},
		{"ge", []ir.Type{tBool, n}, []ir.Type{tBool, tBool}, tBool, false},
		{"not", []ir.Type{n}, []ir.Type{tBool}, tBool, false},
		{"concat", []ir.Type{tStr, n, tStr}, []ir.Type{tStr, tStr, tStr}, tStr, false},
		{"concat", []ir.Type{n}, []ir.Type{tStr}, tStr, false},
		{"greatest", []ir.Type{tInt, tBig, n}, []ir.Type{tBig, tBig, tBig}, tBig, false},
		{"least", []ir.Type{n, n}, []ir.Type{tInt, tInt}, tInt, false},
		{"substring", []ir.Type{tStr, tInt}, []ir.Type{tStr, tInt}, tStr, false},
		{"substr", []ir.Type{n, n, n}, []ir.Type{tStr, tInt, tInt}, tStr, false},
		{"lpad", []ir.Type{tStr, tInt}, []ir.Type{tStr, tInt}, tStr, true},
		{"like", []ir.Type{tStr, tStr, tStr}, []ir.Type{tStr, tStr, tStr}, tBool, true},
		{"rlike", []ir.Type{tStr, n}, []ir.Type{tStr, tStr}, tBool, true},
		{"subscript", []ir.Type{ms, tStr}, []ir.Type{ms, tStr}, tInt, true},
		{"subscript", []ir.Type{mb, tInt}, []ir.Type{mb, tBig}, tStr, true},
		{"subscript", []ir.Type{ms, n}, []ir.Type{ms, tStr}, tInt, true},
		{"subscript", []ir.Type{n, tInt}, []ir.Type{ir.MapOf(tInt, tStr), tInt}, tStr, true},
		{"element_at", []ir.Type{ms, tStr}, []ir.Type{ms, tStr}, tInt, false},
		{"map_contains_key", []ir.Type{mb, tBig}, []ir.Type{mb, tBig}, tBool, false},
		{"cardinality", []ir.Type{ms}, []ir.Type{ms}, tInt, false},
		{"size", []ir.Type{n}, []ir.Type{ir.MapOf(tStr, tStr)}, tInt, false},
		{"year", []ir.Type{tDate}, []ir.Type{tDate}, tInt, false},
		{"date_add", []ir.Type{tDate, tInt}, []ir.Type{tDate, tInt}, tDate, true},
		{"datediff", []ir.Type{tDate, n}, []ir.Type{tDate, tDate}, tInt, true},
		{"length", []ir.Type{tStr}, []ir.Type{tStr}, tInt, false},
	} {
		fn := Lookup(k.fn)
		s, err := fn.Resolve(k.args)
		if err != nil {
			t.Errorf("%s%s: %v", k.fn, typeList(k.args), err)
			continue
		}
		if !slices.EqualFunc(s.Params, k.params, ir.Type.Equal) || !s.Ret.Equal(k.ret) || s.MayError != k.err {
			t.Errorf("%s%s = %s -> %s (MayError %v), want %s -> %s (%v)", k.fn, typeList(k.args),
				typeList(s.Params), s.Ret, s.MayError, typeList(k.params), k.ret, k.err)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	ms := ir.MapOf(tStr, tInt)
	mi := ir.MapOf(tInt, tStr)
	for _, k := range []struct {
		fn   string
		args []ir.Type
		want string // the whole message, or a prefix ending in "..."
	}{
		{"abs", []ir.Type{tStr}, "function abs does not accept (VARCHAR); expected one of: abs(TINYINT) -> TINYINT, abs(SMALLINT) -> SMALLINT, abs(INT) -> INT, abs(BIGINT) -> BIGINT, abs(FLOAT) -> FLOAT, abs(DOUBLE) -> DOUBLE"},
		{"substring", []ir.Type{tStr, tInt, tInt, tInt}, "wrong number of arguments for substring: got 4, want 2 or 3"},
		{"abs", nil, "wrong number of arguments for abs: got 0, want 1"},
		{"round", []ir.Type{tDbl, tInt, tInt}, "wrong number of arguments for round: got 3, want 1 or 2"},
		{"concat", nil, "wrong number of arguments for concat: got 0, want at least 1"},
		{"greatest", []ir.Type{tInt}, "wrong number of arguments for greatest: got 1, want at least 2"},
		{"add", []ir.Type{tInt, tStr}, "function add does not accept (INT, VARCHAR); ..."},
		{"add", []ir.Type{tDate, tInt}, "function add does not accept (DATE, INT); ..."},
		{"div", []ir.Type{tDbl, tInt}, "function div does not accept (DOUBLE, INT); expected one of: div(BIGINT, BIGINT) -> BIGINT"},
		{"round", []ir.Type{tDbl, tBig}, "function round does not accept (DOUBLE, BIGINT); ..."},
		{"date_add", []ir.Type{tDate, tBig}, "function date_add does not accept (DATE, BIGINT); expected one of: date_add(DATE, INT) -> DATE"},
		{"year", []ir.Type{tStr}, "function year does not accept (VARCHAR); ..."},
		{"eq", []ir.Type{ms, ms}, "cannot compare MAP<VARCHAR, INT>: ..."},
		{"eq", []ir.Type{tInt, tStr}, "cannot compare INT with VARCHAR: ..."},
		{"lt", []ir.Type{tDate, tStr}, "cannot compare DATE with VARCHAR: ..."},
		{"eq", []ir.Type{tInt}, "wrong number of arguments for eq: got 1, want 2"},
		{"greatest", []ir.Type{tInt, tStr}, "cannot greatest values of types INT with VARCHAR: ..."},
		{"least", []ir.Type{ms, ms}, "cannot least values of types MAP<VARCHAR, INT>: ..."},
		{"concat", []ir.Type{tStr, tInt}, "function concat does not accept (VARCHAR, INT); expected one of: concat(VARCHAR, ...) -> VARCHAR"},
		{"like", []ir.Type{tStr, tInt}, "function like does not accept (VARCHAR, INT); ..."},
		{"subscript", []ir.Type{mi, tBig}, "function subscript does not accept (MAP<INT, VARCHAR>, BIGINT); expected one of: subscript(MAP<K, V>, K) -> V"},
		{"subscript", []ir.Type{tStr, tStr}, "function subscript does not accept (VARCHAR, VARCHAR); ..."},
		{"element_at", []ir.Type{ms}, "wrong number of arguments for element_at: got 1, want 2"},
		{"cardinality", []ir.Type{tStr}, "function cardinality does not accept (VARCHAR); expected one of: cardinality(MAP<K, V>) -> INT"},
		{"not", []ir.Type{tInt}, "function not does not accept (INT); expected one of: not(BOOLEAN) -> BOOLEAN"},
		{"cast", []ir.Type{tInt}, "CAST needs a target type: write CAST(x AS type)"},
	} {
		s, err := Lookup(k.fn).Resolve(k.args)
		if err == nil {
			t.Errorf("%s%s resolved to %v", k.fn, typeList(k.args), typeList(s.Params))
			continue
		}
		if s != nil {
			t.Errorf("%s%s: signature with error", k.fn, typeList(k.args))
		}
		want, prefix := strings.CutSuffix(k.want, "...")
		if prefix && !strings.HasPrefix(err.Error(), want) || !prefix && err.Error() != want {
			t.Errorf("%s%s: error %q, want %q", k.fn, typeList(k.args), err, k.want)
		}
	}
	if _, err := ResolveCast(tDate, tInt); err == nil || err.Error() != "cannot cast DATE to INT" {
		t.Errorf("ResolveCast(DATE, INT): %v", err)
	}
}

func TestRegistry(t *testing.T) {
	required := []string{"add", "subtract", "multiply", "divide", "div", "mod", "concat", "eq", "ne", "lt", "le",
		"gt", "ge", "not", "negate", "like", "rlike", "subscript", "abs", "ceil", "ceiling", "floor", "round", "sqrt",
		"power", "pow", "sign", "signum", "greatest", "least", "length", "char_length", "character_length", "upper",
		"lower", "substring", "substr", "trim", "ltrim", "rtrim", "starts_with", "startswith", "ends_with", "endswith",
		"contains", "replace", "lpad", "rpad", "element_at", "map_contains_key", "cardinality", "size", "year",
		"month", "day", "dayofmonth", "date_add", "date_sub", "datediff", "cast"}
	for _, n := range required {
		if Lookup(n) == nil {
			t.Errorf("missing %s", n)
		}
		if Lookup(strings.ToUpper(n)) != Lookup(n) {
			t.Errorf("Lookup is case-sensitive for %s", n)
		}
	}
	for _, n := range []string{"if", "coalesce", "nullif", "nvl", "try", "and", "or", "in", "between", "isnull", "nope"} {
		if Lookup(n) != nil {
			t.Errorf("%s must be left to the binder", n)
		}
	}
	if Lookup("ceiling") != Lookup("ceil") || Lookup("SubStr") != Lookup("substring") || Lookup("size") != Lookup("cardinality") {
		t.Error("aliases must share the canonical *ir.Function")
	}
	if Lookup("cast") != CastFn || CastFn.Name != ir.Cast {
		t.Error("CastFn")
	}
	ops := map[string][2]string{"add": {"+", ""}, "subtract": {"-", ""}, "multiply": {"*", ""}, "divide": {"/", ""},
		"div": {"DIV", ""}, "mod": {"%", ""}, "concat": {"||", ""}, "eq": {"=", ""}, "ne": {"<>", ""}, "lt": {"<", ""},
		"le": {"<=", ""}, "gt": {">", ""}, "ge": {">=", ""}, "not": {"", "NOT"}, "negate": {"", "-"}}
	for n, w := range ops {
		if fn := Lookup(n); fn.Infix != w[0] || fn.Prefix != w[1] {
			t.Errorf("%s: Infix %q Prefix %q", n, fn.Infix, fn.Prefix)
		}
	}
	fns := All()
	if !sort.SliceIsSorted(fns, func(i, j int) bool { return fns[i].Name < fns[j].Name }) {
		t.Error("All is not sorted")
	}
	for i, fn := range fns {
		if i > 0 && fns[i-1] == fn {
			t.Errorf("%s twice", fn.Name)
		}
		if fn.Name != strings.ToLower(fn.Name) || fn.Doc == "" || len(fn.Synopsis) == 0 || fn.Resolve == nil {
			t.Errorf("%s: incomplete entry", fn.Name)
		}
		nonStrict := map[string]bool{"greatest": true, "least": true, "isnan": true, "nanvl": true, "hash": true, "xxhash64": true, "typeof": true,
			"concat_ws": true, "elt": true, "mask": true, "format_string": true,
			"raise_error": true, "assert_true": true, "map": true}[fn.Name]
		if fn.Strict == nonStrict {
			t.Errorf("%s: Strict = %v", fn.Name, fn.Strict)
		}
		if Lookup(fn.Name) != fn {
			t.Errorf("%s: Lookup mismatch", fn.Name)
		}
	}
	if !Lookup("element_at").NullOnValue || Lookup("map_contains_key").NullOnValue || Lookup("add").NullOnValue {
		t.Error("NullOnValue")
	}
}
