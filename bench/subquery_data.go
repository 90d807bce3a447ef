package bench

import (
	"math/rand/v2"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/vec"
)

// The data of the subquery benchmark (subquery.sql, bench/subquery): an outer
// table facts of n rows and an inner table dims of m rows. The value domains
// scale with m, so that every size has the same shape:
//
//   - code: dims.code and facts.code uniform in [0, 2m): dims holds about 79%
//     of m distinct codes and about 39% of the non-NULL facts.code are in it.
//   - k: dims.k uniform in [0, m/4), about 4 dims rows per key; facts.k
//     uniform in [0, m/2), so about half the outer rows find a key (count 4 on
//     average) and the others count 0.
//   - v: uniform in [0, 4m) on both sides, with ties, so d.v < facts.v counts
//     about half of dims on average.
//
// With withNulls, about NullRate of every nullable column is NULL (facts.id is
// NOT NULL): a NULL dims.code makes every IN that finds no match NULL, as SQL
// says, and a NULL facts.k or facts.v counts 0.

// FactsSchema is the Arrow schema of table facts in subquery.sql.
var FactsSchema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64, Nullable: false},
	{Name: "code", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "k", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "v", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
}, nil)

// DimsSchema is the Arrow schema of table dims in subquery.sql.
var DimsSchema = arrow.NewSchema([]arrow.Field{
	{Name: "code", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "k", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
	{Name: "v", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
}, nil)

// DimsChunk is the largest batch DimsTables makes: an inner table arrives in
// batches, as a reader would deliver it.
const DimsChunk = 64 << 10

// SubquerySeed seeds the subquery benchmark's data.
const SubquerySeed = 20240101

// subDomains are the value domains of the data for an inner table of m rows.
func subDomains(m int) (codes, dimKeys, factKeys, vals int64) {
	m64 := int64(max(m, 4))
	return 2 * m64, m64 / 4, m64 / 2, 4 * m64
}

// FactsBatch returns a deterministic batch of n facts rows (seeded by seed)
// whose values fit an inner table of m rows (see above): id is the row number.
func FactsBatch(mem memory.Allocator, n, m int, withNulls bool, seed uint64) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(seed, 0xfac75))
	nm := nullMask{r: r, withNulls: withNulls, rate: NullRate}
	codes, _, keys, vals := subDomains(m)
	b := array.NewRecordBuilder(mem, FactsSchema)
	defer b.Release()
	b.Reserve(n)
	id := b.Field(0).(*array.Int64Builder)
	cols := []struct {
		b      *array.Int64Builder
		domain int64
	}{{b.Field(1).(*array.Int64Builder), codes}, {b.Field(2).(*array.Int64Builder), keys}, {b.Field(3).(*array.Int64Builder), vals}}
	for i := range n {
		id.Append(int64(i))
		for _, c := range cols {
			if nm.null() {
				c.b.AppendNull()
			} else {
				c.b.Append(r.Int64N(c.domain))
			}
		}
	}
	return b.NewRecordBatch()
}

// DimsBatches returns m deterministic dims rows (seeded by seed) in batches of
// at most chunk rows (none when m is 0).
func DimsBatches(mem memory.Allocator, m int, withNulls bool, seed uint64, chunk int) []arrow.RecordBatch {
	r := rand.New(rand.NewPCG(seed, 0xd155))
	nm := nullMask{r: r, withNulls: withNulls, rate: NullRate}
	codes, keys, _, vals := subDomains(m)
	domains := []int64{codes, keys, vals}
	var out []arrow.RecordBatch
	for done := 0; done < m; {
		rows := min(chunk, m-done)
		b := array.NewRecordBuilder(mem, DimsSchema)
		b.Reserve(rows)
		for range rows {
			for c, d := range domains {
				f := b.Field(c).(*array.Int64Builder)
				if nm.null() {
					f.AppendNull()
				} else {
					f.Append(r.Int64N(d))
				}
			}
		}
		out = append(out, b.NewRecordBatch())
		b.Release()
		done += rows
	}
	return out
}

// DimsTables returns the inner tables of the subquery benchmark: dims with m
// rows in batches of DimsChunk.
func DimsTables(mem memory.Allocator, m int, withNulls bool) vec.Tables {
	return vec.Tables{"dims": DimsBatches(mem, m, withNulls, SubquerySeed, DimsChunk)}
}

// ReleaseTables releases every batch of tables.
func ReleaseTables(tables vec.Tables) {
	for _, bs := range tables {
		for _, b := range bs {
			b.Release()
		}
	}
}
