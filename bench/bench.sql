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

-- A string-heavy CASE chain: every WHEN reads upper(l_shipmode), so CSE computes
-- it once per row; without CSE it is computed once per WHEN reached.
-- name: StringCase
SELECT CASE WHEN upper(l_shipmode) = 'AIR' THEN 1
            WHEN upper(l_shipmode) = 'MAIL' THEN 2
            WHEN upper(l_shipmode) = 'SHIP' THEN 3
            ELSE length(upper(l_shipmode)) END AS mode_rank
FROM lineitem;
