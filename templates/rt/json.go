package rt

import "unicode/utf8"

// JSON text as Spark's JSON functions read it: with Jackson's parser as Spark
// configures it (JsonFactory defaults, plus unescaped control characters
// allowed inside strings), under Jackson's stream read constraints (at most
// 1000 levels of nesting, numbers of at most 1000 characters). Anything else
// the parser refuses makes the function NULL, as Spark catches the parse
// error.

// jsonMaxDepth and jsonMaxNumber are Jackson's default StreamReadConstraints:
// the deepest nesting and the longest number it reads.
const (
	jsonMaxDepth  = 1000
	jsonMaxNumber = 1000
)

// jsonScanner reads one JSON value at a time from s.
type jsonScanner struct {
	s     string
	i     int
	depth int
}

// space skips the white space Jackson skips between tokens.
func (j *jsonScanner) space() {
	for j.i < len(j.s) {
		switch j.s[j.i] {
		case ' ', '\t', '\n', '\r':
			j.i++
		default:
			return
		}
	}
}

// value skips one JSON value (after white space) and reports whether it is
// well formed.
func (j *jsonScanner) value() bool {
	j.space()
	if j.i >= len(j.s) {
		return false
	}
	switch c := j.s[j.i]; {
	case c == '{':
		return j.container('}')
	case c == '[':
		return j.container(']')
	case c == '"':
		return j.str()
	case c == '-' || c >= '0' && c <= '9':
		return j.number()
	default:
		for _, lit := range [...]string{"true", "false", "null"} {
			if len(j.s)-j.i >= len(lit) && j.s[j.i:j.i+len(lit)] == lit {
				j.i += len(lit)
				// Jackson reads the whole token: "truex" is not true.
				if j.i < len(j.s) && jsonIdentChar(j.s[j.i]) {
					return false
				}
				return true
			}
		}
		return false
	}
}

// jsonIdentChar reports whether Jackson would read c as more of a literal
// token (true, false, null) rather than what follows it.
func jsonIdentChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// container skips an object or an array, whose opening bracket is at j.i.
func (j *jsonScanner) container(closer byte) bool {
	_, ok := j.elements(closer)
	return ok
}

// elements skips the object or array whose opening bracket is at j.i and
// returns how many elements (or members) it has.
func (j *jsonScanner) elements(closer byte) (int, bool) {
	j.depth++
	if j.depth > jsonMaxDepth {
		return 0, false
	}
	j.i++
	n := 0
	j.space()
	if j.i < len(j.s) && j.s[j.i] == closer {
		j.i++
		j.depth--
		return 0, true
	}
	for {
		if closer == '}' {
			j.space()
			if j.i >= len(j.s) || j.s[j.i] != '"' || !j.str() {
				return n, false
			}
			j.space()
			if j.i >= len(j.s) || j.s[j.i] != ':' {
				return n, false
			}
			j.i++
		}
		if !j.value() {
			return n, false
		}
		n++
		if done, ok := j.afterElement(closer); done || !ok {
			return n, ok
		}
	}
}

// afterElement reads what follows an element of an array or object closed
// by closer: a comma (more elements: done false), the closer (done), or
// anything else (not ok).
func (j *jsonScanner) afterElement(closer byte) (done, ok bool) {
	j.space()
	if j.i >= len(j.s) {
		return true, false
	}
	switch j.s[j.i] {
	case ',':
		j.i++
		return false, true
	case closer:
		j.i++
		j.depth--
		return true, true
	}
	return true, false
}

// str skips a string, whose opening quote is at j.i: escapes as JSON has
// them, raw control characters allowed (Spark enables Jackson's
// ALLOW_UNESCAPED_CONTROL_CHARS), valid UTF-8.
func (j *jsonScanner) str() bool {
	j.i++
	for j.i < len(j.s) {
		c := j.s[j.i]
		switch {
		case c == '"':
			j.i++
			return true
		case c == '\\':
			if j.i+1 >= len(j.s) {
				return false
			}
			switch j.s[j.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j.i += 2
			case 'u':
				if j.i+6 > len(j.s) {
					return false
				}
				for _, h := range []byte(j.s[j.i+2 : j.i+6]) {
					if !isHexDigit(h) {
						return false
					}
				}
				j.i += 6
			default:
				return false
			}
		case c < utf8.RuneSelf:
			j.i++
		default:
			r, w := utf8.DecodeRuneInString(j.s[j.i:])
			if r == utf8.RuneError && w <= 1 {
				return false
			}
			j.i += w
		}
	}
	return false
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// number skips a number of JSON's grammar: no leading zeros, no leading '+'
// or '.', digits after '.' and after the exponent, at most jsonMaxNumber
// characters.
func (j *jsonScanner) number() bool {
	start := j.i
	if j.s[j.i] == '-' {
		j.i++
	}
	digits := func() int {
		n := 0
		for j.i < len(j.s) && j.s[j.i] >= '0' && j.s[j.i] <= '9' {
			j.i++
			n++
		}
		return n
	}
	intStart := j.i
	if digits() == 0 || j.s[intStart] == '0' && j.i-intStart > 1 {
		return false
	}
	if j.i < len(j.s) && j.s[j.i] == '.' {
		j.i++
		if digits() == 0 {
			return false
		}
	}
	if j.i < len(j.s) && (j.s[j.i] == 'e' || j.s[j.i] == 'E') {
		j.i++
		if j.i < len(j.s) && (j.s[j.i] == '+' || j.s[j.i] == '-') {
			j.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return j.i-start <= jsonMaxNumber
}

// jsonArrayLength is the number of elements of the JSON array s starts with,
// and false where json_array_length is NULL: s is not an array, or is not
// well formed up to the array's end. What follows the array is not read, as
// Spark stops there.
func jsonArrayLength(s string) (int32, bool) {
	j := jsonScanner{s: s}
	if len(s) >= 3 && s[:3] == "\uFEFF" { // Jackson skips a byte order mark
		j.i = 3
	}
	j.space()
	if j.i >= len(s) || s[j.i] != '[' {
		return 0, false
	}
	n, ok := j.elements(']')
	return int32(n), ok
}

// JSONArrayLengthDefined is the guard of json_array_length(s): whether s
// starts with a well-formed JSON array.
func JSONArrayLengthDefined(s string) bool {
	_, ok := jsonArrayLength(s)
	return ok
}

// JSONArrayLength is json_array_length(s) where its guard holds: the number
// of elements of the outermost JSON array (0 elsewhere).
func JSONArrayLength(s string) int32 {
	n, _ := jsonArrayLength(s)
	return n
}
