package fileio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// pageDecoder decodes a flat column chunk from its pages, for the encodings
// nearly every writer uses: definition levels in RLE (bit width 1 for an
// optional column: a bit-packed run of them is already an Arrow validity
// bitmap, copied as is), values PLAIN or dictionary-encoded. arrow-go's typed
// column readers decode levels one int16 at a time and values into a scratch
// buffer first, which made them most of the cost of reading a flat file.
// pageChunk says which chunks it can read; the others go through the typed
// readers.
type pageDecoder struct {
	pr       file.PageReader
	width    int // bytes of a fixed-width value; 0 for BYTE_ARRAY
	optional bool

	// The dictionary, once its page is read: fixed-width values in dictFixed,
	// or BYTE_ARRAY value i in dictData[dictOffs[i]:dictOffs[i+1]].
	hasDict  bool
	dictN    int
	dictFix  []byte
	dictOffs []int32
	dictData []byte

	// The current data page.
	left    int    // rows (levels) not read yet
	defs    hybrid // definition levels
	dictIdx bool   // the values are dictionary indices (idx), else plain (plain)
	idx     hybrid
	plain   []byte
	idxBuf  []int32
}

// errCorruptPage is a data page whose encoded runs do not fit its bytes.
var errCorruptPage = errors.New("corrupt data page")

// pageChunk reports whether a pageDecoder reads the column chunk: every
// encoding it lists is one the decoder knows, and its values are not
// booleans (which the typed reader handles).
func pageChunk(meta *metadata.ColumnChunkMetaData, phys parquet.Type) bool {
	switch phys {
	case parquet.Types.Int32, parquet.Types.Int64, parquet.Types.Double, parquet.Types.ByteArray:
	default:
		return false
	}
	if meta.CryptoMetadata() != nil {
		return false
	}
	for _, e := range meta.Encodings() {
		switch e {
		case parquet.Encodings.Plain, parquet.Encodings.RLE, parquet.Encodings.PlainDict, parquet.Encodings.RLEDict:
		default:
			return false
		}
	}
	return true
}

func newPageDecoder(pr file.PageReader, phys parquet.Type, optional bool) *pageDecoder {
	d := &pageDecoder{pr: pr, optional: optional}
	switch phys {
	case parquet.Types.Int32:
		d.width = 4
	case parquet.Types.Int64, parquet.Types.Double:
		d.width = 8
	}
	return d
}

// nextPage moves to the next data page, reading the dictionary page on the
// way.
func (d *pageDecoder) nextPage() error {
	for {
		if !d.pr.Next() {
			if err := d.pr.Err(); err != nil {
				return err
			}
			return errShortChunk
		}
		switch p := d.pr.Page().(type) {
		case *file.DictionaryPage:
			if err := d.readDictionary(p.Data(), int(p.NumValues())); err != nil {
				return err
			}
		case *file.DataPageV1:
			data := p.Data()
			if d.optional {
				if p.DefinitionLevelEncoding() != parquet.Encodings.RLE || len(data) < 4 {
					return errCorruptPage
				}
				n := int(binary.LittleEndian.Uint32(data))
				if n < 0 || n > len(data)-4 {
					return errCorruptPage
				}
				d.defs.init(data[4:4+n], 1)
				data = data[4+n:]
			}
			return d.startValues(parquet.Encoding(p.Encoding()), int(p.NumValues()), data)
		case *file.DataPageV2:
			data := p.Data()
			rep, def := int(p.RepetitionLevelByteLen()), int(p.DefinitionLevelByteLen())
			if rep < 0 || def < 0 || rep+def > len(data) {
				return errCorruptPage
			}
			if d.optional {
				d.defs.init(data[rep:rep+def], 1)
			}
			return d.startValues(parquet.Encoding(p.Encoding()), int(p.NumValues()), data[rep+def:])
		}
	}
}

// startValues starts a data page of n rows whose values are data.
func (d *pageDecoder) startValues(enc parquet.Encoding, n int, data []byte) error {
	d.left = n
	switch enc {
	case parquet.Encodings.Plain:
		d.dictIdx, d.plain = false, data
	case parquet.Encodings.PlainDict, parquet.Encodings.RLEDict:
		if !d.hasDict || len(data) < 1 || data[0] > 32 {
			return errCorruptPage
		}
		d.dictIdx = true
		d.idx.init(data[1:], int(data[0]))
	default:
		return fmt.Errorf("unexpected encoding %s of a data page", enc)
	}
	return nil
}

