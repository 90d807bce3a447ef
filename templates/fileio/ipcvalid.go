package fileio

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// checkArray reports an array whose buffers cannot hold its values: a
// validity bitmap or a data buffer shorter than its length, or offsets out of
// order or past the values (each level of a nested array). arrow-go's IPC
// readers take an array's buffers as the file gives them, so in a damaged
// file a string's offsets can point past its bytes; every reader and
// evaluator then indexes out of range, or reads bytes that are not the
// value. Checked when read, such a file is an error that names it.
func checkArray(a arrow.Array) error {
	d := a.Data()
	if d.Offset() < 0 || d.Len() < 0 {
		return fmt.Errorf("array of length %d at offset %d", d.Len(), d.Offset())
	}
	n := int64(d.Offset()) + int64(d.Len())
	bufs := d.Buffers()
	if len(bufs) > 0 && bufs[0] != nil && int64(bufs[0].Len()) < bitutil.BytesForBits(n) {
		return fmt.Errorf("a validity bitmap of %d bytes for %d values", bufs[0].Len(), n)
	}
	if fw, ok := d.DataType().(arrow.FixedWidthDataType); ok && d.DataType().ID() != arrow.NULL {
		need := (n*int64(fw.BitWidth()) + 7) / 8
		if len(bufs) < 2 || (need > 0 && (bufs[1] == nil || int64(bufs[1].Len()) < need)) {
			return fmt.Errorf("a %s buffer too short for %d values", d.DataType(), n)
		}
		return nil
	}
	switch a := a.(type) {
	// Not ValidateFull, which also rejects a string that is not UTF-8: a
	// VARCHAR's invalid bytes are read as U+FFFD, not an error.
	case *array.String:
		return checkOffsets(a.Validate(), a.ValueOffsets(), d.Offset(), d.Len())
	case *array.LargeString:
		return checkOffsets(a.Validate(), a.ValueOffsets(), d.Offset(), d.Len())
	case *array.Binary:
		return checkOffsets(a.Validate(), a.ValueOffsets(), d.Offset(), d.Len())
	case *array.StringView:
		return a.Validate()
	case *array.Map:
		if err := a.ValidateFull(); err != nil {
			return err
		}
		return checkArray(a.ListValues())
	case *array.List:
		if err := a.ValidateFull(); err != nil {
			return err
		}
		return checkArray(a.ListValues())
	case *array.LargeList:
		if err := a.ValidateFull(); err != nil {
			return err
		}
		return checkArray(a.ListValues())
	case *array.Struct:
		for i := range a.NumField() {
			if a.Field(i).Len() < int(n) {
				return fmt.Errorf("a struct field of %d values for %d rows", a.Field(i).Len(), n)
			}
			if err := checkArray(a.Field(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkOffsets is err, or else an error when the offsets of the values from
// off to off+n (which Validate found in the buffer, the last within the data)
// are negative or decrease.
func checkOffsets[T int32 | int64](err error, offsets []T, off, n int) error {
	if err != nil || n == 0 {
		return err
	}
	offsets = offsets[off : off+n+1]
	if offsets[0] < 0 {
		return fmt.Errorf("a negative offset %d", offsets[0])
	}
	for i := 1; i < len(offsets); i++ {
		if offsets[i] < offsets[i-1] {
			return fmt.Errorf("offsets out of order at value %d: %d after %d", off+i, offsets[i], offsets[i-1])
		}
	}
	return nil
}
