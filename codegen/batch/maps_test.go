package batch_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/exprc/exprc/codegen/batch"
	"github.com/exprc/exprc/codegen/lower"
	"github.com/exprc/exprc/compiler"
	"github.com/exprc/exprc/compiler/semcases"
	"github.com/exprc/exprc/ir"
	"github.com/exprc/exprc/ir/interp"
	"github.com/exprc/exprc/templates/vec"
)

// mapKeyTypes and mapValueTypes are the MAP key and value types the
// compiler admits.
var (
	mapKeyTypes   = []string{"VARCHAR", "INT", "BIGINT"}
	mapValueTypes = []string{"BOOLEAN", "INT", "BIGINT", "DOUBLE", "VARCHAR", "DATE", "DECIMAL(10,2)"}
)

// mapsSpec is the table and queries of TestMaps: MAP columns of every key
// and value type, read in place and as values, built, concatenated, written
// out and to JSON, and greatest/least over every type greatest takes.
func mapsSpec() string {
	var b strings.Builder
	b.WriteString(`CREATE TABLE t (
  id BIGINT NOT NULL, k INT, a BIGINT, s VARCHAR, u VARCHAR, p BOOLEAN, d DATE, e DATE,
  ti TINYINT, tj TINYINT, si SMALLINT, sj SMALLINT, f FLOAT, g FLOAT, x DOUBLE, y DOUBLE,
  v DECIMAL(10,2), w DECIMAL(10,2), q BOOLEAN`)
	for i, kt := range mapKeyTypes {
		for j, vt := range mapValueTypes {
			fmt.Fprintf(&b, ",\n  c%d%d MAP<%s, %s>", i, j, kt, vt)
		}
	}
	b.WriteString("\n);\n")
	query := func(name, sql string) { fmt.Fprintf(&b, "\n-- name: %s\n%s;\n", name, sql) }
	keys := []string{"'a'", "2", "CAST(3 AS BIGINT)"}
	rowKeys := []string{"s", "k", "a"}
	for i := range mapKeyTypes {
		for j := range mapValueTypes {
			c := fmt.Sprintf("c%d%d", i, j)
			query("maps"+c, fmt.Sprintf(`SELECT %[1]s, IF(p, %[1]s, NULL) AS ifm, COALESCE(%[1]s, map(%[2]s, %[1]s[%[2]s])) AS co,
  cardinality(%[1]s) AS card, to_json(%[1]s) AS js, to_json(IF(q, %[1]s, NULL)) AS js2,
  element_at(%[1]s, %[2]s) AS el, TRY(%[1]s[%[3]s]) AS sub, map_contains_key(%[1]s, %[3]s) AS has,
  element_at(IF(p, %[1]s, NULL), %[3]s) AS el2, cardinality(COALESCE(%[1]s, NULL)) AS card2,
  TRY(map_concat(%[1]s, IF(q, %[1]s, NULL))) AS cat, TRY(map_concat(%[1]s, map(%[2]s, %[1]s[%[3]s]))) AS cat2
FROM t WHERE id %% 7 <> 3`, c, keys[i], rowKeys[i]))
			query("missing"+c, fmt.Sprintf("SELECT %[1]s[%[2]s] AS r FROM t WHERE id > 5", c, rowKeys[i]))
		}
	}
	// a NULL key is NULL_MAP_KEY, a repeated one DUPLICATED_MAP_KEY: TRY
	// keeps the rows
	query("build", `SELECT TRY(map(s, a)) AS m1, TRY(map(s, a, u, k)) AS m2, map('x', v, 'y', NULL) AS m3,
  TRY(map(k, d, 7, e)) AS m4, TRY(map(a, p)) AS m5, TRY(map(s, x)) AS m6, TRY(map(s, u)) AS m7,
  TRY(str_to_map(s)) AS s1, TRY(str_to_map(s, ';', '=')) AS s2, TRY(str_to_map(s, u, ':')) AS s3,
  TRY(str_to_map(s, NULL)) AS s4, TRY(to_json(map(s, v))) AS j1, TRY(map(s, a)[s]) AS l1,
  element_at(map('a', k, 'b', 2), u) AS l2, cardinality(TRY(str_to_map(s))) AS l3,
  IF(p, map('a', a), TRY(map(u, a))) AS i1, CASE WHEN q THEN map(1, s) WHEN p THEN map(2, u) END AS i2
FROM t`)
	query("buildErr", "SELECT map(s, a, u, k) AS r FROM t WHERE id > 3")
	query("strToMapErr", "SELECT str_to_map(s) AS r FROM t WHERE id > 3")
	query("extremes", `SELECT greatest(a, k, 3) AS g1, least(a, k) AS l1, greatest(ti, tj) AS g2, least(ti, tj, si) AS l2,
  greatest(si, sj) AS g3, greatest(f, g) AS g4, least(f, g, x) AS l4, greatest(x, y, 0.5) AS g5, least(x, y) AS l5,
  greatest(s, u) AS g6, least(s, u, 'b') AS l6, greatest(d, e) AS g7, least(d, e) AS l7,
  greatest(v, w) AS g8, least(v, w, 1.5) AS l8, greatest(p, q) AS g9, least(p, q) AS l9,
  TRY(greatest(CAST(s AS INT), CAST(u AS INT))) AS g10, greatest(a, NULL) AS g11, least(ti, NULL, tj) AS l11
FROM t WHERE greatest(k, 0) < 9 OR p`)
	query("extremeErr", "SELECT least(k, CAST(u AS INT), CAST(s AS INT)) AS r FROM t WHERE id > 2")
	return b.String()
}

