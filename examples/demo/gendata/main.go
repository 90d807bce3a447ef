// Command gendata writes the demo's data files, deterministically (fixed seed):
// lineitem.csv, TPC-H-like lineitem rows following the value distributions of the
// TPC-H specification (section 4.2.3) with a few NULLs in the nullable columns,
// and events.jsonl, rows for the seed's Classify query.
//
//	cd examples/demo && go run ./gendata
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/fileio"
)

func main() {
	dir := flag.String("dir", ".", "directory to write lineitem.csv and events.jsonl to")
	lineitems := flag.Int("lineitems", 3000, "lineitem rows")
	events := flag.Int("events", 2000, "events rows")
	flag.Parse()
	if err := writeFile(filepath.Join(*dir, "lineitem.csv"), "csv", lineitemBatch(*lineitems)); err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
	if err := writeFile(filepath.Join(*dir, "events.jsonl"), "jsonl", eventsBatch(*events)); err != nil {
		fmt.Fprintln(os.Stderr, "gendata:", err)
		os.Exit(1)
	}
}

func writeFile(path, format string, rec arrow.RecordBatch) error {
	defer rec.Release()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	out, err := fileio.NewOutput(f, format, rec.Schema(), fileio.OutputOptions{Threads: runtime.GOMAXPROCS(0)})
	if err != nil {
		f.Close()
		return err
	}
	if err := out.Write(rec); err != nil {
		f.Close()
		return err
	}
	if err := out.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func date(s string) ir.Date {
	d, ok := ir.ParseDate(s)
	if !ok {
		panic(s)
	}
	return d
}

var (
	lineitemCols = []ir.Column{
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
	}
	eventsCols = []ir.Column{
		{Name: "x", Type: ir.TypeBigint, Nullable: true},
		{Name: "y", Type: ir.TypeBigint, Nullable: true},
		{Name: "a", Type: ir.TypeBigint},
		{Name: "info", Type: ir.MapOf(ir.TypeVarchar, ir.TypeVarchar), Nullable: true},
		{Name: "day", Type: ir.TypeDate, Nullable: true},
		{Name: "test_info_fixed", Type: ir.TypeBoolean, Nullable: true},
	}
	instructs = []string{"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"}
	modes     = []string{"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"}
	words     = strings.Fields(`furiously quickly carefully slyly blithely ironic final regular
		express pending special bold even silent unusual requests deposits packages accounts
		instructions theodolites pinto beans foxes ideas dependencies excuses platelets
		asymptotes courts dolphins sleep wake are haggle nag use boost affix detect integrate
		above against along among around about according across after`)
)

// cents rounds to two decimals, as TPC-H's DECIMAL(15,2) values are.
func cents(x float64) float64 { return math.Round(x*100) / 100 }

func lineitemBatch(n int) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(1992, 1998))
	rb := array.NewRecordBuilder(memory.DefaultAllocator, ir.ArrowSchema(lineitemCols))
	defer rb.Release()
	f := func(i int) array.Builder { return rb.Field(i) }
	// maybeNull appends NULL to column i for about 1% of rows and reports it.
	maybeNull := func(i int) bool {
		if r.IntN(100) == 0 {
			f(i).AppendNull()
			return true
		}
		return false
	}
	var (
		startDate   = date("1992-01-01")
		lastOrder   = date("1998-08-02") // ENDDATE - 151 days
		currentDate = date("1995-06-17")
	)
	for rows, order := 0, int64(0); rows < n; order++ {
		// TPC-H order keys are sparse: the first 8 of every 32.
		orderkey := order/8*32 + order%8 + 1
		orderdate := startDate + ir.Date(r.IntN(int(lastOrder-startDate)+1))
		lines := 1 + r.IntN(7)
		for ln := 1; ln <= lines && rows < n; ln++ {
			rows++
			partkey := int64(1 + r.IntN(200000))
			suppkey := int64(1 + r.IntN(10000))
			quantity := float64(1 + r.IntN(50))
			retail := float64(90000+(partkey/10)%20001+100*(partkey%1000)) / 100
			discount := float64(r.IntN(11)) / 100
			tax := float64(r.IntN(9)) / 100
			ship := orderdate + ir.Date(1+r.IntN(121))
			commit := orderdate + ir.Date(30+r.IntN(61))
			receipt := ship + ir.Date(1+r.IntN(30))
			flag := "N"
			if receipt <= currentDate {
				flag = []string{"R", "A"}[r.IntN(2)]
			}
			status := "O"
			if ship <= currentDate {
				status = "F"
			}
			var comment strings.Builder
			for comment.Len() < 10+r.IntN(20) {
				if comment.Len() > 0 {
					comment.WriteByte(' ')
				}
				comment.WriteString(words[r.IntN(len(words))])
			}

			f(0).(*array.Int64Builder).Append(orderkey)
			if !maybeNull(1) {
				f(1).(*array.Int64Builder).Append(partkey)
			}
			if !maybeNull(2) {
				f(2).(*array.Int64Builder).Append(suppkey)
			}
			if !maybeNull(3) {
				f(3).(*array.Int32Builder).Append(int32(ln))
			}
			for i, v := range []float64{quantity, cents(quantity * retail), discount, tax} {
				if !maybeNull(4 + i) {
					f(4 + i).(*array.Float64Builder).Append(v)
				}
			}
			for i, v := range []string{flag, status} {
				if !maybeNull(8 + i) {
					f(8 + i).(*array.StringBuilder).Append(v)
				}
			}
			for i, v := range []ir.Date{ship, commit, receipt} {
				if !maybeNull(10 + i) {
					f(10 + i).(*array.Date32Builder).Append(arrow.Date32(v))
				}
			}
			for i, v := range []string{instructs[r.IntN(len(instructs))], modes[r.IntN(len(modes))], comment.String()} {
				if !maybeNull(13 + i) {
					f(13 + i).(*array.StringBuilder).Append(v)
				}
			}
		}
	}
	return rb.NewRecordBatch()
}

