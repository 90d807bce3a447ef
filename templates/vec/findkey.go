package vec

import (
	"encoding/binary"
	"unsafe"
)

// KeyWord is a constant VARCHAR map key of 1 to 8 bytes as the native-endian
// word of its bytes (zero above them), which FindKey compares an entry
// against in one test. Code generation computes it.
func KeyWord(key string) uint64 {
	var b [8]byte
	copy(b[:], key)
	return binary.NativeEndian.Uint64(b[:])
}

// FindKey is FindString for a constant key of n bytes (1 to 8) given as
// its KeyWord: each entry of [start, end) is one 8-byte load and one test of
// its length and bytes together, with no branch per byte or per length, and
// the function is small enough to be inlined into a fused loop, which a
// call would make spill every register it holds. StringKeys makes the key
// bytes readable 8 bytes past any entry's start.
func FindKey(keys StrKeys, start, end int32, word uint64, n int32) int {
	offs := keys.offs[start : end+1] // the entries' offsets: one bounds check, none per entry
	for j := len(offs) - 2; j >= 0; j-- {
		e0, e1 := offs[j], offs[j+1]
		if uint64(e1-e0-n)|keyBytes(*(*uint64)(unsafe.Add(keys.base, uint(e0)))^word, n) == 0 {
			return int(start) + j
		}
	}
	return -1
}

// HasPrefixWord is strings.HasPrefix(s, p) for a constant prefix p of n
// bytes (1 to 8) given as its KeyWord, for a value s readable 8 bytes past
// its start (as StringOut.AppendShort's): one word load and one test of its
// first n bytes, where strings.HasPrefix compares p's bytes in parts, a
// branch each that the data decides (a CASE of LIKE 'abc%' arms whose
// prefixes share their first bytes mispredicts one of them on most rows).
func HasPrefixWord(s string, word uint64, n int32) bool {
	if len(s) < int(n) {
		return false
	}
	return keyBytes(*(*uint64)(unsafe.Pointer(unsafe.StringData(s)))^word, n) == 0
}
