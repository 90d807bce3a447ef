// Package arrowcompute runs the benchmark queries as chains of arrow-go
// compute kernels (github.com/apache/arrow-go/v18/arrow/compute), one call
// per operator.
package arrowcompute
