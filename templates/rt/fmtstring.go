package rt

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// format_string / printf: java.util.Formatter with Locale.US, over the
// boxed arguments of fmtbox (FormatArg*). Spark passes its internal values,
// so an INT or a DATE (its days since 1970-01-01) is an Integer, a BIGINT a
// Long, a DOUBLE a Double, a BOOLEAN a Boolean and a VARCHAR a string.

// Java Formatter flags.
const (
	fLeft  = 1 << iota // '-'
	fAlt               // '#'
	fPlus              // '+'
	fSpace             // ' '
	fZero              // '0'
	fGroup             // ','
	fParen             // '('
)

const flagChars = "-#+ 0,("

// fmtSpec is one format specifier.
type fmtSpec struct {
	index     int // 1-based argument index; 0 for the next ordinary one, -1 for "<"
	flags     int
	width     int // -1 when absent
	precision int // -1 when absent
	conv      byte
	upper     bool
}

func formatError(format, reason string) *Error {
	return NewError(InvalidPattern, "The value of parameter(s) `format` in `format_string` is invalid: "+reason+" in format "+quoteString(format)+".")
}

// parseSpec reads the specifier after the "%" at format[i:], returning it and
// the index after it.
func parseSpec(format string, i int) (fmtSpec, int, string) {
	sp := fmtSpec{width: -1, precision: -1}
	num := func() (int, bool) {
		j := i
		for j < len(format) && format[j] >= '0' && format[j] <= '9' {
			j++
		}
		if j == i {
			return 0, false
		}
		n, err := strconv.Atoi(format[i:j])
		if err != nil || n > 1<<20 {
			n = -2 // too large
		}
		i = j
		return n, true
	}
	// An argument index is digits followed by "$".
	start := i
	if n, ok := num(); ok && i < len(format) && format[i] == '$' {
		if n == 0 {
			return sp, i, "the argument index %0$ (indexes start at 1$)"
		}
		if n < 0 {
			return sp, i, "argument index too large"
		}
		sp.index = n
		i++
	} else {
		i = start
	}
	for i < len(format) {
		c := format[i]
		if c == '<' {
			if sp.index != 0 {
				break
			}
			sp.index = -1
			i++
			continue
		}
		k := strings.IndexByte(flagChars, c)
		if k < 0 {
			break
		}
		if sp.flags&(1<<k) != 0 {
			return sp, i, "duplicate flag '" + string(c) + "'"
		}
		sp.flags |= 1 << k
		i++
	}
	if n, ok := num(); ok {
		if n < 0 {
			return sp, i, "width too large"
		}
		sp.width = n
	}
	if i < len(format) && format[i] == '.' {
		i++
		n, ok := num()
		if !ok {
			return sp, i, "a precision needs digits after '.'"
		}
		if n < 0 {
			return sp, i, "precision too large"
		}
		sp.precision = n
	}
	if i >= len(format) {
		return sp, i, "a conversion is missing after '%'"
	}
	c := format[i]
	i++
	switch c {
	case 's', 'S', 'd', 'o', 'x', 'X', 'e', 'E', 'f', 'g', 'G', 'b', 'B', 'c', 'C', '%', 'n':
	case 't', 'T':
		return sp, i, "date/time conversions %t are not supported"
	case 'h', 'H', 'a', 'A':
		return sp, i, "the conversion '" + string(c) + "' is not supported"
	default:
		r, _ := utf8.DecodeRuneInString(format[i-1:])
		return sp, i, "unknown conversion '" + string(r) + "'"
	}
	if c >= 'A' && c <= 'Z' {
		sp.upper = true
		c += 'a' - 'A'
	}
	sp.conv = c
	return sp, i, sp.check()
}

