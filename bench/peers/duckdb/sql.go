//go:build duckdb_arrow

package duckdb

// The queries of bench/bench.sql in DuckDB's dialect. They differ from
// bench.sql only where DuckDB's dialect or typing differs, so that DuckDB
// computes the same IEEE operations on the same types in the same order:
//
//   - A literal with a decimal point is DOUBLE in exprc but DECIMAL in
//     DuckDB; each is written 0.05::DOUBLE. (An integer literal such as the
//     1 of 1 - l_discount is INTEGER in both; DuckDB converts it to DOUBLE
//     exactly, as exprc does.) Without the casts w37's IF(..., 1.0, 0.0)
//     would be DECIMAL(2,1).
//   - a DIV b is a // b (integer division truncating toward zero in both).
//   - concat(a, b, ...) is a || b || ...: DuckDB's concat skips NULL
//     arguments, its || is strict like exprc's concat.
//
// Everything else (IF, CASE, COALESCE, TRY, LIKE, upper, substring,
// info['test'], DATE literals, BETWEEN) is the same SQL.
var sqls = map[string]string{
	"Q1Projection": `SELECT l_returnflag,
       l_linestatus,
       l_quantity,
       l_extendedprice,
       l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem
WHERE l_shipdate <= DATE '1998-09-02'`,

	"Q1NoWhere": `SELECT l_returnflag,
       l_linestatus,
       l_quantity,
       l_extendedprice,
       l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem`,

	"Q6Filter": `SELECT l_extendedprice * l_discount AS revenue
FROM lineitem
WHERE l_shipdate >= DATE '1994-01-01'
  AND l_shipdate < DATE '1995-01-01'
  AND l_discount BETWEEN 0.05::DOUBLE AND 0.07::DOUBLE
  AND l_quantity < 24`,

	"SeedIf": `SELECT IF(x > y, a + 5, (a + 5) // 100) AS bucket
FROM events`,

	"SeedCase": `SELECT CASE WHEN list_filter(info, lambda e: e.key = 'test')[-1].value LIKE '123%' THEN 'FOO'
            WHEN list_filter(info, lambda e: e.key = 'test')[-1].value LIKE '124%' THEN 'BAR'
            WHEN list_filter(info, lambda e: e.key = 'test')[-1].value LIKE '125%' THEN 'BAZ'
            ELSE list_filter(info, lambda e: e.key = 'test')[-1].value END AS label
FROM events`,

	"StringCase": `SELECT CASE WHEN upper(l_shipmode) LIKE '%AIR' THEN substring(l_shipinstruct, 1, 7) || '/' || upper(l_shipmode)
            WHEN l_comment LIKE '%special%' THEN l_returnflag || l_linestatus || '-' || substring(l_comment, 1, 12)
            ELSE upper(l_shipmode) END AS label
FROM lineitem`,

	"NullHeavy": `SELECT l_extendedprice * (1 - l_discount) AS disc_price,
       COALESCE(l_tax, 0.0::DOUBLE) + l_discount AS rate,
       l_partkey + l_suppkey AS keysum,
       l_quantity > 25 AS big,
       IF(l_shipdate < l_commitdate, l_quantity, -l_quantity) AS signed_qty
FROM lineitem`,

	"ErrorGuarded": `SELECT CASE WHEN y <> 0 THEN a // y END AS per_y,
       TRY(a // x) AS per_x,
       TRY(x * y * 1000000000000000) AS scaled
FROM events`,

	"DeepArith": `SELECT ((l_extendedprice * (1 - l_discount) * (1 + l_tax) - l_quantity * 0.5::DOUBLE) / (l_quantity + 1)
        + (l_tax - l_discount) * 100 - l_extendedprice / 1000) * 1.07::DOUBLE
       + (l_quantity - 25) * (l_quantity - 25) / 50 - l_discount * l_tax * 3
       + (l_extendedprice - l_quantity * 900) / (l_tax + 2) AS score
FROM lineitem`,

	"Wide": `SELECT (l_extendedprice * (1 - l_discount)) * 1.01::DOUBLE AS w01,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount)) AS w02,
       (l_extendedprice * (1 - l_discount)) + l_quantity * 2 AS w03,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) / (l_quantity + 1) AS w04,
       IF((l_extendedprice * (1 - l_discount)) > 50000, (l_extendedprice * (1 - l_discount) * (1 + l_tax)), (l_extendedprice * (1 - l_discount))) AS w05,
       (l_extendedprice * (1 - l_discount)) - l_extendedprice AS w06,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * l_tax AS w07,
       (l_extendedprice * (1 - l_discount)) * l_discount AS w08,
       ((l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount))) / (l_tax + 1) AS w09,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) + l_quantity AS w10,
       (l_extendedprice * (1 - l_discount)) / (l_quantity + 2) AS w11,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 0.97::DOUBLE - (l_extendedprice * (1 - l_discount)) * 0.03::DOUBLE AS w12,
       l_quantity * (l_extendedprice * (1 - l_discount)) / 100 AS w13,
       IF(l_quantity < 25, (l_extendedprice * (1 - l_discount)), (l_extendedprice * (1 - l_discount) * (1 + l_tax))) AS w14,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - l_quantity * 3 AS w15,
       (l_extendedprice * (1 - l_discount)) * (1 + l_discount) AS w16,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * (1 - l_tax) AS w17,
       ((l_extendedprice * (1 - l_discount)) + (l_extendedprice * (1 - l_discount) * (1 + l_tax))) / 2 AS w18,
       (l_extendedprice * (1 - l_discount)) * (l_extendedprice * (1 - l_discount)) / 1000000 AS w19,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - l_extendedprice AS w20,
       (l_extendedprice * (1 - l_discount)) - l_quantity AS w21,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 1.05::DOUBLE AS w22,
       (l_extendedprice * (1 - l_discount)) + (l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS w23,
       IF(l_discount > 0.05::DOUBLE, (l_extendedprice * (1 - l_discount) * (1 + l_tax)), (l_extendedprice * (1 - l_discount))) * 2 AS w24,
       (l_extendedprice * (1 - l_discount)) / (l_tax + 1) AS w25,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) / (l_discount + 1) AS w26,
       (l_extendedprice * (1 - l_discount)) * l_tax + (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * l_discount AS w27,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount)) * 0.5::DOUBLE AS w28,
       (l_extendedprice * (1 - l_discount)) + 100 AS w29,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - 100 AS w30,
       (l_extendedprice * (1 - l_discount)) * 3 - (l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS w31,
       ((l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount))) * l_quantity AS w32,
       (l_extendedprice * (1 - l_discount)) / 7 AS w33,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) / 11 AS w34,
       (l_extendedprice * (1 - l_discount)) * 0.9::DOUBLE + l_tax AS w35,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 0.8::DOUBLE + l_discount AS w36,
       IF((l_extendedprice * (1 - l_discount) * (1 + l_tax)) > (l_extendedprice * (1 - l_discount)) * 1.05::DOUBLE, 1.0::DOUBLE, 0.0::DOUBLE) AS w37,
       (l_extendedprice * (1 - l_discount)) - (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * l_tax AS w38,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) + (l_extendedprice * (1 - l_discount)) * l_discount AS w39,
       (l_extendedprice * (1 - l_discount)) * (l_quantity + 1) AS w40
FROM lineitem`,
}

// tableName is the name of the view a data set is registered as: the table
// of bench.sql whose schema it has.
func tableName(dataSet string) string {
	switch dataSet {
	case "lineitem", "lineitem_half":
		return "lineitem"
	}
	return "events"
}

// identifiers returns the identifiers of sql outside its string literals:
// the query reads the input columns with those names.
func identifiers(sql string) map[string]bool {
	ids := map[string]bool{}
	for i := 0; i < len(sql); {
		c := sql[i]
		switch {
		case c == '\'':
			i++
			for i < len(sql) && sql[i] != '\'' {
				i++
			}
			i++
		case c == '_' || 'a' <= c|0x20 && c|0x20 <= 'z':
			j := i
			for j < len(sql) && (sql[j] == '_' || 'a' <= sql[j]|0x20 && sql[j]|0x20 <= 'z' || '0' <= sql[j] && sql[j] <= '9') {
				j++
			}
			ids[sql[i:j]] = true
			i = j
		default:
			i++
		}
	}
	return ids
}
