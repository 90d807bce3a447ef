package diag

import (
	"slices"
	"strings"
	"testing"
)

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"amout", "amount", 1},
		{"lenght", "length", 1}, // one swap, not two substitutions
		{"uper", "upper", 1},
		{"kitten", "sitting", 3},
		{"abc", "ca", 3}, // optimal string alignment: no edit of a swapped pair
		{"héllo", "hello", 1},
	} {
		if got := editDistance([]rune(c.a), []rune(c.b)); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := editDistance([]rune(c.b), []rune(c.a)); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d (symmetry)", c.b, c.a, got, c.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	cols := []string{"id", "amount", "note", "created", "Amounts", "AMOUNT"}
	for _, c := range []struct {
		name  string
		cands []string
		want  []string
	}{
		{"amout", cols, []string{"amount"}},              // the closest only; AMOUNT is amount again
		{"AMOUT", cols, []string{"amount"}},              // case does not count
		{"amounst", cols, []string{"amount", "Amounts"}}, // ties, sorted case-insensitively
		{"uper", []string{"lower", "upper", "ucase"}, []string{"upper"}},
		{"q", []string{"a", "b"}, nil}, // a one-letter name suggests nothing
		{"tt", []string{"t", "u"}, []string{"t"}},
		{"foo", []string{"bool", "xxxxx"}, nil}, // two edits are too many for three letters
		{"zzzz", cols, nil},                     // nothing close enough
		{"amount", cols, nil},                   // name is known: nothing to suggest
		{"createdd", []string{"created", "credit"}, []string{"created"}},
		{"xy", []string{"xa", "xb", "xc", "xd", "xe"}, []string{"xa", "xb", "xc"}}, // at most three
	} {
		got := Suggest(c.name, c.cands)
		if !slices.Equal(got, c.want) {
			t.Errorf("Suggest(%q, %q) = %q, want %q", c.name, c.cands, got, c.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	if got := DidYouMean("amout", []string{"amount"}, nil); got != "; did you mean amount?" {
		t.Errorf("one: %q", got)
	}
	if got := DidYouMean("xy", []string{"xb", "xa", "xc"}, nil); got != "; did you mean xa, xb or xc?" {
		t.Errorf("three: %q", got)
	}
	if got := DidYouMean("nope", []string{"amount"}, nil); got != "" {
		t.Errorf("none: %q", got)
	}
	quote := func(s string) string { return "`" + strings.ToUpper(s) + "`" }
	if got := DidYouMean("outr", []string{"outer"}, quote); got != "; did you mean `OUTER`?" {
		t.Errorf("quoted: %q", got)
	}
}
