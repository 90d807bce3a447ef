package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/internal/cli"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	rtengine "github.com/exprc/exprc/templates/engine"
	"github.com/exprc/exprc/templates/fileio"
)

// runJob is one exprc run: where the outer table's rows come from, where the
// results go, and how.
type runJob struct {
	input       string   // the outer table's file; "-" is stdin
	inputFormat string   // its format; "" for the one its extension names
	stdin       *os.File // read when input is "-"
	out         io.Writer
	format      string // output format
	compression string // of a columnar output format; "" for its default
	batchSize   int
	threads     int
	skip        []bool           // the outer table's columns the query does not read
	progress    func(rows int64) // input rows done; never nil
	strict      bool             // --strict: a JSON key no line has is an error
	warnings    []error          // the engine's, about the outer input
}

// engine runs a query over the outer table's file into the output. It returns
// the first error in input order: a query error (an *ir.QueryError), an input
// error, or an output error.
type engine interface {
	Run(ctx context.Context, j *runJob) error
}

// interpEngine runs a query on the reference interpreter.
type interpEngine struct {
	q     *ir.Query
	inner interp.Tables
}

func (e interpEngine) Run(ctx context.Context, j *runJob) error {
	mem := memory.DefaultAllocator
	prepared, err := interp.Prepare(ctx, e.q, e.inner)
	if err != nil {
		return err
	}
	in, err := openOuter(e.q, j, j.threads)
	if err != nil {
		return err
	}
	defer in.Close()
	defer func() { j.warnings = fileio.Warnings(in) }()
	out, err := fileio.NewOutput(j.out, j.format, ir.ArrowSchema(e.q.OutputSchema()), fileio.OutputOptions{Threads: j.threads, Compression: j.compression, Zone: e.q.Zone})
	if err != nil {
		return err
	}
	files := rtengine.Files{In: in, Out: out, Threads: j.threads, Progress: j.progress}
	return files.Run(ctx, func(ctx context.Context, b arrow.RecordBatch, rowBase int64) (arrow.RecordBatch, error) {
		return interp.EvalPrepared(ctx, e.q, nil, prepared, b, rowBase, mem)
	})
}

// skipColumns marks the columns of q's table that q does not read.
func skipColumns(q *ir.Query) []bool {
	skip := make([]bool, len(q.Source.Columns))
	for i := range skip {
		skip[i] = true
	}
	for _, i := range q.UsedColumns() {
		skip[i] = false
	}
	return skip
}

// engineOptions is what an engine may need besides the query.
type engineOptions struct {
	status io.Writer // for a line about a slow step, or nil
	// inner holds every row of the tables the query's subqueries read, by
	// lower-cased name.
	inner map[string][]arrow.RecordBatch
}

// engines lists the --engine values.
var engines = map[string]func(q *ir.Query, opts engineOptions) engine{
	"interp": func(q *ir.Query, opts engineOptions) engine { return interpEngine{q, opts.inner} },
	"compiled": func(q *ir.Query, opts engineOptions) engine {
		return &compiledEngine{q: q, status: opts.status, inner: opts.inner}
	},
	"batch": func(q *ir.Query, opts engineOptions) engine {
		be, why := batchOrNot(q, opts.inner)
		if be == nil {
			return failedEngine{errors.New(why)}
		}
		return be
	},
}

// failedEngine is an engine that could not be made: its Run reports why.
type failedEngine struct{ err error }

func (e failedEngine) Run(context.Context, *runJob) error { return e.err }

