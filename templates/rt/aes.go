package rt

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"strconv"
	"strings"
)

// The error classes of aes_encrypt and aes_decrypt (Spark's
// QueryExecutionErrors.invalidAesKeyLengthError, invalidAesIvLengthError,
// aesCryptoError, aesModeUnsupportedError, aesUnsupportedIv and
// aesUnsupportedAad).
const (
	AesKeyLength   = "INVALID_PARAMETER_VALUE.AES_KEY_LENGTH"
	AesIvLength    = "INVALID_PARAMETER_VALUE.AES_IV_LENGTH"
	AesCryptoError = "INVALID_PARAMETER_VALUE.AES_CRYPTO_ERROR"
	AesMode        = "UNSUPPORTED_FEATURE.AES_MODE"
	AesModeIV      = "UNSUPPORTED_FEATURE.AES_MODE_IV"
	AesModeAAD     = "UNSUPPORTED_FEATURE.AES_MODE_AAD"
)

// aesFuncs is how Spark's messages name the two functions.
const aesFuncs = "`aes_encrypt`/`aes_decrypt`"

// The block cipher modes of Spark's ExpressionImplUtils.CipherMode: ECB and
// CBC with PKCS#5 padding, GCM without padding (IV length, tag length).
type aesMode uint8

const (
	aesECB aesMode = iota
	aesCBC
	aesGCM
)

const (
	gcmIVLen  = 12
	gcmTagLen = 16
	cbcIVLen  = aes.BlockSize
)

// ivLen is the IV length of mode m: 0 for ECB.
func (m aesMode) ivLen() int {
	switch m {
	case aesCBC:
		return cbcIVLen
	case aesGCM:
		return gcmIVLen
	}
	return 0
}

// aesModeOf is Spark's CipherMode.fromString: the mode and the padding, each
// in any case, must be ECB or CBC with PKCS or DEFAULT, or GCM with NONE or
// DEFAULT.
func aesModeOf(mode, padding string) (aesMode, *Error) {
	none, pkcs, def := strings.EqualFold(padding, "NONE"), strings.EqualFold(padding, "PKCS"), strings.EqualFold(padding, "DEFAULT")
	switch {
	case strings.EqualFold(mode, "ECB") && (pkcs || def):
		return aesECB, nil
	case strings.EqualFold(mode, "CBC") && (pkcs || def):
		return aesCBC, nil
	case strings.EqualFold(mode, "GCM") && (none || def):
		return aesGCM, nil
	}
	return 0, NewError(AesMode, "The feature is not supported: AES-"+mode+" with the padding "+padding+" by the "+aesFuncs+" function.")
}

// aesBlock is the AES cipher of key, or Spark's AES_KEY_LENGTH error when key
// is not 16, 24 or 32 bytes.
func aesBlock(key string) (cipher.Block, *Error) {
	switch len(key) {
	case 16, 24, 32:
	default:
		return nil, NewError(AesKeyLength, "The value of parameter(s) `key` in "+aesFuncs+
			" is invalid: expects a binary value with 16, 24 or 32 bytes, but got "+strconv.Itoa(len(key))+" bytes.")
	}
	b, err := aes.NewCipher([]byte(key))
	if err != nil {
		return nil, aesCrypto(err.Error())
	}
	return b, nil
}

// aesCrypto is Spark's AES_CRYPTO_ERROR with the detail message of the
// JDK's exception (javax.crypto's BadPaddingException, AEADBadTagException,
// IllegalBlockSizeException) where exprc meets the same condition.
func aesCrypto(detail string) *Error {
	return NewError(AesCryptoError, "The value of parameter(s) `expr`, `key` in "+aesFuncs+" is invalid: detail message: "+detail)
}

// aesNoAAD is Spark's AES_MODE_AAD error.
func aesNoAAD(mode string) *Error {
	return NewError(AesModeAAD, "The feature is not supported: `aes_encrypt` with AES-"+mode+" does not support additional authenticate data (AAD).")
}

