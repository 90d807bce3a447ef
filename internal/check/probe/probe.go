// Package probe registers probe, an instrumented SQL function for tests only.
//
//	probe(tag INT, row BIGINT, v BIGINT) -> BIGINT
//
// is a strict function that returns v, except that it fails with an error of
// class PROBE_ERROR when v % 7 == 3 (so error paths are exercised), and that
// every evaluation records one call for (tag, row) in a process-wide recorder.
// Tests of conditional CSE (package internal/check/shapes) write the same probe(k, r, ...)
// subexpression in several places of a query, with r the row id, and then check
// how often each one ran on each row: at most once with sharing, and never on a
// row where the query as written would not run it.
//
// Probe, Reset and Counts are this package's API; the kernel itself and the
// recorder live in package internal/check/probe/kernel, which generated code imports.
//
// Importing this package (for its side effect) adds probe to the function
// registry of the whole process. Because the generated code calls the kernel
// Probe directly, the recorder has to be global state; it is protected by a
// mutex, but concurrent runs would mix their counts, so tests that read Counts
// run their queries one at a time, calling Reset before each run. Never import
// this package from a program other than a test or a test generator.
package probe

import (
	"fmt"

	"github.com/exprc/exprc/internal/check/probe/kernel"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/functions"
	"github.com/exprc/exprc/templates/rt"
)

// ErrorClass is the class of the error probe raises when v % 7 == 3.
const ErrorClass = kernel.ErrorClass

// Name is the SQL name of the function.
const Name = "probe"

// KernelPkg is the import path of the package of the kernel Probe, which
// generated code calls. It is not this package: see package kernel.
const KernelPkg = "github.com/exprc/exprc/internal/check/probe/kernel"

// Probe is the kernel of probe: it records one evaluation of (tag, row) and
// returns v, or a PROBE_ERROR when v % 7 == 3.
func Probe(tag int32, row int64, v int64) (int64, *rt.Error) { return kernel.Probe(tag, row, v) }

// Reset forgets every recorded evaluation.
func Reset() { kernel.Reset() }

// Counts returns a copy of the evaluations recorded since the last Reset: how
// many times probe ran for each (tag, row).
func Counts() map[[2]int64]int { return kernel.Counts() }

// signature is the one overload of probe.
var signature = &ir.Signature{
	Params:    []ir.Type{ir.TypeInt, ir.TypeBigint, ir.TypeBigint},
	Ret:       ir.TypeBigint,
	MayError:  true,
	Kernel:    "Probe",
	KernelPkg: KernelPkg,
	KernelErr: true,
	Observed:  true,
	Eval: func(args []any) (any, *ir.EvalError) {
		r, err := Probe(args[0].(int32), args[1].(int64), args[2].(int64))
		if err != nil {
			return nil, err
		}
		return r, nil
	},
}

// Function is the registry entry of probe.
var Function = &ir.Function{
	Name:     Name,
	Doc:      "Test-only instrumented identity on v: counts its evaluations per (tag, row) and fails with PROBE_ERROR when v % 7 = 3.",
	Synopsis: []string{"probe(INT, BIGINT, BIGINT) -> BIGINT"},
	Strict:   true,
	Errors:   []ir.ErrorClass{ErrorClass},
	Resolve: func(args []ir.Type) (*ir.Signature, error) {
		if len(args) != len(signature.Params) {
			return nil, fmt.Errorf("wrong number of arguments for probe: got %d, want 3", len(args))
		}
		for i, a := range args {
			if !ir.Widens(a, signature.Params[i]) {
				return nil, fmt.Errorf("function probe does not accept argument %d of type %s; expected probe(INT, BIGINT, BIGINT) -> BIGINT", i+1, a)
			}
		}
		return signature, nil
	},
}

func init() {
	functions.Register(Function)
}
