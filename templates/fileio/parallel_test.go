package fileio

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
)

// The block-parallel readers must read every file as the reference readers
// (oracle_test.go) do: the same rows and, for a bad file, the same error, with
// only rows before the bad one returned first; and the same batches whatever
// the number of threads.

var randTable = &ir.Table{Name: "t", Columns: []ir.Column{
	{Name: "a", Type: ir.TypeBigint},
	{Name: "i", Type: ir.TypeInt, Nullable: true},
	{Name: "d", Type: ir.TypeDouble, Nullable: true},
	{Name: "s", Type: ir.TypeVarchar, Nullable: true},
	{Name: "day", Type: ir.TypeDate, Nullable: true},
	{Name: "b", Type: ir.TypeBoolean, Nullable: true},
	{Name: "m", Type: ir.MapOf(ir.TypeVarchar, ir.TypeBigint), Nullable: true},
	{Name: "s2", Type: ir.TypeVarchar},
}}

// result is what reading a file gives: its batches rendered, their sizes, and
// the error.
type result struct {
	rows  []string // one JSON line per row
	sizes []int64
	err   string
}

func renderRows(t testing.TB, b arrow.RecordBatch) []string {
	s := render(t, b)
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func collect(t testing.TB, in Input, err error, batchSize int) result {
	t.Helper()
	var r result
	if err != nil {
		r.err = err.Error()
		return r
	}
	defer in.Close()
	var batches []arrow.RecordBatch
	for {
		b, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			r.err = err.Error()
			if _, again := in.Next(); again == nil || again.Error() != err.Error() {
				t.Fatalf("Next after %v: %v", err, again)
			}
			break
		}
		if b.NumRows() == 0 || b.NumRows() > int64(batchSize) {
			t.Fatalf("batch of %d rows, batch size %d", b.NumRows(), batchSize)
		}
		r.sizes = append(r.sizes, b.NumRows())
		batches = append(batches, b)
	}
	if len(batches) > 0 {
		r.rows = strings.Split(strings.TrimSuffix(render(t, batches...), "\n"), "\n")
	}
	for _, b := range batches {
		b.Release()
	}
	return r
}

// compare reads path with the reference and with the new readers at several
// thread counts, block sizes and batch sizes.
func compare(t *testing.T, r *rand.Rand, path string, table *ir.Table) {
	t.Helper()
	schema := ir.ArrowSchema(table.Columns)
	// The reference with batches of one row returns every row before the
	// first bad one.
	in, err := openRef(path, schema, 1)
	want := collect(t, in, err, 1)
	defer func(old int) { blockSize = old }(blockSize)
	for _, bs := range []int{1 + r.IntN(3), 1 + r.IntN(50), 1000} {
		blockSize = []int{1, 2 + r.IntN(30), 16 + r.IntN(300), 4096}[r.IntN(4)]
		var first result
		for _, threads := range []int{1, 2, 8} {
			opts := Options{BatchSize: bs, Threads: threads}
			var mem *memory.CheckedAllocator
			if threads == 2 {
				mem = memory.NewCheckedAllocator(memory.NewGoAllocator())
				opts.Mem = mem
			}
			in, err := OpenInput(path, schema, opts)
			got := collect(t, in, err, bs)
			if mem != nil {
				mem.AssertSize(t, 0)
			}
			what := fmt.Sprintf("%s: batch size %d, block size %d, %d threads", filepath.Base(path), bs, blockSize, threads)
			if got.err != want.err {
				os.WriteFile("/tmp/fail.csv", []byte(readFile(t, path)), 0o644)
				t.Fatalf("%s: error\n%s\nwant\n%s\nfile:\n%q", what, got.err, want.err, readFile(t, path))
			}
			if len(got.rows) > len(want.rows) || (want.err == "" && len(got.rows) != len(want.rows)) {
				t.Fatalf("%s: %d rows, want %d\nfile:\n%q", what, len(got.rows), len(want.rows), readFile(t, path))
			}
			for i, row := range got.rows {
				if row != want.rows[i] {
					t.Fatalf("%s: row %d\n%s\nwant\n%s\nfile:\n%q", what, i, row, want.rows[i], readFile(t, path))
				}
			}
			if threads == 1 {
				first = got
			} else if fmt.Sprint(got.sizes) != fmt.Sprint(first.sizes) {
				t.Fatalf("%s: batches %v, with 1 thread %v\nerror %s\nfile:\n%q", what, got.sizes, first.sizes, got.err, readFile(t, path))
			}
		}
	}
}

