package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/exprc/exprc/compiler/parser"
	"github.com/exprc/exprc/internal/cli"
	"github.com/exprc/exprc/templates/fileio"
)

const schemaUsage = `usage: exprc schema [--format F] [--table NAME] [--sample-rows N] FILE...

Prints a CREATE TABLE statement for each data file, with exprc's types, to
put in a spec. The table is named after the file (its base name without the
extension, made an identifier: other characters become "_"), or --table for
one file.

Parquet and Arrow IPC (file or stream) files carry their schema: each column
gets the narrowest exprc type that "exprc run" reads it as without loss (int8
as TINYINT; int16 and uint8 as SMALLINT; int32 and uint16 as INT; int64,
uint32 and uint64 as BIGINT; float as FLOAT and double as DOUBLE; decimals as
DECIMAL(p,s); strings as VARCHAR; dates as DATE; timestamps of any unit
as TIMESTAMP when they are instants (a zone, Parquet's isAdjustedToUTC,
INT96) and TIMESTAMP_NTZ when not; month_interval as INTERVAL YEAR TO
MONTH and durations as INTERVAL DAY TO SECOND, or the fields an
exprc.interval metadata key gives (exprc writes intervals to Parquet as int32
and int64 with it); maps as MAP, whose narrow numbers widen to INT and
DOUBLE), NOT NULL where the file says a column is required.

CSV (with a header row) and JSON lines files carry no types: they are inferred
from the first --sample-rows rows (0 reads the whole file). Each column gets
the first of BOOLEAN, BIGINT, DECIMAL(38,0) (integers beyond BIGINT), DOUBLE,
DATE (yyyy-mm-dd), MAP<VARCHAR, V> (JSON objects) and VARCHAR that reads every
sampled value; NULL is an empty unquoted CSV field, or JSON null or a missing
key. Inferred columns are never NOT NULL.

A column exprc has no type for yet (a binary, list or struct
column, for example) is left out, with a comment line saying its type, so the
statement stays valid; "exprc run" ignores file columns a table does not
declare. A file none of whose columns has a type is an error.

The format comes from the extension as for "exprc run" (.parquet, .arrow,
.arrows, .feather, .ipc, .csv, .jsonl, .ndjson), or from --format.
`

func cmdSchema(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("exprc schema", schemaUsage)
	format := fs.String("format", "", "format of the files ("+fileio.InputFormats+"; default: from each file's extension)")
	table := fs.String("table", "", "name of the table (one file only; default: from the file name)")
	sample := fs.Int64("sample-rows", fileio.DefaultSampleRows, "rows of a CSV or JSON lines file to infer the types from (0: all)")
	if code := cli.Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}
	files := fs.Args()
	switch {
	case len(files) == 0:
		return cli.UsageError(stderr, fs, "no data files given")
	case *table != "" && len(files) > 1:
		return cli.UsageError(stderr, fs, "--table names the table of one file, but %d files are given", len(files))
	case *format != "" && !fileio.IsInputFormat(*format):
		return cli.UsageError(stderr, fs, "unknown --format %q (want %s)", *format, fileio.InputFormats)
	case *sample < 0:
		return cli.UsageError(stderr, fs, "--sample-rows must not be negative, got %d", *sample)
	}
	if fs.Changed("table") {
		if _, ok := specName(*table); !ok {
			return cli.UsageError(stderr, fs, "--table %s is not a name a spec can spell", strconv.Quote(*table))
		}
	}
	var out strings.Builder
	tables := map[string]string{} // lower-cased table name -> its file
	for i, path := range files {
		name := *table
		if name == "" {
			name = tableNameOf(path)
		}
		if prev, dup := tables[strings.ToLower(name)]; dup {
			fmt.Fprintf(stderr, "error: %s and %s both make table %s: run exprc schema on each with --table\n", safeText(prev), safeText(path), safeText(name))
			return 1
		}
		tables[strings.ToLower(name)] = path
		if path == "-" {
			fmt.Fprintf(stderr, "error: exprc schema reads files, not standard input: save it to a file first\n")
			return 1
		}
		sch, err := fileio.InferSchema(path, fileio.InferOptions{Format: *format, SampleRows: *sample})
		if err != nil {
			fmt.Fprintf(stderr, "error: %s\n", fileio.ErrorLine(err.Error()))
			return 1
		}
		stmt, err := createTable(name, path, sch, *sample)
		if err != nil {
			fmt.Fprintf(stderr, "error: %s\n", fileio.ErrorLine(err.Error()))
			return 1
		}
		if i > 0 {
			out.WriteString("\n")
		}
		out.WriteString(stmt.text)
	}
	io.WriteString(stdout, out.String()) //nolint:errcheck // stdout
	return 0
}

// inferredTable is a CREATE TABLE made from a file's schema.
type inferredTable struct {
	text string
	// left lists the columns left out, as "name (why)", for a hint after
	// an error of a query over the table.
	left []string
}

// formatNames names the input formats in a statement's first line.
var formatNames = map[string]string{"parquet": "Parquet", "arrow": "Arrow IPC", "csv": "CSV", "jsonl": "JSON lines"}

