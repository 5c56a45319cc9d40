import type { AppContext } from '#server/context';
import { toCents, utilisationPercent } from '#server/domain/allocation';
import * as manager from '#server/features/dashboard/index';
import { resolvePeriod } from '#server/http/report-route';
import { NEAR_FULL_PERCENT, NO_TRAIN_ALERT_DAYS } from '#shared/constants';
import type { AdminAlert, AdminChartData, AdminStats, MonthFigures } from '#shared/contract/admin-dashboard';
import type { PeriodQuery } from '#shared/contract/common';
import { addDays, businessDate, businessDateTime, calendarDateText, startOfBusinessDay } from '#shared/dates';
import * as q from './admin-dashboard.queries';

const DAY_MS = 86_400_000;
/** The window of the utilisation figures and of "active" users: 30 days. */
export const ADMIN_WINDOW_DAYS = 30;
const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Monday of the business week of `date` (YYYY-MM-DD). */
export function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

/** GET /dashboard/admin-stats: every figure from the database (docs/decisions/0019). */
export async function adminStats(ctx: AppContext): Promise<AdminStats> {
  const now = ctx.clock();
  const window = {
    from: new Date(now.getTime() - ADMIN_WINDOW_DAYS * DAY_MS),
    before: new Date(now.getTime() + ADMIN_WINDOW_DAYS * DAY_MS),
  };
  const monday = weekStart(businessDate(now));
  const week = { from: startOfBusinessDay(monday), before: startOfBusinessDay(addDays(monday, 7)) };
  const [counts, h] = await Promise.all([
    q.orderCounts(ctx.db),
    q.headline(ctx.db, window.from, window, week),
  ]);
  const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0;
  return {
    total_orders: counts.reduce((s, c) => s + c.n, 0),
    pending_orders: count('Pending'),
    delivered_orders: count('Delivered'),
    active_users: h.active_users,
    train_utilization: utilisationPercent(toCents(h.train_used), toCents(h.train_total)),
    truck_utilization:
      h.truck_available > 0 ? round1(Math.min(100, (h.truck_used / h.truck_available) * 100)) : 0,
    staff_active: h.staff_active,
  };
}

/** The months (YYYY-MM) a period touches, oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/**
 * Customers who ordered in a month (the chart's clients series), kept per database for the months
 * that are over: a customer_months row is written only by the insert of an order, dated when it is
 * placed (the placement's clock), and never deleted (customers with orders are not deleted), so a
 * month that ended is never counted differently. Counting the rows of 13 months read 260,000 index
 * entries at 10M orders (20,000 customers ordering nearly every month: docs/benchmarks.md); the
 * current month alone is a thirteenth of that. A month counts as over a full day after it ends,
 * past any placement still committing at midnight. Each server process learns the counts itself,
 * once; nothing to share or invalidate between processes.
 */
const settledClients = new WeakMap<object, Map<string, number>>();

/** Whether the month (YYYY-MM) ended more than a full business day before `today`. */
export function monthIsOver(month: string, today: string): boolean {
  return today > `${monthsBack(`${month}-01`, -1)}-01`;
}

