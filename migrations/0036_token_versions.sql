-- Issue 24, probe defects 2 and 7: a token ends with the password it was issued under, and with
-- its user's (or its employee record's) activity (docs/decisions/0069-how-streams-and-tokens-end.md).
--
-- Every token carries the token_version its user had when it was signed; the server refuses a
-- token whose version is not the user's current one. The version moves here, in the database,
-- whatever path writes the row (the admin's user form, a script), so no writer can forget it.
-- Moving it updates the users row, so migration 0006's trigger tells every server process (its
-- user cache and its open event streams) on commit.

ALTER TABLE users ADD COLUMN token_version integer NOT NULL DEFAULT 0;

-- A new password, a deactivation or a deletion (is_active goes false) ends every token issued
-- before it. A role change does not: each request reads the current role, and the event streams
-- end and reconnect under the new one.
CREATE FUNCTION users_token_version() RETURNS trigger AS $$
BEGIN
  IF NEW.password_hash IS DISTINCT FROM OLD.password_hash
     OR (OLD.is_active AND NOT NEW.is_active) THEN
    NEW.token_version := OLD.token_version + 1;
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER users_token_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_token_version();

-- A staff record marked former (is_active false) or taken back ends the tokens of the logins
-- linked to it; while it is inactive the server refuses those logins (auth.queries.ts).
CREATE FUNCTION employees_token_version() RETURNS trigger AS $$
BEGIN
  IF NEW.is_active IS DISTINCT FROM OLD.is_active THEN
    UPDATE users SET token_version = token_version + 1 WHERE employee_id = NEW.employee_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER employees_token_version AFTER UPDATE OF is_active ON employees
  FOR EACH ROW EXECUTE FUNCTION employees_token_version();
