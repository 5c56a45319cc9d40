import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { ApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { useCancelOrder } from '../api/cancel-order';

/** The server's refusal, with a way to support when the order can no longer be cancelled here. */
export function OrderRefusal({ error }: { error: Error }) {
  const tooLate = error instanceof ApiError && error.status === 409 && /contact support/i.test(error.message);
  return (
    <Alert variant="error">
      {error.message}
      {tooLate && (
        <>
          {' '}
          <Link to={paths.customer.support} className="font-medium underline">
            Contact support
          </Link>
        </>
      )}
    </Alert>
  );
}

/**
 * The customer cancels its own Pending order after confirming, with an optional reason the
 * managers read. `onDone` runs once it is cancelled.
 */
export function CancelOrderDialog({
  orderId,
  open,
  onOpenChange,
  onDone,
}: {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone?: (orderId: number) => void;
}) {
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder(orderId);
  function close(next: boolean) {
    if (!next) {
      setReason('');
      cancel.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    cancel.mutate(trimmed ? { reason: trimmed } : {}, {
      onSuccess: () => {
        close(false);
        onDone?.(orderId);
      },
    });
  }
  const formId = `cancel-order-${orderId}`;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Cancel order #${orderId}?`}
      description="The order is cancelled and the goods it reserved are released. This cannot be undone: to get them later, place a new order."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Keep the order
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={cancel.isPending}>
            Cancel order
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-3">
        <Textarea
          label="Reason"
          optional
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. Ordered by mistake"
          hint="Our team reads it; it helps us serve you better."
        />
        {cancel.isError && <OrderRefusal error={cancel.error} />}
      </form>
    </Dialog>
  );
}
