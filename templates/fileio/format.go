package fileio

import (
	"fmt"
	"path/filepath"
	"strings"
)

// OutputOptions tune an Output; the zero value is valid.
type OutputOptions struct {
	// Threads is how many goroutines may format or encode batches at once
	// (1 when <= 0). The output is the same for any value.
	Threads int
	// Compression is the codec of a columnar format: for parquet snappy (the
	// default), zstd, gzip or none; for arrow and arrows lz4, zstd or none (the
	// default). The text formats take only "" or none.
	Compression string
	// Zone is the session time zone of the query (SET TIME ZONE; "" is
	// UTC): the text formats write a TIMESTAMP as its wall-clock reading
	// in it with its offset, as Spark's CSV and JSON writers write in the
	// session zone. NewOutput refuses a zone rt.ParseZoneID does not know.
	Zone string
}

// OutputFormats lists the formats NewOutput writes.
var OutputFormats = []string{"jsonl", "csv", "parquet", "arrow", "arrows"}

// outputExts maps an output file extension to its format.
var outputExts = map[string]string{
	".jsonl":   "jsonl",
	".ndjson":  "jsonl",
	".csv":     "csv",
	".parquet": "parquet",
	".arrow":   "arrow",
	".feather": "arrow",
	".ipc":     "arrow",
	".arrows":  "arrows",
}

// OutputExtensions lists the extensions OutputFormat knows, for messages.
var OutputExtensions = []string{".jsonl", ".ndjson", ".csv", ".parquet", ".arrow", ".feather", ".ipc", ".arrows"}

// OutputFormat returns the format of an output path from its extension (case
// insensitive): .csv csv; .jsonl and .ndjson jsonl; .parquet parquet; .arrow,
// .feather and .ipc arrow (the Arrow IPC file format); .arrows arrows (the
// Arrow IPC stream format). ok is false for another or no extension.
func OutputFormat(path string) (format string, ok bool) {
	format, ok = outputExts[strings.ToLower(filepath.Ext(path))]
	return format, ok
}

// compressions lists each format's codecs, the default first.
var compressions = map[string][]string{
	"jsonl":   {"none"},
	"csv":     {"none"},
	"parquet": {"snappy", "zstd", "gzip", "none"},
	"arrow":   {"none", "lz4", "zstd"},
	"arrows":  {"none", "lz4", "zstd"},
}

// CheckOutput reports whether NewOutput accepts format and compression ("" is
// the format's default), with an error that lists what it does accept:
//
//	unknown output format "xml" (want jsonl, csv, parquet, arrow or arrows)
//	format csv takes no compression, got "zstd"
//	unknown compression "lz4" for format parquet (want snappy, zstd, gzip or none)
func CheckOutput(format, compression string) error {
	codecs, ok := compressions[format]
	if !ok {
		return fmt.Errorf("unknown output format %q (want %s)", format, OrList(OutputFormats))
	}
	if compression == "" {
		return nil
	}
	for _, c := range codecs {
		if c == compression {
			return nil
		}
	}
	if len(codecs) == 1 {
		return fmt.Errorf("format %s takes no compression, got %q", format, compression)
	}
	return fmt.Errorf("unknown compression %q for format %s (want %s)", compression, format, OrList(codecs))
}

// OrList spells a, b, c or d: how error messages (here and in exprc run's
// flag checks) list the formats, extensions and codecs that would do.
func OrList(s []string) string {
	if len(s) == 1 {
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
