import type { LoadableOrder } from '#shared/contract/deliveries';

/** Space of the chosen orders, in hundredths summed then back, so 0.1 + 0.2 shows as 0.3. */
export function chosenSpace(orders: readonly LoadableOrder[], chosen: ReadonlySet<number>): number {
  const cents = orders
    .filter((o) => chosen.has(o.order_id))
    .reduce((sum, o) => sum + Math.round(o.space * 100), 0);
  return cents / 100;
}

/** The orders that start ticked: those already on the truck. */
export function initiallyChosen(orders: readonly LoadableOrder[]): Set<number> {
  return new Set(orders.filter((o) => o.on_this_delivery).map((o) => o.order_id));
}
