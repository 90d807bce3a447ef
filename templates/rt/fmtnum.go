package rt

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// format_number: Java's DecimalFormat with Locale.US symbols and its default
// HALF_EVEN rounding, as Spark's FormatNumber uses it.

// numPattern is a parsed DecimalFormat pattern (the subset exprc supports:
// no exponent, no percent, per-mille or currency sign, no negative
// subpattern).
type numPattern struct {
	prefix, suffix   string
	minInt           int
	minFrac, maxFrac int
	group            int  // grouping size, 0 for none
	alwaysDot        bool // "0." or ".0": the decimal separator is always shown
}

// Java's limits for formatting a double or long: DOUBLE_INTEGER_DIGITS and
// DOUBLE_FRACTION_DIGITS.
const (
	maxIntDigits  = 309
	maxFracDigits = 340
)

// scalePattern is Spark's pattern for format_number(x, d):
// "#,###,###,###,###,###,##0" and, when d > 0, "." and d zeros.
func scalePattern(d int32) numPattern {
	f := min(int(d), maxFracDigits)
	return numPattern{minInt: 1, minFrac: f, maxFrac: f, group: 3}
}

// defaultNumPattern is the pattern of format_number(x, the empty string).
var defaultNumPattern = scalePattern(0)

// numPatternError is the error of a pattern format_number does not accept.
func numPatternError(p, reason string) *Error {
	return NewError(InvalidPattern, "The value of parameter(s) `format` in `format_number` is invalid: "+reason+" in pattern "+quoteString(p)+".")
}

// parseNumPattern parses a DecimalFormat pattern as Java's applyPattern does,
// for the supported subset.
func parseNumPattern(p string) (numPattern, *Error) {
	if p == "" {
		return defaultNumPattern, nil
	}
	var pre, suf strings.Builder
	phase := 0 // 0 prefix, 1 number, 2 suffix
	inQuote := false
	digitLeft, zeros, digitRight := 0, 0, 0
	grouping, decimalPos := -1, -1
	for i := 0; i < len(p); i++ {
		c := p[i]
		out := &pre
		if phase == 2 {
			out = &suf
		}
		if inQuote {
			if c == '\'' {
				if i+1 < len(p) && p[i+1] == '\'' {
					out.WriteByte('\'')
					i++
				} else {
					inQuote = false
				}
				continue
			}
			out.WriteByte(c)
			continue
		}
		if phase == 1 {
			switch c {
			case '#':
				if zeros == 0 {
					digitLeft++
				} else {
					digitRight++
				}
				if grouping >= 0 && decimalPos < 0 {
					grouping++
				}
				continue
			case '0':
				if digitRight > 0 {
					return numPattern{}, numPatternError(p, "unexpected '0'")
				}
				zeros++
				if grouping >= 0 && decimalPos < 0 {
					grouping++
				}
				continue
			case ',':
				if decimalPos >= 0 {
					return numPattern{}, numPatternError(p, "grouping separator after the decimal separator")
				}
				grouping = 0
				continue
			case '.':
				if decimalPos >= 0 {
					return numPattern{}, numPatternError(p, "multiple decimal separators")
				}
				decimalPos = digitLeft + zeros + digitRight
				continue
			case 'E':
				return numPattern{}, numPatternError(p, "exponent notation is not supported")
			}
			phase = 2
			out = &suf
		}
		switch c {
		case '#', '0', ',', '.':
			if phase == 2 {
				return numPattern{}, numPatternError(p, "unquoted special character '"+string(c)+"'")
			}
			phase = 1
			i-- // read it again as part of the number
		case '\'':
			if i+1 < len(p) && p[i+1] == '\'' {
				out.WriteByte('\'')
				i++
			} else {
				inQuote = true
			}
		case ';':
			return numPattern{}, numPatternError(p, "a negative subpattern is not supported")
		case '%':
			return numPattern{}, numPatternError(p, "percent is not supported")
		default:
			if strings.HasPrefix(p[i:], "‰") || strings.HasPrefix(p[i:], "¤") {
				return numPattern{}, numPatternError(p, "per mille and currency signs are not supported")
			}
			out.WriteByte(c)
		}
	}
	if inQuote {
		return numPattern{}, numPatternError(p, "unterminated quote")
	}
	if digitLeft+zeros+digitRight == 0 && decimalPos < 0 {
		return numPattern{}, numPatternError(p, "no digit")
	}
	if zeros == 0 && digitLeft > 0 && decimalPos >= 0 {
		// "#.##" means "#0.##", ".##" means ".0#" (Java's reading).
		n := max(decimalPos, 1)
		digitRight = digitLeft - n
		digitLeft = n - 1
		zeros = 1
	}
	if decimalPos < 0 && digitRight > 0 || decimalPos >= 0 && (decimalPos < digitLeft || decimalPos > digitLeft+zeros) || grouping == 0 {
		return numPattern{}, numPatternError(p, "malformed pattern")
	}
	total := digitLeft + zeros + digitRight
	effDecimal := total
	np := numPattern{prefix: pre.String(), suffix: suf.String()}
	if decimalPos >= 0 {
		effDecimal = decimalPos
		np.maxFrac = total - decimalPos
		np.minFrac = digitLeft + zeros - decimalPos
		np.alwaysDot = decimalPos == 0 || decimalPos == total
	}
	np.minInt = min(effDecimal-digitLeft, maxIntDigits)
	np.maxFrac = min(np.maxFrac, maxFracDigits)
	np.minFrac = min(np.minFrac, maxFracDigits)
	if grouping > 0 {
		np.group = grouping
	}
	return np, nil
}

