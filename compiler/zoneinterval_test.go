package compiler

import (
	"strings"
	"testing"
)

// TestSetTimeZoneInterval checks SET TIME ZONE INTERVAL (docs/semantics.md
// 10.2): the fixed offset named as java.time.ZoneOffset names it, which
// current_timezone() then returns, as Spark's SparkSqlParser.visitSetTimeZone
// sets it; and the out-of-range intervals, each reported once at its
// literal with the part Spark checks first, whether or not a query follows.
func TestSetTimeZoneInterval(t *testing.T) {
	for _, tc := range []struct{ set, zone string }{
		{"INTERVAL '+01:00' HOUR TO MINUTE", "+01:00"},
		{"INTERVAL 1 HOUR", "+01:00"},
		{"INTERVAL -5 HOURS -30 MINUTES", "-05:30"},
		{"INTERVAL '-08:00:30' HOUR TO SECOND", "-08:00:30"},
		{"INTERVAL 18 HOURS", "+18:00"},
		{"INTERVAL 0 SECONDS", "Z"},
		{"INTERVAL '0 05:45' DAY TO MINUTE", "+05:45"},
	} {
		src := "CREATE TABLE t (a BIGINT);\nSET TIME ZONE " + tc.set + ";\n-- name: Q\nSELECT current_timezone() AS z FROM t;"
		prog, err := CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(src)})
		if err != nil {
			t.Errorf("SET TIME ZONE %s: %v", tc.set, err)
			continue
		}
		if q := prog.Query("Q"); q.Zone != tc.zone {
			t.Errorf("SET TIME ZONE %s: zone %q, want %q", tc.set, q.Zone, tc.zone)
		}
	}
	src := `CREATE TABLE t (a BIGINT);
SET TIME ZONE INTERVAL 1 MONTH;
SET TIME ZONE INTERVAL 2 WEEKS;
SET TIME ZONE INTERVAL '1 02:00' DAY TO MINUTE;
SET TIME ZONE INTERVAL 19 HOURS;
SET TIME ZONE INTERVAL '-18:00:01' HOUR TO SECOND;
SET TIME ZONE INTERVAL '1.5' SECOND;
SET TIME ZONE INTERVAL 1 YEAR;
SET TIME ZONE INTERVAL 1 DAY -20 HOURS;
-- name: Q
SELECT a FROM t;
SET TIME ZONE INTERVAL 1 HOURS 2 MONTHS;
SET TIME ZONE INTERVAL;
`
	_, err := CompileSources([]string{"q.sql"}, map[string][]byte{"q.sql": []byte(src)})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"q.sql:2:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '1' to interval",
		"q.sql:3:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '14' to interval",
		"q.sql:4:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '1' to interval",
		"q.sql:5:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '19' to interval",
		"q.sql:6:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '18' to interval",
		"q.sql:7:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '1' to interval",
		"q.sql:8:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '12' to interval",
		"q.sql:9:15: [INVALID_INTERVAL_FORMAT.TIMEZONE_INTERVAL_OUT_OF_RANGE] Error parsing '1' to interval", // a DAY part is days, not 24 hours
		"q.sql:12:15: INTERVAL 1 HOURS 2 MONTHS mixes YEAR-MONTH and DAY-TIME units",
		"q.sql:13:23: expected an interval value and unit after SET TIME ZONE INTERVAL",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	if strings.Count(err.Error(), "TIMEZONE_INTERVAL_OUT_OF_RANGE") != 8 {
		t.Errorf("want each SET reported once:\n%v", err)
	}
}
