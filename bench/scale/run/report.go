package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/exprc/exprc/bench/scale"
)

// targets are the code-volume issue's bounds for one shape at 100 queries x
// 20 columns; a zero field has no bound.
type targets struct {
	genSeconds, buildSeconds float64
	genBytes, buildBytes     int64
	// lines bounds the generated lines: a third of the figure the issue
	// measured before the work (132,240 and 773,103 lines).
	lines int64
}

// shapeTargets are the bounds per shape; maxFuncLines bounds every shape.
var shapeTargets = map[scale.Shape]targets{
	scale.Everyday: {genSeconds: 1, buildSeconds: 10, lines: 132240 / 3},
	scale.Nested:   {genSeconds: 3, genBytes: 500 * mb, buildSeconds: 90, buildBytes: 3 * gb, lines: 773103 / 3},
}

// targetQueries and targetColumns are the spec size the targets are for.
const targetQueries, targetColumns = 100, 20

// targetSentence states the targets, as the report repeats them.
const targetSentence = "The targets of the code-volume issue are: everyday `exprc gen` ≤ 1 s and `go build` ≤ 10 s; " +
	"nested `exprc gen` ≤ 3 s and ≤ 500 MB, `go build` ≤ 90 s and peak RSS ≤ 3 GB; " +
	"no generated function over 1,000 lines; generated lines at most a third of the issue's figures " +
	"(132,240 everyday, 773,103 nested: ≤ 44,080 and ≤ 257,701) (all at 100 queries x 20 columns)."

// machine describes where and when the benchmark ran.
type machine struct {
	date      time.Time
	duration  time.Duration
	cpus      int
	cpuModel  string
	memTotal  int64
	goVersion string
	commit    string
	loadStart string
	loadEnd   string
}

// machineInfo collects the description of the machine and checkout; a
// detail it cannot read is "unknown" rather than an error, since the figures
// stand without it.
func machineInfo(root string, started time.Time) machine {
	m := machine{date: started.UTC(), cpus: runtime.NumCPU(), cpuModel: "unknown", memTotal: memInfo("MemTotal"), loadStart: loadAvg()}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				m.cpuModel = strings.TrimSpace(v)
				break
			}
		}
	}
	m.goVersion = "unknown"
	if out, err := exec.Command("go", "version").Output(); err == nil {
		m.goVersion = strings.TrimSpace(string(out))
	}
	m.commit = "unknown"
	if out, err := exec.Command("git", "-C", root, "rev-parse", "--short=12", "HEAD").Output(); err == nil {
		m.commit = strings.TrimSpace(string(out))
		if st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(st) > 0 {
			// Name them: on a shared checkout they are often files the
			// benchmark does not read.
			var paths []string
			for _, line := range strings.Split(strings.TrimRight(string(st), "\n"), "\n") {
				if len(line) > 3 {
					paths = append(paths, "`"+line[3:]+"`")
				}
			}
			if len(paths) > 5 {
				paths = append(paths[:5], fmt.Sprintf("and %d more", len(paths)-5))
			}
			m.commit += " with uncommitted changes to " + strings.Join(paths, ", ")
		}
	}
	return m
}

