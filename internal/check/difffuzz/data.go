package difffuzz

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/rt"
)

// Rows is a data set in the interpreter's Go representation (nil is NULL).
type Rows [][]any

// rowCounts are the sizes of generated data sets, empty and single-row ones
// included.
var rowCounts = []int{0, 1, 2, 3, 5, 8, 17, 33, 64, 100, 200}

// nullRates are the per-column NULL rates a data set draws from.
var nullRates = []float64{0, 0, 0, 0.05, 0.2, 0.5, 0.9, 1}

// edgeRates are the per-column rates of edge values.
var edgeRates = []float64{0, 0.03, 0.1, 0.3, 0.6}

var (
	edgeInts    = []int32{0, -1, 1, math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1, 46341, 65536, -65536}
	edgeBigints = []int64{0, -1, 1, math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, 1 << 32, -(1 << 32), 3037000500, math.MaxInt32 + 1, math.MinInt32 - 1}
	edgeDoubles = []float64{0, math.Copysign(0, -1), math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -1, 0.5, 2.5, -2.5, 9.223372036854776e18, -9.223372036854776e18, 1e19, 2147483647.5, 1.005}
	edgeStrings = []string{"", " ", "\xff", "a\xc3", "\x00", "\t5\n", "é\xffx", longString + longString, "%%__", "\\\\", "''", "İstanbul"}
	edgeDates   = []int32{0, -1, math.MinInt32, math.MaxInt32, -719162, 2932896, 11016, -719163, 2932897}

	keyStrings = []string{"k", "test", "a", "", "é", "K"}
	keyBigints = []int64{0, 1, -1, 42, math.MaxInt64, math.MinInt64, 5}
	keyInts    = []int32{0, 1, -1, 7, math.MaxInt32, math.MinInt32, 5}
)

// RandomRows draws n rows for schema. Each column has its own NULL rate
// (0 to 100%; NOT NULL columns none) and its own rate of edge values.
func RandomRows(r *rand.Rand, s *Schema, n int) Rows {
	rows := make(Rows, n)
	for i := range rows {
		rows[i] = make([]any, len(s.Columns))
	}
	for c, col := range s.Columns {
		nullRate := nullRates[r.IntN(len(nullRates))]
		if !col.Nullable {
			nullRate = 0
		}
		edge := edgeRates[r.IntN(len(edgeRates))]
		small := 1 + r.IntN(12)
		for i := range rows {
			if r.Float64() < nullRate {
				continue
			}
			rows[i][c] = randomValue(r, col.Type, edge, small)
		}
	}
	return rows
}

// edgeTimestamps are microsecond values at the ends of the range, the
// epoch and negative epochs with fractions, and the DST changes of 2024 in
// the session zones (docs/semantics.md 10.2): Paris, New York, Lord Howe's
// half-hour shifts, each at the change and a microsecond before, and
// Kathmandu's move from +05:30 to +05:45 in 1986.
var edgeTimestamps = []int64{0, -1, 1, 1<<63 - 1, -1 << 63, 1<<63 - 2, -1<<63 + 1, 1711846800e6, 1711848600e6, 1729989000e6, 1729992600e6,
	1710055800e6, 1730611800e6, 1730615400e6, 1711843200e6 + 9000e6, -2208988800e6, 86400e6 - 1, 253402300799999999,
	1711846800e6 - 1, 1729990800e6, 1729990800e6 - 1, 1710054000e6, 1710054000e6 - 1, 1730613600e6, 1730613600e6 - 1,
	1712415600e6, 1712415600e6 - 1, 1712415600e6 - 1800e6, 1728142200e6, 1728142200e6 - 1, 504901800e6, 504901800e6 - 1,
	-62135596800e6, -62135596800e6 - 1, 253402300800e6, -1500000, -999999, -86400e6 - 500000, -1e6 + 1}

