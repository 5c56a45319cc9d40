-- Warehouse data at 1M orders on PostgreSQL, for measuring the issue-10 endpoints by hand:
--   createdb kp_x && (migrate it: start the server once with DATABASE_URL) && psql -d kp_x -f bench/warehouse-fill.sql
-- Orders over ~3 years, finished unless recent; the ledger loaded without triggers, then
-- rebuild_stock_rollups() (docs/decisions/0016). About 8 minutes on the 2-core machine.
\timing on
BEGIN;
SET LOCAL session_replication_role = replica;
INSERT INTO cities (name, is_hub) VALUES ('Kandy', true), ('Colombo', false), ('Galle', false);
INSERT INTO stores (city_id, address, near_station_name) VALUES (2, '1 Station Rd', 'Colombo Fort'), (3, '2 Station Rd', 'Galle');
INSERT INTO roles (role_name) VALUES ('Warehouse Manager');
INSERT INTO users (user_name, email, password_hash, role_id) VALUES ('wh', 'wh@x.lk', 'x', 1);
INSERT INTO products (name, category, unit_price, space_per_unit, reorder_point, available_units)
  SELECT 'Product ' || g, 'Category ' || (g % 6), 1 + (g % 20), 0.5, 50 + (g % 5) * 40, 0 FROM generate_series(1, 50) g;
INSERT INTO customers (name, type, address, city, city_id)
  SELECT 'Customer ' || g, CASE WHEN g % 2 = 0 THEN 'Retail' ELSE 'Wholesale' END, g || ' Main Street', 'Colombo', 2 + g % 2
  FROM generate_series(1, 2000) g;
-- 1M orders over ~3 years up to now; old ones are finished, recent ones open
INSERT INTO orders (customer_id, order_date, schedule_date, status, delivery_address, city_id)
  SELECT 1 + (g % 2000), ts, (ts AT TIME ZONE 'UTC')::date + 8,
         CASE WHEN ts > now() - interval '5 days' THEN 'Pending'
              WHEN ts > now() - interval '12 days' THEN (ARRAY['Pending','Scheduled','Scheduled','Cancelled'])[1 + g % 4]
              WHEN ts > now() - interval '16 days' THEN (ARRAY['Scheduled','In Transit','Delivered'])[1 + g % 3]
              ELSE (ARRAY['Delivered','Delivered','Delivered','Delivered','Delivered','Delivered','Cancelled'])[1 + g % 7] END,
         g || ' Main Street', 2 + g % 2
  FROM (SELECT g, now() - ((1000000 - g) * interval '94 seconds') AS ts FROM generate_series(1, 1000000) g) s;
ANALYZE orders;
INSERT INTO order_items (order_id, product_id, quantity, unit_price)
  SELECT o.order_id, 1 + ((o.order_id * 7 + k * 13) % 50), 1 + (o.order_id % 9), 1 + ((o.order_id + k) % 20)
  FROM orders o, generate_series(0, 1 + o.order_id % 2) k;
ANALYZE order_items;
-- the ledger: opening stock, then per item a reservation at the order time, a return if cancelled;
-- placeholder seq/balance, numbered by rebuild_stock_rollups()
INSERT INTO stock_movements (product_id, delta, reason, order_id, created_at, seq, balance_after)
  SELECT product_id, delta, reason, order_id, at, -row_number() OVER (), 0 FROM (
    SELECT product_id, 10000000 AS delta, 'initial' AS reason, NULL::int AS order_id, now() - interval '4 years' AS at, 0 AS k FROM products
    UNION ALL
    SELECT i.product_id, -i.quantity, 'order_reserved', o.order_id, o.order_date, i.order_item_id FROM order_items i JOIN orders o USING (order_id)
    UNION ALL
    SELECT i.product_id, i.quantity, 'order_cancelled', o.order_id, o.order_date + interval '1 hour', i.order_item_id
      FROM order_items i JOIN orders o USING (order_id) WHERE o.status = 'Cancelled') x
  ORDER BY at, k;
-- trains for open orders: a trip per city per day over the last 20 days and the next 10
INSERT INTO train_trips (departure_city_id, arrival_city_id, departure_date_time, arrival_date_time, total_capacity)
  SELECT 1, c, d, d + interval '5 hours', 100000 FROM generate_series(now() - interval '20 days', now() + interval '10 days', interval '1 day') d, (VALUES (2), (3)) v(c);
INSERT INTO train_allocations (order_id, train_trip_id, space)
  SELECT o.order_id, (SELECT t.train_trip_id FROM train_trips t WHERE t.arrival_city_id = o.city_id AND t.departure_date_time > o.order_date ORDER BY t.departure_date_time LIMIT 1), 1
    FROM orders o WHERE o.status IN ('Scheduled', 'In Transit', 'Delivered') AND o.order_date > now() - interval '16 days';
-- loaded without triggers: the trips' booked space as the allocation trigger keeps it (migration 0004)
UPDATE train_trips t SET used_capacity = a.space
  FROM (SELECT train_trip_id, sum(space) AS space FROM train_allocations GROUP BY 1) a WHERE a.train_trip_id = t.train_trip_id;
SELECT rebuild_stock_rollups();
-- the admin counters and sales rollups (migrations/0007, docs/decisions/0019)
SELECT rebuild_admin_rollups();
-- the tables the triggers keep for store stock and the planner's pending list (migrations 0027, 0028)
SELECT rebuild_store_stock_lines();
SELECT rebuild_pending_order_lines();
COMMIT;
ANALYZE;
SELECT (SELECT count(*) FROM orders) orders, (SELECT count(*) FROM stock_movements) movements, (SELECT count(*) FROM orders WHERE status='Scheduled') scheduled, (SELECT count(*) FROM train_allocations) allocs;
