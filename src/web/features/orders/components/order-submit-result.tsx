import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { knownText } from '#web/i18n/known-texts';
import { useT } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

export type SubmitResult = { kind: 'success'; orderId: number } | { kind: 'error'; detail: string };

/**
 * The outcome of placing an order (docs/product/portals.md#forms-and-messages), brought into view when it
 * appears.
 */
export function OrderSubmitResult({ result, onDismiss }: { result: SubmitResult; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, []);

  return (
    <div ref={ref}>
      {result.kind === 'success' ? (
        <Alert variant="success" onDismiss={onDismiss} title={t('order.new.placed', { id: result.orderId })}>
          <Link to={paths.customer.order(result.orderId)} className="font-medium underline">
            {t('order.view', { id: result.orderId })}
          </Link>
        </Alert>
      ) : (
        <Alert variant="error" onDismiss={onDismiss} title={t('order.new.failed')}>
          {knownText(t, result.detail)}
        </Alert>
      )}
    </div>
  );
}
