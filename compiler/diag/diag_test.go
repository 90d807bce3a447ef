package diag

import (
	"errors"
	"strings"
	"testing"
)

func TestPosString(t *testing.T) {
	for _, tc := range []struct {
		p    Pos
		want string
	}{
		{Pos{File: "a.sql", Line: 3, Col: 7}, "a.sql:3:7"},
		{Pos{Line: 1, Col: 2}, "1:2"},
		{Pos{}, "-"},
		{Pos{File: "a.sql"}, "a.sql"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestErrorAndList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("empty list Err() != nil")
	}
	l.Add(Pos{File: "b.sql", Line: 2, Col: 1, Offset: 10}, Syntax, "second %d", 2)
	l.Add(Pos{File: "a.sql", Line: 9, Col: 1, Offset: 99}, Name, "third")
	l.Add(Pos{File: "b.sql", Line: 1, Col: 5, Offset: 4}, Type, "first")
	l.Sort()
	want := "a.sql:9:1: third\nb.sql:1:5: first\nb.sql:2:1: second 2"
	if got := l.Error(); got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var target List
	if !errors.As(l.Err(), &target) || len(target) != 3 {
		t.Errorf("errors.As failed: %v", target)
	}
	if l[1].Class != Type {
		t.Errorf("class = %v", l[1].Class)
	}
}

func TestRender(t *testing.T) {
	src := []byte("CREATE TABLE t (a INT);\n\tSELECT  x FROM t\r\n-- name: Q é\nSELECT é@ FROM t\n")
	errs := List{
		{Pos: Pos{File: "s.sql", Line: 2, Col: 10}, Msg: "unknown column x"},
		{Pos: Pos{File: "s.sql", Line: 4, Col: 9}, Msg: "unexpected character"},
		{Pos: Pos{File: "s.sql", Line: 5, Col: 1}, Msg: "at end"},
		{Pos: Pos{File: "other.sql", Line: 1, Col: 1}, Msg: "no source"},
		{Pos: Pos{File: "s.sql", Line: 40, Col: 1}, Msg: "line out of range"},
	}
	var b strings.Builder
	if err := Render(&b, errs, map[string][]byte{"s.sql": src}); err != nil {
		t.Fatal(err)
	}
	want := "s.sql:2:10: unknown column x\n" +
		"\tSELECT  x FROM t\n" +
		"\t        ^\n" +
		"s.sql:4:9: unexpected character\n" +
		"SELECT é@ FROM t\n" +
		"        ^\n" +
		"s.sql:5:1: at end\n" +
		"\n" +
		"^\n" +
		"other.sql:1:1: no source\n" +
		"s.sql:40:1: line out of range\n"
	if got := b.String(); got != want {
		t.Errorf("Render:\n%s\nwant:\n%s", got, want)
	}
}
