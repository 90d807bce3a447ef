package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/exprc/exprc/bench/peers/e2e/internal/measure"
)

// Sample is what one run of a process cost.
type Sample = measure.Sample

// pollInterval is how often a measured process group's RSS is sampled.
const pollInterval = measure.PollInterval

// runFailure is a measured process that exited non-zero or was killed.
type runFailure struct {
	cmd    string
	err    string
	output string // the tail of its stdout and stderr
}

func (f *runFailure) Error() string {
	return fmt.Sprintf("%s: %s\n%s", f.cmd, f.err, strings.TrimRight(f.output, "\n"))
}

// measure runs argv in cfg.Root with env (nil: this process's) through the
// measuring command (r.measurer, e2e/cmd/measure), which kills it after
// cfg.Timeout, and returns its cost. A process that does not exit 0 is a
// *runFailure.
func (r *runner) measure(ctx context.Context, env []string, argv ...string) (Sample, error) {
	// The measuring command enforces the timeout; this one waits a little
	// longer before it gives up on it.
	ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout+time.Minute)
	defer cancel()
	args := append([]string{"-timeout", r.cfg.Timeout.String(), "--"}, argv...)
	cmd := exec.CommandContext(ctx, r.measurer, args...)
	cmd.Dir, cmd.Env = r.cfg.Root, env
	// On an interrupt it kills the measured process group and exits.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 20 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return Sample{}, fmt.Errorf("measuring %s: %v\n%s", argv[0], err, stderr.Bytes())
	}
	var res measure.Result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return Sample{}, fmt.Errorf("measuring %s: %v in %q", argv[0], err, stdout.Bytes())
	}
	if res.Err != "" {
		return res.Sample, &runFailure{cmd: strings.Join(argv, " "), err: res.Err, output: res.Output}
	}
	return res.Sample, nil
}

// stats summarizes the runs of one engine on one job.
type stats struct {
	wall, spread time.Duration // median wall time; largest distance of a run from it
	cpu          time.Duration // median CPU time
	maxRSS       int64         // median MaxRSS
	treeRSS      int64         // median TreeRSS
}

func summarize(samples []Sample) stats {
	if len(samples) == 0 {
		return stats{}
	}
	walls := make([]time.Duration, len(samples))
	cpus := make([]time.Duration, len(samples))
	rss := make([]int64, len(samples))
	tree := make([]int64, len(samples))
	for i, s := range samples {
		walls[i], cpus[i], rss[i], tree[i] = s.Wall, s.CPU, s.MaxRSS, s.TreeRSS
	}
	st := stats{wall: median(walls), cpu: median(cpus), maxRSS: median(rss), treeRSS: median(tree)}
	for _, w := range walls {
		st.spread = max(st.spread, w-st.wall, st.wall-w)
	}
	return st
}

// median is the middle value of xs, the mean of the two middle ones for an
// even count.
func median[T time.Duration | int64](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
