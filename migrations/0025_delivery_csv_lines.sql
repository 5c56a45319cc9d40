-- The delivery-performance CSV's rows of each delivery whose orders are all delivered, kept as
-- the text the download sends (docs/decisions/0053-delivery-csv-lines-stored.md).
-- A delivered order's row does not depend on the time of the download: its cells are the
-- delivery, the order, the customer's and the route's names, the delivery's status, the
-- requested day, the delivery time and the rating of that time against the requested day. So a
-- download copies the stored text of every delivery whose orders are all delivered, and writes
-- only the other deliveries' rows (an order still out is rated against `now`) with
-- delivery_csv_texts(), the one writer of these rows (the stored text is its output).
--
-- Exact at any moment: every write that changes a part of a stored text writes it again in the
-- writer's transaction (triggers below): the facts of an order on a delivery
-- (delivery_order_facts: loading, unloading, moving, the customer, requested day or delivery
-- time of an order), the delivery's status or route, a customer's name, a route's name.
-- Two writers of one delivery's text are serialized by the delivery's row lock, taken before the
-- text is written again, so the later writer reads what the earlier one committed (READ
-- COMMITTED, the application's only isolation level: the functions refuse any other).

-- A text as the API's CSV writer writes it as a cell (lib/csv.ts): `safeCell` (a leading formula
-- character escaped with a quote, plain negative numbers left alone), then quoted, with its
-- quotes doubled, when it holds a quote, a comma or CRLF (csv-stringify's rule with CRLF records:
-- a lone CR or LF stays unquoted). The escaping quote is none of those, so the text itself tells
-- whether the cell is quoted.
CREATE FUNCTION csv_text_cell(t text) RETURNS text AS $$
  SELECT CASE WHEN strpos(t, '"') > 0 OR strpos(t, ',') > 0 OR strpos(t, E'\r\n') > 0
              THEN '"' || CASE WHEN t ~ E'^[=+@\\t\\r-]' AND t !~ '^-[0-9]+([.][0-9]+)?$' THEN '''' ELSE '' END
                   || replace(t, '"', '""') || '"'
              ELSE CASE WHEN t ~ E'^[=+@\\t\\r-]' AND t !~ '^-[0-9]+([.][0-9]+)?$' THEN '''' ELSE '' END || t END
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;

