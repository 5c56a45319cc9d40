-- One trigger function for the derived data refreshed per order (docs/decisions/0078).
-- Replaces delivery_failures_open_rows_changed and orders_delivery_failures_open from
-- 0030_failed_items_and_returns, order_items_pending_lines and orders_pending_lines from
-- 0028_pending_order_lines, and orders_store_stock from 0027_store_stock_lines: each of them
-- collected the orders a write touched (the row's order, or the orders of a statement's
-- transition rows) and called its table's refresh with them. orders_derived_refresh does the
-- collecting once; its argument names the table to refresh. Same triggers (names, events, WHEN
-- clauses, so the same firing order), same refresh functions, same orders in the same order.

CREATE FUNCTION orders_derived_refresh() RETURNS trigger AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    ids := ARRAY[NEW.order_id];
  ELSIF TG_OP = 'INSERT' THEN
    ids := array(SELECT DISTINCT order_id FROM new_rows ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    ids := array(SELECT DISTINCT order_id FROM old_rows ORDER BY 1);
  ELSE
    ids := array(SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows ORDER BY 1);
  END IF;
  -- no ELSE: a trigger naming another table fails (case_not_found)
  CASE TG_ARGV[0]
    WHEN 'delivery_failures' THEN PERFORM refresh_delivery_failures_open(ids);
    WHEN 'pending_order_lines' THEN PERFORM pending_order_lines_refresh(ids);
    WHEN 'store_stock_lines' THEN PERFORM store_stock_refresh(ids);
  END CASE;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- ---- delivery_failures.open (0030): loaded on a truck, taken off one, failed, back at the store ----

DROP TRIGGER delivery_orders_failures_open_ins ON delivery_orders;
DROP TRIGGER delivery_orders_failures_open_del ON delivery_orders;
DROP TRIGGER delivery_orders_failures_open_upd ON delivery_orders;
DROP TRIGGER delivery_failures_open_ins ON delivery_failures;
DROP TRIGGER delivery_failures_open_del ON delivery_failures;
DROP TRIGGER orders_delivery_failures_open ON orders;
CREATE TRIGGER delivery_orders_failures_open_ins AFTER INSERT ON delivery_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
CREATE TRIGGER delivery_orders_failures_open_del AFTER DELETE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
CREATE TRIGGER delivery_orders_failures_open_upd AFTER UPDATE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
CREATE TRIGGER delivery_failures_open_ins AFTER INSERT ON delivery_failures
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
CREATE TRIGGER delivery_failures_open_del AFTER DELETE ON delivery_failures
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
CREATE TRIGGER orders_delivery_failures_open AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Scheduled') IS DISTINCT FROM (NEW.status = 'Scheduled'))
  EXECUTE FUNCTION orders_derived_refresh('delivery_failures');
DROP FUNCTION delivery_failures_open_rows_changed();
DROP FUNCTION orders_delivery_failures_open();

-- ---- pending_order_lines (0028): an order's lines, while it is Pending ----

DROP TRIGGER order_items_pending_lines_ins ON order_items;
DROP TRIGGER order_items_pending_lines_del ON order_items;
DROP TRIGGER order_items_pending_lines_upd ON order_items;
DROP TRIGGER orders_pending_lines ON orders;
CREATE TRIGGER order_items_pending_lines_ins AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('pending_order_lines');
CREATE TRIGGER order_items_pending_lines_del AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_derived_refresh('pending_order_lines');
CREATE TRIGGER order_items_pending_lines_upd AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION orders_derived_refresh('pending_order_lines');
CREATE TRIGGER orders_pending_lines AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Pending') IS DISTINCT FROM (NEW.status = 'Pending'))
  EXECUTE FUNCTION orders_derived_refresh('pending_order_lines');
DROP FUNCTION order_items_pending_lines();
DROP FUNCTION orders_pending_lines();

-- ---- store_stock_lines (0027): an order's status, city, customer or day changed ----

DROP TRIGGER orders_store_stock ON orders;
CREATE TRIGGER orders_store_stock AFTER UPDATE OF status, city_id, customer_id, schedule_date ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Scheduled' OR NEW.status = 'Scheduled')
                     AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.city_id IS DISTINCT FROM NEW.city_id
                          OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
                          OR OLD.schedule_date IS DISTINCT FROM NEW.schedule_date))
  EXECUTE FUNCTION orders_derived_refresh('store_stock_lines');
DROP FUNCTION orders_store_stock();
