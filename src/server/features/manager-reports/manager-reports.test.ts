import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseCsv, pdfText } from '#server/test/documents';
import { createUser, daysFromNow } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTruck,
  insertDelivery,
} from '#server/test/scheduling-factories';
import { addDays } from '#shared/dates';
import { monthPeriod, performance } from './manager-reports';
import * as q from './manager-reports.queries';

// This file's database holds only what it makes, so every figure is known.
const { app } = await createTestApp();
const db = app.ctx.db;
const manager = await createUser(app, 'Manager');
const store = await createStore(app);
const truckA = await createTruck(app, store.storeId);
const truckB = await createTruck(app, store.storeId);
const d1 = await createCrewMember(app, 'Driver', store.storeId);
const d2 = await createCrewMember(app, 'Driver', store.storeId);
const a1 = await createCrewMember(app, 'Assistant', store.storeId);
const at = (iso: string) => new Date(iso);
// April 2030 (Colombo time): truck A 4 h + 6 h, truck B 5 h; May: truck B 3 h
await insertDelivery(app, {
  truckId: truckA.truckId,
  routeId: store.routeId,
  start: at('2030-04-02T03:00:00Z'),
  hours: 4,
  driverId: d1.employeeId,
  assistantId: a1.employeeId,
});
await insertDelivery(app, {
  truckId: truckA.truckId,
  routeId: store.routeId,
  start: at('2030-04-20T03:00:00Z'),
  hours: 6,
  driverId: d1.employeeId,
  assistantId: a1.employeeId,
});
await insertDelivery(app, {
  truckId: truckB.truckId,
  routeId: store.routeId,
  start: at('2030-04-30T10:00:00Z'),
  hours: 5,
  driverId: d2.employeeId,
  assistantId: a1.employeeId,
});
await insertDelivery(app, {
  truckId: truckB.truckId,
  routeId: store.routeId,
  start: at('2030-05-01T03:00:00Z'),
  hours: 3,
  driverId: d2.employeeId,
});

const report = (path: string) => app.inject({ url: `/api/report/${path}`, headers: manager.auth });

