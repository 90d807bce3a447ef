package difffuzz

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Case is a regression case: a spec with one table and base queries (with
// their _try and _perm variants, when the failure needs them), and the rows
// that make the checks fail. The file format is
//
//	# free-form comments: the kind of failure, what differed, where it came from
//	-- spec
//	CREATE TABLE t (...);
//	-- name: q0
//	SELECT ...;
//	-- rows
//	[1, "NaN", null, ...]      (one JSON array per row, see EncodeRows)
type Case struct {
	Name     string // file name without .case
	Comments []string
	Spec     string
	Rows     string
}

const (
	specMarker = "-- spec"
	rowsMarker = "-- rows"
)

// Format renders the case file.
func (c *Case) Format() []byte {
	var b strings.Builder
	for _, l := range c.Comments {
		for _, part := range strings.Split(l, "\n") {
			b.WriteString("# " + part + "\n")
		}
	}
	b.WriteString(specMarker + "\n")
	b.WriteString(strings.TrimSpace(c.Spec) + "\n")
	b.WriteString(rowsMarker + "\n")
	b.WriteString(c.Rows)
	return []byte(b.String())
}

// ParseCase reads a case file.
func ParseCase(name string, b []byte) (*Case, error) {
	c := &Case{Name: name}
	s := string(b)
	head, rest, ok := strings.Cut(s, specMarker+"\n")
	if !ok {
		return nil, fmt.Errorf("%s: no %q line", name, specMarker)
	}
	for _, l := range strings.Split(head, "\n") {
		if t, ok := strings.CutPrefix(l, "# "); ok {
			c.Comments = append(c.Comments, t)
		}
	}
	spec, rows, ok := strings.Cut(rest, "\n"+rowsMarker+"\n")
	if !ok {
		return nil, fmt.Errorf("%s: no %q line", name, rowsMarker)
	}
	c.Spec, c.Rows = spec+"\n", rows
	return c, nil
}

// LoadCases reads every *.case file of dir, sorted by name.
func LoadCases(dir string) ([]*Case, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.case"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var cases []*Case
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		c, err := ParseCase(strings.TrimSuffix(filepath.Base(f), ".case"), b)
		if err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// WriteCase writes c into dir under a name made of its kind and a hash of its
// content, so the same minimal reproducer found twice is one file.
func WriteCase(dir, kind string, c *Case) (string, error) {
	h := sha256.Sum256([]byte(c.Spec + "\x00" + c.Rows))
	c.Name = strings.NewReplacer("/", "-", " ", "-").Replace(kind) + "-" + hex.EncodeToString(h[:])[:10]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, c.Name+".case")
	return path, os.WriteFile(path, c.Format(), 0o644)
}

// CaseResult is the outcome of replaying one case.
type CaseResult struct {
	Case     *Case
	Failures []Failure
}

// ReplayCases compiles every case into one temporary module (one package per
// case, one go build) and runs all checks on each case's rows.
func ReplayCases(root string, cases []*Case) ([]CaseResult, *Stats, error) {
	if len(cases) == 0 {
		return nil, &Stats{}, nil
	}
	m, err := NewModule(root)
	if err != nil {
		return nil, nil, err
	}
	defer m.Remove()
	// Replays generate every variant both ways.
	m.CSEVariants = []string{"try", "perm"}
	m.NoCSEVariants = []string{"try", "perm"}
	for _, c := range cases {
		if _, err := m.AddPackage(c.Spec, JobPackage{Rows: c.Rows, HasRows: true}); err != nil {
			return nil, nil, fmt.Errorf("case %s: %w", c.Name, err)
		}
	}
	bin, err := m.Build()
	if err != nil {
		return nil, nil, err
	}
	rep, err := m.Run(bin, false, 2, 10*time.Minute)
	if err != nil {
		return nil, nil, err
	}
	res := make([]CaseResult, len(cases))
	for i, c := range cases {
		res[i].Case = c
	}
	for _, f := range rep.Failures {
		res[f.Package].Failures = append(res[f.Package].Failures, f)
	}
	return res, &rep.Stats, nil
}
