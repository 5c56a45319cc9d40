import { useState } from 'react';
import { Button } from '#web/components/ui/button';
import { useOrder } from '#web/features/orders/api/get-order';
import { ReturnToKandyDialog } from '#web/features/orders/components/return-to-kandy-dialog';

function LoadedDialog({
  orderId,
  onClose,
  onDone,
}: {
  orderId: number;
  onClose: () => void;
  onDone: (m: string) => void;
}) {
  const order = useOrder(orderId);
  if (!order.data) return null;
  return (
    <ReturnToKandyDialog
      order={order.data}
      open
      onOpenChange={(open) => !open && onClose()}
      onDone={onDone}
    />
  );
}

/**
 * What the admin can do about an order back at the store after a failed delivery, from the
 * alert itself: send its items back to Kandy (re-planning it on a truck is the manager's work on
 * the truck board).
 */
export function FailedOrderAction({
  orderId,
  onDone,
}: {
  orderId: number;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setOpen(true)}
        aria-label={`Send back to Kandy: order #${orderId}`}
      >
        Send back to Kandy
      </Button>
      {open && <LoadedDialog orderId={orderId} onClose={() => setOpen(false)} onDone={onDone} />}
    </>
  );
}
