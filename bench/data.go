// Package bench holds exprc's benchmark suite: the queries (bench.sql,
// compiled into generated/bench, package benchq, and with --no-cse into
// generated/benchnocse), their data (data.go: seeded, TPC-H distributions),
// the hand-written loops that are the limit a Go expert reaches (hand_*.go),
// and the driver (driver.go: Impl, Benchmark; compare.go: Compare) that
// measures implementations side by side. BenchmarkQueries here measures
// exprc's own implementations; module bench/peers adds the peer engines
// (arrow-go compute, DuckDB, expr, cel-go) to the same driver, and `make
// bench` runs it and writes REPORT.md and REPORT.svg. equal_test.go checks
// that the generated code, its no-CSE variant, the hand-written loops and the
// interpreter agree, errors included.
package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// LineitemSchema is the Arrow schema of table lineitem in bench/tables.sql: every
// column nullable except l_orderkey.
var LineitemSchema = arrow.NewSchema([]arrow.Field{
	{Name: "l_orderkey", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	{Name: "l_partkey", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "l_suppkey", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "l_linenumber", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "l_quantity", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "l_extendedprice", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "l_discount", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "l_tax", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "l_returnflag", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_linestatus", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_shipdate", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "l_commitdate", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "l_receiptdate", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "l_shipinstruct", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_shipmode", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "l_comment", Type: arrow.BinaryTypes.String, Nullable: true},
}, nil)

// EventsSchema is the Arrow schema of table events in bench/tables.sql: every column
// nullable except a.
var EventsSchema = arrow.NewSchema([]arrow.Field{
	{Name: "x", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "y", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "a", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	{Name: "info", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String), Nullable: true},
	{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "test_info_fixed", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
}, nil)

// NullRate is the share of NULLs in every nullable column of the nulls=true
// variant of the generated data.
const NullRate = 0.10

// HalfNullRate is the NULL share of the nulls=true variant of table
// lineitem_half, the data of the NULL-heavy query.
const HalfNullRate = 0.50

// day returns the days since the epoch of a calendar date.
func day(y int, m time.Month, d int) int32 {
	return int32(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// TPC-H dbgen's date bounds: orders are dated STARTDATE .. ENDDATE-151 days, so
// that shipdate (orderdate + 1..121) runs 1992-01-02 .. 1998-12-01.
var (
	startDate   = day(1992, time.January, 1)
	endDate     = day(1998, time.December, 31)
	currentDate = day(1995, time.June, 17)
)

var (
	shipInstructs = []string{"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"}
	shipModes     = []string{"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"}
	commentWords  = strings.Fields("furiously special foxes haggle carefully regular deposits " +
		"slyly final accounts sleep quickly ironic packages boost blithely express " +
		"requests nag bold pinto beans among the theodolites cajole even instructions")
)

// nullMask decides, row by row, whether a nullable column is NULL: never when
// withNulls is false, with probability rate otherwise.
type nullMask struct {
	r         *rand.Rand
	withNulls bool
	rate      float64
}

func (m nullMask) null() bool { return m.withNulls && m.r.Float64() < m.rate }

// Lineitem returns a deterministic batch of n lineitem rows (seeded by seed)
// with TPC-H dbgen's value distributions: quantity 1..50, extendedprice =
// quantity * the part's retail price, discount 0.00..0.10, tax 0.00..0.08,
// shipdate 1992-01-02..1998-12-01, returnflag/linestatus derived from the
// dates as dbgen does. With withNulls, about NullRate of every nullable column
// is NULL (each column independently); without, no value is NULL but the
// columns are still declared nullable.
func Lineitem(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	return LineitemNulls(mem, n, withNulls, NullRate, seed)
}

// LineitemNulls is Lineitem with rate, not NullRate, as the share of NULLs of
// every nullable column when withNulls is set.
func LineitemNulls(mem memory.Allocator, n int, withNulls bool, rate float64, seed uint64) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(seed, 0x11ae))
	nm := nullMask{r: r, withNulls: withNulls, rate: rate}
	b := array.NewRecordBuilder(mem, LineitemSchema)
	defer b.Release()
	b.Reserve(n)

	orderkey := b.Field(0).(*array.Int64Builder)
	partkey := b.Field(1).(*array.Int64Builder)
	suppkey := b.Field(2).(*array.Int64Builder)
	linenumber := b.Field(3).(*array.Int32Builder)
	quantity := b.Field(4).(*array.Float64Builder)
	extprice := b.Field(5).(*array.Float64Builder)
	discount := b.Field(6).(*array.Float64Builder)
	tax := b.Field(7).(*array.Float64Builder)
	returnflag := b.Field(8).(*array.StringBuilder)
	linestatus := b.Field(9).(*array.StringBuilder)
	shipdate := b.Field(10).(*array.Date32Builder)
	commitdate := b.Field(11).(*array.Date32Builder)
	receiptdate := b.Field(12).(*array.Date32Builder)
	shipinstruct := b.Field(13).(*array.StringBuilder)
	shipmode := b.Field(14).(*array.StringBuilder)
	comment := b.Field(15).(*array.StringBuilder)

	i64 := func(bl *array.Int64Builder, v int64) {
		if nm.null() {
			bl.AppendNull()
		} else {
			bl.Append(v)
		}
	}
	f64 := func(bl *array.Float64Builder, v float64) {
		if nm.null() {
			bl.AppendNull()
		} else {
			bl.Append(v)
		}
	}
	date := func(bl *array.Date32Builder, v int32) {
		if nm.null() {
			bl.AppendNull()
		} else {
			bl.Append(arrow.Date32(v))
		}
	}
	str := func(bl *array.StringBuilder, v string) {
		if nm.null() {
			bl.AppendNull()
		} else {
			bl.Append(v)
		}
	}

	var order int64
	var lines, line int
	var orderdate int32
	var sb strings.Builder
	for range n {
		if line == lines { // next order: 1..7 lines, dbgen's sparse order keys
			order++
			lines, line = 1+r.IntN(7), 0
			orderdate = startDate + int32(r.IntN(int(endDate-151-startDate+1)))
		}
		line++
		orderkey.Append((order-1)/8*32 + (order-1)%8 + 1)
		part := 1 + r.Int64N(200_000)
		i64(partkey, part)
		i64(suppkey, 1+r.Int64N(10_000))
		if nm.null() {
			linenumber.AppendNull()
		} else {
			linenumber.Append(int32(line))
		}
		qty := float64(1 + r.IntN(50))
		retail := float64(90000+(part/10)%20001+100*(part%1000)) / 100
		f64(quantity, qty)
		f64(extprice, qty*retail)
		f64(discount, float64(r.IntN(11))/100)
		f64(tax, float64(r.IntN(9))/100)
		ship := orderdate + 1 + int32(r.IntN(121))
		commit := orderdate + 30 + int32(r.IntN(61))
		receipt := ship + 1 + int32(r.IntN(30))
		flag := "N"
		if receipt <= currentDate {
			flag = [2]string{"R", "A"}[r.IntN(2)]
		}
		status := "O"
		if ship <= currentDate {
			status = "F"
		}
		str(returnflag, flag)
		str(linestatus, status)
		date(shipdate, ship)
		date(commitdate, commit)
		date(receiptdate, receipt)
		str(shipinstruct, shipInstructs[r.IntN(len(shipInstructs))])
		str(shipmode, shipModes[r.IntN(len(shipModes))])
		sb.Reset()
		for want := 10 + r.IntN(34); sb.Len() < want; {
			if sb.Len() > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(commentWords[r.IntN(len(commentWords))])
		}
		str(comment, sb.String()[:min(sb.Len(), 43)])
	}
	return b.NewRecordBatch()
}

// infoKeys are the keys of the info maps other than 'test'.
var infoKeys = []string{"source", "env", "region", "build", "host", "user", "agent", "path", "status", "lang", "tz", "ref", "ip", "os", "app", "dc"}

// eventsShape sets the shape of the info maps: how many entries and how the
// value of 'test' is spread over the CASE's prefixes.
type eventsShape struct {
	minEntries, maxEntries int
	// p123, p124, p125 are tenths of a percent of 'test' values with each prefix.
	p123, p124, p125 int
}

var (
	// narrowMaps: small maps, most values match one of the first WHENs.
	narrowMaps = eventsShape{1, 4, 300, 300, 200}
	// wideMaps: the seed's premise, where the lookup is what costs: maps of 8-16
	// entries, and most values match none of the prefixes, so without sharing
	// every WHEN and the ELSE look the key up again.
	wideMaps = eventsShape{8, 16, 50, 50, 50}
	// bigMaps: maps of 32-64 entries, as wideMaps otherwise.
	bigMaps = eventsShape{32, 64, 50, 50, 50}
)

// infoKey is the name of the e-th entry of an info map other than 'test'.
func infoKey(e int) string {
	if e < len(infoKeys) {
		return infoKeys[e]
	}
	return fmt.Sprintf("tag%02d", e)
}

// Events returns a deterministic batch of n events rows (seeded by seed): x
// and y uniform in [-1000, 1000], a in [0, 1e9) (never near overflow), day in
// 2023..2025, and an info map of 1-4 entries that always has key 'test' (30%
// of values start '123', 30% '124', 20% '125', 20% something else; 2% of the
// maps repeat 'test', the last entry winning). With withNulls, about NullRate
// of x, y, info, day and test_info_fixed is NULL, and the value of 'test' is
// NULL in NullRate/2 of the non-NULL maps; without, nothing is NULL but the
// columns are still declared nullable.
func Events(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	return events(mem, n, withNulls, seed, narrowMaps)
}

// EventsWide is Events with wideMaps: info maps of 8-16 entries where 5% of the
// 'test' values start with each of '123', '124' and '125'.
func EventsWide(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	return events(mem, n, withNulls, seed, wideMaps)
}

// EventsBig is Events with bigMaps: info maps of 32-64 entries where 5% of the
// 'test' values start with each of '123', '124' and '125'.
func EventsBig(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	return events(mem, n, withNulls, seed, bigMaps)
}

func events(mem memory.Allocator, n int, withNulls bool, seed uint64, shape eventsShape) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(seed, 0xe4e7))
	nm := nullMask{r: r, withNulls: withNulls, rate: NullRate}
	b := array.NewRecordBuilder(mem, EventsSchema)
	defer b.Release()
	b.Reserve(n)

	x := b.Field(0).(*array.Int64Builder)
	y := b.Field(1).(*array.Int64Builder)
	a := b.Field(2).(*array.Int64Builder)
	info := b.Field(3).(*array.MapBuilder)
	keys := info.KeyBuilder().(*array.StringBuilder)
	items := info.ItemBuilder().(*array.StringBuilder)
	dayB := b.Field(4).(*array.Date32Builder)
	fixed := b.Field(5).(*array.BooleanBuilder)

	first := day(2023, time.January, 1)
	testValue := func() string {
		p := r.IntN(1000)
		prefix := "123"
		switch {
		case p >= shape.p123+shape.p124+shape.p125:
			prefix = [3]string{"9", "12", "abc-"}[r.IntN(3)]
		case p >= shape.p123+shape.p124:
			prefix = "125"
		case p >= shape.p123:
			prefix = "124"
		}
		return prefix + "-" + string(rune('a'+r.IntN(26))) + string(rune('0'+r.IntN(10)))
	}
	for range n {
		for _, bl := range []*array.Int64Builder{x, y} {
			if nm.null() {
				bl.AppendNull()
			} else {
				bl.Append(r.Int64N(2001) - 1000)
			}
		}
		a.Append(r.Int64N(1_000_000_000))
		if nm.null() {
			info.AppendNull()
		} else {
			info.Append(true)
			entries := shape.minEntries + r.IntN(shape.maxEntries-shape.minEntries+1)
			at := r.IntN(entries) // position of 'test'
			dup := entries >= 2 && r.IntN(50) == 0
			for e := range entries {
				switch {
				case e == at || (dup && e == entries-1):
					keys.Append("test")
					if withNulls && r.Float64() < NullRate/2 {
						items.AppendNull()
					} else {
						items.Append(testValue())
					}
				default:
					keys.Append(infoKey(e))
					items.Append("v" + string(rune('0'+r.IntN(10))))
				}
			}
		}
		if nm.null() {
			dayB.AppendNull()
		} else {
			dayB.Append(arrow.Date32(first + int32(r.IntN(3*365))))
		}
		if nm.null() {
			fixed.AppendNull()
		} else {
			fixed.Append(r.IntN(2) == 0)
		}
	}
	return b.NewRecordBatch()
}
