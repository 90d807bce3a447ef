package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Formats are the file formats of the matrix, inputs and outputs alike.
var Formats = []string{"csv", "parquet"}

// Config is one run of the benchmark.
type Config struct {
	// Root is the exprc repository (the main module): exprc is built there
	// and run there, with the spec files relative to it.
	Root string
	// Dir holds the generated data, kept between runs, and the outputs of
	// the job being measured.
	Dir string
	// Rows are the row counts of the data; Threads the thread counts given
	// to both engines (default 1 and runtime.NumCPU()).
	Rows    []int
	Threads []int
	// Repeat is the number of runs of each engine on each job.
	Repeat int
	// Engine is exprc's --engine; "" leaves the flag out (exprc's default).
	Engine string
	// Chunk is the number of rows generated at a time, each chunk seeded
	// differently and written as one Parquet row group.
	Chunk int
	// Self is the command that runs this program, whose main calls Child
	// first: each DuckDB job is Self ChildCommand -threads N -sql SQL.
	Self []string
	// Timeout bounds each process.
	Timeout time.Duration
	// Startup measures the compiled engine's first (building) and second
	// (cached) run on a tiny input.
	Startup bool
	// Command is the command line that ran the benchmark, for the report.
	Command string
	// Log receives progress lines.
	Log io.Writer
}

// tinyRows is the size of the input of the warm-up runs and of the start-up
// measurement.
const tinyRows = 1000

// job is one cell of the matrix.
type job struct {
	rows    int
	in, out string
	threads int
}

func (j job) String() string {
	return fmt.Sprintf("%d rows, %s -> %s, %d thread%s", j.rows, j.in, j.out, j.threads, plural(j.threads))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Run builds exprc, generates the data that is missing, measures every job
// of the matrix (rows x input format x output format x threads) with both
// engines and returns the report. Any failure but exprc rejecting a format it
// does not support is an error, as is an output of exprc that differs from
// DuckDB's.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if len(cfg.Threads) == 0 {
		cfg.Threads = []int{1}
		if n := runtime.NumCPU(); n > 1 {
			cfg.Threads = append(cfg.Threads, n)
		}
	}
	switch {
	case len(cfg.Rows) == 0:
		return nil, errors.New("no row counts")
	case cfg.Repeat < 1:
		return nil, fmt.Errorf("repeat %d: want at least 1", cfg.Repeat)
	case cfg.Chunk < 1:
		return nil, fmt.Errorf("chunk %d: want at least 1", cfg.Chunk)
	case len(cfg.Self) == 0:
		return nil, errors.New("no command for the DuckDB jobs (Config.Self)")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Minute
	}
	root, err := filepath.Abs(cfg.Root)
	if err != nil {
		return nil, err
	}
	cfg.Root = root
	if cfg.Dir, err = filepath.Abs(cfg.Dir); err != nil {
		return nil, err
	}
	sp, err := loadSpec(cfg.Root)
	if err != nil {
		return nil, err
	}
	rep := &Report{Command: cfg.Command, Meta: machineMeta(ctx, cfg)}

	bin, err := os.MkdirTemp("", "exprc-e2e-bin-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(bin)
	// exprc is built by go build, so that it records the module versions its
	// compiled engine needs; the measuring command is this module's.
	exprc, measurer := filepath.Join(bin, "exprc"), filepath.Join(bin, "measure")
	for _, b := range []struct{ dir, out, pkg string }{
		{cfg.Root, exprc, "./cmd/exprc"},
		{filepath.Join(cfg.Root, "bench", "peers"), measurer, "./e2e/cmd/measure"},
	} {
		fmt.Fprintf(cfg.Log, "building %s\n", b.out)
		build := exec.CommandContext(ctx, "go", "build", "-o", b.out, b.pkg)
		build.Dir = b.dir
		if out, err := build.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("go build %s: %v\n%s", b.pkg, err, out)
		}
	}

	data := map[int]dataFiles{}
	for _, n := range append([]int{tinyRows}, cfg.Rows...) {
		d := dataNames(cfg.Dir, n, cfg.Chunk)
		if err := ensureData(d, cfg.Chunk, cfg.Log); err != nil {
			return nil, err
		}
		data[n] = d
	}
	outDir := filepath.Join(cfg.Dir, "out")
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	defer os.RemoveAll(outDir)
	r := &runner{cfg: cfg, sp: sp, exprc: exprc, measurer: measurer, outDir: outDir}

	// Warm-up, not measured: builds the compiled engine if cfg.Engine may
	// use it (into the user's cache, as a user's first run on a large file
	// would: --engine auto builds only for a large input, so the warm-up
	// asks for the compiled engine) and brings both programs into the page
	// cache.
	tiny := job{rows: tinyRows, in: "csv", out: "csv", threads: 1}
	fmt.Fprintf(cfg.Log, "warm-up on %d rows\n", tinyRows)
	if cfg.Engine == "" || cfg.Engine == "auto" {
		if _, err := r.measure(ctx, nil, r.exprcArgv(tiny, data[tinyRows].csv, r.outPath(tiny, "exprc"), "compiled")...); err != nil {
			return nil, fmt.Errorf("exprc warm-up (building the compiled engine): %w", err)
		}
	}
	rep.Floor.Rows = tinyRows
	if rep.Floor.Exprc, err = r.measure(ctx, nil, r.exprcArgv(tiny, data[tinyRows].csv, r.outPath(tiny, "exprc"), cfg.Engine)...); err != nil {
		return nil, fmt.Errorf("exprc warm-up: %w", err)
	}
	if rep.Floor.DuckDB, err = r.measure(ctx, nil, r.duckArgv(tiny, data[tinyRows].csv, r.outPath(tiny, "duckdb"))...); err != nil {
		return nil, fmt.Errorf("DuckDB warm-up: %w", err)
	}
	if _, err := sp.compareOutputs(ctx, "csv", r.outPath(tiny, "exprc"), r.outPath(tiny, "duckdb")); err != nil {
		return nil, fmt.Errorf("warm-up (%s): %w", tiny, err)
	}

	if cfg.Startup {
		rep.Startup = r.startup(ctx, data[tinyRows].csv)
	}

	unsupported := map[string]string{} // "in->out": exprc's message
	for _, n := range cfg.Rows {
		for _, in := range Formats {
			for _, out := range Formats {
				for _, th := range cfg.Threads {
					j := job{rows: n, in: in, out: out, threads: th}
					res, err := r.job(ctx, j, data[n].path(in), unsupported)
					if err != nil {
						return nil, fmt.Errorf("%s: %w", j, err)
					}
					rep.Jobs = append(rep.Jobs, res)
				}
			}
		}
	}
	rep.Meta.LoadEnd = loadAvg()
	return rep, nil
}

