// Package fileio reads table data from files into Arrow record batches and writes
// query results as JSON lines, CSV, Parquet or Arrow IPC, for `exprc run`.
//
// # Input
//
// OpenInput picks the format from the file extension:
//
//	.jsonl .ndjson           one JSON object per line
//	.csv                     RFC 4180 CSV with a header row
//	.parquet                 Parquet, streamed by row group and batch
//	.arrow .arrows .feather .ipc  Arrow IPC file format, or the IPC stream format
//
// Every batch an Input returns has exactly the schema table.schema:
// the table's column names, in the table's order, with the Arrow type of each SQL
// type, nullable unless the column is NOT NULL. Batches hold at most batchSize rows,
// and an Input keeps at most about one batch in memory, whatever the file size
// (a text reader: a few blocks of some MB per thread, each read into batches).
//
// Columns are matched by name: exactly, or else case-insensitively when that is
// unambiguous. File columns the table does not declare are ignored; a table
// column the file lacks is an error (for JSON lines, where there is no header, a
// missing key is a NULL instead; a read column that no line has a key for is
// an *UnseenColumnError, which Warnings returns at the end of the input, or
// Next returns under Options.Strict).
//
// Text formats (JSON lines and CSV) spell values as follows:
//
//	BOOLEAN  true / false (CSV: case-insensitive)
//	INT, BIGINT  decimal integers; a value out of range is an error, never a wrap
//	DOUBLE   decimal or exponent notation, or NaN, Infinity, -Infinity
//	         (in JSON: as a number, or as a string holding any of these)
//	DECIMAL(p, s)  digits with an optional point and exponent, read exactly
//	         as CAST reads text (rounded HALF_UP to s; more than p digits is an
//	         error); in JSON a number or a string. Written exactly with s
//	         fractional digits, in JSON as a number (never through a double)
//	VARCHAR  text; invalid UTF-8 bytes become U+FFFD
//	DATE     "yyyy-mm-dd" (ir.ParseDate)
//	TIMESTAMP  what CAST reads (2024-01-01T10:00:00.000+01:00, ISO-8601, ...):
//	         text with an offset or zone is that instant; text without one is
//	         a wall-clock reading in Options.Zone, the query's session zone, a
//	         reading in a DST gap or overlap resolved as java.time does.
//	         Written as the reading in OutputOptions.Zone with its offset
//	TIMESTAMP_NTZ  the same text read as a wall-clock reading (an offset or
//	         zone in the text is ignored); written without an offset
//	INTERVAL Spark's text, INTERVAL '1-2' YEAR TO MONTH (a JSON string), or the
//	         body alone ('1-2'), read as CAST reads text; written in Spark's form
//	         with the column's fields (the exprc.interval field metadata)
//	MAP      a JSON object {"key": value, ...}; in CSV, the object's JSON text in
//	         the field. Keys are read from the JSON key string as the key type;
//	         a duplicate key keeps its first position and its last value.
//
// In JSON, a scalar column also accepts its value as a JSON string ("12" for a
// BIGINT), and null or a missing key is NULL. A BINARY value is written and
// read as standard padded base64 text (RFC 4648), in JSON (as Spark's JSON
// writer) and in CSV.
//
// In CSV, NULL is an empty unquoted field, for every type. A quoted empty field
// "" is the empty string for VARCHAR and NULL for every other type, so the CSV
// this package writes (NULL as an empty field, the empty string as "") reads back
// unchanged. Non-VARCHAR fields may have surrounding spaces. Blank lines are
// skipped (except in a one-column file, where a blank line is a NULL); a
// record with a different number of fields than the header is an error.
// Records end at LF or CRLF. Inside a quoted field a CRLF is read as LF (as Go's
// encoding/csv and Spark's CSV reader, univocity, do by default), so a value's
// line breaks do not depend on the platform that wrote the file; a lone CR is
// kept.
//
// Columnar formats (Parquet and Arrow IPC) must hold each column in its Arrow
// type, except for this small set of lossless conversions:
//
//	INT, BIGINT  from any Arrow integer type, when each value fits (else an error)
//	DOUBLE       from float32
//	DECIMAL(p, s)  from decimal32, decimal64 and decimal128 of any precision
//	             and scale (another scale rounded HALF_UP; a value beyond p
//	             digits is an error), and from any integer type
//	VARCHAR      from large_string and string_view
//	BINARY       from large_binary, fixed_size_binary and binary_view
//	DATE         from date64 holding whole days
//	TIMESTAMP    from a timestamp of any unit with any zone, and Parquet
//	             INT96 (an instant, as Spark reads it); TIMESTAMP_NTZ from a
//	             timestamp of any unit without a zone: seconds and
//	             milliseconds exactly (beyond the range an error),
//	             nanoseconds floored (timestampin.go)
//	INTERVAL YEAR ...  from int32 months (as Spark and exprc store it in Parquet)
//	INTERVAL DAY ...   from int64 microseconds (the same), and from duration[s],
//	             [ms] (exact; beyond the range an error) and [ns] (floored)
//	MAP          from a map whose key and item types convert by these rules
//
// A Parquet column the query reads that is compressed with a codec arrow-go
// lacks (LZO, Hadoop's LZ4) is an error when the file is opened.
//
// A Parquet file whose read columns are all flat (top-level, not repeated) and
// stored as the table's Arrow types already (or as timestamps of another
// unit, or INT96), the usual case, is decoded
// straight into the batches' buffers (pqflat.go): PLAIN and dictionary pages
// by exprc's own page decoder (pqpage.go), other encodings by arrow-go's
// column readers. Any other file goes through arrow-go's pqarrow record
// reader (never with pqarrow's own goroutines). All give the same batches.
//
// A damaged file is an error, never a panic: every goroutine the package
// starts recovers, a footer's chunk sizes are checked before arrow-go
// allocates them (pqcheck.go), and the arrays of IPC and pqarrow batches are
// checked against their buffers before use (ipcvalid.go). A Parquet column
// whose logical type arrow-go does not know matters only when read
// (pqfooter.go), and a DATA_PAGE_V2 page with no value bytes is read
// (codecs.go). Names and values from a file are quoted and cut in error
// messages (errtext.go). docs/input-files.md has the whole list.
//
// Errors name the file, the 0-based row, the line for text formats, and the
// column, e.g.
//
//	events.csv: row 17 (line 19): column "a": invalid BIGINT "12x"
//	events.jsonl: row 3 (line 4): column "a" is NOT NULL but row 3 is null
//	input.parquet: column "day" has type int64, want date32 (DATE)
//
// # Output
//
// NewOutput writes batches as JSON lines, CSV, Parquet, or the Arrow IPC file or
// stream format, the text formats formatted on several goroutines; see its
// documentation. OutputFormat picks the format from an output file's extension.
package fileio

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/rt"
)

