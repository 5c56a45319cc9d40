-- Delivered orders per day, and whether on time (docs/decisions/0037): the manager dashboard's
-- on-time rate over the last 30 days read from about 30 rows and two short edges instead of
-- every delivery of the month (26,000 index entries at 1M orders).
--
-- A day is the UTC date of `delivered_at`. An order counts once it has a `delivered_at`; it is
-- on time when delivered before the end of its requested day in Colombo (UTC+05:30), the rule
-- of `lateAfter` in manager-stats.queries.ts. Kept in the same transaction as the write by a
-- row trigger that fires only when `delivered_at` or `schedule_date` changes (or a delivered
-- order is inserted or deleted): placing an order (delivered_at null) never fires it, so order
-- placement takes no lock here. A confirmation that delivers an order upserts the row of its
-- day; deliveries of the same day queue on that row only until their transaction ends.
CREATE TABLE delivered_days (
  day       date PRIMARY KEY,
  delivered integer NOT NULL DEFAULT 0,
  on_time   integer NOT NULL DEFAULT 0
);

CREATE FUNCTION delivered_on_time(p_delivered_at timestamptz, p_schedule_date date) RETURNS integer AS $$
  SELECT CASE WHEN p_delivered_at < (((p_schedule_date + 1)::timestamp - interval '330 minutes') at time zone 'UTC')
              THEN 1 ELSE 0 END;
$$ LANGUAGE sql IMMUTABLE;

CREATE FUNCTION delivered_days_add(p_day date, d_delivered integer, d_on_time integer) RETURNS void AS $$
  INSERT INTO delivered_days AS d (day, delivered, on_time)
  VALUES (p_day, d_delivered, d_on_time)
  ON CONFLICT (day) DO UPDATE
     SET delivered = d.delivered + EXCLUDED.delivered, on_time = d.on_time + EXCLUDED.on_time;
$$ LANGUAGE sql;

CREATE FUNCTION orders_delivered_days() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.delivered_at IS NOT NULL THEN
    PERFORM delivered_days_add((OLD.delivered_at at time zone 'UTC')::date, -1,
                               -delivered_on_time(OLD.delivered_at, OLD.schedule_date));
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.delivered_at IS NOT NULL THEN
    PERFORM delivered_days_add((NEW.delivered_at at time zone 'UTC')::date, 1,
                               delivered_on_time(NEW.delivered_at, NEW.schedule_date));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER orders_delivered_days_ins AFTER INSERT ON orders
  FOR EACH ROW WHEN (NEW.delivered_at IS NOT NULL) EXECUTE FUNCTION orders_delivered_days();
CREATE TRIGGER orders_delivered_days_del AFTER DELETE ON orders
  FOR EACH ROW WHEN (OLD.delivered_at IS NOT NULL) EXECUTE FUNCTION orders_delivered_days();
CREATE TRIGGER orders_delivered_days_upd AFTER UPDATE OF delivered_at, schedule_date ON orders
  FOR EACH ROW WHEN (OLD.delivered_at IS DISTINCT FROM NEW.delivered_at
                     OR (NEW.delivered_at IS NOT NULL AND OLD.schedule_date IS DISTINCT FROM NEW.schedule_date))
  EXECUTE FUNCTION orders_delivered_days();

-- Recounts from the orders: the migration, and bulk loaders that bypass triggers.
CREATE FUNCTION rebuild_delivered_days() RETURNS void AS $$
BEGIN
  DELETE FROM delivered_days;
  INSERT INTO delivered_days (day, delivered, on_time)
  SELECT (delivered_at at time zone 'UTC')::date, count(*), sum(delivered_on_time(delivered_at, schedule_date))
    FROM orders WHERE delivered_at IS NOT NULL
   GROUP BY 1;
END
$$ LANGUAGE plpgsql;

SELECT rebuild_delivered_days();

-- Store stock starts from a city's Scheduled orders: with the columns it reads in the index,
-- PostgreSQL takes this index (an index-only scan) instead of filtering every open order.
CREATE INDEX orders_scheduled_city_cover_idx ON orders (city_id) INCLUDE (order_id, customer_id, schedule_date)
  WHERE status = 'Scheduled';
DROP INDEX orders_scheduled_city_idx;
