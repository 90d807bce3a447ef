// Package kernel holds the kernel of the test-only SQL function probe and its
// evaluation recorder; package internal/check/probe registers the function and is the API
// tests use (probe.Reset, probe.Counts).
//
// The kernel lives in its own package because generated code names a call's
// temporary after the SQL function ("probe"), which would shadow an import of
// package internal/check/probe in the generated file.
package kernel

import (
	"fmt"
	"sync"

	"github.com/exprc/exprc/templates/rt"
)

// ErrorClass is the class of the error Probe raises when v % 7 == 3.
const ErrorClass = "PROBE_ERROR"

var (
	mu     sync.Mutex
	counts = map[[2]int64]int{}
)

// Probe records one evaluation of (tag, row) and returns v, or a PROBE_ERROR
// when v % 7 == 3.
func Probe(tag int32, row int64, v int64) (int64, *rt.Error) {
	mu.Lock()
	counts[[2]int64{int64(tag), row}]++
	mu.Unlock()
	if v%7 == 3 {
		return 0, rt.NewError(ErrorClass, fmt.Sprintf("probe %d failed on value %d", tag, v))
	}
	return v, nil
}

// Reset forgets every recorded evaluation.
func Reset() {
	mu.Lock()
	clear(counts)
	mu.Unlock()
}

// Counts returns a copy of the evaluations recorded since the last Reset.
func Counts() map[[2]int64]int {
	mu.Lock()
	defer mu.Unlock()
	out := make(map[[2]int64]int, len(counts))
	for k, v := range counts {
		out[k] = v
	}
	return out
}
