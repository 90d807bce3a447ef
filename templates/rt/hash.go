package rt

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"math"
	"math/bits"
)

// Spark's digest and hash functions over the UTF-8 bytes of a string (Spark
// casts a STRING argument to BINARY as its UTF-8 bytes), and the per-argument
// steps of hash and xxhash64.

// Md5 is md5(s): the MD5 digest of the bytes of s as 32 lower-case hex digits.
func Md5(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Sha1 is sha1(s) (also sha(s)): the SHA-1 digest of s as 40 lower-case hex digits.
func Sha1(s string) string {
	sum := sha1.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Sha2Defined reports whether sha2(s, bits) has a value: bits is 224, 256,
// 384, 512 or 0 (which means 256); Spark returns NULL for any other length.
func Sha2Defined(_ string, bits int32) bool {
	switch bits {
	case 0, 224, 256, 384, 512:
		return true
	}
	return false
}

// Sha2 is sha2(s, bits): the SHA-224, SHA-256, SHA-384 or SHA-512 digest of s
// as lower-case hex digits (bits 0 means 256). Outside Sha2Defined it returns
// the empty string, which the caller never reads.
func Sha2(s string, bits int32) string {
	b := []byte(s)
	switch bits {
	case 224:
		sum := sha256.Sum224(b)
		return hex.EncodeToString(sum[:])
	case 0, 256:
		sum := sha256.Sum256(b)
		return hex.EncodeToString(sum[:])
	case 384:
		sum := sha512.Sum384(b)
		return hex.EncodeToString(sum[:])
	case 512:
		sum := sha512.Sum512(b)
		return hex.EncodeToString(sum[:])
	}
	return ""
}

// Crc32 is crc32(s): the CRC-32 (IEEE, as java.util.zip.CRC32) of s as a
// non-negative BIGINT.
func Crc32(s string) int64 { return int64(crc32.ChecksumIEEE([]byte(s))) }

// Murmur3 x86_32 as Spark's org.apache.spark.unsafe.hash.Murmur3_x86_32 computes
// it. Whole 4-byte words are standard Murmur3; the 1 to 3 bytes after the last
// whole word are not: each is sign-extended to an int and mixed in as a word of
// its own (Spark's hashUnsafeBytes, kept for compatibility), where standard
// Murmur3 packs them into one final word.

const (
	murmurC1 = 0xcc9e2d51
	murmurC2 = 0x1b873593
)

func murmurMixK1(k uint32) uint32 {
	k *= murmurC1
	k = bits.RotateLeft32(k, 15)
	return k * murmurC2
}

func murmurMixH1(h, k uint32) uint32 {
	h ^= k
	h = bits.RotateLeft32(h, 13)
	return h*5 + 0xe6546b64
}

func murmurFmix(h uint32, length int) uint32 {
	h ^= uint32(length)
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

func murmurInt(x int32, seed int32) int32 {
	return int32(murmurFmix(murmurMixH1(uint32(seed), murmurMixK1(uint32(x))), 4))
}

func murmurLong(x int64, seed int32) int32 {
	h := murmurMixH1(uint32(seed), murmurMixK1(uint32(x)))
	h = murmurMixH1(h, murmurMixK1(uint32(uint64(x)>>32)))
	return int32(murmurFmix(h, 8))
}

// le32 and le64 read the little-endian word at s[i:].
func le32(s string, i int) uint32 {
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

func le64(s string, i int) uint64 { return uint64(le32(s, i)) | uint64(le32(s, i+4))<<32 }

func murmurBytes(s string, seed int32) int32 {
	h := uint32(seed)
	n := len(s)
	aligned := n - n%4
	for i := 0; i < aligned; i += 4 {
		h = murmurMixH1(h, murmurMixK1(le32(s, i)))
	}
	for i := aligned; i < n; i++ {
		h = murmurMixH1(h, murmurMixK1(uint32(int32(int8(s[i])))))
	}
	return int32(murmurFmix(h, n))
}

// doubleBits is the long Spark hashes for a DOUBLE: 0 for 0.0 and -0.0, the
// canonical NaN's bits for every NaN (Java's doubleToLongBits), else the bits.
func doubleBits(x float64) int64 {
	switch {
	case x == 0:
		return 0
	case x != x:
		return 0x7ff8000000000000
	}
	return int64(math.Float64bits(x))
}

func boolInt(x bool) int32 {
	if x {
		return 1
	}
	return 0
}

// The steps of hash(x1, x2, ...): the running hash starts at 42, and each
// argument in turn is hashed with the running hash as seed; a NULL argument
// (isNull, when x is a placeholder) leaves it unchanged.

// Murmur3StepBool hashes a BOOLEAN as the INT 1 or 0.
func Murmur3StepBool(seed int32, x, isNull bool) int32 {
	if isNull {
		return seed
	}
	return murmurInt(boolInt(x), seed)
}

// Murmur3StepInt32 hashes an INT or a DATE (its days).
func Murmur3StepInt32(seed int32, x int32, isNull bool) int32 {
	if isNull {
		return seed
	}
	return murmurInt(x, seed)
}

// Murmur3StepInt64 hashes a BIGINT (low word first).
func Murmur3StepInt64(seed int32, x int64, isNull bool) int32 {
	if isNull {
		return seed
	}
	return murmurLong(x, seed)
}

// Murmur3StepFloat64 hashes a DOUBLE as the BIGINT of its bits (doubleBits).
func Murmur3StepFloat64(seed int32, x float64, isNull bool) int32 {
	if isNull {
		return seed
	}
	return murmurLong(doubleBits(x), seed)
}

// Murmur3StepString hashes the UTF-8 bytes of a VARCHAR.
func Murmur3StepString(seed int32, x string, isNull bool) int32 {
	if isNull {
		return seed
	}
	return murmurBytes(x, seed)
}

// Murmur3StepDecimal hashes a DECIMAL of precision p as Spark does: the
// unscaled value as a BIGINT when p <= 18, else its bytes (decimalBytes).
func Murmur3StepDecimal(seed int32, x Decimal, isNull bool, p int) int32 {
	switch {
	case isNull:
		return seed
	case p <= 18:
		return murmurLong(int64(x.Lo), seed)
	}
	return murmurBytes(decimalBytes(x), seed)
}

// decimalBytes is the unscaled value of x as Java's BigInteger.toByteArray
// gives it, which Spark hashes for a DECIMAL of more than 18 digits: two's
// complement, big-endian, in the fewest bytes that keep the sign (one byte
// for zero).
func decimalBytes(x Decimal) string {
	var b [16]byte
	binary.BigEndian.PutUint64(b[:8], uint64(x.Hi))
	binary.BigEndian.PutUint64(b[8:], x.Lo)
	i := 0
	for i < 15 && (b[i] == 0 && b[i+1]&0x80 == 0 || b[i] == 0xff && b[i+1]&0x80 != 0) {
		i++
	}
	return string(b[i:])
}

// XXH64 as Spark's org.apache.spark.sql.catalyst.expressions.XXH64 computes it,
// which is standard XXH64 over the little-endian bytes of the value.

const (
	xxPrime1 uint64 = 0x9E3779B185EBCA87
	xxPrime2 uint64 = 0xC2B2AE3D27D4EB4F
	xxPrime3 uint64 = 0x165667B19E3779F9
	xxPrime4 uint64 = 0x85EBCA77C2B2AE63
	xxPrime5 uint64 = 0x27D4EB2F165667C5
)

func xxFmix(h uint64) uint64 {
	h ^= h >> 33
	h *= xxPrime2
	h ^= h >> 29
	h *= xxPrime3
	h ^= h >> 32
	return h
}

func xxRound(acc, input uint64) uint64 {
	acc += input * xxPrime2
	return bits.RotateLeft64(acc, 31) * xxPrime1
}

func xxMerge(h, v uint64) uint64 {
	h ^= xxRound(0, v)
	return h*xxPrime1 + xxPrime4
}

func xxInt(x int32, seed int64) int64 {
	h := uint64(seed) + xxPrime5 + 4
	h ^= uint64(uint32(x)) * xxPrime1
	h = bits.RotateLeft64(h, 23)*xxPrime2 + xxPrime3
	return int64(xxFmix(h))
}

func xxLong(x int64, seed int64) int64 {
	h := uint64(seed) + xxPrime5 + 8
	h ^= xxRound(0, uint64(x))
	h = bits.RotateLeft64(h, 27)*xxPrime1 + xxPrime4
	return int64(xxFmix(h))
}

func xxBytes(s string, seed int64) int64 {
	n := len(s)
	var h uint64
	i := 0
	if n >= 32 {
		v1 := uint64(seed) + xxPrime1 + xxPrime2
		v2 := uint64(seed) + xxPrime2
		v3 := uint64(seed)
		v4 := uint64(seed) - xxPrime1
		for ; i+32 <= n; i += 32 {
			v1 = xxRound(v1, le64(s, i))
			v2 = xxRound(v2, le64(s, i+8))
			v3 = xxRound(v3, le64(s, i+16))
			v4 = xxRound(v4, le64(s, i+24))
		}
		h = bits.RotateLeft64(v1, 1) + bits.RotateLeft64(v2, 7) + bits.RotateLeft64(v3, 12) + bits.RotateLeft64(v4, 18)
		h = xxMerge(h, v1)
		h = xxMerge(h, v2)
		h = xxMerge(h, v3)
		h = xxMerge(h, v4)
	} else {
		h = uint64(seed) + xxPrime5
	}
	h += uint64(n)
	for ; i+8 <= n; i += 8 {
		h ^= xxRound(0, le64(s, i))
		h = bits.RotateLeft64(h, 27)*xxPrime1 + xxPrime4
	}
	if i+4 <= n {
		h ^= uint64(le32(s, i)) * xxPrime1
		h = bits.RotateLeft64(h, 23)*xxPrime2 + xxPrime3
		i += 4
	}
	for ; i < n; i++ {
		h ^= uint64(s[i]) * xxPrime5
		h = bits.RotateLeft64(h, 11) * xxPrime1
	}
	return int64(xxFmix(h))
}

// The steps of xxhash64(x1, x2, ...), as the Murmur3 steps with a 64-bit
// running hash.

// XxHash64StepBool hashes a BOOLEAN as the INT 1 or 0.
func XxHash64StepBool(seed int64, x, isNull bool) int64 {
	if isNull {
		return seed
	}
	return xxInt(boolInt(x), seed)
}

// XxHash64StepInt32 hashes an INT or a DATE (its days).
func XxHash64StepInt32(seed int64, x int32, isNull bool) int64 {
	if isNull {
		return seed
	}
	return xxInt(x, seed)
}

// XxHash64StepInt64 hashes a BIGINT.
func XxHash64StepInt64(seed int64, x int64, isNull bool) int64 {
	if isNull {
		return seed
	}
	return xxLong(x, seed)
}

// XxHash64StepFloat64 hashes a DOUBLE as the BIGINT of its bits (doubleBits).
func XxHash64StepFloat64(seed int64, x float64, isNull bool) int64 {
	if isNull {
		return seed
	}
	return xxLong(doubleBits(x), seed)
}

// XxHash64StepString hashes the UTF-8 bytes of a VARCHAR.
func XxHash64StepString(seed int64, x string, isNull bool) int64 {
	if isNull {
		return seed
	}
	return xxBytes(x, seed)
}

// XxHash64StepDecimal hashes a DECIMAL of precision p as Murmur3StepDecimal
// does, with xxHash64.
func XxHash64StepDecimal(seed int64, x Decimal, isNull bool, p int) int64 {
	switch {
	case isNull:
		return seed
	case p <= 18:
		return xxLong(int64(x.Lo), seed)
	}
	return xxBytes(decimalBytes(x), seed)
}