// TestMaps runs mapsSpec's queries through the batch engine, with and
// without CSE, over random batches whose MAP columns hold NULL maps, empty
// maps, NULL items and repeated keys (which Arrow allows and every engine
// reads as the key's last value at its first position): in batches of 1, 5,
// 64 and 1000 rows it must give the interpreter's text exactly.
func TestMaps(t *testing.T) {
	prog, err := compiler.CompileSources([]string{"maps.sql"}, map[string][]byte{"maps.sql": []byte(mapsSpec())})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := randomBatch(t, prog.Tables[0], 1000, mem)
	defer in.Release()
	for _, q := range prog.Queries {
		ref := func(ctx context.Context, in arrow.RecordBatch, rowBase int64, mem memory.Allocator) (arrow.RecordBatch, error) {
			return interp.Eval(ctx, q, in, rowBase, mem)
		}
		want := result(t, ref, in, int(in.NumRows()), mem)
		for _, noCSE := range []bool{false, true} {
			pq, err := lower.PlanQuery(q, lower.Options{NoCSE: noCSE, Unfused: true})
			if err != nil {
				t.Fatal(err)
			}
			bq, err := batch.Compile(pq)
			if err != nil {
				t.Fatalf("%s: %v", q.Name, err)
			}
			for _, size := range []int{1, 5, 64, 1000} {
				if got := result(t, vec.AtRow(bq.Eval), in, size, mem); got != want {
					t.Errorf("%s (no CSE %v): batch size %d: the batch engine differs from the interpreter\n%s", q.Name, noCSE, size, diff(got, want))
					break
				}
			}
		}
		if strings.HasSuffix(q.Name, "Err") || strings.HasPrefix(q.Name, "missing") {
			if !strings.HasPrefix(want, "error") {
				t.Errorf("%s: no error in the interpreter's output: the case tests nothing", q.Name)
			}
		}
	}
}

