package functions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// The fields of EXTRACT(field FROM d) and date_part('field', d) without a
// function of their own. They are not callable by name from SQL (Spark has no
// such functions); they appear only in the IR the binder builds for EXTRACT,
// and explain prints them by name.
var (
	yearOfWeek = strict("extract_yearofweek", "EXTRACT(YEAROFWEEK FROM d): the ISO 8601 week-based year of d.",
		nil, sig(tInt, ok1(rt.YearOfWeek), tDate))
	dayOfWeekISO = strict("extract_dayofweek_iso", "EXTRACT(DAYOFWEEK_ISO FROM d): 1 for Monday to 7 for Sunday.",
		nil, sig(tInt, ok1(rt.DayOfWeekISO), tDate))
)

// datePartFields maps each field name Spark's EXTRACT and date_part accept
// over a DATE (DatePart.parseExtractField, upper case) to the function that
// computes it, by registry name or as a hidden function.
var datePartFields = map[string]string{
	"YEAR": "year", "Y": "year", "YEARS": "year", "YR": "year", "YRS": "year",
	"YEAROFWEEK": "extract_yearofweek",
	"QUARTER":    "quarter", "QTR": "quarter",
	"MONTH": "month", "MON": "month", "MONS": "month", "MONTHS": "month",
	"WEEK": "weekofyear", "W": "weekofyear", "WEEKS": "weekofyear",
	"DAY": "day", "D": "day", "DAYS": "day",
	"DAYOFWEEK": "dayofweek", "DOW": "dayofweek",
	"DAYOFWEEK_ISO": "extract_dayofweek_iso", "DOW_ISO": "extract_dayofweek_iso",
	"DOY": "dayofyear",
}

// timeFields are the fields Spark extracts from a TIMESTAMP (a DATE is cast
// to one, at midnight); exprc has no TIMESTAMP type.
var timeFields = map[string]bool{
	"HOUR": true, "H": true, "HOURS": true, "HR": true, "HRS": true,
	"MINUTE": true, "M": true, "MIN": true, "MINS": true, "MINUTES": true,
	"SECOND": true, "S": true, "SEC": true, "SECONDS": true, "SECS": true,
}

// DatePartFields lists the field names DatePart accepts, sorted, for docs and tests.
func DatePartFields() []string {
	out := make([]string, 0, len(datePartFields))
	for f := range datePartFields {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// DatePart returns the function EXTRACT(field FROM x) and date_part('field',
// x) call on x, for a field in any case. source is x as written, for the
// message. A field that names a time of day, or no field, is an error whose
// text names Spark's error class.
func DatePart(field, source string) (*ir.Function, error) {
	up := strings.ToUpper(field)
	switch name, ok := datePartFields[up]; {
	case ok && name == yearOfWeek.Name:
		return yearOfWeek, nil
	case ok && name == dayOfWeekISO.Name:
		return dayOfWeekISO, nil
	case ok:
		return Lookup(name), nil
	case timeFields[up]:
		return nil, fmt.Errorf("cannot extract %s from %s: it is a time-of-day field, which only a TIMESTAMP, a TIMESTAMP_NTZ or a DATE (at midnight) has", up, source)
	}
	return nil, fmt.Errorf("[INVALID_EXTRACT_FIELD] Cannot extract `%s` from %s (the fields of a DATE are YEAR, YEAROFWEEK, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DAYOFWEEK_ISO, DOY and their synonyms)", field, source)
}

func init() {
	truncDomain := domain("trunc_domain", sig(tBool, ok2(rt.TruncDateDefined), tDate, tStr))
	register(guarded("trunc",
		"The first day of d's year ('YEAR', 'YYYY', 'YY'), quarter ('QUARTER'), month ('MONTH', 'MM', 'MON') or ISO week ('WEEK', a Monday); fmt in any case. Any other fmt gives NULL, as in Spark (also 'DAY': trunc of a DATE stops at weeks). A result before the first DATE raises.",
		errs(ir.ErrArithmeticOverflow), truncDomain,
		sig(tDate, k2(rt.TruncDate), tDate, tStr)))
}