// Input reads a table's rows as a sequence of record batches.
type Input interface {
	// Next returns the next batch, which the caller must Release, or io.EOF
	// after the last one. After an error other than io.EOF, Next keeps
	// returning that error.
	Next() (arrow.RecordBatch, error)
	// Close releases the file and any buffered batch.
	Close() error
}

// DefaultBatchSize is the batch size used when OpenInput is given 0.
const DefaultBatchSize = 65536

// Options tune how an Input reads; the zero value is valid.
type Options struct {
	// BatchSize is the most rows per batch (DefaultBatchSize when <= 0).
	BatchSize int
	// Mem allocates the batches (memory.DefaultAllocator when nil).
	Mem memory.Allocator
	// Threads is how many goroutines may decode at once (1 when <= 0). Batches
	// still come out in file order, and an error is the one at the lowest row.
	Threads int
	// Skip, when not nil, marks the columns the reader need not decode (the
	// query does not read them): such a column of every batch is all NULL,
	// and a bad value in it is not an error, nor is a columnar file's type
	// of it that does not convert (a column the file lacks still is). Skip[i]
	// is for the schema's field i.
	Skip []bool
	// Strict makes a read column that no line of a JSON lines input carries
	// an error at the end of the input (an *UnseenColumnError) instead of a
	// warning (Warnings).
	Strict bool
	// Zone is the session time zone of the query (SET TIME ZONE; "" is
	// UTC): CSV and JSON lines read the text of a TIMESTAMP without an
	// offset or zone as a wall-clock reading in it, as Spark's readers read
	// it in the session zone. OpenFile refuses a zone rt.ParseZoneID does
	// not know. The columnar formats hold instants and do not use it.
	Zone string
}