type runner struct {
	cfg      Config
	sp       *spec
	exprc    string
	measurer string // e2e/cmd/measure
	outDir   string
}

func (r *runner) outPath(j job, engine string) string {
	return filepath.Join(r.outDir, fmt.Sprintf("%d-%s-%s-t%d.%s.%s", j.rows, j.in, j.out, j.threads, engine, j.out))
}

// exprcArgv is exprc's command line for j; engine "" leaves --engine out.
func (r *runner) exprcArgv(j job, in, out, engine string) []string {
	argv := append([]string{r.exprc, "run"}, specFiles...)
	argv = append(argv, "--query", queryName, "--input", r.sp.table.Name+"="+in, "--output", out,
		"--threads", strconv.Itoa(j.threads), "--progress", "never")
	if engine != "" {
		argv = append(argv, "--engine", engine)
	}
	return argv
}

// duckArgv is the DuckDB child's command line for j.
func (r *runner) duckArgv(j job, in, out string) []string {
	return append(slices.Clone(r.cfg.Self), ChildCommand, "-threads", strconv.Itoa(j.threads), "-sql", r.sp.copySQL(j.in, in, j.out, out))
}

// job measures j: Repeat runs of each engine, alternating which goes first,
// and after the first pair the check that exprc's output equals DuckDB's.
// When exprc cannot write j's output format (see classify) the cell is
// unsupported: the message is kept in unsupported under "in->out" and exprc
// is not run again on that pair of formats, whatever the rows and threads.
func (r *runner) job(ctx context.Context, j job, in string, unsupported map[string]string) (JobResult, error) {
	res := JobResult{Rows: j.rows, In: j.in, Out: j.out, Threads: j.threads}
	pair := j.in + "->" + j.out
	res.Unsupported = unsupported[pair]
	exprcOut, duckOut := r.outPath(j, "exprc"), r.outPath(j, "duckdb")
	defer os.Remove(exprcOut)
	defer os.Remove(duckOut)
	fmt.Fprintf(r.cfg.Log, "%s:", j)
	defer fmt.Fprintln(r.cfg.Log)
	runExprc := func() error {
		if res.Unsupported != "" {
			return nil
		}
		s, err := r.measure(ctx, nil, r.exprcArgv(j, in, exprcOut, r.cfg.Engine)...)
		msg, err := classify(err, j.out, exprcOut)
		if err != nil {
			return fmt.Errorf("exprc: %w", err)
		}
		if msg != "" {
			res.Unsupported, unsupported[pair] = msg, msg
			fmt.Fprintf(r.cfg.Log, " exprc unsupported (%s)", firstLineOf(msg))
			return nil
		}
		fmt.Fprintf(r.cfg.Log, " exprc %.2fs", s.Wall.Seconds())
		res.Exprc = append(res.Exprc, s)
		return nil
	}
	runDuck := func() error {
		s, err := r.measure(ctx, nil, r.duckArgv(j, in, duckOut)...)
		if err != nil {
			return fmt.Errorf("DuckDB: %w", err)
		}
		fmt.Fprintf(r.cfg.Log, " duckdb %.2fs", s.Wall.Seconds())
		res.DuckDB = append(res.DuckDB, s)
		return nil
	}
	for i := range r.cfg.Repeat {
		order := []func() error{runExprc, runDuck}
		if i%2 == 1 {
			order[0], order[1] = order[1], order[0]
		}
		for _, run := range order {
			if err := run(); err != nil {
				return res, err
			}
		}
		if i == 0 && res.Unsupported == "" {
			n, err := r.sp.compareOutputs(ctx, j.out, exprcOut, duckOut)
			if err != nil {
				return res, fmt.Errorf("exprc's output is not DuckDB's: %w", err)
			}
			if n == 0 {
				return res, errors.New("the query returned no rows: nothing was compared")
			}
			res.OutRows = n
		}
	}
	return res, nil
}

