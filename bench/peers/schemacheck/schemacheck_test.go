package schemacheck

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2" // database/sql driver "duckdb"
)

// table is the DuckDB table the test writes: every SQL type exprc has
// (BOOLEAN, TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT, DOUBLE, VARCHAR, DATE,
// DECIMAL of 64- and 128-bit precisions, MAP(VARCHAR, VARCHAR)), types exprc
// reads as a wider one (UTINYINT, USMALLINT, UINTEGER) and DuckDB's
// TIMESTAMP (exprc's TIMESTAMP_NTZ), with a NULL in every column and edge values.
const table = `CREATE TABLE t (
	b BOOLEAN, i INTEGER, n BIGINT, d DOUBLE, s VARCHAR, day DATE,
	dec9 DECIMAL(9,2), dec18 DECIMAL(18,4), dec38 DECIMAL(38,10), m MAP(VARCHAR, VARCHAR),
	ti TINYINT, si SMALLINT, ut UTINYINT, us USMALLINT, ui UINTEGER, f FLOAT, ts TIMESTAMP);
INSERT INTO t VALUES
	(true, -2147483648, 9223372036854775807, 1.5, 'héllo, "world"' || chr(10) || 'line2', DATE '2024-02-29',
	 12.50, 12345678901234.5678, 1234567890123456789012345678.0123456789, MAP {'k': 'v', 'a': 'b'},
	 -128, -32768, 255, 65535, 4294967295, 1.5, TIMESTAMP '2024-01-02 03:04:05'),
	(false, 2147483647, -9223372036854775808, -2.25e-300, '日本語 😀', DATE '1970-01-01',
	 -9999999.99, -0.0001, -1, MAP {},
	 127, 32767, 0, 0, 0, -2.25, TIMESTAMP '1970-01-01 00:00:00'),
	(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
	(true, 0, 42, 1e300, '', DATE '0001-01-01',
	 0.01, 1, 0.0000000001, MAP {'é': 'x y'},
	 0, 0, 1, 1, 1, 1024, NULL),
	(false, -7, -1, 0.1, 'NULL', DATE '9999-12-31',
	 0, -99999999999999.9999, 9999999999999999999999999999.9999999999, NULL,
	 1, 2, 3, 4, 5, 0, NULL);`

