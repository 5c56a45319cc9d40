import { PRODUCT_DATA } from '../seed-data';
import { item, type Rng } from './kit';
import type { PlanMovement } from './plan';
import type { DayClock } from './trains';

/**
 * The stock ledger of the demo: the orders' reservations and give-backs plus opening stock and
 * production receipts sized so that no balance ever goes negative and each product ends at its
 * target level. Chronological; at the same instant stock comes in before it goes out.
 */
export function planStock(
  rng: Rng,
  orderMovements: PlanMovement[],
  at: DayClock,
): { movements: PlanMovement[]; finalUnits: number[] } {
  // ---- Stock: opening stock and production receipts sized so the ledger never goes negative
  // and ends at each product's target level (a few products are deliberately low).
  const movements: PlanMovement[] = [];
  const finalUnits: number[] = [];
  PRODUCT_DATA.forEach((p, productIdx) => {
    const events = orderMovements
      .filter((m) => m.productIdx === productIdx)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const receipts: { at: Date; initial: boolean }[] = [{ at: at(-380, 1), initial: true }];
    for (let j = 1; j * 28 < 380 - 14; j++) {
      const receiptDay = -380 + j * 28;
      if (rng.chance(0.8)) receipts.push({ at: at(receiptDay, 1.5), initial: false });
    }
    // deficit = units reserved and not given back so far; each receipt must cover the peak
    // deficit of its period, plus a safety stock at its end
    const periods = receipts.map((r, j) => {
      const end = receipts[j + 1]?.at.getTime() ?? Number.POSITIVE_INFINITY;
      let deficit = -events.filter((e) => e.at.getTime() < r.at.getTime()).reduce((s, e) => s + e.delta, 0);
      let peak = deficit;
      for (const e of events) {
        if (e.at.getTime() < r.at.getTime() || e.at.getTime() >= end) continue;
        deficit -= e.delta;
        peak = Math.max(peak, deficit);
      }
      return { peak, endDeficit: deficit };
    });
    const netReserved = -events.reduce((s, e) => s + e.delta, 0);
    const total = Math.max(p.targetUnits + netReserved, ...periods.map((x) => x.peak));
    const low = p.targetUnits < 50;
    let cumulative = 0;
    receipts.forEach((r, j) => {
      const period = item(periods, j);
      const isLast = j === receipts.length - 1;
      const safety = isLast
        ? p.targetUnits
        : low
          ? p.reorderPoint + rng.int(20, 60)
          : Math.round(p.targetUnits * (0.8 + rng.next() * 0.5));
      const desired = Math.ceil(Math.max(period.peak, period.endDeficit + safety) / 10) * 10;
      const next = Math.min(total, Math.max(cumulative, desired));
      const amount = next - cumulative;
      cumulative = next;
      if (amount <= 0) return;
      const previous = movements[movements.length - 1];
      if (amount < 20 && previous?.productIdx === productIdx) {
        previous.delta += amount; // too small for a production run: the earlier batch was bigger
        return;
      }
      const month = r.at.toISOString().slice(2, 7).replace('-', '');
      movements.push({
        productIdx,
        delta: amount,
        reason: r.initial ? 'initial' : 'production_receipt',
        orderIdx: null,
        note: r.initial
          ? 'Opening stock count at the Kandy warehouse'
          : `Production batch PB-${month}-${productIdx + 1}`,
        at: r.at,
        by: 'warehouse',
      });
    });
    finalUnits.push(cumulative - netReserved);
  });
  movements.push(...orderMovements);
  // chronological; at the same instant stock comes in before it goes out
  const inflowFirst = (m: PlanMovement) => (m.delta > 0 ? 0 : 1);
  movements.sort((a, b) => a.at.getTime() - b.at.getTime() || inflowFirst(a) - inflowFirst(b));
  return { movements, finalUnits };
}
