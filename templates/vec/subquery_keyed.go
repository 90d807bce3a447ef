package vec

import (
	"encoding/binary"
	"github.com/exprc/exprc/templates/rt"
	"math"
)

// SubKeyed settles a subquery correlated by equalities (inner.a = outer.a AND
// ...): members are grouped by their correlation key K once, and an outer row
// reads its group with one map lookup. A multi-column key is packed into a
// string by a KeyPacker (K = string; AddPacked and GetPacked); a single DOUBLE
// key goes through Float64Key (K = uint64), since Go's float equality differs
// from SQL's on NaN. Callers never add a NULL key: such an inner row matches
// no outer row.
//
// Groups live in one slice indexed through the map, so building allocates per
// key only what the spec's Need asks for, and probing allocates nothing.
type SubKeyed[K comparable, V any, H comparable] struct {
	spec   *SubSpec[V, H]
	index  map[K]int32
	groups []SubGroup[V, H]
}

// NewSubKeyed returns an empty keyed table whose groups keep what spec.Need
// asks for.
func NewSubKeyed[K comparable, V any, H comparable](spec *SubSpec[V, H]) *SubKeyed[K, V, H] {
	spec.check()
	return &SubKeyed[K, V, H]{spec: spec, index: make(map[K]int32)}
}

// Add adds the next member (in inner-table order) to the group of key.
func (t *SubKeyed[K, V, H]) Add(key K, v V, null bool) {
	i, ok := t.index[key]
	if !ok {
		i = t.newGroup()
		t.index[key] = i
	}
	t.groups[i].Add(v, null)
}

// newGroup appends an empty group and returns its index.
func (t *SubKeyed[K, V, H]) newGroup() int32 {
	if len(t.groups) == math.MaxInt32 {
		panic("vec: too many subquery keys")
	}
	t.groups = append(t.groups, newSubGroup(t.spec))
	return int32(len(t.groups) - 1)
}

// Get returns the group of key, or nil (the empty group) if no member has it.
// The group is valid until the next Add: build first, then probe.
func (t *SubKeyed[K, V, H]) Get(key K) *SubGroup[V, H] {
	if i, ok := t.index[key]; ok {
		return &t.groups[i]
	}
	return nil
}

// Len returns the number of distinct keys.
func (t *SubKeyed[K, V, H]) Len() int { return len(t.groups) }

// AddPacked is Add for a packed key (KeyPacker.Bytes): the key's string is
// allocated only when the key is new.
func AddPacked[V any, H comparable](t *SubKeyed[string, V, H], key []byte, v V, null bool) {
	i, ok := t.index[string(key)] // no allocation: the compiler looks up the bytes
	if !ok {
		i = t.newGroup()
		t.index[string(key)] = i
	}
	t.groups[i].Add(v, null)
}

// GetPacked is Get for a packed key (KeyPacker.Bytes), without allocating.
// (t.Get(string(key)) would copy the key: the compiler elides the copy only
// when the conversion is the map index itself.)
func GetPacked[V any, H comparable](t *SubKeyed[string, V, H], key []byte) *SubGroup[V, H] {
	if i, ok := t.index[string(key)]; ok {
		return &t.groups[i]
	}
	return nil
}

// KeyPacker encodes a composite correlation key as bytes, part by part in a
// fixed order of fixed types, such that two keys encode alike iff every part is
// SQL-equal: fixed-width parts need no separators, strings carry their length,
// and DOUBLE goes through Float64Key (NaN = NaN, -0.0 = 0.0). NULL parts are
// never encoded (a NULL key matches nothing). Reuse one packer: Reset, append
// the parts, then Bytes.
type KeyPacker struct{ buf []byte }

// Reset empties the packer for the next key, keeping its buffer.
func (p *KeyPacker) Reset() { p.buf = p.buf[:0] }

// Int64 appends a BIGINT part.
func (p *KeyPacker) Int64(v int64) { p.buf = binary.LittleEndian.AppendUint64(p.buf, uint64(v)) }

// Int32 appends an INT or DATE part.
func (p *KeyPacker) Int32(v int32) { p.buf = binary.LittleEndian.AppendUint32(p.buf, uint32(v)) }

// Float64 appends a DOUBLE part, normalized so SQL-equal values encode alike.
func (p *KeyPacker) Float64(v float64) {
	p.buf = binary.LittleEndian.AppendUint64(p.buf, Float64Key(v))
}

// Decimal appends a DECIMAL part (both sides of a key have one scale).
func (p *KeyPacker) Decimal(v rt.Decimal) {
	p.buf = binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(p.buf, v.Lo), uint64(v.Hi))
}

// Bool appends a BOOLEAN part.
func (p *KeyPacker) Bool(v bool) {
	var b byte
	if v {
		b = 1
	}
	p.buf = append(p.buf, b)
}

// String appends a VARCHAR part, length first so the parts stay apart.
func (p *KeyPacker) String(s string) {
	p.buf = binary.AppendUvarint(p.buf, uint64(len(s)))
	p.buf = append(p.buf, s...)
}

// Bytes returns the packed key; it is overwritten by the next Reset.
func (p *KeyPacker) Bytes() []byte { return p.buf }
