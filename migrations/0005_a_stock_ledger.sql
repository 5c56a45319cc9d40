-- Warehouse (issue 10): the stock ledger carries its running balance and a per-product sequence,
-- and two daily rollups keep the stock trend and the sales reports cheap at millions of rows.
-- See docs/decisions/0016-stock-ledger-balance-and-rollups.md.

-- The business day of an instant: the company runs on Sri Lanka time (src/shared/dates.ts).
CREATE FUNCTION business_date(at timestamptz) RETURNS date AS $$
  SELECT (at AT TIME ZONE 'Asia/Colombo')::date
$$ LANGUAGE sql IMMUTABLE;

ALTER TABLE products
  ADD COLUMN movement_count integer NOT NULL DEFAULT 0 CHECK (movement_count >= 0),
  ADD COLUMN last_moved_at timestamptz;

-- seq: the movement's number within its product (1, 2, ...), so a page of the product's ledger
-- and its total are index lookups; balance_after: available_units right after the movement.
ALTER TABLE stock_movements
  ADD COLUMN seq integer,
  ADD COLUMN balance_after integer;

-- Units moved per business day and product, by kind (kept by the ledger trigger).
CREATE TABLE stock_daily (
  movement_date  date NOT NULL,
  product_id     integer NOT NULL REFERENCES products (product_id),
  received_units integer NOT NULL DEFAULT 0, -- initial stock and production receipts
  issued_units   integer NOT NULL DEFAULT 0, -- reserved by orders (positive: units that left)
  returned_units integer NOT NULL DEFAULT 0, -- given back by cancelled orders
  adjusted_units integer NOT NULL DEFAULT 0, -- manual counts (signed)
  PRIMARY KEY (movement_date, product_id)
);

-- Sales per business day of the order and product, of every order that is not cancelled
-- (kept by triggers on order_items and on the order's status).
CREATE TABLE product_sales_daily (
  sales_date  date NOT NULL,
  product_id  integer NOT NULL REFERENCES products (product_id),
  units       integer NOT NULL DEFAULT 0,
  revenue     numeric(14, 2) NOT NULL DEFAULT 0,
  order_count integer NOT NULL DEFAULT 0,
  PRIMARY KEY (sales_date, product_id)
);

-- Recomputes everything derived from the ledger and the orders: seq and balance_after of every
-- movement (in insertion order), products.available_units / movement_count / last_moved_at, and
-- both rollups. The migration uses it once; bulk loaders that bypass triggers (replica mode)
-- call it after loading (any seq/balance_after values will do). A ledger whose running
-- balance dips below zero makes it fail.
CREATE FUNCTION rebuild_stock_rollups() RETURNS void AS $$
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

  DELETE FROM product_sales_daily;
  INSERT INTO product_sales_daily (sales_date, product_id, units, revenue, order_count)
  SELECT business_date(o.order_date), i.product_id, sum(i.quantity), sum(i.quantity * i.unit_price), count(*)
    FROM order_items i JOIN orders o USING (order_id)
   WHERE o.status <> 'Cancelled'
   GROUP BY 1, 2;
END
$$ LANGUAGE plpgsql;

-- The ledger is history: rows are only ever added.
CREATE FUNCTION stock_movements_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the stock ledger is append-only: record a new movement instead'
    USING ERRCODE = 'restrict_violation';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_refuse_change();

-- Every movement moves the balance (the CHECK on products.available_units still refuses a
-- negative one), numbers itself within its product, records the balance it left, and counts
-- itself in the day's rollup. BEFORE INSERT, so that seq and balance_after land in the row.
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
          CASE WHEN NEW.reason = 'order_cancelled' THEN NEW.delta ELSE 0 END,
          CASE WHEN NEW.reason = 'manual_count' THEN NEW.delta ELSE 0 END)
  ON CONFLICT (movement_date, product_id) DO UPDATE
     SET received_units = d.received_units + EXCLUDED.received_units,
         issued_units = d.issued_units + EXCLUDED.issued_units,
         returned_units = d.returned_units + EXCLUDED.returned_units,
         adjusted_units = d.adjusted_units + EXCLUDED.adjusted_units;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
