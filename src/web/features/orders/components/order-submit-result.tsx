import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { paths } from '#web/lib/paths';
import { NEW_ORDER_MESSAGES } from '../lib/new-order-schema';

export type SubmitResult = { kind: 'success'; orderId: number } | { kind: 'error'; detail: string };

/**
 * The outcome of placing an order (docs/product/portals.md#forms-and-messages), brought into view when it
 * appears.
 */
export function OrderSubmitResult({ result, onDismiss }: { result: SubmitResult; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, []);

  return (
    <div ref={ref}>
      {result.kind === 'success' ? (
        <Alert
          variant="success"
          onDismiss={onDismiss}
          title={`Order placed successfully! Order ID: #${result.orderId}`}
        >
          <Link to={paths.customer.order(result.orderId)} className="font-medium underline">
            View order #{result.orderId}
          </Link>
        </Alert>
      ) : (
        <Alert variant="error" onDismiss={onDismiss} title={NEW_ORDER_MESSAGES.failed}>
          {result.detail}
        </Alert>
      )}
    </div>
  );
}
