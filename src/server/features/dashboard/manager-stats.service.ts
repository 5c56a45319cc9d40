import type { AppContext } from '#server/context';
import { toCents, tripLoadStatus, utilisationPercent } from '#server/domain/allocation';
import { onTimeRate } from '#server/domain/on-time';
import {
  HIGH_PRIORITY_DAYS,
  MEDIUM_PRIORITY_DAYS,
  NEAR_FULL_PERCENT,
  NO_TRAIN_ALERT_DAYS,
  ON_TIME_WINDOW_DAYS,
} from '#shared/constants';
import type { ManagerAlert, ManagerStats, Priority } from '#shared/contract/manager-dashboard';
import { addDays, businessDate, businessDateTime, calendarDateText } from '#shared/dates';
import * as q from './manager-stats.queries';

const DAY_MS = 86_400_000;

/** Days from `today` to a YYYY-MM-DD date (negative when it has passed). */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** High within 2 days of the requested date (or past it), Medium within 5, else Low. */
export function priorityFor(daysLeft: number): Priority {
  if (daysLeft <= HIGH_PRIORITY_DAYS) return 'High';
  if (daysLeft <= MEDIUM_PRIORITY_DAYS) return 'Medium';
  return 'Low';
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** The alert of an order back at the store after a failed delivery (manager and admin). */
export function failedOrderAlertMessage(
  f: Awaited<ReturnType<typeof q.openDeliveryFailures>>[number],
): string {
  const when = `${businessDateTime(new Date(f.failed_at))} (Colombo time)`;
  const store = f.city ? `the ${f.city} store` : 'the store';
  const it = f.items_left === 1 ? 'it' : 'them';
  const what =
    f.delivered_items > 0
      ? `was partly delivered on delivery #${f.delivery_id} at ${when} (${items(f.delivered_items)} handed over)`
      : `failed on delivery #${f.delivery_id} at ${when}${f.reason ? ` (${f.reason.toLowerCase()})` : ''}`;
  return `Order #${f.id} for ${f.customer} ${what}: ${items(f.items_left)} back at ${store}. Load ${it} on a truck or send ${it} back to Kandy.`;
}

/** GET /dashboard/manager-stats: every figure from the database, none hard-coded. */
export async function managerStats(ctx: AppContext): Promise<ManagerStats> {
  const now = ctx.clock();
  const today = businessDate(now);
  const [counts, trips, pending, full, noTrain, noCrew, failed] = await Promise.all([
    q.headlineCounts(ctx.db, now, new Date(now.getTime() - ON_TIME_WINDOW_DAYS * DAY_MS)),
    q.upcomingTrips(ctx.db, now, 5),
    q.pendingByDeadline(ctx.db, 8),
    q.nearFullTrips(ctx.db, now, NEAR_FULL_PERCENT, 5),
    q.ordersWithoutTrain(ctx.db, today, addDays(today, NO_TRAIN_ALERT_DAYS), 10),
    q.deliveriesWithoutCrew(ctx.db, now, 10),
    q.openDeliveryFailures(ctx.db, 10),
  ]);
  const alerts: ManagerAlert[] = [
    ...failed.map((f) => ({
      type: 'order_delivery_failed' as const,
      severity: 'high' as const,
      message: failedOrderAlertMessage(f),
      ref_id: f.id,
    })),
    ...noTrain.map((o) => ({
      type: 'order_without_train' as const,
      severity: 'high' as const,
      message: `Order #${o.id} for ${o.customer} is due on ${calendarDateText(o.deadline)} (${o.status}) and has no train booked`,
      ref_id: o.id,
    })),
    ...noCrew.map((d) => {
      const missing = !d.has_driver && !d.has_assistant ? 'crew' : d.has_driver ? 'assistant' : 'driver';
      const soon = new Date(d.start).getTime() - now.getTime() < DAY_MS;
      return {
        type: 'delivery_without_crew' as const,
        severity: soon ? ('high' as const) : ('medium' as const),
        message: `Delivery ${d.id} on ${d.route_name} at ${businessDateTime(new Date(d.start))} has no ${missing}`,
        ref_id: d.id,
      };
    }),
    ...full.map((t) => ({
      type: 'trip_near_full' as const,
      severity: 'medium' as const,
      message: `${t.train_name} to ${t.arrival_city} on ${businessDateTime(new Date(t.departure))} is ${utilisationPercent(toCents(t.used), toCents(t.total))} % booked`,
      ref_id: t.id,
    })),
  ];
  return {
    active_train_trips: counts.active_train_trips,
    active_truck_routes: counts.active_truck_routes,
    pending_orders: counts.pending_orders,
    on_time_rate: onTimeRate(counts.on_time, counts.delivered),
    on_time_window_days: ON_TIME_WINDOW_DAYS,
    upcoming_trips: trips.map((t) => {
      const used = toCents(t.used_capacity);
      const total = toCents(t.total_capacity);
      return {
        id: t.id,
        route: `Kandy → ${t.arrival_city}`,
        date: t.date,
        capacity: utilisationPercent(used, total),
        train_name: t.train_name,
        total_capacity: t.total_capacity,
        used_capacity: t.used_capacity,
        status: tripLoadStatus(used, total),
      };
    }),
    pending_orders_details: pending.map((o) => {
      const daysLeft = daysBetween(today, o.deadline);
      return { ...o, days_left: daysLeft, priority: priorityFor(daysLeft) };
    }),
    alerts,
  };
}
