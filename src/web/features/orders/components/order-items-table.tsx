import { formatMoney } from '#shared/constants';
import type { ItemState, OrderDetail } from '#shared/contract/orders';
import { Badge, type BadgeTone } from '#web/components/ui/badge';

const TH = 'px-2 sm:px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** What became of an item, in the customer's words (decision 0058); pending says nothing yet. */
const ITEM_STATE: Record<ItemState, { label: string; tone: BadgeTone } | null> = {
  pending: null,
  delivered: { label: 'Delivered', tone: 'success' },
  awaiting_redelivery: { label: 'Not delivered: at the store', tone: 'warning' },
  returned: { label: 'Returned to Kandy, credited', tone: 'neutral' },
};

/** Under the product's name (phones have no room for a column): what became of it. */
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

function TotalRow({
  label,
  value,
  strong = false,
  first = false,
  className,
}: {
  label: string;
  value: string;
  strong?: boolean;
  first?: boolean;
  className?: string;
}) {
  const pad = first ? 'pt-3 pb-1' : strong ? 'pt-1 pb-3' : 'py-1';
  return (
    <tr className={strong ? 'text-base font-semibold text-slate-900' : className}>
      <th scope="row" colSpan={3} className={`px-2 sm:px-4 ${pad} text-right ${strong ? '' : 'font-normal'}`}>
        {label}
      </th>
      <td className={`px-2 sm:px-4 ${pad} text-right tabular-nums`}>{value}</td>
    </tr>
  );
}

/**
 * The order's items at the prices captured when it was placed, with subtotal, fee and total;
 * once a delivery was tried, what became of each item, and the credit for those sent back.
 */
export function OrderItemsTable({ order }: { order: OrderDetail }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group, not a landmark region (a page's regions stay few)
    <div
      role="group"
      aria-label="Order items"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach
      tabIndex={0}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              Product
            </th>
            <th scope="col" className={`${TH} text-right`}>
              <span className="sm:hidden">Qty</span>
              <span className="hidden sm:inline">Quantity</span>
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Unit price
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Line total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {order.items.map((item) => (
            <tr key={item.product_id}>
              <th scope="row" className="px-2 py-3 text-left font-medium text-slate-900 sm:px-4">
                {item.product_name}
                <ItemOutcome item={item} />
              </th>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{item.quantity}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{formatMoney(item.unit_price)}</td>
              <td className="px-2 py-3 text-right tabular-nums sm:px-4">{formatMoney(item.line_total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 text-slate-700">
          <TotalRow label="Subtotal" value={formatMoney(order.subtotal)} first />
          <TotalRow label="Delivery fee" value={formatMoney(order.delivery_fee)} />
          <TotalRow label="Total" value={formatMoney(order.total)} strong={order.credit === 0} />
          {order.credit > 0 && (
            <>
              <TotalRow
                label="Credit: not delivered"
                value={`-${formatMoney(order.credit)}`}
                className="text-red-700"
              />
              <TotalRow label="Amount due" value={formatMoney(order.amount_due)} strong />
            </>
          )}
        </tfoot>
      </table>
    </div>
  );
}
