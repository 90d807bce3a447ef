package functions

import (
	"errors"
	"strings"

	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/templates/rt"
)

// k5 and k6 adapt typed five- and six-argument rt kernels that can fail.
func k5[A, B, C, D, E, R any](f func(A, B, C, D, E) (R, *rt.Error)) impl {
	return impl{fn: f, mayError: true, eval: func(args []any) (any, *ir.EvalError) {
		r, err := f(args[0].(A), args[1].(B), args[2].(C), args[3].(D), args[4].(E))
		if err != nil {
			return nil, err
		}
		return r, nil
	}}
}

// aesErrors are the error classes of aes_encrypt and aes_decrypt.
var aesErrors = errs(rt.AesKeyLength, rt.AesIvLength, rt.AesCryptoError, rt.AesMode, rt.AesModeIV, rt.AesModeAAD)

const aesEncryptDoc = "Spark 4.0's aes_encrypt: input encrypted with AES (key of 16, 24 or 32 bytes, else INVALID_PARAMETER_VALUE.AES_KEY_LENGTH) in mode 'GCM' (the default; padding 'NONE' or 'DEFAULT'), 'CBC' or 'ECB' (padding 'PKCS' or 'DEFAULT'), mode and padding in any case (another pair raises UNSUPPORTED_FEATURE.AES_MODE). " +
	"GCM gives its 12-byte IV, the ciphertext and the 16-byte tag, CBC its 16-byte IV and the PKCS#5-padded ciphertext, ECB the padded ciphertext. " +
	"An empty or left out iv is a random one, so the call is volatile (never folded nor shared: two calls give two results); a given iv must be 12 bytes for GCM and 16 for CBC (INVALID_PARAMETER_VALUE.AES_IV_LENGTH) and is an error for ECB (UNSUPPORTED_FEATURE.AES_MODE_IV). " +
	"A non-empty aad (additional authenticated data) is for GCM only (UNSUPPORTED_FEATURE.AES_MODE_AAD). A call with a constant iv, or in constant mode 'ECB', is deterministic and folded as any other."

// aesEncryptSigs are aes_encrypt's overloads: Spark's defaults ('GCM',
// 'DEFAULT', empty iv and aad) for the arguments left out.
var aesEncryptSigs = []*ir.Signature{
	sig(tBin, k2(rt.AesEncrypt), tBin, tBin),
	sig(tBin, k3(rt.AesEncryptMode), tBin, tBin, tStr),
	sig(tBin, k4(rt.AesEncryptPadding), tBin, tBin, tStr, tStr),
	sig(tBin, k5(rt.AesEncryptIV), tBin, tBin, tStr, tStr, tBin),
	sig(tBin, k6(rt.AesEncryptAAD), tBin, tBin, tStr, tStr, tBin, tBin),
}

// aesEncryptFixed is aes_encrypt where the binder sees that the call
// cannot draw a random IV (deterministicAes): the same overloads, not
// volatile, so that it folds, is shared and is fuzzed like any function.
var aesEncryptFixed = strict("aes_encrypt", aesEncryptDoc, aesErrors, aesEncryptSigs...)

// deterministicAes reports whether an aes_encrypt call draws no random IV on
// any row: its mode is the constant 'ECB' (any case), or its iv a constant
// that is not empty (a BINARY constant, or a VARCHAR one cast to BINARY).
// Any other call may draw one.
func deterministicAes(c *ir.Call) bool {
	if len(c.Args) >= 3 {
		if s, ok := aesConst(c.Args[2]).(string); ok && strings.EqualFold(s, "ECB") {
			return true
		}
	}
	if len(c.Args) >= 5 {
		if s, ok := aesConst(c.Args[4]).(string); ok && s != "" {
			return true
		}
	}
	return false
}

// aesConst is the value of a constant argument, seen through the implicit
// cast of a VARCHAR constant to BINARY (the same bytes), or nil.
func aesConst(e ir.Expr) any {
	switch x := e.(type) {
	case *ir.Const:
		if x.Err == nil {
			return x.V
		}
	case *ir.Call:
		if x.Fn.Name == ir.Cast && len(x.Args) == 1 && x.Sig.Ret.Kind == ir.KindBinary && x.Args[0].Type().Kind == ir.KindVarchar {
			return aesConst(x.Args[0])
		}
	}
	return nil
}

func init() {
	enc := strict("aes_encrypt", aesEncryptDoc, aesErrors, aesEncryptSigs...)
	enc.Volatile = true
	expansions[enc] = func(c *ir.Call) ir.Expr {
		if deterministicAes(c) {
			return &ir.Call{Fn: aesEncryptFixed, Sig: c.Sig, Args: c.Args}
		}
		return c
	}
	keepsName[enc] = true
	register(enc)
	register(strict("aes_decrypt",
		"Spark 4.0's aes_decrypt: the inverse of aes_encrypt with the same key, mode, padding and aad (the IV is read from the input's first bytes). "+
			"A wrong key or aad, damaged input, a GCM tag that does not match, bad padding or a CBC/ECB input that is not whole 16-byte blocks raise INVALID_PARAMETER_VALUE.AES_CRYPTO_ERROR with the JDK's message; "+
			"the key, mode and padding errors are aes_encrypt's, a non-empty aad is an error for CBC and ignored for ECB, as Spark. The result is BINARY: CAST it to VARCHAR for text.",
		errs(rt.AesKeyLength, rt.AesCryptoError, rt.AesMode, rt.AesModeAAD),
		sig(tBin, k2(rt.AesDecrypt), tBin, tBin),
		sig(tBin, k3(rt.AesDecryptMode), tBin, tBin, tStr),
		sig(tBin, k4(rt.AesDecryptPadding), tBin, tBin, tStr, tStr),
		sig(tBin, k5(rt.AesDecryptAAD), tBin, tBin, tStr, tStr, tBin)))
	register(&ir.Function{
		Name: "try_aes_decrypt",
		Doc:  "aes_decrypt, but NULL where aes_decrypt raises (TRY: also where an argument raises), as Spark's TryAesDecrypt.",
		Synopsis: []string{"try_aes_decrypt(BINARY, BINARY) -> BINARY", "try_aes_decrypt(BINARY, BINARY, VARCHAR) -> BINARY",
			"try_aes_decrypt(BINARY, BINARY, VARCHAR, VARCHAR) -> BINARY", "try_aes_decrypt(BINARY, BINARY, VARCHAR, VARCHAR, BINARY) -> BINARY"},
		Strict:  true,
		Resolve: func([]ir.Type) (*ir.Signature, error) { return nil, errTryAesDecrypt },
	})
}

// errTryAesDecrypt is the Resolve error of try_aes_decrypt, which the binder
// binds itself as TRY over aes_decrypt; it is reached only by callers that
// resolve by types alone.
var errTryAesDecrypt = errors.New("try_aes_decrypt is bound as TRY(aes_decrypt(...)) by the binder")
