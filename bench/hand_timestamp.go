package bench

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
	"github.com/exprc/exprc/templates/vec"
)

// The TIMESTAMP benchmarks (bench.sql's Ts* queries over events_ts,
// bench/TIMESTAMP.md): their data and the hand-written loops that are their
// limit. A TIMESTAMP is int64 microseconds since the epoch (Arrow
// timestamp[us, UTC]); the loops read that buffer in place and write the
// output buffers directly, as hand_buf.go's helpers do. In UTC they are pure
// integer arithmetic; in Europe/Paris they keep the zone period of the last
// row (time.Time.ZoneBounds, looked up only when a row leaves it), so a row
// costs two comparisons more than in UTC. A row whose result the fast path
// cannot give (a truncation or a day added across an offset change, a year
// beyond 4 digits) takes exprc's kernel, as a programmer would take a
// library call for the rare case.

// EventsTsSchema is the Arrow schema of table events_ts in bench/tables.sql.
var EventsTsSchema = arrow.NewSchema([]arrow.Field{{Name: "ts", Type: vec.ArrowTimestamp, Nullable: true}}, nil)

// Time constants of the loops, in microseconds.
const (
	usHour = int64(time.Hour / time.Microsecond)
	usDay  = 24 * usHour
)

// tsSpanStart and tsSpanEnd bound events_ts's times: 2022-01-01 to
// 2026-01-01 UTC, four years and eight daylight-saving changes in Paris.
const (
	tsSpanStart = int64(1640995200) * 1_000_000
	tsSpanEnd   = int64(1767225600) * 1_000_000
)

// EventsTs is n rows of events_ts: an event log's times, in order up to a
// jitter, spread evenly over 2022-2025 (at 1M rows an event every two minutes
// or so), each moved back by up to ten minutes and with random
// microseconds, so that neighbouring rows are not sorted. With withNulls,
// NullRate of the rows are NULL.
func EventsTs(mem memory.Allocator, n int, withNulls bool, seed uint64) arrow.RecordBatch {
	r := rand.New(rand.NewPCG(seed, 0x75))
	nm := nullMask{r: r, withNulls: withNulls, rate: NullRate}
	b := array.NewRecordBuilder(mem, EventsTsSchema)
	defer b.Release()
	tb := b.Field(0).(*array.TimestampBuilder)
	tb.Reserve(n)
	step := (tsSpanEnd - tsSpanStart) / int64(max(n, 1))
	for i := range n {
		if nm.null() {
			tb.AppendNull()
			continue
		}
		us := tsSpanStart + int64(i)*step - r.Int64N(10*60*1_000_000)
		tb.Append(arrow.Timestamp(max(us, tsSpanStart)))
	}
	return b.NewRecordBatch()
}

// tsIn reads the ts column: its values and validity.
func tsIn(in arrow.RecordBatch) ([]int64, validity, error) {
	if s := in.Schema(); s != EventsTsSchema {
		if err := vec.CheckSchema(s, EventsTsSchema); err != nil {
			return nil, validity{}, err
		}
	}
	col := in.Column(0).(*array.Timestamp)
	vals := col.TimestampValues()
	return asInt64s(vals), validityOf(col), nil
}

// asInt64s views Arrow timestamps as int64 (the same bits).
func asInt64s(v []arrow.Timestamp) []int64 {
	if len(v) == 0 {
		return nil
	}
	return unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(v))), len(v))
}

// outValidity copies the input's validity for an output of n rows (nil
// without NULLs).
func outValidity(mem memory.Allocator, v validity, n int) (*memory.Buffer, int) {
	if v.b == nil {
		return nil, 0
	}
	buf, w := allocBits(mem, n)
	for k := range w {
		w[k] = v.word(64 * k)
	}
	return finishValidity(buf, w, n)
}

// floorModUs is us mod m, in [0, m).
func floorModUs(us, m int64) int64 {
	r := us % m
	if r < 0 {
		r += m
	}
	return r
}

// period is the zone period of the last row a Paris loop read: the instants
// [lo, hi) (microseconds) have the offset off (microseconds).
type period struct {
	loc     *time.Location
	lo, hi  int64
	off     int64
	offSecs int32
}

// paris is Europe/Paris from exprc's embedded zone database, the rules the
// generated code uses.
var paris = rt.SessionZone("Europe/Paris")

func newPeriod(loc *time.Location) period { return period{loc: loc, lo: 1, hi: 0} }

// offset is the offset at us.
func (p *period) offset(us int64) int64 {
	if p.lo <= us && us < p.hi {
		return p.off
	}
	return p.seek(us)
}

