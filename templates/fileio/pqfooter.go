package fileio

import (
	"encoding/binary"
	"errors"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/parquet"
)

// A Parquet schema element may carry a logical type newer than arrow-go knows
// (a type a later format version added): arrow-go then fails to open the whole
// file ("invalid logical type"), though the column is stored in a physical
// type and a query that does not read it needs nothing of it. patchFooter
// removes such logical types from the footer (the file's Thrift FileMetaData)
// and lists the columns that had one, and footerFile serves the file with the
// patched footer to arrow-go; openParquet reports an error only when the
// query reads one of those columns. The footer is read with a small Thrift
// compact-protocol walker: arrow-go's own Thrift types are internal.

// knownLogical lists the fields of Parquet's LogicalType union that arrow-go
// reads (parquet/schema.getLogicalType): STRING 1, MAP 2, LIST 3, ENUM 4,
// DECIMAL 5, DATE 6, TIME 7, TIMESTAMP 8, INTEGER 10, UNKNOWN (null) 11,
// JSON 12, BSON 13, UUID 14, FLOAT16 15, VARIANT 16, GEOMETRY 17,
// GEOGRAPHY 18.
var knownLogical = map[int16]bool{1: true, 2: true, 3: true, 4: true, 5: true, 6: true, 7: true, 8: true,
	10: true, 11: true, 12: true, 13: true, 14: true, 15: true, 16: true, 17: true, 18: true}

// Thrift compact-protocol type codes.
const (
	tcStop   = 0
	tcTrue   = 1
	tcFalse  = 2
	tcByte   = 3
	tcI16    = 4
	tcI32    = 5
	tcI64    = 6
	tcDouble = 7
	tcBinary = 8
	tcList   = 9
	tcSet    = 10
	tcMap    = 11
	tcStruct = 12
	tcUUID   = 13
)

// errThrift is a footer the walker cannot read; arrow-go then reads (and
// reports on) the footer as it is.
var errThrift = errors.New("unreadable footer")

// thriftReader reads Thrift's compact protocol from a byte slice.
type thriftReader struct {
	b []byte
	p int
}

func (r *thriftReader) byte1() (byte, error) {
	if r.p >= len(r.b) {
		return 0, errThrift
	}
	r.p++
	return r.b[r.p-1], nil
}

func (r *thriftReader) uvarint() (uint64, error) {
	v, n := binary.Uvarint(r.b[r.p:])
	if n <= 0 {
		return 0, errThrift
	}
	r.p += n
	return v, nil
}

// field reads a field header after field last: its id and type, or stop.
func (r *thriftReader) field(last int16) (id int16, typ byte, stop bool, err error) {
	h, err := r.byte1()
	if err != nil || h == tcStop {
		return 0, 0, true, err
	}
	typ = h & 0x0f
	if d := h >> 4; d != 0 {
		return last + int16(d), typ, false, nil
	}
	v, err := r.uvarint()
	if err != nil {
		return 0, 0, true, err
	}
	return int16(v>>1) ^ -int16(v&1), typ, false, nil
}

