-- Sign-in and registration attempts per key (an account, a client address), shared by every
-- server process on the database (docs/decisions/0008-auth-throttle-in-postgresql.md).
-- A key counts attempts in a fixed window that starts with its first attempt; past the window
-- the next attempt starts a new one, and expired rows are deleted.
CREATE TABLE auth_throttle (
  key          text PRIMARY KEY CHECK (length(key) <= 100),
  attempts     integer NOT NULL CHECK (attempts >= 0),
  window_start timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL CHECK (expires_at > window_start)
);
CREATE INDEX auth_throttle_expires_idx ON auth_throttle (expires_at);
