package fileio

import (
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/sqltype"
)

// valueError is a problem with one value; the caller adds file, row and column.
type valueError struct{ msg string }

func (e *valueError) Error() string { return e.msg }

func verrf(format string, args ...any) error { return &valueError{fmt.Sprintf(format, args...)} }

func validString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// parseBinary reads the text of a BINARY value in CSV and JSON: standard
// padded base64 (RFC 4648), the spelling the writers use and Spark's JSON
// writer uses for BinaryType.
func parseBinary(s string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return "", fmt.Errorf("invalid base64 for BINARY: %q", s)
	}
	return string(b), nil
}

func parseBool(s string) (bool, error) {
	t := strings.TrimSpace(s)
	switch {
	case strings.EqualFold(t, "true"):
		return true, nil
	case strings.EqualFold(t, "false"):
		return false, nil
	}
	return false, verrf("invalid BOOLEAN %s", quote(s))
}

func parseInt(s string, t sqltype.Type) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, intBits(t))
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, verrf("%s value out of range %s", t, quote(s))
		}
		return 0, verrf("invalid %s %s", t, quote(s))
	}
	return n, nil
}

// intBits is the width of integer type t.
func intBits(t sqltype.Type) int {
	switch t.Kind {
	case sqltype.Tinyint:
		return 8
	case sqltype.Smallint:
		return 16
	case sqltype.Int:
		return 32
	}
	return 64
}

// parseFloat reads a FLOAT from text as parseDouble reads a DOUBLE, rounded
// once to the nearest float32; beyond FLOAT's range is an error.
func parseFloat(s string) (float32, error) {
	t := strings.TrimSpace(s)
	if strings.ContainsAny(t, "xXpP_") {
		return 0, verrf("invalid FLOAT %s", quote(s))
	}
	f, err := strconv.ParseFloat(t, 32)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && math.IsInf(f, 0) {
			return 0, verrf("FLOAT value out of range %s", quote(s))
		}
		if !errors.Is(err, strconv.ErrRange) {
			return 0, verrf("invalid FLOAT %s", quote(s))
		}
	}
	return float32(f), nil
}

func parseDouble(s string) (float64, error) {
	t := strings.TrimSpace(s)
	// Reject Go-only spellings (hex floats, underscores) that are not SQL numbers.
	if strings.ContainsAny(t, "xXpP_") {
		return 0, verrf("invalid DOUBLE %s", quote(s))
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) && math.IsInf(f, 0) {
			return 0, verrf("DOUBLE value out of range %s", quote(s))
		}
		if !errors.Is(err, strconv.ErrRange) {
			return 0, verrf("invalid DOUBLE %s", quote(s))
		}
	}
	return f, nil
}

// parseDecimal reads a DECIMAL(p, s) from text as CAST does (Java's
// BigDecimal syntax, rounded HALF_UP to s), which is how Spark's CSV and
// JSON readers read a decimal column; more digits than p is an error.
func parseDecimal(s string, t sqltype.Type) (rt.Decimal, error) {
	v, err := rt.CastStringToDecimal(s, t.Scale, t.Precision)
	if err != nil {
		if err.Class == rt.CastInvalidInput {
			return v, verrf("invalid %s %s", t, quote(s))
		}
		return v, verrf("%s value out of range %s", t, quote(s))
	}
	return v, nil
}

func parseDate(s string) (date, error) {
	d, ok := rt.ParseDate(s)
	if !ok {
		return 0, verrf("invalid DATE %s", quote(s))
	}
	return date(d), nil
}

