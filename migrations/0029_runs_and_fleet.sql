-- One run on the road per truck, driver and assistant; the fleet managed in the portal
-- (docs/decisions/0056-one-run-on-the-road-and-the-start-window.md,
-- docs/decisions/0057-fleet-managed-in-the-portal.md).

-- ---- One In Transit delivery per truck, driver and assistant ----

-- A database written before this rule may already have two runs on the road for one truck or
-- person, the state the rule stops. Those runs stay on the road, to be finished as they are: all
-- but the earliest started of each clash are marked on_road_before_rule and left out of the
-- indexes below. While any of them is on the road, no run of that truck or person can start
-- (src/server/features/crew/start-rules.ts reads every run In Transit).
ALTER TABLE deliveries ADD COLUMN on_road_before_rule boolean NOT NULL DEFAULT false;
UPDATE deliveries d SET on_road_before_rule = true
 WHERE d.status = 'In Transit'
   AND EXISTS (SELECT 1 FROM deliveries o
                WHERE o.status = 'In Transit' AND o.delivery_id <> d.delivery_id
                  AND (o.truck_id = d.truck_id OR o.driver_employee_id = d.driver_employee_id
                       OR o.assistant_employee_id = d.assistant_employee_id)
                  AND (coalesce(o.started_at, o.delivery_date_time), o.delivery_id)
                      < (coalesce(d.started_at, d.delivery_date_time), d.delivery_id));

CREATE UNIQUE INDEX deliveries_truck_in_transit_uq ON deliveries (truck_id) WHERE status = 'In Transit' AND NOT on_road_before_rule;
CREATE UNIQUE INDEX deliveries_driver_in_transit_uq ON deliveries (driver_employee_id) WHERE status = 'In Transit' AND NOT on_road_before_rule;
CREATE UNIQUE INDEX deliveries_assistant_in_transit_uq ON deliveries (assistant_employee_id) WHERE status = 'In Transit' AND NOT on_road_before_rule;

-- ---- Truck status with a note ----

-- The status is the truck's condition, set by people (decision 0057); the note says why (what
-- is being repaired, when it is due back) and the time it was set.
ALTER TABLE trucks
  ADD COLUMN status_note text CHECK (status_note IS NULL OR length(status_note) BETWEEN 1 AND 300),
  ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now();
UPDATE trucks SET status_note = 'No reason was recorded' WHERE status = 'Under Repair' AND status_note IS NULL;
ALTER TABLE trucks ADD CONSTRAINT trucks_repair_note_ck CHECK (status <> 'Under Repair' OR status_note IS NOT NULL);

-- A truck Under Repair takes no new run: not scheduled, not moved onto a run, not started. Runs
-- it already has stay (they are flagged to the manager) and a run on the road may finish.
CREATE FUNCTION deliveries_truck_not_under_repair() RETURNS trigger AS $$
DECLARE
  t record;
BEGIN
  IF NEW.status IN ('Delivered', 'Failed')
     OR (TG_OP = 'UPDATE' AND NEW.truck_id = OLD.truck_id AND NEW.status = OLD.status) THEN
    RETURN NEW;
  END IF;
  SELECT plate_number, status_note INTO t FROM trucks WHERE truck_id = NEW.truck_id AND status = 'Under Repair';
  IF FOUND THEN
    RAISE EXCEPTION 'Truck % is Under Repair (%) and cannot take delivery %', t.plate_number, t.status_note, NEW.delivery_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'deliveries_truck_under_repair';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER deliveries_truck_under_repair BEFORE INSERT OR UPDATE OF truck_id, status ON deliveries
  FOR EACH ROW EXECUTE FUNCTION deliveries_truck_not_under_repair();

-- ---- Truck capacity against what its runs carry ----

-- Migration 0004 checks the load when orders go on a truck; a smaller capacity, or a run moved
-- to a smaller truck, is checked the same way (deliveries_check_truck_capacity).
CREATE FUNCTION trucks_capacity_lowered() RETURNS trigger AS $$
BEGIN
  -- a load being written onto one of the truck's runs holds that run's row: wait for it, so the
  -- check below reads what it loaded (the truck row first, then its runs: the order in which
  -- scheduling and moving a run lock them too)
  PERFORM 1 FROM deliveries WHERE truck_id = NEW.truck_id AND status IN ('Scheduled', 'In Transit')
    ORDER BY delivery_id FOR NO KEY UPDATE;
  PERFORM deliveries_check_truck_capacity(ARRAY(
    SELECT delivery_id FROM deliveries WHERE truck_id = NEW.truck_id AND status IN ('Scheduled', 'In Transit')));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER trucks_capacity_lowered AFTER UPDATE OF capacity ON trucks
  FOR EACH ROW WHEN (NEW.capacity < OLD.capacity) EXECUTE FUNCTION trucks_capacity_lowered();

CREATE FUNCTION deliveries_truck_changed() RETURNS trigger AS $$
BEGIN
  PERFORM deliveries_check_truck_capacity(ARRAY[NEW.delivery_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER deliveries_truck_changed AFTER UPDATE OF truck_id ON deliveries
  FOR EACH ROW WHEN (NEW.truck_id IS DISTINCT FROM OLD.truck_id) EXECUTE FUNCTION deliveries_truck_changed();

-- ---- Routes: a sensible length and at least one town ----

-- NOT VALID: rows written before stay as they are; every new or changed route is checked.
ALTER TABLE routes ADD CONSTRAINT routes_max_hours_ck CHECK (max_delivery_hours <= 12) NOT VALID;
ALTER TABLE routes ADD CONSTRAINT routes_towns_ck CHECK (cardinality(covered_towns) BETWEEN 1 AND 40) NOT VALID;
