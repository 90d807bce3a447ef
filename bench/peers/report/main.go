// Command report turns the raw output of `make bench` (BenchmarkQueries of
// module bench/peers: exprc's generated code, its hand-written limit, the
// interpreter and every peer engine measured side by side in one process;
// and BenchmarkRatio: the generated code and the hand-written loop in
// interleaved rounds, the paired gen/hand ratio) into bench/REPORT.md and
// the chart bench/REPORT.svg.
//
//	go run -tags duckdb_arrow ./report -results ../results.txt -md ../REPORT.md -svg ../REPORT.svg [-scale ../SCALE.md] [-readme ../../docs/speed.md]
//
// It imports the implementations (peers.All) to order the columns and to
// state, for each query a peer cannot express, the reason it gives.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/exprc/exprc/bench"
	"github.com/exprc/exprc/bench/peers"
)

// run describes the benchmark run for the report's header.
type run struct {
	command, date, goversion, goarch, goamd64, nproc, load, loadEnd, rounds string
}

func main() {
	resultsFile := flag.String("results", "../results.txt", "raw go test -bench output of BenchmarkQueries and BenchmarkRatio")
	mdFile := flag.String("md", "../REPORT.md", "the Markdown report to write")
	svgFile := flag.String("svg", "../REPORT.svg", "the chart to write")
	pngFile := flag.String("png", "", "also write the chart as a PNG image to this file (to look at it where SVG does not show)")
	readmeFile := flag.String("readme", "", "the page (docs/speed.md) whose headline table (between the "+beginMark+" and "+endMark+" lines) to replace")
	scaleFile := flag.String("scale", "../SCALE.md", "compile-side figures to include (bench/scale's output); skipped if missing")
	var rn run
	flag.StringVar(&rn.command, "command", "", "the exact benchmark command")
	flag.StringVar(&rn.date, "date", "", "when the run started")
	flag.StringVar(&rn.goversion, "goversion", "", "go env GOVERSION")
	flag.StringVar(&rn.goarch, "goarch", "", "go env GOARCH")
	flag.StringVar(&rn.goamd64, "goamd64", "", "go env GOAMD64")
	flag.StringVar(&rn.nproc, "nproc", "", "nproc")
	flag.StringVar(&rn.rounds, "rounds", "", "BenchmarkRatio's rounds per pass (-benchtime Nx)")
	flag.StringVar(&rn.load, "load", "", "load average when the run started")
	flag.StringVar(&rn.loadEnd, "load-end", "", "load average when the run ended")
	flag.Parse()
	if flag.NArg() > 0 {
		fatal(fmt.Errorf("unexpected argument %q", flag.Arg(0)))
	}

	f, err := os.Open(*resultsFile)
	if err != nil {
		fatal(err)
	}
	res, err := parse(f)
	f.Close()
	if err != nil {
		fatal(fmt.Errorf("%s: %w", *resultsFile, err))
	}
	if len(res.data) == 0 {
		fatal(fmt.Errorf("%s: no BenchmarkQueries results", *resultsFile))
	}
	var scale []byte
	if *scaleFile != "" {
		if scale, err = os.ReadFile(*scaleFile); err != nil && !errors.Is(err, os.ErrNotExist) {
			fatal(err)
		}
	}
	r := &report{res: res, run: rn, impls: order(peers.All()), scale: scale}
	r.notExpressible()

	if err := writeFile(*mdFile, r.markdown()); err != nil {
		fatal(err)
	}
	if *readmeFile != "" {
		if err := replaceHeadline(*readmeFile, r.headline()); err != nil {
			fatal(err)
		}
	}
	svg, err := r.chart("svg")
	if err != nil {
		fatal(err)
	}
	if err := writeFile(*svgFile, svg); err != nil {
		fatal(err)
	}
	if *pngFile != "" {
		png, err := r.chart("png")
		if err != nil {
			fatal(err)
		}
		if err := writeFile(*pngFile, png); err != nil {
			fatal(err)
		}
	}
}

// order puts the hand-written limit first and exprc's generated code second,
// the columns every other one is read against, then the rest as given.
func order(impls []bench.Impl) []bench.Impl {
	var out []bench.Impl
	for _, first := range []string{"handwritten", bench.Reference} {
		for _, im := range impls {
			if im.Name == first {
				out = append(out, im)
			}
		}
	}
	for _, im := range impls {
		if im.Name != "handwritten" && im.Name != bench.Reference {
			out = append(out, im)
		}
	}
	return out
}

// writeFile writes data to a temporary file beside name and renames it, so a
// failed run leaves the previous report whole.
func writeFile(name string, data []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "report:", err)
	os.Exit(1)
}

// The lines around the headline table in the README.
const (
	beginMark = "<!-- bench headline: written by make bench -->"
	endMark   = "<!-- end of bench headline -->"
)

// replaceHeadline puts table between the marker lines of the README.
func replaceHeadline(readme string, table []byte) error {
	text, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	begin := bytes.Index(text, []byte(beginMark+"\n"))
	end := bytes.Index(text, []byte(endMark))
	if begin < 0 || end < begin {
		return fmt.Errorf("%s: no %q ... %q lines to put the headline table between", readme, beginMark, endMark)
	}
	begin += len(beginMark) + 1
	var out bytes.Buffer
	out.Write(text[:begin])
	out.WriteString("\n")
	out.Write(table)
	out.WriteString("\n")
	out.Write(text[end:])
	return writeFile(readme, out.Bytes())
}