// TestDuckDBFiles is `exprc schema` then `exprc run` of SELECT * over the
// Parquet and CSV files DuckDB writes of table, compared with DuckDB's own
// reading of each file (read_parquet; read_csv with its type detection, and
// allow_quoted_nulls off so that "", which DuckDB writes for the empty
// string, is the empty string, as in exprc).
func TestDuckDBFiles(t *testing.T) {
	dir := t.TempDir()
	exprc := filepath.Join(dir, "exprc")
	build := exec.Command("go", "build", "-o", exprc, "./cmd/exprc")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/exprc: %v\n%s", err, out)
	}

	ctx := context.Background()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	pq, csv := filepath.Join(dir, "t.parquet"), filepath.Join(dir, "t.csv")
	for _, s := range []string{
		table,
		"COPY t TO '" + pq + "' (FORMAT parquet)",
		"COPY t TO '" + csv + "' (FORMAT csv, HEADER true)",
	} {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	query := filepath.Join(dir, "q.sql")
	if err := os.WriteFile(query, []byte("-- name: q\nSELECT * FROM t;\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		file, reader string
		types        []string // lines the CREATE TABLE must hold
		left         []string // columns it must leave out
	}{
		{pq, "read_parquet('" + pq + "')", []string{
			"  b BOOLEAN,", "  i INT,", "  n BIGINT,", "  d DOUBLE,", "  s VARCHAR,", "  day DATE,",
			"  dec9 DECIMAL(9,2),", "  dec18 DECIMAL(18,4),", "  dec38 DECIMAL(38,10),", "  m MAP<VARCHAR, VARCHAR>,",
			"  ti TINYINT,", "  si SMALLINT,", "  ut SMALLINT,", "  us INT,", "  ui BIGINT,", "  f FLOAT,", "  ts TIMESTAMP_NTZ",
		}, nil},
		{csv, "read_csv('" + csv + "', allow_quoted_nulls = false)", []string{
			"  b BOOLEAN,", "  i BIGINT,", "  n BIGINT,", "  d DOUBLE,", "  s VARCHAR,", "  day DATE,",
			"  dec9 DOUBLE,", "  dec18 DOUBLE,", "  dec38 DOUBLE,", "  m VARCHAR,", "  f DOUBLE,", "  ts VARCHAR",
		}, nil},
	} {
		t.Run(filepath.Ext(c.file), func(t *testing.T) {
			schema := run(t, exprc, "schema", "--table", "t", c.file)
			for _, l := range c.types {
				if !strings.Contains(schema, l+"\n") {
					t.Errorf("no line %q in:\n%s", l, schema)
				}
			}
			for _, l := range c.left {
				if !strings.Contains(schema, "-- column "+l+" left out") {
					t.Errorf("column %s is not left out:\n%s", l, schema)
				}
			}
			spec := c.file + ".sql"
			if err := os.WriteFile(spec, []byte(schema), 0o644); err != nil {
				t.Fatal(err)
			}
			got := run(t, exprc, "run", spec, query, "-q", "q", "--input", "t="+c.file, "--engine", "interp")
			want := duckRows(t, conn, c.reader)
			compareRows(t, got, want, c.left)
			if strings.HasSuffix(c.file, ".parquet") {
				// No CREATE TABLE: exprc infers the same one.
				if inf := run(t, exprc, "run", query, "-q", "q", "--input", "t="+c.file, "--engine", "interp"); inf != got {
					t.Errorf("exprc run inferring the table gives\n%s\nwant\n%s", inf, got)
				}
			}
		})
	}
}

// run runs the exprc binary and returns its stdout; it must succeed.
func run(t *testing.T, exprc string, args ...string) string {
	t.Helper()
	cmd := exec.Command(exprc, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("exprc %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// duckRows is each row DuckDB reads from the file, as JSON (to_json).
func duckRows(t *testing.T, conn *sql.Conn, reader string) []string {
	t.Helper()
	rows, err := conn.QueryContext(context.Background(), "SELECT to_json(r)::VARCHAR FROM "+reader+" AS r")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// compareRows compares exprc's JSON lines with DuckDB's rows: the same
// columns (but those left out) with the same values.
func compareRows(t *testing.T, got string, want []string, left []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("exprc gives %d rows, DuckDB %d:\n%s", len(lines), len(want), got)
	}
	for i := range want {
		g, w := decode(t, lines[i]), decode(t, want[i])
		for _, l := range left {
			if _, ok := g[l]; ok {
				t.Errorf("row %d: column %s is not left out", i, l)
			}
			delete(w, l)
		}
		if len(g) != len(w) {
			t.Errorf("row %d: exprc has %d columns, DuckDB %d:\n%s\n%s", i, len(g), len(w), lines[i], want[i])
		}
		for k, wv := range w {
			gv, ok := g[k]
			if s, isText := gv.(string); isText && k == "ts" {
				gv = wallClock(s)
			}
			if !ok || !same(gv, wv) {
				t.Errorf("row %d column %s: exprc %v, DuckDB %v", i, k, gv, wv)
			}
		}
	}
}

// wallClock is exprc's JSON text of a TIMESTAMP_NTZ (Spark's default,
// 2024-01-02T03:04:05.000) as DuckDB's to_json writes a TIMESTAMP
// (2024-01-02 03:04:05).
func wallClock(s string) string {
	return strings.TrimSuffix(strings.Replace(s, "T", " ", 1), ".000")
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return m
}

// same reports whether two JSON values are equal: numbers by value (the same
// exact number, or else the same double), objects key by key.
func same(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, xok := new(big.Rat).SetString(a.String())
		y, yok := new(big.Rat).SetString(b.String())
		if xok && yok && x.Cmp(y) == 0 {
			return true
		}
		fa, err1 := a.Float64()
		fb, err2 := b.Float64()
		return err1 == nil && err2 == nil && fa == fb
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !same(v, w) {
				return false
			}
		}
		return true
	}
	return a == b
}