/** GET /dashboard/admin-chart-data: default the last 12 months up to today. */
export async function adminChartData(ctx: AppContext, query: PeriodQuery): Promise<AdminChartData> {
  const today = businessDate(ctx.clock());
  // default: the 12 calendar months ending with the current one
  const period = resolvePeriod(
    { from: query.from ?? `${monthsBack(query.to ?? today, 11)}-01`, to: query.to },
    ctx.clock(),
    365,
  );
  const length = Math.round((Date.parse(period.to) - Date.parse(period.from)) / DAY_MS) + 1;
  const previous = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const months = monthsOf(period.from, period.to);
  const settled = settledClients.get(ctx.db) ?? new Map<string, number>();
  settledClients.set(ctx.db, settled);
  // the clients series is read from the first month whose count is not known yet
  const unknown = months.findIndex((m) => !(monthIsOver(m, today) && settled.has(m)));
  const clientsFrom = unknown < 0 ? addDays(period.to, 1) : `${months[unknown]}-01`;
  const figures = await q.chartFigures(ctx.db, period, previous, clientsFrom);
  const sales = figures
    .filter((r) => r.kind === 'sales')
    .map((r) => ({ month: r.month!, customer_type: r.customer_type!, revenue: r.revenue!, orders: r.n! }));
  const customers = figures.filter((r) => r.kind !== 'sales' && r.kind !== 'previous') as Array<{
    kind: string;
    month: string;
    n: number;
  }>;
  const previousTotal = figures.find((r) => r.kind === 'previous')!.revenue!;
  const monthly: Record<string, MonthFigures> = {};
  const count = (kind: string, month: string) =>
    customers.find((r) => r.kind === kind && r.month === month)?.n ?? 0;
  for (const month of months.slice(unknown < 0 ? months.length : unknown)) {
    if (monthIsOver(month, today)) settled.set(month, count('clients', month));
  }
  const clients = (month: string) =>
    monthIsOver(month, today) && settled.has(month) ? settled.get(month)! : count('clients', month);
  const loginsUpTo = (month: string) =>
    customers.filter((r) => r.kind === 'logins' && r.month <= month).reduce((s, r) => s + r.n, 0);
  for (const month of months) {
    const rows = sales.filter((r) => r.month === month);
    const of = (type: string) => rows.find((r) => r.customer_type === type)?.revenue ?? 0;
    monthly[month] = {
      revenue: round2(rows.reduce((s, r) => s + r.revenue, 0)),
      orders: rows.reduce((s, r) => s + r.orders, 0),
      wholesale: round2(of('Wholesale')),
      retail: round2(of('Retail')),
      current_clients: clients(month),
      subscribers: loginsUpTo(month),
      new_customers: count('new', month),
    };
  }
  const byType = (type: string) => {
    const rows = sales.filter((r) => r.customer_type === type);
    return {
      revenue: round2(rows.reduce((s, r) => s + r.revenue, 0)),
      orders: rows.reduce((s, r) => s + r.orders, 0),
    };
  };
  const wholesale = byType('Wholesale');
  const retail = byType('Retail');
  const total = round2(wholesale.revenue + retail.revenue);
  const percent = (v: number) => (total > 0 ? round1((v / total) * 100) : 0);
  return {
    period,
    revenue: {
      total,
      growth_percent: previousTotal > 0 ? round1(((total - previousTotal) / previousTotal) * 100) : null,
      previous_total: round2(previousTotal),
      monthly_data: monthly,
    },
    revenue_analysis: {
      total,
      wholesale: { ...wholesale, percent: percent(wholesale.revenue) },
      retail: { ...retail, percent: percent(retail.revenue) },
    },
  };
}

/** YYYY-MM `n` months before the month of `date`. */
export function monthsBack(date: string, n: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const LIMIT = 8;

/** GET /dashboard/admin-alerts: the conditions that need someone now, most urgent kinds first. */
export async function adminAlerts(ctx: AppContext): Promise<AdminAlert[]> {
  const now = ctx.clock();
  const today = businessDate(now);
  const [stock, full, noTrain, troubled, failed] = await Promise.all([
    q.stockAlerts(ctx.db, LIMIT),
    manager.nearFullTrips(ctx.db, now, NEAR_FULL_PERCENT, LIMIT),
    manager.ordersWithoutTrain(ctx.db, today, addDays(today, NO_TRAIN_ALERT_DAYS), LIMIT),
    q.troubledDeliveries(ctx.db, now, LIMIT),
    manager.openDeliveryFailures(ctx.db, LIMIT),
  ]);
  const nowIso = now.toISOString();
  return [
    ...failed.map((f) => ({
      type: 'order_delivery_failed' as const,
      severity: 'high' as const,
      message: manager.failedOrderAlertMessage(f),
      time: f.failed_at,
      ref_id: f.id,
    })),
    ...troubled.map((d) =>
      d.status === 'Scheduled'
        ? {
            type: 'delivery_failed' as const,
            severity: 'high' as const,
            message: `Delivery ${d.id} (${d.plate_number}, ${d.route_name}) was due to leave at ${businessDateTime(new Date(d.start))} and never started`,
            time: d.end,
            ref_id: d.id,
          }
        : {
            type: 'delivery_late' as const,
            severity: 'high' as const,
            message: `Delivery ${d.id} (${d.plate_number}, ${d.route_name}) is still in transit after its end at ${businessDateTime(new Date(d.end))}`,
            time: d.end,
            ref_id: d.id,
          },
    ),
    ...stock.map((p) => ({
      type: p.available_units === 0 ? ('out_of_stock' as const) : ('low_stock' as const),
      severity: p.available_units === 0 ? ('high' as const) : ('medium' as const),
      message:
        p.available_units === 0
          ? `${p.name} is out of stock`
          : `${p.name} is low on stock: ${p.available_units} units (reorder point ${p.reorder_point})`,
      time: p.since ?? nowIso,
      ref_id: p.product_id,
    })),
    ...noTrain.map((o) => ({
      type: 'order_without_train' as const,
      severity: 'high' as const,
      message: `Order #${o.id} for ${o.customer} is due on ${calendarDateText(o.deadline)} and has no train booked`,
      time: startOfBusinessDay(o.deadline).toISOString(),
      ref_id: o.id,
    })),
    ...full.map((t) => ({
      type: 'trip_near_full' as const,
      severity: 'medium' as const,
      message: `${t.train_name} to ${t.arrival_city} on ${businessDateTime(new Date(t.departure))} is ${utilisationPercent(toCents(t.used), toCents(t.total))} % booked`,
      time: t.departure,
      ref_id: t.id,
    })),
  ];
}