func randomValue(r *rand.Rand, t ir.Type, edge float64, small int) any {
	isEdge := r.Float64() < edge
	switch t.Kind {
	case ir.KindBoolean:
		return r.IntN(2) == 0
	case ir.KindInt:
		if isEdge {
			return pick(r, edgeInts)
		}
		if r.IntN(4) == 0 {
			return int32(r.IntN(2001) - 1000)
		}
		return int32(r.IntN(2*small+1) - small)
	case ir.KindTimestamp, ir.KindTimestampNTZ:
		var us int64
		if isEdge {
			us = pick(r, edgeTimestamps)
		} else {
			// around 2024 (DST changes included), whole seconds or not
			us = 1704067200e6 + r.Int64N(2*366*86400)*1e6 - 366*86400e6
			if r.IntN(2) == 0 {
				us += r.Int64N(1e6)
			}
		}
		if t.Kind == ir.KindTimestamp {
			return ir.Timestamp(us)
		}
		return ir.TimestampNTZ(us)
	case ir.KindYMInterval:
		var m int32
		switch {
		case isEdge:
			m = pick(r, []int32{0, -1, 1, math.MaxInt32, math.MinInt32, math.MaxInt32 - 11, 12, -12, 11, -13})
		case r.IntN(2) == 0:
			m = int32(r.IntN(2*small+1) - small)
		default:
			m = int32(r.IntN(2001) - 1000)
		}
		if t.End == ir.FieldYear { // a YEAR column holds whole years
			m -= m % 12
		}
		return ir.YMInterval(m)
	case ir.KindDTInterval:
		var us int64
		switch {
		case isEdge:
			us = pick(r, []int64{0, -1, 1, math.MaxInt64, math.MinInt64, 86400e6, -86400e6, 86400e6 - 1, 3600e6, 1800e6, 2700e6 + 1,
				106751991 * 86400e6, -106751991 * 86400e6})
		case r.IntN(2) == 0:
			us = int64(r.IntN(2*small+1)-small) * pick(r, []int64{86400e6, 3600e6, 60e6, 1e6})
		default:
			us = r.Int64N(40*86400e6) - 20*86400e6
		}
		// a column holds whole units of its last field
		unit := []int64{86400e6, 3600e6, 60e6, 1}[t.End]
		return ir.DTInterval(us - us%unit)
	case ir.KindTinyint:
		if isEdge {
			return pick(r, []int8{0, -1, 1, 127, -128, 126, -127, 12, -12})
		}
		return int8(r.IntN(2*min(small, 127)+1) - min(small, 127))
	case ir.KindSmallint:
		if isEdge {
			return pick(r, []int16{0, -1, 1, 32767, -32768, 32766, -32767, 182, -182, 300})
		}
		return int16(r.IntN(2*small+1) - small)
	case ir.KindFloat:
		if isEdge {
			return pick(r, []float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)),
				math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 16777216, 1.1, 0.1, 128.5, -32768.5, 2147483648, 9.223372e18})
		}
		if r.IntN(2) == 0 {
			return float32(r.IntN(2*small+1) - small)
		}
		return float32(r.IntN(2*small+1)-small) + float32(r.IntN(8))/8
	case ir.KindBigint:
		if isEdge {
			return pick(r, edgeBigints)
		}
		if r.IntN(4) == 0 {
			return r.Int64N(1<<40) - 1<<39
		}
		return int64(r.IntN(2*small+1) - small)
	case ir.KindDouble:
		if isEdge {
			return pick(r, edgeDoubles)
		}
		switch r.IntN(3) {
		case 0:
			return float64(r.IntN(2*small+1) - small)
		case 1:
			return float64(r.IntN(2001)-1000) / 4
		}
		return (r.Float64() - 0.5) * math.Pow(10, float64(r.IntN(12)-3))
	case ir.KindVarchar:
		if isEdge {
			return pick(r, edgeStrings)
		}
		return pick(r, stringPool)
	case ir.KindBinary:
		// bytes of either half, so that the unsigned order shows
		if isEdge {
			return pick(r, []string{"", "\x00", "\xff", "\x7f", "\x80", "\xff\x00", "abc", "\xc3\xa9"})
		}
		b := make([]byte, r.IntN(5))
		for i := range b {
			b[i] = pick(r, []byte{0x00, 0x01, 0x41, 0x61, 0x7f, 0x80, 0xc3, 0xfe, 0xff})
		}
		return string(b)
	case ir.KindDate:
		if isEdge {
			return ir.Date(pick(r, edgeDates))
		}
		return ir.Date(17000 + r.IntN(4000))
	case ir.KindDecimal:
		// Text of the type's scale: small values, halves, and with edge
		// values the limits of the precision.
		var text string
		switch {
		case isEdge:
			text = pick(r, decimalTexts(t))
		case r.IntN(3) == 0:
			text = strconv.Itoa(r.IntN(2*small+1) - small)
		default:
			text = strconv.FormatFloat(float64(r.IntN(200001)-100000)/1000, 'f', -1, 64)
		}
		v, err := rt.CastStringToDecimal(text, t.S(), t.P())
		if err != nil { // beyond a small type: its zero
			return rt.Decimal{}
		}
		return v
	case ir.KindMap:
		m := &ir.MapValue{}
		n := r.IntN(5)
		keys := mapKeys(r, *t.Key)
		for i := 0; i < n && i < len(keys); i++ {
			m.Keys = append(m.Keys, keys[i])
			var v any
			if r.IntN(7) > 0 {
				v = randomValue(r, *t.Value, edge, small)
			}
			m.Values = append(m.Values, v)
		}
		return m
	}
	panic("difffuzz: no values of type " + t.String())
}

