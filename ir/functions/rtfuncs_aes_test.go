package functions

import "github.com/exprc/exprc/templates/rt"

// The kernels of templates/rt/aes.go (aes_encrypt, aes_decrypt), added to
// rtFuncs here so that parallel additions merge cleanly.
func init() {
	for n, f := range map[string]any{
		"AesEncrypt":        rt.AesEncrypt,
		"AesEncryptMode":    rt.AesEncryptMode,
		"AesEncryptPadding": rt.AesEncryptPadding,
		"AesEncryptIV":      rt.AesEncryptIV,
		"AesEncryptAAD":     rt.AesEncryptAAD,
		"AesDecrypt":        rt.AesDecrypt,
		"AesDecryptMode":    rt.AesDecryptMode,
		"AesDecryptPadding": rt.AesDecryptPadding,
		"AesDecryptAAD":     rt.AesDecryptAAD,
	} {
		rtFuncs[n] = f
	}
}
