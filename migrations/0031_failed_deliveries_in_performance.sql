-- Failed deliveries in the delivery-performance report (docs/decisions/0059). An order that left a
-- truck with items not delivered (delivery_failures, migration 0030) is a row of that delivery,
-- rated 'Failed' (nothing handed over on it) or 'Partly delivered', at the time it failed; the
-- order may be on another delivery later (a row there too, rated as usual). So an order has a
-- row per delivery it was on: delivery_order_facts loses its one-row-per-order key.
--
-- The facts stay exact at any moment: 0020_b's triggers on delivery_orders now leave the rows of
-- failures alone, triggers on delivery_failures add and remove those, and the order's delivery
-- time is written to the rows of the deliveries it is on, not to the ones it failed on. The CSV
-- rows stored per delivery (0025, decision 0053) are written by the same function, which rates a
-- failed row as it is stored; a delivery's text is stored once every order on it is delivered
-- or failed.

ALTER TABLE delivery_order_facts DROP CONSTRAINT delivery_order_facts_order_id_key;
CREATE INDEX delivery_order_facts_order_idx ON delivery_order_facts (order_id);
ALTER TABLE delivery_order_facts
  -- when the order left this delivery with items not delivered; null: carried (or delivered) on it
  ADD COLUMN failed_at timestamptz,
  -- 'Failed' or 'Partly delivered' with failed_at, else null
  ADD COLUMN outcome text CHECK ((failed_at IS NULL) = (outcome IS NULL)
                                 AND (outcome IS NULL OR outcome IN ('Failed', 'Partly delivered')));

-- ---- delivery_orders: the rows of the orders carried (0020_b's, leaving the failures' rows) ----

CREATE OR REPLACE FUNCTION delivery_order_facts_unloaded() RETURNS trigger AS $$
BEGIN
  DELETE FROM delivery_order_facts f USING old_rows o
   WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id AND f.failed_at IS NULL;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION delivery_order_facts_moved() RETURNS trigger AS $$
BEGIN
  DELETE FROM delivery_order_facts f USING old_rows o
   WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id AND f.failed_at IS NULL;
  INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at)
  SELECT n.delivery_id, n.order_id, o.customer_id, o.schedule_date, o.delivered_at
    FROM new_rows n JOIN orders o ON o.order_id = n.order_id
   ORDER BY n.delivery_id, n.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- the order's customer and requested day on all its rows; its delivery time on the rows of the
-- deliveries that carry it (a failed row has none)
CREATE OR REPLACE FUNCTION orders_delivery_order_facts() RETURNS trigger AS $$
BEGIN
  UPDATE delivery_order_facts
     SET customer_id = NEW.customer_id, schedule_date = NEW.schedule_date,
         delivered_at = CASE WHEN failed_at IS NULL THEN NEW.delivered_at END
   WHERE order_id = NEW.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- ---- delivery_failures: the rows of the orders that failed on a delivery ----

CREATE FUNCTION delivery_order_facts_failed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM delivery_order_facts f USING old_rows o
     WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id AND f.failed_at IS NOT NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at,
                                      failed_at, outcome)
    SELECT n.delivery_id, n.order_id, o.customer_id, o.schedule_date, NULL, n.failed_at,
           CASE WHEN n.delivered_items > 0 THEN 'Partly delivered' ELSE 'Failed' END
      FROM new_rows n JOIN orders o ON o.order_id = n.order_id
     ORDER BY n.delivery_id, n.order_id;
  ELSE
    -- only the rows whose facts changed (the manager's alert flag `open` changes often)
    DELETE FROM delivery_order_facts f USING old_rows o JOIN new_rows n ON n.failure_id = o.failure_id
     WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id AND f.failed_at IS NOT NULL
       AND (o.delivery_id, o.order_id, o.failed_at, o.delivered_items)
           IS DISTINCT FROM (n.delivery_id, n.order_id, n.failed_at, n.delivered_items);
    INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at,
                                      failed_at, outcome)
    SELECT n.delivery_id, n.order_id, r.customer_id, r.schedule_date, NULL, n.failed_at,
           CASE WHEN n.delivered_items > 0 THEN 'Partly delivered' ELSE 'Failed' END
      FROM new_rows n JOIN old_rows o ON o.failure_id = n.failure_id JOIN orders r ON r.order_id = n.order_id
     WHERE (o.delivery_id, o.order_id, o.failed_at, o.delivered_items)
           IS DISTINCT FROM (n.delivery_id, n.order_id, n.failed_at, n.delivered_items)
     ORDER BY n.delivery_id, n.order_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_order_facts_failed_ins AFTER INSERT ON delivery_failures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_failed();
CREATE TRIGGER delivery_order_facts_failed_del AFTER DELETE ON delivery_failures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_failed();
CREATE TRIGGER delivery_order_facts_failed_upd AFTER UPDATE ON delivery_failures
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_failed();