// readDictionary keeps the dictionary page's n PLAIN values: a copy, since
// the page reader reuses its buffers.
func (d *pageDecoder) readDictionary(data []byte, n int) error {
	if n < 0 {
		return errCorruptPage
	}
	d.hasDict, d.dictN = true, n
	if d.width > 0 {
		if n*d.width > len(data) {
			return errCorruptPage
		}
		d.dictFix = append(d.dictFix[:0], data[:n*d.width]...)
		return nil
	}
	d.dictOffs = append(d.dictOffs[:0], 0)
	d.dictData = d.dictData[:0]
	for range n {
		v, rest, ok := plainBytes(data)
		if !ok {
			return errCorruptPage
		}
		d.dictData = append(d.dictData, v...)
		d.dictOffs = append(d.dictOffs, int32(len(d.dictData)))
		data = rest
	}
	return nil
}

// plainBytes splits the first PLAIN BYTE_ARRAY value (a 4-byte length, then
// the bytes) off data.
func plainBytes(data []byte) (v, rest []byte, ok bool) {
	if len(data) < 4 {
		return nil, nil, false
	}
	n := binary.LittleEndian.Uint32(data)
	if uint64(n) > uint64(len(data)-4) {
		return nil, nil, false
	}
	return data[4 : 4+n], data[4+n:], true
}

// levels reads the definition levels of the next k rows of the page into the
// validity bitmap valid from bit pos, and returns how many are present.
func (d *pageDecoder) levels(k int, valid []byte, pos int) (int, error) {
	if !d.optional {
		return k, nil
	}
	return d.defs.bits(k, valid, pos)
}

// fixed decodes the page's next len(dst)/width values into dst.
func (d *pageDecoder) fixed(dst []byte) error {
	if !d.dictIdx {
		if len(dst) > len(d.plain) {
			return errCorruptPage
		}
		copy(dst, d.plain)
		d.plain = d.plain[len(dst):]
		return nil
	}
	m := len(dst) / d.width
	idx := d.indices(m)
	if err := d.idx.ints(idx); err != nil {
		return err
	}
	if d.width == 8 {
		return gather(arrow.GetData[uint64](dst)[:m], arrow.GetData[uint64](d.dictFix), idx)
	}
	return gather(arrow.GetData[uint32](dst)[:m], arrow.GetData[uint32](d.dictFix), idx)
}

// gather sets out[i] to dict[idx[i]], checking each index.
func gather[T uint32 | uint64](out, dict []T, idx []int32) error {
	for i, ix := range idx {
		if uint32(ix) >= uint32(len(dict)) {
			return errDictIndex
		}
		out[i] = dict[ix]
	}
	return nil
}

// errDictIndex is a dictionary index past the end of the dictionary.
var errDictIndex = errors.New("corrupt data page: a dictionary index past the dictionary")

// strings appends the page's next m values to data, and the end offset of
// each to ends.
func (d *pageDecoder) strings(m int, data []byte, ends []int32) ([]byte, []int32, error) {
	if !d.dictIdx {
		for range m {
			v, rest, ok := plainBytes(d.plain)
			if !ok {
				return data, ends, errCorruptPage
			}
			d.plain = rest
			if len(data)+len(v) > maxStringBytes {
				return data, ends, errTooManyStringBytes
			}
			data = append(data, v...)
			ends = append(ends, int32(len(data)))
		}
		return data, ends, nil
	}
	idx := d.indices(m)
	if err := d.idx.ints(idx); err != nil {
		return data, ends, err
	}
	n := uint32(d.dictN)
	for _, ix := range idx {
		if uint32(ix) >= n {
			return data, ends, errDictIndex
		}
		v := d.dictData[d.dictOffs[ix]:d.dictOffs[ix+1]]
		if len(data)+len(v) > maxStringBytes {
			return data, ends, errTooManyStringBytes
		}
		data = append(data, v...)
		ends = append(ends, int32(len(data)))
	}
	return data, ends, nil
}

