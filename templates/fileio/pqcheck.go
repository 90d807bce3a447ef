package fileio

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// checkChunks checks the footer's sizes that arrow-go trusts before it reads
// a column chunk: where each chunk of the file fields fields (indexes into
// the manifest; -1 is none) lies, and for a file whose read fields are none,
// how many rows each row group declares. arrow-go allocates a chunk's
// declared length before it reads it, so a damaged footer would make it panic
// (a negative length) or allocate gigabytes, in pqarrow's case on a goroutine
// of its own where no recover of exprc's can catch it; and a query that reads
// no column counts the declared rows one batch at a time. Checked here, a
// damaged footer is an error before any of that.
func checkChunks(size int64, pf *file.Reader, manifest *pqarrow.SchemaManifest, fields []int) error {
	leaves := readLeaves(manifest, fields)
	md := pf.MetaData()
	for g := range pf.NumRowGroups() {
		rg := md.RowGroup(g)
		rows := rg.NumRows()
		if rows < 0 {
			return fmt.Errorf("damaged file: row group %d declares %d rows", g, rows)
		}
		if len(leaves) == 0 && md.Schema.NumColumns() > 0 {
			// Every row has at least one level in every leaf column, so a
			// row group cannot hold more rows than a chunk holds values.
			cc, err := rg.ColumnChunk(0)
			if err != nil {
				return fmt.Errorf("damaged file: row group %d: %w", g, err)
			}
			if rows > cc.NumValues() {
				return fmt.Errorf("damaged file: row group %d declares %d rows, but its column %s holds %d values", g, rows, quote(cc.PathInSchema().String()), cc.NumValues())
			}
		}
		for _, leaf := range leaves {
			cc, err := rg.ColumnChunk(leaf)
			if err != nil {
				return fmt.Errorf("damaged file: row group %d: %w", g, err)
			}
			start := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() > 0 && start > cc.DictionaryPageOffset() {
				start = cc.DictionaryPageOffset()
			}
			n := cc.TotalCompressedSize()
			if start < 0 || n < 0 || start > size || n > size-start {
				return fmt.Errorf("damaged file: row group %d: the chunk of column %s (%d bytes at offset %d) is not inside the file (%d bytes)",
					g, quote(cc.PathInSchema().String()), n, start, size)
			}
		}
	}
	return nil
}

// checkUnknownLogical reports a column the query reads whose Parquet logical
// type arrow-go does not know (openFooter removed it: the column would read as
// its bare physical type). unknown is by file field name.
func checkUnknownLogical(path string, table *tableType, fileSchema *arrow.Schema, unknown map[string]unknownLogical, opts Options) error {
	if len(unknown) == 0 {
		return nil
	}
	names := make([]string, fileSchema.NumFields())
	for i, f := range fileSchema.Fields() {
		names[i] = f.Name
	}
	idx, err := matchColumns(path, table, names)
	if err != nil {
		return err
	}
	for i, j := range idx {
		if j < 0 || skipped(opts, i) {
			continue
		}
		if u, ok := unknown[names[j]]; ok {
			return fmt.Errorf("%s: column %q has a Parquet logical type exprc cannot read (field %d of the LogicalType union, newer than its Parquet reader)", path, table.Columns[i].Name, u.field)
		}
	}
	return nil
}

// readLeaves is the file's leaf columns (indexes among its leaves) under the
// top-level fields the query reads (fields: their manifest index, or -1 for a
// table column the file lacks): what a reader of those fields decodes.
func readLeaves(manifest *pqarrow.SchemaManifest, fields []int) []int {
	var leaves []int
	for _, j := range fields {
		if j >= 0 {
			leaves = appendLeaves(leaves, &manifest.Fields[j])
		}
	}
	return leaves
}

// appendLeaves appends the leaf columns under sf, a MAP's key and value or a
// flat column's one leaf.
func appendLeaves(leaves []int, sf *pqarrow.SchemaField) []int {
	if sf.IsLeaf() {
		leaves = append(leaves, sf.ColIndex)
	}
	for k := range sf.Children {
		leaves = appendLeaves(leaves, &sf.Children[k])
	}
	return leaves
}