func readFile(t testing.TB, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 2000 {
		b = append(b[:2000], "..."...)
	}
	return string(b)
}

// randText is a short string of characters that matter to CSV and JSON.
func randText(r *rand.Rand) string {
	parts := []string{"a", "b", "x y", ",", "\"", "\"\"", "\n", "\r\n", "\r", " ", "é", "日本", "😀", "\xff", "\\", "{", "}", "\t", "0", "-"}
	var sb strings.Builder
	for range r.IntN(6) {
		sb.WriteString(parts[r.IntN(len(parts))])
	}
	return sb.String()
}

func pick(r *rand.Rand, s ...string) string { return s[r.IntN(len(s))] }

// randValue spells a value of column c in CSV (before quoting) or as JSON text;
// a wrong one with probability bad.
func randValue(r *rand.Rand, c ir.Column, json bool, bad float64) string {
	q := func(s string) string {
		if json {
			return jsonQuote(s)
		}
		return s
	}
	wrong := r.Float64() < bad
	if r.IntN(8) == 0 && (c.Nullable || wrong) {
		if json {
			if c.Type == ir.TypeVarchar || wrong {
				return pick(r, "null", `""`)
			}
			return "null"
		}
		return ""
	}
	switch c.Type {
	case ir.TypeBigint:
		n := strconv.FormatInt(r.Int64()>>uint(r.IntN(64)), 10)
		sign := pick(r, "", "-", "+")
		if wrong {
			return q(pick(r, "9223372036854775808", n+"x", "1.5", "0x10", "1_000", "- 1"))
		}
		if r.IntN(10) == 0 {
			return q(pick(r, " "+n+" ", sign+n, "9223372036854775807", "-9223372036854775808", "007"))
		}
		if sign != "+" {
			n = sign + n
		}
		if json && r.IntN(5) == 0 {
			return q(n)
		}
		return n
	case ir.TypeInt:
		n := strconv.Itoa(int(int32(r.Uint32())) >> uint(r.IntN(32)))
		if wrong {
			return q(pick(r, "2147483648", "3000000000", "1e3", "x"))
		}
		if r.IntN(10) == 0 {
			return q(pick(r, " "+n, "2147483647", "-2147483648", "+0"))
		}
		return n
	case ir.TypeDouble:
		if wrong {
			return q(pick(r, "1e400", "0x1p3", "1_0", "abc", "1e", "--1"))
		}
		if r.IntN(5) == 0 {
			return q(pick(r, "NaN", "Infinity", "-Infinity", " 2.5 ", ".5", "5.", "1e-400", "-0", "12345678901234567890.5", "4.9e-324", "+1.5", "1E5", "0.000000000000000000000001"))
		}
		f := r.NormFloat64() * float64(int64(1)<<uint(r.IntN(40)))
		n := strconv.FormatFloat(f, pick(r, "f", "g", "e")[0], r.IntN(8)-1, 64)
		if json && r.IntN(5) == 0 {
			return q(n)
		}
		return n
	case ir.TypeDate:
		if wrong {
			return q(pick(r, "2024-02-30", "x", "2024/01/01", "24-01-01"))
		}
		return q(pick(r, "2024-01-15", "1995-01-20", "0001-01-01", "9999-12-31", " 2024-1-5 ", "1995-01-20T10:00", "1969-12-31", "+12345-01-01", "-0044-03-15", "2000-02-29"))
	case ir.TypeBoolean:
		if wrong {
			return q(pick(r, "yes", "1", "t"))
		}
		if json && r.IntN(2) == 0 {
			return pick(r, "true", "false")
		}
		return q(pick(r, "true", "false", "TRUE", " False "))
	case ir.TypeVarchar:
		if json && wrong {
			return pick(r, "12", `"\q"`, "[]")
		}
		if json && r.IntN(10) == 0 {
			return pick(r, `"\u00e9\ud83d\ude00"`, `"a\nb\"c\\"`, `"\ud800x"`, `"\/\b\f\t\r"`)
		}
		t := randText(r)
		if t == "" && !c.Nullable && !json {
			t = "v"
		}
		return q(t)
	}
	// MAP<VARCHAR, BIGINT>
	m := pick(r, `{"k": 1}`, `{}`, `{"a": 1, "a": 2, "b": null}`, `{"\u00e9": -7}`)
	if wrong {
		m = pick(r, `{"x": 1.5}`, `{oops}`, `[1]`, `{"k": 1`)
	}
	return m
}

