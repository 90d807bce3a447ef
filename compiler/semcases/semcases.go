// Package semcases holds the hand-checked semantic test cases of exprc: one SQL
// expression, one input row, and the exact outcome (value, NULL or error class)
// per line. The interpreter is tested against them, and every other engine
// (generated code with and without CSE) is tested against the same file, so the
// cases are data, not Go code.
//
// A case line reads
//
//	expression ;; {"a": 1, "s": "x"} ;; expected
//
// where the row is a JSON object over the columns of Table (columns left out are
// NULL; k is NOT NULL and defaults to 0), and expected is NULL, "error CLASS", or
// the value as Render prints it, optionally followed by ":: TYPE" to check the
// result type. Lines starting with # are comments.
//
// Two kinds of lines set something for the case lines after them in their file:
// "@zone Area/City" the session time zone (a SET TIME ZONE before the case's
// query), and "@now 2024-03-10T01:30:00Z" (RFC 3339) the instant the clock
// functions read (current_timestamp(), current_date() ...; docs/semantics.md
// 10.8), which every engine gets in its context (Case.Context). Without an
// @now line a case's clock is DefaultNow, so no case ever reads the real time.
package semcases

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/rt"
)

// Table is the schema every case reads.
const Table = `CREATE TABLE t (
  a BIGINT, b BIGINT, c BIGINT, i INT, j INT, x DOUBLE, y DOUBLE,
  s VARCHAR, u VARCHAR, d DATE, e DATE,
  m MAP<VARCHAR, BIGINT>, n MAP<BIGINT, VARCHAR>, p BOOLEAN, q BOOLEAN,
  k BIGINT NOT NULL,
  v DECIMAL(15,2), w DECIMAL(38,6), z DECIMAL(5,3), md MAP<VARCHAR, DECIMAL(10,2)>,
  ti TINYINT, tj TINYINT, si SMALLINT, sj SMALLINT, f FLOAT, g FLOAT,
  ts TIMESTAMP, tt TIMESTAMP, nt TIMESTAMP_NTZ,
  ym INTERVAL YEAR TO MONTH, dt INTERVAL DAY TO SECOND, dd INTERVAL DAY,
  bn BINARY, bm BINARY
);
`

//go:embed cases/*.txt
var files embed.FS

// Case is one semantic test case.
type Case struct {
	File     string
	Line     int
	Expr     string
	Row      map[string]any // decoded JSON, numbers as json.Number
	Want     string
	WantType string // empty when the case does not check the type
	// Zone is the session time zone the case runs in: set by a line
	// "@zone Area/City" for the lines after it in its file ("" is UTC).
	Zone string
	// Now is the instant the case's evaluation reads as its clock: set
	// by a line "@now RFC3339" for the lines after it in its file
	// (zero: DefaultNow).
	Now time.Time
}

// DefaultNow is the clock of a case after no @now line:
// 2000-01-01 00:00:00 UTC, a fixed instant, so that a case that reads the
// clock gives the same outcome on every run and in every engine.
var DefaultNow = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// Context returns ctx with the case's clock fixed (Now, else DefaultNow):
// every engine evaluates the case under it.
func (c Case) Context(ctx context.Context) context.Context {
	if c.Now.IsZero() {
		return rt.WithClock(ctx, DefaultNow)
	}
	return rt.WithClock(ctx, c.Now)
}

// Name is the query name the case gets in Spec.
func (c Case) Name(i int) string { return fmt.Sprintf("Case%04d", i) }

// Where says where the case is written, for failure messages.
func (c Case) Where() string { return fmt.Sprintf("%s:%d: %s", c.File, c.Line, c.Expr) }

// Load reads every case file.
func Load() ([]Case, error) {
	names, err := fs.Glob(files, "cases/*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Case
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		cs, err := parse(name, data)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

func parse(name string, data []byte) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	zone := ""
	var now time.Time
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if z, ok := strings.CutPrefix(text, "@zone "); ok {
			zone = strings.TrimSpace(z)
			if _, valid := rt.ZoneOf(zone); !valid {
				return nil, fmt.Errorf("%s:%d: unknown zone %q", name, line, zone)
			}
			continue
		}
		if n, ok := strings.CutPrefix(text, "@now "); ok {
			t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(n))
			if err != nil {
				return nil, fmt.Errorf("%s:%d: @now wants an RFC 3339 instant (2024-03-10T01:30:00Z): %v", name, line, err)
			}
			now = t
			continue
		}
		parts := strings.Split(text, ";;")
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s:%d: want 'expr ;; row ;; expected'", name, line)
		}
		c := Case{File: name, Line: line, Expr: strings.TrimSpace(parts[0]), Zone: zone, Now: now}
		rowText := strings.TrimSpace(parts[1])
		if rowText == "" {
			rowText = "{}"
		}
		dec := json.NewDecoder(strings.NewReader(rowText))
		dec.UseNumber()
		if err := dec.Decode(&c.Row); err != nil {
			return nil, fmt.Errorf("%s:%d: row: %v", name, line, err)
		}
		want := strings.TrimSpace(parts[2])
		if v, t, ok := strings.Cut(want, " :: "); ok {
			want, c.WantType = strings.TrimSpace(v), strings.TrimSpace(t)
		}
		c.Want = want
		out = append(out, c)
	}
	return out, sc.Err()
}

