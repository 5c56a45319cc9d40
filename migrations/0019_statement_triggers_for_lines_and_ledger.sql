-- Issue 7 part 5 (docs/decisions/0044): the triggers that run under an order's product locks
-- fire once per statement on insert instead of once per row.
--
-- Since migration 0019_placement_lines_after_lock an order's lines and ledger rows are written
-- while it holds its products, and every other order wanting one of them waits until it commits.
-- Per line, three row triggers ran there (audit row, product sales delta, sales delta: each a
-- plpgsql call with its own statements) and per ledger row one more (audit row). On insert they
-- now run once per statement over the inserted rows (transition table `new_rows`) and write the
-- same rows: one audit row per inserted row with the same key, values and actor, one product
-- sales delta per line, and the lines' units, space and revenue in `sales_daily_deltas` summed
-- per key (readers sum per key anyway, decision 0039). Updates and deletes keep their row
-- triggers.

-- One audit row per inserted row, as audit_row() writes it (TG_ARGV[0]: the key columns).
CREATE FUNCTION audit_rows_inserted() RETURNS trigger AS $$
DECLARE
  actor integer := nullif(current_setting('app.user_id', true), '')::integer;
  key_cols text[] := string_to_array(TG_ARGV[0], ',');
BEGIN
  INSERT INTO audit_log (table_name, operation, row_key, old_row, new_row, performed_by)
  SELECT TG_TABLE_NAME, 'INSERT',
         (SELECT string_agg(coalesce(r.j ->> k.col, ''), ',' ORDER BY k.ord)
            FROM unnest(key_cols) WITH ORDINALITY k(col, ord)),
         NULL, r.j, actor
    FROM (SELECT to_jsonb(n) - 'password_hash' - 'data' AS j FROM new_rows n) r;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER order_items_audit ON order_items;
CREATE TRIGGER order_items_audit AFTER UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION audit_row('order_item_id');
CREATE TRIGGER order_items_audit_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows_inserted('order_item_id');

-- stock_movements_audit keeps its name for updates and deletes (rebuild_stock_rollups() turns it
-- off by name while it renumbers the ledger).
DROP TRIGGER stock_movements_audit ON stock_movements;
CREATE TRIGGER stock_movements_audit AFTER UPDATE OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION audit_row('movement_id');
CREATE TRIGGER stock_movements_audit_insert AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_rows_inserted('movement_id');

-- The lines' product sales deltas (as order_items_sales() on insert: one per line of an order
-- that is not cancelled).
CREATE FUNCTION order_items_sales_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO product_sales_daily_deltas (sales_date, product_id, units, revenue, order_count)
  SELECT business_date(o.order_date), n.product_id, n.quantity, n.quantity * n.unit_price, 1
    FROM new_rows n JOIN orders o ON o.order_id = n.order_id
   WHERE o.status <> 'Cancelled';
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- The lines' units, space and revenue in the sales rollup (as order_items_sales_rollup() on
-- insert), one delta per key instead of one per line.
CREATE FUNCTION order_items_sales_rollup_inserted() RETURNS trigger AS $$
BEGIN
  INSERT INTO sales_daily_deltas (sales_date, customer_type, city_id, route_id, orders, units, space, revenue, fees)
  SELECT business_date(o.order_date), c.type, coalesce(o.city_id, 0), coalesce(o.route_id, 0),
         0, sum(n.quantity), sum(n.quantity * p.space_per_unit), sum(n.quantity * n.unit_price), 0
    FROM new_rows n
    JOIN orders o ON o.order_id = n.order_id
    JOIN customers c ON c.customer_id = o.customer_id
    JOIN products p ON p.product_id = n.product_id
   WHERE o.status <> 'Cancelled'
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER order_items_sales ON order_items;
CREATE TRIGGER order_items_sales AFTER UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_sales();
CREATE TRIGGER order_items_sales_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_sales_inserted();

DROP TRIGGER order_items_totals_rollup ON order_items;
CREATE TRIGGER order_items_totals_rollup AFTER UPDATE OR DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_sales_rollup();
CREATE TRIGGER order_items_totals_rollup_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_items_sales_rollup_inserted();