// skip skips a value of type typ (a container's bool element is one byte).
func (r *thriftReader) skip(typ byte, depth int) error {
	if depth > 64 {
		return errThrift
	}
	var n int
	switch typ {
	case tcTrue, tcFalse:
		return nil
	case tcByte:
		n = 1
	case tcDouble:
		n = 8
	case tcUUID:
		n = 16
	case tcI16, tcI32, tcI64:
		_, err := r.uvarint()
		return err
	case tcBinary:
		l, err := r.uvarint()
		if err != nil || l > uint64(len(r.b)-r.p) {
			return errThrift
		}
		n = int(l)
	case tcList, tcSet:
		size, et, err := r.listHeader()
		if err != nil {
			return err
		}
		for range size {
			if et == tcTrue || et == tcFalse {
				et = tcByte
			}
			if err := r.skip(et, depth+1); err != nil {
				return err
			}
		}
		return nil
	case tcMap:
		size, err := r.uvarint()
		if err != nil || size > uint64(len(r.b)-r.p) {
			return errThrift
		}
		if size == 0 {
			return nil
		}
		kv, err := r.byte1()
		if err != nil {
			return err
		}
		for range size {
			for _, t := range []byte{kv >> 4, kv & 0x0f} {
				if t == tcTrue || t == tcFalse {
					t = tcByte
				}
				if err := r.skip(t, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	case tcStruct:
		var last int16
		for {
			id, t, stop, err := r.field(last)
			if err != nil || stop {
				return err
			}
			if err := r.skip(t, depth+1); err != nil {
				return err
			}
			last = id
		}
	default:
		return errThrift
	}
	if n > len(r.b)-r.p {
		return errThrift
	}
	r.p += n
	return nil
}

// listHeader reads a list's (or set's) size and element type.
func (r *thriftReader) listHeader() (int, byte, error) {
	h, err := r.byte1()
	if err != nil {
		return 0, 0, err
	}
	size := uint64(h >> 4)
	if size == 15 {
		if size, err = r.uvarint(); err != nil {
			return 0, 0, err
		}
	}
	if size > uint64(len(r.b)-r.p) { // every element is at least a byte
		return 0, 0, errThrift
	}
	return int(size), h & 0x0f, nil
}

// appendField appends a compact field header of id after last.
func appendField(out []byte, last, id int16, typ byte) []byte {
	if d := int(id) - int(last); d > 0 && d <= 15 {
		return append(out, byte(d)<<4|typ)
	}
	out = append(out, typ)
	return binary.AppendUvarint(out, uint64(uint16(id<<1^id>>15)))
}

// unknownLogical is a column whose logical type patchFooter removed.
type unknownLogical struct {
	field int16 // the LogicalType union's field, 0 when none is set
}

// patchFooter returns the FileMetaData footer without the logical types
// arrow-go does not know, and the top-level field names whose column (or a
// column inside it) had one; out is nil when there is none.
func patchFooter(footer []byte) (out []byte, unknown map[string]unknownLogical, err error) {
	r := &thriftReader{b: footer}
	var last int16
	for {
		id, typ, stop, err := r.field(last)
		if err != nil {
			return nil, nil, err
		}
		if stop {
			break
		}
		if id != 2 || typ != tcList { // FileMetaData.schema
			if err := r.skip(typ, 0); err != nil {
				return nil, nil, err
			}
			last = id
			continue
		}
		// The schema: rewrite its list of SchemaElement, then copy the rest.
		head := r.p
		size, et, err := r.listHeader()
		if err != nil || et != tcStruct {
			return nil, nil, errThrift
		}
		elems := make([]schemaElement, size)
		for k := range elems {
			if elems[k], err = r.schemaElement(); err != nil {
				return nil, nil, err
			}
		}
		unknown = topLevelUnknown(elems)
		if len(unknown) == 0 {
			return nil, nil, nil
		}
		out = append(out, footer[:r.listHeaderEnd(head)]...)
		for _, e := range elems {
			out = append(out, e.bytes...)
		}
		return append(out, footer[r.p:]...), unknown, nil
	}
	return nil, nil, nil
}

// listHeaderEnd is the end of the list header at head.
func (r *thriftReader) listHeaderEnd(head int) int {
	q := &thriftReader{b: r.b, p: head}
	q.listHeader() //nolint:errcheck // read once already
	return q.p
}

// schemaElement is one SchemaElement of the footer: its compact bytes (the
// logical type dropped when unknown), name, number of children, and the
// unknown logical type's union field (-1 when its type is known or absent).
type schemaElement struct {
	bytes    []byte
	name     string
	children int
	unknown  int16
}

// schemaElement reads a SchemaElement, keeping all but an unknown logical
// type (field 10).
func (r *thriftReader) schemaElement() (schemaElement, error) {
	e := schemaElement{unknown: -1}
	var last, written int16
	for {
		id, typ, stop, err := r.field(last)
		if err != nil {
			return e, err
		}
		if stop {
			e.bytes = append(e.bytes, tcStop)
			return e, nil
		}
		vstart := r.p
		switch {
		case id == 4 && typ == tcBinary: // name
			l, err := r.uvarint()
			if err != nil || l > uint64(len(r.b)-r.p) {
				return e, errThrift
			}
			e.name = string(r.b[r.p : r.p+int(l)])
			r.p = vstart
		case id == 5 && typ == tcI32: // num_children
			v, err := r.uvarint()
			if err != nil {
				return e, err
			}
			e.children = int(int32(uint32(v>>1) ^ -uint32(v&1)))
			r.p = vstart
		}
		if id == 10 && typ == tcStruct { // logicalType
			field, known, err := r.logicalType()
			if err != nil {
				return e, err
			}
			last = id
			if !known {
				e.unknown = field
				continue
			}
		} else if err := r.skip(typ, 1); err != nil {
			return e, err
		}
		e.bytes = appendField(e.bytes, written, id, typ)
		e.bytes = append(e.bytes, r.b[vstart:r.p]...)
		written, last = id, id
	}
}

// logicalType reads a LogicalType union and reports which field is set and
// whether arrow-go reads it (a TIME or TIMESTAMP only with a unit it knows).
func (r *thriftReader) logicalType() (field int16, known bool, err error) {
	var last int16
	known, set := true, false
	for {
		id, typ, stop, err := r.field(last)
		if err != nil {
			return 0, false, err
		}
		if stop {
			return field, known && set, nil
		}
		if !set {
			field, set = id, true
			known = knownLogical[id] && typ == tcStruct
			if known && (id == 7 || id == 8) {
				known, err = r.timeUnitKnown()
				if err != nil {
					return 0, false, err
				}
				last = id
				continue
			}
		}
		if err := r.skip(typ, 1); err != nil {
			return 0, false, err
		}
		last = id
	}
}

// timeUnitKnown reads a TimeType or TimestampType struct and reports whether
// its unit (field 2, a union of MILLIS 1, MICROS 2, NANOS 3) is one of those.
func (r *thriftReader) timeUnitKnown() (bool, error) {
	var last int16
	known := false
	for {
		id, typ, stop, err := r.field(last)
		if err != nil || stop {
			return known, err
		}
		if id == 2 && typ == tcStruct {
			q := *r
			uid, _, ustop, err := q.field(0)
			if err != nil {
				return false, err
			}
			known = !ustop && uid >= 1 && uid <= 3
		}
		if err := r.skip(typ, 1); err != nil {
			return false, err
		}
		last = id
	}
}

// topLevelUnknown maps the name of each top-level field that is, or holds, an
// element with an unknown logical type to that type's union field. The
// elements are the schema tree in depth-first order, the root first.
func topLevelUnknown(elems []schemaElement) map[string]unknownLogical {
	var out map[string]unknownLogical
	pos := 1
	// walk returns the first unknown union field in the subtree at pos.
	var walk func(depth int) (int16, bool)
	walk = func(depth int) (int16, bool) {
		if pos >= len(elems) || depth > 64 {
			return 0, false
		}
		e := elems[pos]
		pos++
		field, found := e.unknown, e.unknown >= 0
		for range max(e.children, 0) {
			if f, ok := walk(depth + 1); ok && !found {
				field, found = f, true
			}
		}
		return field, found
	}
	if len(elems) == 0 {
		return nil
	}
	for range max(elems[0].children, 0) {
		if pos >= len(elems) {
			break
		}
		name := elems[pos].name
		if field, ok := walk(1); ok {
			if out == nil {
				out = map[string]unknownLogical{}
			}
			out[name] = unknownLogical{field: field}
		}
	}
	return out
}

// footerFile is a Parquet file served with its footer replaced: the bytes
// before the footer from the file, then the new footer, its length and the
// magic "PAR1".
type footerFile struct {
	f    *os.File
	body int64  // bytes of the file before its footer
	tail []byte // the new footer, its length, "PAR1"
	pos  int64
}

// openFooter reads f's footer and, when it holds a logical type arrow-go does
// not know, returns f served with the footer patched (patchFooter) and the
// columns that had one; else f itself. A footer it cannot read is left to
// arrow-go to report on.
func openFooter(f *os.File) (src parquet.ReaderAtSeeker, size int64, unknown map[string]unknownLogical, err error) {
	st, err := f.Stat()
	if err != nil {
		return nil, 0, nil, err
	}
	size = st.Size()
	var end [8]byte
	if size < 12 {
		return f, size, nil, nil
	}
	if _, err := f.ReadAt(end[:], size-8); err != nil {
		return nil, 0, nil, err
	}
	n := int64(binary.LittleEndian.Uint32(end[:4]))
	if string(end[4:]) != "PAR1" || n > size-12 {
		return f, size, nil, nil
	}
	footer := make([]byte, n)
	if _, err := f.ReadAt(footer, size-8-n); err != nil {
		return nil, 0, nil, err
	}
	patched, unknown, err := patchFooter(footer)
	if err != nil || patched == nil {
		return f, size, nil, nil
	}
	tail := binary.LittleEndian.AppendUint32(patched, uint32(len(patched)))
	tail = append(tail, "PAR1"...)
	ff := &footerFile{f: f, body: size - 8 - n, tail: tail}
	return ff, ff.body + int64(len(tail)), unknown, nil
}

// Close closes the file (file.Reader.Close closes its source).
func (ff *footerFile) Close() error { return ff.f.Close() }

func (ff *footerFile) size() int64 { return ff.body + int64(len(ff.tail)) }

func (ff *footerFile) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("negative offset")
	}
	n := 0
	if off < ff.body {
		k := int(min(int64(len(p)), ff.body-off))
		m, err := ff.f.ReadAt(p[:k], off)
		n += m
		if err != nil {
			return n, err
		}
		p, off = p[k:], off+int64(k)
	}
	if len(p) == 0 {
		return n, nil
	}
	t := off - ff.body
	if t >= int64(len(ff.tail)) {
		return n, io.EOF
	}
	m := copy(p, ff.tail[t:])
	n += m
	if m < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (ff *footerFile) Read(p []byte) (int, error) {
	n, err := ff.ReadAt(p, ff.pos)
	ff.pos += int64(n)
	return n, err
}

func (ff *footerFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += ff.pos
	case io.SeekEnd:
		offset += ff.size()
	default:
		return 0, errors.New("invalid whence")
	}
	if offset < 0 {
		return 0, errors.New("negative position")
	}
	ff.pos = offset
	return offset, nil
}
