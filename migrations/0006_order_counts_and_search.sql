-- Issue 7: the staff order list at a million orders (docs/decisions/0010-order-counts.md,
-- 0011-order-search.md). Totals per status come from counters the database keeps in the same
-- transaction as the writes; text search uses trigram indexes.

-- ---- Order counts per customer and status ----

-- Every change to an order's status or customer appends its +1/-1 here, in the writer's own
-- transaction (statement triggers below). Appending takes no shared row lock, so concurrent
-- order placements never queue on a counter row and never deadlock on one.
CREATE TABLE order_count_deltas (
  delta_id    bigserial PRIMARY KEY,
  customer_id integer NOT NULL,
  status      text NOT NULL,
  delta       integer NOT NULL
);
CREATE INDEX order_count_deltas_customer_idx ON order_count_deltas (customer_id, status);

-- The compacted counts: one row per customer and status, and customer_id 0 for all customers.
-- A count is n here plus the deltas not yet folded in; only compact_order_counts() writes here.
CREATE TABLE order_counts (
  customer_id integer NOT NULL,
  status      text NOT NULL CHECK (status IN ('Pending', 'Scheduled', 'In Transit', 'Delivered', 'Cancelled')),
  -- no CHECK (n >= 0): an upsert checks the proposed row (a negative delta) before the conflict
  n           bigint NOT NULL,
  PRIMARY KEY (customer_id, status)
);

CREATE FUNCTION orders_count_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_count_deltas (customer_id, status, delta)
  SELECT customer_id, status, count(*) FROM new_rows GROUP BY customer_id, status;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION orders_count_deleted() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_count_deltas (customer_id, status, delta)
  SELECT customer_id, status, -count(*) FROM old_rows GROUP BY customer_id, status;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION orders_count_updated() RETURNS trigger AS $$
BEGIN
  INSERT INTO order_count_deltas (customer_id, status, delta)
  SELECT customer_id, status, sum(delta) FROM (
    SELECT o.customer_id, o.status, -1 AS delta
      FROM old_rows o JOIN new_rows n USING (order_id)
     WHERE (o.customer_id, o.status) IS DISTINCT FROM (n.customer_id, n.status)
    UNION ALL
    SELECT n.customer_id, n.status, 1
      FROM old_rows o JOIN new_rows n USING (order_id)
     WHERE (o.customer_id, o.status) IS DISTINCT FROM (n.customer_id, n.status)) x
  GROUP BY customer_id, status
  HAVING sum(delta) <> 0;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_count_inserted();
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_count_deleted();
CREATE TRIGGER orders_count_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_count_updated();

-- Folds the deltas into order_counts (one compaction at a time; a second caller skips). A
-- reader's single statement sees either the deltas or their fold, never both or neither.
CREATE FUNCTION compact_order_counts() RETURNS bigint AS $$
DECLARE
  folded bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7006001) THEN
    RETURN 0;
  END IF;
  WITH gone AS (DELETE FROM order_count_deltas RETURNING customer_id, status, delta),
  per AS (
    SELECT customer_id, status, sum(delta) AS d FROM gone GROUP BY customer_id, status
    UNION ALL
    SELECT 0, status, sum(delta) FROM gone GROUP BY status)
  INSERT INTO order_counts AS c (customer_id, status, n)
  SELECT customer_id, status, sum(d) FROM per GROUP BY customer_id, status
  ON CONFLICT (customer_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  GET DIAGNOSTICS folded = ROW_COUNT;
  RETURN folded;
END
$$ LANGUAGE plpgsql;

-- Recounts everything from the orders (migration, bulk loads that bypass triggers).
CREATE FUNCTION rebuild_order_counts() RETURNS void AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7006001);
  DELETE FROM order_count_deltas;
  DELETE FROM order_counts;
  INSERT INTO order_counts (customer_id, status, n)
  SELECT customer_id, status, count(*) FROM orders GROUP BY customer_id, status
  UNION ALL
  SELECT 0, status, count(*) FROM orders GROUP BY status;
END
$$ LANGUAGE plpgsql;

SELECT rebuild_order_counts();

-- ---- Text search: trigram indexes for ILIKE '%...%' ----

-- In the public schema whoever creates it first (issue 13 adds it too), so every schema of a
-- database (the test suite runs each file in its own) uses the one extension; the operator
-- class is named with its schema for that reason. The lock makes migrations running at once
-- in several schemas of one database create it once (the others then find it).
SELECT pg_advisory_xact_lock(7006002);
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name public.gin_trgm_ops);
CREATE INDEX products_name_trgm_idx ON products USING gin (name public.gin_trgm_ops);
