// Command run is the compile-side scale benchmark (make bench-scale): for each
// shape of package bench/scale it generates a spec of 100 queries x 20
// columns, measures `exprc gen` on it (wall time and peak RSS), measures the
// generated code (lines, lines per query, the longest function) and measures
// `go build` of the generated package (wall time and peak RSS), then writes
// bench/SCALE.md with each figure against the targets of the code-volume
// issue. It exists because the runtime benchmarks of bench/ cover a handful
// of queries, while the cost that grows with a deployment is compiling
// hundreds of them.
//
//	go run ./bench/scale/run [-shapes everyday,nested] [-out bench/SCALE.md]
//	    [-queries 100] [-columns 20] [-seed 1] [-gen-timeout 5m]
//	    [-build-timeout 20m] [-mem-limit auto] [-min-available 1G] [-keep]
//
// How it measures, and why:
//
//   - exprc is built once with go build, then `exprc gen` is timed as its own
//     process, so neither go run's compilation nor the driver is counted.
//   - Peak RSS is ru_maxrss of the measured process from wait4
//     (ProcessState.SysUsage). On Linux that covers the process and every
//     descendant it waited for, so for go build it is the peak of the largest
//     process of the tree, the compiler that go build runs as a child: the
//     figure /usr/bin/time reports. The summed RSS of the whole process group
//     is also sampled every 200 ms; it drives the memory guard and is the only
//     peak left for a tree that had to be killed.
//   - go build runs in a temporary module that uses this checkout through a
//     replace directive (GOFLAGS=-mod=mod, GOPROXY=off: only the existing
//     module cache), with a fresh GOCACHE in the temporary directory. Before
//     the measured build, every dependency of the generated package (the
//     standard library, arrow-go, templates/rt and templates/vec) is built
//     into that cache, so the figure is the cost of compiling the generated
//     package itself, with its dependencies already built, as in a developer's
//     rebuild after regenerating. A shared GOCACHE would instead hit a
//     previous run's result for the same seed; go build -a would count the
//     dependencies.
//   - A measured process tree is killed (its whole process group) when it
//     runs past its timeout, its summed RSS passes -mem-limit, or the
//     machine's available memory falls under -min-available (on a shared
//     machine, before the kernel's OOM killer picks someone else's process),
//     and the report says "killed after ..." with the peak seen: the nested
//     shape's build is known to take about 15 minutes and 18 GB.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/exprc/exprc/bench/scale"
)

// modulePath is the module whose checkout is benchmarked.
const modulePath = "github.com/exprc/exprc"

// tmpModule is the module path of the temporary module the generated
// packages are built in.
const tmpModule = "scalebench"

// defaultMemLimit is the memory guard's ceiling with -mem-limit auto.
const defaultMemLimit = 20 * gb

func main() {
	os.Exit(mainCode(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the driver's flags, parsed and checked.
type options struct {
	shapes              []scale.Shape
	out                 string // "" for bench/SCALE.md of the checkout, "-" for stdout
	queries, columns    int
	seed                uint64
	genLimit, buildLim  limits
	memLimitDescription string
	keep                bool
	args                []string // as given, for the report's command line
}

// mainCode is the command, returning its exit status: 2 for bad flags, 1
// when the benchmark could not run.
func mainCode(args []string, stdout, stderr io.Writer) int {
	opts, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		if !errors.Is(err, errReported) {
			fmt.Fprintf(stderr, "bench/scale/run: %v\n", err)
		}
		return 2
	}
	// An interrupt kills the measured process group and still removes the
	// temporary directory (gigabytes of cache) on the way out.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, opts, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "bench/scale/run: %v\n", err)
		return 1
	}
	return 0
}

// errReported is a flag error the flag package has already printed.
var errReported = errors.New("bad flag")

func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("bench/scale/run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	shapes := fs.String("shapes", "everyday,nested", "comma-separated shapes to measure: everyday, nested")
	out := fs.String("out", "", `report file ("-": stdout; default bench/SCALE.md of this checkout)`)
	queries := fs.Int("queries", 100, "queries per spec")
	columns := fs.Int("columns", 20, "output columns per query")
	seed := fs.Uint64("seed", 1, "seed of the specs")
	genTimeout := fs.Duration("gen-timeout", 5*time.Minute, "kill exprc gen after this long (0: never)")
	buildTimeout := fs.Duration("build-timeout", 20*time.Minute, "kill go build after this long (0: never)")
	memLimit := fs.String("mem-limit", "auto", "kill a measured process tree whose summed RSS passes this (20G, 512M; 0: never; auto: 20G or 90% of the available memory, whichever is less)")
	minFree := fs.String("min-available", "1G", "kill a measured process tree when the machine's available memory falls below this (0: never)")
	keep := fs.Bool("keep", false, "keep the temporary directory (specs, generated code, module) and print its path")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./bench/scale/run [flags]\n\nMeasures exprc gen and go build of generated specs and writes bench/SCALE.md.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return options{}, err
		}
		return options{}, errReported
	}
	if fs.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	o := options{out: *out, queries: *queries, columns: *columns, seed: *seed, keep: *keep, args: args}
	seen := map[scale.Shape]bool{}
	for _, s := range strings.Split(*shapes, ",") {
		sh, err := scale.ParseShape(strings.TrimSpace(s))
		if err != nil {
			return options{}, fmt.Errorf("-shapes: %w", err)
		}
		if !seen[sh] {
			seen[sh] = true
			o.shapes = append(o.shapes, sh)
		}
	}
	if err := (scale.Config{Shape: scale.Everyday, Queries: *queries, Columns: *columns}).Validate(); err != nil {
		return options{}, err
	}
	if *genTimeout < 0 || *buildTimeout < 0 {
		return options{}, fmt.Errorf("timeouts must not be negative")
	}
	mem, desc, err := memoryLimit(*memLimit)
	if err != nil {
		return options{}, fmt.Errorf("-mem-limit: %w", err)
	}
	floor, err := parseBytes(*minFree)
	if err != nil {
		return options{}, fmt.Errorf("-min-available: %w", err)
	}
	o.memLimitDescription = desc
	if floor > 0 {
		o.memLimitDescription += fmt.Sprintf(", and %s of the machine's memory kept available", fmtBytes(floor))
	}
	o.genLimit = limits{timeout: *genTimeout, memory: mem, minAvailable: floor}
	o.buildLim = limits{timeout: *buildTimeout, memory: mem, minAvailable: floor}
	return o, nil
}

