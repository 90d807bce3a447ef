-- The table and queries of the batch-shape and concurrency checks of
-- codegen/robust_test.go.

CREATE TABLE t (
  id BIGINT NOT NULL,
  s  VARCHAR,
  x  BIGINT,
  d  DOUBLE,
  b  BOOLEAN,
  dt DATE,
  i  INT,
  m  MAP<VARCHAR, BIGINT>
);

-- name: Strs
SELECT id, s, length(s) AS len, upper(s) AS up, lower(s) AS low, substring(s, 2, 3) AS sub,
       s || '|' AS cat, trim(s) AS tr, replace(s, 'a', 'bb') AS rep, starts_with(s, 'a') AS sw,
       s LIKE '%a%' AS lk, s RLIKE '^[a-z]+$' AS rl, lpad(s, 4, '*') AS lp,
       CASE WHEN b THEN s WHEN s IS NULL THEN 'none' ELSE 'no' END AS cs
FROM t
WHERE id >= 0;

-- name: Mixed
SELECT id, x + i AS xi, TRY(x * 1000000000000000000) AS big, d * 2 AS d2, NOT b AS nb,
       date_add(dt, i) AS dd, element_at(m, s) AS em, cardinality(m) AS card, m,
       COALESCE(x, i, 0) AS co, IF(x > 0, x, NULL) AS pos, greatest(x, i, id) AS g
FROM t
WHERE b OR x IS NULL OR x > 10;

-- name: Fails
SELECT id, 100 DIV x AS q, m[s] AS ms
FROM t
WHERE i <> 7;

-- name: Direct
-- Conditionals at the root of output columns: on clean batches their fused
-- loops write the Arrow arrays directly (codegen/fuse.go), which the last
-- column's error, or a missing map key, must not leak or corrupt.
SELECT CASE WHEN x > 3 THEN s WHEN b THEN 'yes' ELSE 'no' END AS cs,
       IF(b, x, id) AS ix,
       CASE WHEN m['k'] > 1 THEN d ELSE 0.5 END AS md,
       IF(b, m['k'], -1) AS mk,
       IF(b, i, 7) AS ii,
       IF(b, dt, DATE '2024-01-01') AS idt,
       100 DIV x AS q
FROM t
WHERE id % 3 <> 1;

-- name: Flagged
-- Fused roots whose kernels can fail: a failing row stops the clean loop or
-- is left to the vector code by the rows loop; a guarded one never fails.
SELECT CASE WHEN x <> 4 THEN 100 DIV (x - 4) ELSE -1 END AS lazy,
       IF(b, 100 DIV (x - 4), 0) AS guarded,
       IF(x > 5, (x - 5) * 4611686018427387904, 0) AS big,
       (i + 1) * 3 > 10 AND x DIV (x - 9) <> 7 AS cond
FROM t
WHERE id % 3 <> 1;
