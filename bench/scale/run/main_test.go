package main

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestParseFlags checks that bad flags are errors, never panics, and that
// shapes are deduplicated in order.
func TestParseFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-shapes", "deep"},
		{"-shapes", "everyday,,nested"},
		{"-queries", "0"},
		{"-columns", "100000"},
		{"-mem-limit", "20X"},
		{"-min-available", "-1G"},
		{"-build-timeout", "-1s"},
		{"-gen-timeout", "soon"},
		{"extra"},
	} {
		if _, err := parseFlags(args, io.Discard); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	o, err := parseFlags([]string{"-shapes", "nested,everyday,nested", "-mem-limit", "1.5G"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.shapes) != 2 || o.shapes[0] != "nested" || o.shapes[1] != "everyday" {
		t.Errorf("shapes %v, want [nested everyday]", o.shapes)
	}
	if o.buildLim.memory != 3<<29 {
		t.Errorf("memory guard %d, want 1.5 GiB", o.buildLim.memory)
	}
}

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "512M": 512 << 20, "20G": 20 << 30, "20GB": 20 << 30, "3GiB": 3 << 30, "100": 100, "2k": 2048} {
		got, err := parseBytes(in)
		if err != nil || got != want {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "G", "-1G", "lots"} {
		if _, err := parseBytes(in); err == nil {
			t.Errorf("parseBytes(%q): no error", in)
		}
	}
}

// TestMeasureKills checks that a process tree past its timeout is killed as
// a whole (the shell and the sleep it waits for) and reported as killed.
func TestMeasureKills(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	start := time.Now()
	m, err := measure(context.Background(), t.TempDir(), nil, limits{timeout: 300 * time.Millisecond}, "sh", "-c", "sleep 30; echo done")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.killed, "timeout") {
		t.Errorf("killed = %q, want a timeout", m.killed)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %s: the tree was not killed", d)
	}
	if strings.Contains(m.output, "done") {
		t.Error("the command ran to its end")
	}
}

// TestMeasureRSS checks that a process that ran to its end has its rusage
// read: a peak RSS and no error.
func TestMeasureRSS(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	m, err := measure(context.Background(), t.TempDir(), nil, limits{}, "sh", "-c", "true")
	if err != nil || m.err != nil || m.killed != "" {
		t.Fatalf("measure: %v, %v, %q", err, m.err, m.killed)
	}
	if m.maxRSS <= 0 {
		t.Errorf("maxRSS %d, want > 0", m.maxRSS)
	}
}

// TestMeasureInterrupt checks that a done context (an interrupt of the
// driver) kills the tree and is an error, not a figure.
func TestMeasureInterrupt(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := measure(ctx, t.TempDir(), nil, limits{}, "sh", "-c", "sleep 30"); err == nil {
		t.Error("no error")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %s: the tree was not killed", d)
	}
}
