// Command measure runs a process and prints its wall time, CPU time and peak
// RSS as JSON: the end-to-end benchmark (package e2e) builds it and measures
// every process through it. See package e2e/internal/measure for why.
//
//	measure [-timeout D] -- ARGV...
package main

import (
	"os"

	"github.com/exprc/exprc/bench/peers/e2e/internal/measure"
)

func main() { os.Exit(measure.Main(os.Args[1:], os.Stdout, os.Stderr)) }
