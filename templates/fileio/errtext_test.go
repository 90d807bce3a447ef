package fileio

import (
	"strings"
	"testing"
)

func TestErrorText(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{quote("a"), `"a"`},
		{quote("\x1b[31m\r"), `"\x1b[31m\r"`},
		{quote(strings.Repeat("é", 30)), `"` + strings.Repeat("é", 24) + `..."`},
		{quote(strings.Repeat("\r", 100)), `"` + strings.Repeat(`\r`, 48) + `..."`},
		{clip(`{"k":1}`), `{"k":1}`},
		{clip("a\x00"), `"a\x00"`},
		{nameList([]string{"a", "b"}), `"a", "b"`},
		{nameList(strings.Split("a,b,c,d,e,f,g,h,i,j", ",")), `"a", "b", "c", "d", "e", "f", "g", "h", ... (2 more)`},
		{ErrorLine("x\ny\tz\xff"), `x\ny z\xff`},
		{ErrorLine(strings.Repeat("ab", 200)), strings.Repeat("ab", 143) + "a..."},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if n := len(ErrorLine(strings.Repeat("\x01", 1000))); n > MaxErrorLine {
		t.Errorf("ErrorLine of control bytes: %d bytes", n)
	}
}
