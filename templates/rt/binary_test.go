package rt

import "testing"

// TestBinaryKernels checks the BINARY kernels on the edges Spark's code
// decides: Hex.unhex's odd digit, Java's MIME decoder and
// UnBase64.isValidBase64, ByteArray.subStringSQL's 32-bit arithmetic, and
// the charsets of encode and decode.
func TestBinaryKernels(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
		ok   bool
	}{{"", "", true}, {"0", "\x00", true}, {"123", "\x01\x23", true}, {"aBcD", "\xab\xcd", true}, {"1g", "", false}, {"é", "", false}} {
		if got, ok := UnhexBytes(c.in); got != c.want || ok != c.ok {
			t.Errorf("UnhexBytes(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	for _, c := range []struct{ in, want, why string }{
		{"QUJD", "ABC", ""}, {"QQ", "A", ""}, {"QQ==", "A", ""}, {"QUI=", "AB", ""}, {"Q U\nJ\tD", "ABC", ""},
		{"QQ==QQ", "", "Input byte array has incorrect ending byte at 5"}, {"QQ==?!", "A", ""}, {"QQ===", "A", ""},
		{"Q", "", "Last unit does not have enough valid bits"}, {"=", "", "Input byte array has wrong 4-byte ending unit"},
		{"QQ=x", "", "Input byte array has wrong 4-byte ending unit"}, {"QUJ=", "AB", ""}, {"", "", ""},
	} {
		if got, why := mimeDecode(c.in); got != c.want || why != c.why {
			t.Errorf("mimeDecode(%q) = %q, %q; want %q, %q", c.in, got, why, c.want, c.why)
		}
	}
	for in, want := range map[string]bool{
		"abcd": true, "abc d": true, "abc?": false, "abcdA": false, "abcdAE": true, "abcdAE==": true,
		"abcdAE=": false, "ab==tm+1": false, "": true, "abc=": true, "a===": false, "ab= =": false,
	} {
		if got := validBase64(in); got != want {
			t.Errorf("validBase64(%q) = %v, want %v", in, got, want)
		}
	}
	const minI, maxI = -1 << 31, 1<<31 - 1
	for _, c := range []struct {
		b      string
		pos, n int32
		want   string
	}{
		{"abc", 1, 2, "ab"}, {"abc", 0, 2, "ab"}, {"abc", -2, maxI, "bc"}, {"abc", -5, 3, "a"}, {"abc", 4, 1, ""},
		{"abc", 2, -1, ""}, {"abc", minI, maxI, "abc"}, {"", -2147483647, minI, "\x00"}, {"ab", -7, minI, "ab"},
	} {
		if got := SubstrBinary(c.b, c.pos, c.n); got != c.want {
			t.Errorf("SubstrBinary(%q, %d, %d) = %q, want %q", c.b, c.pos, c.n, got, c.want)
		}
	}
	for _, c := range []struct{ s, cs, want, class string }{
		{"é", "ISO-8859-1", "\xe9", ""}, {"€", "iso-8859-1", "", MalformedCharacterCoding}, {"A", "UTF-16", "\xfe\xff\x00A", ""},
		{"😀", "UTF-16LE", "\x3d\xd8\x00\xde", ""}, {"A", "utf-32", "\x00\x00\x00A", ""}, {"\xff", "UTF-8", "\xff", ""},
		{"\xff", "US-ASCII", "", MalformedCharacterCoding}, {"a", "latin1", "", InvalidParameter + ".CHARSET"},
	} {
		got, err := Encode(c.s, c.cs)
		if class := errClass(err); got != c.want || class != c.class {
			t.Errorf("Encode(%q, %q) = %q, %s; want %q, %s", c.s, c.cs, got, class, c.want, c.class)
		}
	}
	for _, c := range []struct{ b, cs, want, class string }{
		{"\xe9", "ISO-8859-1", "é", ""}, {"\xff", "UTF-8", "", MalformedCharacterCoding}, {"\xff\xfeA\x00", "UTF-16", "A", ""},
		{"\x00A", "UTF-16", "A", ""}, {"\x00A\x00", "UTF-16BE", "", MalformedCharacterCoding}, {"\xd8\x00", "UTF-16BE", "", MalformedCharacterCoding},
		{"\x00\x11\x00\x00", "UTF-32", "", MalformedCharacterCoding}, {"\x80", "US-ASCII", "", MalformedCharacterCoding},
	} {
		got, err := Decode(c.b, c.cs)
		if class := errClass(err); got != c.want || class != c.class {
			t.Errorf("Decode(%q, %q) = %q, %s; want %q, %s", c.b, c.cs, got, class, c.want, c.class)
		}
	}
}

func errClass(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Class
}
