import type { OrderChange } from '#shared/contract/orders';
import { formatDate } from '#web/lib/format';

/** "2 items, delivery date 12 Jun 2026 → 15 Jun 2026": what a change of a Pending order touched. */
export function changeSummary(change: OrderChange): string {
  const parts: string[] = [];
  const n = change.lines.length;
  if (n > 0) parts.push(`${n} item${n === 1 ? '' : 's'}`);
  if (change.schedule_date_before !== change.schedule_date_after) {
    parts.push(
      `delivery date ${formatDate(change.schedule_date_before)} → ${formatDate(change.schedule_date_after)}`,
    );
  }
  return parts.join(', ');
}

/** One line of a change as the customer reads it: "Tea: 3 → 5", "Soap: added (2)", "Rice: removed". */
export function changeLineText(line: OrderChange['lines'][number]): string {
  if (line.before === 0) return `${line.product_name}: added (${line.after})`;
  if (line.after === 0) return `${line.product_name}: removed (was ${line.before})`;
  return `${line.product_name}: ${line.before} → ${line.after}`;
}

/** Who made the change, as its customer reads it. */
export function changedByText(change: Pick<OrderChange, 'by_customer' | 'changed_by'>): string {
  return change.by_customer ? 'Changed by you' : `Changed by ${change.changed_by ?? 'our team'}`;
}
