-- The delivery-performance report's facts of each order on a delivery, side by side with the
-- delivery (docs/decisions/0045-proposal-answer-as-stored-and-delivery-rollup.md, part 2).
-- The report lists every order on the deliveries of a period (25,800 at 1M orders for 30 days)
-- with its customer, requested date and delivery time; reading them through `orders` was one
-- primary-key lookup in a million-row table per order (103,000 buffers for the CSV, and again for
-- the PDF's counts). Here a delivery's orders are one short index range, their rows on a page or
-- two (inserted together when the truck is loaded; fillfactor leaves room for the update that
-- delivers them).
--
-- Exact at any moment: kept in the writer's transaction by triggers on delivery_orders (loading,
-- unloading, moving an order: statement triggers over the changed rows) and on orders (a row
-- trigger that fires only when the customer, the requested date or the delivery time of an order
-- changes: placing an order never fires it, and an order is on at most one delivery).
CREATE TABLE delivery_order_facts (
  delivery_id   integer NOT NULL,
  order_id      integer NOT NULL,
  customer_id   integer NOT NULL,
  schedule_date date NOT NULL,
  delivered_at  timestamptz,
  PRIMARY KEY (delivery_id, order_id),
  UNIQUE (order_id)
) WITH (fillfactor = 85);

CREATE FUNCTION delivery_order_facts_loaded() RETURNS trigger AS $$
BEGIN
  INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at)
  SELECT n.delivery_id, n.order_id, o.customer_id, o.schedule_date, o.delivered_at
    FROM new_rows n JOIN orders o ON o.order_id = n.order_id
   ORDER BY n.delivery_id, n.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION delivery_order_facts_unloaded() RETURNS trigger AS $$
BEGIN
  DELETE FROM delivery_order_facts f USING old_rows o
   WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION delivery_order_facts_moved() RETURNS trigger AS $$
BEGIN
  DELETE FROM delivery_order_facts f USING old_rows o
   WHERE f.delivery_id = o.delivery_id AND f.order_id = o.order_id;
  INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at)
  SELECT n.delivery_id, n.order_id, o.customer_id, o.schedule_date, o.delivered_at
    FROM new_rows n JOIN orders o ON o.order_id = n.order_id
   ORDER BY n.delivery_id, n.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_order_facts_ins AFTER INSERT ON delivery_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_loaded();
CREATE TRIGGER delivery_order_facts_del AFTER DELETE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_unloaded();
CREATE TRIGGER delivery_order_facts_upd AFTER UPDATE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_order_facts_moved();

CREATE FUNCTION orders_delivery_order_facts() RETURNS trigger AS $$
BEGIN
  UPDATE delivery_order_facts
     SET customer_id = NEW.customer_id, schedule_date = NEW.schedule_date, delivered_at = NEW.delivered_at
   WHERE order_id = NEW.order_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_delivery_order_facts AFTER UPDATE OF customer_id, schedule_date, delivered_at ON orders
  FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id
                     OR OLD.schedule_date IS DISTINCT FROM NEW.schedule_date
                     OR OLD.delivered_at IS DISTINCT FROM NEW.delivered_at)
  EXECUTE FUNCTION orders_delivery_order_facts();

-- Refills from delivery_orders and orders: this migration, and bulk loaders that bypass the
-- triggers (the scale seed). Rows in delivery order, so a delivery's rows share pages.
CREATE FUNCTION rebuild_delivery_order_facts() RETURNS void AS $$
BEGIN
  DELETE FROM delivery_order_facts;
  INSERT INTO delivery_order_facts (delivery_id, order_id, customer_id, schedule_date, delivered_at)
  SELECT x.delivery_id, x.order_id, o.customer_id, o.schedule_date, o.delivered_at
    FROM delivery_orders x JOIN orders o ON o.order_id = x.order_id
   ORDER BY x.delivery_id, x.order_id;
END
$$ LANGUAGE plpgsql;

SELECT rebuild_delivery_order_facts();
ANALYZE delivery_order_facts;
