package rt

import (
	"math"
	"unsafe"
)

// fixedLayout is the writer of a TIMESTAMP pattern made only of literals and
// the fixed-width numeric fields yyyy, MM, dd, HH, mm and ss (the patterns of
// date_format(ts, 'yyyy-MM-dd HH:mm') and from_unixtime's default): its
// output has one length, so a row appends the literal template once and
// overwrites the digits in place, with no walk over the pattern's items and
// no per-field dispatch. compileFixed builds it at pattern compile time, once
// per pattern; a reading whose year is outside 0-9999 (which yyyy writes with
// a sign or more digits) or outside the cursor's period takes the general
// writer.
//
// A short layout (at most 30 bytes of text, each field at most once: every
// date and time pattern in practice) is written with no loop at all where
// the destination has 32 bytes of room: the template as four words, then
// each of the seven two-digit groups stored at its place, a group the
// pattern does not have into the two spare bytes after the text (the room
// the next value overwrites).
type fixedLayout struct {
	tmpl   []byte       // the output with the literals in place, digits zero
	fields []fixedField // where each field's digits go
	short  bool
	words  [4]uint64       // tmpl, then zeros (short layouts)
	at     [nSlots]uintptr // where each group goes, len(tmpl) where absent (short layouts)
}

// fixedField is one two-digit group of a fixedLayout: where it goes and
// which value it writes (a fixedSlot).
type fixedField struct {
	pos  uint16
	slot uint8
}

// The values a fixedField writes; yyyy is two groups, the century and the
// year of the century.
const (
	slotCentury = iota
	slotYearOfCentury
	slotMonth
	slotDay
	slotHour
	slotMinute
	slotSecond
	nSlots
)

// compileFixed returns items' fixedLayout, or nil when a field is not one of
// the fixed-width numeric ones.
func compileFixed(items []fmtItem) *fixedLayout {
	l := &fixedLayout{}
	two := func(slot uint8) {
		l.fields = append(l.fields, fixedField{uint16(len(l.tmpl)), slot})
		l.tmpl = append(l.tmpl, "00"...)
	}
	for _, it := range items {
		switch {
		case it.kind == fmtLit:
			l.tmpl = append(l.tmpl, it.lit...)
		case it.kind == fmtOptStart || it.kind == fmtOptEnd:
			// written like the general writer: every field is present
		case it.kind == fmtYear && it.count == 4 && !it.yoe:
			two(slotCentury)
			two(slotYearOfCentury)
		case it.count == 2 && it.kind == fmtMonth:
			two(slotMonth)
		case it.count == 2 && it.kind == fmtDay:
			two(slotDay)
		case it.count == 2 && it.kind == fmtHour:
			two(slotHour)
		case it.count == 2 && it.kind == fmtMinute:
			two(slotMinute)
		case it.count == 2 && it.kind == fmtSecond:
			two(slotSecond)
		default:
			return nil
		}
	}
	if len(l.fields) == 0 || len(l.tmpl) > math.MaxUint16 {
		return nil
	}
	l.short = len(l.tmpl) <= 30
	for k := range l.at {
		l.at[k] = uintptr(len(l.tmpl))
	}
	for _, f := range l.fields {
		if l.at[f.slot] != uintptr(len(l.tmpl)) {
			l.short = false // a field twice
		}
		l.at[f.slot] = uintptr(f.pos)
	}
	if l.short {
		var text [32]byte
		copy(text[:], l.tmpl)
		l.words = *(*[4]uint64)(unsafe.Pointer(&text))
	}
	return l
}

// digitPairs holds "00" to "99" as pairs of bytes.
var digitPairs = func() (t [100][2]byte) {
	for i := range t {
		t[i] = [2]byte{byte('0' + i/10), byte('0' + i%10)}
	}
	return t
}()

// appendFixed appends the reading of us in the cursor's period; ok is false
// (and b unchanged) where the general writer must run instead. A short
// layout writes 32 bytes of b's spare room, as append may, and keeps the
// length of its text.
func (l *fixedLayout) appendFixed(b []byte, us int64, zc *ZoneCursor) ([]byte, bool) {
	if !zc.holds(us) {
		return b, false
	}
	local := us + zc.offUs // cannot wrap: holds keeps us two days inside int64
	days, tod := local/MicrosPerDay, local%MicrosPerDay
	if tod < 0 {
		days, tod = days-1, tod+MicrosPerDay
	}
	// Hinnant's civil_from_days for 0000-03-01 onwards (z >= 0), in
	// unsigned arithmetic: no era correction for negative days.
	z := days + 719468
	if z < 0 || z > 2932896+719468 { // before 0000-03-01 or after 9999-12-31: the general writer
		return b, false
	}
	uz := uint64(z)
	era := uz / 146097
	doe := uz - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	y := yoe + era*400
	if m > 12 {
		m -= 12
		y++
	}
	secs := uint64(tod / MicrosPerSecond)
	mins := secs / 60
	century, yoc := digitPairs[y/100%100], digitPairs[y%100]
	month, day := digitPairs[m%100], digitPairs[d%100]
	hour, minute, second := digitPairs[mins/60%100], digitPairs[mins%60], digitPairs[secs%60]
	start := len(b)
	if l.short && cap(b)-start >= 32 {
		p := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), start)
		*(*[4]uint64)(p) = l.words
		*(*[2]byte)(unsafe.Add(p, l.at[slotCentury])) = century
		*(*[2]byte)(unsafe.Add(p, l.at[slotYearOfCentury])) = yoc
		*(*[2]byte)(unsafe.Add(p, l.at[slotMonth])) = month
		*(*[2]byte)(unsafe.Add(p, l.at[slotDay])) = day
		*(*[2]byte)(unsafe.Add(p, l.at[slotHour])) = hour
		*(*[2]byte)(unsafe.Add(p, l.at[slotMinute])) = minute
		*(*[2]byte)(unsafe.Add(p, l.at[slotSecond])) = second
		return b[:start+len(l.tmpl)], true
	}
	v := [nSlots + 1][2]byte{slotCentury: century, slotYearOfCentury: yoc, slotMonth: month, slotDay: day,
		slotHour: hour, slotMinute: minute, slotSecond: second}
	b = append(b, l.tmpl...)
	out := b[start:]
	for _, f := range l.fields {
		if int(f.pos)+1 < len(out) {
			out[f.pos], out[f.pos+1] = v[f.slot&7][0], v[f.slot&7][1]
		}
	}
	return b, true
}
