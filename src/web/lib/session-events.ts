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
