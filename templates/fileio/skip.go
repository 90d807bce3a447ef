package fileio

import (
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/templates/sqltype"
)

// fillers makes the columns of batches that a reader does not decode
// (Options.Skip): all NULL for a nullable column, and for a NOT NULL one a valid
// zero value on every row (0, "", an empty map), so that the NOT NULL checks of
// the evaluators pass. The query never reads them. Each is a slice of one
// array per column, as long as the longest batch yet.
type fillers struct {
	mem   memory.Allocator
	table *tableType
	mu    sync.Mutex
	made  map[int]arrow.Array // by column index
}

func newFillers(table *tableType, mem memory.Allocator) *fillers {
	return &fillers{mem: mem, table: table, made: map[int]arrow.Array{}}
}

// column returns column i of a batch of n rows, for the caller to release.
func (f *fillers) column(i, n int) arrow.Array {
	f.mu.Lock()
	defer f.mu.Unlock()
	a, ok := f.made[i]
	if !ok || a.Len() < n {
		if ok {
			a.Release()
		}
		c := f.table.Columns[i]
		dt := sqltype.Arrow(c.Type)
		if c.Nullable {
			a = array.MakeArrayOfNull(f.mem, dt, n)
		} else {
			b := array.NewBuilder(f.mem, dt)
			b.AppendEmptyValues(n)
			a = b.NewArray()
			b.Release()
		}
		f.made[i] = a
	}
	return array.NewSlice(a, 0, int64(n))
}

// release frees the shared columns.
func (f *fillers) release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i, a := range f.made {
		a.Release()
		delete(f.made, i)
	}
}

// skipped reports whether column i is not decoded under opts.
func skipped(opts Options, i int) bool { return i < len(opts.Skip) && opts.Skip[i] }
