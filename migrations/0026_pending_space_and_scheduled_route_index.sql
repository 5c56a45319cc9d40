-- The manager's two order lists to plan and to load (docs/decisions/0054-pending-and-loadable-lists.md).
--
-- 1. The planner's pending orders (GET /api/planning/pending-orders) are the Pending orders of a
--    period by requested date, each with its space: ceil(sum(quantity x space per unit) x 100)
--    hundredths over its lines. Computed per order that was an index lookup into the 2.5-million-
--    row order_items per listed order (1,000 per request, about two thirds of the statement).
--    pending_order_space keeps that figure for every Pending order that has lines, exact at any
--    moment: one function (pending_order_space_refresh) makes the rows of the given orders right,
--    called by triggers on every write that changes the figure or whether the order is Pending:
--    lines added, changed or removed (statement triggers over the changed rows; placing an order
--    adds one row here), a product's space per unit changed (the Pending orders with that
--    product), an order's status into or out of Pending (a row trigger that fires only then).
--    A deleted order takes its row along (foreign key). Only Pending orders: a product's new
--    space per unit rewrites a few thousand rows at most, not every order that ever had it.
--    The list reads its orders from a partial index of the Pending orders in list order with
--    the columns it needs (an index-only scan that stops at the limit, instead of reading the
--    Pending and Scheduled orders of the period from orders_open_schedule_idx and sorting them).
--
-- 2. The loadable orders of a delivery (GET /api/deliveries/{id}/loadable-orders) are a route's
--    Scheduled orders by requested date and id. orders_scheduled_route_idx (route, date) becomes
--    (route, date, id): the list takes its page of ids from it alone (index-only, in list order)
--    and reads the 200 orders after; the planner had preferred reading every open order through
--    orders_open_schedule_idx (9,300 rows for 613 at 1M orders) and sorting them.

CREATE TABLE pending_order_space (
  order_id    integer PRIMARY KEY REFERENCES orders (order_id) ON DELETE CASCADE,
  space_cents bigint NOT NULL
);

-- Makes the rows of these orders exact: a row with the space in hundredths for each one that is
-- Pending and has lines, none for the others. Generic plans: with `= ANY ($1)` PL/pgSQL kept
-- planning both statements on every call (custom plans, about 0.5 ms a call at 1M orders: a
-- placement's backend CPU went from 1.0 to 1.6 ms); the generic plan is the same primary-key
-- lookups (31 us a call).
CREATE FUNCTION pending_order_space_refresh(p_order_ids integer[]) RETURNS void
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM pending_order_space s
   WHERE s.order_id = ANY (p_order_ids)
     AND NOT EXISTS (SELECT FROM orders o JOIN order_items i ON i.order_id = o.order_id
                      WHERE o.order_id = s.order_id AND o.status = 'Pending');
  INSERT INTO pending_order_space AS s (order_id, space_cents)
  SELECT o.order_id, ceil(sum(i.quantity * p.space_per_unit) * 100)::bigint
    FROM orders o
    JOIN order_items i ON i.order_id = o.order_id
    JOIN products p ON p.product_id = i.product_id
   WHERE o.order_id = ANY (p_order_ids) AND o.status = 'Pending'
   GROUP BY o.order_id
   ORDER BY o.order_id
  ON CONFLICT (order_id) DO UPDATE SET space_cents = excluded.space_cents
   WHERE s.space_cents <> excluded.space_cents;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION order_items_pending_space() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pending_order_space_refresh(ARRAY(SELECT DISTINCT order_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pending_order_space_refresh(ARRAY(SELECT DISTINCT order_id FROM old_rows));
  ELSE
    PERFORM pending_order_space_refresh(
      ARRAY(SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER order_items_pending_space_ins AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_space();
CREATE TRIGGER order_items_pending_space_del AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_space();
CREATE TRIGGER order_items_pending_space_upd AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_space();

CREATE FUNCTION products_pending_space() RETURNS trigger AS $$
BEGIN
  PERFORM pending_order_space_refresh(ARRAY(
    SELECT s.order_id FROM pending_order_space s
     WHERE EXISTS (SELECT FROM order_items i WHERE i.order_id = s.order_id AND i.product_id = NEW.product_id)));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER products_pending_space AFTER UPDATE OF space_per_unit ON products
  FOR EACH ROW WHEN (OLD.space_per_unit IS DISTINCT FROM NEW.space_per_unit)
  EXECUTE FUNCTION products_pending_space();

CREATE FUNCTION orders_pending_space() RETURNS trigger AS $$
BEGIN
  PERFORM pending_order_space_refresh(ARRAY[NEW.order_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_pending_space AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Pending') IS DISTINCT FROM (NEW.status = 'Pending'))
  EXECUTE FUNCTION orders_pending_space();

-- Refills from orders and order_items: this migration, and bulk loaders that bypass the
-- triggers (the scale seed).
CREATE FUNCTION rebuild_pending_order_space() RETURNS void AS $$
BEGIN
  DELETE FROM pending_order_space;
  PERFORM pending_order_space_refresh(ARRAY(SELECT order_id FROM orders WHERE status = 'Pending'));
END
$$ LANGUAGE plpgsql;

SELECT rebuild_pending_order_space();
ANALYZE pending_order_space;

-- The pending list's orders in list order, with what it joins on (index-only scans).
CREATE INDEX orders_pending_schedule_idx ON orders (schedule_date, order_id)
  INCLUDE (customer_id, city_id, route_id) WHERE status = 'Pending';

-- The loadable list's page of ids in list order; also everything the previous (route, date) index did.
DROP INDEX orders_scheduled_route_idx;
CREATE INDEX orders_scheduled_route_idx ON orders (route_id, schedule_date, order_id) WHERE status = 'Scheduled';