// inputZone is the zone opts.Zone names, UTC for "".
func inputZone(opts Options) (*rt.Zone, error) {
	if opts.Zone == "" {
		return rt.UTC, nil
	}
	z, err := rt.ParseZoneID(opts.Zone)
	if err != nil {
		return nil, fmt.Errorf("time zone %q: %s", opts.Zone, err.Message())
	}
	return z, nil
}

// OpenInput opens the data file at path as rows of schema: the Arrow schema of
// the table's columns (ir.ArrowSchema), a field not nullable where the column is
// NOT NULL. The format comes from the extension (InputFormat); see the package
// documentation for the rules.
func OpenInput(path string, schema *arrow.Schema, opts Options) (Input, error) {
	format, err := InputFormat(path)
	if err != nil {
		return nil, err
	}
	return openFormat(path, format, schema, opts)
}

// openFormat opens the file at path and reads it as format, closing it again
// when it cannot be read.
func openFormat(path, format string, schema *arrow.Schema, opts Options) (Input, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	in, err := OpenFile(f, path, format, schema, opts)
	if err != nil {
		f.Close()
		return nil, err
	}
	return in, nil
}

// OpenPath is OpenInput, except that path "-" is stdin, and that a format
// given (one of InputFormats) is used whatever the extension: what a command
// line's input argument and format flag name. Stdin needs a format.
func OpenPath(path, format string, stdin *os.File, schema *arrow.Schema, opts Options) (Input, error) {
	if path == "-" {
		return OpenFile(stdin, "stdin", format, schema, opts)
	}
	if format == "" {
		return OpenInput(path, schema, opts)
	}
	return openFormat(path, format, schema, opts)
}

// IsInputFormat reports whether format is one of InputFormats.
func IsInputFormat(format string) bool {
	switch format {
	case "jsonl", "csv", "parquet", "arrow":
		return true
	}
	return false
}

// InputFormats lists the input formats, for messages.
const InputFormats = "jsonl, csv, parquet or arrow"

// InputExtensions lists the extensions InputFormat knows, for messages.
var InputExtensions = []string{".jsonl", ".ndjson", ".csv", ".parquet", ".arrow", ".arrows", ".feather", ".ipc"}

// InputFormatOf returns the input format of a file from its extension (case
// insensitive): "jsonl" (.jsonl, .ndjson), "csv", "parquet", or "arrow"
// (.arrow, .arrows, .feather, .ipc: the Arrow IPC file or stream format, told
// apart by the content). ok is false for another or no extension.
func InputFormatOf(path string) (format string, ok bool) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".jsonl", ".ndjson":
		return "jsonl", true
	case ".csv":
		return "csv", true
	case ".parquet":
		return "parquet", true
	case ".arrow", ".arrows", ".feather", ".ipc":
		return "arrow", true
	}
	return "", false
}

// InputFormat is InputFormatOf with an error that names the extension and the
// known ones.
func InputFormat(path string) (string, error) {
	if f, ok := InputFormatOf(path); ok {
		return f, nil
	}
	ext := filepath.Ext(path)
	if ext == "" {
		return "", fmt.Errorf("%s: no extension to tell the data format by (want %s)", path, OrList(InputExtensions))
	}
	return "", fmt.Errorf("%s: unknown data format %q (want %s)", path, ext, OrList(InputExtensions))
}

