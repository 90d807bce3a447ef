package fileio

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/exprc/exprc/ir"
)

// TestParquetStringDictionary: VARCHAR columns, dictionary-encoded by the
// writer per row group, read back as written, with a dictionary page where
// the distinct values fit the limit and plain pages where they do not: few
// distinct values (one-byte, multi-byte, empty, invalid UTF-8), NULLs, a row
// group of NULLs only, a NOT NULL column, and distinct values that outgrow the
// limit in some row groups only, over batches that straddle row groups.
func TestParquetStringDictionary(t *testing.T) {
	defer func(n, d int64) { parquetRowGroup, parquetDictPage = n, d }(parquetRowGroup, parquetDictPage)
	parquetRowGroup, parquetDictPage = 1000, 4000
	table := &ir.Table{Name: "t", Columns: []ir.Column{
		{Name: "few", Type: ir.TypeVarchar, Nullable: true},
		{Name: "many", Type: ir.TypeVarchar},
		{Name: "flag", Type: ir.TypeVarchar, Nullable: true},
		{Name: "n", Type: ir.TypeBigint},
	}}
	few := []string{"", "A", "N", "héllo", "a\xffb", "R", "longer than one byte"}
	r := rand.New(rand.NewPCG(3, 4))
	const rows = 5500
	var all [][]any
	for row := range rows {
		var f any
		switch {
		case row >= 2000 && row < 3000: // row group 2: NULLs only
		case r.IntN(10) == 0:
		default:
			f = few[r.IntN(len(few))]
		}
		// Row groups 0, 2 and 5 have few distinct values in "many"; the others
		// need more than 4000 bytes of them.
		m := fmt.Sprintf("value %d", r.IntN(5))
		if g := row / 1000; g != 0 && g != 2 && g != 5 {
			m = fmt.Sprintf("distinct value %d", row)
		}
		var flag any
		if r.IntN(7) != 0 {
			flag = few[1+r.IntN(len(few)-1)] // not ''
		}
		all = append(all, []any{f, m, flag, int64(row)})
	}
	var batches []arrow.RecordBatch
	for lo := 0; lo < rows; {
		hi := min(rows, lo+1+r.IntN(1500))
		batches = append(batches, buildBatch(t, table, all[lo:hi]))
		lo = hi
	}
	defer func() {
		for _, b := range batches {
			b.Release()
		}
	}()
	want := render(t, batches...)
	for _, threads := range []int{1, 3} {
		data := writeOutput(t, "parquet", ir.ArrowSchema(table.Columns), OutputOptions{Threads: threads}, batches...)
		p := filepath.Join(t.TempDir(), "out.parquet")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readAll(t, p, table, 777)
		if err != nil {
			t.Fatal(err)
		}
		if s := render(t, got...); s != want {
			t.Errorf("threads %d: rows read back differ:\n%s", threads, firstLines(s, want))
		}
		for _, b := range got {
			b.Release()
		}
		pf, err := file.NewParquetReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if pf.NumRowGroups() != 6 {
			t.Fatalf("%d row groups, want 6", pf.NumRowGroups())
		}
		for g := range pf.NumRowGroups() {
			// "few" holds '' (written plain, see dictionaryOf) but in row
			// group 2, of NULLs only.
			for c, wantDict := range []bool{g == 2, g == 0 || g == 2 || g == 5, true} {
				cc, err := pf.MetaData().RowGroup(g).ColumnChunk(c)
				if err != nil {
					t.Fatal(err)
				}
				if cc.HasDictionaryPage() != wantDict {
					t.Errorf("threads %d: row group %d column %s: dictionary page %v, want %v (encodings %v)", threads, g, table.Columns[c].Name, cc.HasDictionaryPage(), wantDict, cc.Encodings())
				}
				// The chunk's statistics are its rows' (the dictionary is
				// given to the encoder before pqarrow writes it).
				var lo, hi string
				var nulls int64
				some := false
				for _, row := range all[g*1000 : min(rows, g*1000+1000)] {
					v, ok := row[c].(string)
					if !ok {
						nulls++
						continue
					}
					if !some || v < lo {
						lo = v
					}
					if !some || v > hi {
						hi = v
					}
					some = true
				}
				st, err := cc.Statistics()
				if err != nil || st == nil {
					t.Fatalf("row group %d column %d: no statistics (%v)", g, c, err)
				}
				if st.NullCount() != nulls {
					t.Errorf("threads %d: row group %d column %s: %d NULLs in the statistics, want %d", threads, g, table.Columns[c].Name, st.NullCount(), nulls)
				}
				if st.HasMinMax() != some {
					t.Errorf("threads %d: row group %d column %s: min/max %v, want %v", threads, g, table.Columns[c].Name, st.HasMinMax(), some)
				} else if some {
					bs := st.(*metadata.ByteArrayStatistics)
					if string(bs.Min()) != lo || string(bs.Max()) != hi {
						t.Errorf("threads %d: row group %d column %s: min/max %q/%q, want %q/%q", threads, g, table.Columns[c].Name, bs.Min(), bs.Max(), lo, hi)
					}
				}
			}
		}
		pf.Close()
	}
}
