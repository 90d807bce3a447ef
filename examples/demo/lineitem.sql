-- Demo spec for `exprc run`: the projection of TPC-H Q1 and the filter of Q6
-- over lineitem, plus the seed's query over events. The tables are declared in
-- tables.sql, given first:
--
--   go run ./examples/demo/gendata            # regenerate lineitem.csv, events.jsonl
--   exprc run examples/demo/tables.sql examples/demo/lineitem.sql --query Q6Filter \
--       --input lineitem=examples/demo/lineitem.csv

-- name: Q1Projection
SELECT l_returnflag,
       l_linestatus,
       l_quantity,
       l_extendedprice,
       l_extendedprice * (1 - l_discount) AS disc_price,
       l_extendedprice * (1 - l_discount) * (1 + l_tax) AS charge
FROM lineitem
WHERE l_shipdate <= DATE '1998-09-02';

-- name: Q6Filter
SELECT l_extendedprice * l_discount AS revenue
FROM lineitem
WHERE l_shipdate >= DATE '1994-01-01'
  AND l_shipdate < DATE '1995-01-01'
  AND l_discount BETWEEN 0.05 AND 0.07
  AND l_quantity < 24;

-- name: Classify
SELECT IF(x > y, a + 5, (a + 5) DIV 100) AS bucket,
       CASE WHEN info['test'] LIKE '123%' THEN 'FOO'
            WHEN info['test'] LIKE '124%' THEN 'BAR'
            ELSE info['test'] END AS label
FROM events
WHERE day >= DATE '2024-01-01';
