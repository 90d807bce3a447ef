package e2e

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestMain runs the DuckDB jobs of TestPipeline: the test binary is their
// Config.Self.
func TestMain(m *testing.M) {
	if code, ok := Child(os.Args[1:]); ok {
		os.Exit(code)
	}
	os.Exit(m.Run())
}

const root = "../../.."

// TestPipeline runs the whole benchmark at 2,000 rows (chunks of 700), one run
// per job: exprc is built, the data generated, every job run on both engines
// and checked, the compiled engine's start-up measured, and the report
// written.
func TestPipeline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds exprc and runs some 20 processes; skipped with -short")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var log strings.Builder
	rep, err := Run(ctx, Config{
		Root: root, Dir: t.TempDir(), Rows: []int{2000}, Threads: []int{1, 2}, Repeat: 1, Chunk: 700,
		Self: []string{self}, Timeout: 3 * time.Minute, Startup: true, Command: "go test", Log: &log,
	})
	t.Logf("log:\n%s", log.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Jobs) != 8 {
		t.Fatalf("%d jobs, want 8 (2 inputs x 2 outputs x 2 thread counts)", len(rep.Jobs))
	}
	for _, j := range rep.Jobs {
		name := j.In + "->" + j.Out
		if len(j.DuckDB) != 1 || j.DuckDB[0].Wall <= 0 || j.DuckDB[0].MaxRSS <= 0 || j.DuckDB[0].CPU <= 0 {
			t.Errorf("%s: DuckDB samples %+v", name, j.DuckDB)
		}
		switch {
		case j.Unsupported != "":
			if j.Out == "csv" {
				t.Errorf("%s: exprc writes CSV, but the job is unsupported: %s", name, j.Unsupported)
			}
			if len(j.Exprc) != 0 {
				t.Errorf("%s: unsupported, yet %d exprc samples", name, len(j.Exprc))
			}
		case len(j.Exprc) != 1 || j.Exprc[0].Wall <= 0 || j.Exprc[0].MaxRSS <= 0:
			t.Errorf("%s: exprc samples %+v", name, j.Exprc)
		case j.OutRows < 1500 || j.OutRows >= 2000:
			// About 1% of shipdates are after 1998-09-02 and 10% NULL.
			t.Errorf("%s: %d output rows, want 1500..1999", name, j.OutRows)
		}
		// A child's peak RSS must be its own, not this process's (see
		// internal/measure): this test has DuckDB's library and every
		// batch it generated resident.
		for _, s := range append(j.Exprc, j.DuckDB...) {
			if s.MaxRSS > 1<<30 {
				t.Errorf("%s: peak RSS %d MB: not the process's own", name, s.MaxRSS>>20)
			}
		}
	}
	if !rep.Startup.Measured {
		t.Error("the compiled engine's start-up was not measured")
	} else if rep.Startup.Unavailable == "" && (rep.Startup.Build <= 0 || rep.Startup.Cached <= 0) {
		t.Errorf("start-up %+v", rep.Startup)
	}
	var b strings.Builder
	if err := WriteReport(&b, rep); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## 2,000 rows\n", "| csv -> csv, 1 thread | ", "| parquet -> csv, 2 threads | ", "## Compiled engine start-up\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	t.Logf("report:\n%s", b.String())
}

