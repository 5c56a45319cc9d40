import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import { notFound, unprocessable } from '#server/http/errors';
import type { Delivery, DeliveryListQuery } from '#shared/contract/deliveries';
import { addDays, startOfBusinessDay } from '#shared/dates';
import * as q from './deliveries.queries';

async function withOrders(db: Executor, rows: Awaited<ReturnType<typeof q.listDeliveries>>) {
  const orders = await q.ordersOfDeliveries(
    db,
    rows.map((r) => r.delivery_id),
  );
  // grouped in one pass, each order copied field by field: an object rest per row (`{ a, ...o }`)
  // costs microseconds a row in V8 (docs/benchmarks.md, "Where the server's time goes")
  const byDelivery = new Map<number, Delivery['orders']>();
  for (const o of orders) {
    let list = byDelivery.get(o.delivery_id);
    if (!list) {
      list = [];
      byDelivery.set(o.delivery_id, list);
    }
    list.push({
      order_id: o.order_id,
      customer_name: o.customer_name,
      status: o.status,
      schedule_date: o.schedule_date,
      space: o.space,
    });
  }
  return rows.map((r): Delivery => ({ ...r, orders: byDelivery.get(r.delivery_id) ?? [] }));
}

/**
 * GET /deliveries/deliveries: without a period or status, the deliveries not yet done (scheduled
 * or on the road), earliest first; with `from`/`to`, those that start in that period.
 */
export async function listDeliveries(ctx: AppContext, query: DeliveryListQuery) {
  if (query.from && query.to && query.from > query.to) {
    throw unprocessable(`from: the period starts (${query.from}) after it ends (${query.to})`);
  }
  const filter: q.DeliveryFilter = {
    status: query.status,
    routeId: query.route_id,
    truckId: query.truck_id,
    employeeId: query.employee_id,
    from: query.from ? startOfBusinessDay(query.from) : undefined,
    before: query.to ? startOfBusinessDay(addDays(query.to, 1)) : undefined,
    openOnly: !query.status && !query.from && !query.to,
  };
  const [total, rows] = await Promise.all([
    q.countDeliveries(ctx.db, filter),
    q.listDeliveries(ctx.db, filter, query.page_size, (query.page - 1) * query.page_size),
  ]);
  return { total, rows: await withOrders(ctx.db, rows) };
}

/** The delivery without its order list (404 when there is none). */
export async function getDeliveryRow(db: Executor, deliveryId: number) {
  const row = await q.findDelivery(db, deliveryId);
  if (!row) throw notFound(`Delivery ${deliveryId} not found`);
  return row;
}

export async function getDelivery(db: Executor, deliveryId: number): Promise<Delivery> {
  const [delivery] = await withOrders(db, [await getDeliveryRow(db, deliveryId)]);
  return delivery!;
}
