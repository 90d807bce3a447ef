// Package measure runs one process and measures it: wall time, CPU time and
// peak RSS. It is the body of command e2e/cmd/measure, which the end-to-end
// benchmark (package e2e) starts for every process it measures, and which
// prints the measurement as JSON.
//
// Why a process of its own: on Linux, a process's ru_maxrss starts at the
// peak RSS of the memory it had before exec (the kernel folds the old
// memory's high-water mark into it at exec), and Go starts a child with vfork
// semantics (CLONE_VM), so that old memory is the parent's. A child of the
// benchmark, which generates data and compares outputs in DuckDB, would
// report the benchmark's own peak, hundreds of MB, whatever it used itself.
// This small program (no DuckDB linked in: a few MB) starts the measured
// process from its own memory instead, which sets the floor of the figure.
package measure

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Sample is what one run of a process cost.
type Sample struct {
	// Wall is the time from starting the process to its exit.
	Wall time.Duration
	// CPU is user plus system time of the process and the descendants it
	// waited for (wait4's rusage).
	CPU time.Duration
	// MaxRSS is ru_maxrss from wait4, in bytes: on Linux the peak of the
	// process or of the largest descendant it waited for, not their sum, and
	// at least the RSS of the measuring program (a few MB).
	MaxRSS int64
	// TreeRSS is the largest summed RSS of the process's group seen by
	// sampling every PollInterval: above MaxRSS when the process ran a child
	// alongside itself (exprc's compiled engine). A peak shorter than the
	// interval can be missed.
	TreeRSS int64
}

// Result is what Main prints.
type Result struct {
	Sample
	// Err is why the process failed ("" when it exited 0), Output the tail
	// of its stdout and stderr then.
	Err    string `json:",omitempty"`
	Output string `json:",omitempty"`
}

// PollInterval is how often a measured process group's RSS is sampled.
const PollInterval = 50 * time.Millisecond

// Main is the measuring command: args are [-timeout D] -- ARGV...; it runs
// ARGV (in its working directory and environment), prints the Result as one
// JSON object on stdout and exits 0, whatever ARGV's exit status. SIGTERM or
// an interrupt kills ARGV's process group.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("measure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 10*time.Minute, "kill the process group after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: measure [-timeout D] -- ARGV...")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := Run(ctx, *timeout, fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "measure: %v\n", err)
		return 1
	}
	if err := json.NewEncoder(stdout).Encode(res); err != nil {
		fmt.Fprintf(stderr, "measure: %v\n", err)
		return 1
	}
	return 0
}

// Run runs argv as a process group of its own, samples the group's RSS,
// kills the group after timeout or when ctx is done, and returns what it
// cost. Its error is for a process that could not be started.
func Run(ctx context.Context, timeout time.Duration, argv []string) (Result, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.Command(argv[0], argv[1:]...)
	out := &tailBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return Result{}, err
	}
	pgid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(PollInterval)
	defer tick.Stop()
	var res Result
	var waitErr error
	killed := ""
loop:
	for {
		select {
		case waitErr = <-done:
			break loop
		case <-ctx.Done():
			if killed == "" {
				killed = "interrupted"
				if errors.Is(ctx.Err(), context.DeadlineExceeded) {
					killed = fmt.Sprintf("killed after the %s timeout", timeout)
				}
				// The group is ours: its leader is the process started above.
				syscall.Kill(-pgid, syscall.SIGKILL) //nolint:errcheck // it may be gone
			}
		case <-tick.C:
			res.TreeRSS = max(res.TreeRSS, groupRSS(pgid))
		}
	}
	res.Wall = time.Since(start)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		res.MaxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		res.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	res.TreeRSS = max(res.TreeRSS, res.MaxRSS)
	switch {
	case killed != "":
		res.Err = killed
	case waitErr != nil:
		res.Err = waitErr.Error()
	}
	if res.Err != "" {
		res.Output = out.String()
	}
	return res, nil
}

// groupRSS is the summed resident set of the live processes of process group
// pgid, from /proc/PID/stat (0 when none is left or /proc is unreadable).
func groupRSS(pgid int) int64 {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	page := int64(os.Getpagesize())
	want := strconv.Itoa(pgid)
	var rss int64
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The command name (field 2) is in parentheses and may hold spaces:
		// the fields after the last ')' start with field 3, state.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		// f[2] is field 5 (pgrp), f[21] field 24 (rss, in pages).
		if len(f) < 22 || f[2] != want {
			continue
		}
		if n, err := strconv.ParseInt(f[21], 10, 64); err == nil {
			rss += n * page
		}
	}
	return rss
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
