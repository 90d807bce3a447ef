package fileio

import "github.com/apache/arrow-go/v18/parquet/compress"

// emptyBlocks is a Parquet codec whose Decode of an empty block is the empty
// block. A DATA_PAGE_V2 page holds its levels uncompressed and only its values
// compressed, and a page of nothing but NULLs (or of no rows) has no value
// bytes at all: writers (parquet-mr among them) then write zero compressed
// bytes, not the codec's encoding of nothing, which arrow-go's codecs reject
// as corrupt ("s2: corrupt input"). DuckDB and parquet-mr read such pages; the
// page's declared uncompressed size still has to agree.
type emptyBlocks struct{ compress.Codec }

func (c emptyBlocks) Decode(dst, src []byte) []byte {
	if len(src) == 0 {
		return dst[:0]
	}
	return c.Codec.Decode(dst, src)
}

func (c emptyBlocks) DecodeWithError(dst, src []byte) ([]byte, error) {
	if len(src) == 0 {
		return dst[:0], nil
	}
	return compress.Decode(c.Codec, dst, src)
}

// The codec registry is process-wide: every Parquet file this process reads
// (exprc run's and the compiled engine's) decodes through these. (snappy.go's
// init, which runs after this file's, keeps the wrapper.)
func init() {
	for _, k := range []compress.Compression{compress.Codecs.Snappy, compress.Codecs.Gzip,
		compress.Codecs.Brotli, compress.Codecs.Zstd, compress.Codecs.Lz4Raw, compress.Codecs.Lz4} {
		if c, err := compress.GetCodec(k); err == nil {
			compress.RegisterCodec(k, emptyBlocks{c})
		}
	}
}