// loadAvg is the 1, 5 and 15 minute load averages.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// writeReport renders bench/SCALE.md.
func writeReport(o options, m machine, results []result) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Compile-side scale benchmark\n\n")
	p("What a deployment-sized spec costs at compile time: `exprc gen` of %d queries x %d columns of each shape\n", o.queries, o.columns)
	p("of `bench/scale` (everyday: sums, IF, a three-way CASE to strings, upper, COALESCE, LIKE; nested:\n")
	p("IF/CASE/COALESCE/DIV and arithmetic nested to depth %d, over one table of 26 nullable columns),\n", scale.MaxDepth)
	p("the volume of the Go code it generates, and `go build` of the generated package.\n")
	p("Written by `bench/scale/run` (`make bench-scale`, or `make bench-scale-quick` for everyday alone); do not edit.\n\n")
	p("%s\n\n", targetSentence)
	p("- Command: `go run ./bench/scale/run%s`\n", argString(o.args))
	p("- Date: %s (the run took %s)\n", m.date.Format("2006-01-02 15:04 MST"), roundDur(m.duration))
	p("- Machine: %d CPUs (nproc), %s, %s of memory; load average %s at the start, %s at the end\n", m.cpus, m.cpuModel, fmtBytes(m.memTotal), m.loadStart, m.loadEnd)
	p("- Go: %s\n", m.goVersion)
	p("- Checkout: %s\n", m.commit)
	p("- Limits: `exprc gen` timeout %s, `go build` timeout %s, memory guard %s\n\n", durOrNone(o.genLimit.timeout), durOrNone(o.buildLim.timeout), o.memLimitDescription)

	p("| shape | spec | exprc gen | generated lines | lines per query | longest function | go build |\n")
	p("|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		if r.gen.killed != "" {
			p("| %s | %s | %s | – | – | – | – |\n", r.cfg.Shape, fmtKB(r.specBytes), r.gen.killed)
			continue
		}
		p("| %s | %s | %s, %s | %s | %s | %s lines | %s |\n", r.cfg.Shape, fmtKB(r.specBytes),
			fmtSeconds(r.gen.wall), fmtBytes(r.gen.peak()), thousands(int64(r.code.lines)),
			thousands(int64(r.code.lines/r.cfg.Queries)), thousands(int64(r.code.largestLines)), buildSummary(r))
	}
	for _, r := range results {
		writeShape(&b, r)
	}
	p("\n## Method\n\n")
	p("- Each spec is `go run ./bench/scale/specgen -shape SHAPE -queries %d -columns %d -seed %d`: deterministic, so runs on\n", o.queries, o.columns, o.seed)
	p("  different commits measure the same input.\n")
	p("- exprc is built once with `go build`; `exprc gen` is then timed as a process of its own (wall time).\n")
	p("- Peak RSS is `ru_maxrss` of the measured process from wait4 (`ProcessState.SysUsage`). On Linux it covers the\n")
	p("  process and every descendant it waited for, so for `go build` it is the peak of its largest process, the\n")
	p("  compiler it runs as a child (what `/usr/bin/time` reports). The summed RSS of the whole process group is also\n")
	p("  sampled every %s: it drives the memory guard and is the only peak left for a killed build.\n", pollInterval)
	p("- Generated lines are the lines of `exprc_gen.go`; a function's length is the line span of its declaration\n")
	p("  (go/parser, from `func` to the closing brace).\n")
	p("- `go build` builds the generated package in a temporary module that uses this checkout through a `replace`\n")
	p("  directive (`GOFLAGS=-mod=mod`, `GOPROXY=off`: the existing module cache only), with a fresh GOCACHE into which\n")
	p("  every dependency of the package (standard library, arrow-go, templates/rt, templates/vec) is built first,\n")
	p("  unmeasured. The figure is the cost of compiling the generated package itself, with its dependencies built, as\n")
	p("  after regenerating in a project; a shared GOCACHE would hit a previous run's result, `go build -a` would count\n")
	p("  the dependencies.\n")
	p("- A measured process group is killed when it runs past its timeout, its summed RSS passes the memory guard, or\n")
	p("  the machine's available memory falls under the floor kept for other processes; the figure is then reported as\n")
	p("  killed, with the peak sampled until then.\n")
	p("- MB is 2^20 bytes and GB 2^30. The machine is shared: the load averages above show what else ran.\n")
	return b.String()
}

