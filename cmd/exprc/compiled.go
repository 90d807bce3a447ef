package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates"
	"github.com/exprc/exprc/templates/rt"
)

// The compiled engine: exprc generates the query's Go evaluator, builds it with
// the local Go toolchain into a small program (templates/engine/main.go.tmpl)
// that reads the input, evaluates it and writes the output in one process. The
// program is built in a temporary module that holds copies of
// templates/{rt,vec,engine,fileio} embedded in this binary and requires the
// module versions this binary was built with, so
// the build needs no network: only the module cache. Built programs are cached
// by a hash of everything that goes into them.

// exitQueryError is the compiled engine's exit status after a query error, with
// the error as one line of JSON on stderr (see main.go.tmpl).
const exitQueryError = 3

// engineModule is the module path of the temporary module: the generated code
// imports the runtime packages by their paths in exprc.
const engineModule = "github.com/exprc/exprc"

// compiledEngine runs a query on a generated and compiled evaluator.
type compiledEngine struct {
	q *ir.Query
	// inner holds the tables the query's subqueries read; they reach the
	// engine program as Arrow IPC files (-table NAME=FILE).
	inner map[string][]arrow.RecordBatch
	// status receives a line before a slow step (the build).
	status io.Writer
	// exe is the engine program, once found or built.
	exe string
}

// engineCacheDir returns the directory of built engines. Tests replace it.
var engineCacheDir = func() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("compiled engine: no cache directory: %w", err)
	}
	return filepath.Join(dir, "exprc", "engines"), nil
}

// moduleDeps returns the modules this binary was built with (from its build
// information). Tests replace it: a test binary records no dependencies.
var moduleDeps = func() ([]*debug.Module, error) {
	bi, ok := debug.ReadBuildInfo()
	if !ok || !slices.ContainsFunc(bi.Deps, func(m *debug.Module) bool { return m.Path == arrowModule }) {
		return nil, errors.New("compiled engine: this exprc binary records no module versions (build it with go build or go install)")
	}
	return bi.Deps, nil
}

const arrowModule = "github.com/apache/arrow-go/v18"

// buildMu serializes builds within one process.
var buildMu sync.Mutex

// buildsStarted counts the engine builds this process started: tests check
// that an input error comes before any build.
var buildsStarted atomic.Int64

// goVersionRE matches a release version of the go command.
var goVersionRE = regexp.MustCompile(`^go(1\.\d+(\.\d+)?)`)

// autoBuildSize is the input size from which --engine auto builds the
// compiled engine of a query that has none cached: a build takes tens of
// seconds, in which the interpreter reads a few hundred MB. Tests lower it.
var autoBuildSize int64 = 64 << 20

// autoEngine is --engine auto: the compiled engine when its program is cached;
// else the batch engine, which needs no build; else (a query the batch engine
// cannot run yet) the compiled engine when it can be built here and the
// input is large (autoBuildSize, or standard input), else the interpreter.
// It says which, and why, in one line on opts.status.
func autoEngine(ctx context.Context, q *ir.Query, inPath string, opts engineOptions) engine {
	ce := &compiledEngine{q: q, status: opts.status, inner: opts.inner}
	say := func(format string, args ...any) {
		if opts.status != nil {
			fmt.Fprintf(opts.status, "exprc: engine: "+format+"\n", args...)
		}
	}
	exe, err := ce.find(ctx, false)
	switch {
	case err == nil && exe != "":
		say("compiled (cached build)")
		ce.exe = exe
		return ce
	case ctx.Err() != nil:
		return ce // canceled: Run reports it
	}
	unavailable := ""
	if err != nil {
		unavailable, _, _ = strings.Cut(err.Error(), "\n")
	}
	be, whyNot := batchOrNot(q, opts.inner)
	switch {
	case be != nil && unavailable != "":
		say("batch, since the compiled engine is not available: %s", unavailable)
		return be
	case be != nil:
		say("batch (no compiled build of this query is cached: --engine compiled builds one, which later runs use)")
		return be
	case unavailable != "":
		say("the interpreter (%s), since the compiled engine is not available: %s", whyNot, unavailable)
		return interpEngine{q, opts.inner}
	}
	if st, err := os.Stat(inPath); inPath != "-" && err == nil && st.Size() < autoBuildSize {
		say("the interpreter (%s): the input is small, and building the compiled engine (--engine compiled) takes longer than interpreting it", whyNot)
		return interpEngine{q, opts.inner}
	}
	start := time.Now()
	if exe, err = ce.find(ctx, true); err != nil {
		if ctx.Err() != nil {
			return ce
		}
		reason, _, _ := strings.Cut(err.Error(), "\n")
		say("the interpreter (%s; the compiled engine did not build: %s)", whyNot, reason)
		return interpEngine{q, opts.inner}
	}
	say("compiled (%s; built in %.1fs; later runs of this query start at once)", whyNot, time.Since(start).Seconds())
	ce.exe = exe
	return ce
}

