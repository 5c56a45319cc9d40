-- The planner's pending list keeps each Pending order's lines, not its space
-- (docs/decisions/0054-pending-and-loadable-lists.md, "Amended after review").
--
-- pending_order_space (migration 0026) kept ceil(sum(quantity x space per unit) x 100) per
-- Pending order, so a product's new space per unit rewrote the rows of its Pending orders in the
-- product edit's transaction. Review found three faults in that, each reproduced with two
-- sessions: two products of one order edited at once left the order's figure computed from a
-- snapshot without the other edit (no lock before the read); a product edit waiting on the row
-- of an order being cancelled deadlocked with the cancel, which locks the order then its
-- products (the edit held the product, then waited on the order's row); and an edit waiting on
-- the row of an order being approved wrote it again after the order had left Pending.
--
-- pending_order_lines keeps what does not depend on the products: each Pending order's lines,
-- as two arrays in product order. The list multiplies them by the products' space per unit when
-- it reads (a hash of the products table, a few rows per listed order), so a product edit
-- writes nothing here and takes no lock on any order. The rows change only with the order's
-- lines and with its status into or out of Pending; the refresh locks the orders first (in id
-- order, as every writer of orders does) and reads the lines in its next statement, so two
-- writers of one order's row take turns and the later one reads what the earlier committed.

DROP TRIGGER products_pending_space ON products;
DROP FUNCTION products_pending_space();
DROP TRIGGER orders_pending_space ON orders;
DROP FUNCTION orders_pending_space();
DROP TRIGGER order_items_pending_space_ins ON order_items;
DROP TRIGGER order_items_pending_space_del ON order_items;
DROP TRIGGER order_items_pending_space_upd ON order_items;
DROP FUNCTION order_items_pending_space();
DROP FUNCTION rebuild_pending_order_space();
DROP FUNCTION pending_order_space_refresh(integer[]);
DROP TABLE pending_order_space;

CREATE TABLE pending_order_lines (
  order_id    integer PRIMARY KEY REFERENCES orders (order_id) ON DELETE CASCADE,
  product_ids integer[] NOT NULL,
  quantities  integer[] NOT NULL
);

-- Makes the rows of these orders exact: the lines of each one that is Pending and has lines, none
-- for the others. Generic plans (decision 0054: with `= ANY ($1)` PL/pgSQL otherwise planned
-- every statement on every call).
CREATE FUNCTION pending_order_lines_refresh(p_order_ids integer[]) RETURNS void
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF cardinality(p_order_ids) = 0 THEN
    RETURN;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'pending_order_lines is written in READ COMMITTED transactions only (decision 0054)';
  END IF;
  -- one writer of an order's row at a time; the statements below read what the previous committed
  PERFORM 1 FROM orders WHERE order_id = ANY (p_order_ids) ORDER BY order_id FOR NO KEY UPDATE;
  DELETE FROM pending_order_lines l
   WHERE l.order_id = ANY (p_order_ids)
     AND NOT EXISTS (SELECT FROM orders o JOIN order_items i ON i.order_id = o.order_id
                      WHERE o.order_id = l.order_id AND o.status = 'Pending');
  INSERT INTO pending_order_lines AS l (order_id, product_ids, quantities)
  SELECT o.order_id, array_agg(i.product_id ORDER BY i.product_id), array_agg(i.quantity ORDER BY i.product_id)
    FROM orders o
    JOIN order_items i ON i.order_id = o.order_id
   WHERE o.order_id = ANY (p_order_ids) AND o.status = 'Pending'
   GROUP BY o.order_id
   ORDER BY o.order_id
  ON CONFLICT (order_id) DO UPDATE SET product_ids = excluded.product_ids, quantities = excluded.quantities
   WHERE (l.product_ids, l.quantities) IS DISTINCT FROM (excluded.product_ids, excluded.quantities);
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION order_items_pending_lines() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pending_order_lines_refresh(ARRAY(SELECT DISTINCT order_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pending_order_lines_refresh(ARRAY(SELECT DISTINCT order_id FROM old_rows));
  ELSE
    PERFORM pending_order_lines_refresh(
      ARRAY(SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER order_items_pending_lines_ins AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_lines();
CREATE TRIGGER order_items_pending_lines_del AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_lines();
CREATE TRIGGER order_items_pending_lines_upd AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_items_pending_lines();

CREATE FUNCTION orders_pending_lines() RETURNS trigger AS $$
BEGIN
  PERFORM pending_order_lines_refresh(ARRAY[NEW.order_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_pending_lines AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Pending') IS DISTINCT FROM (NEW.status = 'Pending'))
  EXECUTE FUNCTION orders_pending_lines();

-- Refills from orders and order_items: this migration, and bulk loaders that bypass the
-- triggers (the scale seed).
CREATE FUNCTION rebuild_pending_order_lines() RETURNS void AS $$
BEGIN
  DELETE FROM pending_order_lines;
  PERFORM pending_order_lines_refresh(ARRAY(SELECT order_id FROM orders WHERE status = 'Pending' ORDER BY order_id));
END
$$ LANGUAGE plpgsql;

SELECT rebuild_pending_order_lines();
ANALYZE pending_order_lines;
