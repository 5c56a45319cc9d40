import { CircleCheck } from 'lucide-react';
import type { OrderDetail } from '#shared/contract/orders';
import { useFormat, useT } from '#web/i18n/provider';

/** Proof of delivery: who received which items, when, and the signature drawn on the crew's phone. */
export function OrderReceipts({ order }: { order: OrderDetail }) {
  const t = useT();
  const f = useFormat();
  return (
    <ul className="space-y-4">
      {order.receipts.map((r) => (
        <li key={`${r.recipient_name}-${r.confirmed_at}`} className="text-sm">
          <p className="flex items-center gap-1.5 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('order.receipt.receivedBy', { name: r.recipient_name ?? t('order.receipt.theCustomer') })}
          </p>
          <p className="mt-0.5 text-slate-600">
            {f.dateTime(r.confirmed_at)}
            {r.confirmed_by && ` · ${t('order.receipt.deliveredBy', { name: r.confirmed_by })}`}
          </p>
          <p className="mt-0.5 text-slate-600">{r.products.join(', ')}</p>
          {r.signature && (
            <img
              src={r.signature}
              alt={t('order.receipt.signatureOf', {
                name: r.recipient_name ?? t('order.receipt.theRecipient'),
              })}
              className="mt-2 h-24 w-auto max-w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
