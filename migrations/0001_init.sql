-- KandyPack Portal: initial schema. PostgreSQL dialect; runs unchanged on PGlite and PostgreSQL.

CREATE TABLE roles (
  role_id       serial PRIMARY KEY,
  role_name     text NOT NULL CHECK (length(trim(role_name)) > 0),
  access_rights text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX roles_name_lower_uq ON roles (lower(role_name));

CREATE TABLE cities (
  city_id serial PRIMARY KEY,
  name    text NOT NULL,
  is_hub  boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX cities_name_lower_uq ON cities (lower(name));

CREATE TABLE stores (
  store_id          serial PRIMARY KEY,
  city_id           integer NOT NULL UNIQUE REFERENCES cities (city_id),
  address           text NOT NULL,
  near_station_name text NOT NULL,
  contact_number    text
);

CREATE TABLE customers (
  customer_id    serial PRIMARY KEY,
  name           text NOT NULL CHECK (length(trim(name)) > 0),
  type           text NOT NULL CHECK (type IN ('Wholesale', 'Retail')),
  address        text NOT NULL DEFAULT '',
  city           text NOT NULL DEFAULT '',
  city_id        integer REFERENCES cities (city_id),
  contact_number text,
  email          text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_name_idx ON customers (lower(name));

CREATE TABLE employees (
  employee_id       serial PRIMARY KEY,
  first_name        text NOT NULL,
  last_name         text NOT NULL,
  type              text NOT NULL CHECK (type IN ('Driver', 'Assistant', 'Manager', 'Warehouse Manager', 'Admin')),
  weekly_hour_limit numeric(5, 1) CHECK (weekly_hour_limit IS NULL OR weekly_hour_limit > 0),
  store_id          integer REFERENCES stores (store_id),
  contact_number    text,
  is_active         boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX employees_type_idx ON employees (type);

CREATE TABLE users (
  user_id       serial PRIMARY KEY,
  user_name     text NOT NULL CHECK (length(trim(user_name)) > 0),
  email         text NOT NULL CHECK (position('@' IN email) > 1),
  password_hash text NOT NULL,
  role_id       integer NOT NULL REFERENCES roles (role_id),
  customer_id   integer REFERENCES customers (customer_id),
  employee_id   integer REFERENCES employees (employee_id),
  is_active     boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
CREATE UNIQUE INDEX users_name_lower_uq ON users (lower(user_name));
CREATE UNIQUE INDEX users_email_lower_uq ON users (lower(email));
CREATE INDEX users_role_idx ON users (role_id);

CREATE TABLE products (
  product_id      serial PRIMARY KEY,
  name            text NOT NULL CHECK (length(trim(name)) > 0),
  category        text NOT NULL,
  unit_price      numeric(12, 2) NOT NULL CHECK (unit_price >= 0),
  space_per_unit  numeric(8, 3) NOT NULL CHECK (space_per_unit > 0),
  reorder_point   integer NOT NULL DEFAULT 50 CHECK (reorder_point >= 0),
  available_units integer NOT NULL DEFAULT 0 CHECK (available_units >= 0),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_name_lower_uq ON products (lower(name));
CREATE INDEX products_category_idx ON products (category);

CREATE TABLE routes (
  route_id           serial PRIMARY KEY,
  store_id           integer NOT NULL REFERENCES stores (store_id),
  name               text NOT NULL,
  end_location       text NOT NULL,
  covered_towns      text[] NOT NULL DEFAULT '{}',
  max_delivery_hours numeric(4, 1) NOT NULL CHECK (max_delivery_hours > 0)
);
CREATE INDEX routes_store_idx ON routes (store_id);

CREATE TABLE orders (
  order_id             serial PRIMARY KEY,
  customer_id          integer NOT NULL REFERENCES customers (customer_id),
  order_date           timestamptz NOT NULL DEFAULT now(),
  schedule_date        date NOT NULL,
  status               text NOT NULL DEFAULT 'Pending'
                       CHECK (status IN ('Pending', 'Scheduled', 'In Transit', 'Delivered', 'Cancelled')),
  delivery_address     text NOT NULL DEFAULT '',
  city_id              integer REFERENCES cities (city_id),
  route_id             integer REFERENCES routes (route_id),
  special_instructions text,
  delivery_fee         numeric(12, 2) NOT NULL DEFAULT 25.00 CHECK (delivery_fee >= 0),
  delivered_at         timestamptz,
  created_by           integer REFERENCES users (user_id),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  -- the 7-day lead time (domain.md) is a database fact, not only a form rule
  CONSTRAINT orders_lead_time_ck CHECK (schedule_date >= (order_date AT TIME ZONE 'UTC')::date + 7)
);
CREATE INDEX orders_customer_date_idx ON orders (customer_id, order_date DESC, order_id DESC);
CREATE INDEX orders_status_date_idx ON orders (status, order_date DESC, order_id DESC);
CREATE INDEX orders_date_idx ON orders (order_date DESC, order_id DESC);
CREATE INDEX orders_city_idx ON orders (city_id);
CREATE INDEX orders_route_idx ON orders (route_id);

CREATE TABLE order_items (
  order_item_id serial PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  product_id    integer NOT NULL REFERENCES products (product_id),
  quantity      integer NOT NULL CHECK (quantity >= 1),
  unit_price    numeric(12, 2) NOT NULL CHECK (unit_price >= 0),
  UNIQUE (order_id, product_id)
);
CREATE INDEX order_items_product_idx ON order_items (product_id);

CREATE TABLE order_status_history (
  history_id  bigserial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  from_status text CHECK (from_status IN ('Pending', 'Scheduled', 'In Transit', 'Delivered', 'Cancelled')),
  to_status   text NOT NULL CHECK (to_status IN ('Pending', 'Scheduled', 'In Transit', 'Delivered', 'Cancelled')),
  changed_by  integer REFERENCES users (user_id),
  changed_at  timestamptz NOT NULL DEFAULT now(),
  reason      text
);
CREATE INDEX order_status_history_order_idx ON order_status_history (order_id, changed_at);

CREATE TABLE order_attachments (
  attachment_id serial PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  file_name     text NOT NULL,
  content_type  text NOT NULL,
  size_bytes    integer NOT NULL CHECK (size_bytes >= 0 AND size_bytes <= 10485760),
  data          bytea NOT NULL,
  uploaded_by   integer REFERENCES users (user_id),
  uploaded_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_attachments_order_idx ON order_attachments (order_id);

CREATE TABLE stock_movements (
  movement_id bigserial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products (product_id),
  delta       integer NOT NULL CHECK (delta <> 0),
  reason      text NOT NULL
              CHECK (reason IN ('initial', 'order_reserved', 'order_cancelled', 'manual_count', 'production_receipt')),
  order_id    integer REFERENCES orders (order_id),
  note        text,
  created_by  integer REFERENCES users (user_id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, created_at DESC);
CREATE INDEX stock_movements_order_idx ON stock_movements (order_id);

-- available_units is the sum of the ledger: every movement moves the balance, and the
-- CHECK on products.available_units makes overselling impossible even under a race.
CREATE FUNCTION apply_stock_movement() RETURNS trigger AS $$
BEGIN
  UPDATE products
     SET available_units = available_units + NEW.delta, updated_at = now()
   WHERE product_id = NEW.product_id;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER stock_movements_apply AFTER INSERT ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION apply_stock_movement();

CREATE TABLE train_trips (
  train_trip_id       serial PRIMARY KEY,
  train_name          text NOT NULL DEFAULT '',
  departure_city_id   integer NOT NULL REFERENCES cities (city_id),
  arrival_city_id     integer NOT NULL REFERENCES cities (city_id),
  departure_date_time timestamptz NOT NULL,
  arrival_date_time   timestamptz NOT NULL,
  total_capacity      numeric(10, 2) NOT NULL CHECK (total_capacity > 0),
  used_capacity       numeric(10, 2) NOT NULL DEFAULT 0 CHECK (used_capacity >= 0),
  CHECK (used_capacity <= total_capacity),
  CHECK (arrival_date_time > departure_date_time),
  CHECK (arrival_city_id <> departure_city_id)
);
CREATE INDEX train_trips_arrival_idx ON train_trips (arrival_city_id, departure_date_time);
CREATE INDEX train_trips_departure_idx ON train_trips (departure_date_time);

CREATE TABLE train_allocations (
  allocation_id serial PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders (order_id),
  train_trip_id integer NOT NULL REFERENCES train_trips (train_trip_id),
  space         numeric(10, 2) NOT NULL CHECK (space > 0),
  created_by    integer REFERENCES users (user_id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, train_trip_id)
);
CREATE INDEX train_allocations_trip_idx ON train_allocations (train_trip_id);

CREATE TABLE trucks (
  truck_id     serial PRIMARY KEY,
  plate_number text NOT NULL,
  capacity     numeric(10, 2) NOT NULL CHECK (capacity > 0),
  status       text NOT NULL DEFAULT 'Available' CHECK (status IN ('Available', 'In Service', 'Under Repair')),
  store_id     integer NOT NULL REFERENCES stores (store_id)
);
CREATE UNIQUE INDEX trucks_plate_upper_uq ON trucks (upper(plate_number));

CREATE TABLE deliveries (
  delivery_id           serial PRIMARY KEY,
  truck_id              integer NOT NULL REFERENCES trucks (truck_id),
  route_id              integer NOT NULL REFERENCES routes (route_id),
  driver_employee_id    integer REFERENCES employees (employee_id),
  assistant_employee_id integer REFERENCES employees (employee_id),
  delivery_date_time    timestamptz NOT NULL,
  end_date_time         timestamptz NOT NULL,
  status                text NOT NULL DEFAULT 'Scheduled' CHECK (status IN ('Scheduled', 'In Transit', 'Delivered')),
  scheduled_by          integer REFERENCES users (user_id),
  started_at            timestamptz,
  completed_at          timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date_time > delivery_date_time),
  CHECK (driver_employee_id IS NULL OR driver_employee_id IS DISTINCT FROM assistant_employee_id)
);
CREATE INDEX deliveries_time_idx ON deliveries (delivery_date_time);
CREATE INDEX deliveries_truck_idx ON deliveries (truck_id, delivery_date_time);
CREATE INDEX deliveries_driver_idx ON deliveries (driver_employee_id, delivery_date_time);
CREATE INDEX deliveries_assistant_idx ON deliveries (assistant_employee_id, delivery_date_time);

CREATE TABLE delivery_orders (
  delivery_id integer NOT NULL REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  order_id    integer NOT NULL UNIQUE REFERENCES orders (order_id),
  PRIMARY KEY (delivery_id, order_id)
);

CREATE TABLE item_confirmations (
  confirmation_id serial PRIMARY KEY,
  delivery_id     integer NOT NULL REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  order_id        integer NOT NULL REFERENCES orders (order_id),
  product_id      integer NOT NULL REFERENCES products (product_id),
  confirmed_by    integer REFERENCES users (user_id),
  confirmed_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (delivery_id, order_id, product_id)
);

CREATE TABLE notifications (
  notification_id serial PRIMARY KEY,
  employee_id     integer REFERENCES employees (employee_id),
  user_id         integer REFERENCES users (user_id),
  type            text NOT NULL DEFAULT 'Info',
  message         text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  read_at         timestamptz,
  CHECK (employee_id IS NOT NULL OR user_id IS NOT NULL)
);
CREATE INDEX notifications_employee_idx ON notifications (employee_id, created_at DESC);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);

CREATE TABLE support_requests (
  request_id  serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers (customer_id),
  user_id     integer REFERENCES users (user_id),
  order_id    integer REFERENCES orders (order_id),
  subject     text NOT NULL CHECK (length(trim(subject)) > 0),
  message     text NOT NULL CHECK (length(trim(message)) > 0),
  status      text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Closed')),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_requests_customer_idx ON support_requests (customer_id, created_at DESC);
CREATE INDEX support_requests_created_idx ON support_requests (created_at DESC);

-- Audit log, written by the database itself. The acting user comes from the transaction-local
-- setting app.user_id that the server sets at the start of every business transaction.
CREATE TABLE audit_log (
  audit_id     bigserial PRIMARY KEY,
  table_name   text NOT NULL,
  operation    text NOT NULL CHECK (operation IN ('INSERT', 'UPDATE', 'DELETE')),
  row_key      text,
  old_row      jsonb,
  new_row      jsonb,
  performed_by integer,
  performed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_performed_at_idx ON audit_log (performed_at DESC, audit_id DESC);
CREATE INDEX audit_log_table_idx ON audit_log (table_name, performed_at DESC);
CREATE INDEX audit_log_operation_idx ON audit_log (operation, performed_at DESC);

CREATE FUNCTION audit_row() RETURNS trigger AS $$
DECLARE
  actor text := nullif(current_setting('app.user_id', true), '');
  old_json jsonb;
  new_json jsonb;
  row_json jsonb;
  key_text text := '';
  key_col text;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_json := to_jsonb(OLD) - 'password_hash' - 'data'; END IF;
  IF TG_OP <> 'DELETE' THEN new_json := to_jsonb(NEW) - 'password_hash' - 'data'; END IF;
  row_json := coalesce(new_json, old_json);
  FOREACH key_col IN ARRAY string_to_array(TG_ARGV[0], ',') LOOP
    key_text := key_text || CASE WHEN key_text = '' THEN '' ELSE ',' END || coalesce(row_json ->> key_col, '');
  END LOOP;
  INSERT INTO audit_log (table_name, operation, row_key, old_row, new_row, performed_by)
  VALUES (TG_TABLE_NAME, TG_OP, key_text, old_json, new_json, actor::integer);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER roles_audit AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH ROW EXECUTE FUNCTION audit_row('role_id');
CREATE TRIGGER cities_audit AFTER INSERT OR UPDATE OR DELETE ON cities FOR EACH ROW EXECUTE FUNCTION audit_row('city_id');
CREATE TRIGGER stores_audit AFTER INSERT OR UPDATE OR DELETE ON stores FOR EACH ROW EXECUTE FUNCTION audit_row('store_id');
CREATE TRIGGER customers_audit AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW EXECUTE FUNCTION audit_row('customer_id');
CREATE TRIGGER employees_audit AFTER INSERT OR UPDATE OR DELETE ON employees FOR EACH ROW EXECUTE FUNCTION audit_row('employee_id');
CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION audit_row('user_id');
CREATE TRIGGER products_audit AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION audit_row('product_id');
CREATE TRIGGER routes_audit AFTER INSERT OR UPDATE OR DELETE ON routes FOR EACH ROW EXECUTE FUNCTION audit_row('route_id');
CREATE TRIGGER orders_audit AFTER INSERT OR UPDATE OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION audit_row('order_id');
CREATE TRIGGER order_items_audit AFTER INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION audit_row('order_item_id');
CREATE TRIGGER order_status_history_audit AFTER INSERT OR UPDATE OR DELETE ON order_status_history FOR EACH ROW EXECUTE FUNCTION audit_row('history_id');
CREATE TRIGGER order_attachments_audit AFTER INSERT OR UPDATE OR DELETE ON order_attachments FOR EACH ROW EXECUTE FUNCTION audit_row('attachment_id');
CREATE TRIGGER stock_movements_audit AFTER INSERT OR UPDATE OR DELETE ON stock_movements FOR EACH ROW EXECUTE FUNCTION audit_row('movement_id');
CREATE TRIGGER train_trips_audit AFTER INSERT OR UPDATE OR DELETE ON train_trips FOR EACH ROW EXECUTE FUNCTION audit_row('train_trip_id');
CREATE TRIGGER train_allocations_audit AFTER INSERT OR UPDATE OR DELETE ON train_allocations FOR EACH ROW EXECUTE FUNCTION audit_row('allocation_id');
CREATE TRIGGER trucks_audit AFTER INSERT OR UPDATE OR DELETE ON trucks FOR EACH ROW EXECUTE FUNCTION audit_row('truck_id');
CREATE TRIGGER deliveries_audit AFTER INSERT OR UPDATE OR DELETE ON deliveries FOR EACH ROW EXECUTE FUNCTION audit_row('delivery_id');
CREATE TRIGGER delivery_orders_audit AFTER INSERT OR UPDATE OR DELETE ON delivery_orders FOR EACH ROW EXECUTE FUNCTION audit_row('delivery_id,order_id');
CREATE TRIGGER item_confirmations_audit AFTER INSERT OR UPDATE OR DELETE ON item_confirmations FOR EACH ROW EXECUTE FUNCTION audit_row('confirmation_id');
CREATE TRIGGER notifications_audit AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION audit_row('notification_id');
CREATE TRIGGER support_requests_audit AFTER INSERT OR UPDATE OR DELETE ON support_requests FOR EACH ROW EXECUTE FUNCTION audit_row('request_id');
