package parser

import "testing"

// TestQuoteNameReadsBack checks that the names QuoteName spells read back as
// the same column name, plain or backquoted as needed: `exprc schema` prints
// file column names with it.
func TestQuoteNameReadsBack(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"id", "id"},
		{"Mixed_Case9", "Mixed_Case9"},
		{"été", "été"},
		{"date", "date"}, // a keyword, not reserved
		{"order", "`order`"},
		{"SELECT", "`SELECT`"},
		{"9lives", "`9lives`"},
		{"sp ace", "`sp ace`"},
		{"back`quote", "`back``quote`"},
		{"a-b", "`a-b`"},
		{"      ", "`      `"},
		{"name:", "`name:`"},
		{"--x", "`--x`"},
	} {
		got := QuoteName(c.name)
		if got != c.want {
			t.Errorf("QuoteName(%q) = %q, want %q", c.name, got, c.want)
			continue
		}
		f, errs := ParseFile("t.sql", []byte("CREATE TABLE t ("+got+" BIGINT, z INT);"))
		if len(errs) > 0 {
			t.Errorf("%q: %v", got, errs)
			continue
		}
		if n := f.Tables[0].Columns[0].Name.Name; n != c.name {
			t.Errorf("%q reads back as %q, want %q", got, n, c.name)
		}
	}
}