func engineNames() string {
	var names []string
	for n := range engines {
		names = append(names, n)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

const runUsage = `usage: exprc run SPEC... --query NAME --input TABLE=FILE [flags]

Compiles the specs, then runs query NAME over the input file of the table it
reads and writes the result rows. The outer table is streamed batch by batch;
a table a subquery reads needs its own --input too, and is read whole into
memory before the first outer batch (once, however many subqueries read it;
the same file may be both the outer and an inner table).

Input formats by extension: .jsonl/.ndjson (JSON lines), .csv (with a header
row; an empty unquoted field is NULL), .parquet, .arrow/.arrows/.feather/.ipc
(Arrow IPC file or stream). --input TABLE=- reads the table the query scans
from standard input, in the format given by --input-format, which is also the
format of an input file whose extension is none of these (without it, such a
file is an error). Only the columns the query reads are decoded: a bad value
in another column is not an error. Before any engine starts, the input files
are opened and checked: a CSV header, a Parquet or Arrow schema, the codecs
of the Parquet columns the query reads.

JSON lines have no header: a column the query reads whose key no line has
(a misspelled key in the spec) reads as NULL, and is reported by a line
"warning: FILE: no JSON line has a key for column ..." on stderr at the end of
the run, with the keys seen and the nearest one. With --strict it is an error
instead (exit status 1; with --output nothing is written).

A table no spec declares is inferred from its --input file when that is
Parquet or Arrow IPC: exprc compiles the CREATE TABLE "exprc schema FILE"
prints (--verbose shows it on stderr). A CSV or JSON lines table must be
declared: "exprc schema FILE" prints a statement to start from.

Output formats (--format): jsonl (JSON lines, the default), csv (with a header
row), parquet, arrow (Arrow IPC file) and arrows (Arrow IPC stream). Without
--format the --output extension picks it: .jsonl/.ndjson, .csv, .parquet,
.arrow/.feather/.ipc or .arrows; another extension, or none, is an error. With
--format any --output name goes. Every format can go to stdout. --compression
is for the columnar formats: parquet snappy (the default), zstd, gzip or none;
arrow and arrows lz4, zstd or none (the default). Rows are formatted and
encoded on up to --threads goroutines too; the bytes do not depend on it.

Engines (--engine):
  auto      the default: the compiled engine when the query's program is
            cached (a run with --engine compiled built it); else the batch
            engine; else (a query the batch engine cannot run yet) the
            compiled engine when it can be built here and the input is 64 MB
            or more (or standard input), or the interpreter. With progress
            lines on (a terminal, or --progress always), one line on stderr
            says which engine runs and why.
  batch     runs the query's physical plan a batch at a time over the same
            runtime kernels as generated code: no Go toolchain, no build,
            compiled in well under a millisecond.
  compiled  generates the query's Go evaluator as "exprc gen" does and builds
            it with the go command in PATH into a small program that reads the
            input, evaluates it and writes the output. The build is offline:
            the Go module cache must hold the modules exprc was built with
            (Arrow). Built programs are cached under the user cache directory
            (exprc/engines), so only the first run of a query pays for the
            build. It is the fastest engine once built.
  interp    the reference interpreter, a row at a time. It evaluates
            subqueries by their definition, testing every inner row for every
            outer row: use another engine for subqueries over large tables.

Every engine reads, evaluates and writes on up to --threads goroutines, and
gives the same results and errors. Rows are written in input order, and the
reported error is the same for any --threads and --batch-size: the one at the
lowest input row.

With --output, the file is written only when the whole query succeeds (through
a temporary file that is renamed at the end). Results on stdout are streamed:
rows before a failing row may already be written when the error is reported.

The clock functions (current_timestamp(), now(), current_date(),
localtimestamp() and the literals TIMESTAMP 'now', DATE 'today' ...) read one
instant for the whole run, as Spark fixes one per query: every batch sees the
same. It is the time the run starts, or the instant --now gives (RFC 3339,
such as 2024-03-10T01:30:00Z or 2024-03-10T02:30:00.5+01:00), which makes a
run that reads the clock repeatable.

On a query error the first line of stderr is "error: row N: CLASS: message",
and the exit status is 1.
`

func cmdRun(args []string, stdout, stderr io.Writer) int {
	rawStderr := stderr
	stderr = newCappedLines(stderr) // every line short and escaped (errline.go)
	fs := cli.NewFlags("exprc run", runUsage)
	query := fs.StringP("query", "q", "", "name of the query to run (required)")
	inputs := fs.StringArrayP("input", "i", nil, "data file of a table, as TABLE=FILE (repeatable); FILE - is standard input")
	inputFormat := fs.String("input-format", "", "format of standard input and of an input file without a known extension ("+fileio.InputFormats+")")
	format := fs.StringP("format", "f", "", "output format: jsonl, csv, parquet, arrow or arrows (default: the one the --output extension names; jsonl on stdout)")
	compression := fs.String("compression", "", "compression of a parquet (snappy, zstd, gzip, none) or arrow/arrows (lz4, zstd, none) output")
	output := fs.StringP("output", "o", "", "output file (default: stdout)")
	batchSize := fs.Int("batch-size", fileio.DefaultBatchSize, "rows per batch")
	engineName := fs.String("engine", "auto", "evaluation engine: auto, "+engineNames())
	threads := fs.Int("threads", runtime.GOMAXPROCS(0), "batches evaluated at once")
	progress := fs.String("progress", "auto", "progress line on stderr: auto (when stderr is a terminal), always or never")
	verbose := fs.Bool("verbose", false, "print the CREATE TABLE inferred for an --input table no spec declares to stderr")
	strict := fs.Bool("strict", false, "make a warning about the data (a JSON lines column no line has a key for) an error")
	now := fs.String("now", "", "the instant the clock functions read, RFC 3339 (default: when the run starts)")
	if code := cli.Parse(fs, args, stdout, stderr); code >= 0 {
		return code
	}

	specs := fs.Args()
	switch {
	case len(specs) == 0:
		return cli.UsageError(stderr, fs, "no spec files given")
	case *query == "":
		return cli.UsageError(stderr, fs, "--query is required")
	case *batchSize <= 0:
		return cli.UsageError(stderr, fs, "--batch-size must be positive, got %d", *batchSize)
	case *threads <= 0:
		return cli.UsageError(stderr, fs, "--threads must be positive, got %d", *threads)
	}
	clock, err := runClock(*now)
	if err != nil {
		return cli.UsageError(stderr, fs, "%v", err)
	}
	newEngine, ok := engines[*engineName]
	if !ok && *engineName != "auto" {
		return cli.UsageError(stderr, fs, "unknown --engine %q (want auto, %s)", *engineName, engineNames())
	}
	if *format, err = outputFormat(*output, *format); err != nil {
		return cli.UsageError(stderr, fs, "%v", err)
	}
	if err := fileio.CheckOutput(*format, ""); err != nil {
		n := len(fileio.OutputFormats)
		return cli.UsageError(stderr, fs, "unknown --format %q (want %s or %s)", *format, strings.Join(fileio.OutputFormats[:n-1], ", "), fileio.OutputFormats[n-1])
	}
	if err := fileio.CheckOutput(*format, *compression); err != nil {
		return cli.UsageError(stderr, fs, "--compression: %v", err)
	}
	var showProgress bool
	switch *progress {
	case "auto":
		showProgress = isTerminal(rawStderr)
	case "always":
		showProgress = true
	case "never":
	default:
		return cli.UsageError(stderr, fs, "unknown --progress %q (want auto, always or never)", *progress)
	}
	files := map[string]string{} // table name (lower case) -> file
	fromStdin := ""
	for _, in := range *inputs {
		table, file, ok := strings.Cut(in, "=")
		if !ok || table == "" || file == "" {
			return cli.UsageError(stderr, fs, "--input %q: want TABLE=FILE", in)
		}
		key := strings.ToLower(table)
		if _, dup := files[key]; dup {
			return cli.UsageError(stderr, fs, "--input: table %q given more than once", table)
		}
		if file == "-" {
			if fromStdin != "" {
				return cli.UsageError(stderr, fs, "--input: tables %s and %s both read standard input", fromStdin, table)
			}
			fromStdin = table
		}
		files[key] = file
	}
	formats, err := inputFormats(*inputs, *inputFormat)
	if err != nil {
		return cli.UsageError(stderr, fs, "%v", err)
	}

	prog, inferred, ok := compileRun(specs, *inputs, formats, *verbose, stderr)
	if !ok {
		return 1
	}
	q := prog.Query(*query)
	if q == nil {
		var names []string
		for _, q := range prog.Queries {
			names = append(names, q.Name)
		}
		avail := "the specs define no queries"
		if len(names) > 0 {
			avail = "available: " + strings.Join(names, ", ")
		}
		fmt.Fprintf(stderr, "error: unknown query %q (%s)%s\n", *query, avail, prog.QueryHint(*query))
		return 1
	}
	if err := checkInferredRead(q, inferred); err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}
	for _, in := range *inputs {
		table, _, _ := strings.Cut(in, "=")
		if prog.Table(table) == nil {
			var names []string
			for _, t := range prog.Tables {
				names = append(names, t.Name)
			}
			fmt.Fprintf(stderr, "error: --input %s: unknown table %q (tables: %s)\n", in, table, strings.Join(names, ", "))
			return 1
		}
	}
	inPath, ok := files[strings.ToLower(q.Source.Name)]
	if !ok {
		fmt.Fprintf(stderr, "error: query %s reads table %s: give its data with --input %s=FILE\n", q.Name, q.Source.Name, q.Source.Name)
		return 1
	}
	for _, s := range q.Subqueries {
		if files[strings.ToLower(s.Table.Name)] == "-" {
			fmt.Fprintf(stderr, "error: query %s reads table %s in a subquery, which exprc reads whole first: give it as a file, not standard input\n", q.Name, s.Table.Name)
			return 1
		}
	}
	var opts engineOptions
	if showProgress {
		opts.status = stderr
	}
	inner, warnings, err := readInner(q, files, formats, *batchSize, *strict)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", fileio.ErrorLine(err.Error()))
		return 1
	}
	defer releaseTables(inner)
	opts.inner = inner

	job := &runJob{
		input: inPath, inputFormat: formats[strings.ToLower(q.Source.Name)], stdin: stdinFile,
		format: *format, compression: *compression, batchSize: *batchSize, threads: *threads,
		skip: skipColumns(q), strict: *strict,
	}
	if err := checkInput(q, job); err != nil {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx = clock(ctx) // one instant for every batch of the run
	var eng engine
	if *engineName == "auto" {
		eng = autoEngine(ctx, q, inPath, opts)
	} else {
		eng = newEngine(q, opts)
	}
	var pl *progressLine
	if showProgress {
		pl = newProgressLine(rawStderr)
	}
	job.progress = pl.update
	err = execute(ctx, eng, job, *output, stdout)
	pl.finish()
	if err == nil {
		printWarnings(stderr, append(warnings, job.warnings...))
	}
	if err != nil {
		var qe *ir.QueryError
		if errors.As(err, &qe) {
			fmt.Fprintf(stderr, "error: row %d: %s: %s\n", qe.Row, qe.Err.Class, qe.Err.Message())
			where := "column " + qe.Column
			if qe.Column == "WHERE" {
				where = "WHERE clause"
			}
			if qe.Expr != "" {
				fmt.Fprintf(stderr, "  in %s: %s\n", where, qe.Expr)
			} else {
				fmt.Fprintf(stderr, "  in %s\n", where)
			}
			return 1
		}
		fmt.Fprintf(stderr, "error: %s\n", fileio.ErrorLine(err.Error()))
		return 1
	}
	return 0
}

// execute runs j on eng. With an output path, the result goes to a temporary
// file in the same directory, renamed over path only on success; otherwise to
// stdout, streamed.
func execute(ctx context.Context, eng engine, j *runJob, outPath string, stdout io.Writer) (err error) {
	j.out = stdout
	if outPath != "" && outPath != "-" {
		var tmp *os.File
		tmp, err = os.CreateTemp(filepath.Dir(outPath), "."+filepath.Base(outPath)+".tmp*")
		if err != nil {
			return err
		}
		defer func() {
			if err != nil {
				tmp.Close()
				os.Remove(tmp.Name())
				return
			}
			if err = tmp.Close(); err != nil {
				os.Remove(tmp.Name())
				return
			}
			// CreateTemp makes the file 0600; give it the usual mode.
			os.Chmod(tmp.Name(), 0o644) //nolint:errcheck // best effort
			if err = os.Rename(tmp.Name(), outPath); err != nil {
				os.Remove(tmp.Name())
			}
		}()
		j.out = tmp
	}
	return eng.Run(ctx, j)
}

// readInner reads whole every table q's subqueries read, from the --input
// files in their formats, keyed by lower-cased table name. It returns the
// warnings about the columns the subqueries read; with strict, the first is
// the error.
func readInner(q *ir.Query, files, formats map[string]string, batchSize int, strict bool) (map[string][]arrow.RecordBatch, []error, error) {
	out := map[string][]arrow.RecordBatch{}
	var warnings []error
	for _, s := range q.Subqueries {
		key := strings.ToLower(s.Table.Name)
		if _, done := out[key]; done {
			continue
		}
		path, ok := files[key]
		if !ok {
			releaseTables(out)
			return nil, nil, fmt.Errorf("query %s reads table %s in a subquery: give its data with --input %s=FILE", q.Name, s.Table.Name, s.Table.Name)
		}
		batches, warns, err := readAll(path, formats[key], s.Table, q.Zone, batchSize, readColumns(q, key))
		if err == nil && strict && len(warns) > 0 {
			err = warns[0]
			releaseBatches(batches)
		}
		if err != nil {
			releaseTables(out)
			return nil, nil, err
		}
		out[key] = batches
		warnings = append(warnings, warns...)
	}
	return out, warnings, nil
}

// readAll reads every batch of a table's input file, in format ("": by its
// extension), TIMESTAMP text without an offset in the session zone, and
// returns the warnings about the columns read marks.
func readAll(path, format string, t *ir.Table, zone string, batchSize int, read []bool) ([]arrow.RecordBatch, []error, error) {
	in, err := fileio.OpenPath(path, format, nil, ir.ArrowSchema(t.Columns), fileio.Options{BatchSize: batchSize, Zone: zone})
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	var out []arrow.RecordBatch
	for {
		b, err := in.Next()
		if err == io.EOF {
			return out, readWarnings(in, read, t.Columns), nil
		}
		if err != nil {
			releaseBatches(out)
			return nil, nil, err
		}
		out = append(out, b)
	}
}

func releaseBatches(bs []arrow.RecordBatch) {
	for _, b := range bs {
		b.Release()
	}
}

func releaseTables(tables map[string][]arrow.RecordBatch) {
	for _, bs := range tables {
		releaseBatches(bs)
	}
}

// stdinFile is what --input TABLE=- reads; tests replace it.
var stdinFile = os.Stdin

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine shows rows processed and the rate on one updating line. A nil
// *progressLine does nothing.
type progressLine struct {
	w     io.Writer
	start time.Time
	last  time.Time
	shown bool
}

func newProgressLine(w io.Writer) *progressLine {
	now := time.Now()
	return &progressLine{w: w, start: now, last: now}
}

func (p *progressLine) update(rows int64) {
	if p == nil {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	rate := float64(rows) / now.Sub(p.start).Seconds()
	fmt.Fprintf(p.w, "\r\x1b[K%d rows, %.0f rows/s", rows, rate)
	p.shown = true
}

// finish clears the line.
func (p *progressLine) finish() {
	if p == nil || !p.shown {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
}
