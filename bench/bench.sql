-- Benchmark spec (package bench): the queries of the code-generation issue's
-- benchmarks, compiled with the demo's tables (examples/demo/tables.sql) into
-- generated/bench (package benchq) by `go generate ./generated`.

-- name: Q1Projection
SELECT l_returnflag,
       l_linestatus,
       l_quantity,
       l_extendedprice,
       l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem
WHERE l_shipdate <= DATE '1998-09-02';

-- name: Q1NoWhere
SELECT l_returnflag,
       l_linestatus,
       l_quantity,
       l_extendedprice,
       l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem;

-- name: Q6Filter
SELECT l_extendedprice * l_discount AS revenue
FROM lineitem
WHERE l_shipdate >= DATE '1994-01-01'
  AND l_shipdate < DATE '1995-01-01'
  AND l_discount BETWEEN 0.05 AND 0.07
  AND l_quantity < 24;

-- name: SeedIf
SELECT IF(x > y, a + 5, (a + 5) DIV 100) AS bucket
FROM events;

-- name: SeedCase
SELECT CASE WHEN info['test'] LIKE '123%' THEN 'FOO'
            WHEN info['test'] LIKE '124%' THEN 'BAR'
            WHEN info['test'] LIKE '125%' THEN 'BAZ'
            ELSE info['test'] END AS label
FROM events;

-- A string CASE: LIKE, concat, substring and upper. upper(l_shipmode) is read by
-- the first WHEN and by two results, so CSE computes it once per row.
-- name: StringCase
SELECT CASE WHEN upper(l_shipmode) LIKE '%AIR' THEN concat(substring(l_shipinstruct, 1, 7), '/', upper(l_shipmode))
            WHEN l_comment LIKE '%special%' THEN concat(l_returnflag, l_linestatus, '-', substring(l_comment, 1, 12))
            ELSE upper(l_shipmode) END AS label
FROM lineitem;

-- A projection over data where half of every nullable column is NULL (the
-- benchmarks run it on lineitem with a 50% NULL rate): arithmetic, COALESCE,
-- a comparison and an IF, each NULL where an input is.
-- name: NullHeavy
SELECT l_extendedprice * (1 - l_discount) AS disc_price,
       COALESCE(l_tax, 0.0) + l_discount AS rate,
       l_partkey + l_suppkey AS keysum,
       l_quantity > 25 AS big,
       IF(l_shipdate < l_commitdate, l_quantity, -l_quantity) AS signed_qty
FROM lineitem;

-- Errors guarded on the rows that would raise them: a CASE that divides only
-- where the divisor is not zero, TRY over a division by a column that is
-- sometimes zero, and TRY over a product that often overflows BIGINT.
-- name: ErrorGuarded
SELECT CASE WHEN y <> 0 THEN a DIV y END AS per_y,
       TRY(a DIV x) AS per_x,
       TRY(x * y * 1000000000000000) AS scaled
FROM events;

-- A deep arithmetic chain: one DOUBLE result of 27 operators over four columns.
-- name: DeepArith
SELECT ((l_extendedprice * (1 - l_discount) * (1 + l_tax) - l_quantity * 0.5) / (l_quantity + 1)
        + (l_tax - l_discount) * 100 - l_extendedprice / 1000) * 1.07
       + (l_quantity - 25) * (l_quantity - 25) / 50 - l_discount * l_tax * 3
       + (l_extendedprice - l_quantity * 900) / (l_tax + 2) AS score
FROM lineitem;

