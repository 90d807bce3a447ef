// Command subqreport turns the raw output of bench/subquery/run.sh's `go test
// -bench` passes into the figure tables of the subquery benchmark (markdown on
// stdout): per query and size, the median ns/row, allocs/op and B/op of the
// generated code, the hand-written loop and the interpreter, the ratio
// generated/hand-written, and how the generated code's per-row cost grew from
// the query's previous size against what its form predicts (flat for the set
// and keyed forms, log inner for the sorted form, inner for the loop form),
// by the median run and by the fastest.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// key identifies one benchmark (all its runs): query, phase (build or eval),
// size (eval: OUTERxINNER; build: INNER) and implementation.
type key struct {
	query, phase, size, impl string
}

type samples struct {
	nsRow, nsPair, bytesOp, allocsOp []float64
}

var (
	// queries are bench/subquery.sql's, in order, with their settled forms.
	queries = []struct{ name, form string }{
		{"InProbe", "set"}, {"InFilter", "set"}, {"EqCount", "keyed"}, {"IneqCount", "sorted"}, {"IneqCountLoop", "loop"},
	}
)

func main() {
	results := flag.String("results", "bench/subquery/results.txt", "raw go test -bench output")
	flag.Parse()
	f, err := os.Open(*results)
	if err != nil {
		fatal(err)
	}
	data, order, err := parse(f)
	f.Close()
	if err != nil {
		fatal(err)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }

	p("### Probe phase: Eval of one outer batch against the prepared subquery\n\n")
	p("ns/row is per outer row: the median of the runs, and (best) the fastest run, which on a shared machine is\n")
	p("the least disturbed. growth = generated ns/row ÷ the same at the query's previous size (median; best);\n")
	p("predicted = the growth the form's work per outer row predicts: 1 (set, keyed: one hash lookup),\n")
	p("log₂ inner ÷ log₂ previous inner (sorted: one binary search), inner ÷ previous inner (loop: every inner row).\n")
	p("allocs/op and B/row (bytes allocated per outer row): generated / hand-written.\n\n")
	p("| query | form | outer × inner | generated ns/row | (best) | hand-written ns/row | (best) | interpreter ns/row | gen/hand | growth | (best) | predicted | ns/pair | allocs/op | B/row |\n")
	p("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, q := range queries {
		prevNs, prevBest, prevInner := 0.0, 0.0, 0
		for _, size := range order[q.name+"/eval"] {
			s := func(impl string) *samples { return data[key{q.name, "eval", size, impl}] }
			outer, inner := parseSize(size)
			gen, hand := s("generated"), s("handwritten")
			growth, growthBest, predicted := "–", "–", "–"
			if gen != nil && prevNs > 0 {
				growth = fmt.Sprintf("%.2f×", median(gen.nsRow)/prevNs)
				growthBest = fmt.Sprintf("%.2f×", slices.Min(gen.nsRow)/prevBest)
				predicted = fmt.Sprintf("%.2f×", predict(q.form, prevInner, inner))
			}
			pair := "–"
			if gen != nil && len(gen.nsPair) > 0 {
				pair = num(median(gen.nsPair))
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s |\n",
				q.name, q.form, strings.Replace(size, "x", " × ", 1),
				nsRow(gen), best(gen), nsRow(hand), best(hand), nsRow(s("interpreter")), ratio(gen, hand),
				growth, growthBest, predicted, pair,
				allocs(gen), allocs(hand), perRow(gen, outer), perRow(hand, outer))
			if gen != nil {
				prevNs, prevBest, prevInner = median(gen.nsRow), slices.Min(gen.nsRow), inner
			}
		}
	}

	p("\n### Build phase: NewQ (Prepare) over the inner table\n\n")
	p("ns/row is per inner row (median of the runs; best: the fastest run); growth as above, predicted 1 for the set,\n")
	p("keyed and loop forms (one pass; the loop form only retains the batches), log₂ inner ÷ log₂ previous inner for the\n")
	p("sorted form (a sort). allocs/op and B/row (bytes allocated per inner row): generated / hand-written.\n\n")
	p("| query | form | inner | generated ns/row | (best) | hand-written ns/row | (best) | interpreter ns/row | gen/hand | growth | (best) | predicted | allocs/op | B/row |\n")
	p("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	for _, q := range queries {
		prevNs, prevBest, prevInner := 0.0, 0.0, 0
		for _, size := range order[q.name+"/build"] {
			s := func(impl string) *samples { return data[key{q.name, "build", size, impl}] }
			inner := parseCount(size)
			gen, hand := s("generated"), s("handwritten")
			growth, growthBest, predicted := "–", "–", "–"
			if gen != nil && prevNs > 0 {
				growth = fmt.Sprintf("%.2f×", median(gen.nsRow)/prevNs)
				growthBest = fmt.Sprintf("%.2f×", slices.Min(gen.nsRow)/prevBest)
				form := q.form
				if form == "loop" {
					form = "set"
				}
				predicted = fmt.Sprintf("%.2f×", predict(form, prevInner, inner))
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s |\n",
				q.name, q.form, size,
				nsRow(gen), best(gen), nsRow(hand), best(hand), nsRow(s("interpreter")), ratio(gen, hand),
				growth, growthBest, predicted,
				allocs(gen), allocs(hand), perRow(gen, inner), perRow(hand, inner))
			if gen != nil {
				prevNs, prevBest, prevInner = median(gen.nsRow), slices.Min(gen.nsRow), inner
			}
		}
	}
}

