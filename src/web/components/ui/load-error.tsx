import type { ReactNode } from 'react';
import { knownText } from '#web/i18n/known-texts';
import { type Translate, useT } from '#web/i18n/provider';
import { Alert } from './alert';
import { Button } from './button';

export interface LoadErrorProps {
  title: ReactNode;
  error: Error;
  onRetry: () => void;
  /** What failed is still shown below, as it was last loaded: say so. */
  stale?: boolean;
  /** A retry is under way (the button spins). */
  retrying?: boolean;
}

/** The reason a load failed, in words a person can act on (a lost connection says so). */
export function loadErrorMessage(error: Error, t?: Translate): string {
  if (t) return knownText(t, error.message);
  if (error.message.startsWith('Network request failed')) {
    return 'The server could not be reached. Check your connection, then try again.';
  }
  return error.message;
}

/**
 * The error state of a screen or panel whose data failed to load, with the reason and a "Try
 * again" (docs/decisions/0067). Over a list still shown from before (`stale`), it says the list
 * may be out of date.
 */
export function LoadError({ title, error, onRetry, stale = false, retrying = false }: LoadErrorProps) {
  const t = useT();
  return (
    <Alert variant="error" title={title}>
      <p>
        {loadErrorMessage(error, t)}
        {stale ? ` ${t('common.staleBelow')}` : ''}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
        {t('common.tryAgain')}
      </Button>
    </Alert>
  );
}

/** The part of a TanStack query LoadError reads. */
export interface FailedQuery {
  isError: boolean;
  error: Error | null;
  data: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A query's load error, or nothing while it has none: placed above what the query shows, so a
 * list kept from before stays readable under the message (`stale`).
 */
export function QueryLoadError({ query, title }: { query: FailedQuery; title: ReactNode }) {
  if (!query.isError || !query.error) return null;
  return (
    <LoadError
      title={title}
      error={query.error}
      stale={query.data !== undefined}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