-- A wide projection: 40 columns over the two shared subexpressions of TPC-H Q1,
-- disc_price = l_extendedprice * (1 - l_discount) and
-- charge = disc_price * (1 + l_tax), written out in each column as a user would.
-- name: Wide
SELECT (l_extendedprice * (1 - l_discount)) * 1.01 AS w01,
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
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 0.97 - (l_extendedprice * (1 - l_discount)) * 0.03 AS w12,
       l_quantity * (l_extendedprice * (1 - l_discount)) / 100 AS w13,
       IF(l_quantity < 25, (l_extendedprice * (1 - l_discount)), (l_extendedprice * (1 - l_discount) * (1 + l_tax))) AS w14,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - l_quantity * 3 AS w15,
       (l_extendedprice * (1 - l_discount)) * (1 + l_discount) AS w16,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * (1 - l_tax) AS w17,
       ((l_extendedprice * (1 - l_discount)) + (l_extendedprice * (1 - l_discount) * (1 + l_tax))) / 2 AS w18,
       (l_extendedprice * (1 - l_discount)) * (l_extendedprice * (1 - l_discount)) / 1000000 AS w19,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - l_extendedprice AS w20,
       (l_extendedprice * (1 - l_discount)) - l_quantity AS w21,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 1.05 AS w22,
       (l_extendedprice * (1 - l_discount)) + (l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS w23,
       IF(l_discount > 0.05, (l_extendedprice * (1 - l_discount) * (1 + l_tax)), (l_extendedprice * (1 - l_discount))) * 2 AS w24,
       (l_extendedprice * (1 - l_discount)) / (l_tax + 1) AS w25,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) / (l_discount + 1) AS w26,
       (l_extendedprice * (1 - l_discount)) * l_tax + (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * l_discount AS w27,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount)) * 0.5 AS w28,
       (l_extendedprice * (1 - l_discount)) + 100 AS w29,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) - 100 AS w30,
       (l_extendedprice * (1 - l_discount)) * 3 - (l_extendedprice * (1 - l_discount) * (1 + l_tax)) AS w31,
       ((l_extendedprice * (1 - l_discount) * (1 + l_tax)) - (l_extendedprice * (1 - l_discount))) * l_quantity AS w32,
       (l_extendedprice * (1 - l_discount)) / 7 AS w33,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) / 11 AS w34,
       (l_extendedprice * (1 - l_discount)) * 0.9 + l_tax AS w35,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * 0.8 + l_discount AS w36,
       IF((l_extendedprice * (1 - l_discount) * (1 + l_tax)) > (l_extendedprice * (1 - l_discount)) * 1.05, 1.0E0, 0.0E0) AS w37,
       (l_extendedprice * (1 - l_discount)) - (l_extendedprice * (1 - l_discount) * (1 + l_tax)) * l_tax AS w38,
       (l_extendedprice * (1 - l_discount) * (1 + l_tax)) + (l_extendedprice * (1 - l_discount)) * l_discount AS w39,
       (l_extendedprice * (1 - l_discount)) * (l_quantity + 1) AS w40
FROM lineitem;

-- TPC-H Q1's money, in DOUBLE and in DECIMAL: the same generated code's cost
-- of exact arithmetic (bench/decimal_test.go). On DECIMAL(15,2), disc_price is
-- DECIMAL(32,4) and charge DECIMAL(38,6).
-- name: Q1Charge
SELECT l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem;

-- name: Q1ChargeDecimal
SELECT l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem_dec;

-- TPC-H Q6 on DECIMAL(15,2): the filter compares DECIMALs with the literals
-- 0.05, 0.07 and 24 (each at the column's scale), and the revenue is
-- DECIMAL(31,4) (bench/decimal_test.go, beside Q6Filter's DOUBLE).
-- name: Q6FilterDecimal
SELECT l_extendedprice * l_discount AS revenue
FROM lineitem_dec
WHERE l_shipdate >= DATE '1994-01-01'
  AND l_shipdate < DATE '1995-01-01'
  AND l_discount BETWEEN 0.05 AND 0.07
  AND l_quantity < 24;

-- The TIMESTAMP benchmarks (bench/timestamp_test.go, bench/TIMESTAMP.md):
-- field extraction, truncation, interval arithmetic and formatting over
-- events_ts, in UTC and in Europe/Paris (a zone with summer time). These
-- come last: SET TIME ZONE holds for the queries after it.
SET TIME ZONE 'UTC';

-- name: TsHourUTC
SELECT hour(ts) AS h FROM events_ts;

-- name: TsTruncHourUTC
SELECT date_trunc('hour', ts) AS t FROM events_ts;

-- name: TsPlusDayUTC
SELECT ts + INTERVAL 1 DAY AS t FROM events_ts;

-- name: TsFormatUTC
SELECT date_format(ts, 'yyyy-MM-dd HH:mm') AS s FROM events_ts;

SET TIME ZONE 'Europe/Paris';

-- name: TsHourParis
SELECT hour(ts) AS h FROM events_ts;

-- name: TsTruncHourParis
SELECT date_trunc('hour', ts) AS t FROM events_ts;

-- name: TsPlusDayParis
SELECT ts + INTERVAL 1 DAY AS t FROM events_ts;

-- name: TsFormatParis
SELECT date_format(ts, 'yyyy-MM-dd HH:mm') AS s FROM events_ts;
