import { type FormEvent, useState } from 'react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { useSetOrderStatus } from '../../api/order-decisions';

/** Reject (cancel) an order after confirmation, with the reason the customer will see. */
export function RejectOrderDialog({
  orderId,
  open,
  onOpenChange,
  onDone,
}: {
  orderId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const reject = useSetOrderStatus(orderId);
  const error =
    submitted && !reason.trim() ? 'Give the reason; the customer sees it on the order' : undefined;
  function close(next: boolean) {
    if (!next) {
      setReason('');
      setSubmitted(false);
      reject.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!reason.trim()) return;
    reject.mutate(
      { status: 'Cancelled', reason: reason.trim() },
      {
        onSuccess: () => {
          close(false);
          onDone(`Order #${orderId} rejected. Its stock, train space and truck space were released.`);
        },
      },
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Reject order #${orderId}?`}
      description="The order is cancelled: its reserved stock goes back to the warehouse and any train or truck space it held is freed. This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Keep the order
          </Button>
          <Button type="submit" form="reject-order" variant="danger" loading={reject.isPending}>
            Reject order
          </Button>
        </>
      }
    >
      <form id="reject-order" onSubmit={submit} noValidate className="space-y-3">
        <Textarea
          label="Reason"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={error}
          placeholder="e.g. Outstanding invoices must be settled first"
        />
        {reject.isError && <Alert variant="error">{reject.error.message}</Alert>}
      </form>
    </Dialog>
  );
}
