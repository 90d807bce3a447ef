package fileio

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/exprc/exprc/templates/sqltype"
)

// Schema inference (`exprc schema`, and `exprc run --input` of a table no
// spec declares) reads what a file says of its columns and gives each the
// exprc type this package's readers read it as. Parquet and Arrow IPC carry
// their schema: each Arrow type maps to the narrowest exprc type the reader
// converts it to losslessly (ArrowSQLType), and a non-nullable (required)
// column is NOT NULL. CSV and JSON lines carry none: the types are inferred
// from a sample of rows (infertext.go), never NOT NULL.

// DefaultSampleRows is how many rows of a CSV or JSON lines file schema
// inference reads by default.
const DefaultSampleRows = 10000

// InferOptions tune InferSchema.
type InferOptions struct {
	// Format is one of InputFormats, or "" for the format of the path's
	// extension (InputFormat).
	Format string
	// SampleRows is how many rows of a text file to read; 0 reads every row.
	SampleRows int64
}

// FileSchema is what InferSchema found: each column of the file in file
// order, and for a text format how much of the file the types rest on.
type FileSchema struct {
	Format  string
	Columns []FileColumn
	// Rows is the number of rows a text format's types were inferred from;
	// Whole says that they are all the file's rows.
	Rows  int64
	Whole bool
}

// FileColumn is one column of a file and the exprc type it reads as.
type FileColumn struct {
	Name string
	// FileType is the column's type as the file declares it (the Arrow type
	// of a Parquet or IPC column); "" for the text formats.
	FileType string
	// Type is the exprc type; valid only when Typed.
	Type  sqltype.Type
	Typed bool
	// NotNull: the file declares the column non-nullable (required).
	NotNull bool
	// Note says why a column has no type (when !Typed), or what a reader of
	// the CREATE TABLE should know about its type ("" when nothing).
	Note string
}

// InferSchema reads the schema of the file at path: the header of a
// Parquet or Arrow IPC file, or a sample of the rows of a CSV or JSON lines
// file (see the package documentation of the rules).
func InferSchema(path string, opts InferOptions) (*FileSchema, error) {
	format := opts.Format
	if format == "" {
		var err error
		if format, err = InputFormat(path); err != nil {
			return nil, err
		}
	} else if !IsInputFormat(format) {
		return nil, fmt.Errorf("unknown data format %q (want %s)", format, InputFormats)
	}
	if opts.SampleRows < 0 {
		return nil, fmt.Errorf("the sample size must not be negative, got %d", opts.SampleRows)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a data file", path)
	}
	var fs *FileSchema
	switch format {
	case "parquet", "arrow":
		var unknown map[string]unknownLogical
		schema, err := decodeGuarded(func() (s *arrow.Schema, err error) {
			s, unknown, err = columnarSchema(f, path, format)
			return s, err
		})
		var dp *decoderPanic
		if errors.As(err, &dp) {
			err = fmt.Errorf("%s: %w", path, err)
		}
		if err != nil {
			return nil, err
		}
		fs = &FileSchema{Format: format}
		for _, fld := range schema.Fields() {
			c := FileColumn{Name: fld.Name, FileType: fld.Type.String(), NotNull: !fld.Nullable}
			c.Type, c.Note, c.Typed = ArrowSQLType(fld.Type)
			if v, ok := fld.Metadata.GetValue(sqltype.IntervalMetaKey); ok && c.Typed {
				// an interval column exprc wrote (in Parquet as its integers)
				if it, err := intervalOfField(fld); err == nil {
					c.Type, c.Note = it, ""
				} else {
					c.Note = "metadata " + sqltype.IntervalMetaKey + "=" + v + " ignored: " + err.Error()
				}
			}
			if u, ok := unknown[fld.Name]; ok {
				c.Type, c.Typed = sqltype.Type{}, false
				c.Note = fmt.Sprintf("a Parquet logical type exprc cannot read (field %d of the LogicalType union)", u.field)
			}
			fs.Columns = append(fs.Columns, c)
		}
	case "csv":
		if fs, err = inferCSV(f, path, opts.SampleRows); err != nil {
			return nil, err
		}
	default:
		if fs, err = inferJSON(f, path, opts.SampleRows); err != nil {
			return nil, err
		}
	}
	if len(fs.Columns) == 0 {
		return nil, fmt.Errorf("%s: the file has no columns", path)
	}
	return fs, nil
}

