package fileio

import (
	"context"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// VARCHAR columns are dictionary-encoded by the writer, not by arrow-go.
//
// Low-cardinality strings (flags, codes, names of a few things) are what a
// Parquet dictionary is for, and readers expect it. arrow-go's encoder hashes
// each value through an interface{} (an allocation per value) into a general
// memo table: 55 ns a value, the largest cost of writing Parquet. So a batch's
// VARCHAR columns are kept (retained, not copied) until their row group is
// full; then one pass over the row group's values builds its dictionary with a
// Go map (a table indexed by the byte for one-byte strings), and the column
// chunk is written once, as an Arrow dictionary array, which arrow-go writes
// as dictionary page plus indices. A row group's dictionary is fixed before
// its first value is written, which is why the values wait for the whole row
// group. A column whose dictionary would outgrow the dictionary page limit is
// written plain instead, as arrow-go's own encoder would end up doing after
// hashing a megabyte of distinct values.

// keepStrings holds arr, a VARCHAR column of the row group being filled, until
// flushStrings writes it.
func (w *parquetWriter) keepStrings(i int, arr *array.String) {
	arr.Retain()
	w.pending[i] = append(w.pending[i], arr)
}

// flushStrings writes the kept VARCHAR columns of the row group being filled,
// on up to w.threads goroutines, and releases them.
func (w *parquetWriter) flushStrings() error {
	var cols []int
	for i, p := range w.pending {
		if len(p) > 0 {
			cols = append(cols, i)
		}
	}
	err := w.each(len(cols), func(k int, levels [][]int16) error {
		return w.writeStrings(cols[k], levels)
	})
	w.releaseStrings()
	return err
}

// releaseStrings drops the kept columns (after they are written, or when the
// output fails).
func (w *parquetWriter) releaseStrings() {
	for i, p := range w.pending {
		for _, a := range p {
			a.Release()
		}
		clear(p)
		w.pending[i] = p[:0]
	}
}

// writeStrings writes the kept batches of VARCHAR column i as its column chunk
// of the current row group.
func (w *parquetWriter) writeStrings(i int, levels [][]int16) error {
	parts := w.pending[i]
	nullable := w.schema.Field(i).Nullable
	ctx := context.Background()
	cw, err := w.rg.Column(w.leaves[i])
	if err != nil {
		return err
	}
	dict := dictionaryOf(parts, w.dictLimit, memory.DefaultAllocator)
	if dict == nil {
		cw.FallbackToPlain()
		for _, p := range parts {
			if err := pqarrow.WriteArrowToColumn(ctx, cw, p, defLevels(p, nullable, levels), nil, nullable); err != nil {
				return err
			}
		}
		return nil
	}
	defer dict.Release()
	if err := presetDictionary(cw, dict); err != nil {
		return err
	}
	return pqarrow.WriteArrowToColumn(ctx, cw, dict, defLevels(dict, nullable, levels), nil, nullable)
}

// presetDictionary gives the column chunk's dictionary encoder dict's
// dictionary before pqarrow writes dict. pqarrow then finds the dictionary it
// is given already in place and takes the chunk's statistics from its values;
// otherwise it first takes the distinct indices of the chunk (a hash per row,
// a tenth of the cost of writing a Parquet file of the lineitem query) to
// keep only the values the indices use, and dictionaryOf's dictionary holds
// only those already. Where the encoder is not one that can be preset (another
// arrow-go), pqarrow does all of it as before.
func presetDictionary(cw file.ColumnChunkWriter, dict *array.Dictionary) error {
	enc, ok := cw.CurrentEncoder().(interface {
		PutDictionary(arrow.Array) error
		PreservedDictionary() arrow.Array
		NumEntries() int
	})
	if !ok || enc.NumEntries() > 0 || enc.PreservedDictionary() != nil || !dictEncoded(cw) {
		return nil
	}
	return enc.PutDictionary(dict.Dictionary())
}

// defLevels returns the definition levels of a column that is not a map: one
// per row, 1 for a value and 0 for NULL, in levels[0]; nil when the column is
// NOT NULL.
func defLevels(arr arrow.Array, nullable bool, levels [][]int16) []int16 {
	if !nullable {
		return nil
	}
	def := grow(levels, 0, arr.Len())
	if arr.NullN() == 0 {
		for r := range def {
			def[r] = 1
		}
		return def
	}
	for r := range def {
		def[r] = int16(bool2int(arr.IsValid(r)))
	}
	return def
}

// dictionaryOf returns parts, concatenated, as a dictionary array of int32
// indices into their distinct values in order of first appearance, or nil
// when the distinct values would take more than limit bytes in a Parquet
// dictionary page (4 bytes of length each, then the bytes) or one of them is
// the empty string (see add).
func dictionaryOf(parts []*array.String, limit int64, mem memory.Allocator) *array.Dictionary {
	n := 0
	for _, p := range parts {
		n += p.Len()
	}
	var (
		byByte  [256]int32 // one-byte strings: index + 1, 0 when not seen
		byValue = map[string]int32{}
		values  = array.NewStringBuilder(mem)
		size    int64
	)
	defer values.Release()
	indices := memory.NewResizableBuffer(mem)
	defer indices.Release()
	indices.Resize(n * arrow.Int32SizeBytes)
	idx := arrow.Int32Traits.CastFromBytes(indices.Bytes())[:n]
	var valid *memory.Buffer
	nulls := 0
	add := func(v string) (int32, bool) {
		size += int64(len(v)) + 4
		if size > limit || v == "" {
			// An empty string is written plain: arrow-go leaves it out of
			// the statistics of a dictionary-encoded chunk (UpdateFromArrow
			// skips empty values), so the chunk's min would be wrong, and a
			// reader that prunes row groups by their statistics (DuckDB,
			// Spark) would skip rows equal to ''.
			return 0, false
		}
		values.Append(v)
		return int32(values.Len() - 1), true
	}
	row := 0
	for _, p := range parts {
		if p.NullN() > 0 && valid == nil {
			valid = memory.NewResizableBuffer(mem)
			valid.Resize(int(bitutil.BytesForBits(int64(n))))
			bitutil.SetBitsTo(valid.Bytes(), 0, int64(n), true)
		}
		for r := range p.Len() {
			if p.IsNull(r) {
				bitutil.ClearBit(valid.Bytes(), row)
				nulls++
				idx[row] = 0
				row++
				continue
			}
			// The map's keys point into the kept batches, which outlive it.
			v := p.Value(r)
			if len(v) == 1 {
				k := byByte[v[0]]
				if k == 0 {
					got, ok := add(v)
					if !ok {
						releaseBuffer(valid)
						return nil
					}
					k = got + 1
					byByte[v[0]] = k
				}
				idx[row] = k - 1
			} else {
				k, seen := byValue[v]
				if !seen {
					got, ok := add(v)
					if !ok {
						releaseBuffer(valid)
						return nil
					}
					k = got
					byValue[v] = k
				}
				idx[row] = k
			}
			row++
		}
	}
	dictValues := values.NewArray()
	defer dictValues.Release()
	idxData := array.NewData(arrow.PrimitiveTypes.Int32, n, []*memory.Buffer{valid, indices}, nil, nulls, 0)
	defer idxData.Release()
	releaseBuffer(valid)
	idxArr := array.MakeFromData(idxData)
	defer idxArr.Release()
	typ := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
	return array.NewDictionaryArray(typ, idxArr, dictValues)
}

func releaseBuffer(b *memory.Buffer) {
	if b != nil {
		b.Release()
	}
}
