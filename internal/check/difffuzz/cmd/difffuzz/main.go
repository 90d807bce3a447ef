// Command difffuzz is the differential expression fuzzer (make fuzz): random
// queries and data, checked across the interpreter, the generated code with
// and without CSE and the batch engine (codegen/batch) with and without CSE.
// See package internal/check/difffuzz.
//
//	go run ./internal/check/difffuzz/cmd/difffuzz [-duration 10m] [-seed S] [-rounds N]
//	go run ./internal/check/difffuzz/cmd/difffuzz -replay      # the regression cases
//	go run ./internal/check/difffuzz/cmd/difffuzz -seed S -print P   # the spec of package P
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/exprc/exprc/internal/check/difffuzz"
)

func main() {
	cfg := difffuzz.DefaultConfig()
	duration := flag.Duration("duration", 10*time.Minute, "how long to fuzz (rounds already started finish)")
	seed := flag.Uint64("seed", 0, "seed of queries and data (0: random, printed)")
	flag.IntVar(&cfg.Rounds, "rounds", 0, "stop after this many rounds (0: -duration decides)")
	flag.IntVar(&cfg.Packages, "packages", cfg.Packages, "generated packages per round (built together)")
	flag.IntVar(&cfg.PerPackage, "queries", cfg.PerPackage, "base queries per package")
	flag.IntVar(&cfg.DataSets, "datasets", cfg.DataSets, "data sets per package")
	flag.IntVar(&cfg.MaxShrink, "shrink", cfg.MaxShrink, "failures to shrink into regression cases")
	flag.IntVar(&cfg.SubPct, "subpct", cfg.SubPct, "percentage of queries that read subqueries (negative: the default, a quarter)")
	regressions := flag.String("regressions", "", "directory for regression cases (default internal/check/difffuzz/testdata/regressions; \"-\": print only)")
	replay := flag.Bool("replay", false, "replay the regression cases and exit")
	print := flag.Int("print", -1, "print the spec of package P of the seed and exit")
	flag.Parse()

	wd, err := os.Getwd()
	if err != nil {
		fail(err)
	}
	root, err := difffuzz.RepoRoot(wd)
	if err != nil {
		fail(err)
	}
	cfg.Root = root
	switch *regressions {
	case "":
		cfg.RegressionDir = filepath.Join(root, "internal", "check", "difffuzz", "testdata", "regressions")
	case "-":
	default:
		cfg.RegressionDir = *regressions
	}
	if *replay {
		os.Exit(replayCases(root, filepath.Join(root, "internal", "check", "difffuzz", "testdata", "regressions")))
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano()) & (1<<53 - 1)
	}
	cfg.Seed = *seed
	if *print >= 0 {
		_, _, spec := difffuzz.GeneratePackageSub(cfg.Seed, *print, cfg.PerPackage, cfg.SubPct)
		fmt.Print(spec)
		return
	}
	if cfg.Rounds == 0 {
		cfg.Duration = *duration
	}
	cfg.Log = os.Stdout
	if cfg.Rounds > 0 {
		fmt.Printf("difffuzz: seed %d, %d rounds of %d x %d queries\n", cfg.Seed, cfg.Rounds, cfg.Packages, cfg.PerPackage)
	} else {
		fmt.Printf("difffuzz: seed %d, %s (rerun: make fuzz SEED=%d DURATION=%s)\n", cfg.Seed, *duration, cfg.Seed, *duration)
	}
	sum, err := difffuzz.Fuzz(cfg)
	if err != nil {
		fail(err)
	}
	fmt.Print("\n" + sum.String())
	for _, c := range sum.Cases {
		fmt.Println("regression case:", c)
	}
	if len(sum.Failures) > 0 || len(sum.Crashes) > 0 {
		fmt.Println("FAIL")
		os.Exit(1)
	}
	fmt.Println("PASS")
}

func replayCases(root, dir string) int {
	cases, err := difffuzz.LoadCases(dir)
	if err != nil {
		fail(err)
	}
	res, _, err := difffuzz.ReplayCases(root, cases)
	if err != nil {
		fail(err)
	}
	bad := 0
	for _, r := range res {
		if len(r.Failures) == 0 {
			fmt.Printf("ok   %s\n", r.Case.Name)
			continue
		}
		bad++
		fmt.Printf("FAIL %s\n", r.Case.Name)
		for _, f := range r.Failures {
			fmt.Printf("     %s: %s\n       got:  %s\n       want: %s\n", f.Kind, f.Detail, f.Got, f.Want)
		}
	}
	fmt.Printf("%d cases, %d failing\n", len(res), bad)
	if bad > 0 {
		return 1
	}
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "difffuzz:", err)
	os.Exit(1)
}
