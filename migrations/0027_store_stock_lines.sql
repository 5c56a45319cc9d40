-- The lines of the orders waiting at or travelling to a city's store, with their train legs'
-- arrival times (docs/decisions/0055). GET /api/stores/{id}/stock (decision 0016: goods are at the
-- store when the order is Scheduled and every train trip it is booked on to its city has arrived)
-- read, per request, the city's Scheduled orders, one probe of the allocations per order and
-- every line of them from the heap (1,265 orders, 3,262 lines for the busiest store at 1M
-- orders: 11,700 buffers, 7 ms idle). Which side an order is on still depends on the time it is
-- asked (an arrival in the past), so the time is compared when reading; everything else is kept
-- here, one row per line, so a request reads the city's lines from one index.
--
-- Exact at any moment: kept in the writer's transaction by triggers on what the answer is made
-- of: an order's status, city, customer and requested date (a row trigger that fires only when
-- one of them changes for an order that is or was Scheduled: placing an order never fires it),
-- its train allocations (statement triggers over the rows changed), its trips' arrival (a row
-- trigger when a trip's arrival time or city changes) and its lines (statement triggers; only
-- the lines of a Scheduled order matter: placement writes the lines of a Pending order and pays
-- one join of the lines inserted to their orders). Each refreshes its orders' rows from the base
-- tables by the same derivation as the rebuild (store_stock_refresh), the orders' rows locked
-- first so two writers of one order refresh one after the other.
CREATE TABLE store_stock_lines (
  order_id      integer NOT NULL,
  product_id    integer NOT NULL,
  city_id       integer NOT NULL,
  -- the latest arrival of the order's train legs to its city: the order is at the store from then
  last_arrival  timestamptz NOT NULL,
  -- every leg's arrival, in time order (trips arrived of total)
  arrivals      timestamptz[] NOT NULL,
  customer_id   integer NOT NULL,
  schedule_date date NOT NULL,
  quantity      integer NOT NULL,
  PRIMARY KEY (order_id, product_id)
);
-- a city's lines by product and arrival: totals per product and side, and the first orders of each
CREATE INDEX store_stock_lines_city_idx ON store_stock_lines (city_id, product_id, last_arrival, order_id)
  INCLUDE (quantity);

-- The rows of these orders, derived again from orders, train_allocations, train_trips and
-- order_items (an order that is not Scheduled, or has no train leg to its city, has none).
CREATE FUNCTION store_stock_refresh(p_orders integer[]) RETURNS void AS $$
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
   ORDER BY l.order_id, i.product_id;
END
$$ LANGUAGE plpgsql;

-- (No insert or delete trigger on orders: an order has no allocation or line when it is inserted,
-- and one with allocations cannot be deleted: train_allocations' foreign key.)
CREATE FUNCTION orders_store_stock() RETURNS trigger AS $$
BEGIN
  PERFORM store_stock_refresh(ARRAY[NEW.order_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_store_stock AFTER UPDATE OF status, city_id, customer_id, schedule_date ON orders
  FOR EACH ROW WHEN ((OLD.status = 'Scheduled' OR NEW.status = 'Scheduled')
                     AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.city_id IS DISTINCT FROM NEW.city_id
                          OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
                          OR OLD.schedule_date IS DISTINCT FROM NEW.schedule_date))
  EXECUTE FUNCTION orders_store_stock();

-- An order's train legs or lines changed (statement triggers: the rows changed, once).
-- Allocations: every order named (scheduling, not the hot path). Lines: only Scheduled orders'
-- (placement inserts the lines of Pending orders; the writers that schedule an order lock its row).
CREATE FUNCTION store_stock_rows_changed() RETURNS trigger AS $$
DECLARE
  only_scheduled boolean := TG_TABLE_NAME = 'order_items';
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    changed := array(SELECT DISTINCT n.order_id FROM new_rows n JOIN orders o ON o.order_id = n.order_id
                      WHERE NOT only_scheduled OR o.status = 'Scheduled' ORDER BY 1);
  ELSIF TG_OP = 'DELETE' THEN
    changed := array(SELECT DISTINCT x.order_id FROM old_rows x JOIN orders o ON o.order_id = x.order_id
                      WHERE NOT only_scheduled OR o.status = 'Scheduled' ORDER BY 1);
  ELSE
    changed := array(SELECT DISTINCT x.order_id
                       FROM (SELECT order_id FROM old_rows UNION SELECT order_id FROM new_rows) x
                       JOIN orders o ON o.order_id = x.order_id
                      WHERE NOT only_scheduled OR o.status = 'Scheduled' ORDER BY 1);
  END IF;
  IF cardinality(changed) > 0 THEN
    PERFORM store_stock_refresh(changed);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER train_allocations_store_stock_ins AFTER INSERT ON train_allocations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();
CREATE TRIGGER train_allocations_store_stock_del AFTER DELETE ON train_allocations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();
CREATE TRIGGER train_allocations_store_stock_upd AFTER UPDATE ON train_allocations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();
CREATE TRIGGER order_items_store_stock_ins AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();
CREATE TRIGGER order_items_store_stock_del AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();
CREATE TRIGGER order_items_store_stock_upd AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION store_stock_rows_changed();

-- A trip's arrival moved (or its city): every order booked on it.
CREATE FUNCTION train_trips_store_stock() RETURNS trigger AS $$
BEGIN
  PERFORM store_stock_refresh(array(
    SELECT order_id FROM train_allocations WHERE train_trip_id = NEW.train_trip_id ORDER BY order_id));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER train_trips_store_stock AFTER UPDATE OF arrival_date_time, arrival_city_id ON train_trips
  FOR EACH ROW WHEN (OLD.arrival_date_time IS DISTINCT FROM NEW.arrival_date_time
                     OR OLD.arrival_city_id IS DISTINCT FROM NEW.arrival_city_id)
  EXECUTE FUNCTION train_trips_store_stock();

-- Refills from the base tables: this migration, and bulk loaders that bypass the triggers (the
-- scale seed, the order-query bench).
CREATE FUNCTION rebuild_store_stock_lines() RETURNS void AS $$
BEGIN
  DELETE FROM store_stock_lines;
  PERFORM store_stock_refresh(array(SELECT order_id FROM orders WHERE status = 'Scheduled' ORDER BY order_id));
END
$$ LANGUAGE plpgsql;

SELECT rebuild_store_stock_lines();
ANALYZE store_stock_lines;