DROP TRIGGER stock_movements_apply ON stock_movements;
CREATE TRIGGER stock_movements_apply BEFORE INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION apply_stock_movement();

-- Adds (sign 1) or removes (sign -1) order lines from the sales rollup. The product rows are
-- locked first, in id order, as order placement and the ledger trigger do: products before
-- rollup rows everywhere, so a cancellation and a new order cannot deadlock on them.
CREATE FUNCTION count_product_sales(p_order_id integer, p_product_id integer, sign integer) RETURNS void AS $$
BEGIN
  PERFORM 1 FROM products
   WHERE product_id IN (SELECT product_id FROM order_items
                         WHERE order_id = p_order_id AND (p_product_id IS NULL OR product_id = p_product_id))
   ORDER BY product_id FOR UPDATE;
  INSERT INTO product_sales_daily AS s (sales_date, product_id, units, revenue, order_count)
  SELECT business_date(o.order_date), i.product_id, sign * i.quantity, sign * i.quantity * i.unit_price, sign
    FROM order_items i JOIN orders o USING (order_id)
   WHERE i.order_id = p_order_id AND (p_product_id IS NULL OR i.product_id = p_product_id)
   ORDER BY i.product_id
  ON CONFLICT (sales_date, product_id) DO UPDATE
     SET units = s.units + EXCLUDED.units,
         revenue = s.revenue + EXCLUDED.revenue,
         order_count = s.order_count + EXCLUDED.order_count;
END
$$ LANGUAGE plpgsql;

-- Order lines count when written and stop counting when removed, unless the order is cancelled.
CREATE FUNCTION order_items_sales() RETURNS trigger AS $$
DECLARE
  counted boolean;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT status <> 'Cancelled' INTO counted FROM orders WHERE order_id = OLD.order_id;
    IF counted THEN
      INSERT INTO product_sales_daily AS s (sales_date, product_id, units, revenue, order_count)
      SELECT business_date(o.order_date), OLD.product_id, -OLD.quantity, -OLD.quantity * OLD.unit_price, -1
        FROM orders o WHERE o.order_id = OLD.order_id
      ON CONFLICT (sales_date, product_id) DO UPDATE
         SET units = s.units + EXCLUDED.units, revenue = s.revenue + EXCLUDED.revenue,
             order_count = s.order_count + EXCLUDED.order_count;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT status <> 'Cancelled' INTO counted FROM orders WHERE order_id = NEW.order_id;
    IF counted THEN
      PERFORM count_product_sales(NEW.order_id, NEW.product_id, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER order_items_sales AFTER INSERT OR UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_sales();

-- A cancelled order's lines leave the sales figures (and come back if it were ever reopened).
CREATE FUNCTION orders_sales_on_cancel() RETURNS trigger AS $$
BEGIN
  PERFORM count_product_sales(NEW.order_id, NULL, CASE WHEN NEW.status = 'Cancelled' THEN -1 ELSE 1 END);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER orders_sales_on_cancel AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Cancelled') IS DISTINCT FROM (NEW.status = 'Cancelled'))
  EXECUTE FUNCTION orders_sales_on_cancel();

-- Fill everything for the rows that exist, then hold the new columns to their rules.
SELECT rebuild_stock_rollups();
ALTER TABLE stock_movements
  ALTER COLUMN seq SET NOT NULL,
  ALTER COLUMN balance_after SET NOT NULL,
  ADD CONSTRAINT stock_movements_balance_after_ck CHECK (balance_after >= 0);
CREATE INDEX products_last_moved_idx ON products (last_moved_at DESC NULLS LAST);

-- Open orders by the date they are due: the demand of pending orders, and goods on their way.
CREATE INDEX orders_open_schedule_idx ON orders (schedule_date) WHERE status IN ('Pending', 'Scheduled');
CREATE INDEX orders_scheduled_city_idx ON orders (city_id) WHERE status = 'Scheduled';