// writeShape renders one shape's table.
func writeShape(b *strings.Builder, r result) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	t, hasTargets := shapeTargets[r.cfg.Shape]
	if r.cfg.Queries != targetQueries || r.cfg.Columns != targetColumns {
		hasTargets = false
	}
	// row writes one measure, its target and whether it was met; a bound of
	// 0 or a run off the targets' size shows no target.
	row := func(measure, value, target string, met bool) {
		verdict := ""
		if target != "" {
			verdict = "met"
			if !met {
				verdict = "**missed**"
			}
		} else {
			target = "–"
		}
		p("| %s | %s | %s | %s |\n", measure, value, target, verdict)
	}
	p("\n## %s\n\n", r.cfg.Shape)
	if !hasTargets {
		p("The time and memory targets are for %d queries x %d columns, so they are not shown for this size.\n\n", targetQueries, targetColumns)
	}
	p("| measure | value | target | |\n")
	p("|---|---|---|---|\n")
	row("spec", fmt.Sprintf("%s: %d queries x %d columns (seed %d)", fmtKB(r.specBytes), r.cfg.Queries, r.cfg.Columns, r.cfg.Seed), "", true)
	secs := func(limit float64) string {
		if !hasTargets || limit == 0 {
			return ""
		}
		return fmt.Sprintf("≤ %g s", limit)
	}
	bytesTarget := func(limit int64) string {
		if !hasTargets || limit == 0 {
			return ""
		}
		return "≤ " + fmtBytesShort(limit)
	}
	if r.gen.killed != "" {
		row("exprc gen time", r.gen.killed, secs(t.genSeconds), false)
		row("exprc gen peak RSS", "≥ "+fmtBytes(r.gen.peak())+" (sampled over the process tree)", bytesTarget(t.genBytes), r.gen.peak() <= t.genBytes || t.genBytes == 0)
		p("\nNothing else was measured: `exprc gen` did not finish.\n")
		return
	}
	row("exprc gen time", fmt.Sprintf("%s (CPU %s)", fmtSeconds(r.gen.wall), fmtCPU(r.gen.cpu)), secs(t.genSeconds), r.gen.wall.Seconds() <= t.genSeconds)
	row("exprc gen peak RSS", fmtBytes(r.gen.peak()), bytesTarget(t.genBytes), r.gen.peak() <= t.genBytes)
	linesTarget := ""
	if t.lines > 0 {
		linesTarget = fmt.Sprintf("≤ %s lines", thousands(t.lines))
	}
	row("generated Go", fmt.Sprintf("%s lines (%.1f MB), %d functions", thousands(int64(r.code.lines)), float64(r.code.bytes)/mb, r.code.funcs),
		linesTarget, t.lines == 0 || int64(r.code.lines) <= t.lines)
	row("lines per query", thousands(int64(r.code.lines/r.cfg.Queries)), "", true)
	row("longest function", fmt.Sprintf("%s lines (%s)", thousands(int64(r.code.largestLines)), r.code.largest),
		fmt.Sprintf("≤ %s lines", thousands(maxFuncLines)), r.code.largestLines <= maxFuncLines)
	row("functions over 1,000 lines", fmt.Sprintf("%d of %d", r.code.over, r.code.funcs), "", true)
	if r.build.killed != "" {
		row("go build time", fmt.Sprintf("%s (CPU %s used by then)", r.build.killed, fmtCPU(r.build.treeCPU)), secs(t.buildSeconds), false)
		peak := r.build.peak()
		row("go build peak RSS", "≥ "+fmtBytes(peak)+" (sampled over the process tree until killed)", bytesTarget(t.buildBytes), t.buildBytes == 0 || peak <= t.buildBytes)
		if t.buildBytes != 0 && peak <= t.buildBytes {
			p("\nThe build was killed before its peak was known: its RSS target is not settled by this run.\n")
		}
		return
	}
	row("go build time", fmt.Sprintf("%s (CPU %s; dependencies built beforehand in %s)", fmtSeconds(r.build.wall), fmtCPU(r.build.cpu), roundDur(r.warm)),
		secs(t.buildSeconds), r.build.wall.Seconds() <= t.buildSeconds)
	row("go build peak RSS", fmt.Sprintf("%s (largest process; %s summed over the process tree, sampled)", fmtBytes(r.build.peak()), fmtBytes(r.build.treePeak)),
		bytesTarget(t.buildBytes), r.build.peak() <= t.buildBytes)
}

// buildSummary is the go build cell of the summary table.
func buildSummary(r result) string {
	if r.build.killed != "" {
		return fmt.Sprintf("%s (≥ %s)", r.build.killed, fmtBytes(r.build.peak()))
	}
	return fmt.Sprintf("%s, %s", fmtSeconds(r.build.wall), fmtBytes(r.build.peak()))
}

// argString is the driver's arguments for the report's command line.
func argString(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return " " + strings.Join(args, " ")
}

// fmtSeconds is a duration in seconds, to two decimals below a minute.
func fmtSeconds(d time.Duration) string {
	if d >= time.Minute {
		return fmt.Sprintf("%.0f s (%s)", d.Seconds(), d.Round(time.Second))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// fmtCPU is a CPU time in seconds, for inside a parenthesis: on a shared
// machine it is the figure the load changes least.
func fmtCPU(d time.Duration) string {
	if d >= time.Minute {
		return fmt.Sprintf("%.0f s", d.Seconds())
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// fmtKB is a size in KB (2^10 bytes), to one decimal.
func fmtKB(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

// fmtBytesShort is a round bound: 500 MB, 3 GB.
func fmtBytesShort(n int64) string {
	if n >= gb && n%gb == 0 {
		return fmt.Sprintf("%d GB", n/gb)
	}
	return fmt.Sprintf("%d MB", n/mb)
}