// memoryLimit reads -mem-limit. auto leaves a tenth of the memory available
// now to the rest of the machine, so the guard fires before the kernel's OOM
// killer picks a process of its own choosing.
func memoryLimit(s string) (int64, string, error) {
	if s != "auto" {
		n, err := parseBytes(s)
		if err != nil {
			return 0, "", err
		}
		if n == 0 {
			return 0, "none", nil
		}
		return n, fmtBytes(n), nil
	}
	n := int64(defaultMemLimit)
	if avail := memInfo("MemAvailable"); avail > 0 && avail/10*9 < n {
		n = avail / 10 * 9
	}
	return n, fmt.Sprintf("%s (auto: 20 GB or 90%% of the available memory)", fmtBytes(n)), nil
}

// result is everything measured for one shape.
type result struct {
	cfg       scale.Config
	specBytes int
	gen       measurement
	code      codeStats
	warm      time.Duration // building the dependencies into the fresh GOCACHE (not a figure)
	build     measurement
	built     bool // whether go build was run (not when gen was killed)
}

func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	started := time.Now()
	root, err := repoRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "exprc-scale-")
	if err != nil {
		return fmt.Errorf("making the temporary directory: %w", err)
	}
	if o.keep {
		fmt.Fprintf(stderr, "temporary directory: %s\n", tmp)
	} else {
		defer os.RemoveAll(tmp) //nolint:errcheck // best effort
	}
	env := machineInfo(root, started)
	logf := func(format string, args ...any) { fmt.Fprintf(stderr, "scale: "+format+"\n", args...) }

	exprc := filepath.Join(tmp, "exprc")
	logf("building exprc")
	if out, err := goCommand(ctx, root, nil, "build", "-o", exprc, "./cmd/exprc").CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/exprc: %w\n%s", err, out)
	}
	mod := filepath.Join(tmp, "mod")
	if err := writeModule(mod, root); err != nil {
		return err
	}
	buildEnv := []string{"GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GOCACHE=" + filepath.Join(tmp, "gocache")}

	var results []result
	for _, sh := range o.shapes {
		r, err := runShape(ctx, o, sh, tmp, mod, exprc, buildEnv, logf)
		if err != nil {
			return fmt.Errorf("%s: %w", sh, err)
		}
		results = append(results, r)
	}
	env.loadEnd = loadAvg()
	env.duration = time.Since(started)

	report := writeReport(o, env, results)
	if o.out == "-" {
		_, err := io.WriteString(stdout, report)
		return err
	}
	path := o.out
	if path == "" {
		path = filepath.Join(root, "bench", "SCALE.md")
	}
	if err := os.WriteFile(path, []byte(report), 0o644); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	logf("wrote %s", path)
	return nil
}

