-- Dispatch planner (issue 12): a proposal is computed and kept until the manager commits or
-- discards it. Nothing else changes when it is computed; committing applies it in one
-- transaction after checking every rule again (docs/decisions/0026-planning-proposals.md).
CREATE TABLE planning_proposals (
  proposal_id  serial PRIMARY KEY,
  created_by   integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  period_from  date NOT NULL,
  period_to    date NOT NULL,
  status       text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Committed')),
  committed_at timestamptz,
  -- the proposal as the API answers it: bookings, deliveries, order statuses, board, figures
  body         jsonb NOT NULL,
  CHECK (period_to >= period_from),
  CHECK ((status = 'Committed') = (committed_at IS NOT NULL))
);
CREATE INDEX planning_proposals_creator_idx ON planning_proposals (created_by, created_at DESC);

-- who committed which plan is an audited business action; the body itself stays out of the log
CREATE FUNCTION planning_proposals_audit() RETURNS trigger AS $$
DECLARE
  actor text := nullif(current_setting('app.user_id', true), '');
  old_json jsonb;
  new_json jsonb;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_json := to_jsonb(OLD) - 'body'; END IF;
  IF TG_OP <> 'DELETE' THEN new_json := to_jsonb(NEW) - 'body'; END IF;
  INSERT INTO audit_log (table_name, operation, row_key, old_row, new_row, performed_by)
  VALUES (TG_TABLE_NAME, TG_OP, coalesce(new_json, old_json) ->> 'proposal_id', old_json, new_json, actor::integer);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER planning_proposals_audit AFTER INSERT OR UPDATE OR DELETE ON planning_proposals
  FOR EACH ROW EXECUTE FUNCTION planning_proposals_audit();
