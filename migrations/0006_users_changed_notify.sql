-- Issue 7, part 4: users cached by the server processes (after 0006_order_counts_and_search).

-- Every server process keeps the users behind tokens in memory (src/server/http/user-cache.ts);
-- a change to a user or a role tells them on commit, on the channel of this schema.
CREATE FUNCTION users_changed_notify() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify(current_schema() || '_users_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify(current_schema() || '_users_changed', '*');
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_changed_notify();
CREATE TRIGGER roles_changed_notify AFTER UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION users_changed_notify();
