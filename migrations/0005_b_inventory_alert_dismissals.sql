-- Warehouse (issue 10): a user's dismissed low-stock alerts, kept on the server so that they
-- survive a reload and another device. The level (and units) at dismissal let the alert come
-- back when it gets worse. See docs/decisions/0018-inventory-alert-dismissals.md.
CREATE TABLE inventory_alert_dismissals (
  user_id         integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  product_id      integer NOT NULL REFERENCES products (product_id),
  dismissed_level text NOT NULL CHECK (dismissed_level IN ('warning', 'critical', 'out_of_stock')),
  dismissed_units integer NOT NULL CHECK (dismissed_units >= 0),
  dismissed_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id)
);
CREATE INDEX inventory_alert_dismissals_product_idx ON inventory_alert_dismissals (product_id);

CREATE TRIGGER inventory_alert_dismissals_audit AFTER INSERT OR UPDATE OR DELETE ON inventory_alert_dismissals
  FOR EACH ROW EXECUTE FUNCTION audit_row('user_id,product_id');