// seek looks up the period of us with time.Time.
func (p *period) seek(us int64) int64 {
	t := time.UnixMicro(us).In(p.loc)
	_, off := t.Zone()
	start, end := t.ZoneBounds()
	p.lo, p.hi = math.MinInt64, math.MaxInt64
	if !start.IsZero() {
		p.lo = start.UnixMicro()
	}
	if !end.IsZero() {
		p.hi = end.UnixMicro()
	}
	p.off, p.offSecs = int64(off)*1_000_000, int32(off)
	return p.off
}

// tsHourSchema and friends are the output schemas of the Ts* queries.
var (
	tsHourSchema   = arrow.NewSchema([]arrow.Field{{Name: "h", Type: arrow.PrimitiveTypes.Int32, Nullable: true}}, nil)
	tsTsSchema     = arrow.NewSchema([]arrow.Field{{Name: "t", Type: vec.ArrowTimestamp, Nullable: true}}, nil)
	tsFormatSchema = arrow.NewSchema([]arrow.Field{{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true}}, nil)
)

// handHour is hour(ts): the hour of the reading at the offset of each row.
func handHour(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator, loc *time.Location) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, valid, err := tsIn(in)
	if err != nil {
		return nil, fmt.Errorf("query TsHour: %w", err)
	}
	n := len(v)
	buf := allocBuf(mem, n*4)
	out := asSlice[int32](buf, n)[:n]
	if loc == nil {
		for i, us := range v {
			out[i] = int32(floorModUs(us, usDay) / usHour)
		}
	} else {
		p := newPeriod(loc)
		for i, us := range v {
			out[i] = int32(floorModUs(us+p.offset(us), usDay) / usHour)
		}
	}
	vb, nulls := outValidity(mem, valid, n)
	return newBatch(tsHourSchema, n, newArray(arrow.PrimitiveTypes.Int32, n, nulls, vb, buf)), nil
}

// HandTsHourUTC is TsHourUTC by hand.
func HandTsHourUTC(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handHour(ctx, in, mem, nil)
}

// HandTsHourParis is TsHourParis by hand.
func HandTsHourParis(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handHour(ctx, in, mem, paris.Location())
}

// overflow is the error of a result beyond the TIMESTAMP range.
func overflow(row int, expr string) error {
	return queryError(row, "t", expr, rt.ErrLongOverflow)
}

// handTrunc is date_trunc('hour', ts): the reading truncated to its hour at
// the row's own offset, which is the instant us - (reading mod 1 hour) when
// that instant is still in the row's period (every row of Paris since 1940:
// its changes are on the hour), else exprc's kernel.
func handTrunc(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator, loc *time.Location) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, valid, err := tsIn(in)
	if err != nil {
		return nil, fmt.Errorf("query TsTruncHour: %w", err)
	}
	n := len(v)
	buf, out := allocI64(mem, n)
	out = out[:n]
	if loc == nil {
		for i, us := range v {
			r := us - floorModUs(us, usHour)
			if r > us {
				return nil, overflow(i, "date_trunc('hour', ts)")
			}
			out[i] = r
		}
	} else {
		p := newPeriod(loc)
		zc := paris.Cursor()
		for i, us := range v {
			r := us - floorModUs(us+p.offset(us), usHour)
			if r < p.lo || r > us {
				var e *rt.Error
				if r, e = rt.DateTruncIn("hour", us, zc); e != nil {
					return nil, queryError(i, "t", "date_trunc('hour', ts)", e)
				}
			}
			out[i] = r
		}
	}
	vb, nulls := outValidity(mem, valid, n)
	return newBatch(tsTsSchema, n, newArray(vec.ArrowTimestamp, n, nulls, vb, buf)), nil
}

// HandTsTruncHourUTC is TsTruncHourUTC by hand.
func HandTsTruncHourUTC(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handTrunc(ctx, in, mem, nil)
}

// HandTsTruncHourParis is TsTruncHourParis by hand.
func HandTsTruncHourParis(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handTrunc(ctx, in, mem, paris.Location())
}

// handPlusDay is ts + INTERVAL 1 DAY: the next day's same reading, which is
// 24 hours later when that instant is in the row's period, else (a day
// that crosses an offset change) exprc's kernel.
func handPlusDay(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator, loc *time.Location) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, valid, err := tsIn(in)
	if err != nil {
		return nil, fmt.Errorf("query TsPlusDay: %w", err)
	}
	n := len(v)
	buf, out := allocI64(mem, n)
	out = out[:n]
	if loc == nil {
		for i, us := range v {
			r := us + usDay
			if r < us {
				return nil, overflow(i, "ts + INTERVAL 1 DAY")
			}
			out[i] = r
		}
	} else {
		p := newPeriod(loc)
		zc := paris.Cursor()
		for i, us := range v {
			p.offset(us)
			r := us + usDay
			if r >= p.hi || r < us {
				var e *rt.Error
				if r, e = rt.TimestampAddDTIn(us, usDay, zc); e != nil {
					return nil, queryError(i, "t", "ts + INTERVAL 1 DAY", e)
				}
			}
			out[i] = r
		}
	}
	vb, nulls := outValidity(mem, valid, n)
	return newBatch(tsTsSchema, n, newArray(vec.ArrowTimestamp, n, nulls, vb, buf)), nil
}

