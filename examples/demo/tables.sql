-- The demo's tables: TPC-H's lineitem table, with TPC-H's types (quantities
-- and money are DECIMAL(15,2), so Q1's charge is exact), and the seed's events
-- table. The demo queries (lineitem.sql, subquery.sql) are compiled together
-- with this file; package demo (tables.go) embeds it.

CREATE TABLE lineitem (
    l_orderkey      BIGINT NOT NULL,
    l_partkey       BIGINT,
    l_suppkey       BIGINT,
    l_linenumber    INT,
    l_quantity      DECIMAL(15,2),
    l_extendedprice DECIMAL(15,2),
    l_discount      DECIMAL(15,2),
    l_tax           DECIMAL(15,2),
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
