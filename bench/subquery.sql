-- Subquery benchmark spec (bench/subquery, SUBQUERY.md): one query per settled
-- form of compiler/settle, over an outer table facts and an inner table dims
-- (rows: FactsBatch and DimsTables in bench/subquery_data.go). Compiled into
-- generated/benchsubq by `go generate ./generated`.
CREATE TABLE facts (id BIGINT NOT NULL, code BIGINT, k BIGINT, v BIGINT);
CREATE TABLE dims (code BIGINT, k BIGINT, v BIGINT);

-- Uncorrelated IN: a hash set of dims.code built once, probed per outer row.
-- name: InProbe
SELECT code IN (SELECT code FROM dims) AS hit FROM facts;

-- The same set as a filter (a semi-join): the rows whose code is in dims.
-- name: InFilter
SELECT id FROM facts WHERE code IN (SELECT code FROM dims);

-- Correlated by one equality: a table keyed by dims.k (count per key) built
-- once, one lookup per outer row.
-- name: EqCount
SELECT (SELECT count(*) FROM dims d WHERE d.k = facts.k) AS n FROM facts;

-- Correlated by one inequality: dims.v sorted with prefix counts, one binary
-- search per outer row.
-- name: IneqCount
SELECT (SELECT count(*) FROM dims d WHERE d.v < facts.v) AS n FROM facts;

-- IneqCount's twin that the settler cannot sort: facts.v - d.v > 0 mixes the
-- inner and the outer side in one expression, so every candidate is tested
-- per outer row (form loop). Same result as IneqCount (v never overflows).
-- name: IneqCountLoop
SELECT (SELECT count(*) FROM dims d WHERE facts.v - d.v > 0) AS n FROM facts;
