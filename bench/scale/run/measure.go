package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// limits bound one measured process tree, so that a build known to take a
// quarter of an hour and most of the machine's memory is reported as killed
// instead of hanging the benchmark or taking the machine down with it.
type limits struct {
	timeout time.Duration // 0: none
	memory  int64         // bytes of RSS summed over the tree; 0: none
	// minAvailable is the floor of the machine's MemAvailable: on a shared
	// machine the tree is killed before the kernel's OOM killer has to pick
	// a process, which could be someone else's. 0: none.
	minAvailable int64
}

// measurement is what one measured process tree cost.
type measurement struct {
	wall time.Duration
	// maxRSS is ru_maxrss from wait4 for the process, in bytes. On Linux wait4
	// reports the process together with every descendant it waited for
	// (RUSAGE_BOTH), so for go build this is the peak of the largest single
	// process of the tree: in practice the compiler (compile), which go build
	// runs as a child and waits for. It is what /usr/bin/time reports.
	maxRSS int64
	// treePeak is the largest sum of the RSS of every process of the tree
	// (its process group) seen by sampling every pollInterval: what the
	// machine had to hold at once. It is the only peak left when the tree is
	// killed, since a killed go command no longer waits for its compiler.
	treePeak int64
	// cpu is user plus system time of the process and its waited descendants.
	cpu time.Duration
	// treeCPU is the largest user plus system time of the process group's
	// live processes seen by sampling: for a killed tree, what it had used
	// (on a loaded machine a timeout says little without it).
	treeCPU time.Duration
	// killed says why the tree was killed ("" when it ran to its end).
	killed string
	// err is the process's failure when it ran to its end and failed.
	err error
	// output is the tail of its combined stdout and stderr.
	output string
}

// pollInterval is how often the tree's RSS is sampled for the memory guard
// and treePeak. A short spike between two samples can be missed by treePeak,
// never by maxRSS.
const pollInterval = 200 * time.Millisecond

// measure runs name with args in dir and env as its own process group, and
// samples the group's RSS until it ends, killing the whole group (the go
// command and the compiler it runs) when lim is exceeded or ctx is done (an
// interrupt of the driver: the error is then ctx's).
func measure(ctx context.Context, dir string, env []string, lim limits, name string, args ...string) (measurement, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out := &tailBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = out, out
	// Its own process group, so that one kill reaches the compiler too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// After a kill, do not wait forever for a pipe some straggler holds.
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return measurement{}, fmt.Errorf("starting %s: %w", name, err)
	}
	pgid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	var m measurement
	var waitErr error
	// kill ends the group; it is ours, its leader is the process started
	// above. Wait still runs to collect it.
	kill := func() {
		if err := syscall.Kill(-pgid, syscall.SIGKILL); err != nil && !errors.Is(err, syscall.ESRCH) {
			fmt.Fprintf(os.Stderr, "bench/scale/run: killing process group %d of %s: %v\n", pgid, name, err)
		}
	}
	interrupted := false
loop:
	for {
		select {
		case waitErr = <-done:
			break loop
		case <-ctx.Done():
			if !interrupted {
				interrupted = true
				kill()
			}
		case <-tick.C:
			rss, cpu := groupUsage(pgid)
			m.treePeak = max(m.treePeak, rss)
			m.treeCPU = max(m.treeCPU, cpu)
			if m.killed != "" || interrupted {
				continue
			}
			avail := int64(0)
			if lim.minAvailable > 0 {
				avail = memInfo("MemAvailable")
			}
			switch elapsed := time.Since(start); {
			case lim.memory > 0 && rss > lim.memory:
				m.killed = fmt.Sprintf("killed after %s: RSS of the process tree reached %s, over the %s guard", roundDur(elapsed), fmtBytes(rss), fmtBytes(lim.memory))
			case avail > 0 && avail < lim.minAvailable:
				m.killed = fmt.Sprintf("killed after %s: the process tree held %s when the machine's available memory fell to %s, under the %s kept free for other processes", roundDur(elapsed), fmtBytes(rss), fmtBytes(avail), fmtBytes(lim.minAvailable))
			case lim.timeout > 0 && elapsed > lim.timeout:
				m.killed = fmt.Sprintf("killed after %s: over the %s timeout", roundDur(elapsed), lim.timeout)
			default:
				continue
			}
			kill()
		}
	}
	if interrupted {
		what := filepath.Base(name)
		if len(args) > 0 {
			what += " " + args[0]
		}
		return m, fmt.Errorf("%s interrupted: %w", what, context.Cause(ctx))
	}
	m.wall = time.Since(start)
	m.output = out.String()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.maxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		m.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if m.killed == "" && waitErr != nil {
		m.err = fmt.Errorf("%s %s: %w\n%s", filepath.Base(name), strings.Join(args, " "), waitErr, m.output)
	}
	return m, nil
}

// peak is the best figure of the tree's peak RSS: maxRSS when the process
// ran to its end, else the sampled treePeak (the killed compiler's own
// ru_maxrss is lost with it).
func (m measurement) peak() int64 {
	if m.killed != "" {
		return max(m.maxRSS, m.treePeak)
	}
	return m.maxRSS
}

// userHZ is the unit of the CPU times of /proc/PID/stat, fixed at 100 by
// the Linux ABI.
const userHZ = 100

// groupUsage is the summed resident set and CPU time of the live processes
// of process group pgid, from /proc/PID/stat (0 when none is left). Processes
// that exit while it reads are skipped.
func groupUsage(pgid int) (rss int64, cpu time.Duration) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return 0, 0
	}
	page := int64(os.Getpagesize())
	var ticks int64
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
		// f[0] is field 3 (state), f[2] field 5 (pgrp), f[11] and f[12]
		// fields 14 and 15 (utime, stime), f[21] field 24 (rss, pages).
		if len(f) < 22 || f[2] != strconv.Itoa(pgid) {
			continue
		}
		if n, err := strconv.ParseInt(f[21], 10, 64); err == nil {
			rss += n * page
		}
		for _, t := range f[11:13] {
			if n, err := strconv.ParseInt(t, 10, 64); err == nil {
				ticks += n
			}
		}
	}
	return rss, time.Duration(ticks) * time.Second / userHZ
}

// tailBuffer keeps the last max bytes written to it: enough of a failing
// command's output to show why, without holding a runaway log.
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

// memInfo is a field of /proc/meminfo (MemTotal, MemAvailable) in bytes, 0
// when unknown.
func memInfo(field string) int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return kb * 1024
				}
			}
		}
	}
	return 0
}

// roundDur rounds a duration for the report.
func roundDur(d time.Duration) time.Duration {
	if d >= time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(10 * time.Millisecond)
}

// Sizes are binary: MB is 2^20 bytes and GB 2^30, as the targets are read.
const (
	mb = 1 << 20
	gb = 1 << 30
)

// fmtBytes is a size as MB below 10 GB, else GB.
func fmtBytes(n int64) string {
	if n >= 10*gb {
		return fmt.Sprintf("%.1f GB", float64(n)/gb)
	}
	return fmt.Sprintf("%s MB", thousands(int64(float64(n)/mb+0.5)))
}

// thousands writes n with comma separators.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// parseBytes reads a memory size: a number with an optional unit K, M, G or
// T (binary; a trailing B or iB is allowed), such as 20G, 20GB or 512MiB.
func parseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "IB"), "B")
	mult := int64(1)
	if n := len(t); n > 0 {
		switch t[n-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("memory size %q: want a number with an optional unit, such as 20G", s)
	}
	return int64(v * float64(mult)), nil
}