// HandTsPlusDayUTC is TsPlusDayUTC by hand.
func HandTsPlusDayUTC(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handPlusDay(ctx, in, mem, nil)
}

// HandTsPlusDayParis is TsPlusDayParis by hand.
func HandTsPlusDayParis(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handPlusDay(ctx, in, mem, paris.Location())
}

// civil is the proleptic Gregorian date of days since 1970-01-01 (Howard
// Hinnant's days_from_civil inverse: integer arithmetic, no tables).
func civil(days int64) (y, m, d int64) {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	y = yoe + era*400
	if m <= 2 {
		y++
	}
	return y, m, d
}

// digits2 is "00" to "99".
var digits2 = func() (t [200]byte) {
	for i := range 100 {
		t[2*i], t[2*i+1] = byte('0'+i/10), byte('0'+i%10)
	}
	return t
}()

// putMinute writes the reading local (microseconds) as yyyy-MM-dd HH:mm
// into b[:16], or reports false for a year beyond 0-9999 (which Spark writes
// with a sign).
func putMinute(b []byte, local int64) bool {
	days := local / usDay
	tod := local % usDay
	if tod < 0 {
		tod += usDay
		days--
	}
	y, m, d := civil(days)
	if uint64(y) > 9999 {
		return false
	}
	mins := tod / 60_000_000
	h, mi := mins/60, mins%60
	_ = b[15]
	c := y / 100
	b[0], b[1] = digits2[2*c], digits2[2*c+1]
	b[2], b[3] = digits2[2*(y%100)], digits2[2*(y%100)+1]
	b[4] = '-'
	b[5], b[6] = digits2[2*m], digits2[2*m+1]
	b[7] = '-'
	b[8], b[9] = digits2[2*d], digits2[2*d+1]
	b[10] = ' '
	b[11], b[12] = digits2[2*h], digits2[2*h+1]
	b[13] = ':'
	b[14], b[15] = digits2[2*mi], digits2[2*mi+1]
	return true
}

// handFormat is date_format(ts, 'yyyy-MM-dd HH:mm'): 16 bytes per row
// written straight into the output's data buffer, NULL rows empty.
func handFormat(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator, loc *time.Location) (arrow.RecordBatch, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, valid, err := tsIn(in)
	if err != nil {
		return nil, fmt.Errorf("query TsFormat: %w", err)
	}
	n := len(v)
	out := newStrOut(mem, n, n*16+64)
	oo := out.offs[:n+1]
	data := out.data
	pos := 0
	oo[0] = 0
	p := newPeriod(loc)
	zc := paris.Cursor()
	if loc == nil {
		zc = rt.UTC.Cursor()
	}
	for base := 0; base < n; base += 64 {
		w := valid.word(base)
		for i := base; i < min(base+64, n); i++ {
			if w>>(uint(i-base)&63)&1 != 0 {
				us := v[i]
				local := us
				if loc != nil {
					local += p.offset(us)
				}
				if pos+32 > len(data) {
					out.pos = pos
					out.grow(32)
					data = out.data
				}
				if putMinute(data[pos:pos+16], local) {
					pos += 16
				} else {
					s, e := rt.DateFormatTimestampIn(us, "yyyy-MM-dd HH:mm", zc)
					if e != nil {
						out.release()
						return nil, queryError(i, "s", "date_format(ts, 'yyyy-MM-dd HH:mm')", e)
					}
					if pos+len(s) > len(data) {
						out.pos = pos
						out.grow(len(s))
						data = out.data
					}
					pos += copy(data[pos:], s)
				}
			}
			oo[i+1] = int32(pos)
		}
	}
	out.pos = pos
	vb, nulls := outValidity(mem, valid, n)
	return newBatch(tsFormatSchema, n, out.array(n, vb, nulls)), nil
}

// HandTsFormatUTC is TsFormatUTC by hand.
func HandTsFormatUTC(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handFormat(ctx, in, mem, nil)
}

// HandTsFormatParis is TsFormatParis by hand.
func HandTsFormatParis(ctx context.Context, in arrow.RecordBatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	return handFormat(ctx, in, mem, paris.Location())
}
