package fileio

import (
	"io"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// q1Batches returns rows rows shaped like TPC-H Q1's projection (the demo's
// Q1Projection): l_returnflag and l_linestatus, one-letter VARCHARs, then
// l_quantity (a whole number), l_extendedprice (two decimals), disc_price =
// price*(1-discount) and charge = disc_price*(1+tax), as DOUBLEs, computed as
// the query does, in batches of DefaultBatchSize rows.
func q1Batches(rows int) (*arrow.Schema, []arrow.RecordBatch) {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "l_returnflag", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l_linestatus", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l_quantity", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "l_extendedprice", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "disc_price", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
		{Name: "charge", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	}, nil)
	r := rand.New(rand.NewPCG(1, 1))
	var batches []arrow.RecordBatch
	for done := 0; done < rows; done += DefaultBatchSize {
		rb := array.NewRecordBuilder(memory.DefaultAllocator, schema)
		for range min(DefaultBatchSize, rows-done) {
			qty := float64(1 + r.IntN(50))
			price := qty * float64(90000+r.IntN(20000000)) / 100 / 10 // about 900 to 200000
			price = float64(int64(price*100)) / 100
			disc := float64(r.IntN(11)) / 100
			tax := float64(r.IntN(9)) / 100
			rb.Field(0).(*array.StringBuilder).Append([...]string{"A", "N", "R"}[r.IntN(3)])
			rb.Field(1).(*array.StringBuilder).Append([...]string{"O", "F"}[r.IntN(2)])
			rb.Field(2).(*array.Float64Builder).Append(qty)
			rb.Field(3).(*array.Float64Builder).Append(price)
			rb.Field(4).(*array.Float64Builder).Append(price * (1 - disc))
			rb.Field(5).(*array.Float64Builder).Append(price * (1 - disc) * (1 + tax))
		}
		batches = append(batches, rb.NewRecordBatch())
		rb.Release()
	}
	return schema, batches
}

// benchOutput is NewOutput with threads goroutines.
func benchOutput(w io.Writer, format string, schema *arrow.Schema, threads int) (Output, error) {
	return NewOutput(w, format, schema, OutputOptions{Threads: threads})
}

// countingWriter counts the bytes written.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

func benchmarkWrite(b *testing.B, format string) {
	schema, batches := q1Batches(1_000_000)
	defer func() {
		for _, rec := range batches {
			rec.Release()
		}
	}()
	write := func(w io.Writer, threads int) {
		out, err := benchOutput(w, format, schema, threads)
		if err != nil {
			b.Skip(err)
		}
		for _, rec := range batches {
			if err := out.Write(rec); err != nil {
				b.Fatal(err)
			}
		}
		if err := out.Close(); err != nil {
			b.Fatal(err)
		}
	}
	for _, threads := range []int{1, 2} {
		b.Run("threads="+strconv.Itoa(threads), func(b *testing.B) {
			var cw countingWriter
			write(&cw, threads)
			b.SetBytes(cw.n) // the output's size
			b.ReportAllocs()
			for b.Loop() {
				write(io.Discard, threads)
			}
		})
	}
}

// BenchmarkWriteCSV writes a million rows of Q1's projection as CSV.
func BenchmarkWriteCSV(b *testing.B) { benchmarkWrite(b, "csv") }

// BenchmarkWriteJSONL writes a million rows of Q1's projection as JSON lines.
func BenchmarkWriteJSONL(b *testing.B) { benchmarkWrite(b, "jsonl") }

// BenchmarkWriteParquet writes a million rows of Q1's projection as Parquet.
func BenchmarkWriteParquet(b *testing.B) { benchmarkWrite(b, "parquet") }

// BenchmarkWriteArrow writes a million rows of Q1's projection as an Arrow IPC
// stream.
func BenchmarkWriteArrow(b *testing.B) { benchmarkWrite(b, "arrows") }
