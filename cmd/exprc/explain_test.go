package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestExplainPhysical checks that every format of exprc explain carries the
// physical plan: the seed's Classify query has a WHERE clause whose loop
// builds its selection and two fused outputs that write their columns
// directly and absorb the shared subexpression only they use.
func TestExplainPhysical(t *testing.T) {
	_, spec, _ := setup(t)

	r := exprc("explain", spec, "--query", "Classify")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{
		"physical plan:",
		"WHERE: fused",
		"builds the selection of the rows it keeps in its loop",
		"bucket: fused",
		"fused loop (root of bucket): IF((x > y), (a + 5), ((a + 5) DIV 100))",
		"computes #0 per row (absorbed: used only here): (a + 5)",
		"#1: absorbed by label",
		"loops: mode conditional (conditions and results whose leaves are strict",
		"reads a, x, y; per-row tests: AddInt64 fails, x IS NULL, y IS NULL",
		"fallback: vector code over the rows the loops leave",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("text explain lacks %q:\n%s", want, r.stdout)
		}
	}

	r = exprc("explain", spec, "--query", "Classify", "--format", "json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var doc struct {
		Queries []struct {
			Shared []struct {
				ID    int  `json:"id"`
				Cheap bool `json:"cheap"`
			} `json:"shared"`
			Physical struct {
				Roots []struct{ Clause, Code, Why string } `json:"roots"`
				Fused []struct {
					Root    bool     `json:"root"`
					Direct  bool     `json:"direct"`
					Absorbs []int    `json:"absorbs"`
					Mode    string   `json:"mode"`
					Exact   bool     `json:"exact"`
					Leaves  []string `json:"leaves"`
				} `json:"fused"`
				Shared []struct {
					ID    int      `json:"id"`
					How   string   `json:"how"`
					Roots []string `json:"roots"`
				} `json:"shared"`
			} `json:"physical"`
		} `json:"queries"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(doc.Queries) != 1 {
		t.Fatalf("%d queries", len(doc.Queries))
	}
	p := doc.Queries[0].Physical
	var codes []string
	for _, root := range p.Roots {
		codes = append(codes, root.Clause+"="+root.Code)
		if root.Why == "" {
			t.Errorf("root %s has no reason", root.Clause)
		}
	}
	if got := strings.Join(codes, " "); got != "WHERE=fused bucket=fused label=fused" {
		t.Errorf("roots %s", got)
	}
	if len(p.Fused) != 3 || !p.Fused[0].Root || p.Fused[0].Direct || len(p.Fused[0].Absorbs) != 0 ||
		!p.Fused[1].Root || !p.Fused[1].Direct || len(p.Fused[1].Absorbs) != 1 {
		t.Errorf("fused %+v", p.Fused)
	}
	for _, f := range p.Fused {
		if f.Mode == "" || len(f.Leaves) == 0 {
			t.Errorf("fused loop without its mode or inputs: %+v", f)
		}
	}
	if len(p.Shared) != 2 || p.Shared[0].How != "absorbed" || strings.Join(p.Shared[0].Roots, ",") != "bucket" {
		t.Errorf("shared %+v", p.Shared)
	}

	r = exprc("explain", spec, "--query", "Classify", "--format", "dot")
	if r.code != 0 || !strings.Contains(r.stdout, `label="bucket\nfused, conditional, direct"`) || !strings.Contains(r.stdout, "penwidth=3") {
		t.Errorf("dot lacks the physical notes (exit %d):\n%s", r.code, r.stdout)
	}
}

// TestExplainBatchEngine: --engine batch shows the plan the batch engine
// runs, with no fused loop.
func TestExplainBatchEngine(t *testing.T) {
	r := exprc("explain", demoTables, demoSpec, "-q", "Q1Projection", "--engine", "batch")
	if r.code != 0 || !strings.Contains(r.stdout, "vector code: the batch engine runs no fused loops") || strings.Contains(r.stdout, ": fused") {
		t.Errorf("%+v", r)
	}
	r = exprc("explain", demoTables, demoSpec, "--engine", "jit")
	if r.code != 1 || !strings.Contains(r.stderr, `unknown --engine "jit" (want compiled or batch)`) {
		t.Errorf("bad engine: %+v", r)
	}
}