// jsonQuote quotes s as a JSON string, leaving invalid UTF-8 as it is.
func jsonQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c < 0x20:
			fmt.Fprintf(&sb, `\u%04x`, c)
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// csvQuote quotes s as a CSV field when needed (and sometimes when not).
func csvQuote(r *rand.Rand, s string, bad float64) string {
	if strings.ContainsAny(s, ",\"\n\r") && (r.Float64() >= bad || strings.HasPrefix(s, "\"")) || r.IntN(10) == 0 {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}

// randCSV writes a random CSV file of table's columns, in a random order with
// an extra column, with the odd blank line, CRLF, BOM and mistake.
func randCSV(r *rand.Rand, table *ir.Table, rows int, bad, quotes float64) string {
	cols := append([]ir.Column{{Name: "extra", Type: ir.TypeVarchar}}, table.Columns...)
	r.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	var sb strings.Builder
	if r.IntN(5) == 0 {
		sb.WriteString("\uFEFF")
	}
	nl := func() string {
		if r.IntN(4) == 0 {
			return "\r\n"
		}
		return "\n"
	}
	for i, c := range cols {
		if i > 0 {
			sb.WriteByte(',')
		}
		name := c.Name
		if r.IntN(5) == 0 {
			name = strings.ToUpper(name)
		}
		sb.WriteString(name)
	}
	sb.WriteString(nl())
	for range rows {
		if r.IntN(20) == 0 {
			sb.WriteString(pick(r, "\n", "\r\n", "\n\n"))
		}
		n := len(cols)
		if r.Float64() < bad {
			n += r.IntN(3) - 1 // a field too many or too few
		}
		for i := range n {
			if i > 0 {
				sb.WriteByte(',')
			}
			c := cols[i%len(cols)]
			v := randValue(r, c, false, bad)
			if r.Float64() >= quotes {
				// No quote, nor anything that would need one.
				v = strings.NewReplacer(",", "", "\r", "", "\n", "", `"`, "").Replace(v)
				if v == "" && !c.Nullable {
					v = "v"
				}
				sb.WriteString(v)
				continue
			}
			if stray := strings.NewReplacer(",", "", "\r", "", "\n", "").Replace(v) + `"`; c.Type == ir.TypeVarchar && r.IntN(10) == 0 && !strings.HasPrefix(stray, `"`) {
				sb.WriteString(stray) // a stray quote, literal
				continue
			}
			sb.WriteString(csvQuote(r, v, bad))
		}
		if r.Float64() < bad {
			sb.WriteString(pick(r, `"x"y`, `"open`, `x"`))
		}
		sb.WriteString(nl())
	}
	s := sb.String()
	if r.IntN(3) == 0 {
		s = strings.TrimRight(s, "\r\n")
	}
	return s
}

// badRate is the rate of wrong values in a random file: none in half of them.
func badRate(r *rand.Rand) float64 {
	return []float64{0, 0, 0.0003, 0.003}[r.IntN(4)]
}

// mutate changes a few bytes of s to characters that matter to the formats.
func mutate(r *rand.Rand, s string) string {
	b := []byte(s)
	for range r.IntN(4) {
		if len(b) == 0 {
			break
		}
		i := r.IntN(len(b))
		c := ",\"\n\r x{}:\\"[r.IntN(10)]
		if r.IntN(2) == 0 {
			b[i] = c
		} else {
			b = append(b[:i], append([]byte{c}, b[i:]...)...)
		}
	}
	return string(b)
}

// noMapTable is randTable without its MAP column, which CSV always quotes:
// CSV without quotes is read on a faster path.
var noMapTable = &ir.Table{Name: "t", Columns: []ir.Column{
	randTable.Columns[0], randTable.Columns[1], randTable.Columns[2], randTable.Columns[3],
	randTable.Columns[4], randTable.Columns[5], randTable.Columns[7],
}}

func TestCSVLikeReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 13))
	dir := t.TempDir()
	n := 180
	if testing.Short() {
		n = 45
	}
	for i := range n {
		table, quotes := randTable, 1.0
		if i%3 != 0 {
			table, quotes = noMapTable, []float64{0, 0.001, 0.01, 1}[r.IntN(4)]
		}
		body := randCSV(r, table, r.IntN(300), badRate(r), quotes)
		if i%10 == 9 {
			body = mutate(r, body)
		}
		path := filepath.Join(dir, fmt.Sprintf("r%d.csv", i))
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		compare(t, r, path, table)
	}
}

func TestCSVOneColumnLikeReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 13))
	table := &ir.Table{Name: "t", Columns: []ir.Column{{Name: "s", Type: ir.TypeVarchar, Nullable: true}}}
	dir := t.TempDir()
	for i := range 100 {
		var sb strings.Builder
		sb.WriteString("s\n")
		for range r.IntN(30) {
			sb.WriteString(pick(r, "", "x", `""`, `"a""b"`, "\r", `"multi`+"\r\nline\"", "é\xff") + pick(r, "\n", "\r\n"))
		}
		path := filepath.Join(dir, fmt.Sprintf("one%d.csv", i))
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		compare(t, r, path, table)
	}
}

// randJSONL writes random JSON lines of table's columns: keys in any order and
// case, extra and missing keys, blank lines, CRLF, the odd mistake.
func randJSONL(r *rand.Rand, table *ir.Table, rows int, bad float64) string {
	var sb strings.Builder
	for range rows {
		if r.IntN(15) == 0 {
			sb.WriteString(pick(r, "\n", "  \n", "\r\n", "\t \r\n"))
		}
		cols := append([]ir.Column(nil), table.Columns...)
		r.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
		sb.WriteString(pick(r, "{", " {"))
		first := true
		for _, c := range cols {
			if r.IntN(12) == 0 && (c.Nullable || r.Float64() < bad) {
				continue
			}
			if !first {
				sb.WriteString(pick(r, ",", ", "))
			}
			first = false
			if r.IntN(15) == 0 {
				sb.WriteString(pick(r, `"extra": [1, {"z": "}"}],`, `"EXTRA":null,`, `"a\u00e9": 1, `))
			}
			name := c.Name
			if r.IntN(6) == 0 {
				name = strings.ToUpper(name)
			}
			sb.WriteString(jsonQuote(name) + pick(r, ":", ": "))
			sb.WriteString(randValue(r, c, true, bad))
		}
		sb.WriteString(pick(r, "}", "} ", "}\r"))
		if r.Float64() < bad {
			sb.WriteString(pick(r, ",", `{"a":1}`, "x"))
		}
		sb.WriteString("\n")
	}
	s := sb.String()
	if r.IntN(3) == 0 {
		s = strings.TrimSuffix(s, "\n")
	}
	return s
}

func TestJSONLLikeReference(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 13))
	dir := t.TempDir()
	n := 120
	if testing.Short() {
		n = 30
	}
	for i := range n {
		body := randJSONL(r, randTable, r.IntN(300), badRate(r))
		if i%10 == 9 {
			body = mutate(r, body)
		}
		path := filepath.Join(dir, fmt.Sprintf("r%d.jsonl", i))
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		compare(t, r, path, randTable)
	}
}

