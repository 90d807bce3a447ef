package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// key identifies one benchmark: all its -count runs.
type key struct {
	query, rows, nulls, impl string
}

// samples are the measurements of one benchmark, one entry per run.
type samples struct {
	nsRow, bytesOp, allocsOp []float64
}

// results are the parsed benchmark output and the header lines (goos, cpu...)
// of the go test run.
type results struct {
	data map[key]*samples
	// paired holds BenchmarkRatio's gen/hand figures, one per pass, by query,
	// rows and nulls (impl empty): the generated code and the hand-written
	// loop timed in interleaved rounds on the same batch.
	paired map[key][]float64
	header []string
}

// pairedRatio returns the median over the passes of the paired gen/hand
// ratio of one query, size and NULL variant, and its spread; ok is false
// when BenchmarkRatio did not measure it.
func (r *results) pairedRatio(query, rows, nulls string) (m, sp float64, ok bool) {
	v := r.paired[key{query, rows, nulls, ""}]
	if len(v) == 0 {
		return 0, 0, false
	}
	return median(v), spread(v), true
}

// get returns the samples of k, nil when it was not measured.
func (r *results) get(query, rows, nulls, impl string) *samples {
	return r.data[key{query, rows, nulls, impl}]
}

// runs is the largest number of runs of any benchmark.
func (r *results) runs() int {
	n := 0
	for _, s := range r.data {
		n = max(n, len(s.nsRow))
	}
	return n
}

// parse reads `go test -bench` output of BenchmarkQueries and
// BenchmarkRatio: lines named BenchmarkQueries/query=Q/rows=R/nulls=N/impl=I-P
// and BenchmarkRatio/query=Q/rows=R/nulls=N-P, any number of passes.
func parse(in io.Reader) (*results, error) {
	r := &results{data: map[key]*samples{}, paired: map[key][]float64{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		isRatio := strings.HasPrefix(line, "BenchmarkRatio/")
		if !strings.HasPrefix(line, "BenchmarkQueries/") && !isRatio {
			if k, _, ok := strings.Cut(line, ": "); ok && !strings.Contains(k, " ") && !slices.Contains(r.header, line) {
				r.header = append(r.header, line)
			}
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 4 {
			continue
		}
		name := fields[0]
		if i := strings.LastIndexByte(name, '-'); i > strings.LastIndexByte(name, '=') {
			name = name[:i] // the GOMAXPROCS suffix
		}
		var k key
		for _, part := range strings.Split(name, "/")[1:] {
			label, val, _ := strings.Cut(part, "=")
			switch label {
			case "query":
				k.query = val
			case "rows":
				k.rows = val
			case "nulls":
				k.nulls = val
			case "impl":
				k.impl = val
			}
		}
		// A BenchmarkRatio line names no implementation; a BenchmarkQueries line must.
		if k.query == "" || k.rows == "" || k.nulls == "" || isRatio != (k.impl == "") {
			continue
		}
		s := r.data[k]
		if s == nil && !isRatio {
			s = &samples{}
			r.data[k] = s
		}
		for i := 2; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				return nil, fmt.Errorf("%q: %v", line, err)
			}
			switch unit := fields[i+1]; {
			case isRatio && unit == "gen/hand":
				r.paired[k] = append(r.paired[k], v)
			case isRatio:
			case unit == "ns/row":
				s.nsRow = append(s.nsRow, v)
			case unit == "B/op":
				s.bytesOp = append(s.bytesOp, v)
			case unit == "allocs/op":
				s.allocsOp = append(s.allocsOp, v)
			}
		}
	}
	return r, sc.Err()
}

// median of v, or -1 when v is empty.
func median(v []float64) float64 {
	if len(v) == 0 {
		return -1
	}
	v = slices.Clone(v)
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

// spread is the largest distance of a run from the median, relative to the
// median: how far one run strayed on this shared machine.
func spread(v []float64) float64 {
	m := median(v)
	if m <= 0 {
		return 0
	}
	d := 0.0
	for _, x := range v {
		d = max(d, abs(x-m))
	}
	return d / m
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// ns is the median ns/row of s, -1 when s was not measured.
func (s *samples) ns() float64 {
	if s == nil {
		return -1
	}
	return median(s.nsRow)
}

// allocs is the median allocs/op of s, -1 when s was not measured.
func (s *samples) allocs() float64 {
	if s == nil {
		return -1
	}
	return median(s.allocsOp)
}

// bytes is the median B/op of s, -1 when s was not measured.
func (s *samples) bytes() float64 {
	if s == nil {
		return -1
	}
	return median(s.bytesOp)
}
