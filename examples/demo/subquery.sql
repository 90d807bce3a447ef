-- Subqueries over the demo's lineitem table (examples/demo/tables.sql). The
-- same file is the outer table and the inner one:
--
--   exprc run examples/demo/tables.sql examples/demo/subquery.sql --query LineContext \
--     --input lineitem=examples/demo/lineitem.csv

-- name: LineContext
-- Each line against its order and the whole table: TPC-H Q17's "small
-- quantity" test as a correlated average, the order's line count (an
-- equality correlation, a keyed table), how many lines shipped strictly
-- earlier (one inequality, a sorted array), and whether the line's part was
-- ever returned (an uncorrelated IN, a hash set). The averages are exact, of
-- the DECIMAL(15,2) columns: avg is DECIMAL(19,6), and 0.2 * avg DECIMAL(21,7).
SELECT l_orderkey, l_linenumber,
       l_quantity < (SELECT 0.2 * avg(l2.l_quantity) FROM lineitem l2 WHERE l2.l_partkey = lineitem.l_partkey) AS small_quantity,
       (SELECT count(*) FROM lineitem l2 WHERE l2.l_orderkey = lineitem.l_orderkey) AS lines_in_order,
       (SELECT count(*) FROM lineitem l2 WHERE l2.l_shipdate < lineitem.l_shipdate) AS shipped_before,
       l_partkey IN (SELECT l_partkey FROM lineitem WHERE l_returnflag = 'R') AS part_returned,
       l_extendedprice > (SELECT avg(l_extendedprice) FROM lineitem) AS above_average
FROM lineitem
WHERE l_quantity > (SELECT min(l_quantity) FROM lineitem);