// mapKeys returns the key pool of type t in random order (so a map holds
// distinct keys of the pool, which queries probe).
func mapKeys(r *rand.Rand, t ir.Type) []any {
	var out []any
	switch t.Kind {
	case ir.KindVarchar:
		for _, k := range keyStrings {
			out = append(out, k)
		}
	case ir.KindBigint:
		for _, k := range keyBigints {
			out = append(out, k)
		}
	case ir.KindInt:
		for _, k := range keyInts {
			out = append(out, k)
		}
	default:
		panic("difffuzz: no map keys of type " + t.String())
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Batch builds an Arrow record batch of rows with the table's columns.
func Batch(cols []ir.Column, rows Rows, mem memory.Allocator) (arrow.RecordBatch, error) {
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(cols))
	defer b.Release()
	for _, row := range rows {
		for c := range cols {
			if err := interp.AppendValue(b.Field(c), row[c]); err != nil {
				return nil, err
			}
		}
	}
	return b.NewRecordBatch(), nil
}

// EncodeRows writes rows as JSON, one array per row, in a form that keeps
// every value exact: doubles as strings ("NaN", "-0", "+Inf"), strings that
// are not valid UTF-8 as {"hex": ...}, dates as day numbers and maps as lists
// of [key, value] pairs.
func EncodeRows(rows Rows) ([]byte, error) {
	var b bytes.Buffer
	for _, row := range rows {
		vals := make([]any, len(row))
		for i, v := range row {
			vals[i] = encodeValue(v)
		}
		line, err := json.Marshal(vals)
		if err != nil {
			return nil, err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

func encodeValue(v any) any {
	switch v := v.(type) {
	case nil, bool, int32, int64, int8, int16:
		return v
	case ir.Timestamp:
		return int64(v)
	case ir.TimestampNTZ:
		return int64(v)
	case ir.YMInterval:
		return int32(v)
	case ir.DTInterval:
		return int64(v)
	case float32:
		return strconv.FormatFloat(float64(v), 'g', -1, 32)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		if utf8.ValidString(v) {
			return v
		}
		return map[string]string{"hex": hex.EncodeToString([]byte(v))}
	case ir.Date:
		return int32(v)
	case rt.Decimal: // the unscaled value; the column's type gives the scale
		return map[string]string{"unscaled": rt.FormatDecimal(v, 0)}
	case *ir.MapValue:
		pairs := make([][2]any, len(v.Keys))
		for i := range v.Keys {
			pairs[i] = [2]any{encodeValue(v.Keys[i]), encodeValue(v.Values[i])}
		}
		return pairs
	}
	panic(fmt.Sprintf("difffuzz: cannot encode %T", v))
}

// DecodeRows reads what EncodeRows wrote, typed by cols.
func DecodeRows(cols []ir.Column, data []byte) (Rows, error) {
	var rows Rows
	for ln, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return nil, fmt.Errorf("data line %d: %w", ln+1, err)
		}
		if len(raw) != len(cols) {
			return nil, fmt.Errorf("data line %d: %d values for %d columns", ln+1, len(raw), len(cols))
		}
		row := make([]any, len(cols))
		for i, c := range cols {
			v, err := decodeValue(raw[i], c.Type)
			if err != nil {
				return nil, fmt.Errorf("data line %d, column %s: %w", ln+1, c.Name, err)
			}
			row[i] = v
		}
		rows = append(rows, row)
	}
	return rows, nil
}

func decodeValue(raw json.RawMessage, t ir.Type) (any, error) {
	if string(raw) == "null" {
		return nil, nil
	}
	switch t.Kind {
	case ir.KindBoolean:
		var b bool
		err := json.Unmarshal(raw, &b)
		return b, err
	case ir.KindInt, ir.KindDate:
		n, err := strconv.ParseInt(string(raw), 10, 32)
		if t.Kind == ir.KindDate {
			return ir.Date(n), err
		}
		return int32(n), err
	case ir.KindBigint:
		return strconv.ParseInt(string(raw), 10, 64)
	case ir.KindTimestamp:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		return ir.Timestamp(n), err
	case ir.KindTimestampNTZ:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		return ir.TimestampNTZ(n), err
	case ir.KindYMInterval:
		n, err := strconv.ParseInt(string(raw), 10, 32)
		return ir.YMInterval(n), err
	case ir.KindDTInterval:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		return ir.DTInterval(n), err
	case ir.KindTinyint:
		n, err := strconv.ParseInt(string(raw), 10, 8)
		return int8(n), err
	case ir.KindSmallint:
		n, err := strconv.ParseInt(string(raw), 10, 16)
		return int16(n), err
	case ir.KindFloat:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		f, err := strconv.ParseFloat(s, 32)
		return float32(f), err
	case ir.KindDouble:
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return strconv.ParseFloat(s, 64)
	case ir.KindVarchar, ir.KindBinary:
		if len(raw) > 0 && raw[0] == '{' {
			var h struct{ Hex string }
			if err := json.Unmarshal(raw, &h); err != nil {
				return nil, err
			}
			b, err := hex.DecodeString(h.Hex)
			return string(b), err
		}
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case ir.KindDecimal:
		var u struct{ Unscaled string }
		if err := json.Unmarshal(raw, &u); err != nil {
			return nil, err
		}
		v, err := rt.CastStringToDecimal(u.Unscaled, 0, rt.MaxDecimalPrecision)
		if err != nil {
			return nil, err
		}
		return v, nil
	case ir.KindMap:
		var pairs [][2]json.RawMessage
		if err := json.Unmarshal(raw, &pairs); err != nil {
			return nil, err
		}
		m := &ir.MapValue{}
		for _, p := range pairs {
			k, err := decodeValue(p[0], *t.Key)
			if err != nil {
				return nil, err
			}
			v, err := decodeValue(p[1], *t.Value)
			if err != nil {
				return nil, err
			}
			m.Keys = append(m.Keys, k)
			m.Values = append(m.Values, v)
		}
		return m, nil
	}
	return nil, fmt.Errorf("cannot decode type %s", t)
}

// Data is one data set of a spec: the rows of each of its tables, the
// query's table first, then the inner tables in the spec's order.
type Data []Rows

// innerRowCounts are the sizes of inner tables: small (subqueries loop over
// them per outer row), often empty.
var innerRowCounts = []int{0, 0, 1, 1, 2, 3, 4, 6, 9, 14, 20}

// RandomData draws a data set: n rows of the query's table (as RandomRows
// alone would), then a few rows of each inner table, with NULLs, edges,
// values taken from the query's table (so correlations find matches) and
// duplicated rows.
func RandomData(r *rand.Rand, tables []*Schema, n int) Data {
	d := Data{RandomRows(r, tables[0], n)}
	outer := tables[0]
	for _, s := range tables[1:] {
		rows := RandomRows(r, s, pick(r, innerRowCounts))
		if len(d[0]) > 0 && r.IntN(4) > 0 {
			for c, col := range s.Columns {
				var from []int
				for oc, ocol := range outer.Columns {
					if ocol.Type.Equal(col.Type) || numeric(ocol.Type) && numeric(col.Type) {
						from = append(from, oc)
					}
				}
				if len(from) == 0 || r.IntN(5) == 0 {
					continue
				}
				for _, row := range rows {
					if r.IntN(5) < 2 {
						continue
					}
					v, ok := convert(d[0][r.IntN(len(d[0]))][pick(r, from)], col.Type)
					if ok && (v != nil || col.Nullable) {
						row[c] = v
					}
				}
			}
		}
		if len(rows) > 0 && r.IntN(3) == 0 {
			for k := 1 + r.IntN(len(rows)); k > 0; k-- {
				rows = append(rows, append([]any(nil), rows[r.IntN(len(rows))]...))
			}
		}
		d = append(d, rows)
	}
	return d
}

func numeric(t ir.Type) bool {
	return t.Kind == ir.KindInt || t.Kind == ir.KindBigint || t.Kind == ir.KindDouble
}

// convert converts a value of a numeric type to numeric type t, when t
// holds it exactly (and others as they are).
func convert(v any, t ir.Type) (any, bool) {
	var f float64
	switch x := v.(type) {
	case int32:
		f = float64(x)
	case int64:
		f = float64(x)
		if t.Kind == ir.KindBigint {
			return x, true
		}
	case float64:
		f = x
	default:
		return v, true
	}
	switch t.Kind {
	case ir.KindInt:
		if f != math.Trunc(f) || f < math.MinInt32 || f > math.MaxInt32 {
			return nil, false
		}
		return int32(f), true
	case ir.KindBigint:
		if f != math.Trunc(f) || f < -(1<<63) || f >= 1<<63 {
			return nil, false
		}
		return int64(f), true
	case ir.KindDouble:
		return f, true
	}
	return v, true
}

// NumRows is the number of rows of all tables.
func (d Data) NumRows() int {
	n := 0
	for _, rows := range d {
		n += len(rows)
	}
	return n
}

// tableMarker starts the rows of an inner table in EncodeData's text.
const tableMarker = "-- rows "

// EncodeData writes a data set as EncodeRows does, the query's table first,
// each inner table's rows after a line "-- rows NAME" (names are the tables'
// names in d's order). A data set of one table is EncodeRows of its rows.
func EncodeData(names []string, d Data) ([]byte, error) {
	var b bytes.Buffer
	for i, rows := range d {
		if i > 0 {
			b.WriteString(tableMarker + names[i] + "\n")
		}
		enc, err := EncodeRows(rows)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	return b.Bytes(), nil
}

// DecodeData reads what EncodeData wrote, typed by tables (a table without
// rows in the text has none).
func DecodeData(tables []*ir.Table, data []byte) (Data, error) {
	d := make(Data, len(tables))
	sections := map[int][]byte{}
	cur := 0
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		if name, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte(tableMarker)); ok {
			cur = -1
			for i, t := range tables {
				if strings.EqualFold(t.Name, string(name)) {
					cur = i
				}
			}
			if cur < 0 {
				return nil, fmt.Errorf("data: rows of unknown table %s", name)
			}
			continue
		}
		sections[cur] = append(sections[cur], line...)
	}
	for i, t := range tables {
		rows, err := DecodeRows(t.Columns, sections[i])
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", t.Name, err)
		}
		d[i] = rows
	}
	return d, nil
}

