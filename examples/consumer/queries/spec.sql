-- The orders table and the queries the consumer runs over it. Edit this file,
-- then run `go generate ./...` to rewrite exprc_gen.go.

CREATE TABLE orders (
  id       BIGINT NOT NULL,
  customer VARCHAR,
  amount   DOUBLE,
  qty      BIGINT,
  status   VARCHAR,
  placed   DATE
);

-- name: Classify
SELECT id,
       upper(customer) AS customer,
       CASE WHEN amount >= 100 THEN 'large'
            WHEN amount >= 10 THEN 'medium'
            ELSE 'small' END AS size
FROM orders
WHERE status <> 'cancelled';

-- name: Recent
SELECT id, placed, date_add(placed, 30) AS due
FROM orders
WHERE placed >= DATE '2024-01-01' AND status = 'open';

-- name: UnitPrice
SELECT id, amount / qty AS unit_price
FROM orders
WHERE qty IS NOT NULL;
