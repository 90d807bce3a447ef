package rt

import (
	"strconv"
	"strings"
	"unicode"
)

// schema_of_csv: Spark's CSV schema inference (CSVInferSchema with the
// default options, one record, no header) over one CSV line, printed as
// Spark's DDL. exprc computes it at compile time, as Spark requires a
// foldable argument. Inputs whose result exprc cannot tell for certain
// (univocity's rarer quoting rules, texts that may or may not be Spark
// timestamps) are refused with a reason instead of guessed.

// csvMaxColumns is univocity's maxColumns as Spark sets it.
const csvMaxColumns = 20480

// SchemaOfCSV is schema_of_csv(csv) with the field separator sep: the DDL of
// the schema Spark infers (STRUCT<_c0: T0, _c1: T1, ...>), or, when problem
// is not empty, why exprc refuses the text.
func SchemaOfCSV(csv string, sep rune) (ddl, problem string) {
	fields, problem := splitCSVLine(csv, sep)
	if problem != "" {
		return "", problem
	}
	var b strings.Builder
	b.WriteString("STRUCT<")
	for i, f := range fields {
		t, problem := inferCSVField(f)
		if problem != "" {
			return "", "field " + strconv.Itoa(i) + " " + strconv.Quote(f) + ": " + problem
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("_c" + strconv.Itoa(i) + ": " + t)
	}
	b.WriteString(">")
	return b.String(), ""
}

// SchemaOfCSVText is schema_of_csv's kernel: SchemaOfCSV's DDL with the
// default separator, ” for a text exprc refuses (the binder refuses such
// a constant).
func SchemaOfCSVText(csv string) string {
	s, _ := SchemaOfCSV(csv, ',')
	return s
}

// splitCSVLine splits one record as univocity does with Spark's settings
// (quote '"', escape '\', whitespace kept), for the forms exprc handles:
// unquoted fields without '"' or '\', and quoted fields without '"' or '\'
// inside, closed right before a separator or the end.
func splitCSVLine(csv string, sep rune) ([]string, string) {
	if strings.ContainsAny(csv, "\n\r\uFFFF") {
		return nil, "a line break inside the text is not supported"
	}
	if strings.TrimLeft(csv, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ") == "" {
		return nil, "an empty (or blank) line is no CSV record (Spark fails on it)"
	}
	var fields []string
	rest := csv
	for {
		var f string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 {
				return nil, "an unclosed quoted field is not supported"
			}
			f = rest[1 : 1+end]
			rest = rest[2+end:]
			if rest != "" && !strings.HasPrefix(rest, string(sep)) {
				return nil, "text after a closing quote is not supported"
			}
		} else {
			end := strings.IndexRune(rest, sep)
			if end < 0 {
				end = len(rest)
			}
			f, rest = rest[:end], rest[end:]
			if strings.ContainsRune(f, '"') {
				return nil, "a quote inside an unquoted field is not supported"
			}
		}
		if strings.ContainsRune(f, '\\') {
			return nil, "the escape character '\\' is not supported"
		}
		fields = append(fields, f)
		if len(fields) > csvMaxColumns {
			return nil, "more than " + strconv.Itoa(csvMaxColumns) + " columns (Spark's maxColumns)"
		}
		if rest == "" {
			return fields, ""
		}
		rest = rest[len(string(sep)):]
	}
}

// inferCSVField is CSVInferSchema.inferField from NullType for one field,
// as Spark's type name.
func inferCSVField(f string) (string, string) {
	if f == "" { // the null value and the empty value
		return "STRING", ""
	}
	if ascii, ok := javaInteger(f); ok {
		if _, err := strconv.ParseInt(ascii, 10, 32); err == nil {
			return "INT", ""
		}
		if _, err := strconv.ParseInt(ascii, 10, 64); err == nil {
			return "BIGINT", ""
		}
	}
	if p, s, ok := javaBigDecimal(f); ok && s == 0 && p <= 38 {
		// a negative scale is refused by DecimalType, as Spark does by default
		return "DECIMAL(" + strconv.Itoa(p) + ",0)", ""
	}
	if javaDouble(f) || f == "NaN" || f == "Inf" || f == "-Inf" {
		return "DOUBLE", ""
	}
	if strictISODate(f) {
		return "DATE", ""
	}
	switch csvTimestamp(f) {
	case 'y':
		return "TIMESTAMP", ""
	case '?':
		return "", "exprc cannot tell whether Spark reads it as a TIMESTAMP"
	}
	if strings.EqualFold(f, "true") || strings.EqualFold(f, "false") {
		return "BOOLEAN", ""
	}
	return "STRING", ""
}

