-- Support inbox (issue 22): managers and admins answer and close customers' support requests,
-- the customer sees the answers and replies; each request keeps its conversation message by
-- message (docs/decisions/0062-support-inbox.md).
--
-- States: Open (waiting for the staff: new, or the customer wrote last), Answered (the staff
-- wrote last, waiting for the customer), Closed (a manager or admin closed it). The messages
-- set the state, here in the database: a customer's message (re)opens the request, a staff
-- message answers it, and a staff message on a closed request is refused. Closing is the
-- service's update.

-- ---- The request: its state and what the inbox sorts and shows by ----

ALTER TABLE support_requests DROP CONSTRAINT support_requests_status_check;
ALTER TABLE support_requests
  ADD COLUMN last_message_at   timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN message_count     integer NOT NULL DEFAULT 0 CHECK (message_count >= 0),
  ADD COLUMN last_message_side text NOT NULL DEFAULT 'customer' CHECK (last_message_side IN ('customer', 'staff')),
  ADD COLUMN closed_at         timestamptz,
  ADD COLUMN closed_by         integer REFERENCES users (user_id);

-- requests closed before this migration: closed when they were made (nothing better is known)
UPDATE support_requests SET closed_at = created_at WHERE status = 'Closed';

ALTER TABLE support_requests
  ADD CONSTRAINT support_requests_status_check CHECK (status IN ('Open', 'Answered', 'Closed')),
  ADD CONSTRAINT support_requests_closed_ck CHECK ((status = 'Closed') = (closed_at IS NOT NULL)),
  ADD CONSTRAINT support_requests_closed_by_ck CHECK (closed_by IS NULL OR status = 'Closed');

-- ---- The conversation ----

CREATE TABLE support_messages (
  message_id     serial PRIMARY KEY,
  request_id     integer NOT NULL REFERENCES support_requests (request_id) ON DELETE CASCADE,
  author_side    text NOT NULL CHECK (author_side IN ('customer', 'staff')),
  -- who wrote it; null for a message of a login since removed or written by the demo data
  author_user_id integer REFERENCES users (user_id),
  body           text NOT NULL CHECK (length(trim(body)) > 0 AND length(body) <= 5000),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX support_messages_request_idx ON support_messages (request_id, created_at, message_id);
CREATE TRIGGER support_messages_audit AFTER INSERT OR UPDATE OR DELETE ON support_messages
  FOR EACH ROW EXECUTE FUNCTION audit_row('message_id');

-- every request so far: its message is the conversation's opening message
INSERT INTO support_messages (request_id, author_side, author_user_id, body, created_at)
SELECT request_id, 'customer', user_id, message, created_at FROM support_requests ORDER BY request_id;
UPDATE support_requests SET message_count = 1, last_message_at = created_at, last_message_side = 'customer';

-- A message counts on its request and sets its state. The first one is the request's own message
-- (written by the trigger below): it leaves the state as the request was made.
CREATE FUNCTION support_messages_state() RETURNS trigger AS $$
DECLARE
  r support_requests%ROWTYPE;
BEGIN
  SELECT * INTO r FROM support_requests WHERE request_id = NEW.request_id FOR UPDATE;
  IF NEW.author_side = 'staff' AND r.status = 'Closed' THEN
    RAISE EXCEPTION 'support request % is closed: only the customer can reopen it', NEW.request_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'support_messages_closed_ck';
  END IF;
  UPDATE support_requests s SET
    message_count = s.message_count + 1,
    last_message_at = CASE WHEN s.message_count = 0 THEN NEW.created_at
                           ELSE greatest(s.last_message_at, NEW.created_at) END,
    last_message_side = CASE WHEN s.message_count = 0 OR NEW.created_at >= s.last_message_at
                             THEN NEW.author_side ELSE s.last_message_side END,
    status = CASE WHEN s.message_count = 0 THEN s.status
                  WHEN NEW.author_side = 'customer' THEN 'Open'
                  ELSE 'Answered' END,
    closed_at = CASE WHEN s.message_count > 0 AND NEW.author_side = 'customer' THEN NULL ELSE s.closed_at END,
    closed_by = CASE WHEN s.message_count > 0 AND NEW.author_side = 'customer' THEN NULL ELSE s.closed_by END
  WHERE s.request_id = NEW.request_id;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER support_messages_state AFTER INSERT ON support_messages
  FOR EACH ROW EXECUTE FUNCTION support_messages_state();

-- A new request opens its conversation with its own message.
CREATE FUNCTION support_requests_opening_message() RETURNS trigger AS $$
BEGIN
  INSERT INTO support_messages (request_id, author_side, author_user_id, body, created_at)
  VALUES (NEW.request_id, 'customer', NEW.user_id, NEW.message, NEW.created_at);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER support_requests_opening_message AFTER INSERT ON support_requests
  FOR EACH ROW EXECUTE FUNCTION support_requests_opening_message();

-- ---- The lists: newest activity first, keyset on (last_message_at, request_id) ----

DROP INDEX support_requests_customer_idx;
DROP INDEX support_requests_created_idx;
CREATE INDEX support_requests_activity_idx ON support_requests (last_message_at DESC, request_id DESC);
CREATE INDEX support_requests_status_activity_idx
  ON support_requests (status, last_message_at DESC, request_id DESC);
CREATE INDEX support_requests_customer_activity_idx
  ON support_requests (customer_id, last_message_at DESC, request_id DESC);
CREATE INDEX support_requests_order_idx ON support_requests (order_id) WHERE order_id IS NOT NULL;

-- ---- Notifications about a request link to it ----

ALTER TABLE notifications ADD COLUMN request_id integer REFERENCES support_requests (request_id);

CREATE OR REPLACE FUNCTION notifications_publish() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(current_schema() || '_events', json_build_object(
    'kind', 'notification', 'notification_id', NEW.notification_id, 'type', NEW.type,
    'employee_id', NEW.employee_id, 'user_id', NEW.user_id, 'customer_id', NEW.customer_id,
    'delivery_id', NEW.delivery_id, 'order_id', NEW.order_id, 'request_id', NEW.request_id)::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
