-- Issue 7 part 5 (docs/decisions/0039): the sales rollups take no shared row lock when an order
-- is written, and an order's product rows are locked only for its stock reservations.
--
-- 1. `sales_daily` and `product_sales_daily` become views: the folded rows (`*_folded`, the old
--    tables renamed) and the deltas the writers append (`*_deltas`); readers sum. Appending
--    takes no row lock, so concurrent orders of one customer group (one `sales_daily` row a day)
--    or of one product (one `product_sales_daily` row a day) no longer queue on that row until
--    the commit. `compact_sales_rollups()` folds the deltas (the server runs it with the order
--    count fold, decision 0010); a reader sees the same sums before and after a fold.
-- 2. `place_order()` places an order in two statements of one call (one round trip, one
--    transaction): the order, its status, lines and attachments with all their triggers (audit
--    rows, rollup deltas, order counts) first, then the products locked in id order and the
--    ledger rows (stock CHECK, stock_daily, the products' and ledger's audit rows). Only the
--    second statement and the commit run under the product locks.

ALTER TABLE sales_daily RENAME TO sales_daily_folded;
ALTER TABLE product_sales_daily RENAME TO product_sales_daily_folded;

CREATE TABLE sales_daily_deltas (
  sales_date date NOT NULL,
  customer_type text NOT NULL,
  city_id integer NOT NULL DEFAULT 0,
  route_id integer NOT NULL DEFAULT 0,
  orders integer NOT NULL DEFAULT 0,
  units integer NOT NULL DEFAULT 0,
  space numeric(16,3) NOT NULL DEFAULT 0,
  revenue numeric(16,2) NOT NULL DEFAULT 0,
  fees numeric(16,2) NOT NULL DEFAULT 0
);
CREATE TABLE product_sales_daily_deltas (
  sales_date date NOT NULL,
  product_id integer NOT NULL,
  units integer NOT NULL DEFAULT 0,
  revenue numeric(14,2) NOT NULL DEFAULT 0,
  order_count integer NOT NULL DEFAULT 0
);

-- The folded rows and the deltas side by side: a key may have several rows, so a reader sums
-- (every reader does: per month, quarter, city, route, product or period). Summing them once
-- per key in the view first cost a second aggregation, about 3x the time of a year's dashboard.
CREATE VIEW sales_daily AS
SELECT sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees FROM sales_daily_folded
UNION ALL
SELECT sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees FROM sales_daily_deltas;
COMMENT ON VIEW sales_daily IS 'Daily sales rollup: folded rows plus unfolded deltas; several rows per key, always sum() them';

CREATE VIEW product_sales_daily AS
SELECT sales_date, product_id, units, revenue, order_count FROM product_sales_daily_folded
UNION ALL
SELECT sales_date, product_id, units, revenue, order_count FROM product_sales_daily_deltas;
COMMENT ON VIEW product_sales_daily IS 'Daily product sales rollup: folded rows plus unfolded deltas; several rows per key, always sum() them';

