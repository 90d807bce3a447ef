package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// damagedSpec declares the tables of the damaged-file corpus. ult declares
// its unknown-typed column BIGINT, which the file stores as bytes, and f16
// declares x BIGINT, a float16 in the file: a column the query does not read
// may be mistyped.
const damagedSpec = "CREATE TABLE t (id BIGINT, s VARCHAR, d DOUBLE, day DATE, amt DECIMAL(10, 2), m MAP<VARCHAR, BIGINT>);\n" +
	"CREATE TABLE six (`      ` BIGINT);\n" +
	"CREATE TABLE v2 (value DOUBLE);\n" +
	"CREATE TABLE ult (`column with known type` VARCHAR, `column with unknown type` BIGINT);\n" +
	"CREATE TABLE h (a BIGINT, b VARCHAR);\n" +
	"CREATE TABLE f16 (id BIGINT, x BIGINT);\n" + `
-- name: All
SELECT id, s, d, day, amt, m, try_element_at(m, 'k') IS NULL AS nok FROM t;

-- name: Copy
SELECT id, s, d, day, amt, m FROM t;

-- name: Flat
SELECT s, id FROM t;

-- name: NoColumn
SELECT 1 AS one FROM t;

-- name: Six
SELECT ` + "`      `" + ` AS v FROM six;

-- name: V2
SELECT value FROM v2;

-- name: Known
SELECT ` + "`column with known type`" + ` AS k FROM ult;

-- name: Unknown
SELECT ` + "`column with unknown type`" + ` AS u FROM ult;

-- name: H
SELECT a, b FROM h;

-- name: F16
SELECT id FROM f16;
`

// maxErrLine is the longest line of stderr the acceptance allows.
const maxErrLine = 300

// runTimed runs exprc with args, failing the test when it takes longer than
// limit (a hang).
func runTimed(t *testing.T, limit time.Duration, args ...string) result {
	t.Helper()
	done := make(chan result, 1)
	go func() { done <- exprc(args...) }()
	select {
	case r := <-done:
		return r
	case <-time.After(limit):
		t.Fatalf("exprc %s: no answer after %v", strings.Join(args, " "), limit)
		return result{}
	}
}

// checkOutcome asserts what every run on the corpus must end in: an answer
// (status 0), or status 1 with exactly one line on stderr of under
// maxErrLine bytes; never a panic or a stack trace.
func checkOutcome(t *testing.T, what string, r result) {
	t.Helper()
	for _, bad := range []string{"panic:", "goroutine ", "runtime/debug", ".go:"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("%s: stderr holds %q: %.400q", what, bad, r.stderr)
			return
		}
	}
	lines := strings.SplitAfter(r.stderr, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for _, l := range lines {
		if len(l) >= maxErrLine {
			t.Errorf("%s: a stderr line of %d bytes: %.400q", what, len(l), l)
		}
		if !strings.HasSuffix(l, "\n") {
			t.Errorf("%s: stderr does not end in a line break: %.400q", what, r.stderr)
		}
	}
	switch r.code {
	case 0:
	case 1:
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "error: ") {
			t.Errorf("%s: status 1 with %d lines on stderr, want one error line: %.400q", what, len(lines), r.stderr)
		}
	default:
		t.Errorf("%s: exit status %d: %.400q", what, r.code, r.stderr)
	}
}

// corpusFile is one file of the corpus and the table it is data of.
type corpusFile struct {
	table, path string
}

