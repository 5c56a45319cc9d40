import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvColumns } from '#server/http/report-route';
import { asciiJson, jsonWriter } from '#server/http/serializer';
import { toCsv } from '#server/lib/csv';
import {
  expectCsvLinesExact,
  previousCsv,
  previousRows,
  startingIn,
} from '#server/test/delivery-performance-expected';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTruck,
  insertDelivery,
} from '#server/test/scheduling-factories';
import { deliveryPerformanceRow, PERFORMANCE_JSON_DEFAULT_LIMIT } from '#shared/contract/manager-reports';
import { addDays } from '#shared/dates';
import { deliveryPerformanceColumns, PERFORMANCE_BATCH_DELIVERIES } from './manager-reports';
import * as q from './manager-reports.queries';

// The delivery performance CSV is written by PostgreSQL from delivery_order_facts (decision 0045):
// it must be byte for byte what the previous computation wrote: the orders joined through
// `orders`, rated by performance() and written by the API's CSV writer.
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;
const store = await createStore(app);
const truck = await createTruck(app, store.storeId, { capacity: 100_000 });
const driver = await createCrewMember(app, 'Driver', store.storeId);
const assistant = await createCrewMember(app, 'Assistant', store.storeId);
const crew = { driverId: driver.employeeId, assistantId: assistant.employeeId };
const day = '2031-03-10';
// now: after some requested days, before others, with milliseconds
const now = new Date('2031-03-12T09:17:43.517Z');

/** ... or by the API's JSON writer (the contract's compiled writer, then asciiJson: decision 0045). */
const writeJson = jsonWriter(z.array(deliveryPerformanceRow));
const previousJson = async (span: q.Span, at: Date, page: { limit: number; offset?: number }) =>
  asciiJson(
    writeJson(
      (await previousRows(db, startingIn(span), at)).slice(page.offset ?? 0, (page.offset ?? 0) + page.limit),
    ),
  );

const NAMES = [
  'Plain Traders',
  'Comma, Ltd',
  'Quote "Q" Co',
  'Line\nBreak',
  'Carriage\rReturn',
  'Both\r\nEnds',
  '=HYPERLINK("http://x")',
  '+Plus',
  '-Minus',
  '-12.5',
  '-1',
  '-1.',
  '-.5',
  '-1,5',
  '=SUM(A1,"x")',
  '@x\r\ny',
  '@At',
  '\tTab',
  "'Quoted start",
  ' leading space',
  'Ünïcödé – Lanka ශ්‍රී 😀',
  'Back\\slash "and" quote',
  'Ctrl \u0001\u001f\u007f end',
  'Separators \u2028 \u2029 and </script>',
];

