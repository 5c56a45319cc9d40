import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { useFormat, useT } from '#web/i18n/provider';
import type { OrderTotals } from '../lib/order-totals';

/** The live order summary next to the new-order form. */
export function OrderSummaryPanel({ totals }: { totals: OrderTotals }) {
  const chosen = totals.lines.filter((line) => line.product !== null);
  const t = useT();
  const f = useFormat();
  return (
    <Card>
      <CardHeader title={t('order.summary')} description={t('order.lines', { count: chosen.length })} />
      <CardBody className="space-y-4 text-sm">
        {chosen.length === 0 ? (
          <p className="text-slate-500">{t('order.summaryEmpty')}</p>
        ) : (
          <ul className="space-y-2">
            {chosen.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: summary lines have no identity but their position
              <li key={`${line.product?.product_id}-${index}`} className="flex justify-between gap-3">
                <span className="min-w-0 text-slate-700">
                  {line.product?.productName} × {line.quantity}
                </span>
                <span className="tabular-nums text-slate-900">{f.money(line.lineTotal)}</span>
              </li>
            ))}
          </ul>
        )}
        <dl className="space-y-2 border-t border-slate-100 pt-4">
          <div className="flex justify-between">
            <dt className="text-slate-600">{t('order.subtotal')}</dt>
            <dd className="tabular-nums">{f.money(totals.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-600">{t('order.deliveryFee')}</dt>
            <dd className="tabular-nums">{f.money(totals.deliveryFee)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-100 pt-2 text-base font-semibold">
            <dt>{t('order.total')}</dt>
            <dd className="tabular-nums">{f.money(totals.total)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
