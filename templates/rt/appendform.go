package rt

// Append forms: a VARCHAR kernel's twin that appends its value to a byte
// slice instead of returning a string. A generated loop writing a VARCHAR
// output column (vec.StringOut) passes the column's bytes, so the text is
// written once, in place: no string in the batch's arena, no vector of
// string headers for the collector to scan, no copy into the Arrow column
// afterwards. An append form takes the kernel's arguments after the slice
// and returns the slice extended, or as it was with the kernel's error.
// TestAppendFormsAgree checks each against its kernel.

// AppendForm names a kernel's append form.
type AppendForm struct {
	Name string
	// PatternArg is the index of the kernel's datetime pattern argument:
	// when that argument is a constant, every value has the pattern's width
	// (DatetimePatternWidth), or varies (0).
	PatternArg int
	// With names the append form taking the pattern compiled
	// (DatetimePatternOf, once per program: a package-level variable of the
	// generated file) in place of its text, for a constant pattern.
	With string
}

// AppendForms maps each kernel that has an append form to it.
var AppendForms = map[string]AppendForm{
	"DateFormatTimestampIn": {Name: "AppendDateFormatTimestampIn", PatternArg: 1, With: "AppendDateFormatTimestampWith"},
	"FromUnixTimeIn":        {Name: "AppendFromUnixTimeIn", PatternArg: 1, With: "AppendFromUnixTimeWith"},
}

// DatetimePatternOf is the compiled TIMESTAMP pattern (its error, if it is
// invalid, raised by each call that uses it, as the kernels raise it).
func DatetimePatternOf(pattern string) *DatetimePattern { return datetimePattern(pattern) }

// AppendDateFormatTimestampWith is AppendDateFormatTimestampIn with the
// pattern compiled: no lookup of its text per row. It tries the fixed-width
// writer itself, as appendTimestamp would, so that a row of a fixed-width
// pattern costs one call, not two (neither inlines).
func AppendDateFormatTimestampWith(dst []byte, us int64, p *DatetimePattern, zc *ZoneCursor) ([]byte, *Error) {
	if p.err != nil {
		return dst, p.err
	}
	if p.fixed != nil {
		if r, ok := p.fixed.appendFixed(dst, us, zc); ok {
			return r, nil
		}
	}
	return p.appendTimestamp(dst, us, zc), nil
}

// AppendFromUnixTimeWith is AppendFromUnixTimeIn with the pattern compiled.
func AppendFromUnixTimeWith(dst []byte, sec int64, p *DatetimePattern, zc *ZoneCursor) ([]byte, *Error) {
	us, ok := mulMicrosSec(sec)
	if !ok {
		return dst, ErrLongOverflow
	}
	return AppendDateFormatTimestampWith(dst, us, p, zc)
}

// AppendDateFormatTimestampIn is DateFormatTimestampIn appending the text
// to dst.
func AppendDateFormatTimestampIn(dst []byte, us int64, pattern string, zc *ZoneCursor) ([]byte, *Error) {
	return AppendDateFormatTimestampWith(dst, us, datetimePattern(pattern), zc)
}

// AppendFromUnixTimeIn is FromUnixTimeIn appending the text to dst.
func AppendFromUnixTimeIn(dst []byte, sec int64, pattern string, zc *ZoneCursor) ([]byte, *Error) {
	return AppendFromUnixTimeWith(dst, sec, datetimePattern(pattern), zc)
}

// DatetimePatternWidth is the length of the text every TIMESTAMP of the
// years 0000-9999 is written as with the datetime pattern, when the pattern
// is made only of literals and fixed-width numeric fields
// ('yyyy-MM-dd HH:mm'); 0 when the length varies or the pattern is invalid.
// A writer sized by it for a column rarely grows.
func DatetimePatternWidth(pattern string) int {
	p := datetimePattern(pattern)
	if p.err != nil || p.fixed == nil {
		return 0
	}
	return len(p.fixed.tmpl)
}
