package rt

// fixedLayout is the writer of a TIMESTAMP pattern made only of literals and
// the fixed-width numeric fields yyyy, MM, dd, HH, mm and ss (the patterns of
// date_format(ts, 'yyyy-MM-dd HH:mm') and from_unixtime's default): its
// output has one length, so a row appends the literal template once and
// overwrites the digits in place, with no walk over the pattern's items and
// no per-field dispatch. compileFixed builds it at pattern compile time, once
// per pattern; a reading whose year is outside 0-9999 (which yyyy writes with
// a sign or more digits) or outside the cursor's period takes the general
// writer.
type fixedLayout struct {
	tmpl   []byte       // the output with the literals in place, digits zero
	fields []fixedField // where each field's digits go
}

// fixedField is one two-digit group of a fixedLayout: where it goes and
// which value it writes (a fixedSlot).
type fixedField struct {
	pos  int
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
		l.fields = append(l.fields, fixedField{len(l.tmpl), slot})
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
	if len(l.fields) == 0 {
		return nil
	}
	return l
}

// twoDigits holds "00" to "99".
const twoDigits = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// appendFixed appends the reading of us in the cursor's period; ok is false
// (and b unchanged) where the general writer must run instead.
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
	var v [nSlots]uint64
	v[slotDay] = doy - (153*mp+2)/5 + 1
	m := mp + 3
	y := yoe + era*400
	if m > 12 {
		m -= 12
		y++
	}
	v[slotMonth] = m
	v[slotCentury], v[slotYearOfCentury] = y/100, y%100
	secs := uint64(tod / MicrosPerSecond)
	v[slotHour], v[slotMinute], v[slotSecond] = secs/3600, secs/60%60, secs%60
	start := len(b)
	b = append(b, l.tmpl...)
	out := b[start:]
	for _, f := range l.fields {
		d := v[f.slot%nSlots] % 100
		if p := f.pos; p+1 < len(out) {
			out[p], out[p+1] = twoDigits[2*d], twoDigits[2*d+1]
		}
	}
	return b, true
}