// AesEncrypt is aes_encrypt(input, key): AES-GCM with a random 12-byte IV.
func AesEncrypt(input, key string) (string, *Error) {
	return aesEncrypt(input, key, "GCM", "DEFAULT", "", "")
}

// AesEncryptMode is aes_encrypt(input, key, mode).
func AesEncryptMode(input, key, mode string) (string, *Error) {
	return aesEncrypt(input, key, mode, "DEFAULT", "", "")
}

// AesEncryptPadding is aes_encrypt(input, key, mode, padding).
func AesEncryptPadding(input, key, mode, padding string) (string, *Error) {
	return aesEncrypt(input, key, mode, padding, "", "")
}

// AesEncryptIV is aes_encrypt(input, key, mode, padding, iv).
func AesEncryptIV(input, key, mode, padding, iv string) (string, *Error) {
	return aesEncrypt(input, key, mode, padding, iv, "")
}

// AesEncryptAAD is aes_encrypt(input, key, mode, padding, iv, aad).
func AesEncryptAAD(input, key, mode, padding, iv, aad string) (string, *Error) {
	return aesEncrypt(input, key, mode, padding, iv, aad)
}

// aesEncrypt is Spark 4.0's ExpressionImplUtils.aesEncrypt: the key's length
// checked first, then the mode and padding; an empty iv is a random one (so
// that the result differs from call to call, which is why aes_encrypt is
// volatile), a non-empty one is an error for ECB and must be 16 bytes for
// CBC and 12 for GCM; a non-empty aad is only for GCM. The result is the IV
// followed by the ciphertext (and GCM's 16-byte tag); ECB has no IV.
func aesEncrypt(input, key, mode, padding, iv, aad string) (string, *Error) {
	block, err := aesBlock(key)
	if err != nil {
		return "", err
	}
	m, err := aesModeOf(mode, padding)
	if err != nil {
		return "", err
	}
	var ivb []byte
	if iv == "" {
		ivb = make([]byte, m.ivLen())
		_, _ = rand.Read(ivb) // crypto/rand.Read never fails (Go 1.24)
	} else {
		if m == aesECB {
			return "", NewError(AesModeIV, "The feature is not supported: `aes_encrypt` with AES-"+mode+" does not support initialization vectors (IVs).")
		}
		if len(iv) != m.ivLen() {
			return "", NewError(AesIvLength, "The value of parameter(s) `iv` in "+aesFuncs+
				" is invalid: supports 16-byte CBC IVs and 12-byte GCM IVs, but got "+strconv.Itoa(len(iv))+" bytes for "+mode+".")
		}
		ivb = []byte(iv)
	}
	if aad != "" && m != aesGCM {
		return "", aesNoAAD(mode)
	}
	switch m {
	case aesECB:
		out := pkcs5Pad(nil, input)
		for i := 0; i < len(out); i += aes.BlockSize {
			block.Encrypt(out[i:i+aes.BlockSize], out[i:i+aes.BlockSize])
		}
		return string(out), nil
	case aesCBC:
		out := pkcs5Pad(ivb, input)
		cipher.NewCBCEncrypter(block, ivb).CryptBlocks(out[cbcIVLen:], out[cbcIVLen:])
		return string(out), nil
	}
	gcm, gerr := cipher.NewGCM(block)
	if gerr != nil {
		return "", aesCrypto(gerr.Error())
	}
	out := make([]byte, gcmIVLen, gcmIVLen+len(input)+gcmTagLen)
	copy(out, ivb)
	return string(gcm.Seal(out, ivb, []byte(input), []byte(aad))), nil
}

// pkcs5Pad returns prefix followed by input padded to whole blocks with
// PKCS#5 (n bytes of value n, 1 to 16 of them).
func pkcs5Pad(prefix []byte, input string) []byte {
	n := aes.BlockSize - len(input)%aes.BlockSize
	out := make([]byte, 0, len(prefix)+len(input)+n)
	out = append(out, prefix...)
	out = append(out, input...)
	for range n {
		out = append(out, byte(n))
	}
	return out
}

