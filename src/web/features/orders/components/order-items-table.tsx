import { formatMoney } from '#shared/constants';
import type { OrderDetail } from '#shared/contract/orders';

const TH = 'px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase';

/** The order's items at the prices captured when it was placed, with subtotal, fee and total. */
export function OrderItemsTable({ order }: { order: OrderDetail }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={`${TH} text-left`}>
              Product
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Quantity
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
              <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
                {item.product_name}
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{item.quantity}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(item.unit_price)}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatMoney(item.line_total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 text-slate-700">
          <tr>
            <th scope="row" colSpan={3} className="px-4 pt-3 pb-1 text-right font-normal">
              Subtotal
            </th>
            <td className="px-4 pt-3 pb-1 text-right tabular-nums">{formatMoney(order.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="px-4 py-1 text-right font-normal">
              Delivery fee
            </th>
            <td className="px-4 py-1 text-right tabular-nums">{formatMoney(order.delivery_fee)}</td>
          </tr>
          <tr className="text-base font-semibold text-slate-900">
            <th scope="row" colSpan={3} className="px-4 pt-1 pb-3 text-right">
              Total
            </th>
            <td className="px-4 pt-1 pb-3 text-right tabular-nums">{formatMoney(order.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
