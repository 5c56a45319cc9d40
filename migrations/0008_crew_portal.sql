-- Driver and assistant portal (issue 9): proof of delivery on each confirmed item, failed
-- deliveries, notifications for crews, customers and managers with live fan-out
-- (docs/decisions/0022-0024).

-- ---- Proof of delivery ----

-- client_id is the confirmation_id the phone makes (a UUID): a retry of the same confirmation,
-- online or from the offline queue, finds the stored row instead of confirming twice.
ALTER TABLE item_confirmations
  ADD COLUMN client_id      uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN recipient_name text CHECK (recipient_name IS NULL OR length(recipient_name) BETWEEN 1 AND 120),
  -- a PNG data URL of at most 200 KB (204,800 characters)
  ADD COLUMN signature      text CHECK (signature IS NULL
                                        OR (signature LIKE 'data:image/png;base64,%' AND length(signature) <= 204800)),
  ADD COLUMN note           text CHECK (note IS NULL OR length(note) <= 500);
CREATE UNIQUE INDEX item_confirmations_client_uq ON item_confirmations (client_id);
CREATE INDEX item_confirmations_order_idx ON item_confirmations (order_id);

-- A confirmation is of an item of the order, and of an order the delivery carries.
ALTER TABLE item_confirmations
  ADD CONSTRAINT item_confirmations_order_item_fk
    FOREIGN KEY (order_id, product_id) REFERENCES order_items (order_id, product_id),
  ADD CONSTRAINT item_confirmations_delivery_order_fk
    FOREIGN KEY (delivery_id, order_id) REFERENCES delivery_orders (delivery_id, order_id);

-- ---- Failed deliveries: the order leaves the truck and goes back to Scheduled ----

CREATE TABLE delivery_failures (
  failure_id  serial PRIMARY KEY,
  delivery_id integer NOT NULL REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  order_id    integer NOT NULL REFERENCES orders (order_id),
  reason      text NOT NULL CHECK (reason IN ('Customer absent', 'Refused', 'Address not found')),
  note        text CHECK (note IS NULL OR length(note) <= 500),
  failed_by   integer REFERENCES users (user_id),
  failed_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (delivery_id, order_id)
);
CREATE INDEX delivery_failures_order_idx ON delivery_failures (order_id);
CREATE TRIGGER delivery_failures_audit AFTER INSERT OR UPDATE OR DELETE ON delivery_failures
  FOR EACH ROW EXECUTE FUNCTION audit_row('failure_id');

-- ---- Notifications: to a crew member (employee), a customer (every login of it) or a user ----

ALTER TABLE notifications
  ADD COLUMN customer_id integer REFERENCES customers (customer_id),
  ADD COLUMN delivery_id integer REFERENCES deliveries (delivery_id) ON DELETE CASCADE,
  ADD COLUMN order_id    integer REFERENCES orders (order_id),
  -- what happened, once per recipient ("delivery:12:starting:..."): events found by a periodic
  -- sweep on several servers are written once
  ADD COLUMN event_key   text;
ALTER TABLE notifications DROP CONSTRAINT notifications_check;
ALTER TABLE notifications
  ADD CONSTRAINT notifications_recipient_ck CHECK (num_nonnulls(employee_id, user_id, customer_id) >= 1),
  ADD CONSTRAINT notifications_type_ck CHECK (type IN ('Alert', 'Info'));
CREATE UNIQUE INDEX notifications_event_uq
  ON notifications (coalesce(employee_id, 0), coalesce(user_id, 0), coalesce(customer_id, 0), event_key)
  WHERE event_key IS NOT NULL;
CREATE INDEX notifications_customer_idx ON notifications (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;

-- Every new notification is published on the schema's "events" channel when its transaction
-- commits; each server process LISTENs and pushes it to the recipient's open event streams.
CREATE FUNCTION notifications_publish() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(current_schema() || '_events', json_build_object(
    'kind', 'notification', 'notification_id', NEW.notification_id, 'type', NEW.type,
    'employee_id', NEW.employee_id, 'user_id', NEW.user_id, 'customer_id', NEW.customer_id,
    'delivery_id', NEW.delivery_id, 'order_id', NEW.order_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER notifications_publish AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION notifications_publish();
