-- The benchmarks' tables: a TPC-H-like lineitem table whose quantities and
-- money are DOUBLE (the benchmarks compare exprc with engines and hand-written
-- loops over float64 buffers; examples/demo/tables.sql has the TPC-H types,
-- DECIMAL(15,2), and bench.sql's Q1Decimal reads them as lineitem_dec), and the
-- seed's events table. bench.sql is compiled with this file; package bench
-- embeds it for the interpreter.

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

-- lineitem_dec: lineitem with TPC-H's types (quantities and money are
-- DECIMAL(15,2)), for Q1Charge's DECIMAL twin.
CREATE TABLE lineitem_dec (
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

-- events_ts: event times (TIMESTAMP, an instant) spread over 2022-2026, for
-- the TIMESTAMP benchmarks of bench/TIMESTAMP.md.
CREATE TABLE events_ts (ts TIMESTAMP);
