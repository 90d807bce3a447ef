package sqltype

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestRoundTrip checks that Of inverts Arrow on every kind, a DECIMAL and
// nested MAPs, and that String spells each type as SQL does.
func TestRoundTrip(t *testing.T) {
	dec := Type{Kind: Decimal, Precision: 15, Scale: 2}
	str := Type{Kind: Varchar}
	inner := Type{Kind: Map, Key: &str, Value: &dec}
	for _, c := range []struct {
		t     Type
		arrow arrow.DataType
		sql   string
	}{
		{Type{Kind: Boolean}, arrow.FixedWidthTypes.Boolean, "BOOLEAN"},
		{Type{Kind: Int}, arrow.PrimitiveTypes.Int32, "INT"},
		{Type{Kind: Bigint}, arrow.PrimitiveTypes.Int64, "BIGINT"},
		{Type{Kind: Double}, arrow.PrimitiveTypes.Float64, "DOUBLE"},
		{str, arrow.BinaryTypes.String, "VARCHAR"},
		{Type{Kind: Date}, arrow.FixedWidthTypes.Date32, "DATE"},
		{Type{Kind: Timestamp}, &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, "TIMESTAMP"},
		{Type{Kind: TimestampNTZ}, &arrow.TimestampType{Unit: arrow.Microsecond}, "TIMESTAMP_NTZ"},
		{dec, &arrow.Decimal128Type{Precision: 15, Scale: 2}, "DECIMAL(15,2)"},
		{Type{Kind: YMInterval, Start: FieldYear, End: FieldMonth}, arrow.FixedWidthTypes.MonthInterval, "INTERVAL YEAR TO MONTH"},
		{Type{Kind: DTInterval, Start: FieldDay, End: FieldSecond}, arrow.FixedWidthTypes.Duration_us, "INTERVAL DAY TO SECOND"},
		{inner, arrow.MapOf(arrow.BinaryTypes.String, &arrow.Decimal128Type{Precision: 15, Scale: 2}), "MAP<VARCHAR, DECIMAL(15,2)>"},
		{Type{Kind: Map, Key: &str, Value: &inner}, arrow.MapOf(arrow.BinaryTypes.String, arrow.MapOf(arrow.BinaryTypes.String, &arrow.Decimal128Type{Precision: 15, Scale: 2})), "MAP<VARCHAR, MAP<VARCHAR, DECIMAL(15,2)>>"},
	} {
		if got := Arrow(c.t); !arrow.TypeEqual(got, c.arrow) {
			t.Errorf("Arrow(%s) = %s, want %s", c.sql, got, c.arrow)
		}
		back, err := Of(c.arrow)
		if err != nil {
			t.Errorf("Of(%s): %v", c.arrow, err)
		} else if back.String() != c.sql {
			t.Errorf("Of(%s) = %s, want %s", c.arrow, back, c.sql)
		}
		if got := c.t.String(); got != c.sql {
			t.Errorf("String() = %q, want %q", got, c.sql)
		}
	}
	if _, err := Of(arrow.PrimitiveTypes.Uint16); err == nil {
		t.Error("Of(uint16) gave a SQL type; want an error")
	}
	if _, err := Of(arrow.FixedWidthTypes.Duration_ms); err == nil {
		t.Error("Of(duration[ms]) gave a SQL type; want an error (the readers convert it)")
	}
	if _, err := Of(arrow.FixedWidthTypes.Float16); err == nil {
		t.Error("Of(float16) gave a SQL type; want an error")
	}
	if got := Arrow(Type{Kind: Null}); got != arrow.Null {
		t.Errorf("Arrow(NULL) = %s, want null", got)
	}
}

// TestIntervalField checks that an interval column's fields travel in its
// Arrow field's metadata, and that a column without them has Spark's
// default fields.
func TestIntervalField(t *testing.T) {
	dh := Type{Kind: DTInterval, Start: FieldDay, End: FieldHour}
	f := Field("x", dh, true)
	if v, _ := f.Metadata.GetValue(IntervalMetaKey); v != "DAY TO HOUR" {
		t.Errorf("metadata %q, want DAY TO HOUR", v)
	}
	back, err := OfField(f)
	if err != nil || back.String() != "INTERVAL DAY TO HOUR" {
		t.Errorf("OfField = %s, %v", back, err)
	}
	ym, err := OfField(arrow.Field{Name: "y", Type: arrow.FixedWidthTypes.MonthInterval})
	if err != nil || ym.String() != "INTERVAL YEAR TO MONTH" {
		t.Errorf("OfField without metadata = %s, %v", ym, err)
	}
	bad := arrow.Field{Name: "z", Type: arrow.FixedWidthTypes.Duration_us,
		Metadata: arrow.NewMetadata([]string{IntervalMetaKey}, []string{"MONTH"})}
	if _, err := OfField(bad); err == nil {
		t.Error("OfField accepted MONTH for a DAY-TIME column")
	}
	for _, s := range []string{"YEAR", "MONTH", "YEAR TO MONTH"} {
		a, b, ok := ParseIntervalFields(YMInterval, s)
		if !ok || IntervalFields(YMInterval, a, b) != s {
			t.Errorf("ParseIntervalFields(%q) = %d, %d, %v", s, a, b, ok)
		}
	}
}
