import { CircleCheck } from 'lucide-react';
import type { OrderDetail } from '#shared/contract/orders';
import { formatDateTime } from '#web/lib/format';

/** Proof of delivery: who received which items, when, and the signature drawn on the crew's phone. */
export function OrderReceipts({ order }: { order: OrderDetail }) {
  return (
    <ul className="space-y-4">
      {order.receipts.map((r) => (
        <li key={`${r.recipient_name}-${r.confirmed_at}`} className="text-sm">
          <p className="flex items-center gap-1.5 font-medium text-emerald-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            Received by {r.recipient_name ?? 'the customer'}
          </p>
          <p className="mt-0.5 text-slate-600">
            {formatDateTime(r.confirmed_at)}
            {r.confirmed_by && ` · delivered by ${r.confirmed_by}`}
          </p>
          <p className="mt-0.5 text-slate-600">{r.products.join(', ')}</p>
          {r.signature && (
            <img
              src={r.signature}
              alt={`Signature of ${r.recipient_name ?? 'the recipient'}`}
              className="mt-2 h-24 w-auto max-w-full rounded-md border border-slate-200 bg-white"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