// javaDigit is the value of a decimal digit as Java's Character.digit reads
// it: ASCII or any other BMP digit (Unicode Nd, in runs of ten from 0).
func javaDigit(r rune) (byte, bool) {
	if r >= '0' && r <= '9' {
		return byte(r - '0'), true
	}
	if r > 0xFFFF || !unicode.IsDigit(r) {
		return 0, false
	}
	n := 0
	for unicode.IsDigit(r - rune(n) - 1) {
		n++
	}
	return byte(n % 10), true
}

// javaInteger checks the syntax of Java's Integer.parseInt and
// Long.parseLong ([+-] then digits, any BMP decimal digits) and returns the
// text with ASCII digits.
func javaInteger(f string) (string, bool) {
	var b strings.Builder
	rest := f
	if rest != "" && (rest[0] == '+' || rest[0] == '-') {
		if rest[0] == '-' {
			b.WriteByte('-')
		}
		rest = rest[1:]
	}
	if rest == "" {
		return "", false
	}
	for _, r := range rest {
		d, ok := javaDigit(r)
		if !ok {
			return "", false
		}
		b.WriteByte('0' + d)
	}
	return b.String(), true
}

// javaBigDecimal checks the syntax of new java.math.BigDecimal(f) and
// returns the precision and scale of the value it reads.
func javaBigDecimal(f string) (precision, scale int, ok bool) {
	rs := []rune(f)
	i := 0
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-') {
		i++
	}
	var digits []byte
	frac, dot := 0, false
	for ; i < len(rs); i++ {
		if rs[i] == '.' {
			if dot {
				return 0, 0, false
			}
			dot = true
			continue
		}
		d, isDigit := javaDigit(rs[i])
		if !isDigit {
			break
		}
		digits = append(digits, d)
		if dot {
			frac++
		}
	}
	if len(digits) == 0 {
		return 0, 0, false
	}
	exp := 0
	if i < len(rs) && (rs[i] == 'e' || rs[i] == 'E') {
		i++
		neg := false
		if i < len(rs) && (rs[i] == '+' || rs[i] == '-') {
			neg = rs[i] == '-'
			i++
		}
		n := 0
		for ; i < len(rs); i++ {
			d, isDigit := javaDigit(rs[i])
			if !isDigit {
				return 0, 0, false
			}
			exp = exp*10 + int(d)
			n++
			if n > 9 {
				return 0, 0, false // beyond what the check below needs
			}
		}
		if n == 0 {
			return 0, 0, false
		}
		if neg {
			exp = -exp
		}
	}
	if i != len(rs) {
		return 0, 0, false
	}
	for len(digits) > 1 && digits[0] == 0 {
		digits = digits[1:]
	}
	return len(digits), frac - exp, true
}

