package batch

import "reflect"

// bufs recycles the value slices of the vectors one evaluation computes, for
// the next evaluation of the query: a 64K-row batch of a query of twenty
// operations allocated 13 MB a batch otherwise, and the garbage collector's
// work, not the loops, was most of the engine's time. A vector over a
// recycled slice is not marked as allocated for itself (vec.Make's), so no
// output column takes its slice as its buffer: the columns copy their rows,
// and every slice taken during an evaluation is free again after it. Only
// fixed-width values are recycled (their slices hold no pointers, so a
// stale row keeps nothing alive).
type bufs struct {
	n     int                    // the rows of the chunk being evaluated
	size  int                    // the length of the slices
	free  map[reflect.Type][]any // []T slices of size values, by T
	taken []any                  // the slices taken since the last reset
}

// take returns a slice of b.n values of type T, of arbitrary contents.
func take[T any](b *bufs) []T {
	t := reflect.TypeFor[T]()
	if l := b.free[t]; len(l) > 0 {
		s := l[len(l)-1].([]T)
		b.free[t] = l[:len(l)-1]
		b.taken = append(b.taken, s)
		return s[:b.n]
	}
	s := make([]T, b.size)
	b.taken = append(b.taken, s)
	return s[:b.n]
}

// reset prepares b for a chunk of n rows: the slices taken so far are free
// again (all are dropped if they are shorter than n).
func (b *bufs) reset(n int) {
	b.n = n
	if b.free == nil || b.size < n {
		b.free, b.size = map[reflect.Type][]any{}, n
		clear(b.taken)
		b.taken = b.taken[:0]
		return
	}
	for _, s := range b.taken {
		t := reflect.TypeOf(s).Elem()
		b.free[t] = append(b.free[t], s)
	}
	clear(b.taken)
	b.taken = b.taken[:0]
}
