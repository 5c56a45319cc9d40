/**
 * A 401 from any query or mutation means the stored token is no longer accepted. The query
 * client reports it here and the session provider listens, so neither imports the other.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyUnauthorized(): void {
  for (const listener of listeners) listener();
}

/**
 * The signed-in account changed (sign-in, sign-out, expired token): whatever was cached for the
 * previous one must go. The query client, created only once a sign-in page or portal loads
 * (docs/decisions/0085), listens; the session provider reports.
 */
const accountListeners = new Set<Listener>();

export function onAccountChange(listener: Listener): () => void {
  accountListeners.add(listener);
  return () => {
    accountListeners.delete(listener);
  };
}

export function notifyAccountChange(): void {
  for (const listener of accountListeners) listener();
}
