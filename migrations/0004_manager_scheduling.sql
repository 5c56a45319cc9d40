-- Manager scheduling (issue 8): the database keeps train space and truck load from the bookings
-- themselves, so no writer can overbook a trip or overload a truck (docs/decisions/0013).

-- ---- Train space: train_trips.used_capacity is the sum of the trip's train_allocations ----

-- bring existing rows in line before the guard below forbids writing the column directly
UPDATE train_trips t
   SET used_capacity = coalesce((SELECT sum(a.space) FROM train_allocations a
                                  WHERE a.train_trip_id = t.train_trip_id), 0);

-- A new trip starts empty whatever the writer says; afterwards only the allocation triggers
-- (trigger depth 2) may move used_capacity. CHECK (used_capacity <= total_capacity) then refuses
-- both an overbooking and shrinking a trip below what is booked on it.
CREATE FUNCTION train_trips_used_capacity_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.used_capacity := 0;
  ELSIF NEW.used_capacity IS DISTINCT FROM OLD.used_capacity AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'train_trips.used_capacity follows the train_allocations and cannot be written directly'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'train_trips_used_capacity_derived';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER train_trips_used_capacity BEFORE INSERT OR UPDATE ON train_trips
  FOR EACH ROW EXECUTE FUNCTION train_trips_used_capacity_guard();

-- Statement-level with transition tables: one UPDATE per statement, also for bulk inserts.
CREATE FUNCTION train_allocations_added() RETURNS trigger AS $$
BEGIN
  UPDATE train_trips t SET used_capacity = t.used_capacity + n.space
    FROM (SELECT train_trip_id, sum(space) AS space FROM new_rows GROUP BY train_trip_id) n
   WHERE t.train_trip_id = n.train_trip_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION train_allocations_removed() RETURNS trigger AS $$
BEGIN
  UPDATE train_trips t SET used_capacity = t.used_capacity - o.space
    FROM (SELECT train_trip_id, sum(space) AS space FROM old_rows GROUP BY train_trip_id) o
   WHERE t.train_trip_id = o.train_trip_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION train_allocations_changed() RETURNS trigger AS $$
BEGIN
  -- release first, then book, so moving space between rows never trips the CHECK on the way
  UPDATE train_trips t SET used_capacity = t.used_capacity - o.space
    FROM (SELECT train_trip_id, sum(space) AS space FROM old_rows GROUP BY train_trip_id) o
   WHERE t.train_trip_id = o.train_trip_id;
  UPDATE train_trips t SET used_capacity = t.used_capacity + n.space
    FROM (SELECT train_trip_id, sum(space) AS space FROM new_rows GROUP BY train_trip_id) n
   WHERE t.train_trip_id = n.train_trip_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER train_allocations_insert_book AFTER INSERT ON train_allocations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION train_allocations_added();
CREATE TRIGGER train_allocations_delete_book AFTER DELETE ON train_allocations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION train_allocations_removed();
CREATE TRIGGER train_allocations_update_book AFTER UPDATE ON train_allocations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION train_allocations_changed();

-- ---- Truck load: deliveries.loaded_space is the sum of its delivery_orders.space ----

-- The space an order takes on the truck is the space booked for it on the train (or, without a
-- booking, quantity x space per unit), rounded up to hundredths; written by the trigger below.
ALTER TABLE delivery_orders ADD COLUMN space numeric(10, 2) NOT NULL DEFAULT 0 CHECK (space >= 0);
ALTER TABLE deliveries ADD COLUMN loaded_space numeric(10, 2) NOT NULL DEFAULT 0 CHECK (loaded_space >= 0);

CREATE FUNCTION order_space(p_order_id integer) RETURNS numeric AS $$
  SELECT coalesce(
    (SELECT sum(a.space) FROM train_allocations a WHERE a.order_id = p_order_id),
    (SELECT ceil(sum(i.quantity * p.space_per_unit) * 100) / 100
       FROM order_items i JOIN products p ON p.product_id = i.product_id
      WHERE i.order_id = p_order_id),
    0)::numeric(10, 2)
$$ LANGUAGE sql STABLE;

UPDATE delivery_orders SET space = order_space(order_id);
UPDATE deliveries d
   SET loaded_space = coalesce((SELECT sum(x.space) FROM delivery_orders x WHERE x.delivery_id = d.delivery_id), 0);

CREATE FUNCTION delivery_orders_space() RETURNS trigger AS $$
BEGIN
  NEW.space := order_space(NEW.order_id);
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER delivery_orders_space BEFORE INSERT OR UPDATE OF order_id ON delivery_orders
  FOR EACH ROW EXECUTE FUNCTION delivery_orders_space();