// errTooManyStringBytes is a batch whose strings do not fit an Arrow string
// array.
var errTooManyStringBytes = fmt.Errorf("a batch holds more than %d bytes of strings, the most an Arrow string array can", maxStringBytes)

// indices returns a scratch slice of m dictionary indices.
func (d *pageDecoder) indices(m int) []int32 {
	if cap(d.idxBuf) < m {
		d.idxBuf = make([]int32, m)
	}
	return d.idxBuf[:m]
}

// hybrid decodes Parquet's RLE / bit-packing hybrid encoding: runs, each a
// varint header whose low bit says which kind, of one value repeated (RLE)
// or of groups of eight values of bw bits each, packed from the lowest bit.
type hybrid struct {
	buf    []byte
	pos    int // byte offset in buf of the next run header
	bw     int
	rle    int    // values left in the current RLE run
	val    uint32 // the RLE run's value
	packed int    // values left in the current bit-packed run
	bit    int    // bit offset in buf of the bit-packed run's next value
}

func (h *hybrid) init(buf []byte, bw int) { *h = hybrid{buf: buf, bw: bw} }

// run reads the next run header.
func (h *hybrid) run() error {
	hdr, n := binary.Uvarint(h.buf[h.pos:])
	if n <= 0 || hdr>>1 == 0 || hdr>>1 > 1<<31 {
		return errCorruptPage
	}
	h.pos += n
	count := int(hdr >> 1)
	if hdr&1 == 0 {
		nb := (h.bw + 7) / 8
		if nb > len(h.buf)-h.pos {
			return errCorruptPage
		}
		var v uint32
		for i := range nb {
			v |= uint32(h.buf[h.pos+i]) << (8 * i)
		}
		h.pos += nb
		h.rle, h.val = count, v
		return nil
	}
	nb := count * h.bw // count groups of 8 values: bw bytes each
	if nb > len(h.buf)-h.pos {
		return errCorruptPage
	}
	h.packed, h.bit = 8*count, 8*h.pos
	h.pos += nb
	return nil
}

// bits reads the next k values, each 0 or 1 (bit width 1), into the bitmap
// dst from bit pos, and returns how many are 1.
func (h *hybrid) bits(k int, dst []byte, pos int) (int, error) {
	ones := 0
	for k > 0 {
		if h.rle == 0 && h.packed == 0 {
			if err := h.run(); err != nil {
				return ones, err
			}
		}
		var c int
		if h.rle > 0 {
			c = min(k, h.rle)
			if h.val > 1 {
				return ones, errCorruptPage
			}
			bitutil.SetBitsTo(dst, int64(pos), int64(c), h.val == 1)
			ones += c * int(h.val)
			h.rle -= c
		} else {
			c = min(k, h.packed)
			ones += copyBits(dst, pos, h.buf, h.bit, c)
			h.bit += c
			h.packed -= c
		}
		pos += c
		k -= c
	}
	return ones, nil
}

// ints reads the next len(out) values.
func (h *hybrid) ints(out []int32) error {
	mask := uint64(1)<<h.bw - 1
	for i := 0; i < len(out); {
		if h.rle == 0 && h.packed == 0 {
			if err := h.run(); err != nil {
				return err
			}
		}
		if h.rle > 0 {
			c := min(len(out)-i, h.rle)
			v := int32(h.val)
			for j := range out[i : i+c] {
				out[i+j] = v
			}
			h.rle -= c
			i += c
			continue
		}
		c := min(len(out)-i, h.packed)
		for j := range c {
			b, shift := h.bit>>3, uint(h.bit&7)
			var w uint64
			if b+8 <= len(h.buf) {
				w = binary.LittleEndian.Uint64(h.buf[b:])
			} else {
				for k := 0; b+k < len(h.buf); k++ {
					w |= uint64(h.buf[b+k]) << (8 * k)
				}
			}
			out[i+j] = int32((w >> shift) & mask)
			h.bit += h.bw
		}
		h.packed -= c
		i += c
	}
	return nil
}

