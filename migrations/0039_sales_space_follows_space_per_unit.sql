-- Issue 24, races (docs/decisions/0073): the train space in the sales rollup follows a product's
-- space per unit when it is edited.
--
-- sales_daily's space is, by its rebuild (rebuild_admin_rollups), the sum of quantity x the
-- product's space per unit over the lines of every order that is not cancelled. The triggers
-- added a line's space at the space per unit of the moment it was written and took it off, at a
-- cancel or a line change, at the space per unit of that later moment: after an edit of the
-- product in between, a cancelled order left quantity x (old - new) behind in its day's row
-- (found by src/server/races.test.ts, race 8: 40.000 kept where the rebuild says 48.100).
--
-- An edit of space_per_unit now adds the difference for the product's lines of orders that are
-- not cancelled, one delta per rollup key, so the kept figure equals the rebuild's at every
-- moment. The edit holds the product row while it reads the orders; a cancel takes the order's
-- products (FOR NO KEY UPDATE, id order) before its status changes
-- (order-scheduling.service cancelOrder), placing and changing an order write lines under the
-- same lock: either the edit sees the order cancelled, or the cancel reads the new space.
CREATE FUNCTION products_sales_space() RETURNS trigger AS $$
BEGIN
  INSERT INTO sales_daily_deltas (sales_date, customer_type, city_id, route_id, space)
  SELECT business_date(o.order_date), c.type, coalesce(o.city_id, 0), coalesce(o.route_id, 0),
         sum(i.quantity) * (NEW.space_per_unit - OLD.space_per_unit)
    FROM order_items i
    JOIN orders o ON o.order_id = i.order_id
    JOIN customers c ON c.customer_id = o.customer_id
   WHERE i.product_id = NEW.product_id AND o.status <> 'Cancelled'
   GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER products_sales_space AFTER UPDATE OF space_per_unit ON products
  FOR EACH ROW WHEN (OLD.space_per_unit IS DISTINCT FROM NEW.space_per_unit)
  EXECUTE FUNCTION products_sales_space();