// columnarSchema reads the Arrow schema of a Parquet or Arrow IPC (file or
// stream) file, as the readers see it, and the Parquet columns whose logical
// type the readers do not know (openFooter).
func columnarSchema(f *os.File, path, format string) (*arrow.Schema, map[string]unknownLogical, error) {
	if format == "parquet" {
		src, _, unknown, err := openFooter(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		pf, err := file.NewParquetReader(src, file.WithReadProps(nil))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: not a readable Parquet file: %w", path, err)
		}
		fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		schema, err := fr.Schema()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		return schema, unknown, nil
	}
	magic := make([]byte, 6)
	n, _ := io.ReadFull(f, magic)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, nil, err
	}
	if n == 6 && string(magic) == "ARROW1" {
		fr, err := ipc.NewFileReader(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: not a readable Arrow IPC file: %w", path, err)
		}
		defer fr.Close()
		return fr.Schema(), nil, nil
	}
	sr, err := ipc.NewReader(bufio.NewReaderSize(f, 1<<16))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: not a readable Arrow IPC file or stream: %w", path, err)
	}
	defer sr.Release()
	return sr.Schema(), nil, nil
}

// ArrowSQLType is the exprc type a Parquet or IPC column of Arrow type dt is
// read as: the narrowest type the readers convert dt to without loss (see the
// package documentation), so that a CREATE TABLE made from a file's schema
// reads every value of the file. ok is false when no exprc type reads dt, and
// note then says so; else note is a caveat or "".
//
//	bool -> BOOLEAN      int8 -> TINYINT     int16, uint8 -> SMALLINT
//	int32, uint16 -> INT int64, uint32, uint64 -> BIGINT (a uint64 value above 2^63-1 is an error)
//	float32 -> FLOAT     float64 -> DOUBLE   string, large_string, string_view -> VARCHAR
//	binary, large_binary, fixed_size_binary, binary_view -> BINARY
//	date32, date64 -> DATE          decimal32/64/128(p, s) -> DECIMAL(p, s)
//	month_interval -> INTERVAL YEAR TO MONTH  duration[s|ms|us|ns] -> INTERVAL DAY TO SECOND
//	(a field with exprc.interval metadata, as exprc writes intervals to Parquet
//	as int32 and int64, takes its interval type from it)
//	map<K, V> -> MAP<K', V'> when K' is VARCHAR, INT or BIGINT (int8 and int16
//	keys widen to INT) and V' is not a MAP (TINYINT and SMALLINT values widen
//	to INT, FLOAT values to DOUBLE: MAPs hold no narrow numbers)
func ArrowSQLType(dt arrow.DataType) (t sqltype.Type, note string, ok bool) {
	switch dt.ID() {
	case arrow.BOOL:
		return sqltype.Type{Kind: sqltype.Boolean}, "", true
	case arrow.INT8:
		return sqltype.Type{Kind: sqltype.Tinyint}, "", true
	case arrow.INT16, arrow.UINT8:
		return sqltype.Type{Kind: sqltype.Smallint}, "", true
	case arrow.INT32, arrow.UINT16:
		return sqltype.Type{Kind: sqltype.Int}, "", true
	case arrow.INT64, arrow.UINT32:
		return sqltype.Type{Kind: sqltype.Bigint}, "", true
	case arrow.UINT64:
		return sqltype.Type{Kind: sqltype.Bigint}, "uint64 read as BIGINT: a value above 9223372036854775807 is an error", true
	case arrow.FLOAT32:
		return sqltype.Type{Kind: sqltype.Float}, "", true
	case arrow.FLOAT64:
		return sqltype.Type{Kind: sqltype.Double}, "", true
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW:
		return sqltype.Type{Kind: sqltype.Varchar}, "", true
	case arrow.BINARY, arrow.LARGE_BINARY, arrow.FIXED_SIZE_BINARY, arrow.BINARY_VIEW:
		return sqltype.Type{Kind: sqltype.Binary}, "", true
	case arrow.DATE32:
		return sqltype.Type{Kind: sqltype.Date}, "", true
	case arrow.TIMESTAMP:
		// any unit (nanoseconds floored to microseconds); Parquet's
		// isAdjustedToUTC = false (no zone) is a wall-clock reading
		if dt.(*arrow.TimestampType).TimeZone == "" {
			return sqltype.Type{Kind: sqltype.TimestampNTZ}, "", true
		}
		return sqltype.Type{Kind: sqltype.Timestamp}, "", true
	case arrow.DATE64:
		return sqltype.Type{Kind: sqltype.Date}, "date64 read as DATE: a value that is not a whole day is an error", true
	case arrow.DECIMAL32, arrow.DECIMAL64, arrow.DECIMAL128:
		d := dt.(arrow.DecimalType)
		p, s := int(d.GetPrecision()), int(d.GetScale())
		if p < 1 || p > 38 || s < 0 || s > p {
			return sqltype.Type{}, fmt.Sprintf("exprc has no DECIMAL(%d,%d): precision 1 to 38, scale 0 to the precision", p, s), false
		}
		return sqltype.Type{Kind: sqltype.Decimal, Precision: p, Scale: s}, "", true
	case arrow.MAP:
		m := dt.(*arrow.MapType)
		k, _, kok := ArrowSQLType(m.KeyType())
		v, _, vok := ArrowSQLType(m.ItemType())
		k, v = mapWide(k), mapWide(v)
		switch {
		case !kok || k.Kind != sqltype.Varchar && k.Kind != sqltype.Int && k.Kind != sqltype.Bigint:
			return sqltype.Type{}, "exprc's MAP keys are VARCHAR, INT or BIGINT", false
		case !vok || v.Kind == sqltype.Map || v.Kind == sqltype.YMInterval || v.Kind == sqltype.DTInterval || v.Kind == sqltype.Binary:
			return sqltype.Type{}, "exprc's MAP values are BOOLEAN, INT, BIGINT, DOUBLE, DECIMAL, VARCHAR or DATE", false
		}
		return sqltype.Type{Kind: sqltype.Map, Key: &k, Value: &v}, "", true
	case arrow.INTERVAL_MONTHS:
		return sqltype.Type{Kind: sqltype.YMInterval, Start: sqltype.FieldYear, End: sqltype.FieldMonth}, "", true
	case arrow.DURATION:
		t := sqltype.Type{Kind: sqltype.DTInterval, Start: sqltype.FieldDay, End: sqltype.FieldSecond}
		switch u := dt.(*arrow.DurationType).Unit; u {
		case arrow.Microsecond:
			return t, "", true
		case arrow.Nanosecond:
			return t, "duration[ns] read as microseconds, floored", true
		default:
			return t, "duration[" + u.String() + "] read as microseconds: a value beyond the range is an error", true
		}
	case arrow.DICTIONARY:
		return sqltype.Type{}, "exprc does not read dictionary-encoded columns yet", false
	}
	return sqltype.Type{}, "exprc has no type for it yet", false
}

// mapWide is the type a MAP key or value of type t is read as: exprc's MAPs
// hold no TINYINT, SMALLINT or FLOAT, so those widen (exactly) to INT and
// DOUBLE, which the readers convert them to.
func mapWide(t sqltype.Type) sqltype.Type {
	switch t.Kind {
	case sqltype.Tinyint, sqltype.Smallint:
		return sqltype.Type{Kind: sqltype.Int}
	case sqltype.Float:
		return sqltype.Type{Kind: sqltype.Double}
	}
	return t
}

// intervalOfField is the interval type of a field with exprc.interval
// metadata: a month_interval or int32 column is YEAR-MONTH, a duration or
// int64 one DAY-TIME.
func intervalOfField(f arrow.Field) (sqltype.Type, error) {
	switch f.Type.ID() {
	case arrow.INT32:
		f.Type = arrow.FixedWidthTypes.MonthInterval
	case arrow.INT64:
		f.Type = arrow.FixedWidthTypes.Duration_us
	}
	return sqltype.OfField(f)
}