// decDigits is a non-negative decimal 0.digits × 10^exp with no leading or
// trailing zero digits; no digits is zero.
type decDigits struct {
	digits string
	exp    int
}

// parseDec reads the output of strconv.FormatFloat in 'e' or 'f' format
// (non-negative, finite) into decDigits.
func parseDec(s string) decDigits {
	mant, e, sci := strings.Cut(s, "e")
	exp := 0
	if sci {
		exp, _ = strconv.Atoi(e)
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := intPart + frac
	exp += len(intPart)
	trimmed := strings.TrimLeft(digits, "0")
	exp -= len(digits) - len(trimmed)
	trimmed = strings.TrimRight(trimmed, "0")
	if trimmed == "" {
		return decDigits{}
	}
	return decDigits{digits: trimmed, exp: exp}
}

// float64Digits is |x| rounded to at most maxFrac fraction digits as Java's
// DigitList does: the shortest decimal that reads back as x (Double.toString's
// digits) when it has no more fraction digits than that, else x's exact
// binary value rounded half to even.
func float64Digits(x float64, maxFrac int) decDigits {
	x = math.Abs(x)
	d := parseDec(strconv.FormatFloat(x, 'e', -1, 64))
	if len(d.digits)-d.exp <= maxFrac {
		return d
	}
	return parseDec(strconv.FormatFloat(x, 'f', maxFrac, 64))
}

// int64Digits is |x| in decimal.
func int64Digits(x int64) decDigits {
	u := uint64(x)
	if x < 0 {
		u = -u
	}
	return parseDec(strconv.FormatUint(u, 10))
}

// render writes a rounded number in pattern np, as DecimalFormat.subformat.
func (np *numPattern) render(d decDigits, neg bool) string {
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(np.prefix)
	count := max(np.minInt, d.exp)
	idx := 0
	before := b.Len()
	for i := count - 1; i >= 0; i-- {
		if i < d.exp && idx < len(d.digits) {
			b.WriteByte(d.digits[idx])
			idx++
		} else {
			b.WriteByte('0')
		}
		if np.group > 0 && i > 0 && i%np.group == 0 {
			b.WriteByte(',')
		}
	}
	// Digits left after the integer part, or leading zeros of a fraction
	// (exp < 0), are fraction digits.
	fracDigits := d.digits[min(idx, len(d.digits)):]
	lead := 0
	if d.exp < 0 {
		lead = -d.exp
	}
	fraction := np.minFrac > 0 || len(fracDigits) > 0
	if !fraction && b.Len() == before {
		b.WriteByte('0')
	}
	if np.alwaysDot || fraction {
		b.WriteByte('.')
	}
	for i := 0; i < np.maxFrac; i++ {
		rest := i - lead // index into fracDigits
		if i >= np.minFrac && rest >= len(fracDigits) {
			break
		}
		if rest >= 0 && rest < len(fracDigits) {
			b.WriteByte(fracDigits[rest])
		} else {
			b.WriteByte('0')
		}
	}
	b.WriteString(np.suffix)
	return b.String()
}

func (np *numPattern) formatInt64(x int64) string { return np.render(int64Digits(x), x < 0) }

func (np *numPattern) formatFloat64(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 0):
		s := np.prefix + "∞" + np.suffix
		if x < 0 {
			s = "-" + s
		}
		return s
	}
	return np.render(float64Digits(x, np.maxFrac), math.Signbit(x))
}

