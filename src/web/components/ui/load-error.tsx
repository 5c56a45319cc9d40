import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';

export interface LoadErrorProps {
  title: ReactNode;
  error: Error;
  onRetry: () => void;
}

/** The error state of a screen or panel whose data failed to load, with the reason and a retry. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="error" title={title}>
      <p>{error.message}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