// readPages reads the column's next n rows with its page decoder.
func (c *flatColumn) readPages(n int64, mem memory.Allocator) (arrow.Array, error) {
	d := c.pages
	var (
		valid   *memory.Buffer
		bits    []byte
		present int // values read so far (rows that are not NULL)
	)
	if c.nullable {
		valid = memory.NewResizableBuffer(mem)
		valid.Resize(int(bitutil.BytesForBits(n)))
		bits = valid.Bytes()
	}
	release := func(bufs ...*memory.Buffer) {
		for _, b := range bufs {
			if b != nil {
				b.Release()
			}
		}
	}
	var (
		data, offBuf *memory.Buffer
		strData      []byte
		ends         []int32
	)
	if d.width > 0 {
		data = memory.NewResizableBuffer(mem)
		data.Resize(int(n) * d.width)
	} else {
		strData = c.strScratch[:0]
		if cap(c.ends) < int(n) {
			c.ends = make([]int32, 0, n)
		}
		ends = c.ends[:0]
	}
	for rows := 0; rows < int(n); {
		if d.left == 0 {
			if err := d.nextPage(); err != nil {
				release(valid, data)
				return nil, err
			}
			continue
		}
		k := min(int(n)-rows, d.left)
		m, err := d.levels(k, bits, rows)
		if err == nil {
			if d.width > 0 {
				err = d.fixed(data.Bytes()[present*d.width : (present+m)*d.width])
			} else {
				strData, ends, err = d.strings(m, strData, ends)
			}
		}
		if err != nil {
			release(valid, data)
			return nil, err
		}
		present += m
		rows += k
		d.left -= k
	}
	nulls := int(n) - present
	if nulls == 0 {
		release(valid)
		valid = nil
	}
	var buffers []*memory.Buffer
	if d.width > 0 {
		if nulls > 0 {
			switch d.width {
			case 8:
				spreadBits(arrow.GetData[uint64](data.Bytes())[:n], bits, present)
			case 4:
				spreadBits(arrow.GetData[uint32](data.Bytes())[:n], bits, present)
			}
		}
		buffers = []*memory.Buffer{valid, data}
	} else {
		offBuf = memory.NewResizableBuffer(mem)
		offBuf.Resize(int(n+1) * 4)
		offs := arrow.Int32Traits.CastFromBytes(offBuf.Bytes())[:n+1]
		offs[0] = 0
		if nulls == 0 {
			copy(offs[1:], ends)
		} else {
			j, end := 0, int32(0)
			for i := range int(n) {
				if bits[i>>3]&(1<<(i&7)) != 0 {
					end = ends[j]
					j++
				}
				offs[i+1] = end
			}
		}
		data = memory.NewResizableBuffer(mem)
		data.Resize(len(strData))
		copy(data.Bytes(), strData)
		c.strScratch, c.ends = strData[:0], ends[:0]
		buffers = []*memory.Buffer{valid, offBuf, data}
	}
	arr := array.NewData(c.typ, int(n), buffers, nil, nulls, 0)
	release(buffers...)
	defer arr.Release()
	return array.MakeFromData(arr), nil
}

// spreadBits moves the first present values of vals to the rows whose bit is
// set in valid, from the last row down, and zeroes the others.
func spreadBits[T any](vals []T, valid []byte, present int) {
	var zero T
	j := present - 1
	for i := len(vals) - 1; i >= 0 && j < i; i-- {
		if valid[i>>3]&(1<<(i&7)) != 0 {
			vals[i] = vals[j]
			j--
		} else {
			vals[i] = zero
		}
	}
}

// copyBits copies n bits of src from bit sb to dst from bit db (bitmaps of
// the lowest bit first) and returns how many are set. bitutil.CopyBitmap
// allocates on every call, and bit-packed runs of levels are short.
func copyBits(dst []byte, db int, src []byte, sb int, n int) int {
	ones := 0
	for n > 0 {
		k := min(n, 8-db&7) // up to the end of dst's byte
		i := sb >> 3
		v := uint(src[i])
		if i+1 < len(src) {
			v |= uint(src[i+1]) << 8
		}
		mask := uint(1)<<k - 1
		v = v >> (sb & 7) & mask
		shift := db & 7
		dst[db>>3] = dst[db>>3]&^byte(mask<<shift) | byte(v<<shift)
		ones += bits.OnesCount(v)
		db, sb, n = db+k, sb+k, n-k
	}
	return ones
}
