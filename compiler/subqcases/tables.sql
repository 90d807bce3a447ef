-- The tables of the subquery cases (compiler/subqcases): t is the outer
-- table, the others are read by subqueries. Their rows are in data.go.
CREATE TABLE t (k BIGINT NOT NULL, a BIGINT, b BIGINT, x DOUBLE, s VARCHAR);
CREATE TABLE nums (v BIGINT, w BIGINT, g BIGINT);
CREATE TABLE nonull (v BIGINT);
CREATE TABLE withnull (v BIGINT);
CREATE TABLE onlynull (v BIGINT);
CREATE TABLE empty (v BIGINT);
CREATE TABLE one (v BIGINT);
CREATE TABLE two (v BIGINT);
CREATE TABLE zeros (v BIGINT, d BIGINT);
CREATE TABLE big (v BIGINT);
CREATE TABLE dbl (v DOUBLE);
CREATE TABLE words (s VARCHAR, n INT);
CREATE TABLE maps (id BIGINT, m MAP<VARCHAR, BIGINT>);
CREATE TABLE dates (d DATE, p BOOLEAN);
CREATE TABLE decs (g BIGINT, v DECIMAL(5, 2), w DECIMAL(38, 0));