// TestLowestBadRow: with bad rows in several blocks, the error is the first
// one's at any number of threads, and the rows before it come first.
func TestLowestBadRow(t *testing.T) {
	table := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "a", Type: ir.TypeBigint},
		{Name: "s", Type: ir.TypeVarchar, Nullable: true},
	}}
	dir := t.TempDir()
	defer func(old int) { blockSize = old }(blockSize)
	blockSize = 256
	for _, format := range []string{"csv", "jsonl"} {
		for _, bad := range [][]int{{5000, 900, 3000}, {7, 4000}, {2999}} {
			var sb strings.Builder
			if format == "csv" {
				sb.WriteString("a,s\n")
			}
			isBad := map[int]bool{}
			for _, b := range bad {
				isBad[b] = true
			}
			for i := range 6000 {
				v := strconv.Itoa(i)
				if isBad[i] {
					v = "x" + v
				}
				if format == "csv" {
					fmt.Fprintf(&sb, "%s,\"row\n%d\"\n", v, i)
				} else {
					fmt.Fprintf(&sb, "{\"a\": %q, \"s\": \"row %d\"}\n", v, i)
				}
			}
			path := filepath.Join(dir, "bad."+format)
			if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			low := min(bad[0], bad[len(bad)-1])
			for _, b := range bad {
				low = min(low, b)
			}
			line := low + 1
			if format == "csv" {
				line = 2 + 2*low
			}
			want := fmt.Sprintf(`%s: row %d (line %d): column "a": invalid BIGINT "x%d"`, path, low, line, low)
			for _, threads := range []int{1, 2, 8} {
				in, err := OpenInput(path, ir.ArrowSchema(table.Columns), Options{BatchSize: 100, Threads: threads})
				got := collect(t, in, err, 100)
				if got.err != want {
					t.Errorf("%s, %d threads: got %s, want %s", format, threads, got.err, want)
				}
				for i, row := range got.rows {
					if !strings.HasPrefix(row, fmt.Sprintf(`{"a":%d,`, i)) {
						t.Fatalf("%s, %d threads: row %d is %s", format, threads, i, row)
					}
				}
				if len(got.rows) > low {
					t.Errorf("%s, %d threads: %d rows before the error at row %d", format, threads, len(got.rows), low)
				}
			}
		}
	}
}

// TestSkip: a skipped column is all NULL, not decoded, and a bad value in it
// is no error; other columns are as without Skip.
func TestSkip(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 13))
	dir := t.TempDir()
	for i := range 90 {
		format := []string{"csv", "jsonl", "csv"}[i%3]
		table := randTable
		var body string
		if format == "csv" {
			quotes := 1.0
			if i%2 == 0 {
				table, quotes = noMapTable, 0
			}
			body = randCSV(r, table, r.IntN(100), badRate(r), quotes)
		} else {
			body = randJSONL(r, randTable, r.IntN(100), badRate(r))
		}
		path := filepath.Join(dir, fmt.Sprintf("s%d.%s", i, format))
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		schema := ir.ArrowSchema(table.Columns)
		skip := make([]bool, len(table.Columns))
		for j := range skip {
			skip[j] = r.IntN(2) == 0
		}
		// The reference, with the skipped columns' values blanked out.
		refTable := &ir.Table{Name: "t"}
		for j, c := range table.Columns {
			if !skip[j] {
				refTable.Columns = append(refTable.Columns, c)
			}
		}
		var want result
		if len(refTable.Columns) > 0 {
			in, err := openRef(path, ir.ArrowSchema(refTable.Columns), 1)
			want = collect(t, in, err, 1)
		}
		for _, threads := range []int{1, 3} {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			in, err := OpenInput(path, schema, Options{BatchSize: 7, Threads: threads, Skip: skip, Mem: mem})
			var got result
			if err != nil {
				got.err = err.Error()
			} else {
				for {
					b, err := in.Next()
					if err != nil {
						if err != io.EOF {
							got.err = err.Error()
						}
						break
					}
					if !b.Schema().Equal(schema) {
						t.Fatalf("schema %s", b.Schema())
					}
					cols := []arrow.Array{}
					for j, c := range b.Columns() {
						if skip[j] {
							// NULL, or a zero value where NOT NULL (TestSkipColumns)
							wantNulls := c.Len()
							if !schema.Field(j).Nullable {
								wantNulls = 0
							}
							if c.NullN() != wantNulls || c.Len() != int(b.NumRows()) {
								t.Fatalf("skipped column %d: %d nulls of %d", j, c.NullN(), c.Len())
							}
						} else {
							cols = append(cols, c)
						}
					}
					if len(refTable.Columns) > 0 {
						sub := array.NewRecordBatch(ir.ArrowSchema(refTable.Columns), cols, b.NumRows())
						got.rows = append(got.rows, renderRows(t, sub)...)
						sub.Release()
					}
					b.Release()
				}
				in.Close()
			}
			mem.AssertSize(t, 0)
			if len(refTable.Columns) == 0 {
				continue
			}
			if got.err != want.err {
				t.Fatalf("%s (skip %v, %d threads): error\n%s\nwant\n%s", path, skip, threads, got.err, want.err)
			}
			if strings.Join(got.rows, "") != strings.Join(want.rows[:len(got.rows)], "") || (got.err == "" && len(got.rows) != len(want.rows)) {
				t.Fatalf("%s (skip %v): rows differ", path, skip)
			}
		}
	}
}

