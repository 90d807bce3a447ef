package fileio

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/exprc/exprc/templates/sqltype"
)

// flatTimestamp is the Arrow type the flat reader decodes a TIMESTAMP or
// TIMESTAMP_NTZ column (want, timestamp[us] with or without UTC) stored as
// desc into, and whether it can: an INT64 column of a Parquet TIMESTAMP
// logical type as the timestamp of its own unit (the unit the values are
// stored in, which for an Arrow timestamp[s] pqarrow wrote is milliseconds;
// conform converts it, docs/semantics.md 10.1), an INT96 column as want
// (decoded to microseconds by readInt96). The file's Arrow type ft, which
// newBatchInput checked is an instant for a TIMESTAMP and a reading for a
// TIMESTAMP_NTZ, may carry another zone or unit (pqarrow's stored schema):
// the values are instants or readings all the same.
func flatTimestamp(desc *schema.Column, ft, want arrow.DataType) (arrow.DataType, bool) {
	fts, ok := ft.(*arrow.TimestampType)
	wts, wok := want.(*arrow.TimestampType)
	if !ok || !wok || (fts.TimeZone != "") != (wts.TimeZone != "") {
		return nil, false
	}
	switch desc.PhysicalType() {
	case parquet.Types.Int96:
		return want, true
	case parquet.Types.Int64:
		lt, ok := desc.LogicalType().(schema.TimestampLogicalType)
		if !ok {
			return nil, false
		}
		unit := map[schema.TimeUnitType]arrow.TimeUnit{
			schema.TimeUnitMillis: arrow.Millisecond, schema.TimeUnitMicros: arrow.Microsecond, schema.TimeUnitNanos: arrow.Nanosecond,
		}
		u, ok := unit[lt.TimeUnit()]
		if !ok {
			return nil, false
		}
		return &arrow.TimestampType{Unit: u, TimeZone: wts.TimeZone}, true
	}
	return nil, false
}

// julianDayOfEpoch is the Julian day number of 1970-01-01, the day INT96's
// days count from.
const julianDayOfEpoch = 2440588

// int96Micros is the instant of a Parquet INT96 timestamp (Impala's: the
// nanoseconds of the day in its first 8 bytes, the Julian day in the last 4,
// both little-endian) in microseconds, as Spark's DTU.fromJulianDay computes
// it: (day - 2440588) * 86400 s + nanos / 1000 (Java's division, toward
// zero), with the day a signed int and nanos a signed long as Spark reads
// them. false when it is beyond int64 microseconds (Spark's multiplyExact
// and addExact raise there). Unlike arrow-go's nanoseconds it reaches every
// date Spark writes, 0001-01-01 to 9999-12-31 and beyond.
func int96Micros(v parquet.Int96) (int64, bool) {
	d, nanos := int96Parts(v)
	day := int64(d)
	// |day - 2440588| < 2^32 and 86400e6 < 2^37: the product fits in int64
	// only below 2^63, checked with the high word of the unsigned product.
	days := day - julianDayOfEpoch
	abs := uint64(days)
	if days < 0 {
		abs = uint64(-days)
	}
	hi, lo := bits.Mul64(abs, 86_400_000_000)
	if hi != 0 || lo > 1<<63-1 {
		return 0, false
	}
	us := int64(lo)
	if days < 0 {
		us = -us
	}
	frac := nanos / 1000
	sum := us + frac
	if (frac > 0 && sum < us) || (frac < 0 && sum > us) {
		return 0, false
	}
	return sum, true
}

// int96Parts is the Julian day and the nanoseconds of the day of an INT96
// timestamp, signed as Spark reads them (ByteBuffer.getLong, getInt).
func int96Parts(v parquet.Int96) (day int32, nanos int64) {
	return int32(binary.LittleEndian.Uint32(v[8:])), int64(binary.LittleEndian.Uint64(v[:8]))
}

// readInt96 reads n rows of an INT96 column as timestamp[us] microseconds
// (int96Micros), row the column's first row of them in its row group, for
// the error of a value beyond the range.
func (c *flatColumn) readInt96(cr *file.Int96ColumnChunkReader, n, row int64, defs []int16, mem memory.Allocator) (arrow.Array, error) {
	if int64(cap(c.int96s)) < n {
		c.int96s = make([]parquet.Int96, n)
	}
	raw := c.int96s[:n]
	total, read, err := cr.ReadBatch(n, raw, defs, nil)
	if err == nil && total != n {
		err = errShortChunk
	}
	if err != nil {
		return nil, err
	}
	data := memory.NewResizableBuffer(mem)
	data.Resize(int(n * 8))
	vals := arrow.Int64Traits.CastFromBytes(data.Bytes())[:n]
	for i, v := range raw[:read] {
		us, ok := int96Micros(v)
		if !ok {
			data.Release()
			k := int64(i)
			if defs != nil { // the row of the i-th value present
				for r, seen := 0, 0; r < len(defs); r++ {
					if defs[r] != 0 {
						if seen == i {
							k = int64(r)
							break
						}
						seen++
					}
				}
			}
			day, nanos := int96Parts(v)
			return nil, fmt.Errorf("row %d of the row group: the INT96 timestamp (Julian day %d, %d ns) is beyond TIMESTAMP's range", row+k, day, nanos)
		}
		vals[i] = us
	}
	valid := validity(defs, read, mem)
	if valid != nil {
		spreadBits(vals, valid.Bytes(), read)
	}
	d := array.NewData(c.typ, int(n), []*memory.Buffer{valid, data}, nil, int(n)-read, 0)
	data.Release()
	if valid != nil {
		valid.Release()
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}

// timestampsMicros converts a timestamp array of any unit and zone to the
// microseconds of a TIMESTAMP or TIMESTAMP_NTZ column t (sqltype.TimestampMicros:
// seconds and milliseconds exactly, nanoseconds floored), in one pass over
// the values, keeping the validity bitmap; a value beyond int64 microseconds
// is a convError at its row.
func timestampsMicros(a *array.Timestamp, t sqltype.Type, mem memory.Allocator) (arrow.Array, error) {
	unit := a.DataType().(*arrow.TimestampType).Unit
	n := a.Len()
	data := memory.NewResizableBuffer(mem)
	data.Resize(n * 8)
	out := arrow.Int64Traits.CastFromBytes(data.Bytes())[:n]
	in := a.TimestampValues()
	for i, v := range in {
		if a.IsNull(i) {
			out[i] = 0
			continue
		}
		us, ok := sqltype.TimestampMicros(int64(v), unit)
		if !ok {
			data.Release()
			return nil, &convError{row: i, msg: fmt.Sprintf("timestamp %d (%s) is out of the %s range", v, unit, t)}
		}
		out[i] = us
	}
	var valid *memory.Buffer
	if a.NullN() > 0 {
		valid = memory.NewResizableBuffer(mem)
		valid.Resize(int(bitutil.BytesForBits(int64(n))))
		bitutil.CopyBitmap(a.NullBitmapBytes(), a.Data().Offset(), n, valid.Bytes(), 0)
	}
	d := array.NewData(sqltype.Arrow(t), n, []*memory.Buffer{valid, data}, nil, a.NullN(), 0)
	data.Release()
	if valid != nil {
		valid.Release()
	}
	defer d.Release()
	return array.MakeFromData(d), nil
}