// FormatNumberInt64 is format_number(x, d) for a BIGINT (or INT) x and d >= 0:
// x with a comma every three digits and d zeros after the decimal point
// (at most 340, Java's limit).
func FormatNumberInt64(x int64, d int32) string {
	np := scalePattern(max(d, 0))
	return np.formatInt64(x)
}

// FormatNumberFloat64 is format_number(x, d) for a DOUBLE x and d >= 0:
// rounded half to even to d places (at most 340); "NaN", "∞" and "-∞" for
// the special values.
func FormatNumberFloat64(x float64, d int32) string {
	np := scalePattern(max(d, 0))
	return np.formatFloat64(x)
}

// FormatNumberDecimal is format_number(x, d) for a DECIMAL(p, s) x and
// d >= 0: its exact value rounded half to even to d places, as Java's
// DecimalFormat formats the BigDecimal Spark hands it.
func FormatNumberDecimal(x Decimal, d int32, s int) string {
	np := scalePattern(max(d, 0))
	return np.render(decimalDigits(x, s, np.maxFrac), x.Hi < 0)
}

// FormatNumberPatternDecimal is format_number(x, pattern) for a DECIMAL(p,
// s) x.
func FormatNumberPatternDecimal(x Decimal, pattern string, s int) (string, *Error) {
	np, err := parseNumPattern(pattern)
	if err != nil {
		return "", err
	}
	return np.render(decimalDigits(x, s, np.maxFrac), x.Hi < 0), nil
}

// FormatNumberDefinedDecimal is the domain of format_number(x, d) for a
// DECIMAL x: d >= 0.
func FormatNumberDefinedDecimal(_ Decimal, d int32) bool { return d >= 0 }

// decimalDigits is |x| at scale s rounded half to even to at most maxFrac
// fraction digits (Java's DigitList for a BigDecimal).
func decimalDigits(x Decimal, s, maxFrac int) decDigits {
	m, _ := x.mag()
	if k := s - maxFrac; k > 0 {
		q, r := new(big.Int).QuoRem(new(big.Int).Abs(x.big()), pow10Big(k), new(big.Int))
		switch r.Lsh(r, 1).Cmp(pow10Big(k)) {
		case 1:
			q.Add(q, big.NewInt(1))
		case 0:
			if q.Bit(0) == 1 {
				q.Add(q, big.NewInt(1))
			}
		}
		return parseDec(formatScaled(q.String(), false, maxFrac))
	}
	return parseDec(formatScaled(formatMag(m), false, s))
}

// FormatNumberDefinedInt64 and FormatNumberDefinedFloat64 are the domain of
// format_number(x, d): d >= 0 (Spark returns NULL for a negative d).
func FormatNumberDefinedInt64(_ int64, d int32) bool { return d >= 0 }

// FormatNumberDefinedFloat64: see FormatNumberDefinedInt64.
func FormatNumberDefinedFloat64(_ float64, d int32) bool { return d >= 0 }

// FormatNumberPatternInt64 is format_number(x, pattern) for a BIGINT (or
// INT) x with a DecimalFormat pattern (the empty string is
// "#,###,###,###,###,###,##0").
func FormatNumberPatternInt64(x int64, pattern string) (string, *Error) {
	np, err := parseNumPattern(pattern)
	if err != nil {
		return "", err
	}
	return np.formatInt64(x), nil
}

// FormatNumberPatternFloat64 is format_number(x, pattern) for a DOUBLE x.
func FormatNumberPatternFloat64(x float64, pattern string) (string, *Error) {
	np, err := parseNumPattern(pattern)
	if err != nil {
		return "", err
	}
	return np.formatFloat64(x), nil
}