// TestCompareOutputs checks that the comparison catches a double that differs
// in its last bit, a missing row, a duplicated row and a wrong header, and
// passes the same rows in another order and spelling.
func TestCompareOutputs(t *testing.T) {
	sp, err := loadSpec(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	header := sp.header() + "\n"
	rows := "R,F,41.0,68829.16,66075.9936,66075.9936\nA,,1,2,0.30000000000000004,\n"
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	base := write("base.csv", header+rows)
	ctx := context.Background()
	if n, err := sp.compareOutputs(ctx, "csv", base, write("same.csv", header+"A,,1.0,2e0,0.30000000000000004,\nR,F,41,68829.16,66075.9936,66075.9936\n")); err != nil || n != 2 {
		t.Errorf("equal outputs: %d rows, %v", n, err)
	}
	for name, text := range map[string]string{
		"lastbit":   header + strings.Replace(rows, "0.30000000000000004", "0.3", 1),
		"missing":   header + rows[:strings.Index(rows, "\n")+1],
		"duplicate": header + rows + rows[:strings.Index(rows, "\n")+1],
		"null":      header + strings.Replace(rows, "A,,", "A,\"\",", 1),
		"header":    strings.Replace(header, "charge", "price", 1) + rows,
	} {
		if _, err := sp.compareOutputs(ctx, "csv", base, write(name+".csv", text)); err == nil {
			t.Errorf("%s: the outputs compare equal", name)
		}
	}
}

// TestClassify checks how a run of exprc is sorted out: a rejected format is
// unsupported, JSON lines in a .parquet file too, any other failure is an
// error.
func TestClassify(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name   string
		err    error
		format string
		file   string
		msg    string // wanted unsupported message ("": supported)
		fails  bool
	}{
		{"rejected", &runFailure{err: "exit status 1", output: "error: unknown --format \"parquet\" (want jsonl or csv)\n\nusage: exprc run"}, "parquet", "",
			`error: unknown --format "parquet" (want jsonl or csv)`, false},
		{"no writer", &runFailure{err: "exit status 1", output: "error: output format parquet is not supported\n"}, "parquet", "",
			"error: output format parquet is not supported", false},
		{"query error", &runFailure{err: "exit status 1", output: "error: row 3: DIVIDE_BY_ZERO: division by zero\n"}, "parquet", "", "", true},
		{"bad input", &runFailure{err: "exit status 1", output: "error: x.parquet: not a readable Parquet file: EOF\n"}, "csv", "", "", true},
		{"killed", &runFailure{err: "killed after the 1m0s timeout"}, "csv", "", "", true},
		{"measuring failed", errors.New("measuring exprc: exit status 2"), "csv", "", "", true},
		{"csv written", nil, "csv", write("a.csv", "x\n1\n"), "", false},
		{"parquet written", nil, "parquet", write("a.parquet", "PAR1 data PAR1"), "", false},
		{"jsonl in parquet", nil, "parquet", write("b.parquet", `{"l_returnflag":"R"}`+"\n"), "exprc exited 0 but wrote JSON lines", false},
		{"garbage in parquet", nil, "parquet", write("c.parquet", "l_returnflag\nR\n"), "", true},
		{"empty parquet", nil, "parquet", write("d.parquet", ""), "", true},
	} {
		msg, err := classify(c.err, c.format, c.file)
		if (err != nil) != c.fails {
			t.Errorf("%s: error %v, want failure %v", c.name, err, c.fails)
		}
		if (c.msg == "") != (msg == "") || !strings.HasPrefix(msg, c.msg) {
			t.Errorf("%s: unsupported %q, want %q", c.name, msg, c.msg)
		}
	}
}

// TestCopySQL checks DuckDB's statement: the spec's own SELECT with its table
// replaced by the reader of the input file.
func TestCopySQL(t *testing.T) {
	sp, err := loadSpec(root)
	if err != nil {
		t.Fatal(err)
	}
	got := sp.copySQL("parquet", "/d/in'x.parquet", "csv", "/d/out.csv")
	want := "COPY (SELECT l_returnflag,\n       l_linestatus,\n       l_quantity,\n       l_extendedprice,\n" +
		"       l_extendedprice * (1 - l_discount) AS disc_price,\n" +
		"       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge\n" +
		"FROM read_parquet('/d/in''x.parquet') AS lineitem\nWHERE l_shipdate <= DATE '1998-09-02') TO '/d/out.csv' (FORMAT csv, HEADER true)"
	if got != want {
		t.Errorf("copySQL:\n%s\nwant\n%s", got, want)
	}
	got = sp.copySQL("csv", "/d/in.csv", "parquet", "/d/out.parquet")
	for _, want := range []string{
		"FROM read_csv('/d/in.csv', header=true, auto_detect=false, delim=',', quote='\"', escape='\"', allow_quoted_nulls=false, " +
			"columns={'l_orderkey': 'BIGINT', 'l_partkey': 'BIGINT', ",
		"'l_linenumber': 'INTEGER', 'l_quantity': 'DOUBLE', ", "'l_shipdate': 'DATE', ", "'l_comment': 'VARCHAR'}) AS lineitem\n",
		"TO '/d/out.parquet' (FORMAT parquet)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("copySQL lacks %q:\n%s", want, got)
		}
	}
}

// TestMeasureOwnRSS checks that a measured process's peak RSS is its own when
// the measuring process is large (this test holds 600 MB): the reason
// e2e/cmd/measure exists.
func TestMeasureOwnRSS(t *testing.T) {
	measurer := filepath.Join(t.TempDir(), "measure")
	build := exec.Command("go", "build", "-o", measurer, "./cmd/measure")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	big := make([]byte, 600<<20)
	for i := 0; i < len(big); i += 4096 {
		big[i] = 1
	}
	r := &runner{cfg: Config{Root: root, Timeout: time.Minute}, measurer: measurer}
	s, err := r.measure(context.Background(), nil, "true")
	runtime.KeepAlive(big)
	if err != nil {
		t.Fatal(err)
	}
	if s.MaxRSS <= 0 || s.MaxRSS > 100<<20 {
		t.Errorf("peak RSS of true: %d MB, want under 100", s.MaxRSS>>20)
	}
	_, err = r.measure(context.Background(), nil, "false")
	var rf *runFailure
	if !errors.As(err, &rf) || rf.err != "exit status 1" {
		t.Errorf("false: %v, want a runFailure", err)
	}
}
