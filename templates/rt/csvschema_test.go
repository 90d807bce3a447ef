package rt

import "testing"

// Expected strings worked out from Spark's CSVInferSchema (default options).
func TestSchemaOfCSV(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1,abc", "STRUCT<_c0: INT, _c1: STRING>"},
		{"1,", "STRUCT<_c0: INT, _c1: STRING>"},
		{"2147483648,-2147483648,+7", "STRUCT<_c0: BIGINT, _c1: INT, _c2: INT>"},
		{"12345678901234567890,1.5,1e5,1E0,1.5e1", "STRUCT<_c0: DECIMAL(20,0), _c1: DOUBLE, _c2: DOUBLE, _c3: DECIMAL(1,0), _c4: DECIMAL(2,0)>"},
		{"NaN,Inf,-Inf,Infinity,1d, 2 ,0x1p3", "STRUCT<_c0: DOUBLE, _c1: DOUBLE, _c2: DOUBLE, _c3: DOUBLE, _c4: DOUBLE, _c5: DOUBLE, _c6: DOUBLE>"},
		{"2020-01-01,2020-1-1,2020-01,2020-01-01 10:11:12.5", "STRUCT<_c0: DATE, _c1: TIMESTAMP, _c2: TIMESTAMP, _c3: TIMESTAMP>"},
		{"true,FALSE,yes", "STRUCT<_c0: BOOLEAN, _c1: BOOLEAN, _c2: STRING>"},
		{`"1","",x`, "STRUCT<_c0: INT, _c1: STRING, _c2: STRING>"},
		{"١٢٣,١.٥", "STRUCT<_c0: INT, _c1: STRING>"},
		{"123456789012345678901234567890123456789", "STRUCT<_c0: DOUBLE>"},
	} {
		got, problem := SchemaOfCSV(c.in, ',')
		if problem != "" || got != c.want {
			t.Errorf("SchemaOfCSV(%q) = %q, %q; want %q", c.in, got, problem, c.want)
		}
	}
	for _, in := range []string{"", "  ", "a\nb", `"a`, `"a"b`, `a"b`, `a\b`, "2020-02-30", "1a", "T10:00"} {
		if got, problem := SchemaOfCSV(in, ','); problem == "" {
			t.Errorf("SchemaOfCSV(%q) = %q, want a refusal", in, got)
		}
	}
	if got, _ := SchemaOfCSV("1;a,b", ';'); got != "STRUCT<_c0: INT, _c1: STRING>" {
		t.Errorf("sep ';': %q", got)
	}
}
