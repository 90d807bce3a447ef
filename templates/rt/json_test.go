package rt

import (
	"strings"
	"testing"
)

// TestJSONArrayLengthLimits: Jackson's default stream read constraints, which
// Spark keeps: 1000 levels of nesting, numbers of 1000 characters.
func TestJSONArrayLengthLimits(t *testing.T) {
	nest := func(depth int) string { return strings.Repeat("[", depth) + strings.Repeat("]", depth) }
	cases := []struct {
		s    string
		n    int32
		isOK bool
	}{
		{nest(1000), 1, true},
		{nest(1001), 0, false},
		{"[" + strings.Repeat("9", 1000) + "]", 1, true},
		{"[" + strings.Repeat("9", 1001) + "]", 0, false},
		{"[-" + strings.Repeat("9", 999) + "]", 1, true},
		{"[1." + strings.Repeat("5", 999) + "]", 0, false},
		{"\uFEFF[1]", 1, true},
		{"[\"\xff\"]", 0, false},
		{"[\"\\u12\"]", 0, false},
		{"[\"\\u12ab\", \"\\/\"]", 2, true},
		{"[nul]", 0, false},
		{"[null, false]", 2, true},
		{"[1 2]", 0, false},
		{"[1]x", 1, true},
		{"[{\"a\":{\"b\":[1,{}]}},{}]", 2, true},
		{"[{\"a\":1,}]", 0, false},
		{"[\x01]", 0, false},
	}
	for _, c := range cases {
		n, ok := jsonArrayLength(c.s)
		if n != c.n && ok || ok != c.isOK {
			t.Errorf("jsonArrayLength(%.40q) = %d, %v; want %d, %v", c.s, n, ok, c.n, c.isOK)
		}
	}
}
