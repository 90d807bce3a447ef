package fileio

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/exprc/exprc/templates/sqltype"
)

// Type inference for the text formats. The types are inferred from the
// first InferOptions.SampleRows rows; each is the first type of this list
// that the reader accepts for every non-NULL sampled value of the column (the
// tests are the reader's own parsers, so every sampled value reads):
//
//	BOOLEAN        true or false (CSV: any case, spaces around)
//	BIGINT         integers that fit in 64 bits (INT is never inferred: a
//	               later row might not fit)
//	DECIMAL(38,0)  integers beyond BIGINT of at most 38 digits
//	DOUBLE         numbers with a fraction or an exponent (and integers);
//	               DECIMAL is never inferred from them: the sample's scale
//	               does not bound the rest of the file. In CSV also NaN and
//	               Infinity, in a column with at least one digit
//	DATE           yyyy-mm-dd exactly (ISO 8601), also in a JSON string
//	MAP<VARCHAR, V>  JSON objects (in CSV: fields holding a JSON object's
//	               text) whose values infer as the scalar type V by these rules
//	VARCHAR        anything else in CSV; JSON strings in JSON
//
// NULL is, in CSV, an empty unquoted field (a quoted empty field is the empty
// string, a VARCHAR value, and NULL for other types), in JSON null or a
// missing key. A column that is NULL in every sampled row is VARCHAR. Text
// such as NULL, NA or \N is not NULL to the reader, so such a column is
// VARCHAR, and the column's note says so. JSON values the reader cannot
// read as one type (an array; objects mixed with scalars; numbers mixed with
// strings that are not numbers, or with booleans) leave the column without
// a type, with a note. No column is NOT NULL: a sample cannot tell.

// nullWords are the spellings of NULL some writers use, which exprc's CSV
// reader reads as text.
var nullWords = map[string]bool{"NULL": true, "null": true, "Null": true, "NA": true, "N/A": true, `\N`: true, "None": true, "nil": true}

// textGuess collects what the sampled values of one column (or of the values
// of a JSON object column) allow.
type textGuess struct {
	values, nulls int64
	texts         int64 // CSV: values that are not empty nor null words
	nullWords     int64 // CSV: values that are null words (nullWord is the first)
	badNumbers    int64 // JSON: numbers out of DOUBLE's range
	// JSON value kinds seen.
	bools, ints, bigInts, numbers, strs, objects, arrays int64
	// Whether every string seen (every CSV value) reads as each type.
	notBool, notBigint, notDecimal, notDouble, notDate, notMap bool
	digit                                                      bool // a string with a digit
	nullWord                                                   string
	// child guesses the values of the objects (JSON) or maps (CSV).
	child *textGuess
	depth int
}

var decimal38 = sqltype.Type{Kind: sqltype.Decimal, Precision: 38}

// addString records a text value: a CSV field or a JSON string (json).
func (g *textGuess) addString(s string, json bool) {
	g.values++
	g.strs++
	if _, err := parseBool(s); err != nil {
		g.notBool = true
	}
	if _, err := parseInt(s, sqltype.Type{Kind: sqltype.Bigint}); err != nil {
		g.notBigint = true
	}
	if !integerText(s) {
		g.notDecimal = true
	} else if _, err := parseDecimal(s, decimal38); err != nil {
		g.notDecimal = true
	}
	if _, err := parseDouble(s); err != nil {
		g.notDouble = true
	}
	if strings.ContainsAny(s, "0123456789") {
		g.digit = true
	}
	if _, err := parseDate(s); err != nil || !isoDate(s) {
		g.notDate = true
	}
	if !json && !g.notMap {
		t := strings.TrimLeft(s, " \t\r\n")
		if !strings.HasPrefix(t, "{") {
			g.notMap = true
		} else {
			if g.child == nil {
				g.child = &textGuess{depth: g.depth + 1}
			}
			p := &jsonParser{buf: []byte(s)}
			if err := g.child.addObjectItems(p); err != nil || p.end() != nil {
				g.notMap = true
			}
		}
	}
}

