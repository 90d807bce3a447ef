package rt

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strings"
	"testing"
)

// Expected values are Spark's documented examples (its function reference),
// published test vectors of the standard algorithms, or an independent
// reference written below from Spark's description of hashUnsafeBytes.

func TestDigests(t *testing.T) {
	cases := []struct{ got, want string }{
		{Md5("Spark"), "8cde774d6f7333752ed72cacddb05126"},
		{Sha1("Spark"), "85f5955f4b27a9a4c2aab6ffe5d7189fc298b92c"},
		{Sha2("Spark", 256), "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b"},
		{Sha2("Spark", 0), "529bc3b07127ecb7e53a4dcf1991d9152c24537d919178022b2c42657f79a26b"},
		{Md5(""), "d41d8cd98f00b204e9800998ecf8427e"},
		{Sha2("abc", 224), "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
		{Sha2("abc", 384), "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
		{Sha2("abc", 512)[:32], "ddaf35a193617abacc417349ae204131"},
		{Sha2("abc", 100), ""},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("case %d: %s, want %s", i, c.got, c.want)
		}
	}
	if got := Crc32("Spark"); got != 1557323817 {
		t.Errorf("crc32('Spark') = %d", got)
	}
	for _, b := range []int32{0, 224, 256, 384, 512} {
		if !Sha2Defined("", b) {
			t.Errorf("Sha2Defined(%d)", b)
		}
	}
	for _, b := range []int32{-256, 1, 128, 255, 1024} {
		if Sha2Defined("", b) {
			t.Errorf("Sha2Defined(%d)", b)
		}
	}
}

// TestSparkHashExamples checks Spark's documented examples
// hash('Spark', array(123), 2) and xxhash64('Spark', array(123), 2): an array
// hashes as its elements in turn, so the chain is 'Spark', 123, 2.
func TestSparkHashExamples(t *testing.T) {
	h := Murmur3StepInt32(Murmur3StepInt32(Murmur3StepString(42, "Spark", false), 123, false), 2, false)
	if h != -1321691492 {
		t.Errorf("hash = %d, want -1321691492", h)
	}
	x := XxHash64StepInt32(XxHash64StepInt32(XxHash64StepString(42, "Spark", false), 123, false), 2, false)
	if x != 5602566077635097486 {
		t.Errorf("xxhash64 = %d, want 5602566077635097486", x)
	}
	// NULL arguments are skipped
	if Murmur3StepString(42, "", true) != 42 || XxHash64StepFloat64(42, 0, true) != 42 {
		t.Error("a NULL step changed the hash")
	}
}

// TestMurmur3Vectors checks the standard Murmur3 x86_32 vectors whose length
// is a multiple of 4, where Spark's variant is the standard algorithm.
func TestMurmur3Vectors(t *testing.T) {
	cases := []struct {
		in   string
		seed uint32
		want uint32
	}{
		{"", 0, 0},
		{"", 1, 0x514E28B7},
		{"", 0xffffffff, 0x81F16F39},
		{"\xff\xff\xff\xff", 0, 0x76293B50},
		{"\x21\x43\x65\x87", 0, 0xF55B516B},
		{"\x21\x43\x65\x87", 0x5082EDEE, 0x2362F9DE},
		{"\x00\x00\x00\x00", 0, 0x2362F9DE},
		{"aaaa", 0x9747b28c, 0x5A97808A},
	}
	for _, c := range cases {
		if got := uint32(murmurBytes(c.in, int32(c.seed))); got != c.want {
			t.Errorf("murmur3(%q, %#x) = %#x, want %#x", c.in, c.seed, got, c.want)
		}
	}
}

// refMurmurSpark is Spark's hashUnsafeBytes written from its description: the
// input is a list of 32-bit blocks, each whole little-endian word and then each
// remaining byte sign-extended, all mixed the same way; the length finalizes.
func refMurmurSpark(b []byte, seed uint32) uint32 {
	var blocks []uint32
	n := len(b) / 4 * 4
	for i := 0; i < n; i += 4 {
		blocks = append(blocks, binary.LittleEndian.Uint32(b[i:]))
	}
	for _, c := range b[n:] {
		blocks = append(blocks, uint32(int32(int8(c))))
	}
	h := seed
	for _, k := range blocks {
		k = bits.RotateLeft32(k*0xcc9e2d51, 15) * 0x1b873593
		h = bits.RotateLeft32(h^k, 13)*5 + 0xe6546b64
	}
	h ^= uint32(len(b))
	for _, s := range []struct {
		shift int
		mul   uint32
	}{{16, 0x85ebca6b}, {13, 0xc2b2ae35}, {16, 1}} {
		h ^= h >> s.shift
		h *= s.mul
	}
	return h
}

func TestMurmur3Reference(t *testing.T) {
	inputs := []string{"", "a", "ab", "abc", "abcd", "Spark", "héllo wörld", "\x80\xff\x7f", strings.Repeat("xyz", 11)}
	for _, in := range inputs {
		for _, seed := range []uint32{0, 42, 0xdeadbeef} {
			if got, want := uint32(murmurBytes(in, int32(seed))), refMurmurSpark([]byte(in), seed); got != want {
				t.Errorf("murmur(%q, %#x) = %#x, reference %#x", in, seed, got, want)
			}
		}
	}
	// INT and BIGINT are the Murmur3 of their little-endian bytes
	for _, x := range []int64{0, 1, -1, 123, math.MinInt64, math.MaxInt64, 0x123456789} {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], uint64(x))
		if got, want := uint32(Murmur3StepInt64(42, x, false)), refMurmurSpark(b[:], 42); got != want {
			t.Errorf("hashLong(%d) = %#x, want %#x", x, got, want)
		}
		if got, want := uint32(Murmur3StepInt32(42, int32(x), false)), refMurmurSpark(b[:4], 42); got != want {
			t.Errorf("hashInt(%d) = %#x, want %#x", int32(x), got, want)
		}
		if got, want := XxHash64StepInt64(7, x, false), xxBytes(string(b[:]), 7); got != want {
			t.Errorf("xxhash64 long(%d) = %d, want %d", x, got, want)
		}
		if got, want := XxHash64StepInt32(7, int32(x), false), xxBytes(string(b[:4]), 7); got != want {
			t.Errorf("xxhash64 int(%d) = %d, want %d", int32(x), got, want)
		}
	}
	// BOOLEAN is the INT 1 or 0; DOUBLE is its bits, with -0.0 as 0.0 and every NaN as Java's canonical NaN
	if Murmur3StepBool(42, true, false) != Murmur3StepInt32(42, 1, false) || XxHash64StepBool(42, false, false) != XxHash64StepInt32(42, 0, false) {
		t.Error("BOOLEAN hash")
	}
	if Murmur3StepFloat64(42, math.Copysign(0, -1), false) != Murmur3StepInt64(42, 0, false) {
		t.Error("-0.0 must hash as 0")
	}
	nan2 := math.Float64frombits(0x7ff0000000000001)
	if Murmur3StepFloat64(42, nan2, false) != Murmur3StepInt64(42, 0x7ff8000000000000, false) ||
		XxHash64StepFloat64(42, math.NaN(), false) != XxHash64StepInt64(42, 0x7ff8000000000000, false) {
		t.Error("NaN must hash as the canonical NaN")
	}
	if Murmur3StepFloat64(42, 1.5, false) != Murmur3StepInt64(42, int64(math.Float64bits(1.5)), false) {
		t.Error("DOUBLE hash")
	}
}

