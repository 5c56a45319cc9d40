-- The audit log is append-only (migration 0007) "whoever writes the SQL", but its two triggers
-- fired only in the default replication role: a session with `session_replication_role =
-- replica` (as bulk loaders set it to skip triggers) could update, delete and truncate audit
-- rows. ENABLE ALWAYS makes them fire in every role. Nothing changes or removes audit rows on
-- purpose (no retention or cleanup exists; the scale seed only inserts), so nothing is lost.
-- Issue 24, suite 6 (src/server/audit-completeness.test.ts).
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_append_only;
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER audit_log_no_truncate;