// integerText reports whether s (spaces around) is [+-]digits.
func integerText(s string) bool {
	t := strings.TrimSpace(s)
	if t != "" && (t[0] == '+' || t[0] == '-') {
		t = t[1:]
	}
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// isoDate reports whether s is yyyy-mm-dd.
func isoDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, c := range []byte(s) {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// addJSON records the JSON value at p's cursor and consumes it.
func (g *textGuess) addJSON(p *jsonParser) error {
	switch c := p.peek(); {
	case c == 'n' && p.literal("null"):
		g.nulls++
		return nil
	case c == 't' && p.literal("true"), c == 'f' && p.literal("false"):
		g.values++
		g.bools++
		return nil
	case c == '"':
		s, err := p.str()
		if err != nil {
			return err
		}
		g.addString(s, true)
		return nil
	case c == '-' || c >= '0' && c <= '9':
		s, integer, err := p.number()
		if err != nil {
			return err
		}
		g.values++
		switch _, perr := strconv.ParseInt(s, 10, 64); {
		case integer && perr == nil:
			g.ints++
		case integer && len(strings.TrimPrefix(s, "-")) <= 38:
			g.bigInts++
		default:
			g.numbers++
			if _, err := parseDouble(s); err != nil {
				g.badNumbers++
			}
		}
		return nil
	case c == '{':
		g.values++
		g.objects++
		if g.depth > 0 {
			// A MAP's values are scalar: the object's shape does not matter.
			return p.skip()
		}
		if g.child == nil {
			g.child = &textGuess{depth: g.depth + 1}
		}
		return g.child.addObjectItems(p)
	case c == '[':
		g.values++
		g.arrays++
		return p.skip()
	}
	return p.syntax("a JSON value")
}

// addObjectItems reads the JSON object at p's cursor, recording its values.
func (g *textGuess) addObjectItems(p *jsonParser) error {
	if err := p.expect('{'); err != nil {
		return err
	}
	if p.peek() == '}' {
		p.pos++
		return nil
	}
	for {
		if _, err := p.str(); err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		if err := g.addJSON(p); err != nil {
			return err
		}
		switch p.peek() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return nil
		default:
			return p.syntax("',' or '}'")
		}
	}
}

// addCSV records a CSV field: NULL when empty and unquoted, or when empty
// and quoted for every type but VARCHAR. A null word is counted apart.
func (g *textGuess) addCSV(s string, quoted bool) {
	switch t := strings.TrimSpace(s); {
	case s == "" && !quoted:
		g.nulls++
	case s == "":
		// The empty string for VARCHAR, NULL for the other types: it
		// rules none of them out.
		g.values++
		g.strs++
	case nullWords[t]:
		if g.nullWords == 0 {
			g.nullWord = t
		}
		g.nullWords++
	default:
		g.texts++
		g.addString(s, false)
	}
}

// csvType resolves a CSV column's guess, with a note for the reader of the
// CREATE TABLE.
func (g *textGuess) csvType() (sqltype.Type, string) {
	t := g.textType()
	varchar := sqltype.Type{Kind: sqltype.Varchar}
	switch {
	case g.nullWords > 0 && g.texts == 0:
		return varchar, fmt.Sprintf("VARCHAR, as every sampled value is empty or %q, which exprc reads as text (NULL is an empty unquoted field)", g.nullWord)
	case g.nullWords > 0 && t.Kind != sqltype.Varchar:
		return varchar, fmt.Sprintf("VARCHAR, not %s, as some values are %q, which exprc reads as text (NULL is an empty unquoted field)", t, g.nullWord)
	case g.texts == 0:
		return varchar, "NULL or empty in every sampled row: VARCHAR assumed"
	}
	return t, ""
}

// textType is the first type of the inference list that every value seen
// reads as, for values that are all strings (CSV fields).
func (g *textGuess) textType() sqltype.Type {
	switch {
	case g.texts == 0:
	case !g.notBool:
		return sqltype.Type{Kind: sqltype.Boolean}
	case !g.notBigint:
		return sqltype.Type{Kind: sqltype.Bigint}
	case !g.notDecimal:
		return decimal38
	case !g.notDouble && g.digit:
		return sqltype.Type{Kind: sqltype.Double}
	case !g.notDate:
		return sqltype.Type{Kind: sqltype.Date}
	case !g.notMap && g.child != nil:
		if v, ok, _ := g.child.jsonType(); ok && v.Kind != sqltype.Map {
			return sqltype.Type{Kind: sqltype.Map, Key: &sqltype.Type{Kind: sqltype.Varchar}, Value: &v}
		}
	}
	return sqltype.Type{Kind: sqltype.Varchar}
}

// jsonType resolves a JSON column's guess: the type, or ok false and why.
func (g *textGuess) jsonType() (t sqltype.Type, ok bool, note string) {
	scalars := g.bools + g.ints + g.bigInts + g.numbers + g.strs
	switch {
	case g.values == 0:
		return sqltype.Type{Kind: sqltype.Varchar}, true, "NULL in every sampled row: VARCHAR assumed"
	case g.arrays > 0:
		return sqltype.Type{}, false, "JSON arrays: exprc has no type for them yet"
	case g.objects > 0 && scalars > 0:
		return sqltype.Type{}, false, "JSON objects mixed with other values: no exprc type reads both"
	case g.objects > 0:
		if g.depth > 0 {
			return sqltype.Type{}, false, "JSON objects inside JSON objects: exprc's MAP values are scalar"
		}
		v := sqltype.Type{Kind: sqltype.Varchar}
		if g.child != nil && g.child.values > 0 {
			var vnote string
			if v, ok, vnote = g.child.jsonType(); !ok {
				return sqltype.Type{}, false, vnote
			}
		}
		return sqltype.Type{Kind: sqltype.Map, Key: &sqltype.Type{Kind: sqltype.Varchar}, Value: &v}, true, ""
	case g.bools > 0 && g.ints+g.bigInts+g.numbers > 0:
		return sqltype.Type{}, false, "JSON booleans mixed with numbers: no exprc type reads both"
	case g.bools > 0:
		if g.strs > 0 && g.notBool {
			return sqltype.Type{}, false, "JSON booleans mixed with strings: no exprc type reads both"
		}
		return sqltype.Type{Kind: sqltype.Boolean}, true, ""
	case g.badNumbers > 0:
		return sqltype.Type{}, false, "a JSON number beyond DOUBLE's range"
	case g.numbers > 0:
		if g.strs > 0 && g.notDouble {
			return sqltype.Type{}, false, "JSON numbers mixed with strings that are not numbers: no exprc type reads both"
		}
		return sqltype.Type{Kind: sqltype.Double}, true, ""
	case g.bigInts > 0:
		if g.strs > 0 && g.notDecimal {
			return sqltype.Type{}, false, "JSON numbers mixed with strings that are not integers: no exprc type reads both"
		}
		return decimal38, true, ""
	case g.ints > 0:
		if g.strs > 0 && g.notBigint {
			return sqltype.Type{}, false, "JSON numbers mixed with strings that are not integers: no exprc type reads both"
		}
		return sqltype.Type{Kind: sqltype.Bigint}, true, ""
	case !g.notDate:
		return sqltype.Type{Kind: sqltype.Date}, true, ""
	}
	return sqltype.Type{Kind: sqltype.Varchar}, true, ""
}

// inferCSV reads the header and up to sample records (0: all) of a CSV
// file, with the reader's record rules.
func inferCSV(f *os.File, path string, sample int64) (*FileSchema, error) {
	src := newBlockSource(f, csvCut, 2)
	names, b, line, err := csvHeader(path, src)
	if err != nil {
		return nil, err
	}
	guesses := make([]textGuess, len(names))
	var spans []csvSpan
	var rows int64
	whole := false
	for {
		data, pos := b.data, 0
		for pos < len(data) && (sample == 0 || rows < sample) {
			if len(names) > 1 {
				var blank int
				pos, blank = skipBlank(data, pos)
				line += blank
				if pos == len(data) {
					break
				}
			}
			var next, nl int
			var terr *csvTokErr
			spans, next, nl, _, terr = csvRecord(data, pos, spans[:0])
			if terr != nil {
				return nil, fmt.Errorf("%s: %w", path, terr.error(line+1))
			}
			if len(spans) != len(names) {
				return nil, fmt.Errorf("%s: %s: %d fields, but the header has %d", path, at(rows, line+1), len(spans), len(names))
			}
			for i, sp := range spans {
				guesses[i].addCSV(string(data[sp.s:sp.e]), sp.quoted)
			}
			rows++
			line += nl
			pos = next
		}
		if sample > 0 && rows >= sample {
			break
		}
		if b, err = src.next(); err == io.EOF {
			whole = true
			break
		} else if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	fs := &FileSchema{Format: "csv", Rows: rows, Whole: whole}
	for i, name := range names {
		t, note := guesses[i].csvType()
		fs.Columns = append(fs.Columns, FileColumn{Name: name, Type: t, Typed: true, Note: note})
	}
	return fs, nil
}

// inferJSON reads up to sample lines (0: all) of a JSON lines file. Keys
// that differ only in case are one column, as the reader matches them.
func inferJSON(f *os.File, path string, sample int64) (*FileSchema, error) {
	src := newBlockSource(f, jsonCut, 2)
	var names []string
	var guesses []*textGuess
	col := map[string]int{} // lower-cased key -> column
	var rows int64
	line := 0
	whole := false
	seen := map[int]bool{}
	for sample == 0 || rows < sample {
		b, err := src.next()
		if err == io.EOF {
			whole = true
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		data, pos := b.data, 0
		for pos < len(data) && (sample == 0 || rows < sample) {
			var l []byte
			if i := bytes.IndexByte(data[pos:], '\n'); i >= 0 {
				l, pos = data[pos:pos+i], pos+i+1
			} else {
				l, pos = data[pos:], len(data)
			}
			line++
			if len(bytes.TrimSpace(l)) == 0 {
				continue
			}
			p := &jsonParser{buf: l}
			fail := func(err error) error { return fmt.Errorf("%s: %s: %v", path, at(rows, line), err) }
			if err := p.expect('{'); err != nil {
				return nil, fail(err)
			}
			clear(seen)
			if p.peek() == '}' {
				p.pos++
			} else {
				for {
					key, err := p.str()
					if err != nil {
						return nil, fail(err)
					}
					if err := p.expect(':'); err != nil {
						return nil, fail(err)
					}
					k := strings.ToLower(key)
					i, ok := col[k]
					if !ok {
						i = len(names)
						col[k] = i
						names = append(names, key)
						guesses = append(guesses, &textGuess{})
					}
					if seen[i] {
						return nil, fail(fmt.Errorf("key %q appears more than once", key))
					}
					seen[i] = true
					if err := guesses[i].addJSON(p); err != nil {
						return nil, fail(err)
					}
					if p.peek() == ',' {
						p.pos++
						continue
					}
					if err := p.expect('}'); err != nil {
						return nil, fail(err)
					}
					break
				}
			}
			if err := p.end(); err != nil {
				return nil, fail(err)
			}
			rows++
		}
	}
	fs := &FileSchema{Format: "jsonl", Rows: rows, Whole: whole}
	for i, name := range names {
		// A key missing from a row is NULL there.
		t, ok, note := guesses[i].jsonType()
		fs.Columns = append(fs.Columns, FileColumn{Name: name, Type: t, Typed: ok, Note: note})
	}
	return fs, nil
}