// createTable spells the CREATE TABLE of table name over the file at path
// whose schema is sch. Columns without an exprc type, or whose name a spec
// cannot spell or tell apart from another column's, are left out with a
// comment line; a typed column with a caveat gets one before it. It is an
// error when no column is left.
func createTable(name, path string, sch *fileio.FileSchema, sample int64) (*inferredTable, error) {
	qname, ok := specName(name)
	if !ok {
		return nil, fmt.Errorf("%s: the table name %s is not a name a spec can spell", path, strconv.Quote(name))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "-- from %s: %s", safeText(path), formatNames[sch.Format])
	switch {
	case sch.Format != "csv" && sch.Format != "jsonl":
	case sch.Whole:
		fmt.Fprintf(&b, ", types inferred from all %s", plural(int(sch.Rows), "row"))
	default:
		fmt.Fprintf(&b, ", types inferred from the first %s (--sample-rows; 0 reads all)", plural(int(sample), "row"))
	}
	fmt.Fprintf(&b, "\nCREATE TABLE %s (\n", qname)
	exact, folded := map[string]int{}, map[string]string{}
	for _, c := range sch.Columns {
		exact[c.Name]++
	}
	t := &inferredTable{}
	var lines []string
	last := -1 // the line of the last column, which takes no comma
	for _, c := range sch.Columns {
		q, ok := specName(c.Name)
		why := ""
		switch {
		case !ok:
			why = "a spec cannot spell its name (empty, or not valid UTF-8)"
		case hasControl(c.Name):
			why = "its name holds control characters"
		case exact[c.Name] > 1:
			why = fmt.Sprintf("the file has %d columns of this name: exprc cannot tell them apart", exact[c.Name])
		case folded[strings.ToLower(c.Name)] != "":
			why = "exprc's names ignore case, and column " + commentName(folded[strings.ToLower(c.Name)]) + " comes first"
		case !c.Typed:
			why = c.Note
			if c.FileType != "" {
				why = c.FileType + ": " + why
			}
		}
		if why != "" {
			lines = append(lines, "  -- column "+commentName(c.Name)+" left out: "+safeTextN(why, 300))
			t.left = append(t.left, commentName(c.Name)+" ("+safeTextN(why, 300)+")")
			continue
		}
		folded[strings.ToLower(c.Name)] = c.Name
		if c.Note != "" {
			lines = append(lines, "  -- column "+commentName(c.Name)+": "+safeTextN(c.Note, 300))
		}
		line := "  " + q + " " + c.Type.String()
		if c.NotNull {
			line += " NOT NULL"
		}
		lines = append(lines, line)
		last = len(lines) - 1
	}
	if last < 0 {
		return nil, fmt.Errorf("%s: no column has a type exprc reads: %s", path, firstFew(t.left))
	}
	for i, l := range lines {
		b.WriteString(l)
		if i < last && !strings.HasPrefix(l, "  --") {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(");\n")
	t.text = b.String()
	return t, nil
}

// firstFew joins the first items of a list for a message, and says how many
// more there are.
func firstFew(items []string) string {
	const n = 5
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

// tableNameOf makes a table name of a file's base name without its
// extension: letters, digits and '_' are kept, runs of anything else become
// one '_', and a name starting with a digit (or empty) gets a "t_" ("t").
func tableNameOf(path string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	var b strings.Builder
	under := false
	for _, r := range base {
		if r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			under = r == '_'
			continue
		}
		if !under && b.Len() > 0 {
			b.WriteByte('_')
			under = true
		}
	}
	name := strings.TrimRight(b.String(), "_")
	switch {
	case name == "":
		return "t"
	case name[0] >= '0' && name[0] <= '9':
		return "t_" + name
	}
	return name
}

// specName is name as a spec spells it (parser.QuoteName); ok is false
// when no spelling reads back as name: an empty name or one that is not
// valid UTF-8.
func specName(name string) (string, bool) {
	if name == "" || !utf8.ValidString(name) {
		return "", false
	}
	return parser.QuoteName(name), true
}

// hasControl reports whether s holds a control character, which a spec
// could hold in backquotes but a terminal and a diff would mangle.
func hasControl(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) {
			return true
		}
	}
	return false
}

// commentName spells a column's name in a comment line: as a spec would,
// or Go-quoted when it has control characters or bad UTF-8, shortened.
func commentName(name string) string {
	if q, ok := specName(name); ok && !hasControl(name) && utf8.RuneCountInString(q) <= 64 {
		return q
	}
	if name == "" {
		return `""`
	}
	return safeText(name)
}

// safeText is s for a one-line message or comment: as is when it is short
// printable UTF-8, else Go-quoted (control bytes escaped), and cut to about
// 100 characters with "...".
func safeText(s string) string { return safeTextN(s, 100) }

// safeTextN is safeText with room for max characters.
func safeTextN(s string, max int) string {
	if utf8.ValidString(s) && !hasControl(s) {
		if utf8.RuneCountInString(s) <= max {
			return s
		}
		r := []rune(s)
		return string(r[:max-3]) + "..."
	}
	q := strconv.Quote(s)
	if len(q) > max {
		q = q[:max-4] + `..."`
	}
	return q
}