-- The CSV rows of each of these deliveries that has orders (CRLF between rows, none after the
-- last; no row for a delivery without orders), in order id order, exactly as the report's
-- performanceRow and the API's CSV writer write them: Delivery, Order, Customer, Route, Delivery
-- status, Requested (YYYY-MM-DD), Delivered / leaves (the delivery time, or the delivery's start
-- while the order is out; ISO UTC to the second), Performance, Delay. The rating is
-- performance()'s (manager-reports.ts): whole milliseconds (the delivery time cut to the
-- second, as its ISO text is; now_ms for an order still out) against the end of the requested
-- day in Colombo (UTC+05:30); On Time or Pending before it with a delay of 0, Late at or after
-- it with the delay in tenths of an hour as JS rounds them: Math.round(ms / 3600000 * 10) / 10,
-- the same double operations.
-- A delivery's orders are one short range of the facts' primary key (`offset 0` keeps it so);
-- a customer's, a route's and a requested day's cells are written once per call (memoized).
-- plpgsql, not sql: its statement is planned once per session, not at every call (a trigger
-- calls it for every write of a delivery's facts).
CREATE FUNCTION delivery_csv_texts(ids integer[], now_ms bigint)
RETURNS TABLE (delivery_id integer, lines text) AS $$
BEGIN
  RETURN QUERY
  SELECT d.delivery_id,
         string_agg(concat_ws(',', d.delivery_id, f.order_id, c.cell, r.cell, d.status, s.day,
             to_char(coalesce(f.delivered_at, d.delivery_date_time) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
             CASE WHEN f.reference_ms < s.late_ms
                  THEN CASE WHEN f.delivered_at IS NULL THEN 'Pending,0' ELSE 'On Time,0' END
                  ELSE 'Late,' || (t.tenths / 10)::text
                       || CASE WHEN t.tenths % 10 = 0 THEN '' ELSE '.' || (t.tenths % 10)::text END
             END),
           E'\r\n' ORDER BY f.order_id)
    FROM deliveries d
    JOIN LATERAL (SELECT csv_text_cell(r.name) AS cell FROM routes r WHERE r.route_id = d.route_id OFFSET 0) r ON true
    CROSS JOIN LATERAL (
      SELECT f.order_id, f.customer_id, f.schedule_date, f.delivered_at,
             coalesce(floor(date_part('epoch', f.delivered_at))::bigint * 1000, now_ms) AS reference_ms
        FROM delivery_order_facts f WHERE f.delivery_id = d.delivery_id OFFSET 0) f
    JOIN LATERAL (SELECT csv_text_cell(c.name) AS cell FROM customers c WHERE c.customer_id = f.customer_id OFFSET 0) c ON true
    JOIN LATERAL (SELECT to_char(f.schedule_date, 'YYYY-MM-DD') AS day,
                         (f.schedule_date - date '1970-01-01' + 1)::bigint * 86400000 - 19800000 AS late_ms OFFSET 0) s ON true
    CROSS JOIN LATERAL (SELECT floor((f.reference_ms - s.late_ms)::float8 / 3600000 * 10 + 0.5)::bigint AS tenths) t
   WHERE d.delivery_id = ANY (ids)
   GROUP BY d.delivery_id;
END
$$ LANGUAGE plpgsql STABLE;

CREATE TABLE delivery_csv_lines (
  delivery_id integer PRIMARY KEY REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  lines       text NOT NULL
);

-- Writes again the stored text of these deliveries: present exactly when a delivery has orders
-- and every one is delivered, equal to delivery_csv_texts() then.
CREATE FUNCTION refresh_delivery_csv_lines(ids integer[]) RETURNS void AS $$
BEGIN
  IF cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'delivery_csv_lines is written in READ COMMITTED transactions only (decision 0053)';
  END IF;
  -- the deliveries' rows, in id order: one writer of a delivery's text at a time; the statements
  -- below then read what the previous writer committed
  PERFORM 1 FROM deliveries WHERE delivery_id = ANY (ids) ORDER BY delivery_id FOR NO KEY UPDATE;
  DELETE FROM delivery_csv_lines l
   WHERE l.delivery_id = ANY (ids)
     AND (NOT EXISTS (SELECT 1 FROM delivery_order_facts f WHERE f.delivery_id = l.delivery_id)
          OR EXISTS (SELECT 1 FROM delivery_order_facts f WHERE f.delivery_id = l.delivery_id AND f.delivered_at IS NULL));
  INSERT INTO delivery_csv_lines AS l (delivery_id, lines)
  SELECT t.delivery_id, t.lines
    FROM delivery_csv_texts(ARRAY(
           SELECT d.delivery_id FROM deliveries d
            WHERE d.delivery_id = ANY (ids)
              AND NOT EXISTS (SELECT 1 FROM delivery_order_facts f
                               WHERE f.delivery_id = d.delivery_id AND f.delivered_at IS NULL)), NULL) t
   ORDER BY t.delivery_id
  ON CONFLICT (delivery_id) DO UPDATE SET lines = excluded.lines WHERE l.lines IS DISTINCT FROM excluded.lines;
END
$$ LANGUAGE plpgsql;

-- the facts of an order on a delivery: inserted, deleted or changed (statement triggers; each
-- operation's transition tables)
CREATE FUNCTION delivery_csv_lines_facts() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_delivery_csv_lines(ARRAY(SELECT DISTINCT delivery_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_delivery_csv_lines(ARRAY(SELECT DISTINCT delivery_id FROM old_rows));
  ELSE
    PERFORM refresh_delivery_csv_lines(ARRAY(SELECT delivery_id FROM new_rows UNION SELECT delivery_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_csv_lines_facts_ins AFTER INSERT ON delivery_order_facts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_csv_lines_facts();
CREATE TRIGGER delivery_csv_lines_facts_del AFTER DELETE ON delivery_order_facts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_csv_lines_facts();
CREATE TRIGGER delivery_csv_lines_facts_upd AFTER UPDATE ON delivery_order_facts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_csv_lines_facts();

-- a delivery's status or route
CREATE FUNCTION delivery_csv_lines_delivery() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_delivery_csv_lines(ARRAY[NEW.delivery_id]);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_csv_lines_delivery AFTER UPDATE OF status, route_id ON deliveries
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.route_id IS DISTINCT FROM NEW.route_id)
  EXECUTE FUNCTION delivery_csv_lines_delivery();

-- a customer's name: the deliveries of its orders (facts.customer_id is the order's customer);
-- a route's name: the route's deliveries
CREATE FUNCTION delivery_csv_lines_name() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    PERFORM refresh_delivery_csv_lines(ARRAY(
      SELECT DISTINCT f.delivery_id FROM orders o JOIN delivery_order_facts f ON f.order_id = o.order_id
       WHERE o.customer_id = NEW.customer_id));
  ELSE
    PERFORM refresh_delivery_csv_lines(ARRAY(SELECT delivery_id FROM deliveries WHERE route_id = NEW.route_id));
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER delivery_csv_lines_customer AFTER UPDATE OF name ON customers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION delivery_csv_lines_name();
CREATE TRIGGER delivery_csv_lines_route AFTER UPDATE OF name ON routes
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION delivery_csv_lines_name();

-- Refills from the facts: this migration, and bulk loaders that bypass the triggers (the scale
-- seed, after rebuild_delivery_order_facts()).
CREATE FUNCTION rebuild_delivery_csv_lines() RETURNS void AS $$
BEGIN
  DELETE FROM delivery_csv_lines;
  PERFORM refresh_delivery_csv_lines(ARRAY(SELECT delivery_id FROM deliveries ORDER BY delivery_id));
END
$$ LANGUAGE plpgsql;

SELECT rebuild_delivery_csv_lines();
ANALYZE delivery_csv_lines;
