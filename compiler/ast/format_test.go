package ast

import "testing"

func TestIdentCanon(t *testing.T) {
	for _, tc := range []struct {
		id        Ident
		canon, sq string
	}{
		{Ident{Name: "MyCol"}, "mycol", "MyCol"},
		{Ident{Name: "MyCol", Quoted: true}, "MyCol", "`MyCol`"},
		{Ident{Name: "a`b", Quoted: true}, "a`b", "`a``b`"},
		{Ident{Name: "GRÖSSE"}, "grösse", "GRÖSSE"},
	} {
		if got := tc.id.Canon(); got != tc.canon {
			t.Errorf("%v.Canon() = %q, want %q", tc.id, got, tc.canon)
		}
		if got := tc.id.String(); got != tc.sq {
			t.Errorf("%v.String() = %q, want %q", tc.id, got, tc.sq)
		}
	}
}

func TestFormat(t *testing.T) {
	col := func(n string) Expr { return &ColumnRef{Column: Ident{Name: n}} }
	lit := func(k LitKind, v string) Expr { return &Literal{Kind: k, Value: v} }
	for _, tc := range []struct {
		e    Expr
		want string
	}{
		{&Binary{Op: "+", L: col("a"), R: &Binary{Op: "*", L: col("b"), R: lit(LitInt, "2")}}, "a + (b * 2)"},
		{&Unary{Op: "-", X: &Unary{Op: "-", X: lit(LitInt, "1")}}, "-(-1)"},
		{&Unary{Op: "NOT", X: &IsNull{X: col("a"), Not: true}}, "NOT (a IS NOT NULL)"},
		{lit(LitString, "it's"), `'it\'s'`},
		{lit(LitString, `a\b`), `'a\\b'`},
		{lit(LitDate, "2024-01-01"), "DATE '2024-01-01'"},
		{lit(LitBool, "true"), "TRUE"},
		{lit(LitNull, "NULL"), "NULL"},
		{&InList{X: col("x"), Not: true}, "x NOT IN ()"},
		{&Like{X: col("s"), Pattern: lit(LitString, "^a"), Regex: true}, "s RLIKE '^a'"},
		{&Cast{X: col("m"), Type: &TypeName{Name: TypeMap, Key: &TypeName{Name: TypeVarchar},
			Value: &TypeName{Name: TypeMap, Key: &TypeName{Name: TypeInt}, Value: &TypeName{Name: TypeDate}}}},
			"CAST(m AS MAP<VARCHAR, MAP<INT, DATE>>)"},
		{&Subscript{X: &Subscript{X: col("m"), Index: lit(LitString, "a")}, Index: lit(LitInt, "1")}, "m['a'][1]"},
		{&Call{Name: Ident{Name: "count"}, Star: true}, "count(*)"},
		{&Case{Whens: []*When{{Cond: col("a"), Result: lit(LitInt, "1")}}, Else: lit(LitNull, "NULL")},
			"CASE WHEN a THEN 1 ELSE NULL END"},
		{&Exists{Not: true, Sub: &Select{Items: []*SelectItem{{Expr: &Star{}}},
			From: &TableRef{Name: Ident{Name: "t"}}}}, "NOT EXISTS (SELECT * FROM t)"},
		{&Call{Name: Ident{Name: "extract"}, Args: []Expr{lit(LitString, "YEAR"), col("d")}}, "EXTRACT(YEAR FROM d)"},
		{&Call{Name: Ident{Name: "extract"}, Args: []Expr{lit(LitString, "no field"), col("d")}}, "extract('no field', d)"},
		{&Call{Name: Ident{Name: "date_part"}, Args: []Expr{lit(LitString, "dow"), col("d")}}, "date_part('dow', d)"},
		{nil, "<nil>"},
	} {
		if got := Format(tc.e); got != tc.want {
			t.Errorf("Format = %q, want %q", got, tc.want)
		}
	}
}
