-- A dispatch proposal expires (docs/decisions/0060-planner-proposals-expire-and-reopen.md):
-- it is kept for PROPOSAL_LIFETIME_MINUTES (src/shared/contract/planning.ts) after it is computed,
-- and ends at once when a commit finds that what it relied on changed. An expired proposal is
-- still read (200, marked expired) and discarded, never committed. The time is written when the
-- proposal is made, so a later change of the setting does not move the expiry of stored ones.
ALTER TABLE planning_proposals ADD COLUMN expires_at timestamptz;

-- proposals stored before: the 30 minutes the setting gives, from when they were computed. Filling
-- a new column is no business action: no audit rows for it (as in 0017).
ALTER TABLE planning_proposals DISABLE TRIGGER planning_proposals_audit;
UPDATE planning_proposals SET expires_at = created_at + interval '30 minutes';
ALTER TABLE planning_proposals ENABLE TRIGGER planning_proposals_audit;

ALTER TABLE planning_proposals ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE planning_proposals ADD CONSTRAINT planning_proposals_expiry_check CHECK (expires_at >= created_at);

-- the manager's open proposal that has not expired, for the planner screen to reopen after a
-- reload: a short range of this index (the open ones ending after now), newest first
CREATE INDEX planning_proposals_open_idx ON planning_proposals (created_by, expires_at)
  WHERE status = 'Open';
