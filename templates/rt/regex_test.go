package rt

import (
	"strings"
	"testing"
	"time"
)

// Patterns whose Java meaning RE2 runs exactly, with Java's answers.
func TestRegexJavaSemantics(t *testing.T) {
	for _, c := range []struct {
		pattern, s string
		match      bool
	}{
		{`a.c`, "a\nc", false}, {`a.c`, "a\rc", false}, {`a.c`, "a\u0085c", false}, {`a.c`, "a\u2029c", false},
		{`(?s)a.c`, "a\nc", true}, {`a.c`, "aéc", true},
		{`abc$`, "abc\n", true}, {`abc$`, "abc\r\n", true}, {`abc$`, "abc\u2028", true}, {`abc$`, "abc\n\n", false},
		{`abc\Z`, "abc\r", true}, {`abc\z`, "abc\n", false},
		{`(?i)abc`, "ABC", true}, {`(?i)é`, "É", false}, {`(?i)[^a]`, "A", false}, {`(?i:a)b`, "AB", false},
		{`(?i)a(?-i)b`, "Ab", true}, {`(?i)a(?-i)b`, "AB", false},
		{`\s`, "\v", true}, {`\S`, "\v", false}, {`[\S]`, "\v", false}, {`\v`, "\u2028", true}, {`\h`, "\u3000", true},
		{`\w`, "é", false}, {`\d`, "٣", false}, {`\p{Alpha}`, "é", false}, {`\p{L}`, "é", true}, {`\P{L}`, "é", false},
		{`\p{IsLatin}`, "é", true}, {`\p{IsGreek}`, "é", false}, {`[\p{Lu}\d]`, "7", true},
		{`\x41\x{1F600}\u00e9\0101\t\cA`, "A😀éA\t\x01", true}, {`\uD83D\uDE00`, "😀", true},
		{`\Qa.b\E`, "a.b", true}, {`\Qa.b\E`, "axb", false}, {`\Qab\E{2}`, "abb", true},
		{`[]a]`, "]", true}, {`[a-]`, "-", true}, {`[^]a]`, "b", true}, {`[^a]`, "\n", true},
		{`\.\*\[\é`, ".*[é", true}, {`x{2,3}?`, "xx", true}, {`}`, "}", true}, {`]`, "]", true},
		{`(?<y>\d{4})`, "2024", true},
	} {
		r, err := CompileRegex("rlike", c.pattern)
		if err != nil {
			t.Errorf("%q: %v", c.pattern, err)
			continue
		}
		if got := r.Match(c.s); got != c.match {
			t.Errorf("%q on %q: %v, Java %v (RE2 %q)", c.pattern, c.s, got, c.match, r.jr.re2)
		}
	}
}