// AesDecrypt is aes_decrypt(input, key): AES-GCM.
func AesDecrypt(input, key string) (string, *Error) {
	return aesDecrypt(input, key, "GCM", "DEFAULT", "")
}

// AesDecryptMode is aes_decrypt(input, key, mode).
func AesDecryptMode(input, key, mode string) (string, *Error) {
	return aesDecrypt(input, key, mode, "DEFAULT", "")
}

// AesDecryptPadding is aes_decrypt(input, key, mode, padding).
func AesDecryptPadding(input, key, mode, padding string) (string, *Error) {
	return aesDecrypt(input, key, mode, padding, "")
}

// AesDecryptAAD is aes_decrypt(input, key, mode, padding, aad).
func AesDecryptAAD(input, key, mode, padding, aad string) (string, *Error) {
	return aesDecrypt(input, key, mode, padding, aad)
}

// aesDecrypt is Spark 4.0's ExpressionImplUtils.aesDecrypt: the IV is the
// input's first 16 (CBC) or 12 (GCM) bytes; a non-empty aad is an error for
// CBC and ignored for ECB, as Spark. Where the JDK's cipher throws, the
// error is AES_CRYPTO_ERROR with the JDK's message: a ciphertext that is not
// whole blocks, bad padding (a wrong key, most often), a GCM tag that does
// not match (a wrong key or aad, or damaged data). An input shorter than
// the IV, where Spark fails with the JDK's IllegalArgumentException outside
// its error classes, is AES_CRYPTO_ERROR too.
func aesDecrypt(input, key, mode, padding, aad string) (string, *Error) {
	block, err := aesBlock(key)
	if err != nil {
		return "", err
	}
	m, err := aesModeOf(mode, padding)
	if err != nil {
		return "", err
	}
	if m != aesECB && len(input) < m.ivLen() {
		return "", aesCrypto("the input is " + strconv.Itoa(len(input)) + " bytes, shorter than the " + strconv.Itoa(m.ivLen()) + "-byte IV it starts with")
	}
	if aad != "" && m == aesCBC {
		return "", aesNoAAD(mode)
	}
	switch m {
	case aesECB, aesCBC:
		data := []byte(input[m.ivLen():])
		if len(data)%aes.BlockSize != 0 {
			return "", aesCrypto("Input length must be multiple of 16 when decrypting with padded cipher")
		}
		if m == aesECB {
			for i := 0; i < len(data); i += aes.BlockSize {
				block.Decrypt(data[i:i+aes.BlockSize], data[i:i+aes.BlockSize])
			}
		} else {
			cipher.NewCBCDecrypter(block, []byte(input[:cbcIVLen])).CryptBlocks(data, data)
		}
		return pkcs5Unpad(data)
	}
	gcm, gerr := cipher.NewGCM(block)
	if gerr != nil {
		return "", aesCrypto(gerr.Error())
	}
	if len(input)-gcmIVLen < gcmTagLen {
		return "", aesCrypto("Input data too short to contain an expected tag length of 16bytes")
	}
	out, oerr := gcm.Open(nil, []byte(input[:gcmIVLen]), []byte(input[gcmIVLen:]), []byte(aad))
	if oerr != nil {
		return "", aesCrypto("Tag mismatch")
	}
	return string(out), nil
}

// pkcs5Unpad removes PKCS#5 padding as the JDK's PKCS5Padding.unpad checks
// it: the last byte n is 1 to 16 and the last n bytes all equal n; empty
// data is empty.
func pkcs5Unpad(data []byte) (string, *Error) {
	if len(data) == 0 {
		return "", nil
	}
	n := int(data[len(data)-1])
	if n < 1 || n > aes.BlockSize || n > len(data) {
		return "", errBadPadding
	}
	for _, b := range data[len(data)-n:] {
		if int(b) != n {
			return "", errBadPadding
		}
	}
	return string(data[:len(data)-n]), nil
}

// errBadPadding is the JDK's BadPaddingException of a padded block that does
// not decrypt to PKCS#5 padding.
var errBadPadding = aesCrypto("Given final block not properly padded. Such issues can arise if a bad key is used during decryption.")