// eventsBatch makes rows for Classify. info['test'] fails with
// MAP_KEY_DOES_NOT_EXIST when the key is missing, so every row that passes the
// filter (day >= 2024-01-01) has a 'test' key (or a NULL map); only rows the
// filter drops may lack it.
func eventsBatch(n int) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(2024, 1))
	rb := array.NewRecordBuilder(memory.DefaultAllocator, ir.ArrowSchema(eventsCols))
	defer rb.Release()
	xb := rb.Field(0).(*array.Int64Builder)
	yb := rb.Field(1).(*array.Int64Builder)
	ab := rb.Field(2).(*array.Int64Builder)
	mb := rb.Field(3).(*array.MapBuilder)
	kb := mb.KeyBuilder().(*array.StringBuilder)
	vb := mb.ItemBuilder().(*array.StringBuilder)
	db := rb.Field(4).(*array.Date32Builder)
	bb := rb.Field(5).(*array.BooleanBuilder)
	first, last := date("2023-07-01"), date("2024-12-31")
	cutoff := date("2024-01-01")
	for i := 0; i < n; i++ {
		for _, b := range []*array.Int64Builder{xb, yb} {
			if r.IntN(20) == 0 {
				b.AppendNull()
			} else {
				b.Append(int64(r.IntN(201) - 100))
			}
		}
		ab.Append(int64(r.IntN(20001) - 10000))
		var day ir.Date
		dayNull := r.IntN(50) == 0
		if dayNull {
			db.AppendNull()
		} else {
			day = first + ir.Date(r.IntN(int(last-first)+1))
			db.Append(arrow.Date32(day))
		}
		passes := !dayNull && day >= cutoff
		hasTest := passes || r.IntN(3) > 0
		switch {
		case r.IntN(40) == 0:
			mb.AppendNull()
		default:
			mb.Append(true)
			if r.IntN(2) == 0 {
				kb.Append("source")
				vb.Append([]string{"web", "mobile", "api"}[r.IntN(3)])
			}
			if hasTest {
				kb.Append("test")
				switch k := r.IntN(10); {
				case k < 4:
					vb.Append(fmt.Sprintf("123%03d", r.IntN(1000)))
				case k < 7:
					vb.Append(fmt.Sprintf("124%03d", r.IntN(1000)))
				case k < 9:
					vb.Append(fmt.Sprintf("%06d", r.IntN(1000000)))
				default:
					vb.AppendNull()
				}
			}
			if r.IntN(4) == 0 {
				kb.Append("region")
				vb.Append([]string{"eu-west", "us-east", "ap-south", "zürich"}[r.IntN(4)])
			}
		}
		if r.IntN(30) == 0 {
			bb.AppendNull()
		} else {
			bb.Append(hasTest)
		}
	}
	return rb.NewRecordBatch()
}