CREATE FUNCTION deliveries_loaded_space_guard() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.loaded_space := 0;
  ELSIF NEW.loaded_space IS DISTINCT FROM OLD.loaded_space AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'deliveries.loaded_space follows the delivery_orders and cannot be written directly'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'deliveries_loaded_space_derived';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER deliveries_loaded_space BEFORE INSERT OR UPDATE ON deliveries
  FOR EACH ROW EXECUTE FUNCTION deliveries_loaded_space_guard();

-- Refuses a load beyond the truck's capacity (the UPDATE holds the delivery row's lock, so two
-- loads of one truck run one after the other).
CREATE FUNCTION deliveries_check_truck_capacity(p_ids integer[]) RETURNS void AS $$
DECLARE
  over record;
BEGIN
  SELECT d.delivery_id, t.plate_number, t.capacity, d.loaded_space INTO over
    FROM deliveries d JOIN trucks t ON t.truck_id = d.truck_id
   WHERE d.delivery_id = ANY (p_ids) AND d.loaded_space > t.capacity
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Truck % of delivery % would carry % units of space; its capacity is %',
      over.plate_number, over.delivery_id, over.loaded_space, over.capacity
      USING ERRCODE = 'check_violation', CONSTRAINT = 'deliveries_truck_capacity';
  END IF;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION delivery_orders_loaded() RETURNS trigger AS $$
BEGIN
  UPDATE deliveries d SET loaded_space = d.loaded_space + n.space
    FROM (SELECT delivery_id, sum(space) AS space FROM new_rows GROUP BY delivery_id) n
   WHERE d.delivery_id = n.delivery_id;
  PERFORM deliveries_check_truck_capacity(ARRAY(SELECT DISTINCT delivery_id FROM new_rows));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION delivery_orders_unloaded() RETURNS trigger AS $$
BEGIN
  UPDATE deliveries d SET loaded_space = d.loaded_space - o.space
    FROM (SELECT delivery_id, sum(space) AS space FROM old_rows GROUP BY delivery_id) o
   WHERE d.delivery_id = o.delivery_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE FUNCTION delivery_orders_moved() RETURNS trigger AS $$
BEGIN
  UPDATE deliveries d SET loaded_space = d.loaded_space - o.space
    FROM (SELECT delivery_id, sum(space) AS space FROM old_rows GROUP BY delivery_id) o
   WHERE d.delivery_id = o.delivery_id;
  UPDATE deliveries d SET loaded_space = d.loaded_space + n.space
    FROM (SELECT delivery_id, sum(space) AS space FROM new_rows GROUP BY delivery_id) n
   WHERE d.delivery_id = n.delivery_id;
  PERFORM deliveries_check_truck_capacity(ARRAY(SELECT DISTINCT delivery_id FROM new_rows));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER delivery_orders_insert_load AFTER INSERT ON delivery_orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_orders_loaded();
CREATE TRIGGER delivery_orders_delete_load AFTER DELETE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_orders_unloaded();
CREATE TRIGGER delivery_orders_update_load AFTER UPDATE ON delivery_orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION delivery_orders_moved();

-- A delivery leaves only with its whole crew: driver and assistant may be chosen after scheduling,
-- but a delivery without both cannot start (issue 8).
ALTER TABLE deliveries ADD CONSTRAINT deliveries_crew_to_start_ck
  CHECK (status = 'Scheduled' OR (driver_employee_id IS NOT NULL AND assistant_employee_id IS NOT NULL));

-- ---- Indexes for the manager's screens at a million orders ----

-- pending orders by deadline (dashboard), orders near their date without a train (alerts)
CREATE INDEX orders_status_schedule_idx ON orders (status, schedule_date);
-- the on-time rate over recent deliveries, answered from the index alone
CREATE INDEX orders_delivered_at_idx ON orders (delivered_at) INCLUDE (schedule_date)
  WHERE delivered_at IS NOT NULL;
-- approved orders of a route waiting for a truck (loading)
CREATE INDEX orders_scheduled_route_idx ON orders (route_id, schedule_date) WHERE status = 'Scheduled';
-- deliveries not yet done (the upcoming list, dashboard counts and alerts)
CREATE INDEX deliveries_open_idx ON deliveries (delivery_date_time) WHERE status <> 'Delivered';
CREATE INDEX deliveries_route_idx ON deliveries (route_id, delivery_date_time);
