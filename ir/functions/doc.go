// Package functions is exprc's function registry: every SQL function and
// operator the binder can call, with its overloads, its types, its NULL and error
// behaviour and its Go kernels.
//
// The binder resolves a call once, at bind time, with Lookup(name).Resolve(argTypes);
// everything later (folding, CSE, the interpreter, code generation) reads the
// resulting ir.Signature and never switches on function names. Kernels follow the
// Go value representation documented in package ir and never panic: a bad input is
// an *ir.EvalError of one of Spark's error classes, returned as a value.
//
// docs/functions.md is generated from this registry (see Markdown); regenerate it
// with `go generate ./ir/functions`.
package functions

//go:generate go test -run TestFunctionsDocUpToDate -update