// runShape measures one shape: the spec, exprc gen, the generated code and
// go build.
func runShape(ctx context.Context, o options, sh scale.Shape, tmp, mod, exprc string, buildEnv []string, logf func(string, ...any)) (result, error) {
	r := result{cfg: scale.Config{Shape: sh, Queries: o.queries, Columns: o.columns, Seed: o.seed}}
	spec, err := scale.Generate(r.cfg)
	if err != nil {
		return r, err
	}
	r.specBytes = len(spec)
	specPath := filepath.Join(tmp, string(sh)+".sql")
	if err := os.WriteFile(specPath, []byte(spec), 0o644); err != nil {
		return r, fmt.Errorf("writing the spec: %w", err)
	}
	pkg := string(sh)
	pkgDir := filepath.Join(mod, pkg)

	logf("%s: exprc gen (%s of SQL)", sh, fmtKB(r.specBytes))
	r.gen, err = measure(ctx, tmp, os.Environ(), o.genLimit, exprc, "gen", "--out", pkgDir, "--package", pkg, specPath)
	if err != nil {
		return r, err
	}
	if r.gen.err != nil {
		return r, r.gen.err
	}
	if r.gen.killed != "" {
		logf("%s: exprc gen %s", sh, r.gen.killed)
		return r, nil
	}
	logf("%s: exprc gen %s, peak %s", sh, roundDur(r.gen.wall), fmtBytes(r.gen.peak()))

	r.code, err = measureCode(filepath.Join(pkgDir, "exprc_gen.go"))
	if err != nil {
		return r, err
	}
	debug.FreeOSMemory()
	logf("%s: %s lines, longest function %s (%s lines)", sh, thousands(int64(r.code.lines)), r.code.largest, thousands(int64(r.code.largestLines)))

	// Build every dependency first, unmeasured, so that the measured build
	// compiles the generated package alone.
	logf("%s: building the dependencies into the fresh GOCACHE", sh)
	out, err := goCommand(ctx, mod, buildEnv, "list", "-deps", "-f", "{{.ImportPath}}", "./"+pkg).Output()
	if err != nil {
		return r, fmt.Errorf("go list -deps of the generated package: %w%s", err, exitStderr(err))
	}
	var deps []string
	for _, p := range strings.Fields(string(out)) {
		if p != tmpModule+"/"+pkg {
			deps = append(deps, p)
		}
	}
	warmStart := time.Now()
	if out, err := goCommand(ctx, mod, buildEnv, append([]string{"build"}, deps...)...).CombinedOutput(); err != nil {
		return r, fmt.Errorf("building the dependencies: %w\n%s", err, out)
	}
	r.warm = time.Since(warmStart)

	logf("%s: go build of the generated package (timeout %s, memory guard %s)", sh, durOrNone(o.buildLim.timeout), o.memLimitDescription)
	r.build, err = measure(ctx, mod, withEnv(buildEnv), o.buildLim, "go", "build", "./"+pkg)
	if err != nil {
		return r, err
	}
	if r.build.err != nil {
		return r, fmt.Errorf("go build of the generated package: %w", r.build.err)
	}
	r.built = true
	if r.build.killed != "" {
		logf("%s: go build %s", sh, r.build.killed)
	} else {
		logf("%s: go build %s, peak %s", sh, roundDur(r.build.wall), fmtBytes(r.build.peak()))
	}
	return r, nil
}

// goCommand is a go command run in dir with extra environment settings, in
// its own process group so that an interrupt (ctx) ends the compilers it runs
// too.
func goCommand(ctx context.Context, dir string, extra []string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = withEnv(extra)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	return cmd
}

// withEnv is the process's environment with the settings of extra replacing
// any of the same names.
func withEnv(extra []string) []string {
	drop := map[string]bool{}
	for _, kv := range extra {
		k, _, _ := strings.Cut(kv, "=")
		drop[k] = true
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !drop[k] {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// exitStderr is the stderr an exec.ExitError carries, on its own line.
func exitStderr(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) && len(ee.Stderr) > 0 {
		return "\n" + string(ee.Stderr)
	}
	return ""
}

// repoRoot is the directory of the exprc module's go.mod.
func repoRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w%s", err, exitStderr(err))
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run inside the %s module (go env GOMOD is empty)", modulePath)
	}
	b, err := os.ReadFile(gomod)
	if err != nil {
		return "", fmt.Errorf("reading go.mod: %w", err)
	}
	if !strings.HasPrefix(string(b), "module "+modulePath+"\n") {
		return "", fmt.Errorf("%s is not the %s module: run inside it", gomod, modulePath)
	}
	return filepath.Dir(gomod), nil
}

// writeModule writes the temporary module that builds the generated
// packages against the checkout at root; its go.sum is the checkout's, so
// the existing module cache is enough.
func writeModule(dir, root string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making the temporary module: %w", err)
	}
	gomod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire %s v0.0.0-00010101000000-000000000000\n\nreplace %s => %s\n",
		tmpModule, goDirective(root), modulePath, modulePath, root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return fmt.Errorf("writing the temporary go.mod: %w", err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return fmt.Errorf("reading go.sum: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return fmt.Errorf("writing the temporary go.sum: %w", err)
	}
	return nil
}

// goDirective is the go version of the checkout's go.mod, so the temporary
// module compiles with the same language version.
func goDirective(root string) string {
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "go "); ok {
				return strings.TrimSpace(v)
			}
		}
	}
	return strings.TrimPrefix(runtime.Version(), "go")
}

func durOrNone(d time.Duration) string {
	if d == 0 {
		return "none"
	}
	return d.String()
}