// Constructs RE2 cannot run with Java's meaning are refused, naming them.
func TestRegexRefused(t *testing.T) {
	for _, c := range []struct{ pattern, why string }{
		{`(a)\1`, "backreference"}, {`\k<a>`, "backreference"}, {`a(?=b)`, "lookahead"}, {`a(?!b)`, "lookahead"},
		{`(?<=a)b`, "lookbehind"}, {`(?<!a)b`, "lookbehind"}, {`a*+`, "possessive"}, {`a++`, "possessive"},
		{`a?+`, "possessive"}, {`a{2}+`, "possessive"}, {`(?>a)`, "atomic"}, {`\G`, `\G`},
		{`[a-z&&[^b]]`, "intersection"}, {`[a[b]]`, "nested"}, {`\p{javaLowerCase}`, "javaLowerCase"},
		{`\p{InGreek}`, "InGreek"}, {`(?m)^a`, "MULTILINE"}, {`(?d)a`, "(?d)"}, {`(?u)a`, "(?u)"},
		{`(?x)a`, "(?x)"}, {`(?U)a`, "(?U)"}, {`a$b`, "$"}, {`(a$)b`, "$"}, {`a$?`, "anchor"}, {`\R`, `\R`},
		{`\X`, `\X`}, {`(`, "unclosed"}, {`)`, "unmatched"}, {`[a`, "unclosed"}, {`*a`, "dangling"},
		{`a**`, "dangling"}, {`a{`, "repetition"}, {`a{3,2}`, "range"}, {`\y`, "escape"}, {`\`, "backslash"},
		{`a{1001}`, "repeat"}, {`\ud800`, "surrogate"}, {`[z-a]`, "range"}, {`(?<1a>x)`, "name"},
		{strings.Repeat("(a)", 300), "groups"},
	} {
		_, err := CompileRegex("rlike", c.pattern)
		if err == nil {
			t.Errorf("%q: compiled, want an error about %s", c.pattern, c.why)
			continue
		}
		if err.Class != InvalidPattern || !strings.Contains(err.Message(), c.why) {
			t.Errorf("%q: %v, want %s about %s", c.pattern, err, InvalidPattern, c.why)
		}
	}
}

// Java's successive finds, its replacement syntax and its group numbering.
func TestRegexFunctions(t *testing.T) {
	rep := func(p, s, r string, pos int32) string {
		re, err := CompileRegex("regexp_replace", p)
		if err != nil {
			return err.Error()
		}
		out, err := re.ReplacePos(s, r, pos)
		if err != nil {
			return err.Error()
		}
		return out
	}
	for _, c := range []struct {
		p, s, r string
		pos     int32
		want    string
	}{
		{`a*`, "baaa", "-", 1, "-b--"}, {``, "hé", "-", 1, "-h-é-"}, {`\b`, "ab cd", "|", 1, "|ab| |cd|"},
		{`x*`, "abcabc", "-", 3, "ab-c-a-b-c-"}, {`^a`, "aaa", "x", 2, "axa"}, {`a`, "aaa", "x", 4, "aaa"},
		{`a$`, "a\n", "X", 1, "X\n"}, {`a$|(b)`, "b", "<$1>", 1, "<b>"}, {`(a$)`, "a\r\n", "[$1]", 1, "[a]\r\n"},
		{`(\d+)-(\d+)`, "1-2 3-4", "$2:$1", 1, "2:1 4:3"}, {`(b)`, "abc", "$12", 1, "ab2c"},
		{`(?<n>b)`, "abc", "${n}${n}", 1, "abbc"}, {`b`, "abc", `\$\\`, 1, `a$\c`},
		{`b`, "abc", "$1", 1, "INVALID_PARAMETER_VALUE: The value of parameter(s) `rep` in `regexp_replace` is invalid: No group 1"},
		{`x`, "abc", "$1", 1, "abc"},
		{`a`, "a", "x", 0, "INVALID_PARAMETER_VALUE: The value of parameter(s) `position` in `regexp_replace` is invalid: expects a positive position, got 0"},
	} {
		if got := rep(c.p, c.s, c.r, c.pos); got != c.want {
			t.Errorf("regexp_replace(%q, %q, %q, %d) = %q, want %q", c.s, c.p, c.r, c.pos, got, c.want)
		}
	}
	for _, c := range []struct {
		p, s string
		n    int32
	}{{`a*`, "baaa", 3}, {``, "日本", 3}, {`a$|\n`, "a\n", 2}, {`[a-z]{3}`, "abcdefghijklmnopqrstuvwxyz", 8}, {`(?i)B`, "abAB", 2}} {
		if n, _ := RegexpCount(c.s, c.p); n != c.n {
			t.Errorf("regexp_count(%q, %q) = %d, want %d", c.s, c.p, n, c.n)
		}
	}
	if s, err := RegexpExtractIdx("x100-200", `(\d+)-(\d+)`, 2); s != "200" || err != nil {
		t.Errorf("extract: %q %v", s, err)
	}
	if _, err := RegexpExtractIdx("1-2", `(\d+)-(\d+)`, 3); err == nil || err.Class != InvalidGroupIndex ||
		err.Message() != "The value of parameter(s) `idx` in `regexp_extract` is invalid: Expects group index between 0 and 2, but got 3." {
		t.Errorf("extract group index: %v", err)
	}
	if s, err := RegexpExtractIdx("abc", `(\d+)-(\d+)`, 3); s != "" || err != nil {
		t.Errorf("extract without a match: %q %v", s, err)
	}
	if n, _ := RegexpInstr("ééb", "b"); n != 3 {
		t.Errorf("instr: %d", n)
	}
	if RegexpSubstrFound("abc", "x*") || !RegexpSubstrFound("abc", "(") {
		t.Error("regexp_substr guard")
	}
	if _, err := Rlike("x", "("); err == nil || !strings.Contains(err.Message(), "`rlike`") {
		t.Errorf("rlike error: %v", err)
	}
}

// A 64K-character pattern answers in milliseconds (it is over the cap), and
// so does the longest accepted pattern of many groups on a short string.
func TestRegexHugePatternFast(t *testing.T) {
	huge := strings.Repeat("(a|b)", 13107)
	start := time.Now()
	if _, err := Rlike("ab", huge); err == nil || err.Class != InvalidPattern {
		t.Fatalf("64K pattern: %v", err)
	}
	if _, err := RegexpReplace("ab", huge, "x"); err == nil {
		t.Fatal("64K pattern compiled")
	}
	nested := strings.Repeat("(", 20000) + "a" + strings.Repeat(")", 20000)
	if _, err := RegexpCount("a", nested); err == nil {
		t.Fatal("deep pattern compiled")
	}
	if _, err := Rlike("a", "(a{1000}){1000}"); err == nil {
		t.Fatal("huge repetition compiled")
	}
	// Under the byte cap, but a million RE2 instructions once the counted
	// repetitions are expanded (seconds of compiling without the size cap).
	if _, err := Rlike("ab", strings.Repeat("a{0,1000}", 455)); err == nil || err.Class != InvalidPattern {
		t.Fatalf("expanding pattern: %v", err)
	}
	if _, err := Rlike("ab", strings.Repeat("[a-z]{1,1000}", 9)); err == nil {
		t.Fatal("expanding pattern compiled")
	}
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Errorf("refusing the huge patterns took %v", d)
	}
	start = time.Now()
	long := strings.Repeat("(a|b)", 200) + strings.Repeat("[ab]", 700)
	if _, err := RegexpReplace(strings.Repeat("ab", 500), long, "$1"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a 4K pattern on a 1K string took %v", d)
	}
}