// namesOf lists the names of tables.
func namesOf(tables []*ir.Table) []string {
	out := make([]string, len(tables))
	for i, t := range tables {
		out[i] = t.Name
	}
	return out
}

// input is one data set as the engines read it: the query's table as one
// batch, and every table (the query's own included) by lower-cased name
// for subqueries, split into batches (tables) and in one batch (whole).
type input struct {
	in     arrow.RecordBatch
	tables interp.Tables
	whole  interp.Tables // the same tables in one batch each
}

// newInput builds the batches of d. Each table's batches are slices of one
// batch (so their arrays have offsets, as the outer batches' do when a data
// set is split). A table of three rows or more is split into slices of a
// third of its rows plus one, so that an inner phase spans batches, now and
// then with an empty slice between two; an empty table has no batch or one
// empty batch, alternately.
func newInput(tables []*ir.Table, d Data, mem memory.Allocator) (*input, error) {
	x := &input{tables: interp.Tables{}, whole: interp.Tables{}}
	for i, t := range tables {
		rows := d[i]
		all, err := Batch(t.Columns, rows, mem)
		if err != nil {
			x.release()
			return nil, err
		}
		if i == 0 {
			all.Retain()
			x.in = all
		}
		var batches []arrow.RecordBatch
		size := len(rows)
		if size >= 3 {
			size = 1 + size/3
		}
		gap := len(rows) >= 4 && (i+len(d[0]))%3 == 0
		for start := 0; start < len(rows) || start == 0 && (i+len(d[0]))%2 == 0; start += max(size, 1) {
			end := min(start+size, len(rows))
			batches = append(batches, all.NewSlice(int64(start), int64(end)))
			if gap && start == 0 {
				batches = append(batches, all.NewSlice(int64(end), int64(end)))
			}
			if len(rows) == 0 {
				break
			}
		}
		x.tables[strings.ToLower(t.Name)] = batches
		x.whole[strings.ToLower(t.Name)] = []arrow.RecordBatch{all}
	}
	return x, nil
}

func (x *input) release() {
	if x.in != nil {
		x.in.Release()
	}
	for _, ts := range []interp.Tables{x.tables, x.whole} {
		for _, bs := range ts {
			for _, b := range bs {
				b.Release()
			}
		}
	}
}