// check applies the checks Java's Formatter makes when it parses a
// specifier, whatever the argument.
func (sp *fmtSpec) check() string {
	f := sp.flags
	bad := func(mask int) string {
		for k := range len(flagChars) {
			if f&mask&(1<<k) != 0 {
				return "the flag '" + flagChars[k:k+1] + "' does not apply to %" + string(sp.conv)
			}
		}
		return ""
	}
	numeric := func() string {
		if sp.width == -1 && f&(fLeft|fZero) != 0 {
			return "the flags '-' and '0' need a width"
		}
		if f&fPlus != 0 && f&fSpace != 0 || f&fLeft != 0 && f&fZero != 0 {
			return "the flags '+' and ' ' (or '-' and '0') exclude each other"
		}
		return ""
	}
	switch sp.conv {
	case 's', 'b':
		if sp.conv == 'b' && f&fAlt != 0 {
			return bad(fAlt)
		}
		if sp.width == -1 && f&fLeft != 0 {
			return "the flag '-' needs a width"
		}
		return bad(fPlus | fSpace | fZero | fGroup | fParen)
	case 'c':
		if sp.precision != -1 {
			return "%c takes no precision"
		}
		if r := bad(fAlt | fPlus | fSpace | fZero | fGroup | fParen); r != "" {
			return r
		}
		if sp.width == -1 && f&fLeft != 0 {
			return "the flag '-' needs a width"
		}
	case 'd', 'o', 'x':
		if r := numeric(); r != "" {
			return r
		}
		if sp.precision != -1 {
			return "%" + string(sp.conv) + " takes no precision"
		}
		if sp.conv == 'd' {
			return bad(fAlt)
		}
		return bad(fGroup)
	case 'e', 'f', 'g':
		if r := numeric(); r != "" {
			return r
		}
		switch sp.conv {
		case 'e':
			return bad(fGroup)
		case 'g':
			return bad(fAlt)
		}
	case '%':
		if sp.precision != -1 {
			return "%% takes no precision"
		}
		if f&^fLeft != 0 {
			return "%% takes no flag but '-'"
		}
		if sp.width == -1 && f&fLeft != 0 {
			return "the flag '-' needs a width"
		}
	case 'n':
		if sp.precision != -1 || sp.width != -1 || f != 0 {
			return "%n takes no flag, width or precision"
		}
	}
	return ""
}

