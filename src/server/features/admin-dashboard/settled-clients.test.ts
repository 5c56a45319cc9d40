import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertHistoricOrder } from '#server/test/admin-factories';
import { createCustomer, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { monthIsOver } from './admin-dashboard.service';

// The admin chart's clients per month (customers who ordered), kept per database once a month is
// over (admin-dashboard.service.ts, settledClients). This file's database holds only what it makes.
const { app, setNow } = await createTestApp();
const db = app.ctx.db;
setNow(new Date('2029-06-15T06:00:00Z'));
const admin = await createUser(app, 'Admin');
const customers = await Promise.all([1, 2, 3].map(() => createCustomer(app, { type: 'Wholesale' })));
const orderAt = (customerId: number, at: string) =>
  insertHistoricOrder(app, { customerId, at, cityId: null, routeId: null, items: [] });
let auth = admin.auth;
const clients = async (query = '?from=2029-03-01&to=2029-06-30') => {
  const res = await app.inject({ url: `/api/dashboard/admin-chart-data${query}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  const monthly = res.json().revenue.monthly_data as Record<string, { current_clients: number }>;
  return Object.fromEntries(Object.entries(monthly).map(([m, f]) => [m, f.current_clients]));
};

describe('a month is over', () => {
  it.each([
    ['2029-05', '2029-05-31', false],
    ['2029-05', '2029-06-01', false], // the day after: a placement may still be committing at midnight
    ['2029-05', '2029-06-02', true],
    ['2029-12', '2030-01-01', false],
    ['2029-12', '2030-01-02', true],
    ['2029-06', '2029-06-15', false],
  ])('%s on %s: %s', (month, today, over) => {
    expect(monthIsOver(month, today)).toBe(over);
  });
});

describe('the admin chart counts the customers who ordered in a month', () => {
  it('as the database has them, and counts an ended month once per database', async () => {
    await orderAt(customers[0]!.customerId, '2029-03-10T06:00:00Z');
    await orderAt(customers[1]!.customerId, '2029-03-11T06:00:00Z');
    await orderAt(customers[0]!.customerId, '2029-05-31T19:00:00Z'); // 00:30 on 2029-06-01 in Colombo
    await orderAt(customers[2]!.customerId, '2029-06-10T06:00:00Z');
    expect(await clients()).toEqual({ '2029-03': 2, '2029-04': 0, '2029-05': 0, '2029-06': 2 });

    // a new order this month shows at once
    await orderAt(customers[1]!.customerId, '2029-06-15T05:00:00Z');
    expect(await clients()).toEqual({ '2029-03': 2, '2029-04': 0, '2029-05': 0, '2029-06': 3 });

    // no feature writes an order into an ended month; a row put there by hand is not read again,
    // which shows that the ended months' counts come from memory after the first read
    await db.execute(
      sql`insert into customer_months (month, customer_id, customer_type) values ('2029-04-01', ${customers[2]!.customerId}, 'Wholesale')`,
    );
    expect(await clients()).toEqual({ '2029-03': 2, '2029-04': 0, '2029-05': 0, '2029-06': 3 });
    // a period starting before the known months reads the unknown ones, and everything after them
    expect(await clients('?from=2029-02-01&to=2029-06-30')).toEqual({
      '2029-02': 0,
      '2029-03': 2,
      '2029-04': 1,
      '2029-05': 0,
      '2029-06': 3,
    });
  });

  it('reads a month again while it is not over, the day after it included', async () => {
    setNow(new Date('2029-07-01T06:00:00Z'));
    auth = (await createUser(app, 'Admin')).auth; // a token of this day
    const late = await createCustomer(app, { type: 'Retail' });
    await orderAt(late.customerId, '2029-06-30T17:00:00Z'); // 22:30 in Colombo on the 30th
    expect((await clients('?from=2029-06-01&to=2029-07-01'))['2029-06']).toBe(4);
    setNow(new Date('2029-07-02T06:00:00Z'));
    auth = (await createUser(app, 'Admin')).auth;
    expect((await clients('?from=2029-06-01&to=2029-07-02'))['2029-06']).toBe(4);
  });
});