// parseText reads the text form of a value of type t into its Go representation
// (see ir/value.go). A MAP is read from JSON object text. A TIMESTAMP
// without an offset or zone in s is a reading in zone (nil: UTC).
func parseText(s string, t sqltype.Type, zone *rt.Zone) (any, error) {
	switch t.Kind {
	case sqltype.Boolean:
		return parseBool(s)
	case sqltype.Int:
		n, err := parseInt(s, t)
		return int32(n), err
	case sqltype.Tinyint:
		n, err := parseInt(s, t)
		return int8(n), err
	case sqltype.Smallint:
		n, err := parseInt(s, t)
		return int16(n), err
	case sqltype.Bigint:
		return parseInt(s, t)
	case sqltype.Double:
		return parseDouble(s)
	case sqltype.Float:
		return parseFloat(s)
	case sqltype.Varchar:
		return validString(s), nil
	case sqltype.Binary:
		return parseBinary(s)
	case sqltype.Date:
		return parseDate(s)
	case sqltype.Timestamp, sqltype.TimestampNTZ:
		return parseTimestamp(s, t, zone)
	case sqltype.YMInterval:
		v, err := rt.CastStringToYMInterval(s, t.Start, t.End)
		if err != nil {
			return nil, verrf("invalid %s %s", t, quote(s))
		}
		return v, nil
	case sqltype.DTInterval:
		v, err := rt.CastStringToDTInterval(s, t.Start, t.End)
		if err != nil {
			return nil, verrf("invalid %s %s", t, quote(s))
		}
		return v, nil
	case sqltype.Decimal:
		return parseDecimal(s, t)
	case sqltype.Map:
		p := &jsonParser{buf: []byte(s), zone: zone}
		v, err := p.value(t)
		if err != nil {
			return nil, err
		}
		if err := p.end(); err != nil {
			return nil, err
		}
		return v, nil
	}
	return nil, verrf("unsupported type %s", t)
}

// appendText appends the non-NULL text value s of type t to b, a TIMESTAMP
// without an offset read in zone (nil: UTC).
func appendText(b array.Builder, t sqltype.Type, s string, zone *rt.Zone) error {
	switch t.Kind {
	case sqltype.Boolean:
		v, err := parseBool(s)
		if err != nil {
			return err
		}
		b.(*array.BooleanBuilder).Append(v)
	case sqltype.Int:
		v, err := parseInt(s, t)
		if err != nil {
			return err
		}
		b.(*array.Int32Builder).Append(int32(v))
	case sqltype.Bigint:
		v, err := parseInt(s, t)
		if err != nil {
			return err
		}
		b.(*array.Int64Builder).Append(v)
	case sqltype.Double:
		v, err := parseDouble(s)
		if err != nil {
			return err
		}
		b.(*array.Float64Builder).Append(v)
	case sqltype.Varchar:
		b.(*array.StringBuilder).Append(validString(s))
	case sqltype.Date:
		v, err := parseDate(s)
		if err != nil {
			return err
		}
		b.(*array.Date32Builder).Append(arrow.Date32(v))
	default:
		v, err := parseText(s, t, zone)
		if err != nil {
			return err
		}
		appendValue(b, t, v)
	}
	return nil
}

// appendValue appends a Go value of type t (nil for NULL) to b.
func appendValue(b array.Builder, t sqltype.Type, v any) {
	if v == nil {
		b.AppendNull()
		return
	}
	switch t.Kind {
	case sqltype.Boolean:
		b.(*array.BooleanBuilder).Append(v.(bool))
	case sqltype.Int:
		b.(*array.Int32Builder).Append(v.(int32))
	case sqltype.Tinyint:
		b.(*array.Int8Builder).Append(v.(int8))
	case sqltype.Smallint:
		b.(*array.Int16Builder).Append(v.(int16))
	case sqltype.Float:
		b.(*array.Float32Builder).Append(v.(float32))
	case sqltype.Bigint:
		b.(*array.Int64Builder).Append(v.(int64))
	case sqltype.Double:
		b.(*array.Float64Builder).Append(v.(float64))
	case sqltype.Varchar:
		b.(*array.StringBuilder).Append(v.(string))
	case sqltype.Binary:
		b.(*array.BinaryBuilder).AppendString(v.(string))
	case sqltype.Date:
		b.(*array.Date32Builder).Append(arrow.Date32(v.(date)))
	case sqltype.Timestamp, sqltype.TimestampNTZ:
		b.(*array.TimestampBuilder).Append(arrow.Timestamp(v.(int64)))
	case sqltype.YMInterval:
		b.(*array.MonthIntervalBuilder).Append(arrow.MonthInterval(v.(int32)))
	case sqltype.DTInterval:
		b.(*array.DurationBuilder).Append(arrow.Duration(v.(int64)))
	case sqltype.Decimal:
		d := v.(rt.Decimal)
		b.(*array.Decimal128Builder).Append(decimal128.New(d.Hi, d.Lo))
	case sqltype.Map:
		m := v.(*mapValue)
		mb := b.(*array.MapBuilder)
		mb.Append(true)
		kb, ib := mb.KeyBuilder(), mb.ItemBuilder()
		for i := range m.Keys {
			appendValue(kb, *t.Key, m.Keys[i])
			appendValue(ib, *t.Value, m.Values[i])
		}
	default:
		panic("fileio: unsupported type " + t.String())
	}
}

