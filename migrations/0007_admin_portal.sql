-- Admin portal (issue 11): retired users, an append-only audit log, and the rollups that keep
-- the admin's revenue figures and business reports cheap at a million orders (order totals per
-- status come from the order counters of migration 0006).
-- See docs/decisions/0019-admin-figures-and-rollups.md and 0020-users-roles-and-the-audit-log.md.

-- A deleted user is retired, not erased: orders, history and audit rows keep pointing at it.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
ALTER TABLE users ADD CONSTRAINT users_deleted_inactive_ck CHECK (deleted_at IS NULL OR NOT is_active);
-- "active users" on the admin dashboard: signed in within 30 days
CREATE INDEX users_last_login_idx ON users (last_login_at) WHERE deleted_at IS NULL;

-- The audit log is history: no path may change or remove it, whoever writes the SQL.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: its rows can be neither changed nor deleted'
    USING ERRCODE = 'restrict_violation';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
CREATE INDEX audit_log_actor_idx ON audit_log (performed_by, performed_at DESC);

-- Sales per business day of the order, customer type, destination city and route (0: none), of
-- every order that is not cancelled: orders, units, train space, goods revenue at the captured
-- prices, and delivery fees. Quarterly, city, route and customer-type figures read this.
CREATE TABLE sales_daily (
  sales_date    date NOT NULL,
  customer_type text NOT NULL,
  city_id       integer NOT NULL DEFAULT 0,
  route_id      integer NOT NULL DEFAULT 0,
  orders        integer NOT NULL DEFAULT 0,
  units         integer NOT NULL DEFAULT 0,
  space         numeric(16, 3) NOT NULL DEFAULT 0,
  revenue       numeric(16, 2) NOT NULL DEFAULT 0,
  fees          numeric(16, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (sales_date, customer_type, city_id, route_id)
);

-- The months in which each customer placed an order (cancelled or not): "current clients".
CREATE TABLE customer_months (
  month         date NOT NULL,
  customer_id   integer NOT NULL REFERENCES customers (customer_id),
  customer_type text NOT NULL,
  PRIMARY KEY (month, customer_id)
);

CREATE FUNCTION sales_daily_add(p_date date, p_type text, p_city integer, p_route integer,
                                d_orders integer, d_units integer, d_space numeric,
                                d_revenue numeric, d_fees numeric) RETURNS void AS $$
  INSERT INTO sales_daily AS s (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
  VALUES (p_date, p_type, coalesce(p_city, 0), coalesce(p_route, 0), d_orders, d_units, d_space, d_revenue, d_fees)
  ON CONFLICT (sales_date, customer_type, city_id, route_id) DO UPDATE
     SET orders = s.orders + EXCLUDED.orders, units = s.units + EXCLUDED.units,
         space = s.space + EXCLUDED.space, revenue = s.revenue + EXCLUDED.revenue,
         fees = s.fees + EXCLUDED.fees;
$$ LANGUAGE sql;

-- An order counts with its lines from its insertion until it is cancelled; a change of its
-- city, route, date, customer or fee moves it (lines included) from one rollup row to another.
-- Order placement locks products before it writes here, like every other writer of the
-- rollups, so the lock order products -> rollup rows holds (docs/decisions/0016).
CREATE FUNCTION orders_sales_rollup() RETURNS trigger AS $$
DECLARE
  l_units integer;
  l_space numeric;
  l_revenue numeric;
  old_type text;
  new_type text;
BEGIN
  SELECT coalesce(sum(i.quantity), 0), coalesce(sum(i.quantity * p.space_per_unit), 0),
         coalesce(sum(i.quantity * i.unit_price), 0)
    INTO l_units, l_space, l_revenue
    FROM order_items i JOIN products p USING (product_id)
   WHERE i.order_id = coalesce(NEW.order_id, OLD.order_id);
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status <> 'Cancelled' THEN
    SELECT type INTO old_type FROM customers WHERE customer_id = OLD.customer_id;
    PERFORM sales_daily_add(business_date(OLD.order_date), old_type, OLD.city_id, OLD.route_id,
                            -1, -l_units, -l_space, -l_revenue, -OLD.delivery_fee);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status <> 'Cancelled' THEN
    SELECT type INTO new_type FROM customers WHERE customer_id = NEW.customer_id;
    PERFORM sales_daily_add(business_date(NEW.order_date), new_type, NEW.city_id, NEW.route_id,
                            1, l_units, l_space, l_revenue, NEW.delivery_fee);
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO customer_months (month, customer_id, customer_type)
    SELECT date_trunc('month', business_date(NEW.order_date))::date, NEW.customer_id, new_type
    WHERE new_type IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER orders_totals_rollup_ins_del AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_sales_rollup();
CREATE TRIGGER orders_totals_rollup_upd AFTER UPDATE ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Cancelled') IS DISTINCT FROM (NEW.status = 'Cancelled')
                     OR OLD.city_id IS DISTINCT FROM NEW.city_id OR OLD.route_id IS DISTINCT FROM NEW.route_id
                     OR OLD.order_date <> NEW.order_date OR OLD.customer_id <> NEW.customer_id
                     OR OLD.delivery_fee <> NEW.delivery_fee)
  EXECUTE FUNCTION orders_sales_rollup();

-- Lines count while their order is not cancelled.
CREATE FUNCTION order_items_sales_rollup() RETURNS trigger AS $$
DECLARE
  o record;
  sp numeric;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT x.order_date, x.city_id, x.route_id, x.status, c.type INTO o
      FROM orders x JOIN customers c USING (customer_id) WHERE x.order_id = OLD.order_id;
    IF FOUND AND o.status <> 'Cancelled' THEN
      SELECT space_per_unit INTO sp FROM products WHERE product_id = OLD.product_id;
      PERFORM sales_daily_add(business_date(o.order_date), o.type, o.city_id, o.route_id,
                              0, -OLD.quantity, -OLD.quantity * coalesce(sp, 0), -OLD.quantity * OLD.unit_price, 0);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT x.order_date, x.city_id, x.route_id, x.status, c.type INTO o
      FROM orders x JOIN customers c USING (customer_id) WHERE x.order_id = NEW.order_id;
    IF FOUND AND o.status <> 'Cancelled' THEN
      SELECT space_per_unit INTO sp FROM products WHERE product_id = NEW.product_id;
      PERFORM sales_daily_add(business_date(o.order_date), o.type, o.city_id, o.route_id,
                              0, NEW.quantity, NEW.quantity * sp, NEW.quantity * NEW.unit_price, 0);
    END IF;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER order_items_totals_rollup AFTER INSERT OR UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_sales_rollup();

-- Recomputes the rollups of this migration from the base rows: the migration uses
-- it once, and bulk loaders that bypass triggers (replica mode) call it after loading.
CREATE FUNCTION rebuild_admin_rollups() RETURNS void AS $$
BEGIN
  DELETE FROM sales_daily;
  INSERT INTO sales_daily (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
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

SELECT rebuild_admin_rollups();

-- Employee workload and staff on a delivery: deliveries by time are already indexed (0001).
-- New customers per month on the admin chart.
CREATE INDEX customers_created_idx ON customers (created_at);
