package fileio

import (
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// lineitemTable is examples/demo's TPC-H-like lineitem table.
var lineitemTable = &ir.Table{Name: "lineitem", Columns: []ir.Column{
	{Name: "l_orderkey", Type: ir.TypeBigint},
	{Name: "l_partkey", Type: ir.TypeBigint, Nullable: true},
	{Name: "l_suppkey", Type: ir.TypeBigint, Nullable: true},
	{Name: "l_linenumber", Type: ir.TypeInt, Nullable: true},
	{Name: "l_quantity", Type: ir.TypeDouble, Nullable: true},
	{Name: "l_extendedprice", Type: ir.TypeDouble, Nullable: true},
	{Name: "l_discount", Type: ir.TypeDouble, Nullable: true},
	{Name: "l_tax", Type: ir.TypeDouble, Nullable: true},
	{Name: "l_returnflag", Type: ir.TypeVarchar, Nullable: true},
	{Name: "l_linestatus", Type: ir.TypeVarchar, Nullable: true},
	{Name: "l_shipdate", Type: ir.TypeDate, Nullable: true},
	{Name: "l_commitdate", Type: ir.TypeDate, Nullable: true},
	{Name: "l_receiptdate", Type: ir.TypeDate, Nullable: true},
	{Name: "l_shipinstruct", Type: ir.TypeVarchar, Nullable: true},
	{Name: "l_shipmode", Type: ir.TypeVarchar, Nullable: true},
	{Name: "l_comment", Type: ir.TypeVarchar, Nullable: true},
}}

// lineitemBatch makes n lineitem rows with the value distributions of
// examples/demo/gendata (TPC-H section 4.2.3), about 1% NULLs in the nullable
// columns.
func lineitemBatch(n int) arrow.RecordBatch {
	words := strings.Fields(`furiously quickly carefully slyly blithely ironic final regular
		express pending special bold even silent unusual requests deposits packages accounts
		instructions theodolites pinto beans foxes ideas dependencies excuses platelets
		asymptotes courts dolphins sleep wake are haggle nag use boost affix detect integrate`)
	instructs := []string{"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"}
	modes := []string{"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"}
	r := rand.New(rand.NewPCG(1992, 1998))
	rb := array.NewRecordBuilder(memory.DefaultAllocator, ir.ArrowSchema(lineitemTable.Columns))
	defer rb.Release()
	f := rb.Field
	null := func(i int) bool {
		if r.IntN(100) == 0 {
			f(i).AppendNull()
			return true
		}
		return false
	}
	start, _ := rt.ParseDate("1992-01-01")
	for rows, order := 0, int64(0); rows < n; order++ {
		orderkey := order/8*32 + order%8 + 1
		orderdate := start + int32(r.IntN(2400))
		for ln := 1; ln <= 1+r.IntN(7) && rows < n; ln++ {
			rows++
			partkey := int64(1 + r.IntN(200000))
			quantity := float64(1 + r.IntN(50))
			retail := float64(90000+(partkey/10)%20001+100*(partkey%1000)) / 100
			ship := orderdate + int32(1+r.IntN(121))
			var comment strings.Builder
			for comment.Len() < 10+r.IntN(20) {
				if comment.Len() > 0 {
					comment.WriteByte(' ')
				}
				comment.WriteString(words[r.IntN(len(words))])
			}
			f(0).(*array.Int64Builder).Append(orderkey)
			for i, v := range []int64{partkey, int64(1 + r.IntN(10000))} {
				if !null(1 + i) {
					f(1 + i).(*array.Int64Builder).Append(v)
				}
			}
			if !null(3) {
				f(3).(*array.Int32Builder).Append(int32(ln))
			}
			for i, v := range []float64{quantity, math.Round(quantity*retail*100) / 100, float64(r.IntN(11)) / 100, float64(r.IntN(9)) / 100} {
				if !null(4 + i) {
					f(4 + i).(*array.Float64Builder).Append(v)
				}
			}
			for i, v := range []string{[]string{"R", "A", "N"}[r.IntN(3)], []string{"O", "F"}[r.IntN(2)]} {
				if !null(8 + i) {
					f(8 + i).(*array.StringBuilder).Append(v)
				}
			}
			for i, v := range []int32{ship, orderdate + int32(30+r.IntN(61)), ship + int32(1+r.IntN(30))} {
				if !null(10 + i) {
					f(10 + i).(*array.Date32Builder).Append(arrow.Date32(v))
				}
			}
			for i, v := range []string{instructs[r.IntN(len(instructs))], modes[r.IntN(len(modes))], comment.String()} {
				if !null(13 + i) {
					f(13 + i).(*array.StringBuilder).Append(v)
				}
			}
		}
	}
	return rb.NewRecordBatch()
}

const benchRows = 200_000

func benchRead(b *testing.B, format string) {
	path := filepath.Join(b.TempDir(), "lineitem."+format)
	rec := lineitemBatch(benchRows)
	writeText(b, path, format, rec)
	rec.Release()
	benchFile(b, path, benchRows)
}

func benchFile(b *testing.B, path string, wantRows int64) {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	schema := ir.ArrowSchema(lineitemTable.Columns)
	type variant struct {
		name    string
		threads int  // 0: the reference reader, on one thread
		general bool // a Parquet file read by pqarrow's record reader, not the flat reader
	}
	variants := []variant{{"ref", 0, false}, {"threads=1", 1, false}, {"threads=2", 2, false}}
	if strings.HasSuffix(path, ".parquet") { // no reference reader: pqarrow's instead
		variants = append(variants[1:], variant{"pqarrow/threads=1", 1, true}, variant{"pqarrow/threads=2", 2, true})
	}
	for _, v := range variants {
		name, threads := v.name, v.threads
		open := func(threads int) (Input, error) {
			if threads == 0 {
				return openRef(path, schema, DefaultBatchSize)
			}
			defer func(old bool) { flatParquet = old }(flatParquet)
			flatParquet = !v.general
			return OpenInput(path, schema, Options{Threads: threads})
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(st.Size())
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				in, err := open(threads)
				if err != nil {
					b.Fatal(err)
				}
				rows := int64(0)
				for {
					batch, err := in.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					rows += batch.NumRows()
					batch.Release()
				}
				in.Close()
				if wantRows >= 0 && rows != wantRows {
					b.Fatalf("%d rows, want %d", rows, wantRows)
				}
			}
			// On a busy machine the time on the CPU is steadier than the time
			// on the clock.
			cpu := (cpuTime() - cpu0).Seconds()
			b.ReportMetric(float64(st.Size())*float64(b.N)/cpu/1e6, "MB/cpu-s")
		})
	}
}

// cpuTime is the CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReadCSV reads 200K lineitem rows (about 24 MB) from CSV.
func BenchmarkReadCSV(b *testing.B) { benchRead(b, "csv") }

// BenchmarkReadJSONL reads 200K lineitem rows from JSON lines.
func BenchmarkReadJSONL(b *testing.B) { benchRead(b, "jsonl") }

// BenchmarkReadParquet reads 200K lineitem rows from Parquet as exprc writes
// it (snappy, dictionary-encoded strings), with the flat reader and with
// pqarrow's.
func BenchmarkReadParquet(b *testing.B) { benchRead(b, "parquet") }

// BenchmarkReadFile reads the lineitem file named by $FILEIO_BENCH_FILE (.csv,
// .jsonl or .parquet), e.g. made by examples/demo/gendata.
func BenchmarkReadFile(b *testing.B) {
	path := os.Getenv("FILEIO_BENCH_FILE")
	if path == "" {
		b.Skip("FILEIO_BENCH_FILE is not set")
	}
	benchFile(b, path, -1)
}
