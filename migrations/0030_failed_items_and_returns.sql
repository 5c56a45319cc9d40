-- Failures at the door item by item, partly delivered orders, and the failed units kept at the
-- city store until they are delivered again or sent back to Kandy (docs/decisions/0058).
--
-- A line of an order (order_items) is delivered once (item_confirmations, on the delivery that
-- handed it over), may fail on a delivery (item_failures: Damaged, Refused, Missing, or a whole
-- stop's reason), and may be sent back to Kandy and credited (order_item_returns). A line that
-- is neither delivered nor returned is still to deliver. When an order leaves a truck with lines
-- not delivered, delivery_failures keeps that it failed on that delivery (wholly or partly);
-- the order goes back to Scheduled at the store with the lines still to deliver.

-- ---- A run whose every order failed ends Failed, not Delivered ----

ALTER TABLE deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE deliveries ADD CONSTRAINT deliveries_status_check
  CHECK (status IN ('Scheduled', 'In Transit', 'Delivered', 'Failed'));
-- the runs not finished (scheduled or on the road); deliveries_open_idx (status <> 'Delivered',
-- migration 0004) would now hold the failed runs too, and no query reads it any more
CREATE INDEX deliveries_not_done_idx ON deliveries (delivery_date_time) WHERE status IN ('Scheduled', 'In Transit');
DROP INDEX deliveries_open_idx;
-- A run that ended before this migration with every order failed (each left the truck, none of
-- its items handed over) was marked Delivered: it ends Failed, as such a run now does.
UPDATE deliveries d SET status = 'Failed'
 WHERE d.status = 'Delivered'
   AND EXISTS (SELECT 1 FROM delivery_failures f WHERE f.delivery_id = d.delivery_id)
   AND NOT EXISTS (SELECT 1 FROM item_confirmations c WHERE c.delivery_id = d.delivery_id);

-- ---- A line is delivered once, and its confirmation stays with the delivery that made it ----

CREATE UNIQUE INDEX item_confirmations_line_uq ON item_confirmations (order_id, product_id);
DROP INDEX item_confirmations_order_idx;
-- A partly delivered order leaves the truck (its delivery_orders row goes, so that it can be
-- loaded on another), while the confirmations of the items it delivered stay on that delivery:
-- the foreign key to delivery_orders becomes a check made when the row is written (below).
ALTER TABLE item_confirmations DROP CONSTRAINT item_confirmations_delivery_order_fk;

-- ---- Items that could not be handed over ----

CREATE TABLE item_failures (
  item_failure_id serial PRIMARY KEY,
  delivery_id     integer NOT NULL REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  order_id        integer NOT NULL,
  product_id      integer NOT NULL,
  -- the item's own reasons, and a whole stop's (which fails every item not yet handed over)
  reason          text NOT NULL
                  CHECK (reason IN ('Damaged', 'Refused', 'Missing', 'Customer absent', 'Address not found')),
  note            text CHECK (note IS NULL OR length(note) <= 500),
  -- made by the phone (failure_id in the API): a retry finds this row
  client_id       uuid NOT NULL DEFAULT gen_random_uuid(),
  failed_by       integer REFERENCES users (user_id),
  failed_at       timestamptz NOT NULL,
  FOREIGN KEY (order_id, product_id) REFERENCES order_items (order_id, product_id),
  UNIQUE (delivery_id, order_id, product_id)
);
CREATE UNIQUE INDEX item_failures_client_uq ON item_failures (client_id);
CREATE INDEX item_failures_line_idx ON item_failures (order_id, product_id);
CREATE TRIGGER item_failures_audit AFTER INSERT OR UPDATE OR DELETE ON item_failures
  FOR EACH ROW EXECUTE FUNCTION audit_row('item_failure_id');

-- ---- An order that left a truck with lines not delivered ----

-- reason: the stop's reason when the whole stop failed; null when each item gave its own
ALTER TABLE delivery_failures ALTER COLUMN reason DROP NOT NULL;
ALTER TABLE delivery_failures DROP CONSTRAINT delivery_failures_reason_check;
ALTER TABLE delivery_failures ADD CONSTRAINT delivery_failures_reason_check
  CHECK (reason IS NULL OR reason IN ('Customer absent', 'Refused', 'Address not found'));
ALTER TABLE delivery_failures
  -- items of the order handed over on this delivery (0: the delivery failed; more: partly delivered)
  ADD COLUMN delivered_items integer NOT NULL DEFAULT 0 CHECK (delivered_items >= 0),
  ADD COLUMN failed_items    integer NOT NULL DEFAULT 0 CHECK (failed_items >= 0),
  -- the manager's alert: this is the order's latest failure, the order is Scheduled (back at the
  -- store) and on no truck. Kept by refresh_delivery_failures_open() (below).
  ADD COLUMN open            boolean NOT NULL DEFAULT false;
-- the open failures, oldest first (the manager's and the admin's alerts)
CREATE INDEX delivery_failures_open_idx ON delivery_failures (failed_at, failure_id) WHERE open;

-- the failures recorded before: every item of the order failed with the stop's reason
INSERT INTO item_failures (delivery_id, order_id, product_id, reason, note, failed_by, failed_at)
SELECT f.delivery_id, f.order_id, i.product_id, f.reason, f.note, f.failed_by, f.failed_at
  FROM delivery_failures f JOIN order_items i ON i.order_id = f.order_id
 ORDER BY f.failure_id, i.product_id;
UPDATE delivery_failures f
   SET failed_items = (SELECT count(*) FROM order_items i WHERE i.order_id = f.order_id);

-- ---- Lines sent back to Kandy and credited ----

CREATE TABLE order_item_returns (
  order_id    integer NOT NULL,
  product_id  integer NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  -- quantity x the line's captured price
  credit      numeric(14, 2) NOT NULL CHECK (credit >= 0),
  note        text CHECK (note IS NULL OR length(note) <= 500),
  returned_by integer REFERENCES users (user_id),
  returned_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, product_id),
  FOREIGN KEY (order_id, product_id) REFERENCES order_items (order_id, product_id)
);
CREATE TRIGGER order_item_returns_audit AFTER INSERT OR UPDATE OR DELETE ON order_item_returns
  FOR EACH ROW EXECUTE FUNCTION audit_row('order_id,product_id');