// damagedCorpus writes the corpus into dir: valid base files of table t in
// every input format (Parquet by exprc's writer and by arrow-go's with v2
// pages, dictionaries, tiny pages and several codecs), each truncated at many
// offsets, bit-flipped and clobbered, and odd files of their own. The
// mutations are deterministic.
func damagedCorpus(t *testing.T, dir, spec string) (bases, mutants, odd []corpusFile) {
	t.Helper()
	rng := rand.New(rand.NewPCG(40, 1))
	var data strings.Builder
	for i := range 300 {
		s := fmt.Sprintf(`"s%d-%s"`, i, strings.Repeat("é", i%7))
		if i%11 == 0 {
			s = "null"
		}
		m := fmt.Sprintf(`{"k":%d,"z":%d}`, rng.IntN(1000), i)
		if i%13 == 0 {
			m = "null"
		}
		fmt.Fprintf(&data, `{"id":%d,"s":%s,"d":%g,"day":"2024-%02d-%02d","amt":"%d.%02d","m":%s}`+"\n",
			i, s, rng.NormFloat64()*1e3, 1+i%12, 1+i%28, rng.IntN(1e6), i%100, m)
	}
	base := filepath.Join(dir, "base.jsonl")
	write(t, base, data.String())
	bases = append(bases, corpusFile{"t", base})
	for _, ext := range []string{"csv", "arrow", "arrows", "parquet"} {
		out := filepath.Join(dir, "base."+ext)
		if r := exprc("run", spec, "-q", "Copy", "-i", "t="+base, "-o", out, "--batch-size", "100"); r.code != 0 {
			t.Fatalf("writing %s: %+v", out, r)
		}
		bases = append(bases, corpusFile{"t", out})
	}
	for i, props := range []*parquet.WriterProperties{
		parquet.NewWriterProperties(parquet.WithDataPageVersion(parquet.DataPageV2), parquet.WithDataPageSize(256),
			parquet.WithCompression(compress.Codecs.Snappy), parquet.WithMaxRowGroupLength(120)),
		parquet.NewWriterProperties(parquet.WithDictionaryDefault(false), parquet.WithDataPageSize(128)),
		parquet.NewWriterProperties(parquet.WithDataPageVersion(parquet.DataPageV2), parquet.WithCompression(compress.Codecs.Zstd),
			parquet.WithDictionaryDefault(false)),
	} {
		out := filepath.Join(dir, fmt.Sprintf("arrowgo%d.parquet", i))
		writeParquet(t, filepath.Join(dir, "base.arrow"), out, props)
		bases = append(bases, corpusFile{"t", out})
	}

	for _, b := range bases {
		src, err := os.ReadFile(b.path)
		if err != nil {
			t.Fatal(err)
		}
		name, ext := strings.TrimSuffix(filepath.Base(b.path), filepath.Ext(b.path)), filepath.Ext(b.path)
		add := func(kind string, k int, content []byte) {
			p := filepath.Join(dir, fmt.Sprintf("%s-%s%d%s", name, kind, k, ext))
			write(t, p, string(content))
			mutants = append(mutants, corpusFile{b.table, p})
		}
		// Truncated: at spread offsets, and near each end (headers, footers).
		n := len(src)
		cuts := map[int]bool{}
		for k := range 12 {
			cuts[k*n/12] = true
		}
		for k := 1; k <= 8; k++ {
			cuts[n-k] = true
			cuts[min(k*3, n)] = true
		}
		for c := range cuts {
			add("cut", c, src[:c])
		}
		// Bit flips: anywhere, and in the last 20% (a Parquet footer, an
		// IPC file's footer and the end of the data).
		for k := range 36 {
			d := bytes.Clone(src)
			lo := 0
			if k%2 == 1 {
				lo = n * 4 / 5
			}
			for range 1 + rng.IntN(3) {
				i := lo + rng.IntN(n-lo)
				d[i] ^= 1 << rng.IntN(8)
			}
			add("flip", k, d)
		}
		// Clobbered: four bytes set to 0xff or 0x80 (huge or negative
		// lengths, offsets and counts).
		for k := range 12 {
			d := bytes.Clone(src)
			i := rng.IntN(n - 4)
			if k%2 == 1 {
				i = n*4/5 + rng.IntN(n/5-4)
			}
			v := byte(0xff)
			if k%3 == 0 {
				v = 0x80
			}
			copy(d[i:], []byte{v, v, v, v})
			add("clobber", k, d)
		}
	}

	oddFile := func(table, name string, content []byte) {
		p := filepath.Join(dir, name)
		write(t, p, string(content))
		odd = append(odd, corpusFile{table, p})
	}
	// CSV headers as fuzzers make them.
	oddFile("h", "cr-header.csv", append(bytes.Repeat([]byte{'\r'}, 270_579), "\n1,x\n"...))
	oddFile("h", "ctl-names.csv", []byte("a,\x01\x1b[31mred\x1b[0m,\x00\n1,x,y\n"))
	oddFile("h", "ctl-missing.csv", []byte("\x1b[2J\x07,b\n1,x\n"))
	oddFile("h", "wide-header.csv", []byte(strings.Repeat("col,", 20_000)+"a,b\n"))
	oddFile("h", "bad-utf8-header.csv", []byte("a,\xff\xfeb\n1,x\n"))
	oddFile("h", "bom.csv", []byte("\xef\xbb\xbfa,b\n1,x\n"))
	oddFile("h", "header-only.csv", []byte("a,b\n"))
	oddFile("h", "empty.csv", nil)
	oddFile("h", "open-quote.csv", []byte("a,b\n1,\"x\n2,y\n"))
	oddFile("h", "long-value.csv", []byte("a,b\n"+strings.Repeat("9", 1<<20)+"x,y\n"))
	oddFile("h", "ctl-value.csv", []byte("a,b\n\x1b[31m1,y\n"))
	oddFile("h", "dup-ignorecase.csv", []byte("A,a,b\n1,2,x\n"))
	// JSON lines as fuzzers make them.
	oddFile("h", "ctl-keys.jsonl", []byte("{\"a\":1,\"\x01\x1b[31m\":2,\"b\":\"x\"}\n"))
	oddFile("h", "long-key.jsonl", []byte(`{"`+strings.Repeat("k", 1<<20)+`":1,"a":1,"b":"x"}`+"\n"))
	oddFile("h", "long-number.jsonl", []byte(`{"a":`+strings.Repeat("7", 1<<20)+`,"b":"x"}`+"\n"))
	oddFile("h", "deep.jsonl", []byte(`{"a":1,"b":`+strings.Repeat("[", 200_000)+"\n"))
	oddFile("t", "deep-map.jsonl", []byte(`{"id":1,"m":{"k":`+strings.Repeat("[", 200_000)+strings.Repeat("]", 200_000)+"}}\n"))
	oddFile("h", "nul.jsonl", []byte("{\"a\":1,\"b\":\"x\x00y\"}\n\x00\x00\n"))
	oddFile("h", "bad-utf8.jsonl", []byte("{\"a\":1,\"b\":\"\xff\xfe\"}\n{\"a\":\xff}\n"))
	oddFile("h", "truncated.jsonl", []byte(`{"a":1,"b":"x`))
	oddFile("h", "bad-string-value.jsonl", []byte(`{"a":"`+strings.Repeat("\\u001b", 1000)+`","b":"x"}`+"\n"))
	// Arrow IPC and Parquet shells.
	oddFile("t", "magic-only.arrow", []byte("ARROW1"))
	oddFile("t", "magic-garbage.arrow", append([]byte("ARROW1\x00\x00"), bytes.Repeat([]byte{0xff}, 64)...))
	oddFile("t", "empty.arrows", nil)
	oddFile("t", "magic-only.parquet", []byte("PAR1"))
	oddFile("t", "two-magics.parquet", []byte("PAR1PAR1"))
	oddFile("t", "huge-footer.parquet", []byte("PAR1\x00\x00\x00\x00\xff\xff\xff\x7fPAR1"))
	// A column chunk that declares a huge and a negative length.
	pq, err := os.ReadFile(filepath.Join(dir, "arrowgo1.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	oddFile("t", "huge-chunk.parquet", patchChunkSize(t, pq, 1<<40))
	oddFile("t", "negative-chunk.parquet", patchChunkSize(t, pq, -2112))
	return bases, mutants, odd
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeParquet writes the batches of the Arrow IPC file src as the Parquet
// file dst with arrow-go's writer.
func writeParquet(t *testing.T, src, dst string, props *parquet.WriterProperties) {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := ipc.NewFileReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(r.Schema(), out, props, pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.NumRecords() {
		b, err := r.RecordBatch(i)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.WriteBuffered(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// patchChunkSize returns the Parquet file data with the total compressed size
// of its first column chunk set to size: byte surgery on the Thrift footer,
// where ColumnMetaData's total_uncompressed_size (field 6) and
// total_compressed_size (field 7) are consecutive i64 fields (header byte
// 0x16, then a zigzag varint).
func patchChunkSize(t *testing.T, data []byte, size int64) []byte {
	t.Helper()
	pf, err := file.NewParquetReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	cc, err := pf.MetaData().RowGroup(0).ColumnChunk(0)
	if err != nil {
		t.Fatal(err)
	}
	zz := func(v int64) []byte { return binary.AppendUvarint(nil, uint64(v<<1^v>>63)) }
	n := int(binary.LittleEndian.Uint32(data[len(data)-8:]))
	footer := data[len(data)-8-n : len(data)-8]
	old := append(append(append([]byte{0x16}, zz(cc.TotalUncompressedSize())...), 0x16), zz(cc.TotalCompressedSize())...)
	if bytes.Count(footer, old) < 1 {
		t.Fatalf("patchChunkSize: no total_compressed_size field in the footer")
	}
	patched := bytes.Replace(footer, old, append(append(append([]byte{0x16}, zz(cc.TotalUncompressedSize())...), 0x16), zz(size)...), 1)
	out := append(bytes.Clone(data[:len(data)-8-n]), patched...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(patched)))
	return append(out, "PAR1"...)
}

// writeFloat16Parquet writes a Parquet file of an int64 column id and a
// float16 column x, a type exprc has no SQL type for.
func writeFloat16Parquet(t *testing.T, path string) {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{{Name: "id", Type: arrow.PrimitiveTypes.Int64}, {Name: "x", Type: arrow.FixedWidthTypes.Float16}}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	for i := range 5 {
		b.Field(0).(*array.Int64Builder).Append(int64(i))
		b.Field(1).(*array.Float16Builder).Append(float16.New(float32(i) / 2))
	}
	rec := b.NewRecordBatch()
	defer rec.Release()
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pqarrow.NewFileWriter(schema, out, parquet.NewWriterProperties(), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// queriesOf lists the queries the corpus runs on a file of table t: Parquet
// is read by exprc's flat decoder (Flat), by pqarrow's record reader (All: a
// MAP column) and by row counts alone (NoColumn).
func queriesOf(f corpusFile) []string {
	switch {
	case f.table == "h":
		return []string{"H"}
	case strings.HasSuffix(f.path, ".parquet"):
		return []string{"All", "Flat", "NoColumn"}
	default:
		return []string{"All", "Flat"}
	}
}

// TestDamagedFiles is the acceptance test of issue 40: `exprc run` on every
// file of a corpus of damaged and odd Parquet, Arrow IPC, CSV and JSON lines
// files ends in an answer or in one short error line; nothing panics or
// hangs. The compiled engine runs a sample of it.
func TestDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.sql")
	write(t, spec, damagedSpec)
	bases, mutants, odd := damagedCorpus(t, dir, spec)
	files := append(append(append([]corpusFile{}, bases...), mutants...), odd...)
	runs := 0
	for _, f := range files {
		for _, q := range queriesOf(f) {
			r := runTimed(t, 30*time.Second, "run", spec, "-q", q, "-i", f.table+"="+f.path, "--threads", "2", "--batch-size", "64")
			checkOutcome(t, filepath.Base(f.path)+" "+q, r)
			runs++
		}
	}
	for _, b := range bases {
		if r := exprc("run", spec, "-q", "All", "-i", "t="+b.path); r.code != 0 || strings.Count(r.stdout, "\n") != 300 {
			t.Errorf("%s: a valid file: status %d, %d lines, stderr %q", b.path, r.code, strings.Count(r.stdout, "\n"), r.stderr)
		}
	}
	t.Logf("%d files, %d runs", len(files), runs)

	t.Run("compiled", func(t *testing.T) {
		needCompiled(t)
		n := 0
		for i, f := range files {
			if f.table != "t" || (i%9 != 0 && !strings.Contains(f.path, "chunk")) {
				continue
			}
			r := runTimed(t, 5*time.Minute, "run", spec, "-q", "All", "-i", "t="+f.path, "--engine", "compiled", "--threads", "2")
			checkOutcome(t, filepath.Base(f.path)+" compiled", r)
			n++
		}
		t.Logf("%d compiled runs", n)
	})
}

// TestDamagedFrictions pins down each friction of issue 40 with the input
// that showed it.
func TestDamagedFrictions(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.sql")
	write(t, spec, damagedSpec)
	golden := func(name string) string { return filepath.Join("testdata", "damaged", name) }

	// A negative column chunk length made arrow-go panic on a goroutine of
	// its own (GetFieldReaders, with --threads > 1).
	for _, threads := range []string{"1", "2"} {
		r := exprc("run", spec, "-q", "Six", "-i", "six="+golden("uint32-six-spaces.parquet"), "--threads", threads)
		checkOutcome(t, "six spaces", r)
		if r.code != 1 || !strings.Contains(r.stderr, `damaged file: row group 0: the chunk of column "      " (-2112 bytes at offset 16) is not inside the file`) {
			t.Errorf("six spaces, --threads %s: %+v", threads, r)
		}
	}
	// A DATA_PAGE_V2 page with no value bytes is read.
	if r := exprc("run", spec, "-q", "V2", "-i", "v2="+golden("datapage_v2_empty_datapage.snappy.parquet")); r.code != 0 || r.stdout != `{"value":null}`+"\n" {
		t.Errorf("empty v2 page: %+v", r)
	}
	// An unknown logical type matters only where the query reads the column
	// (and the mistyped declaration of the unread column does not matter).
	ult := "ult=" + golden("unknown-logical-type.parquet")
	want := `{"k":"known string 1"}` + "\n" + `{"k":"known string 2"}` + "\n" + `{"k":"known string 3"}` + "\n"
	if r := exprc("run", spec, "-q", "Known", "-i", ult); r.code != 0 || r.stdout != want {
		t.Errorf("unknown logical type, unread: %+v", r)
	}
	r := exprc("run", spec, "-q", "Unknown", "-i", ult)
	checkOutcome(t, "unknown logical type", r)
	if r.code != 1 || !strings.Contains(r.stderr, `column "column with unknown type" has a Parquet logical type exprc cannot read`) {
		t.Errorf("unknown logical type, read: %+v", r)
	}
	// exprc schema reads the file too, and leaves the column out.
	if r := exprc("schema", golden("unknown-logical-type.parquet")); r.code != 0 ||
		!strings.Contains(r.stdout, "`column with known type` VARCHAR\n") ||
		!strings.Contains(r.stdout, "-- column `column with unknown type` left out: binary: a Parquet logical type exprc cannot read") {
		t.Errorf("exprc schema, unknown logical type: %+v", r)
	}
	// A type exprc has no SQL type for, and a mistyped declaration, in a
	// column the query does not read.
	f16 := filepath.Join(dir, "f16.parquet")
	writeFloat16Parquet(t, f16)
	if r := exprc("run", spec, "-q", "F16", "-i", "f16="+f16); r.code != 0 || r.stdout != "{\"id\":0}\n{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":4}\n" {
		t.Errorf("float16 column, unread: %+v", r)
	}
	// A CSV header of 270,579 CRs gave an error line of 270,581 bytes.
	cr := filepath.Join(dir, "cr.csv")
	write(t, cr, strings.Repeat("\r", 270_579)+"\n1,x\n")
	r = exprc("run", spec, "-q", "H", "-i", "h="+cr)
	checkOutcome(t, "CR header", r)
	if !strings.Contains(r.stderr, `missing column "a" (header has "\r\r\r\r`) {
		t.Errorf("CR header: %+v", r)
	}
	// Control bytes in a name are escaped, not written raw.
	ctl := filepath.Join(dir, "ctl.csv")
	write(t, ctl, "\x1b[2J,b\n1,x\n")
	r = exprc("run", spec, "-q", "H", "-i", "h="+ctl)
	checkOutcome(t, "control bytes", r)
	if r.code != 1 || !strings.Contains(r.stderr, `(header has "\x1b[2J", "b")`) {
		t.Errorf("control bytes: %+v", r)
	}
}
