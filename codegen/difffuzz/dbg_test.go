package difffuzz

import (
	"math/rand/v2"
	"testing"
)

func TestDbg(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 0))
	s := RandomSchema(r, "t")
	g := NewGenerator(r, s)
	bad, size, n := 0, 0, 300
	for i := 0; i < n; i++ {
		q := g.query("q")
		if err := CheckQuery(s, q); err != nil {
			bad++
		}
		if i < 5 {
			t.Log(q.SQL("t"))
		}
		size += q.Size()
	}
	t.Logf("rejected %d of %d, mean size %d", bad, n, size/n)
}
