-- The demo's tables: a TPC-H-like lineitem table and the seed's events table.
-- The demo queries (lineitem.sql) and the benchmarks (bench/bench.sql) are
-- compiled together with this file; package demo (tables.go) embeds it for the
-- benchmarks' interpreter.

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
