package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestCappedLines(t *testing.T) {
	for _, tc := range []struct {
		writes []string
		want   string
	}{
		{[]string{"error: a\tb\n"}, "error: a\tb\n"},
		{[]string{"x\r\x1b[2J\x00\x7f\xff y\n"}, `x\r\x1b[2J\x00\x7f\xff y` + "\n"},
		// A rune split across writes is kept whole.
		{[]string{"é"[:1], "é"[1:] + "\n"}, "é\n"},
		{[]string{strings.Repeat("a", 1000) + "\nshort\n"}, strings.Repeat("a", 287) + "...\nshort\n"},
		{[]string{strings.Repeat("\r", 500), strings.Repeat("\r", 500), "\n"}, strings.Repeat(`\r`, 143) + "...\n"},
	} {
		var b bytes.Buffer
		w := newCappedLines(&b)
		for _, s := range tc.writes {
			if n, err := w.Write([]byte(s)); err != nil || n != len(s) {
				t.Fatalf("Write(%q) = %d, %v", s, n, err)
			}
		}
		if b.String() != tc.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tc.writes, b.String(), tc.want)
		}
	}
}

func TestCrashLine(t *testing.T) {
	trace := "panic: runtime error: makeslice: len out of range\n\ngoroutine 8 [running]:\nmain.f()\n\t/x.go:1 +0x1\n"
	if got := crashLine(trace); got != "crashed: panic: runtime error: makeslice: len out of range" {
		t.Errorf("crashLine(trace) = %q", got)
	}
	if got := crashLine("a.csv: bad\nmore"); got != "a.csv: bad\nmore" {
		t.Errorf("crashLine(message) = %q", got)
	}
}