// predict is the growth of the per-row cost a form predicts from inner size a
// to b.
func predict(form string, a, b int) float64 {
	switch form {
	case "sorted":
		return math.Log2(float64(b)) / math.Log2(float64(a))
	case "loop":
		return float64(b) / float64(a)
	}
	return 1
}

// parse reads the benchmark lines; order lists each query/phase's sizes in
// the order met.
func parse(r io.Reader) (map[key]*samples, map[string][]string, error) {
	data := map[key]*samples{}
	order := map[string][]string{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 || !strings.HasPrefix(fields[0], "Benchmark") {
			continue
		}
		name := fields[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i] // the GOMAXPROCS suffix
		}
		parts := strings.Split(name, "/")
		if len(parts) != 4 {
			continue
		}
		_, size, _ := strings.Cut(parts[2], "=")
		_, impl, _ := strings.Cut(parts[3], "=")
		k := key{strings.TrimPrefix(parts[0], "Benchmark"), parts[1], size, impl}
		group := k.query + "/" + k.phase
		if !slices.Contains(order[group], size) {
			order[group] = append(order[group], size)
		}
		s := data[k]
		if s == nil {
			s = &samples{}
			data[k] = s
		}
		for i := 2; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				return nil, nil, fmt.Errorf("%q: %v", sc.Text(), err)
			}
			switch fields[i+1] {
			case "ns/row":
				s.nsRow = append(s.nsRow, v)
			case "ns/pair":
				s.nsPair = append(s.nsPair, v)
			case "B/op":
				s.bytesOp = append(s.bytesOp, v)
			case "allocs/op":
				s.allocsOp = append(s.allocsOp, v)
			}
		}
	}
	return data, order, sc.Err()
}

// parseSize reads OUTERxINNER.
func parseSize(s string) (outer, inner int) {
	o, i, _ := strings.Cut(s, "x")
	return parseCount(o), parseCount(i)
}

// parseCount reads 1K, 100K, 1M.
func parseCount(s string) int {
	mult := 1
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1_000, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1_000_000, strings.TrimSuffix(s, "M")
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		fatal(fmt.Errorf("size %q: %v", s, err))
	}
	return n * mult
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// num renders a figure with three or four significant digits.
func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func nsRow(s *samples) string {
	if s == nil {
		return "–"
	}
	return num(median(s.nsRow))
}

// best is the fastest run's ns/row.
func best(s *samples) string {
	if s == nil {
		return "–"
	}
	return num(slices.Min(s.nsRow))
}

func allocs(s *samples) string {
	if s == nil {
		return "–"
	}
	return strconv.FormatFloat(median(s.allocsOp), 'f', 0, 64)
}

func perRow(s *samples, rows int) string {
	if s == nil {
		return "–"
	}
	return num(median(s.bytesOp) / float64(rows))
}

func ratio(a, b *samples) string {
	if a == nil || b == nil {
		return "–"
	}
	return fmt.Sprintf("%.2f×", median(a.nsRow)/median(b.nsRow))
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "subqreport:", err)
	os.Exit(1)
}