// OpenFile reads the open file f (name is for messages) in format, one of
// InputFormats, as OpenInput does. f may be a pipe (standard input): Parquet and
// Arrow input that is not a regular file is first copied to a temporary file,
// since their readers seek. The Input closes f.
func OpenFile(f *os.File, name, format string, schema *arrow.Schema, opts Options) (Input, error) {
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Mem == nil {
		opts.Mem = memory.DefaultAllocator
	}
	table, err := tableOf(schema)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if !IsInputFormat(format) {
		return nil, fmt.Errorf("%s: unknown data format %q (want %s)", name, format, InputFormats)
	}
	zone, err := inputZone(opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if format == "parquet" || format == "arrow" {
		if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
			spooled, err := spool(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			f.Close()
			f = spooled
		}
	}
	batchSize, mem := opts.BatchSize, opts.Mem
	// arrow-go's readers panic on some damaged headers and footers (an
	// offset past a buffer): the file is then damaged, an error.
	in, err := decodeGuarded(func() (Input, error) {
		switch format {
		case "jsonl":
			return newJSONInput(f, name, table, opts, zone, batchSize, mem)
		case "csv":
			return newCSVInput(f, name, table, opts, zone, batchSize, mem)
		case "parquet":
			return openParquet(f, name, table, opts)
		default:
			return newIPCInput(f, name, table, opts)
		}
	})
	var dp *decoderPanic
	if errors.As(err, &dp) {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return in, err
}

// spool copies r to a temporary file, removed from its directory at once (on
// Unix; elsewhere when closed), and returns it open at its start.
func spool(r io.Reader) (*os.File, error) {
	tmp, err := os.CreateTemp("", "exprc-input-")
	if err != nil {
		return nil, err
	}
	os.Remove(tmp.Name()) //nolint:errcheck // best effort: the data is read once
	if _, err := io.Copy(tmp, r); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("copying the input to a temporary file: %w", err)
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		tmp.Close()
		return nil, err
	}
	return tmp, nil
}

// matchColumns maps each table column to the index of the file column of the
// same name (exact match first, then a unique case-insensitive match), or -1.
// It reports duplicate file names that a table column would match.
func matchColumns(path string, table *tableType, names []string) ([]int, error) {
	idx := make([]int, len(table.Columns))
	for i, c := range table.Columns {
		idx[i] = -1
		for j, n := range names {
			if n == c.Name {
				if idx[i] >= 0 {
					return nil, fmt.Errorf("%s: column %q appears more than once", path, c.Name)
				}
				idx[i] = j
			}
		}
		if idx[i] >= 0 {
			continue
		}
		for j, n := range names {
			if strings.EqualFold(n, c.Name) {
				if idx[i] >= 0 {
					return nil, fmt.Errorf("%s: column %q matches more than one file column (%s, %s) ignoring case", path, c.Name, quote(names[idx[i]]), quote(n))
				}
				idx[i] = j
			}
		}
	}
	return idx, nil
}

// requireColumns reports the first table column that the file lacks.
func requireColumns(path, what string, table *tableType, idx []int, names []string) error {
	for i, j := range idx {
		if j < 0 {
			return fmt.Errorf("%s: missing column %q (%s has %s)", path, table.Columns[i].Name, what, nameList(names))
		}
	}
	return nil
}

// sticky remembers an Input's terminal error so Next keeps returning it.
type sticky struct{ err error }

func (s *sticky) set(err error) error {
	if err != nil && s.err == nil {
		s.err = err
	}
	return err
}

var errClosed = errors.New("fileio: input is closed")

// at formats the position prefix of a row error: "row 17 (line 19)" or "row 17".
func at(row int64, line int) string {
	if line > 0 {
		return fmt.Sprintf("row %d (line %d)", row, line)
	}
	return fmt.Sprintf("row %d", row)
}

func nullError(path string, row int64, line int, col string) error {
	return fmt.Errorf("%s: %s: column %q is NOT NULL but row %d is null", path, at(row, line), col, row)
}
