-- A role held only by deleted users can be deleted (docs/decisions/0061-report-families-and-retired-roles.md):
-- it is retired, like a deleted user (0007): `deleted_at` set, out of the lists, the pickers and the
-- search, while the deleted users (and the audit rows about them) keep pointing at it and so keep
-- its name. A role nobody ever held is still deleted outright.
ALTER TABLE roles ADD COLUMN deleted_at timestamptz;

-- names are unique among the live roles only: a new role may take a retired role's name
DROP INDEX roles_name_lower_uq;
CREATE UNIQUE INDEX roles_name_lower_uq ON roles (lower(role_name)) WHERE deleted_at IS NULL;

-- No live user holds a retired role. A user written onto a role reads the role row FOR SHARE:
-- it waits for a retirement in progress and then sees it (and a retirement waits for the user's
-- transaction and then counts that user), so neither order of two such transactions lets it by.
CREATE FUNCTION users_role_is_live() RETURNS trigger AS $$
BEGIN
  PERFORM 1 FROM roles WHERE role_id = NEW.role_id AND deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'role % is retired: a user cannot hold it', NEW.role_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_role_is_live';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER users_role_is_live BEFORE INSERT OR UPDATE OF role_id, deleted_at ON users
  FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION users_role_is_live();

CREATE FUNCTION roles_retire_unheld() RETURNS trigger AS $$
DECLARE
  holders integer;
BEGIN
  SELECT count(*) INTO holders FROM users WHERE role_id = NEW.role_id AND deleted_at IS NULL;
  IF holders > 0 THEN
    RAISE EXCEPTION 'role % is held by % user(s): it cannot be retired', NEW.role_id, holders
      USING ERRCODE = 'check_violation', CONSTRAINT = 'roles_retire_unheld';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER roles_retire_unheld BEFORE UPDATE OF deleted_at ON roles
  FOR EACH ROW WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL)
  EXECUTE FUNCTION roles_retire_unheld();

-- a retired role stays retired, under its name (history reads it)
CREATE FUNCTION roles_retired_stay() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'role % is retired and kept for history as it is', OLD.role_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'roles_retired_stay';
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER roles_retired_stay BEFORE UPDATE ON roles
  FOR EACH ROW WHEN (OLD.deleted_at IS NOT NULL) EXECUTE FUNCTION roles_retired_stay();