// Spec is a spec file holding Table and one query per case, named by
// Case.Name, each after a SET TIME ZONE where its zone differs from the
// previous case's.
func Spec(cases []Case) string {
	var b strings.Builder
	b.WriteString(Table)
	zone := "UTC"
	for i, c := range cases {
		z := c.Zone
		if z == "" {
			z = "UTC"
		}
		if z != zone {
			fmt.Fprintf(&b, "\nSET TIME ZONE '%s';\n", z)
			zone = z
		}
		fmt.Fprintf(&b, "\n-- name: %s\nSELECT %s AS r FROM t;\n", c.Name(i), c.Expr)
	}
	return b.String()
}

// Batch builds a one-row batch of table t holding row.
func Batch(t *ir.Table, row map[string]any, mem memory.Allocator) (arrow.RecordBatch, error) {
	for name := range row {
		if t.Lookup(name) < 0 {
			return nil, fmt.Errorf("row names unknown column %q", name)
		}
	}
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(t.Columns))
	defer b.Release()
	for i, col := range t.Columns {
		raw, present := row[col.Name]
		if !present && !col.Nullable {
			raw = json.Number("0")
		}
		v, err := FromJSON(raw, col.Type)
		if err != nil {
			return nil, fmt.Errorf("column %s: %v", col.Name, err)
		}
		if err := interp.AppendValue(b.Field(i), v); err != nil {
			return nil, err
		}
	}
	return b.NewRecordBatch(), nil
}