// TestXxHash64Vectors checks published XXH64 vectors (seed 0), and a 40-byte
// input for the four-lane path.
func TestXxHash64Vectors(t *testing.T) {
	cases := []struct {
		in   string
		want uint64
	}{
		{"", 0xEF46DB3751D8E999},
		{"a", 0xD24EC4F1A98C6E5B},
		{"abc", 0x44BC2CF5AD770999},
	}
	for _, c := range cases {
		if got := uint64(xxBytes(c.in, 0)); got != c.want {
			t.Errorf("xxh64(%q) = %#x, want %#x", c.in, got, c.want)
		}
	}
	// every length exercises the 32-byte lanes, the 8- and 4-byte steps and the byte tail
	long := strings.Repeat("0123456789", 7)
	seen := map[int64]bool{}
	for n := 0; n <= len(long); n++ {
		seen[xxBytes(long[:n], 42)] = true
	}
	if len(seen) != len(long)+1 {
		t.Error("xxhash64 collides on prefixes")
	}
}

func TestBase64Hex(t *testing.T) {
	if got := Base64("Spark SQL"); got != "U3BhcmsgU1FM" {
		t.Errorf("base64 = %q", got)
	}
	if Base64("") != "" || Base64("a") != "YQ==" || Base64("ab") != "YWI=" {
		t.Error("base64 padding")
	}
	// 57 bytes make exactly one 76-character line; 58 wrap once
	if got := Base64(strings.Repeat("a", 57)); len(got) != 76 || strings.Contains(got, "\r\n") {
		t.Errorf("base64 of 57 bytes: %q", got)
	}
	got := Base64(strings.Repeat("a", 58))
	if lines := strings.Split(got, "\r\n"); len(lines) != 2 || len(lines[0]) != 76 || lines[1] != "YQ==" {
		t.Errorf("base64 of 58 bytes: %q", got)
	}
	for _, c := range []struct{ got, want string }{
		{HexInt64(17), "11"}, {HexInt64(0), "0"}, {HexInt64(-1), "FFFFFFFFFFFFFFFF"}, {HexInt64(255), "FF"},
		{HexString("Spark SQL"), "537061726B2053514C"}, {HexString(""), ""}, {HexString("é"), "C3A9"},
		{Bin(13), "1101"}, {Bin(0), "0"}, {Bin(-1), strings.Repeat("1", 64)}, {Bin(math.MinInt64), "1" + strings.Repeat("0", 63)},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

func TestConv(t *testing.T) {
	cases := []struct {
		num      string
		from, to int32
		want     string // "!" for ARITHMETIC_OVERFLOW
	}{
		{"100", 2, 10, "4"},     // Spark's example
		{"-10", 16, -10, "-16"}, // Spark's example (conv(-10, 16, -10))
		{"3", 10, 2, "11"},
		{"-15", 10, -16, "-F"},
		{"-15", 10, 16, "FFFFFFFFFFFFFFF1"},
		{"big", 36, 16, "3A48"},
		{"11abc", 10, 16, "B"},
		{"  255  ", 10, 16, "FF"},
		{"ff", 16, 10, "255"},
		{"zz", 10, 10, "0"},
		{"-", 10, 10, "0"},
		{"-", 10, -10, "-0"},
		{"18446744073709551615", 10, 10, "18446744073709551615"},
		{"18446744073709551615", 10, -10, "-1"},
		{"18446744073709551616", 10, 10, "!"},
		{"9223372036854775807", 36, 16, "!"},
		{"-9223372036854775808", 10, -10, "-9223372036854775808"},
		{"-18446744073709551615", 10, 10, "18446744073709551615"}, // a negated value of 2^63 or more is -1
		{"1" + strings.Repeat("0", 63), 2, 10, "9223372036854775808"},
		{"1" + strings.Repeat("0", 64), 2, 10, "0"}, // Spark's unchecked step from 2^63 wraps
	}
	for _, c := range cases {
		got, err := Conv(c.num, c.from, c.to)
		switch {
		case c.want == "!":
			if err != ErrConvOverflow {
				t.Errorf("conv(%q, %d, %d) = %q, %v; want overflow", c.num, c.from, c.to, got, err)
			}
		case err != nil || got != c.want:
			t.Errorf("conv(%q, %d, %d) = %q, %v; want %q", c.num, c.from, c.to, got, err, c.want)
		}
	}
	if got, err := ConvInt64(-10, 16, -10); got != "-16" || err != nil {
		t.Errorf("conv(-10, 16, -10) = %q, %v", got, err)
	}
	for _, c := range []struct {
		num      string
		from, to int32
	}{{"", 10, 10}, {"   ", 10, 10}, {"1", 1, 10}, {"1", 37, 10}, {"1", 10, 1}, {"1", 10, -1}, {"1", 10, 37}, {"1", 10, -37}, {"1", 10, math.MinInt32}} {
		if ConvDefined(c.num, c.from, c.to) {
			t.Errorf("ConvDefined(%q, %d, %d)", c.num, c.from, c.to)
		}
		if got, err := Conv(c.num, c.from, c.to); got != "" || err != nil {
			t.Errorf("Conv outside its domain: %q, %v", got, err)
		}
	}
	if !ConvInt64Defined(5, 2, -36) || ConvInt64Defined(5, 2, 0) {
		t.Error("ConvInt64Defined")
	}
}
