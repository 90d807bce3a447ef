-- Subqueries over tables and columns named like the locals of the generated
-- prepared form (p, n, in, ctx, batch, group, cands, rows...): generated/doc.go
-- builds it so that a name collision fails the build.
CREATE TABLE `in` (p BIGINT, n BIGINT, ctx BIGINT, mem BIGINT, `batch` BIGINT, `group` BIGINT, value BIGINT, `null` BIGINT, sel BIGINT, cands BIGINT, stop BIGINT, e BIGINT, rows BIGINT, `all` BIGINT, tables BIGINT);
CREATE TABLE `p` (p BIGINT, n BIGINT, ctx BIGINT, `in` BIGINT, cands BIGINT, rows BIGINT);
-- name: p
SELECT (SELECT count(*) FROM `p` x WHERE x.p + `in`.n > x.n) AS loop1,
       (SELECT sum(x.n) FROM `p` x WHERE x.p = `in`.p AND x.ctx = `in`.ctx) AS keyed,
       (SELECT max(x.rows) FROM `p` x WHERE x.cands < `in`.cands) AS sorted,
       n IN (SELECT x.`in` FROM `p` x WHERE x.rows > 0) AS setin,
       (SELECT min(mem) FROM `in` AS i2) AS once
FROM `in`;
-- name: Other
SELECT p FROM `in`;
