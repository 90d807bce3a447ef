package functions

import (
	"sync"
	"testing"
)

// TestZoneSetsConcurrent builds session zones' function sets from several
// goroutines while others look functions up and expand calls: a set's first
// use registers rewrites, which must not race with the binder's reads (go
// test -race).
func TestZoneSetsConcurrent(t *testing.T) {
	zones := []string{"Asia/Tokyo", "America/Sao_Paulo", "+03:30", "Africa/Cairo"}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, z := range zones {
				if LookupIn("date_trunc", zones[(i+len(z))%len(zones)]) == nil {
					t.Error("date_trunc not found")
				}
				fn := Lookup("nanvl")
				_ = Expanded(fn)
			}
		}()
	}
	wg.Wait()
}
