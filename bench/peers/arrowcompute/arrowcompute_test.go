package arrowcompute

import (
	"testing"

	"github.com/exprc/exprc/bench"
)

// TestAgrees checks arrow-go compute against exprc's generated code on every query's
// data (bench.CheckAgrees: 10,000 rows without and with NULLs, and a slice at
// a non-zero offset).
func TestAgrees(t *testing.T) { bench.CheckAgrees(t, Impls()) }
