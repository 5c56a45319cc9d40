-- A stored proposal's order list (every order the plan looked at, with its status when the plan
-- was computed) moves out of the body the API answers into its own column: only the commit reads
-- it, to check that no status changed. At 1M orders it was three quarters of a 700 KB answer that
-- the planner screen never showed (docs/decisions/0040-proposal-answer-without-order-list.md).
-- The screen's one use of it, how many pending orders the commit approves, becomes a figure.
ALTER TABLE planning_proposals ADD COLUMN orders jsonb NOT NULL DEFAULT '[]'::jsonb;

-- moving the data is no business action: no audit rows for it. The commit approves the Pending
-- orders it books on a train or loads on a truck.
ALTER TABLE planning_proposals DISABLE TRIGGER planning_proposals_audit;
UPDATE planning_proposals p
SET orders = coalesce(p.body -> 'orders', '[]'::jsonb),
    body = jsonb_set(
      p.body - 'orders',
      '{figures,orders_to_approve}',
      to_jsonb((
        SELECT count(*)
        FROM jsonb_array_elements(coalesce(p.body -> 'orders', '[]'::jsonb)) o
        WHERE o ->> 'status' = 'Pending'
          AND ((o -> 'order_id') IN (SELECT b -> 'order_id' FROM jsonb_array_elements(p.body -> 'bookings') b)
            OR (o -> 'order_id') IN (
              SELECT i FROM jsonb_array_elements(p.body -> 'deliveries') d,
                            jsonb_array_elements(d -> 'order_ids') i))
      ))
    );
ALTER TABLE planning_proposals ENABLE TRIGGER planning_proposals_audit;

ALTER TABLE planning_proposals ALTER COLUMN orders DROP DEFAULT;

-- the order list stays out of the audit log, like the body
CREATE OR REPLACE FUNCTION planning_proposals_audit() RETURNS trigger AS $$
DECLARE
  actor text := nullif(current_setting('app.user_id', true), '');
  old_json jsonb;
  new_json jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_json := to_jsonb(OLD) - 'body' - 'orders'; END IF;
  IF TG_OP <> 'DELETE' THEN new_json := to_jsonb(NEW) - 'body' - 'orders'; END IF;
  INSERT INTO audit_log (table_name, operation, row_key, old_row, new_row, performed_by)
  VALUES (TG_TABLE_NAME, TG_OP, coalesce(new_json, old_json) ->> 'proposal_id', old_json, new_json, actor::integer);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