describe('the delivery performance CSV', () => {
  it('is byte for byte the previous computation, across names, ratings, delays and batches', async () => {
    await db.execute(sql`update routes set name = ${'Route, "A" =1'} where route_id = ${store.routeId}`);
    // deliveries: 3 with orders at the same instant (the keyset's tie), others later, and more
    // empty ones than a batch holds between them
    const base = new Date(`${day}T03:00:00Z`).getTime();
    const HOUR = 3_600_000;
    const deliveries: number[] = [];
    for (let i = 0; i < 3; i++)
      deliveries.push(
        await insertDelivery(app, {
          truckId: truck.truckId,
          routeId: store.routeId,
          start: new Date(base),
          hours: 1,
          status: (['Delivered', 'In Transit', 'Scheduled'] as const)[i],
          ...crew,
        }),
      );
    for (let i = 0; i < PERFORMANCE_BATCH_DELIVERIES + 5; i++)
      await insertDelivery(app, {
        truckId: truck.truckId,
        routeId: store.routeId,
        start: new Date(base + (i + 1) * 60_000),
        hours: 1,
      });
    deliveries.push(
      await insertDelivery(app, {
        truckId: truck.truckId,
        routeId: store.routeId,
        start: new Date(base + 5 * HOUR),
        hours: 1,
        status: 'Delivered',
        ...crew,
      }),
    );
    // requested days around the period; late after = the requested day's end in Colombo
    const lateAfter = (schedule: string) => new Date(`${addDays(schedule, 1)}T00:00:00+05:30`).getTime();
    const cases: Array<{ schedule: string; delivered: number | string | null }> = [];
    const s1 = '2031-03-09';
    const s2 = '2031-03-10';
    const s3 = '2031-03-13';
    for (const [schedule, offset] of [
      [s1, -3 * HOUR], // on time
      [s1, -1000], // a second before: on time
      [s1, 0], // at the instant: late by 0
      [s1, 999], // within the second: late by 0
      [s1, 15 * 60_000], // 0.25 h: Math.round(2.5) = 3 -> 0.3
      [s1, 63 * 60_000], // 1.05 h
      [s1, 45 * 60_000 + 0.5], // fractions of a millisecond are none: 0.75 h
      [s2, 27 * HOUR - 1000], // 26:59:59
      [s2, 2.5 * HOUR + 1234], // the milliseconds of delivered_at are cut to the second
      [s2, 36 * 60_000 + 59_999],
      [s2, 10_000 * HOUR],
    ] as const)
      cases.push({ schedule, delivered: lateAfter(schedule) + offset });
    // microseconds: cut to the second like the millisecond (ISO text without fractions)
    const micro = (ms: number, rest: string) => `${new Date(ms).toISOString().slice(0, 19)}.${rest}Z`;
    cases.push(
      { schedule: s1, delivered: micro(lateAfter(s1) - 1000, '999999') }, // on time by a microsecond
      { schedule: s1, delivered: micro(lateAfter(s1) + 179_000, '999999') }, // 0.0497 h: Late,0
      { schedule: s1, delivered: micro(lateAfter(s1) + 180_000, '000001') }, // 0.05 h: Math.round(0.5) -> 0.1
      { schedule: s2, delivered: micro(lateAfter(s2) + 3 * 3_600_000 - 180_000, '500000') }, // 2.95 h -> 3
    );
    // not delivered: before its day ends (Pending), after it (Late by now, with milliseconds)
    cases.push(
      { schedule: s3, delivered: null },
      { schedule: s1, delivered: null },
      { schedule: s2, delivered: null },
    );
    let n = 0;
    for (const c of cases) {
      const customer = await createUser(app, 'Customer');
      await db.execute(
        sql`update customers set name = ${NAMES[n % NAMES.length]!} where customer_id = ${customer.customerId}`,
      );
      const { orderId } = await createPendingOrder(app, store, { space: 1, days: 10, customer });
      await db.execute(
        sql`update orders set schedule_date = ${c.schedule}, order_date = ${`${addDays(c.schedule, -8)}T00:00:00Z`},
              status = ${c.delivered === null ? 'Scheduled' : 'Delivered'},
              delivered_at = ${c.delivered === null ? null : typeof c.delivered === 'string' ? c.delivered : new Date(c.delivered).toISOString()}
            where order_id = ${orderId}`,
      );
      await db.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveries[n % deliveries.length]!}, ${orderId})`,
      );
      n += 1;
    }
    // the rest of the names, on the last delivery
    for (; n < NAMES.length + 3; n++) {
      const customer = await createUser(app, 'Customer');
      await db.execute(
        sql`update customers set name = ${NAMES[n % NAMES.length]!} where customer_id = ${customer.customerId}`,
      );
      const { orderId } = await createPendingOrder(app, store, { space: 1, days: 10, customer });
      await db.execute(
        sql`insert into delivery_orders (delivery_id, order_id) values (${deliveries[3]!}, ${orderId})`,
      );
    }

    t.setNow(now);
    // signed in at that time
    const manager = await createUser(app, 'Manager');
    const span = {
      from: new Date(`${day}T00:00:00+05:30`),
      before: new Date(`${addDays(day, 1)}T00:00:00+05:30`),
    };
    const expected = await previousCsv(db, span, now);
    expect(expected.split('\r\n').length).toBeGreaterThan(NAMES.length + 3);
    for (const status of [
      'On Time,0',
      'Late,0',
      'Late,0.3',
      'Late,0.1',
      'Late,3\r\n',
      'Late,1.1',
      'Pending,0',
      "'=HYPERLINK",
      '"Quote ""Q"" Co"',
      `"'=SUM(A1,""x"")"`,
      `"'-1,5"`,
    ])
      expect(expected).toContain(status);

    const res = await app.inject({
      url: `/api/report/delivery-performance?from=${day}&to=${day}&format=csv`,
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(expected);
    // and in batches of any size
    for (const size of [1, 2, 3, 7]) {
      let text = '';
      let after: q.DeliveryKey | undefined;
      for (;;) {
        const batch = await q.performanceCsvBatch(db, span, now, { deliveries: size, after });
        for (const r of batch) if (r.lines !== null) text += `${r.lines}\r\n`;
        if (batch.length < size) break;
        after = { time: batch.at(-1)!.delivery_key, deliveryId: batch.at(-1)!.delivery_id };
      }
      expect(toCsv(csvColumns(deliveryPerformanceColumns), []) + text).toBe(expected);
    }
    // the JSON rows (written by PostgreSQL, decision 0048) are byte for byte what the API's JSON
    // writer makes of the previous computation's rows, on any page; the PDF's counts read the same facts
    const rows = await previousRows(db, startingIn(span), now);
    expect(rows.length).toBe(NAMES.length + 3);
    for (const page of [
      { limit: 1000 },
      { limit: 1 },
      { limit: 5, offset: 3 },
      { limit: 7, offset: rows.length - 2 },
    ]) {
      const json = await app.inject({
        url: `/api/report/delivery-performance?from=${day}&to=${day}&limit=${page.limit}${page.offset === undefined ? '' : `&offset=${page.offset}`}`,
        headers: manager.auth,
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.body).toBe(await previousJson(span, now, page));
    }
    const json = await app.inject({
      url: `/api/report/delivery-performance?from=${day}&to=${day}`,
      headers: manager.auth,
    });
    expect(json.body).toBe(await previousJson(span, now, { limit: PERFORMANCE_JSON_DEFAULT_LIMIT }));
    expect(toCsv(csvColumns(deliveryPerformanceColumns), json.json())).toBe(expected);
    expect(json.body).toContain('"customer_name":"Back\\\\slash \\"and\\" quote"');
    expect(json.body).toContain('"customer_name":"\\u00dcn\\u00efc\\u00f6d\\u00e9 \\u2013 Lanka');
    expect(json.body).toContain('\\ud83d\\ude00"');
    expect(json.body).toContain('"customer_name":"Ctrl \\u0001\\u001f\u007f end"');
    const none = await app.inject({
      url: '/api/report/delivery-performance?from=2031-01-01&to=2031-01-02',
      headers: manager.auth,
    });
    expect(none.body).toBe('[]');
    const counts = await q.performanceCounts(db, span, now);
    const late = expected.split('\r\n').filter((l) => l.includes(',Late,')).length;
    expect(counts.find((c) => c.performance_status === 'Late')?.orders).toBe(late);
    // every order delivered: each delivery's rows are then the stored text (decision 0053), the
    // names above included
    await db.execute(
      sql`update orders set status = 'Delivered', delivered_at = schedule_date + interval '30 hours 7 minutes'
           where delivered_at is null
             and order_id in (select order_id from delivery_orders where delivery_id in (${sql.join(deliveries, sql`, `)}))`,
    );
    expect(await expectCsvLinesExact(db)).toBe(deliveries.length);
    const delivered = await app.inject({
      url: `/api/report/delivery-performance?from=${day}&to=${day}&format=csv`,
      headers: manager.auth,
    });
    expect(delivered.body).toBe(await previousCsv(db, span, now));
    expect(delivered.body).not.toContain('Pending');
    for (const name of ['"Quote ""Q"" Co"', "'=HYPERLINK", '"Both\r\nEnds"', 'Line\nBreak', '-12.5', "'-.5"])
      expect(delivered.body).toContain(name);
  });
});
