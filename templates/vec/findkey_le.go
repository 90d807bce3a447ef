//go:build 386 || amd64 || arm || arm64 || loong64 || mips64le || mipsle || ppc64le || riscv64 || wasm

package vec

// keyBytes keeps the first n bytes (1 to 8) of a word loaded from memory:
// on a little-endian machine, its low ones.
func keyBytes(w uint64, n int32) uint64 { return w << ((64 - 8*uint(n)) & 63) }