// putEntry adds key k with value v to m, LAST_WIN: a duplicate key keeps its
// first position and takes the new value.
func putEntry(m *mapValue, k, v any) {
	for i, old := range m.Keys {
		if old == k {
			m.Values[i] = v
			return
		}
	}
	m.Keys = append(m.Keys, k)
	m.Values = append(m.Values, v)
}

// jsonParser is a small JSON scanner over one line (or one CSV field), enough to
// read values of exprc's types directly into builders without going through
// interface{} trees, and to report where the text is malformed.
type jsonParser struct {
	buf  []byte
	pos  int
	tmp  []byte
	zone *rt.Zone // TIMESTAMP text without an offset is read in it (nil: UTC)
}

func (p *jsonParser) ws() {
	for p.pos < len(p.buf) {
		switch p.buf[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		default:
			return
		}
	}
}

// peek skips whitespace and returns the next byte, or 0 at the end.
func (p *jsonParser) peek() byte {
	p.ws()
	if p.pos < len(p.buf) {
		return p.buf[p.pos]
	}
	return 0
}

func (p *jsonParser) syntax(what string) error {
	if p.pos >= len(p.buf) {
		return verrf("malformed JSON: unexpected end of input, want %s", what)
	}
	r, _ := utf8.DecodeRune(p.buf[p.pos:])
	return verrf("malformed JSON at byte %d: unexpected %q, want %s", p.pos+1, r, what)
}

func (p *jsonParser) expect(c byte) error {
	if p.peek() != c {
		return p.syntax(strconv.QuoteRune(rune(c)))
	}
	p.pos++
	return nil
}

// end checks that only whitespace is left.
func (p *jsonParser) end() error {
	if p.peek() != 0 {
		return p.syntax("end of input")
	}
	return nil
}

// literal consumes word (true, false, null) if it is next.
func (p *jsonParser) literal(word string) bool {
	if p.peek() == word[0] && strings.HasPrefix(string(p.buf[p.pos:min(len(p.buf), p.pos+len(word))]), word) {
		p.pos += len(word)
		return true
	}
	return false
}

// str reads a JSON string at the cursor. Invalid UTF-8 becomes U+FFFD.
func (p *jsonParser) str() (string, error) {
	if p.peek() != '"' {
		return "", p.syntax("a string")
	}
	p.pos++
	start := p.pos
	// Fast path: no escapes.
	for i := p.pos; i < len(p.buf); i++ {
		c := p.buf[i]
		if c == '"' {
			s := string(p.buf[start:i])
			p.pos = i + 1
			return validString(s), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	b := p.tmp[:0]
	for {
		if p.pos >= len(p.buf) {
			return "", verrf("malformed JSON: unterminated string")
		}
		c := p.buf[p.pos]
		switch {
		case c == '"':
			p.pos++
			p.tmp = b
			return validString(string(b)), nil
		case c < 0x20:
			return "", p.syntax("no control character in a string")
		case c != '\\':
			b = append(b, c)
			p.pos++
			continue
		}
		p.pos++
		if p.pos >= len(p.buf) {
			return "", verrf("malformed JSON: unterminated string")
		}
		e := p.buf[p.pos]
		p.pos++
		switch e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := p.hex4()
			if !ok {
				return "", verrf("malformed JSON at byte %d: bad \\u escape", p.pos)
			}
			if r >= 0xD800 && r < 0xDC00 && p.pos+1 < len(p.buf) && p.buf[p.pos] == '\\' && p.buf[p.pos+1] == 'u' {
				save := p.pos
				p.pos += 2
				r2, ok := p.hex4()
				if ok && r2 >= 0xDC00 && r2 < 0xE000 {
					r = (r-0xD800)<<10 + (r2 - 0xDC00) + 0x10000
				} else {
					p.pos = save
				}
			}
			b = utf8.AppendRune(b, r) // lone surrogates become U+FFFD
		default:
			p.pos--
			return "", p.syntax("a valid escape")
		}
	}
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.buf) {
		return 0, false
	}
	var r rune
	for _, c := range p.buf[p.pos : p.pos+4] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	p.pos += 4
	return r, true
}