// javaDouble checks the syntax of Java's Double.parseDouble: surrounding
// characters up to ' ' trimmed, a sign, then NaN, Infinity, a decimal or a
// hexadecimal (binary exponent required) number, with an optional f/F/d/D.
func javaDouble(f string) bool {
	s := strings.TrimFunc(f, func(r rune) bool { return r <= ' ' })
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if s == "NaN" || s == "Infinity" {
		return true
	}
	if s != "" && strings.ContainsRune("fFdD", rune(s[len(s)-1])) {
		s = s[:len(s)-1]
	}
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	isHex := func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
	digitsIn := func(s string, ok func(byte) bool) int {
		n := 0
		for n < len(s) && ok(s[n]) {
			n++
		}
		return n
	}
	mantissa := func(s string, ok func(byte) bool) (string, bool) {
		a := digitsIn(s, ok)
		s = s[a:]
		b := 0
		if s != "" && s[0] == '.' {
			s = s[1:]
			b = digitsIn(s, ok)
			s = s[b:]
		}
		return s, a+b > 0
	}
	exponent := func(s string) bool {
		if s != "" && (s[0] == '+' || s[0] == '-') {
			s = s[1:]
		}
		n := digitsIn(s, isDigit)
		return n > 0 && n == len(s)
	}
	if len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		rest, ok := mantissa(s[2:], isHex)
		return ok && rest != "" && (rest[0] == 'p' || rest[0] == 'P') && exponent(rest[1:])
	}
	rest, ok := mantissa(s, isDigit)
	if !ok {
		return false
	}
	return rest == "" || (rest[0] == 'e' || rest[0] == 'E') && exponent(rest[1:])
}

// strictISODate is Spark's date inference with the default dateFormat
// (yyyy-MM-dd, parsed strictly): four-digit year, two-digit month and day,
// a valid date.
func strictISODate(f string) bool {
	if len(f) != 10 || f[4] != '-' || f[7] != '-' {
		return false
	}
	y, ok1 := atoiASCII(f[0:4])
	m, ok2 := atoiASCII(f[5:7])
	d, ok3 := atoiASCII(f[8:10])
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	_, ok := DateFromYMD(y, m, d)
	return ok
}

func atoiASCII(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// csvTimestamp tells whether Spark's timestamp inference (its cast of a
// string to TIMESTAMP) accepts f: 'y' for the forms exprc knows it accepts
// (yyyy-[m]m, yyyy-[m]m-[d]d, and that followed by ' ' or 'T',
// [h]h:[m]m:[s]s, up to six fraction digits and an optional Z), 'n' where it
// certainly does not (after trimming, no digit, sign or 'T' and a digit
// first), '?'
// otherwise.
func csvTimestamp(f string) byte {
	if validSimpleTimestamp(f) {
		return 'y'
	}
	s := strings.TrimFunc(f, func(r rune) bool {
		return r <= ' ' || r >= 0x7f && r <= 0x9f || unicode.IsSpace(r)
	})
	if s == "" {
		return 'n'
	}
	if s[0] == 'T' || s[0] == 't' { // a time of day alone, digits after T
		if len(s) > 1 && s[1] >= '0' && s[1] <= '9' {
			return '?'
		}
		return 'n'
	}
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return '?'
	}
	return 'n'
}

func validSimpleTimestamp(f string) bool {
	num := func(s string, minLen, maxLen int) (int, string, bool) {
		n := 0
		for n < len(s) && n < maxLen && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n < minLen {
			return 0, s, false
		}
		v, _ := atoiASCII(s[:n])
		return v, s[n:], true
	}
	y, s, ok := num(f, 4, 4)
	if !ok || s == "" || s[0] != '-' {
		return false
	}
	m, s, ok := num(s[1:], 1, 2)
	if !ok || m < 1 || m > 12 {
		return false
	}
	if s == "" {
		return true
	}
	if s[0] != '-' {
		return false
	}
	d, s, ok := num(s[1:], 1, 2)
	if !ok {
		return false
	}
	if _, valid := DateFromYMD(y, m, d); !valid {
		return false
	}
	if s == "" {
		return true
	}
	if s[0] != ' ' && s[0] != 'T' {
		return false
	}
	var hh, mm, ss int
	if hh, s, ok = num(s[1:], 1, 2); !ok || hh > 23 || s == "" || s[0] != ':' {
		return false
	}
	if mm, s, ok = num(s[1:], 1, 2); !ok || mm > 59 || s == "" || s[0] != ':' {
		return false
	}
	if ss, s, ok = num(s[1:], 1, 2); !ok || ss > 59 {
		return false
	}
	if s != "" && s[0] == '.' {
		if _, s, ok = num(s[1:], 1, 6); !ok {
			return false
		}
	}
	return s == "" || s == "Z"
}