describe('GET /api/report/truck_usage', () => {
  it('gives each truck its scheduled hours over 10 h a day of the month', async () => {
    const res = await report('truck_usage?month=2030-04');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows.find((r) => r.truckId === truckA.truckId)).toEqual({
      truckId: truckA.truckId,
      plate_number: truckA.plateNumber,
      store_city: store.cityName,
      deliveries: 2,
      hours_used: 10,
      hours_available: 300,
      usageRate: 0.0333,
    });
    expect(rows.find((r) => r.truckId === truckB.truckId)).toMatchObject({
      deliveries: 1,
      hours_used: 5,
      usageRate: 0.0167,
    });
    const may = (await report('truck_usage?month=2030-05')).json() as Array<Record<string, unknown>>;
    expect(may.find((r) => r.truckId === truckB.truckId)).toMatchObject({
      hours_used: 3,
      hours_available: 310,
    });
    // the period filter when no month is given
    const span = (await report('truck_usage?from=2030-04-30&to=2030-05-01')).json() as Array<
      Record<string, unknown>
    >;
    expect(span.find((r) => r.truckId === truckB.truckId)).toMatchObject({
      deliveries: 2,
      hours_used: 8,
      hours_available: 20,
      usageRate: 0.4,
    });
    expect((await report('truck_usage?month=2030-13')).statusCode).toBe(422);
  });

  it('downloads as CSV and PDF', async () => {
    const csv = await report('truck_usage?month=2030-04&format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\n')[0]).toMatch(/^"?Truck"?,"?Store"?/);
    expect(csv.body).toContain(truckA.plateNumber);
    const pdf = await report('truck_usage?month=2030-04&format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('GET /api/report/driver-hours', () => {
  it('sums the scheduled hours of drivers and assistants in the period', async () => {
    const rows = (await report('driver-hours?from=2030-04-01&to=2030-04-30')).json() as Array<
      Record<string, unknown>
    >;
    const of = (id: number) => rows.find((r) => r.employeeId === id);
    expect(of(d1.employeeId)).toEqual({
      employeeId: d1.employeeId,
      name: d1.name,
      employee_type: 'Driver',
      deliveries: 2,
      totalHours: 10,
    });
    expect(of(d2.employeeId)).toMatchObject({ deliveries: 1, totalHours: 5 });
    expect(of(a1.employeeId)).toMatchObject({ employee_type: 'Assistant', deliveries: 3, totalHours: 15 });
  });
});

describe('GET /api/report/delivery-performance', () => {
  it('rates each order on a delivery: on time, late with the delay, or pending', async () => {
    const scheduleDate = daysFromNow(10);
    const start = new Date(`${addDays(scheduleDate, -1)}T03:00:00Z`);
    const deliveryId = await insertDelivery(app, {
      truckId: truckA.truckId,
      routeId: store.routeId,
      start,
      hours: 4,
    });
    const orders = [];
    for (let i = 0; i < 3; i++)
      orders.push((await createPendingOrder(app, store, { space: 1, days: 10 })).orderId);
    const [onTime, late, pending] = orders as [number, number, number];
    for (const id of orders)
      await db.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveryId}, ${id})`,
      );
    await db.execute(
      sql`update orders set status = 'Delivered', delivered_at = ${`${scheduleDate}T23:00:00+05:30`} where order_id = ${onTime}`,
    );
    await db.execute(
      sql`update orders set status = 'Delivered', delivered_at = ${`${addDays(scheduleDate, 1)}T02:30:00+05:30`} where order_id = ${late}`,
    );
    const from = addDays(scheduleDate, -1);
    const rows = (await report(`delivery-performance?from=${from}&to=${from}`)).json() as Array<
      Record<string, unknown>
    >;
    expect(rows).toHaveLength(3);
    const of = (id: number) => rows.find((r) => r.order_id === id);
    expect(of(onTime)).toMatchObject({
      delivery_id: deliveryId,
      performance_status: 'On Time',
      hours_delay: 0,
      schedule_date: scheduleDate,
      status: 'Scheduled',
      route_name: store.routeName,
    });
    expect(of(late)).toMatchObject({ performance_status: 'Late', hours_delay: 2.5 });
    const summary = (await report(`delivery-performance-summary?from=${from}&to=${from}`)).json();
    expect(summary).toEqual([
      { performance_status: 'On Time', orders: 1, percent: 33.3 },
      { performance_status: 'Late', orders: 1, percent: 33.3 },
      { performance_status: 'Pending', orders: 1, percent: 33.3 },
      { performance_status: 'Failed', orders: 0, percent: 0 },
      { performance_status: 'Partly delivered', orders: 0, percent: 0 },
    ]);
    const page1 = (
      await report(`delivery-performance?from=${from}&to=${from}&limit=2`)
    ).json() as typeof rows;
    const page2 = (
      await report(`delivery-performance?from=${from}&to=${from}&limit=2&offset=2`)
    ).json() as typeof rows;
    expect([...page1, ...page2].map((r) => r.order_id)).toEqual(rows.map((r) => r.order_id));
    expect((await report(`delivery-performance?limit=0`)).statusCode).toBe(422);
    expect(of(pending)).toMatchObject({
      performance_status: 'Pending',
      hours_delay: 0,
      delivery_date_time: start.toISOString().replace('.000', ''),
    });
    // the PDF: the counts and the average delay of every order, then the rows
    const pdf = await report(`delivery-performance?from=${from}&to=${from}&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(/Orders:\s*3/);
    expect(text).toMatch(/On Time:\s*1 \(33\.3 %\)/);
    expect(text).toMatch(/Late:\s*1 \(33\.3 %\)/);
    expect(text).toMatch(/Average delay, all orders:\s*0\.8 h/);
    expect(text).toContain(String(late));
    expect(text).not.toContain('This PDF shows the first');
  });

  it('downloads every row as CSV, read a batch of whole deliveries at a time', async () => {
    // two deliveries leave at the same instant (the keyset's tie) and one later; 2 + 2 + 1 orders
    const day = '2031-06-10';
    const same = new Date(`${day}T03:00:00Z`);
    const deliveries = [
      await insertDelivery(app, { truckId: truckA.truckId, routeId: store.routeId, start: same, hours: 2 }),
      await insertDelivery(app, { truckId: truckB.truckId, routeId: store.routeId, start: same, hours: 2 }),
      await insertDelivery(app, {
        truckId: truckA.truckId,
        routeId: store.routeId,
        start: new Date(`${day}T08:00:00Z`),
        hours: 2,
      }),
    ];
    for (const index of [0, 0, 1, 1, 2]) {
      const { orderId } = await createPendingOrder(app, store, { space: 1, days: 10 });
      await db.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveries[index]!}, ${orderId})`,
      );
    }
    const span = { from: new Date(`${day}T00:00:00+05:30`), before: new Date('2031-06-11T00:00:00+05:30') };
    const all = await q.deliveredOrders(db, span);
    expect(all).toHaveLength(5);
    // one delivery per batch: the batches together are the whole list, in its order
    const batches: number[][] = [];
    let after: q.DeliveryKey | undefined;
    for (;;) {
      const batch = await q.performanceCsvBatch(db, span, new Date(), { deliveries: 1, after });
      if (batch.length === 0) break;
      batches.push(batch[0]!.lines!.split('\r\n').map((line) => Number(line.split(',')[1])));
      const last = batch.at(-1)!;
      after = { time: last.delivery_key, deliveryId: last.delivery_id };
    }
    expect(batches.map((b) => b.length)).toEqual([1, 2, 2]);
    expect(batches.flat()).toEqual(all.map((r) => r.order_id));

    const csv = await report(`delivery-performance?from=${day}&to=${day}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename=delivery-performance-${day}-to-${day}.csv`,
    );
    const [header, ...rows] = parseCsv(csv.payload);
    expect(header).toEqual([
      'Delivery',
      'Order',
      'Customer',
      'Route',
      'Delivery status',
      'Requested',
      'Delivered / leaves',
      'Performance',
      'Delay',
    ]);
    const json = (await report(`delivery-performance?from=${day}&to=${day}`)).json() as Array<
      Record<string, unknown>
    >;
    expect(rows.map((r) => Number(r[1]))).toEqual(json.map((r) => r.order_id));
    expect(rows.map((r) => r[7])).toEqual(json.map((r) => r.performance_status));
    // limit/offset still cut a download
    const cut = parseCsv(
      (await report(`delivery-performance?from=${day}&to=${day}&format=csv&limit=2`)).payload,
    );
    expect(cut).toHaveLength(3);
  });

  it('is for staff only', async () => {
    const customer = await createUser(app, 'Customer');
    expect(
      (await app.inject({ url: '/api/report/delivery-performance', headers: customer.auth })).statusCode,
    ).toBe(403);
  });
});

describe('report helpers', () => {
  it('turn a month into its days and rate a still-open order that is past its day as Late', () => {
    expect(monthPeriod('2030-02')).toEqual({ from: '2030-02-01', to: '2030-02-28' });
    expect(monthPeriod('2032-02')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(
      performance(
        { delivered_at: null, late_after: '2030-01-01T18:30:00Z' },
        new Date('2030-01-02T00:30:00Z'),
      ),
    ).toEqual({
      performance_status: 'Late',
      hours_delay: 6,
    });
  });
});