// FromJSON converts a decoded JSON value (numbers as json.Number) to the Go
// representation of a value of type t. DOUBLE also accepts the strings "NaN",
// "Infinity", "-Infinity" and "-0.0"; DATE takes "yyyy-mm-dd"; BINARY takes
// its bytes as hex digits, two per byte ("00ff41").
func FromJSON(raw any, t ir.Type) (any, error) {
	if raw == nil {
		return nil, nil
	}
	switch t.Kind {
	case ir.KindBoolean:
		if v, ok := raw.(bool); ok {
			return v, nil
		}
	case ir.KindInt:
		if n, ok := raw.(json.Number); ok {
			v, err := strconv.ParseInt(n.String(), 10, 32)
			return int32(v), err
		}
	case ir.KindBigint:
		if n, ok := raw.(json.Number); ok {
			return strconv.ParseInt(n.String(), 10, 64)
		}
	case ir.KindTinyint:
		if n, ok := raw.(json.Number); ok {
			v, err := strconv.ParseInt(n.String(), 10, 8)
			return int8(v), err
		}
	case ir.KindSmallint:
		if n, ok := raw.(json.Number); ok {
			v, err := strconv.ParseInt(n.String(), 10, 16)
			return int16(v), err
		}
	case ir.KindFloat:
		switch v := raw.(type) {
		case json.Number:
			f, err := strconv.ParseFloat(v.String(), 32)
			return float32(f), err
		case string:
			switch v {
			case "NaN":
				return float32(math.NaN()), nil
			case "Infinity":
				return float32(math.Inf(1)), nil
			case "-Infinity":
				return float32(math.Inf(-1)), nil
			case "-0.0":
				return float32(math.Copysign(0, -1)), nil
			}
		}
	case ir.KindDouble:
		switch v := raw.(type) {
		case json.Number:
			return strconv.ParseFloat(v.String(), 64)
		case string:
			switch v {
			case "NaN":
				return math.NaN(), nil
			case "Infinity":
				return math.Inf(1), nil
			case "-Infinity":
				return math.Inf(-1), nil
			case "-0.0":
				return math.Copysign(0, -1), nil
			}
		}
	case ir.KindVarchar:
		if v, ok := raw.(string); ok {
			return v, nil
		}
	case ir.KindBinary:
		// hex digits, two per byte: {"bn": "00ff41"}
		if v, ok := raw.(string); ok && len(v)%2 == 0 {
			if b, ok := rt.UnhexBytes(v); ok {
				return b, nil
			}
		}
	case ir.KindDate:
		if v, ok := raw.(string); ok {
			if d, ok := ir.ParseDate(v); ok {
				return d, nil
			}
		}
	case ir.KindTimestamp:
		// text read as an instant in UTC unless it names a zone
		if v, ok := raw.(string); ok {
			if us, ok := rt.ParseTimestamp(v, rt.UTC); ok {
				return ir.Timestamp(us), nil
			}
		}
	case ir.KindTimestampNTZ:
		if v, ok := raw.(string); ok {
			if us, ok := rt.ParseTimestampNTZ(v, false); ok {
				return ir.TimestampNTZ(us), nil
			}
		}
	case ir.KindYMInterval, ir.KindDTInterval:
		// a number is the value (months, microseconds); a string is read
		// as CAST(s AS the column's type)
		switch v := raw.(type) {
		case json.Number:
			n, err := strconv.ParseInt(v.String(), 10, 64)
			if t.Kind == ir.KindYMInterval {
				return ir.YMInterval(n), err
			}
			return ir.DTInterval(n), err
		case string:
			if t.Kind == ir.KindYMInterval {
				m, err := rt.CastStringToYMInterval(v, int(t.Start), int(t.End))
				if err != nil {
					return nil, err
				}
				return ir.YMInterval(m), nil
			}
			us, err := rt.CastStringToDTInterval(v, int(t.Start), int(t.End))
			if err != nil {
				return nil, err
			}
			return ir.DTInterval(us), nil
		}
	case ir.KindDecimal:
		var text string
		switch n := raw.(type) {
		case json.Number:
			text = n.String()
		case string:
			text = n
		default:
			return nil, fmt.Errorf("cannot read %v as %s", raw, t)
		}
		v, err := rt.CastStringToDecimal(text, t.S(), t.P())
		if err != nil {
			return nil, fmt.Errorf("%s as %s: %s", text, t, err.Message())
		}
		return v, nil
	case ir.KindMap:
		if obj, ok := raw.(map[string]any); ok {
			keys := make([]string, 0, len(obj))
			for k := range obj {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			m := &ir.MapValue{}
			for _, k := range keys {
				key, err := FromJSON(keyJSON(k, *t.Key), *t.Key)
				if err != nil {
					return nil, fmt.Errorf("map key %q: %v", k, err)
				}
				val, err := FromJSON(obj[k], *t.Value)
				if err != nil {
					return nil, fmt.Errorf("map value under %q: %v", k, err)
				}
				m.Keys = append(m.Keys, key)
				m.Values = append(m.Values, val)
			}
			return m, nil
		}
	}
	return nil, fmt.Errorf("cannot read %v as %s", raw, t)
}

func keyJSON(k string, t ir.Type) any {
	if t.IsIntegral() {
		return json.Number(k)
	}
	return k
}

// Render prints an outcome the way case files write expectations: NULL, "error
// CLASS", strings in single quotes, everything else as ir.FormatValue does.
func Render(o ir.Outcome) string {
	if o.Err != nil {
		return "error " + string(o.Err.Class)
	}
	return RenderValue(o.V)
}

// ColumnText returns a function printing row i of an output column as case
// files write values (RenderValue), DECIMALs at the column's scale.
func ColumnText(a arrow.Array) (func(int) string, error) {
	read, err := interp.ColumnReader(a)
	if err != nil {
		return nil, err
	}
	dt := a.DataType()
	return func(i int) string { return typedText(read(i), dt) }, nil
}

// typedText is RenderValue with the Arrow type at hand: DECIMALs (also as
// MAP values) at their type's scale, BINARY as a literal X'00FF' (a
// VARCHAR is quoted: the two are told apart).
func typedText(v any, dt arrow.DataType) string {
	switch t := dt.(type) {
	case *arrow.BinaryType:
		if v != nil {
			return rt.FormatBinary(v.(string))
		}
		return "NULL"
	case *arrow.Decimal128Type:
		if v != nil {
			return rt.FormatDecimal(v.(rt.Decimal), int(t.Scale))
		}
		return "NULL"
	case *arrow.MapType:
		m, ok := v.(*ir.MapValue)
		if !ok {
			break
		}
		var b strings.Builder
		b.WriteByte('{')
		for i := range m.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(typedText(m.Keys[i], t.KeyType()) + ": " + typedText(m.Values[i], t.ItemType()))
		}
		b.WriteByte('}')
		return b.String()
	}
	return RenderValue(v)
}

// RenderValue prints one value (nil for NULL) as Render does.
func RenderValue(v any) string {
	switch v := v.(type) {
	case string:
		return "'" + strings.ReplaceAll(v, "'", "''") + "'"
	case *ir.MapValue:
		var b strings.Builder
		b.WriteByte('{')
		for i := range v.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(RenderValue(v.Keys[i]) + ": " + RenderValue(v.Values[i]))
		}
		b.WriteByte('}')
		return b.String()
	}
	return ir.FormatValue(v)
}