// formatRejected matches exprc's message when it refuses an output format.
var formatRejected = regexp.MustCompile(`(?i)(unknown|unsupported|not supported|cannot write|can't write).*\b(format|output)\b|\b(format|output)\b.*(unknown|unsupported|not supported)`)

// classify sorts out exprc's run of a job whose output file out has format
// outFmt: msg is non-empty when exprc cannot write that format (the cell is
// unsupported), err when the run failed otherwise. exprc either rejects the
// format (a non-zero exit with a message formatRejected matches: msg is its
// stderr) or, as the exprc of this writing does for a .parquet output,
// exits 0 having written JSON lines, its default format, into the file.
func classify(runErr error, outFmt, out string) (msg string, err error) {
	var rf *runFailure
	if errors.As(runErr, &rf) {
		if formatRejected.MatchString(rf.output) {
			return strings.TrimSpace(stderrMessage(rf.output)), nil
		}
		return "", runErr
	}
	if runErr != nil {
		return "", runErr
	}
	if outFmt != "parquet" {
		return "", nil
	}
	f, err := os.Open(out)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	head := make([]byte, 4)
	tail := make([]byte, 4)
	if st.Size() >= 8 {
		if _, err := f.ReadAt(head, 0); err != nil {
			return "", err
		}
		if _, err := f.ReadAt(tail, st.Size()-4); err != nil {
			return "", err
		}
		if string(head) == "PAR1" && string(tail) == "PAR1" {
			return "", nil
		}
	}
	if bytes.HasPrefix(head, []byte("{")) {
		return "exprc exited 0 but wrote JSON lines, not Parquet, into its .parquet output (it has no Parquet writer: the output format falls back to jsonl)", nil
	}
	return "", fmt.Errorf("exprc exited 0 but %s is not a Parquet file (it starts %q)", out, head)
}

// stderrMessage is exprc's error message: stderr up to its usage text.
func stderrMessage(stderr string) string {
	msg, _, _ := strings.Cut(stderr, "\n\n")
	return msg
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// startup measures the compiled engine on the tiny input: with
// XDG_CACHE_HOME a fresh directory (an empty engine cache), the first run
// builds the engine and the second finds it built. GOCACHE stays the user's
// Go build cache: what is measured is building the query's engine, not
// compiling arrow-go from scratch. The interpreter on the same input is the
// baseline.
func (r *runner) startup(ctx context.Context, tinyCSV string) Startup {
	st := Startup{Measured: true, Rows: tinyRows}
	cache, err := os.MkdirTemp("", "exprc-e2e-cache-")
	if err != nil {
		st.Unavailable = err.Error()
		return st
	}
	defer os.RemoveAll(cache)
	env := os.Environ()
	if out, err := exec.CommandContext(ctx, "go", "env", "GOCACHE").Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		env = append(env, "GOCACHE="+string(bytes.TrimSpace(out)))
	}
	env = append(env, "XDG_CACHE_HOME="+cache)
	j := job{rows: tinyRows, in: "csv", out: "csv", threads: 1}
	out := r.outPath(j, "startup")
	defer os.Remove(out)
	fmt.Fprintf(r.cfg.Log, "compiled engine start-up on %d rows:", tinyRows)
	defer fmt.Fprintln(r.cfg.Log)
	for i, dst := range []*time.Duration{&st.Build, &st.Cached} {
		s, err := r.measure(ctx, env, r.exprcArgv(j, tinyCSV, out, "compiled")...)
		if err != nil {
			var rf *runFailure
			if errors.As(err, &rf) {
				err = errors.New(strings.TrimSpace(stderrMessage(rf.output)))
			}
			st.Unavailable = fmt.Sprintf("run %d of --engine compiled failed: %v", i+1, err)
			return st
		}
		*dst = s.Wall
		fmt.Fprintf(r.cfg.Log, " %.2fs", s.Wall.Seconds())
	}
	if s, err := r.measure(ctx, env, r.exprcArgv(j, tinyCSV, out, "interp")...); err == nil {
		st.Interp = s.Wall
		fmt.Fprintf(r.cfg.Log, " (interp %.2fs)", s.Wall.Seconds())
	}
	return st
}
