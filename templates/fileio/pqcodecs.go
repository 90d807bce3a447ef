package fileio

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// checkCodecs reports the first column chunk of a column the query reads
// (in.idx, file fields by table column) that is compressed with a codec this
// reader lacks (arrow-go has no LZO, nor Hadoop's LZ4): from the footer, when
// the file is opened, so that the error comes before any row is read and
// before the compiled engine is built, rather than at the first page.
func checkCodecs(path string, pf *file.Reader, manifest *pqarrow.SchemaManifest, in *batchInput) error {
	md := pf.MetaData()
	for i, j := range in.idx {
		if j < 0 {
			continue
		}
		leaves := appendLeaves(nil, &manifest.Fields[j])
		for g := range md.NumRowGroups() {
			rg := md.RowGroup(g)
			for _, leaf := range leaves {
				cc, err := rg.ColumnChunk(leaf)
				if err != nil {
					return fmt.Errorf("%s: row group %d: column %s: %w", path, g, quote(in.table.Columns[i].Name), err)
				}
				if codec := cc.Compression(); !codecSupported(codec) {
					return fmt.Errorf("%s: column %s is compressed with %s (row group %d), which exprc cannot read (it reads %s)",
						path, quote(in.table.Columns[i].Name), codec, g, OrList(supportedCodecs()))
				}
			}
		}
	}
	return nil
}

// codecSupported reports whether arrow-go has a codec for c.
func codecSupported(c compress.Compression) bool {
	_, err := compress.GetCodec(c)
	return err == nil
}

// supportedCodecs names the Parquet codecs this reader has, for messages.
func supportedCodecs() []string {
	var out []string
	for _, c := range []compress.Compression{compress.Codecs.Uncompressed, compress.Codecs.Snappy, compress.Codecs.Gzip,
		compress.Codecs.Lzo, compress.Codecs.Brotli, compress.Codecs.Lz4, compress.Codecs.Zstd, compress.Codecs.Lz4Raw} {
		if codecSupported(c) {
			out = append(out, c.String())
		}
	}
	return out
}