-- ---- What each line may be: checked when a row is written ----

-- A confirmation or a failure is of an order the delivery carries, of a line neither delivered
-- nor sent back; a line delivered or failed on a delivery is not the other there too.
CREATE FUNCTION order_line_outcome_check() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME IN ('item_confirmations', 'item_failures') THEN
    IF NOT EXISTS (SELECT 1 FROM delivery_orders x
                    WHERE x.delivery_id = NEW.delivery_id AND x.order_id = NEW.order_id) THEN
      RAISE EXCEPTION 'order % is not on delivery %', NEW.order_id, NEW.delivery_id
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'order_line_on_delivery';
    END IF;
  END IF;
  IF TG_TABLE_NAME <> 'item_confirmations' AND EXISTS (
       SELECT 1 FROM item_confirmations c WHERE c.order_id = NEW.order_id AND c.product_id = NEW.product_id) THEN
    RAISE EXCEPTION 'product % of order % was delivered', NEW.product_id, NEW.order_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'order_line_delivered';
  END IF;
  IF EXISTS (SELECT 1 FROM order_item_returns r WHERE r.order_id = NEW.order_id AND r.product_id = NEW.product_id) THEN
    RAISE EXCEPTION 'product % of order % was sent back to Kandy', NEW.product_id, NEW.order_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'order_line_returned';
  END IF;
  -- (nested: NEW.delivery_id exists only in the crew's tables)
  IF TG_TABLE_NAME = 'item_confirmations' THEN
    IF EXISTS (SELECT 1 FROM item_failures f
                WHERE f.delivery_id = NEW.delivery_id AND f.order_id = NEW.order_id AND f.product_id = NEW.product_id) THEN
      RAISE EXCEPTION 'product % of order % failed on delivery %', NEW.product_id, NEW.order_id, NEW.delivery_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_line_failed';
    END IF;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER item_confirmations_outcome BEFORE INSERT OR UPDATE OF delivery_id, order_id, product_id
  ON item_confirmations FOR EACH ROW EXECUTE FUNCTION order_line_outcome_check();
CREATE TRIGGER item_failures_outcome BEFORE INSERT OR UPDATE OF delivery_id, order_id, product_id
  ON item_failures FOR EACH ROW EXECUTE FUNCTION order_line_outcome_check();
CREATE TRIGGER order_item_returns_outcome BEFORE INSERT OR UPDATE OF order_id, product_id
  ON order_item_returns FOR EACH ROW EXECUTE FUNCTION order_line_outcome_check();

-- ---- The manager's alert: open failures, derived from the orders and the trucks ----

-- Sets `open` of every failure of these orders to its derivation: the order's latest failure
-- (failed_at, then failure_id), the order Scheduled and on no truck. Called by the writers'
-- triggers below; the orders' rows are locked first (no key update, as store_stock_refresh), so
-- two writers of one order refresh one after the other.
CREATE FUNCTION refresh_delivery_failures_open(p_orders integer[]) RETURNS void AS $$
BEGIN
  IF p_orders IS NULL OR cardinality(p_orders) = 0
     OR NOT EXISTS (SELECT 1 FROM delivery_failures WHERE order_id = ANY (p_orders)) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM orders WHERE order_id = ANY (p_orders) ORDER BY order_id FOR NO KEY UPDATE;
  UPDATE delivery_failures f SET open = x.open
    FROM (SELECT l.failure_id,
                 l.failure_id = (SELECT m.failure_id FROM delivery_failures m WHERE m.order_id = l.order_id
                                  ORDER BY m.failed_at DESC, m.failure_id DESC LIMIT 1)
                 AND EXISTS (SELECT 1 FROM orders o WHERE o.order_id = l.order_id AND o.status = 'Scheduled')
                 AND NOT EXISTS (SELECT 1 FROM delivery_orders x WHERE x.order_id = l.order_id) AS open
            FROM delivery_failures l WHERE l.order_id = ANY (p_orders)) x
   WHERE f.failure_id = x.failure_id AND f.open IS DISTINCT FROM x.open;
END
$$ LANGUAGE plpgsql;

-- loaded on a truck, taken off one (statement triggers: the orders changed, once)
CREATE FUNCTION delivery_failures_open_rows_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_delivery_failures_open(array(SELECT DISTINCT order_id FROM new_rows ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_delivery_failures_open(array(SELECT DISTINCT order_id FROM old_rows ORDER BY 1));
  ELSE
    PERFORM refresh_delivery_failures_open(array(
      SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows ORDER BY 1));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_orders_failures_open_ins AFTER INSERT ON delivery_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_failures_open_rows_changed();
CREATE TRIGGER delivery_orders_failures_open_del AFTER DELETE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_failures_open_rows_changed();
CREATE TRIGGER delivery_orders_failures_open_upd AFTER UPDATE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_failures_open_rows_changed();
CREATE TRIGGER delivery_failures_open_ins AFTER INSERT ON delivery_failures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_failures_open_rows_changed();
CREATE TRIGGER delivery_failures_open_del AFTER DELETE ON delivery_failures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_failures_open_rows_changed();

-- an order's status moved to or from Scheduled (back at the store; re-planned, sent back, cancelled)
CREATE FUNCTION orders_delivery_failures_open() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_delivery_failures_open(ARRAY[NEW.order_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_delivery_failures_open AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Scheduled') IS DISTINCT FROM (NEW.status = 'Scheduled'))
  EXECUTE FUNCTION orders_delivery_failures_open();

-- Recomputes every failure's `open`: this migration, and bulk loaders that bypass the triggers.
CREATE FUNCTION rebuild_delivery_failures_open() RETURNS void AS $$
BEGIN
  PERFORM refresh_delivery_failures_open(array(SELECT DISTINCT order_id FROM delivery_failures ORDER BY 1));
END
$$ LANGUAGE plpgsql;

SELECT rebuild_delivery_failures_open();

-- ---- The ledger: units sent back to Kandy from a store ----

ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_reason_check;
ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
  CHECK (reason IN ('initial', 'order_reserved', 'order_cancelled', 'manual_count', 'production_receipt',
                    'delivery_returned'));

-- migrations/0005_a's ledger trigger: a unit sent back counts as returned in the day's rollup,
-- as a cancelled order's do
CREATE OR REPLACE FUNCTION apply_stock_movement() RETURNS trigger AS $$
BEGIN
  UPDATE products
     SET available_units = available_units + NEW.delta,
         movement_count = movement_count + 1,
         last_moved_at = greatest(last_moved_at, NEW.created_at),
         updated_at = now()
   WHERE product_id = NEW.product_id
  RETURNING available_units, movement_count INTO NEW.balance_after, NEW.seq;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'product % does not exist', NEW.product_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO stock_daily AS d (movement_date, product_id, received_units, issued_units, returned_units, adjusted_units)
  VALUES (business_date(NEW.created_at), NEW.product_id,
          CASE WHEN NEW.reason IN ('initial', 'production_receipt') THEN NEW.delta ELSE 0 END,
          CASE WHEN NEW.reason = 'order_reserved' THEN -NEW.delta ELSE 0 END,
          CASE WHEN NEW.reason IN ('order_cancelled', 'delivery_returned') THEN NEW.delta ELSE 0 END,
          CASE WHEN NEW.reason = 'manual_count' THEN NEW.delta ELSE 0 END)
  ON CONFLICT (movement_date, product_id) DO UPDATE
     SET received_units = d.received_units + EXCLUDED.received_units,
         issued_units = d.issued_units + EXCLUDED.issued_units,
         returned_units = d.returned_units + EXCLUDED.returned_units,
         adjusted_units = d.adjusted_units + EXCLUDED.adjusted_units;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

-- migrations/0016's rebuild, with the same rule for stock_daily
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
         coalesce(sum(delta) FILTER (WHERE reason IN ('order_cancelled', 'delivery_returned')), 0),
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

-- ---- The truck carries the lines still to deliver ----

-- migrations/0004's order_space: an order that delivered some of its items already takes the
-- space of the others (quantity x space per unit, rounded up to hundredths), not its booking
CREATE OR REPLACE FUNCTION order_space(p_order_id integer) RETURNS numeric AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM item_confirmations c WHERE c.order_id = p_order_id) THEN
      coalesce((SELECT ceil(sum(i.quantity * p.space_per_unit) * 100) / 100
                  FROM order_items i JOIN products p ON p.product_id = i.product_id
                 WHERE i.order_id = p_order_id
                   AND NOT EXISTS (SELECT 1 FROM item_confirmations c
                                    WHERE c.order_id = i.order_id AND c.product_id = i.product_id)), 0)
    ELSE coalesce(
      (SELECT sum(a.space) FROM train_allocations a WHERE a.order_id = p_order_id),
      (SELECT ceil(sum(i.quantity * p.space_per_unit) * 100) / 100
         FROM order_items i JOIN products p ON p.product_id = i.product_id
        WHERE i.order_id = p_order_id),
      0)
  END::numeric(10, 2)
$$ LANGUAGE sql STABLE;

-- ---- The store holds the lines still to deliver ----

-- migrations/0027's store_stock_refresh: a line delivered (or sent back) is no longer at the store
CREATE OR REPLACE FUNCTION store_stock_refresh(p_orders integer[]) RETURNS void AS $$
BEGIN
  IF p_orders IS NULL OR cardinality(p_orders) = 0 THEN
    RETURN;
  END IF;
  -- no key update: foreign-key checks of other writers (key share) never wait on it
  PERFORM 1 FROM orders WHERE order_id = ANY (p_orders) ORDER BY order_id FOR NO KEY UPDATE;
  DELETE FROM store_stock_lines WHERE order_id = ANY (p_orders);
  INSERT INTO store_stock_lines (order_id, product_id, city_id, last_arrival, arrivals, customer_id,
                                 schedule_date, quantity)
  SELECT l.order_id, i.product_id, l.city_id, l.last_arrival, l.arrivals, l.customer_id, l.schedule_date,
         i.quantity
    FROM (SELECT o.order_id, o.city_id, o.customer_id, o.schedule_date,
                 max(t.arrival_date_time) AS last_arrival,
                 array_agg(t.arrival_date_time ORDER BY t.arrival_date_time) AS arrivals
            FROM orders o
            JOIN train_allocations a ON a.order_id = o.order_id
            JOIN train_trips t ON t.train_trip_id = a.train_trip_id AND t.arrival_city_id = o.city_id
           WHERE o.order_id = ANY (p_orders) AND o.status = 'Scheduled'
           GROUP BY o.order_id) l
    JOIN order_items i ON i.order_id = l.order_id
   WHERE NOT EXISTS (SELECT 1 FROM item_confirmations c WHERE c.order_id = i.order_id AND c.product_id = i.product_id)
     AND NOT EXISTS (SELECT 1 FROM order_item_returns r WHERE r.order_id = i.order_id AND r.product_id = i.product_id)
   ORDER BY l.order_id, i.product_id;
END
$$ LANGUAGE plpgsql;
