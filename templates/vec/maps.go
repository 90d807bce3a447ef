package vec

import (
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// StrKeys is a VARCHAR key array read in place: offsets and bytes, so a lookup
// compares bytes without building string headers through the array's methods.
type StrKeys struct {
	offs []int32
	// data is readable 8 bytes past its end, for FindKey's 8-byte loads:
	// the Arrow buffer's own memory where it goes on that far, else a
	// padded copy (padded).
	data []byte
	// base is data's first byte, kept apart so that FindKey, which loads
	// from it, stays within the inliner's budget.
	base unsafe.Pointer
}

// StringKeys reads the key array of a MAP column with VARCHAR keys.
func StringKeys(a arrow.Array) StrKeys {
	s := a.(*array.String)
	k := StrKeys{offs: s.ValueOffsets()}
	var data, whole []byte
	if b := s.Data().Buffers()[2]; b != nil {
		data, whole = b.Bytes(), b.Buf() // (an allocation rounds up to 64 bytes)
	}
	k.data = padded(data, whole)
	k.base = unsafe.Pointer(unsafe.SliceData(k.data))
	// ValueOffsets starts at the array's first value; entry indexes from the map
	// are relative to the key array, so they index offs directly.
	return k
}

// Int64Keys reads the BIGINT key array of a MAP column, for FindInt64 and
// RowFindInt64.
func Int64Keys(a arrow.Array) []int64 { return a.(*array.Int64).Int64Values() }

// Int32Keys reads the INT key array of a MAP column, for FindInt32 and
// RowFindInt32.
func Int32Keys(a arrow.Array) []int32 { return a.(*array.Int32).Int32Values() }

// The Find functions look a key up among the entries [start, end) of a MAP
// column's key array, in place: no per-row map values are built. A repeated key
// resolves to its last entry (Spark's LAST_WIN), and -1 means missing.

// FindString looks up a VARCHAR key.
func FindString(keys StrKeys, start, end int64, key string) int {
	offs, data := keys.offs, keys.data
	for j := int(end) - 1; j >= int(start); j-- {
		if string(data[offs[j]:offs[j+1]]) == key {
			return j
		}
	}
	return -1
}

// FindInt64 looks up a BIGINT key.
func FindInt64(keys []int64, start, end int64, key int64) int {
	for j := int(end) - 1; j >= int(start); j-- {
		if keys[j] == key {
			return j
		}
	}
	return -1
}

// FindInt32 looks up an INT key.
func FindInt32(keys []int32, start, end int64, key int32) int {
	for j := int(end) - 1; j >= int(start); j-- {
		if keys[j] == key {
			return j
		}
	}
	return -1
}

// CountString counts the distinct VARCHAR keys among entries [start, end).
func CountString(keys StrKeys, start, end int64) int32 {
	n := int32(0)
	for j := int(start); j < int(end); j++ {
		if FindString(keys, int64(j)+1, end, string(keys.data[keys.offs[j]:keys.offs[j+1]])) < 0 {
			n++
		}
	}
	return n
}

// CountInt64 counts the distinct BIGINT keys among entries [start, end).
func CountInt64(keys []int64, start, end int64) int32 {
	n := int32(0)
	for j := int(start); j < int(end); j++ {
		if FindInt64(keys, int64(j)+1, end, keys[j]) < 0 {
			n++
		}
	}
	return n
}

// CountInt32 counts the distinct INT keys among entries [start, end).
func CountInt32(keys []int32, start, end int64) int32 {
	n := int32(0)
	for j := int(start); j < int(end); j++ {
		if FindInt32(keys, int64(j)+1, end, keys[j]) < 0 {
			n++
		}
	}
	return n
}
