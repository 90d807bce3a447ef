package fileio

import (
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/klauspost/compress/s2"
)

// fastSnappy is arrow-go's Snappy codec with the fast block encoder.
// arrow-go compresses Parquet pages with s2.EncodeSnappyBetter, which spends
// about twice the time of s2.EncodeSnappy for a few percent smaller pages;
// Snappy is the codec one picks for speed (zstd, --compression zstd, is the one
// for size), and DuckDB and Spark write it with the fast encoder too. Both
// produce standard Snappy blocks, so any reader decodes either. Decoding is
// the embedded codec's.
type fastSnappy struct{ compress.Codec }

func (fastSnappy) Encode(dst, src []byte) []byte { return s2.EncodeSnappy(dst, src) }

func (fastSnappy) EncodeLevel(dst, src []byte, _ int) []byte { return s2.EncodeSnappy(dst, src) }

// The codec registry is process-wide: every Parquet file this process writes
// (exprc run's and the compiled engine's) uses the fast encoder.
func init() {
	if c, err := compress.GetCodec(compress.Codecs.Snappy); err == nil {
		compress.RegisterCodec(compress.Codecs.Snappy, fastSnappy{c})
	}
}