CREATE OR REPLACE FUNCTION sales_daily_add(p_date date, p_type text, p_city integer, p_route integer,
                                           d_orders integer, d_units integer, d_space numeric,
                                           d_revenue numeric, d_fees numeric) RETURNS void AS $$
  INSERT INTO sales_daily_deltas (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
  VALUES (p_date, p_type, coalesce(p_city, 0), coalesce(p_route, 0), d_orders, d_units, d_space, d_revenue, d_fees);
$$ LANGUAGE sql;

-- No product lock any more: the deltas take no row that a cancellation could hold.
CREATE OR REPLACE FUNCTION count_product_sales(p_order_id integer, p_product_id integer, sign integer) RETURNS void AS $$
BEGIN
  INSERT INTO product_sales_daily_deltas (sales_date, product_id, units, revenue, order_count)
  SELECT business_date(o.order_date), i.product_id, sign * i.quantity, sign * i.quantity * i.unit_price, sign
    FROM order_items i JOIN orders o USING (order_id)
   WHERE i.order_id = p_order_id AND (p_product_id IS NULL OR i.product_id = p_product_id);
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION order_items_sales() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO product_sales_daily_deltas (sales_date, product_id, units, revenue, order_count)
    SELECT business_date(o.order_date), OLD.product_id, -OLD.quantity, -OLD.quantity * OLD.unit_price, -1
      FROM orders o WHERE o.order_id = OLD.order_id AND o.status <> 'Cancelled';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO product_sales_daily_deltas (sales_date, product_id, units, revenue, order_count)
    SELECT business_date(o.order_date), NEW.product_id, NEW.quantity, NEW.quantity * NEW.unit_price, 1
      FROM orders o WHERE o.order_id = NEW.order_id AND o.status <> 'Cancelled';
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- Folds the deltas into the folded rows; one caller at a time (others skip). Returns the
-- number of deltas folded.
CREATE FUNCTION compact_sales_rollups() RETURNS bigint AS $$
DECLARE
  n_sales bigint;
  n_products bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(7016001) THEN
    RETURN 0;
  END IF;
  WITH gone AS (DELETE FROM sales_daily_deltas RETURNING *),
  folded AS (
    INSERT INTO sales_daily_folded AS s (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
    SELECT sales_date, customer_type, city_id, route_id, sum(orders), sum(units), sum(space), sum(revenue), sum(fees)
      FROM gone GROUP BY sales_date, customer_type, city_id, route_id
    ON CONFLICT (sales_date, customer_type, city_id, route_id) DO UPDATE
       SET orders = s.orders + EXCLUDED.orders, units = s.units + EXCLUDED.units,
           space = s.space + EXCLUDED.space, revenue = s.revenue + EXCLUDED.revenue,
           fees = s.fees + EXCLUDED.fees)
  SELECT count(*) INTO n_sales FROM gone;
  WITH gone AS (DELETE FROM product_sales_daily_deltas RETURNING *),
  folded AS (
    INSERT INTO product_sales_daily_folded AS s (sales_date, product_id, units, revenue, order_count)
    SELECT sales_date, product_id, sum(units), sum(revenue), sum(order_count)
      FROM gone GROUP BY sales_date, product_id
    ON CONFLICT (sales_date, product_id) DO UPDATE
       SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue,
           order_count = s.order_count + EXCLUDED.order_count)
  SELECT count(*) INTO n_products FROM gone;
  RETURN n_sales + n_products;
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION rebuild_admin_rollups() RETURNS void AS $$
BEGIN
  DELETE FROM sales_daily_deltas;
  DELETE FROM sales_daily_folded;
  INSERT INTO sales_daily_folded (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
  SELECT business_date(o.order_date), c.type, coalesce(o.city_id, 0), coalesce(o.route_id, 0),
         count(*), coalesce(sum(l.units), 0), coalesce(sum(l.space), 0), coalesce(sum(l.revenue), 0),
         sum(o.delivery_fee)
    FROM orders o
    JOIN customers c USING (customer_id)
    LEFT JOIN (SELECT i.order_id, sum(i.quantity) AS units, sum(i.quantity * p.space_per_unit) AS space,
                      sum(i.quantity * i.unit_price) AS revenue
                 FROM order_items i JOIN products p USING (product_id) GROUP BY i.order_id) l
      ON l.order_id = o.order_id
   WHERE o.status <> 'Cancelled'
   GROUP BY 1, 2, 3, 4;

  DELETE FROM customer_months;
  INSERT INTO customer_months (month, customer_id, customer_type)
  SELECT DISTINCT date_trunc('month', business_date(o.order_date))::date, o.customer_id, c.type
    FROM orders o JOIN customers c USING (customer_id);
END
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION rebuild_stock_rollups() RETURNS void AS $$
BEGIN
  ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_audit;
  ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_append_only;
  -- the unique (product_id, seq) index goes while the rows are renumbered, and comes back
  DROP INDEX IF EXISTS stock_movements_product_seq_uq;
  UPDATE stock_movements m
     SET seq = x.seq, balance_after = x.balance
    FROM (SELECT movement_id,
                 row_number() OVER w AS seq,
                 sum(delta) OVER w AS balance
            FROM stock_movements
          WINDOW w AS (PARTITION BY product_id ORDER BY movement_id)) x
   WHERE m.movement_id = x.movement_id
     AND (m.seq IS DISTINCT FROM x.seq OR m.balance_after IS DISTINCT FROM x.balance);
  CREATE UNIQUE INDEX stock_movements_product_seq_uq ON stock_movements (product_id, seq);
  ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_append_only;
  ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_audit;

  UPDATE products p
     SET available_units = x.units, movement_count = x.n, last_moved_at = x.last_at
    FROM (SELECT product_id, coalesce(sum(m.delta), 0)::int AS units, count(m.movement_id)::int AS n,
                 max(m.created_at) AS last_at
            FROM products LEFT JOIN stock_movements m USING (product_id)
           GROUP BY product_id) x
   WHERE p.product_id = x.product_id
     AND (p.available_units, p.movement_count, p.last_moved_at) IS DISTINCT FROM (x.units, x.n, x.last_at);

  DELETE FROM stock_daily;
  INSERT INTO stock_daily (movement_date, product_id, received_units, issued_units, returned_units, adjusted_units)
  SELECT business_date(created_at), product_id,
         coalesce(sum(delta) FILTER (WHERE reason IN ('initial', 'production_receipt')), 0),
         coalesce(-sum(delta) FILTER (WHERE reason = 'order_reserved'), 0),
         coalesce(sum(delta) FILTER (WHERE reason = 'order_cancelled'), 0),
         coalesce(sum(delta) FILTER (WHERE reason = 'manual_count'), 0)
    FROM stock_movements
   GROUP BY 1, 2;

  DELETE FROM product_sales_daily_deltas;
  DELETE FROM product_sales_daily_folded;
  INSERT INTO product_sales_daily_folded (sales_date, product_id, units, revenue, order_count)
  SELECT business_date(o.order_date), i.product_id, sum(i.quantity), sum(i.quantity * i.unit_price), count(*)
    FROM order_items i JOIN orders o USING (order_id)
   WHERE o.status <> 'Cancelled'
   GROUP BY 1, 2;
END
$$ LANGUAGE plpgsql;

-- One order, one call (decision 0039; the checks and answer as in decision 0031). Answers what
-- it read: the order's id and status when it was written, else nothing written and whether the
-- customer, the products (names and stock as read) and the named city were found.
CREATE FUNCTION place_order(p_actor integer, p_customer integer, p_at timestamptz, p_schedule date,
                            p_address text, p_city_name text, p_instructions text, p_fee numeric,
                            p_product_ids integer[], p_quantities integer[], p_files json)
RETURNS json AS $$
DECLARE
  v_order integer;
  v_answer json;
BEGIN
  -- the actor of the audit rows, for this transaction only
  PERFORM set_config('app.user_id', p_actor::text, true);
  -- 1. everything but the stock, with the triggers of these rows (no product row is locked:
  --    the lines' foreign keys take a key-share lock, which a reservation does not block)
  WITH place AS (
    SELECT c.customer_id, a.address, x.city_id,
           (SELECT r.route_id FROM routes r JOIN stores s ON s.store_id = r.store_id
             WHERE s.city_id = x.city_id
               AND EXISTS (SELECT 1 FROM unnest(r.covered_towns || r.end_location) town
                            WHERE position(lower(town) IN lower(a.address)) > 0)
             ORDER BY r.route_id LIMIT 1) AS route_id
      FROM customers c
      CROSS JOIN LATERAL (SELECT coalesce(p_address, c.address) AS address) a
      CROSS JOIN LATERAL (SELECT CASE WHEN p_city_name IS NULL THEN c.city_id
                                      ELSE (SELECT ci.city_id FROM cities ci
                                             WHERE lower(ci.name) = lower(p_city_name) AND NOT ci.is_hub)
                                 END AS city_id) x
     WHERE c.customer_id = p_customer
  ), want AS (
    SELECT * FROM unnest(p_product_ids, p_quantities) w(product_id, quantity)
  ), seen AS (
    SELECT pr.product_id, pr.name, pr.available_units, w.quantity
      FROM want w JOIN products pr ON pr.product_id = w.product_id
  ), ok AS (
    SELECT place.* FROM place
     WHERE (SELECT count(*) FROM seen) = cardinality(p_product_ids)
       AND NOT EXISTS (SELECT 1 FROM seen WHERE available_units < quantity)
       AND (p_city_name IS NULL OR place.city_id IS NOT NULL)
  ), o AS (
    INSERT INTO orders (customer_id, order_date, schedule_date, status, delivery_address, city_id,
                        route_id, special_instructions, delivery_fee, created_by)
    SELECT customer_id, p_at, p_schedule, 'Pending', address, city_id, route_id, p_instructions, p_fee, p_actor
      FROM ok
    RETURNING order_id, status
  ), h AS (
    INSERT INTO order_status_history (order_id, from_status, to_status, changed_by, changed_at)
    SELECT order_id, NULL, 'Pending', p_actor, p_at FROM o
  ), i AS (
    INSERT INTO order_items (order_id, product_id, quantity, unit_price)
    SELECT o.order_id, w.product_id, w.quantity, pr.unit_price
      FROM o CROSS JOIN want w JOIN products pr ON pr.product_id = w.product_id
     ORDER BY w.product_id
  ), f AS (
    INSERT INTO order_attachments (order_id, file_name, content_type, size_bytes, storage_key, uploaded_by)
    SELECT o.order_id, f.file_name, f.content_type, f.size_bytes, f.storage_key, p_actor
      FROM o CROSS JOIN json_to_recordset(p_files)
           AS f(file_name text, content_type text, size_bytes int, storage_key text)
  )
  SELECT (SELECT order_id FROM o),
         json_build_object(
           'order_id', (SELECT order_id FROM o),
           'status', (SELECT status FROM o),
           'customer_found', EXISTS (SELECT 1 FROM place),
           'city_id', (SELECT city_id FROM place),
           'products', (SELECT coalesce(json_agg(json_build_object('product_id', product_id, 'name', name,
                                                                   'available_units', available_units)
                                                 ORDER BY product_id), '[]'::json) FROM seen))
    INTO v_order, v_answer;
  IF v_order IS NULL THEN
    RETURN v_answer;
  END IF;
  -- 2. the hot rows, last: the products in id order, then their ledger rows (ids in lock order,
  --    as the running balances need). Too little stock fails the call on the products' CHECK.
  PERFORM 1 FROM products WHERE product_id = ANY (p_product_ids) ORDER BY product_id FOR NO KEY UPDATE;
  INSERT INTO stock_movements (product_id, delta, reason, order_id, created_by)
  SELECT w.product_id, -w.quantity, 'order_reserved', v_order, p_actor
    FROM unnest(p_product_ids, p_quantities) w(product_id, quantity)
   ORDER BY w.product_id;
  RETURN v_answer;
END
$$ LANGUAGE plpgsql;