// randomBatch is n random rows of table tbl: a sixth of each nullable
// column's values NULL, and a fifth of each map's items.
func randomBatch(t *testing.T, tbl *ir.Table, n int, mem memory.Allocator) arrow.RecordBatch {
	t.Helper()
	r := rand.New(rand.NewPCG(42, 7))
	b := array.NewRecordBuilder(mem, ir.ArrowSchema(tbl.Columns))
	defer b.Release()
	for i := 0; i < n; i++ {
		for j, col := range tbl.Columns {
			if col.Name == "id" {
				b.Field(j).(*array.Int64Builder).Append(int64(i))
				continue
			}
			if err := appendRandom(b.Field(j), r, 6); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.NewRecordBatch()
}

// randomStrings are the VARCHAR values: map keys, texts str_to_map splits
// (with a repeated key), numbers CAST reads.
var randomStrings = []string{"a", "b", "c", "", "zz", "a:1,b:2", "x=1;y=2", "a:1,a:2", "7", "12", ";", "k:v"}

// appendRandom appends a random value to builder b, NULL one time in
// nullOneIn.
func appendRandom(b array.Builder, r *rand.Rand, nullOneIn int) error {
	if r.IntN(nullOneIn) == 0 {
		b.AppendNull()
		return nil
	}
	switch b := b.(type) {
	case *array.BooleanBuilder:
		b.Append(r.IntN(2) == 0)
	case *array.Int8Builder:
		b.Append(int8(r.IntN(11) - 5))
	case *array.Int16Builder:
		b.Append(int16(r.IntN(11) - 5))
	case *array.Int32Builder:
		b.Append(int32(r.IntN(14) - 3))
	case *array.Int64Builder:
		b.Append(int64(r.IntN(14) - 3))
	case *array.Float32Builder:
		b.Append([]float32{-1.5, 0, 0.5, 2, float32(math.NaN()), float32(math.Inf(1)), float32(math.Copysign(0, -1))}[r.IntN(7)])
	case *array.Float64Builder:
		b.Append([]float64{-1.5, 0, 0.5, 2, math.NaN(), math.Inf(-1), math.Copysign(0, -1)}[r.IntN(7)])
	case *array.StringBuilder:
		b.Append(randomStrings[r.IntN(len(randomStrings))])
	case *array.Date32Builder:
		b.Append(arrow.Date32(r.IntN(20000)))
	case *array.Decimal128Builder:
		b.Append(decimal128.FromI64(int64(r.IntN(1001) - 500)))
	case *array.MapBuilder:
		b.Append(true)
		for range r.IntN(6) {
			// keys from a small domain, so that they repeat
			switch kb := b.KeyBuilder().(type) {
			case *array.StringBuilder:
				kb.Append([]string{"a", "b", "c", "zz", "k"}[r.IntN(5)])
			case *array.Int32Builder:
				kb.Append(int32(r.IntN(5)))
			case *array.Int64Builder:
				kb.Append(int64(r.IntN(5)))
			default:
				return fmt.Errorf("no random MAP keys for %T", kb)
			}
			if err := appendRandom(b.ItemBuilder(), r, 5); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("no random values for %T", b)
	}
	return nil
}

// TestMapBoxing checks the per-row path's view of MAP values (a kernel with
// no vector form boxes them): each row of every MAP column of a random batch
// boxes to the interpreter's *ir.MapValue (repeated keys once, at their
// first position, with their last value), and the boxed values set back
// build the column the interpreter reads.
func TestMapBoxing(t *testing.T) {
	prog, err := compiler.CompileSources([]string{"maps.sql"}, map[string][]byte{"maps.sql": []byte(mapsSpec())})
	if err != nil {
		t.Fatal(err)
	}
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	in := randomBatch(t, prog.Tables[0], 300, mem)
	defer in.Release()
	for j, col := range prog.Tables[0].Columns {
		if col.Type.Kind != ir.KindMap {
			continue
		}
		vals, out, err := batch.MapRoundTrip(col.Type, in.Column(j), mem)
		if err != nil {
			t.Fatalf("%s: %v", col.Type, err)
		}
		read, err := interp.ColumnReader(in.Column(j))
		if err != nil {
			t.Fatal(err)
		}
		wantText, err := semcases.ColumnText(in.Column(j))
		if err != nil {
			t.Fatal(err)
		}
		gotText, err := semcases.ColumnText(out)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			if g, w := typed(v), typed(read(i)); g != w {
				t.Errorf("%s row %d: boxed %s, want %s", col.Type, i, g, w)
				break
			}
			if g, w := gotText(i), wantText(i); g != w {
				t.Errorf("%s row %d: built back %s, want %s", col.Type, i, g, w)
				break
			}
		}
		out.Release()
	}
}

// typed is boxed value x with the Go type of each part (NaN equals NaN).
func typed(x any) string {
	m, ok := x.(*ir.MapValue)
	if !ok {
		return fmt.Sprintf("%T(%v)", x, x)
	}
	var b strings.Builder
	for i, k := range m.Keys {
		fmt.Fprintf(&b, "%s: %s, ", typed(k), typed(m.Values[i]))
	}
	return b.String()
}