// binary returns the path of the engine program for e.q, building it unless a
// cached one exists.
func (e *compiledEngine) binary(ctx context.Context) (string, error) {
	if e.exe != "" {
		return e.exe, nil
	}
	exe, err := e.find(ctx, true)
	if err == nil {
		e.exe = exe
	}
	return exe, err
}

// find returns the path of the engine program for e.q. When none is cached, it
// builds one if build is set, else returns "".
func (e *compiledEngine) find(ctx context.Context, build bool) (string, error) {
	plan, err := lower.Plan([]*ir.Query{e.q}, lower.Options{})
	if err != nil {
		return "", fmt.Errorf("compiled engine: %w", err)
	}
	src, err := codegen.Generate(plan, codegen.Options{
		Package: "query",
		Command: "exprc run --engine compiled",
	})
	if err != nil {
		return "", fmt.Errorf("compiled engine: %w", err)
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return "", errors.New("--engine compiled builds the query with the Go toolchain, but no go command was found in PATH (install Go, or use --engine interp)")
	}
	out, err := exec.CommandContext(ctx, goCmd, "env", "GOVERSION").Output()
	if err != nil {
		return "", fmt.Errorf("compiled engine: go env GOVERSION: %w", err)
	}
	goVersion := strings.TrimSpace(string(out))
	deps, err := moduleDeps()
	if err != nil {
		return "", err
	}
	files, err := engineFiles(src)
	if err != nil {
		return "", err
	}
	table, err := engineTable(e.q)
	if err != nil {
		return "", err
	}
	files["table.go"] = table
	goMod := engineGoMod(goVersion, deps)
	files["go.mod"] = goMod

	// The key covers every input of the build.
	h := sha256.New()
	fmt.Fprintf(h, "exprc compiled engine 1\n%s %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	})
	for _, n := range names {
		fmt.Fprintf(h, "%s %d\n", n, len(files[n]))
		h.Write(files[n])
	}
	key := hex.EncodeToString(h.Sum(nil))[:32]

	cacheDir, err := engineCacheDir()
	if err != nil {
		return "", err
	}
	exe := filepath.Join(cacheDir, key)
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	if st, err := os.Stat(exe); err == nil && st.Mode().IsRegular() {
		return exe, nil
	}
	if !build {
		return "", nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if st, err := os.Stat(exe); err == nil && st.Mode().IsRegular() {
		return exe, nil
	}
	buildsStarted.Add(1)
	if e.status != nil {
		fmt.Fprintf(e.status, "exprc: building the compiled engine of query %s (cached in %s)\n", e.q.Name, cacheDir)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", fmt.Errorf("compiled engine: %w", err)
	}
	if err := buildEngine(ctx, goCmd, files, exe); err != nil {
		return "", err
	}
	return exe, nil
}

// engineFiles returns the files of the engine module but go.mod, by path.
func engineFiles(src []byte) (map[string][]byte, error) {
	files := map[string][]byte{"internal/query/exprc_gen.go": src}
	err := fs.WalkDir(templates.Source, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, "_test.go") {
			return err
		}
		data, err := fs.ReadFile(templates.Source, p)
		if err != nil {
			return err
		}
		if p == "engine/main.go.tmpl" {
			files["main.go"] = data
		} else {
			files[path.Join("templates", p)] = data
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("compiled engine: embedded templates: %w", err)
	}
	return files, nil
}

// engineTable returns table.go of the engine program: the Arrow schema of the
// table q scans (as an IPC stream holding only the schema) and the columns q
// does not read, which the program's reader does not decode.
func engineTable(q *ir.Query) ([]byte, error) {
	var schema bytes.Buffer
	w := ipc.NewWriter(&schema, ipc.WithSchema(ir.ArrowSchema(q.Source.Columns)))
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("compiled engine: table schema: %w", err)
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by exprc run. DO NOT EDIT.\n\npackage main\n\n")
	fmt.Fprintf(&b, "// tableSchema is the schema of table %s as an Arrow IPC stream with no batches.\n", q.Source.Name)
	fmt.Fprintf(&b, "var tableSchema = []byte(%q)\n\n", schema.Bytes())
	fmt.Fprintf(&b, "// skipColumns marks the columns of %s that query %s does not read.\n", q.Source.Name, q.Name)
	fmt.Fprintf(&b, "var skipColumns = %#v\n", skipColumns(q))
	return format.Source(b.Bytes())
}

// engineGoMod returns the go.mod of the engine module: it requires every module
// exprc was built with at the same version, so the build selects exactly the
// versions in the module cache (a subset of them is used).
func engineGoMod(goVersion string, deps []*debug.Module) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s\n\n", engineModule)
	if m := goVersionRE.FindStringSubmatch(goVersion); m != nil {
		fmt.Fprintf(&b, "go %s\n\n", m[1])
	}
	b.WriteString("require (\n")
	var replaces []string
	for _, d := range deps {
		fmt.Fprintf(&b, "\t%s %s\n", d.Path, d.Version)
		if r := d.Replace; r != nil {
			if r.Version == "" {
				replaces = append(replaces, fmt.Sprintf("replace %s => %s\n", d.Path, strconv.Quote(r.Path)))
			} else {
				replaces = append(replaces, fmt.Sprintf("replace %s => %s %s\n", d.Path, r.Path, r.Version))
			}
		}
	}
	b.WriteString(")\n")
	for _, r := range replaces {
		b.WriteString("\n" + r)
	}
	return b.Bytes()
}

// buildEngine writes files into a temporary module and builds it into exe,
// offline: through a temporary name in exe's directory, renamed at the end.
func buildEngine(ctx context.Context, goCmd string, files map[string][]byte, exe string) error {
	dir, err := os.MkdirTemp("", "exprc-engine-")
	if err != nil {
		return fmt.Errorf("compiled engine: %w", err)
	}
	defer os.RemoveAll(dir) //nolint:errcheck // temporary
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("compiled engine: %w", err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("compiled engine: %w", err)
		}
	}
	// Build into a fresh directory beside exe, then rename: a concurrent run
	// never sees a partial file.
	outDir, err := os.MkdirTemp(filepath.Dir(exe), ".build-")
	if err != nil {
		return fmt.Errorf("compiled engine: %w", err)
	}
	defer os.RemoveAll(outDir) //nolint:errcheck // temporary
	built := filepath.Join(outDir, filepath.Base(exe))
	cmd := exec.CommandContext(ctx, goCmd, "build", "-ldflags=-s -w", "-o", built, ".")
	cmd.Dir = dir
	// Offline: no proxy, no checksum database; go.sum is filled from the module
	// cache, and the local toolchain is used whatever go.mod says.
	cmd.Env = append(os.Environ(),
		"GOPROXY=off", "GOSUMDB=off", "GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GO111MODULE=on")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		msg := strings.TrimSpace(string(out))
		if strings.Contains(msg, "GOPROXY=off") || strings.Contains(msg, "GOFLAGS=-mod=mod") && strings.Contains(msg, "missing") {
			return fmt.Errorf("compiled engine: the Go module cache lacks a module the engine needs, and exprc builds offline "+
				"(download it with `go mod download`, e.g. in exprc's source tree; or use --engine interp):\n%s", msg)
		}
		return fmt.Errorf("compiled engine: go build failed: %v\n%s", err, msg)
	}
	if err := os.Rename(built, exe); err != nil {
		return fmt.Errorf("compiled engine: %w", err)
	}
	return nil
}