// number reads a JSON number at the cursor and returns its text and whether it
// is an integer (no fraction or exponent).
func (p *jsonParser) number() (string, bool, error) {
	p.ws()
	start, i := p.pos, p.pos
	n := len(p.buf)
	integer := true
	if i < n && p.buf[i] == '-' {
		i++
	}
	digits := func() bool {
		j := i
		for i < n && p.buf[i] >= '0' && p.buf[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < n && p.buf[i] == '0' {
		i++
	} else if !digits() {
		p.pos = i
		return "", false, p.syntax("a number")
	}
	if i < n && p.buf[i] == '.' {
		integer = false
		i++
		if !digits() {
			p.pos = i
			return "", false, p.syntax("a digit")
		}
	}
	if i < n && (p.buf[i] == 'e' || p.buf[i] == 'E') {
		integer = false
		i++
		if i < n && (p.buf[i] == '+' || p.buf[i] == '-') {
			i++
		}
		if !digits() {
			p.pos = i
			return "", false, p.syntax("a digit")
		}
	}
	p.pos = i
	return string(p.buf[start:i]), integer, nil
}

// skip consumes one JSON value of any shape.
func (p *jsonParser) skip() error {
	switch c := p.peek(); {
	case c == '"':
		_, err := p.str()
		return err
	case c == '{' || c == '[':
		close := byte('}')
		if c == '[' {
			close = ']'
		}
		p.pos++
		if p.peek() == close {
			p.pos++
			return nil
		}
		for {
			if c == '{' {
				if _, err := p.str(); err != nil {
					return err
				}
				if err := p.expect(':'); err != nil {
					return err
				}
			}
			if err := p.skip(); err != nil {
				return err
			}
			switch p.peek() {
			case ',':
				p.pos++
			case close:
				p.pos++
				return nil
			default:
				return p.syntax(fmt.Sprintf("',' or '%c'", close))
			}
		}
	case c == 't':
		if p.literal("true") {
			return nil
		}
	case c == 'f':
		if p.literal("false") {
			return nil
		}
	case c == 'n':
		if p.literal("null") {
			return nil
		}
	case c == '-' || (c >= '0' && c <= '9'):
		_, _, err := p.number()
		return err
	}
	return p.syntax("a JSON value")
}

// rawValue returns the JSON text of the value at the cursor, for messages.
func (p *jsonParser) rawValue() string {
	start := p.pos
	if err := p.skip(); err != nil {
		return "?"
	}
	s := string(p.buf[start:p.pos])
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// wrongJSON reports a value of the wrong JSON kind for t, consuming it.
func (p *jsonParser) wrongJSON(t sqltype.Type) error {
	p.ws()
	raw := p.rawValue()
	return verrf("invalid %s %s", t, clip(raw))
}

// appendJSON reads one JSON value of type t at the cursor and appends it to b.
// It reports whether the value was null.
func (p *jsonParser) appendJSON(b array.Builder, t sqltype.Type) (bool, error) {
	c := p.peek()
	if c == 'n' && p.literal("null") {
		b.AppendNull()
		return true, nil
	}
	if c == '"' && t.Kind != sqltype.Map {
		s, err := p.str()
		if err != nil {
			return false, err
		}
		return false, appendText(b, t, s, p.zone)
	}
	switch t.Kind {
	case sqltype.Boolean:
		switch {
		case p.literal("true"):
			b.(*array.BooleanBuilder).Append(true)
			return false, nil
		case p.literal("false"):
			b.(*array.BooleanBuilder).Append(false)
			return false, nil
		}
	case sqltype.Tinyint, sqltype.Smallint, sqltype.Int, sqltype.Bigint:
		if c == '-' || (c >= '0' && c <= '9') {
			s, integer, err := p.number()
			if err != nil {
				return false, err
			}
			if !integer {
				return false, verrf("invalid %s %s", t, clip(s))
			}
			return false, appendText(b, t, s, p.zone)
		}
	case sqltype.Double, sqltype.Float, sqltype.Decimal:
		if c == '-' || (c >= '0' && c <= '9') {
			s, _, err := p.number()
			if err != nil {
				return false, err
			}
			return false, appendText(b, t, s, p.zone)
		}
	case sqltype.Map:
		if c == '{' {
			v, err := p.value(t)
			if err != nil {
				return false, err
			}
			appendValue(b, t, v)
			return false, nil
		}
	}
	return false, p.wrongJSON(t)
}

// value reads one JSON value of type t as a Go value (nil for null).
func (p *jsonParser) value(t sqltype.Type) (any, error) {
	c := p.peek()
	if c == 'n' && p.literal("null") {
		return nil, nil
	}
	if c == '"' && t.Kind != sqltype.Map {
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return parseText(s, t, p.zone)
	}
	switch t.Kind {
	case sqltype.Boolean:
		switch {
		case p.literal("true"):
			return true, nil
		case p.literal("false"):
			return false, nil
		}
	case sqltype.Tinyint, sqltype.Smallint, sqltype.Int, sqltype.Bigint:
		if c == '-' || (c >= '0' && c <= '9') {
			s, integer, err := p.number()
			if err != nil {
				return nil, err
			}
			if !integer {
				return nil, verrf("invalid %s %s", t, clip(s))
			}
			return parseText(s, t, p.zone)
		}
	case sqltype.Double, sqltype.Float, sqltype.Decimal:
		if c == '-' || (c >= '0' && c <= '9') {
			s, _, err := p.number()
			if err != nil {
				return nil, err
			}
			return parseText(s, t, p.zone)
		}
	case sqltype.Map:
		if c != '{' {
			break
		}
		p.pos++
		m := &mapValue{}
		if p.peek() == '}' {
			p.pos++
			return m, nil
		}
		for {
			ks, err := p.str()
			if err != nil {
				return nil, err
			}
			k, err := parseText(ks, *t.Key, p.zone)
			if err != nil {
				return nil, verrf("map key: %v", err)
			}
			if err := p.expect(':'); err != nil {
				return nil, err
			}
			v, err := p.value(*t.Value)
			if err != nil {
				return nil, err
			}
			putEntry(m, k, v)
			switch p.peek() {
			case ',':
				p.pos++
			case '}':
				p.pos++
				return m, nil
			default:
				return nil, p.syntax("',' or '}'")
			}
		}
	}
	return nil, p.wrongJSON(t)
}

// parseTimestamp reads a TIMESTAMP or TIMESTAMP_NTZ value of a text file:
// what CAST reads (docs/semantics.md 10.3), which covers Spark's default
// CSV and JSON formats (2024-01-01T10:00:00.000Z) and ISO-8601. A
// TIMESTAMP with an offset or zone in the text is that instant; without
// one it is a wall-clock reading in zone (nil: UTC), the query's session
// zone, as Spark's readers read it, a reading in a gap or overlap resolved
// as java.time does (rt.Zone.FromLocal). A TIMESTAMP_NTZ is the reading
// and ignores a zone in the text.
func parseTimestamp(s string, t sqltype.Type, zone *rt.Zone) (int64, error) {
	var v int64
	var ok bool
	if t.Kind == sqltype.Timestamp {
		if zone == nil {
			zone = rt.UTC
		}
		v, ok = rt.ParseTimestamp(s, zone)
	} else {
		v, ok = rt.ParseTimestampNTZ(s, true)
	}
	if !ok {
		return 0, verrf("invalid %s %q", t, s)
	}
	return v, nil
}
