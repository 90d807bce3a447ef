package difffuzz

import "github.com/exprc/exprc/ir"

// aesKeys are keys of every valid length and a few invalid ones.
var aesKeys = []string{"'0000111122223333'", "'abcdefghijklmnop12345678'", "'abcdefghijklmnop12345678ABCDEFGH'", "X'000102030405060708090A0B0C0D0E0F'", "'short'", "''"}

// aesModes are modes and paddings in several cases, valid pairs and not.
var (
	aesModes    = []string{"'GCM'", "'CBC'", "'ECB'", "'gcm'", "'cbc'", "'ecb'", "'CTR'"}
	aesPaddings = []string{"'DEFAULT'", "'PKCS'", "'NONE'", "'default'", "'pkcs'", "'OAEP'"}
	// aesIVs are never empty: an empty iv draws a random one, which the
	// differential check cannot compare. 12 bytes suit GCM, 16 CBC.
	aesIVs = []string{"X'000102030405060708090A0B'", "X'000102030405060708090A0B0C0D0E0F'", "'abcdefghijkl'", "'abcdefghijklmnop'", "X'0102'"}
	// aesCiphertexts are Spark's known ciphertexts (GCM under
	// '0000111122223333', ECB under 'abcdefghijklmnop', GCM with an aad)
	// and damaged ones.
	aesCiphertexts = []string{
		"X'83F16B2AA704794132802D248E6BFD4E380078182D1544813898AC97E709B28A94'",
		"unbase64('4Hv0UKCx6nfUeAoPZo1z+w==')",
		"unbase64('AAAAAAAAAAAAAAAAQiYi+sTLm7KD9UcZ2nlRdYDe/PX4')",
		"X'83F16B2AA704794132802D248E6BFD4E380078182D1544813898AC97E709B28A95'",
		"X'0011'",
	}
)

// aesArgs replaces the arguments of an aes_encrypt, aes_decrypt or
// try_aes_decrypt call with literals from the pools above, mostly: the
// function's outcomes depend on them (keys of 16, 24 or 32 bytes, known
// ciphertexts), and an aes_encrypt call is kept deterministic, which the
// differential check needs: mode 'ECB' when no iv is given, a non-empty iv
// when one is (Spark draws a random IV otherwise, and exprc's aes_encrypt is
// then volatile).
func (g *Generator) aesArgs(name string, args []*Node) {
	str, bin := ir.TypeVarchar, ir.TypeBinary
	for i := range args {
		switch {
		case i == 0 && name != "aes_encrypt" && g.pct(60):
			args[i] = g.lit(bin, pick(g.r, aesCiphertexts))
		case i == 1 && g.pct(85):
			args[i] = g.lit(bin, pick(g.r, aesKeys))
		case i == 2 && name == "aes_encrypt" && len(args) < 5:
			args[i] = g.lit(str, pick(g.r, []string{"'ECB'", "'ecb'"}))
		case i == 2 && g.pct(90):
			args[i] = g.lit(str, pick(g.r, aesModes))
		case i == 3 && g.pct(90):
			args[i] = g.lit(str, pick(g.r, aesPaddings))
		case i == 4 && name == "aes_encrypt":
			args[i] = g.lit(bin, pick(g.r, aesIVs))
		}
	}
}
