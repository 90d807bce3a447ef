// Package rt is the fixed runtime that exprc-generated evaluators import: the
// scalar kernels of every SQL function, shared with the reference interpreter so
// both agree by construction, and the error type.
//
// rt depends only on the standard library. Kernels take and return the Go
// representation of SQL values:
//
//	BOOLEAN bool    INT int32     BIGINT int64    DOUBLE float64
//	VARCHAR string  DATE int32 (days since 1970-01-01)
//
// They never see NULL (SQL functions are strict: the caller handles NULL and
// argument errors) and never panic. A kernel that can fail returns (T, *Error);
// one that cannot returns just T.
//
// Naming: the SQL operation followed by the Go type of its operands, e.g.
// AddInt64, EqFloat64, NegateInt32, AbsFloat64; casts are Cast<From>To<To> with
// the Go type names and "Date" for DATE (CastStringToInt32, CastDateToString);
// functions over a single fixed type carry no suffix (Sqrt, Upper, Year), and
// overloads that differ only in arity carry it (Substring2, Substring3).
//
// The registry in package ir/functions records for every overload the name of
// its kernel here (ir.Signature.Kernel), and its interpreter calls exactly that
// function.
package rt