// tableSchema is the Arrow schema of the inner table name (lower-cased) of q.
func tableSchema(q *ir.Query, name string) *arrow.Schema {
	for _, s := range q.Subqueries {
		if strings.ToLower(s.Table.Name) == name {
			return ir.ArrowSchema(s.Table.Columns)
		}
	}
	return nil
}

// writeIPCFile writes batches as an Arrow IPC file.
func writeIPCFile(path string, batches []arrow.RecordBatch, schema *arrow.Schema) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w, err := ipc.NewFileWriter(f, ipc.WithSchema(schema), ipc.WithAllocator(memory.DefaultAllocator))
	if err != nil {
		f.Close()
		return err
	}
	for _, b := range batches {
		if err := w.Write(b); err != nil {
			w.Close()
			f.Close()
			return err
		}
	}
	if err := w.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// engineError is the compiled engine's JSON description of a query error.
type engineError struct {
	Row     int64  `json:"row"`
	Column  string `json:"column"`
	Expr    string `json:"expr"`
	Class   string `json:"class"`
	Message string `json:"message"`
}

// exitDataError is the compiled engine's exit status after an error of the
// input or output data, with its message on stderr.
const exitDataError = 4

// Run builds (or finds) the engine program and runs it on the job: it reads the
// input file (or exprc's stdin) and writes the results to j.out itself, with
// the same readers and writers as the interpreter's run (templates/fileio) and
// the same ordering of results and errors (templates/engine).
func (e *compiledEngine) Run(ctx context.Context, j *runJob) error {
	exe, err := e.binary(ctx)
	if err != nil {
		return err
	}
	args := []string{"-query", e.q.Name, "-threads", strconv.Itoa(j.threads),
		"-batch-size", strconv.Itoa(j.batchSize), "-format", j.format, "-input", j.input, "-progress"}
	if j.inputFormat != "" {
		args = append(args, "-input-format", j.inputFormat)
	}
	if j.compression != "" {
		args = append(args, "-compression", j.compression)
	}
	if e.q.Zone != "" {
		args = append(args, "-zone", e.q.Zone)
	}
	if j.strict {
		args = append(args, "-strict")
	}
	args = append(args, clockArgs(ctx)...)
	if len(e.inner) > 0 {
		dir, err := os.MkdirTemp("", "exprc-inner-")
		if err != nil {
			return fmt.Errorf("compiled engine: %w", err)
		}
		defer os.RemoveAll(dir) //nolint:errcheck // temporary
		for _, name := range slices.Sorted(maps.Keys(e.inner)) {
			path := filepath.Join(dir, strconv.Itoa(len(args))+".arrow")
			if err := writeIPCFile(path, e.inner[name], tableSchema(e.q, name)); err != nil {
				return fmt.Errorf("compiled engine: table %s: %w", name, err)
			}
			args = append(args, "-table", name+"="+path)
		}
	}
	cmd := exec.CommandContext(ctx, exe, args...)
	if j.input == "-" {
		cmd.Stdin = j.stdin
	}
	cmd.Stdout = j.out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pr, pw, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("compiled engine: %w", err)
	}
	cmd.ExtraFiles = []*os.File{pw} // file descriptor 3: rows done
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return fmt.Errorf("compiled engine: %w", err)
	}
	pw.Close()
	progressDone := make(chan struct{})
	go func() {
		defer close(progressDone)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if rows, err := strconv.ParseInt(sc.Text(), 10, 64); err == nil {
				j.progress(rows)
			}
		}
		io.Copy(io.Discard, pr) //nolint:errcheck // until the engine exits
	}()
	waitErr := cmd.Wait()
	<-progressDone
	pr.Close()

	if ctx.Err() != nil {
		return ctx.Err()
	}
	var exit *exec.ExitError
	msg := strings.TrimSpace(stderr.String())
	switch {
	case waitErr == nil:
		// Its warnings, one per line, in the words of the interpreter's.
		for line := range strings.Lines(msg) {
			if w, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "warning: "); ok {
				j.warnings = append(j.warnings, errors.New(w))
			}
		}
		return nil
	case errors.As(waitErr, &exit) && exit.ExitCode() == exitQueryError:
		var je engineError
		if err := json.Unmarshal([]byte(msg), &je); err != nil {
			return fmt.Errorf("compiled engine: unreadable error report %q", msg)
		}
		return &ir.QueryError{Row: je.Row, Column: je.Column, Expr: je.Expr, Err: rt.NewError(je.Class, je.Message)}
	case errors.As(waitErr, &exit) && exit.ExitCode() == exitDataError:
		return errors.New(msg)
	case msg == "":
		return fmt.Errorf("compiled engine: %v", waitErr)
	default:
		return fmt.Errorf("compiled engine: %s", crashLine(msg))
	}
}

// crashLine is the first line of a Go runtime crash report ("panic: ...",
// "fatal error: ...") without the goroutine stack traces after it, which say
// nothing to a user; any other message as it is.
func crashLine(msg string) string {
	first, rest, _ := strings.Cut(msg, "\n")
	if (strings.HasPrefix(first, "panic: ") || strings.HasPrefix(first, "fatal error: ")) && strings.Contains(rest, "goroutine ") {
		return "crashed: " + first
	}
	return msg
}
