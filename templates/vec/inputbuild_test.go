package vec

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

var inputTestSchema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64},
	{Name: "ok", Type: arrow.FixedWidthTypes.Boolean, Nullable: true},
	{Name: "n", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
	{Name: "x", Type: arrow.PrimitiveTypes.Float64, Nullable: true},
	{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
	{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
	{Name: "price", Type: &arrow.Decimal128Type{Precision: 15, Scale: 2}, Nullable: true},
	{Name: "tags", Type: arrow.MapOf(arrow.BinaryTypes.String, arrow.FixedWidthTypes.Date32), Nullable: true},
	{Name: "rates", Type: arrow.MapOf(arrow.PrimitiveTypes.Int32, &arrow.Decimal128Type{Precision: 5, Scale: 1}), Nullable: true},
}, nil)

// TestInputBuilderValues builds one row of every kind and one of NULLs, and
// reads back the values as the evaluators' readers see them.
func TestInputBuilderValues(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	b := NewInputBuilder(mem, "t", inputTestSchema)
	defer b.Release()
	// late evening in New York is the next day in UTC: the day as written counts
	ny := time.FixedZone("EST", -5*3600)
	b.Int64(0, 7)
	b.Bool(1, true)
	b.Int32(2, -3)
	b.Float64(3, 2.5)
	b.String(4, "héllo")
	b.Date(5, time.Date(2024, 3, 1, 23, 30, 0, 0, ny))
	b.Decimal(6, " 12.345 ")
	AppendMapInput(b, 7, []string{"b", "a"}, []time.Time{time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC), time.Date(1970, 1, 2, 0, 0, 0, 0, time.UTC)})
	AppendMapInput(b, 8, []int32{1}, []string{"-0.25"})
	b.Int64(0, 8)
	for c := 1; c < 9; c++ {
		b.Null(c)
	}
	rec, err := b.NewRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	if err := CheckSchema(rec.Schema(), inputTestSchema); err != nil {
		t.Fatal(err)
	}
	if rec.NumRows() != 2 {
		t.Fatalf("%d rows, want 2", rec.NumRows())
	}
	d, _ := rt.DateFromYMD(2024, 3, 1)
	if got := Dates(rec.Column(5)).V[0]; got != d {
		t.Errorf("day: %d, want %d (2024-03-01)", got, d)
	}
	if got := rt.FormatDecimal(Decimals(rec.Column(6)).V[0], 2); got != "12.35" {
		t.Errorf("price: %s, want 12.35 (HALF_UP)", got)
	}
	if got, want := rec.Column(7).ValueStr(0), `[{"key":"b","value":"1969-12-31"},{"key":"a","value":"1970-01-02"}]`; got != want {
		t.Errorf("tags: %s, want %s (the entries in order)", got, want)
	}
	if got, want := rec.Column(8).ValueStr(0), `[{"key":1,"value":"-0.3"}]`; got != want {
		t.Errorf("rates: %s, want %s (-0.25 rounded HALF_UP to scale 1)", got, want)
	}
	for c := 1; c < 9; c++ {
		if !rec.Column(c).IsNull(1) || rec.Column(c).IsNull(0) {
			t.Errorf("column %d: NULLs %v %v, want false true", c, rec.Column(c).IsNull(0), rec.Column(c).IsNull(1))
		}
	}
}

// TestInputBuilderErrors checks that every bad value or incomplete row is an
// *InputError naming the row and column, that the batch is dropped, and that
// the next batch starts clean.
func TestInputBuilderErrors(t *testing.T) {
	full := func(b *InputBuilder, skip int) {
		b.Int64(0, 1)
		for c := 1; c < 9; c++ {
			if c != skip {
				b.Null(c)
			}
		}
	}
	cases := []struct {
		name, col, want string
		row             int
		fill            func(b *InputBuilder)
	}{
		{"bad decimal", "price", "CAST_INVALID_INPUT", 1, func(b *InputBuilder) { full(b, -1); full(b, 6); b.Decimal(6, "12,5") }},
		{"decimal out of range", "price", "NUMERIC_VALUE_OUT_OF_RANGE", 0, func(b *InputBuilder) { full(b, 6); b.Decimal(6, "1e20") }},
		{"date out of range", "day", "out of the DATE range", 0, func(b *InputBuilder) {
			full(b, 5)
			b.Date(5, time.Date(9_000_000, 1, 1, 0, 0, 0, 0, time.UTC))
		}},
		{"map lengths", "tags", "2 keys but 1 values", 0, func(b *InputBuilder) {
			full(b, 7)
			AppendMapInput(b, 7, []string{"a", "b"}, []time.Time{{}})
		}},
		{"duplicate key", "rates", "duplicate map key 3", 0, func(b *InputBuilder) {
			full(b, 8)
			AppendMapInput(b, 8, []int32{3, 3}, []string{"1", "2"})
		}},
		{"bad map value", "rates", "value of key 4", 0, func(b *InputBuilder) {
			full(b, 8)
			AppendMapInput(b, 8, []int32{4}, []string{"x"})
		}},
		{"missing value", "s", "no value appended", 1, func(b *InputBuilder) { full(b, -1); full(b, 4) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			defer mem.AssertSize(t, 0)
			b := NewInputBuilder(mem, "t", inputTestSchema)
			defer b.Release()
			c.fill(b)
			rec, err := b.NewRecordBatch()
			var ie *InputError
			if !errors.As(err, &ie) {
				if rec != nil {
					rec.Release()
				}
				t.Fatalf("got %v, want an *InputError", err)
			}
			if ie.Row != c.row || ie.Column != c.col || ie.Table != "t" || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %q (row %d, column %s), want row %d, column %s, %q", err, ie.Row, ie.Column, c.row, c.col, c.want)
			}
			full(b, -1)
			rec, err = b.NewRecordBatch()
			if err != nil {
				t.Fatalf("the next batch: %v", err)
			}
			if rec.NumRows() != 1 {
				t.Errorf("the next batch has %d rows, want 1", rec.NumRows())
			}
			rec.Release()
		})
	}
}
