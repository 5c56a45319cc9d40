-- A customer changes its own Pending order (docs/decisions/0063-customers-cancel-and-change-pending-orders.md).
--
-- The change itself writes the rows placing and cancelling already write: the order's lines
-- (updated, deleted, inserted: the row and statement triggers on order_items keep the audit log,
-- the sales rollups, pending_order_lines and store_stock_lines), the order's requested date, and
-- one ledger movement per product whose quantity moved (the ledger trigger keeps the balance and
-- stock_daily). What no table kept is the change as the customer made it, for the order's
-- timeline ("Changed by you: 2 items, delivery date ..."): one row here per change, written in
-- the change's transaction, audited like every order table.
CREATE TABLE order_changes (
  change_id            bigserial PRIMARY KEY,
  order_id             integer NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
  changed_by           integer REFERENCES users (user_id),
  changed_at           timestamptz NOT NULL DEFAULT now(),
  schedule_date_before date NOT NULL,
  schedule_date_after  date NOT NULL,
  -- the lines whose quantity changed, in product order:
  -- [{"product_id", "product_name", "before", "after"}], 0 for a line added (before) or removed (after)
  lines                jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(lines) = 'array'),
  -- a row is a change: its date moved or a line did
  CONSTRAINT order_changes_something_changed
    CHECK (schedule_date_before <> schedule_date_after OR jsonb_array_length(lines) > 0)
);
CREATE INDEX order_changes_order_idx ON order_changes (order_id, change_id);

CREATE TRIGGER order_changes_audit AFTER INSERT OR UPDATE OR DELETE ON order_changes
  FOR EACH ROW EXECUTE FUNCTION audit_row('change_id');
