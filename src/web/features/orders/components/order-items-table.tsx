import { formatMoney } from '#shared/constants';
import type { ItemState, OrderDetail } from '#shared/contract/orders';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { DataTable, type FooterLine } from '#web/components/ui/data-table';

/** What became of an item, in the customer's words (decision 0058); pending says nothing yet. */
const ITEM_STATE: Record<ItemState, { label: string; tone: BadgeTone } | null> = {
  pending: null,
  delivered: { label: 'Delivered', tone: 'success' },
  awaiting_redelivery: { label: 'Not delivered: at the store', tone: 'warning' },
  returned: { label: 'Returned to Kandy, credited', tone: 'neutral' },
};

/** Under the product's name: what became of it. */
function ItemOutcome({ item }: { item: OrderDetail['items'][number] }) {
  const state = ITEM_STATE[item.state];
  if (!state) return null;
  return (
    <span className="mt-1 flex flex-col items-start gap-0.5 font-normal">
      <Badge tone={state.tone} wrap>
        {state.label}
      </Badge>
      {item.state !== 'delivered' && item.last_failure && (
        <span className="text-xs text-slate-500">
          {item.last_failure.reason}
          {item.last_failure.note && `: ${item.last_failure.note}`}
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
  const footer: FooterLine[] = [
    { label: 'Subtotal', value: formatMoney(order.subtotal) },
    { label: 'Delivery fee', value: formatMoney(order.delivery_fee) },
    { label: 'Total', value: formatMoney(order.total), tone: order.credit === 0 ? 'strong' : undefined },
  ];
  if (order.credit > 0)
    footer.push(
      { label: 'Credit: not delivered', value: `-${formatMoney(order.credit)}`, tone: 'negative' },
      { label: 'Amount due', value: formatMoney(order.amount_due), tone: 'strong' },
    );
  return (
    <DataTable
      caption={`Items of order #${order.order_id}`}
      rows={order.items}
      rowKey={(item) => item.product_id}
      footer={footer}
      columns={[
        {
          header: 'Product',
          rowHeader: true,
          cell: (item) => (
            <>
              {item.product_name}
              <ItemOutcome item={item} />
            </>
          ),
        },
        { header: 'Quantity', cell: (item) => item.quantity, align: 'right', className: 'tabular-nums' },
        {
          header: 'Unit price',
          cell: (item) => formatMoney(item.unit_price),
          align: 'right',
          className: 'tabular-nums',
        },
        {
          header: 'Line total',
          cell: (item) => formatMoney(item.line_total),
          align: 'right',
          className: 'tabular-nums',
        },
      ]}
    />
  );
}
