import type { ItemState, OrderDetail } from '#shared/contract/orders';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { DataTable, type FooterLine } from '#web/components/ui/data-table';
import { type MessageKey, useFormat, useT } from '#web/i18n/provider';
import { failureReason } from '../lib/order-texts';

/** What became of an item, in the customer's words (decision 0058); pending says nothing yet. */
const ITEM_STATE: Record<ItemState, { label: MessageKey; tone: BadgeTone } | null> = {
  pending: null,
  delivered: { label: 'order.item.delivered', tone: 'success' },
  awaiting_redelivery: { label: 'order.item.atStore', tone: 'warning' },
  returned: { label: 'order.item.returned', tone: 'neutral' },
};

/** Under the product's name: what became of it. */
function ItemOutcome({ item }: { item: OrderDetail['items'][number] }) {
  const t = useT();
  const state = ITEM_STATE[item.state];
  if (!state) return null;
  const failure = item.state !== 'delivered' ? item.last_failure : null;
  return (
    <span className="mt-1 flex flex-col items-start gap-0.5 font-normal">
      <Badge tone={state.tone} wrap>
        {t(state.label)}
      </Badge>
      {failure && (
        <span className="text-xs text-slate-500">
          {failureReason(t, failure.reason)}
          {failure.note && `: ${failure.note}`}
        </span>
      )}
    </span>
  );
}

/**
 * The order's items at the prices captured when it was placed, with subtotal, fee and total;
 * once a delivery was tried, what became of each item, and the credit for those sent back.
 * A card per item on phones, the totals under them, every figure whole.
 */
export function OrderItemsTable({ order }: { order: OrderDetail }) {
  const t = useT();
  const f = useFormat();
  const footer: FooterLine[] = [
    { label: t('order.subtotal'), value: f.money(order.subtotal) },
    { label: t('order.deliveryFee'), value: f.money(order.delivery_fee) },
    { label: t('order.total'), value: f.money(order.total), tone: order.credit === 0 ? 'strong' : undefined },
  ];
  if (order.credit > 0)
    footer.push(
      { label: t('order.item.credit'), value: `-${f.money(order.credit)}`, tone: 'negative' },
      { label: t('order.item.amountDue'), value: f.money(order.amount_due), tone: 'strong' },
    );
  return (
    <DataTable
      caption={t('order.item.caption', { id: order.order_id })}
      rows={order.items}
      rowKey={(item) => item.product_id}
      footer={footer}
      columns={[
        {
          header: t('order.product'),
          rowHeader: true,
          cell: (item) => (
            <>
              {item.product_name}
              <ItemOutcome item={item} />
            </>
          ),
        },
        {
          header: t('order.quantity'),
          cell: (item) => item.quantity,
          align: 'right',
          className: 'tabular-nums',
        },
        {
          header: t('order.unitPrice'),
          cell: (item) => f.money(item.unit_price),
          align: 'right',
          className: 'tabular-nums',
        },
        {
          header: t('order.lineTotal'),
          cell: (item) => f.money(item.line_total),
          align: 'right',
          className: 'tabular-nums',
        },
      ]}
    />
  );
}
