-- Issue 7 part 5 (docs/decisions/0044): an order's lines are written after its products are
-- locked, not before.
--
-- Until now `place_order()` (migration 0016) wrote the lines in its first statement, before the
-- products were locked. Their foreign keys took a key-share lock on each product, and when
-- another order held that product for its stock update PostgreSQL recorded both as a multixact
-- on the row. On the few products that every order wants, every row version then carried a
-- multixact, and every later lock and update of the row read its members from the multixact
-- SLRU (a handful of shared buffers): with 10 connections on the same 3 products PostgreSQL spent
-- 4-8 ms of CPU per order instead of 2, most of it waiting on the multixact buffers and the lock
-- queue. Written under the order's own product locks the key-share lock is already held, no
-- multixact is made, and the backend CPU per order stays near its single-connection cost.
--
-- Same answer, same checks in the same order, same rows and triggers (audit rows, rollup deltas,
-- order counts); only the moment the lines are written moves.

-- One order, one call (decisions 0031, 0039, 0044). Answers what it read: the order's id and
-- status when it was written, else nothing written and whether the customer, the products (names
-- and stock as read) and the named city were found.
CREATE OR REPLACE FUNCTION place_order(p_actor integer, p_customer integer, p_at timestamptz, p_schedule date,
                            p_address text, p_city_name text, p_instructions text, p_fee numeric,
                            p_product_ids integer[], p_quantities integer[], p_files json)
RETURNS json AS $$
DECLARE
  v_order integer;
  v_answer json;
BEGIN
  -- the actor of the audit rows, for this transaction only
  PERFORM set_config('app.user_id', p_actor::text, true);
  -- 1. the order, its first status and its attachments, with their triggers; the products are
  --    only read here (no row of theirs is locked before step 2)
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
  -- 2. the hot rows, last: the products in id order; then the lines (priced from the locked
  --    rows; their foreign keys' key-share locks are on rows this transaction already holds, so
  --    no multixact) and the ledger rows (ids in lock order, as the running balances need).
  --    Too little stock fails the call on the products' CHECK.
  PERFORM 1 FROM products WHERE product_id = ANY (p_product_ids) ORDER BY product_id FOR NO KEY UPDATE;
  INSERT INTO order_items (order_id, product_id, quantity, unit_price)
  SELECT v_order, w.product_id, w.quantity, pr.unit_price
    FROM unnest(p_product_ids, p_quantities) w(product_id, quantity)
    JOIN products pr ON pr.product_id = w.product_id
   ORDER BY w.product_id;
  INSERT INTO stock_movements (product_id, delta, reason, order_id, created_by)
  SELECT w.product_id, -w.quantity, 'order_reserved', v_order, p_actor
    FROM unnest(p_product_ids, p_quantities) w(product_id, quantity)
   ORDER BY w.product_id;
  RETURN v_answer;
END
$$ LANGUAGE plpgsql;