-- Refills from delivery_orders, delivery_failures and orders (0020_b's, with the failures).
CREATE OR REPLACE FUNCTION rebuild_delivery_order_facts() RETURNS void AS $$
BEGIN
  DELETE FROM delivery_order_facts;
  INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at,
                                    failed_at, outcome)
  SELECT x.delivery_id, x.order_id, o.customer_id, o.schedule_date, x.delivered_at, x.failed_at, x.outcome
    FROM (SELECT l.delivery_id, l.order_id, o.delivered_at, NULL::timestamptz AS failed_at, NULL AS outcome
            FROM delivery_orders l JOIN orders o ON o.order_id = l.order_id
          UNION ALL
          SELECT f.delivery_id, f.order_id, NULL, f.failed_at,
                 CASE WHEN f.delivered_items > 0 THEN 'Partly delivered' ELSE 'Failed' END
            FROM delivery_failures f) x
    JOIN orders o ON o.order_id = x.order_id
   ORDER BY x.delivery_id, x.order_id;
END
$$ LANGUAGE plpgsql;

-- ---- The CSV rows (0025's function, with the failed rows) ----

-- As 0025: the delivery's rows in order id order. A failed row's time cell is when it failed,
-- its Performance the outcome with a delay of 0, whatever the time.
CREATE OR REPLACE FUNCTION delivery_csv_texts(ids integer[], now_ms bigint)
RETURNS TABLE (delivery_id integer, lines text) AS $$
BEGIN
  RETURN QUERY
  SELECT d.delivery_id,
         string_agg(concat_ws(',', d.delivery_id, f.order_id, c.cell, r.cell, d.status, s.day,
             to_char(coalesce(f.delivered_at, f.failed_at, d.delivery_date_time) AT TIME ZONE 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             CASE WHEN f.outcome IS NOT NULL THEN f.outcome || ',0'
                  WHEN f.reference_ms < s.late_ms
                  THEN CASE WHEN f.delivered_at IS NULL THEN 'Pending,0' ELSE 'On Time,0' END
                  ELSE 'Late,' || (t.tenths / 10)::text
                       || CASE WHEN t.tenths % 10 = 0 THEN '' ELSE '.' || (t.tenths % 10)::text END
             END),
           E'\r\n' ORDER BY f.order_id)
    FROM deliveries d
    JOIN LATERAL (SELECT csv_text_cell(r.name) AS cell FROM routes r WHERE r.route_id = d.route_id OFFSET 0) r ON true
    CROSS JOIN LATERAL (
      SELECT f.order_id, f.customer_id, f.schedule_date, f.delivered_at, f.failed_at, f.outcome,
             coalesce(floor(date_part('epoch', f.delivered_at))::bigint * 1000, now_ms) AS reference_ms
        FROM delivery_order_facts f WHERE f.delivery_id = d.delivery_id OFFSET 0) f
    JOIN LATERAL (SELECT csv_text_cell(c.name) AS cell FROM customers c WHERE c.customer_id = f.customer_id OFFSET 0) c ON true
    JOIN LATERAL (SELECT to_char(f.schedule_date, 'YYYY-MM-DD') AS day,
                         (f.schedule_date - date '1970-01-01' + 1)::bigint * 86400000 - 19800000 AS late_ms OFFSET 0) s ON true
    CROSS JOIN LATERAL (SELECT floor((f.reference_ms - s.late_ms)::float8 / 3600000 * 10 + 0.5)::bigint AS tenths) t
   WHERE d.delivery_id = ANY (ids)
   GROUP BY d.delivery_id;
END
$$ LANGUAGE plpgsql STABLE;

-- As 0025: a delivery's text is stored exactly when it has rows and none is still out (every
-- order on it delivered or failed).
CREATE OR REPLACE FUNCTION refresh_delivery_csv_lines(ids integer[]) RETURNS void AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'delivery_csv_lines is written in READ COMMITTED transactions only (decision 0053)';
  END IF;
  -- the deliveries' rows, in id order: one writer of a delivery's text at a time; the statements
  -- below then read what the previous writer committed
  PERFORM 1 FROM deliveries WHERE delivery_id = ANY (ids) ORDER BY delivery_id FOR NO KEY UPDATE;
  DELETE FROM delivery_csv_lines l
   WHERE l.delivery_id = ANY (ids)
     AND (NOT EXISTS (SELECT 1 FROM delivery_order_facts f WHERE f.delivery_id = l.delivery_id)
          OR EXISTS (SELECT 1 FROM delivery_order_facts f
                      WHERE f.delivery_id = l.delivery_id AND f.delivered_at IS NULL AND f.failed_at IS NULL));
  INSERT INTO delivery_csv_lines AS l (delivery_id, lines)
  SELECT t.delivery_id, t.lines
    FROM delivery_csv_texts(ARRAY(
           SELECT d.delivery_id FROM deliveries d
            WHERE d.delivery_id = ANY (ids)
              AND NOT EXISTS (SELECT 1 FROM delivery_order_facts f
                               WHERE f.delivery_id = d.delivery_id AND f.delivered_at IS NULL
                                 AND f.failed_at IS NULL)), NULL) t
   ORDER BY t.delivery_id
  ON CONFLICT (delivery_id) DO UPDATE SET lines = excluded.lines WHERE l.lines IS DISTINCT FROM excluded.lines;
END
$$ LANGUAGE plpgsql;

SELECT rebuild_delivery_order_facts();
SELECT rebuild_delivery_csv_lines();
ANALYZE delivery_order_facts;