// FormatString is format_string(format, args...) over parts[0] = format and
// parts[1:] = the boxed arguments (FormatArg*; the empty string is NULL).
// An invalid format, or a conversion that does not apply to its argument,
// raises INVALID_PARAMETER_VALUE.PATTERN.
func FormatString(parts ...string) (string, *Error) {
	if len(parts) == 0 {
		return "", nil
	}
	format, args := parts[0], parts[1:]
	// Java parses the whole format before it formats anything.
	type piece struct {
		text string
		spec fmtSpec
	}
	var pieces []piece
	for i := 0; i < len(format); {
		j := strings.IndexByte(format[i:], '%')
		if j < 0 {
			pieces = append(pieces, piece{text: format[i:]})
			break
		}
		if j > 0 {
			pieces = append(pieces, piece{text: format[i : i+j]})
		}
		sp, next, bad := parseSpec(format, i+j+1)
		if bad != "" {
			return "", formatError(format, bad)
		}
		pieces = append(pieces, piece{spec: sp})
		i = next
	}
	var b strings.Builder
	ordinary, last := 0, -1
	for _, p := range pieces {
		if p.spec.conv == 0 {
			b.WriteString(p.text)
			continue
		}
		sp := p.spec
		switch sp.conv {
		case '%':
			b.WriteString(justify("%", sp.width, sp.flags&fLeft != 0))
			continue
		case 'n':
			b.WriteByte('\n')
			continue
		}
		var k int
		switch {
		case sp.index > 0:
			k = sp.index - 1
		case sp.index < 0:
			k = last
		default:
			k = ordinary
			ordinary++
		}
		if k < 0 || k >= len(args) {
			return "", formatError(format, "no argument for the specifier %"+string(sp.conv))
		}
		last = k
		s, bad := sp.format(args[k])
		if bad != "" {
			return "", formatError(format, bad)
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// utf16Len is the length of s in UTF-16 units, which Java's widths count.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}

// justify pads s with spaces to width (on the right when left is set).
func justify(s string, width int, left bool) string {
	pad := width - utf16Len(s)
	if pad <= 0 {
		return s
	}
	if left {
		return s + strings.Repeat(" ", pad)
	}
	return strings.Repeat(" ", pad) + s
}

// text is Java's print(String): cut to precision, upper-cased for the
// upper-case conversions, then justified.
func (sp *fmtSpec) text(s string) string {
	if sp.precision >= 0 && utf16Len(s) > sp.precision {
		n, i := 0, 0
		for i < len(s) {
			r, w := utf8.DecodeRuneInString(s[i:])
			u := 1
			if r > 0xFFFF {
				u = 2
			}
			if n+u > sp.precision {
				break
			}
			n += u
			i += w
		}
		s = s[:i]
	}
	if sp.upper {
		s = Upper(s)
	}
	return justify(s, sp.width, sp.flags&fLeft != 0)
}

var javaClass = map[byte]string{boxByte: "java.lang.Byte", boxShort: "java.lang.Short", boxFloat: "java.lang.Float",
	boxInt: "java.lang.Integer", boxLong: "java.lang.Long", boxDouble: "java.lang.Double",
	boxBool: "java.lang.Boolean", boxString: "org.apache.spark.unsafe.types.UTF8String",
	boxDecimal: "org.apache.spark.sql.types.Decimal"}

// format formats one boxed argument, or says why it cannot.
func (sp *fmtSpec) format(arg string) (string, string) {
	mismatch := func() (string, string) {
		return "", "%" + string(sp.conv) + " does not apply to " + javaClass[arg[0]]
	}
	if sp.conv == 's' && sp.flags&fAlt != 0 {
		return "", "the flag '#' does not apply to %s of a value that is not Formattable"
	}
	if arg == "" { // NULL
		if sp.conv == 'b' {
			return sp.text("false"), ""
		}
		return sp.text("null"), ""
	}
	switch sp.conv {
	case 'b':
		if arg[0] == boxBool {
			return sp.text(strconv.FormatBool(arg[1] != 0)), ""
		}
		return sp.text("true"), ""
	case 's':
		return sp.text(boxedString(arg)), ""
	case 'c':
		if arg[0] != boxInt && arg[0] != boxByte && arg[0] != boxShort {
			return mismatch()
		}
		cp := unboxInt32(arg)
		if cp < 0 || cp > 0x10FFFF {
			return "", "illegal code point " + strconv.Itoa(int(cp)) + " for %c"
		}
		s := string(rune(cp))
		if cp >= 0xD800 && cp <= 0xDFFF {
			s = "?" // a lone surrogate, which Java writes to UTF-8 as '?'
		}
		return sp.text(s), ""
	case 'd', 'o', 'x':
		var v int64
		bits := 64
		switch arg[0] {
		case boxByte:
			v, bits = int64(unboxInt32(arg)), 8
		case boxShort:
			v, bits = int64(unboxInt32(arg)), 16
		case boxInt:
			v, bits = int64(unboxInt32(arg)), 32
		case boxLong:
			v = int64(unboxUint64(arg))
		default:
			return mismatch()
		}
		return sp.integer(v, bits)
	case 'e', 'f', 'g':
		if arg[0] == boxFloat { // Java formats a Float as the double it widens to
			return sp.float(float64(math.Float32frombits(uint32(unboxInt32(arg))))), ""
		}
		if arg[0] != boxDouble {
			return mismatch()
		}
		return sp.float(math.Float64frombits(unboxUint64(arg))), ""
	}
	return "", "unsupported conversion"
}

// boxedString is what Java's String.valueOf prints for a boxed argument.
func boxedString(arg string) string {
	switch arg[0] {
	case boxInt, boxByte, boxShort:
		return strconv.Itoa(int(unboxInt32(arg)))
	case boxFloat:
		return FormatFloat(math.Float32frombits(uint32(unboxInt32(arg))))
	case boxLong:
		return strconv.FormatInt(int64(unboxUint64(arg)), 10)
	case boxDouble:
		return FormatDouble(math.Float64frombits(unboxUint64(arg)))
	case boxBool:
		return strconv.FormatBool(arg[1] != 0)
	case boxDecimal:
		return JavaDecimalString(unboxDecimal(arg))
	}
	return arg[1:]
}

// group inserts a ',' every three digits of an integer part.
func group(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	return b.String()
}

// magnitude is Java's localizedMagnitude: grouping of the integer part of
// a mantissa ("123456.75") when the ',' flag is set, and zero padding after
// the sign already in sb up to width.
func (sp *fmtSpec) magnitude(sb *strings.Builder, mant string, width int) {
	intPart, frac, dot := strings.Cut(mant, ".")
	if sp.flags&fGroup != 0 {
		intPart = group(intPart)
	}
	s := intPart
	if dot {
		s += "." + frac
	}
	if width != -1 && sp.flags&fZero != 0 {
		if pad := width - sb.Len() - len(s); pad > 0 {
			sb.WriteString(strings.Repeat("0", pad))
		}
	}
	sb.WriteString(s)
}

func (sp *fmtSpec) leadingSign(sb *strings.Builder, neg bool) {
	switch {
	case !neg && sp.flags&fPlus != 0:
		sb.WriteByte('+')
	case !neg && sp.flags&fSpace != 0:
		sb.WriteByte(' ')
	case neg && sp.flags&fParen != 0:
		sb.WriteByte('(')
	case neg:
		sb.WriteByte('-')
	}
}

// adjustWidth leaves room for the closing parenthesis of a negative number.
func (sp *fmtSpec) adjustWidth(width int, neg bool) int {
	if width != -1 && neg && sp.flags&fParen != 0 {
		return width - 1
	}
	return width
}

// integer is %d, %o and %x of an Integer (bits 32) or Long (bits 64).
func (sp *fmtSpec) integer(v int64, bits int) (string, string) {
	var sb strings.Builder
	switch sp.conv {
	case 'd':
		neg := v < 0
		u := uint64(v)
		if neg {
			u = -u
		}
		sp.leadingSign(&sb, neg)
		sp.magnitude(&sb, strconv.FormatUint(u, 10), sp.adjustWidth(sp.width, neg))
		if neg && sp.flags&fParen != 0 {
			sb.WriteByte(')')
		}
	default:
		if sp.flags&(fParen|fSpace|fPlus) != 0 {
			return "", "the flags '(', ' ' and '+' do not apply to %" + string(sp.conv) + " of an integer"
		}
		u := uint64(v)
		if bits < 64 {
			u &= 1<<bits - 1 // Java adds 2^bits to a negative Byte, Short or Integer
		}
		base, prefix := 16, "0x"
		if sp.conv == 'o' {
			base, prefix = 8, "0"
		}
		s := strconv.FormatUint(u, base)
		n := len(s)
		if sp.flags&fAlt != 0 {
			n += len(prefix)
			sb.WriteString(prefix)
		}
		if sp.flags&fZero != 0 && sp.width > n {
			sb.WriteString(strings.Repeat("0", sp.width-n))
		}
		sb.WriteString(s)
	}
	s := sb.String()
	if sp.upper {
		s = strings.ToUpper(s)
	}
	return justify(s, sp.width, sp.flags&fLeft != 0), ""
}

// javaDigits are the decimal digits of Double.toString for a finite v > 0:
// v = 0.digits × 10^exp.
func javaDigits(v float64) decDigits { return parseDec(strconv.FormatFloat(v, 'e', -1, 64)) }

// roundHalfUp keeps the first n digits of d rounding half up, as Java's
// FormattedFloatingDecimal.applyPrecision does on Double.toString's digits.
func roundHalfUp(d decDigits, n int) decDigits {
	if n >= len(d.digits) || n < 0 {
		return d
	}
	if n == 0 {
		if d.digits[0] >= '5' {
			return decDigits{digits: "1", exp: d.exp + 1}
		}
		return decDigits{}
	}
	b := []byte(d.digits[:n])
	if d.digits[n] >= '5' {
		i := n - 1
		for i >= 0 && b[i] == '9' {
			b[i] = '0'
			i--
		}
		if i < 0 {
			return decDigits{digits: "1", exp: d.exp + 1}
		}
		b[i]++
	}
	return parseDec("0." + string(b) + "e" + strconv.Itoa(d.exp))
}

// fixed writes d with exactly prec fraction digits ("0.00120").
func fixed(d decDigits, prec int) string {
	var b strings.Builder
	if d.exp <= 0 {
		b.WriteByte('0')
	} else {
		for i := range d.exp {
			if i < len(d.digits) {
				b.WriteByte(d.digits[i])
			} else {
				b.WriteByte('0')
			}
		}
	}
	if prec > 0 {
		b.WriteByte('.')
		for i := range prec {
			k := d.exp + i // index of this fraction digit in d.digits
			if k >= 0 && k < len(d.digits) {
				b.WriteByte(d.digits[k])
			} else {
				b.WriteByte('0')
			}
		}
	}
	return b.String()
}

// scientific writes d as "d.ddd" with prec fraction digits and returns the
// exponent as Java writes it: a sign and at least two digits.
func scientific(d decDigits, prec int) (string, string) {
	e := 0
	if len(d.digits) > 0 {
		e = d.exp - 1
	}
	m := fixed(decDigits{digits: d.digits, exp: min(len(d.digits), 1)}, prec)
	sign := "+"
	if e < 0 {
		sign, e = "-", -e
	}
	es := strconv.Itoa(e)
	if len(es) < 2 {
		es = "0" + es
	}
	return m, sign + es
}

// float is %e, %f and %g of a Double.
func (sp *fmtSpec) float(v float64) string {
	var sb strings.Builder
	neg := v < 0 || v == 0 && math.Signbit(v)
	switch {
	case math.IsNaN(v):
		sb.WriteString("NaN")
	case math.IsInf(v, 0):
		sp.leadingSign(&sb, neg)
		sb.WriteString("Infinity")
		if neg && sp.flags&fParen != 0 {
			sb.WriteByte(')')
		}
	default:
		sp.leadingSign(&sb, neg)
		sp.finite(&sb, math.Abs(v), neg)
		if neg && sp.flags&fParen != 0 {
			sb.WriteByte(')')
		}
	}
	s := sb.String()
	if sp.upper {
		s = strings.ToUpper(s)
	}
	return justify(s, sp.width, sp.flags&fLeft != 0)
}

func (sp *fmtSpec) finite(sb *strings.Builder, v float64, neg bool) {
	prec := sp.precision
	if prec == -1 {
		prec = 6
	}
	var d decDigits
	if v != 0 {
		d = javaDigits(v)
	}
	alt := sp.flags&fAlt != 0
	switch sp.conv {
	case 'f':
		mant := fixed(roundHalfUp(d, d.exp+prec), prec)
		if alt && prec == 0 {
			mant += "."
		}
		sp.magnitude(sb, mant, sp.adjustWidth(sp.width, neg))
	case 'e':
		mant, exp := scientific(roundHalfUp(d, prec+1), prec)
		if alt && prec == 0 {
			mant += "."
		}
		w := sp.width
		if w != -1 {
			w = sp.adjustWidth(w-len(exp)-1, neg)
		}
		sp.magnitude(sb, mant, w)
		sb.WriteByte('e')
		sb.WriteString(exp)
	case 'g':
		if prec == 0 {
			prec = 1
		}
		r := roundHalfUp(d, prec)
		e := 0 // the exponent of the rounded value
		if len(r.digits) > 0 {
			e = r.exp - 1
		}
		if v != 0 && (e < -4 || e >= prec) {
			mant, exp := scientific(r, prec-1)
			w := sp.width
			if w != -1 {
				w = sp.adjustWidth(w-len(exp)-1, neg)
			}
			sp.magnitude(sb, mant, w)
			sb.WriteByte('e')
			sb.WriteString(exp)
			return
		}
		sp.magnitude(sb, fixed(r, prec-e-1), sp.adjustWidth(sp.width, neg))
	}
}