// TestSkipMissing: a column the file lacks is an error even when skipped.
func TestSkipMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.csv")
	os.WriteFile(path, []byte("a\n1\n"), 0o644)
	table := &ir.Table{Name: "t", Columns: []ir.Column{{Name: "a", Type: ir.TypeBigint}, {Name: "z", Type: ir.TypeBigint}}}
	_, err := OpenInput(path, ir.ArrowSchema(table.Columns), Options{Skip: []bool{false, true}})
	if want := path + `: missing column "z" (header has "a")`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestEarlyClose: Close in the middle of a file, or after an error, leaves
// nothing allocated, and Next after Close fails.
func TestEarlyClose(t *testing.T) {
	dir := t.TempDir()
	defer func(old int) { blockSize = old }(blockSize)
	blockSize = 512
	var csv, jsonl bytes.Buffer
	csv.WriteString("a,s\n")
	for i := range 5000 {
		v := strconv.Itoa(i)
		if i == 4000 {
			v = "bad"
		}
		fmt.Fprintf(&csv, "%s,row %d\n", v, i)
		fmt.Fprintf(&jsonl, "{\"a\": %q, \"s\": \"row %d\"}\n", v, i)
	}
	table := &ir.Table{Name: "t", Columns: []ir.Column{{Name: "a", Type: ir.TypeBigint}, {Name: "s", Type: ir.TypeVarchar}}}
	for name, body := range map[string][]byte{"x.csv": csv.Bytes(), "x.jsonl": jsonl.Bytes()} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, body, 0o644)
		for _, threads := range []int{1, 2, 8} {
			for _, stopAfter := range []int{0, 1, 3, 1 << 30} {
				mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
				in, err := OpenInput(path, ir.ArrowSchema(table.Columns), Options{BatchSize: 10, Threads: threads, Mem: mem, Skip: []bool{false, threads == 2}})
				if err != nil {
					t.Fatal(err)
				}
				for range stopAfter {
					b, err := in.Next()
					if err != nil {
						break
					}
					b.Release()
				}
				if err := in.Close(); err != nil {
					t.Fatal(err)
				}
				if err := in.Close(); err != nil {
					t.Fatal(err)
				}
				if _, err := in.Next(); err == nil {
					t.Errorf("%s: Next after Close: no error", name)
				}
				mem.AssertSize(t, 0)
			}
		}
	}
}

// FuzzTextLikeReference: any CSV or JSON lines body reads as with the
// reference readers (go test -fuzz FuzzTextLikeReference).
func FuzzTextLikeReference(f *testing.F) {
	r := rand.New(rand.NewPCG(11, 13))
	for range 4 {
		f.Add(randCSV(r, noMapTable, 5, 0.01, 0.3), false, uint16(7))
		f.Add(randJSONL(r, noMapTable, 5, 0.01), true, uint16(50))
	}
	f.Add("a,i,d,s,day,b,s2\n1,2,3,x,2024-01-01,true,y\n\"", false, uint16(1))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body string, json bool, block uint16) {
		name := "f.csv"
		if json {
			name = "f.jsonl"
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		schema := ir.ArrowSchema(noMapTable.Columns)
		in, err := openRef(path, schema, 1)
		want := collect(t, in, err, 1)
		defer func(old int) { blockSize = old }(blockSize)
		blockSize = 1 + int(block)%512
		for _, threads := range []int{1, 3} {
			in, err := OpenInput(path, schema, Options{BatchSize: 5, Threads: threads})
			got := collect(t, in, err, 5)
			if got.err != want.err {
				t.Fatalf("%d threads: error\n%s\nwant\n%s", threads, got.err, want.err)
			}
			if len(got.rows) > len(want.rows) || (want.err == "" && len(got.rows) != len(want.rows)) {
				t.Fatalf("%d threads: %d rows, want %d", threads, len(got.rows), len(want.rows))
			}
			for i, row := range got.rows {
				if row != want.rows[i] {
					t.Fatalf("%d threads: row %d\n%s\nwant\n%s", threads, i, row, want.rows[i])
				}
			}
		}
	})
}
