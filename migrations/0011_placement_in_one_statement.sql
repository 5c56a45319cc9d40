-- Issue 7 part 5: an order is placed in one statement (order, first status, lines and stock
-- reservations together; docs/decisions/0031). The AFTER triggers of that statement fire at
-- its end, when the order row's trigger already sees the lines of the same statement, which the
-- lines' own trigger (order_items_sales_rollup) also counts. So an inserted order adds only
-- itself (1 order, its fee) to sales_daily; its units, space and revenue always come from its
-- lines' trigger. (Inserted in separate statements, as before, the order had no lines yet when
-- its trigger ran: the sums were 0 then too.)
CREATE OR REPLACE FUNCTION orders_sales_rollup() RETURNS trigger AS $$
DECLARE
  l_units integer := 0;
  l_space numeric := 0;
  l_revenue numeric := 0;
  old_type text;
  new_type text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(sum(i.quantity), 0), coalesce(sum(i.quantity * p.space_per_unit), 0),
           coalesce(sum(i.quantity * i.unit_price), 0)
      INTO l_units, l_space, l_revenue
      FROM order_items i JOIN products p USING (product_id)
     WHERE i.order_id = coalesce(NEW.order_id, OLD.order_id);
  END IF;
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
