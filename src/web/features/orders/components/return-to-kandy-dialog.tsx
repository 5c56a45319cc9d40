import { type FormEvent, useState } from 'react';
import { formatMoney } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Textarea } from '#web/components/ui/textarea';
import { useReturnToKandy } from '../api/return-to-kandy';

/**
 * "Send back to Kandy" after confirmation: the items not delivered leave the city store for
 * Kandy's stock and are credited; the order closes (Delivered for what was delivered, or
 * Cancelled when nothing was).
 */
export function ReturnToKandyDialog({
  order,
  open,
  onOpenChange,
  onDone,
}: {
  order: Pick<OrderDetail, 'order_id' | 'items' | 'customer_city' | 'delivery_fee'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}) {
  const [note, setNote] = useState('');
  const send = useReturnToKandy(order.order_id);
  const back = order.items.filter((i) => i.state !== 'delivered' && i.state !== 'returned');
  const nothingDelivered = !order.items.some((i) => i.state === 'delivered');
  const credit =
    back.reduce((sum, i) => sum + Math.round(i.line_total * 100), 0) / 100 +
    (nothingDelivered ? order.delivery_fee : 0);
  function close(next: boolean) {
    if (!next) {
      setNote('');
      send.reset();
    }
    onOpenChange(next);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate(
      { note: note.trim() || null },
      {
        onSuccess: (r) => {
          close(false);
          onDone(
            `Order #${r.order_id}: ${r.returned.length} ${r.returned.length === 1 ? 'item' : 'items'} sent back to Kandy, ${formatMoney(r.credit)} credited. The order is ${r.status}.`,
          );
        },
      },
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Send order #${order.order_id}'s items back to Kandy?`}
      description={`They leave the ${order.customer_city || 'city'} store, go back into Kandy's stock and are credited to the customer; the order is closed ${nothingDelivered ? '(Cancelled: nothing was delivered, the delivery fee is credited too)' : '(Delivered for what was delivered)'}. This cannot be undone.`}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Keep at the store
          </Button>
          <Button type="submit" form="return-to-kandy" variant="danger" loading={send.isPending}>
            Send back to Kandy
          </Button>
        </>
      }
    >
      <form id="return-to-kandy" onSubmit={submit} noValidate className="space-y-3">
        <ul className="space-y-1 text-sm text-slate-800">
          {back.map((i) => (
            <li key={i.product_id} className="flex justify-between gap-3">
              <span>
                {i.product_name} x {i.quantity}
              </span>
              <span className="tabular-nums">{formatMoney(i.line_total)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-medium">
            <span>Credit{nothingDelivered ? ' (with the delivery fee)' : ''}</span>
            <span className="tabular-nums">{formatMoney(credit)}</span>
          </li>
        </ul>
        <Textarea
          label="Note for the ledger"
          optional
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="e.g. Damaged cartons, customer will reorder"
        />
        {send.isError && <Alert variant="error">{send.error.message}</Alert>}
      </form>
    </Dialog>
  );
}
