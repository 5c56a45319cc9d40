import type { OrderChange } from '#shared/contract/orders';
import type { Formatters } from '#web/i18n/format';
import type { Translate } from '#web/i18n/provider';

/** "2 items, delivery date 12 Jun 2026 → 15 Jun 2026": what a change of a Pending order touched. */
export function changeSummary(change: OrderChange, t: Translate, f: Formatters): string {
  const parts: string[] = [];
  const n = change.lines.length;
  if (n > 0) parts.push(t('order.lines', { count: n }));
  if (change.schedule_date_before !== change.schedule_date_after) {
    parts.push(
      t('order.change.date', {
        before: f.date(change.schedule_date_before),
        after: f.date(change.schedule_date_after),
      }),
    );
  }
  return parts.join(', ');
}

/** One line of a change as the customer reads it: "Tea: 3 → 5", "Soap: added (2)", "Rice: removed". */
export function changeLineText(line: OrderChange['lines'][number], t: Translate): string {
  if (line.before === 0) return t('order.change.added', { product: line.product_name, count: line.after });
  if (line.after === 0) return t('order.change.removed', { product: line.product_name, count: line.before });
  return `${line.product_name}: ${line.before} → ${line.after}`;
}

/** Who made the change, as its customer reads it. */
export function changedByText(change: Pick<OrderChange, 'by_customer' | 'changed_by'>, t: Translate): string {
  return change.by_customer
    ? t('order.change.byYou')
    : t('order.change.by', { name: change.changed_by ?? t('order.change.ourTeam') });
}
