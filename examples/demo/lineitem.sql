-- Demo spec for `exprc run`: a TPC-H-like lineitem table with the projection of
-- TPC-H Q1 and the filter of Q6, plus the seed's events table and query.
--
--   go run ./examples/demo/gendata            # regenerate lineitem.csv, events.jsonl
--   exprc run examples/demo/lineitem.sql --query Q6Filter \
--       --input lineitem=examples/demo/lineitem.csv

CREATE TABLE lineitem (
    l_orderkey      BIGINT NOT NULL,
    l_partkey       BIGINT,
    l_suppkey       BIGINT,
    l_linenumber    INT,
    l_quantity      DOUBLE,
    l_extendedprice DOUBLE,
    l_discount      DOUBLE,
    l_tax           DOUBLE,
    l_returnflag    VARCHAR,
    l_linestatus    VARCHAR,
    l_shipdate      DATE,
    l_commitdate    DATE,
    l_receiptdate   DATE,
    l_shipinstruct  VARCHAR,
    l_shipmode      VARCHAR,
    l_comment       VARCHAR
);

CREATE TABLE events (x BIGINT, y BIGINT, a BIGINT NOT NULL, info MAP<VARCHAR, VARCHAR>, day DATE, test_info_fixed BOOLEAN);

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
