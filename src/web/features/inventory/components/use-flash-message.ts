import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { AlertVariant } from '#web/components/ui/alert';

export interface FlashMessage {
  variant: AlertVariant;
  title: string;
  body?: ReactNode;
}

/**
 * A message that hides itself after `ms` when it is a success (3 s:
 * docs/product/portals.md#forms-and-messages); errors stay.
 */
export function useFlashMessage(ms = 3000) {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  useEffect(() => {
    if (message?.variant !== 'success') return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show: setMessage, clear };
}
