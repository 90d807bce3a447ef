package rt

import "testing"

// The cases are Spark's documented examples of to_number and to_char.
func TestToNumber(t *testing.T) {
	for _, c := range []struct {
		in, format, want string
		p, s             int
	}{
		{"454", "999", "454", 3, 0},
		{"454.00", "000.00", "454.00", 5, 2},
		{"12,454", "99,999", "12454", 5, 0},
		{"$78.12", "$99.99", "78.12", 4, 2},
		{"12,454.8-", "99,999.9S", "-12454.8", 6, 1},
		{"<12>", "99PR", "-12", 2, 0},
		{"-5", "S9", "-5", 1, 0},
		{"1", "9.99", "1.00", 3, 2},
	} {
		f := CompileNumberFormat(c.format)
		if f.Err() != nil || f.P != c.p || f.S != c.s {
			t.Errorf("%q: %v DECIMAL(%d,%d)", c.format, f.Err(), f.P, f.S)
			continue
		}
		d, err := ToNumber(c.in, c.format, c.p, c.s)
		if err != nil || FormatDecimal(d, c.s) != c.want {
			t.Errorf("to_number(%q, %q) = %s, %v; want %s", c.in, c.format, FormatDecimal(d, c.s), err, c.want)
		}
	}
	for _, c := range [][2]string{{"1234", "999"}, {"12a", "999"}, {"", "999"}, {"45", "000"}, {"1.2.3", "9.9"}} {
		if _, err := ToNumber(c[0], c[1], 3, 0); err == nil || err.Class != InvalidFormatInput {
			t.Errorf("to_number(%q, %q): %v, want %s", c[0], c[1], err, InvalidFormatInput)
		}
		if ToNumberDefined(c[0], c[1]) {
			t.Errorf("ToNumberDefined(%q, %q)", c[0], c[1])
		}
	}
	for format, class := range map[string]string{
		"": "INVALID_FORMAT.EMPTY", "$": "INVALID_FORMAT.WRONG_NUM_DIGIT", "9$": "INVALID_FORMAT.CUR_MUST_BEFORE_DIGIT",
		",99": "INVALID_FORMAT.CONT_THOUSANDS_SEPS", "9.9,9": "INVALID_FORMAT.THOUSANDS_SEPS_MUST_BEFORE_DEC",
		"9.9.9": "INVALID_FORMAT.WRONG_NUM_TOKEN", "9x": "INVALID_FORMAT.UNEXPECTED_TOKEN", "S9S": "INVALID_FORMAT.WRONG_NUM_TOKEN",
	} {
		if err := CompileNumberFormat(format).Err(); err == nil || err.Class != class {
			t.Errorf("format %q: %v, want %s", format, err, class)
		}
	}
}

func TestToChar(t *testing.T) {
	for _, c := range []struct {
		v      int64
		s      int
		format string
		want   string
	}{
		{454, 0, "999", "454"},
		{45400, 2, "000D00", "454.00"},
		{12454, 0, "99G999", "12,454"},
		{7812, 2, "$99.99", "$78.12"},
		{-124548, 1, "99G999D9S", "12,454.8-"},
		{12345, 0, "999", "###"},
		{50, 2, "9.99", "0.50"},
		{-12, 0, "99PR", "<12>"},
		{12, 0, "0999", "0012"},
	} {
		got, err := ToChar(DecimalFromInt64(c.v), c.format, c.s)
		if err != nil || got != c.want {
			t.Errorf("to_char(%d@%d, %q) = %q, %v; want %q", c.v, c.s, c.format, got, err, c.want)
		}
	}
}
