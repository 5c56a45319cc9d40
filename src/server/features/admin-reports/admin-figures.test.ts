import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertHistoricOrder } from '#server/test/admin-factories';
import { parseCsv, pdfText } from '#server/test/documents';
import { createCustomer, createProduct, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createStore,
  createTrip,
  createTruck,
  DAY,
  HOUR,
  insertDelivery,
} from '#server/test/scheduling-factories';

// This file's database holds only what it makes, so every figure is known.
const { app, setNow } = await createTestApp();
const db = app.ctx.db;
const NOW = new Date('2029-06-15T06:00:00Z'); // a Friday, 11:30 in Colombo
setNow(NOW);
const admin = await createUser(app, 'Admin');
const manager = await createUser(app, 'Manager');
const warehouse = await createUser(app, 'Warehouse Manager');

const a = await createStore(app);
const b = await createStore(app);
const p1 = await createProduct(app, { name: 'Tea 1kg', unitPrice: 10, spacePerUnit: 0.5, units: 0 });
const p2 = await createProduct(app, { name: '=Soap bar', unitPrice: 4, spacePerUnit: 1, units: 0 });
const wholesale = await createCustomer(app, {
  name: 'Wholesale Co',
  type: 'Wholesale',
  createdAt: new Date('2029-01-03T06:00:00Z'),
});
const retail = await createCustomer(app, {
  name: 'Retail Ru',
  type: 'Retail',
  createdAt: new Date('2028-09-01T06:00:00Z'),
});
await db.execute(
  sql`update users set customer_id = ${wholesale.customerId}, created_at = '2029-03-10T06:00:00Z' where user_id = ${admin.userId}`,
);
const order = (
  customer: typeof wholesale,
  at: string,
  store: typeof a,
  items: Array<[typeof p1, number]>,
  status: 'Pending' | 'Scheduled' | 'Delivered' = 'Delivered',
) =>
  insertHistoricOrder(app, {
    customerId: customer.customerId,
    at,
    cityId: store.cityId,
    routeId: store.routeId,
    status,
    items: items.map(([p, quantity]) => ({
      productId: p.productId,
      quantity,
      unitPrice: Number(p.unitPrice),
    })),
  });
// 2028-10 (previous period): 35; Q1 2029: 145 + 45; Q2 2029: 65 + 37 (+ 35 cancelled)
await order(retail, '2028-10-01T06:00:00Z', b, [[p1, 1]]);
const o1 = await order(wholesale, '2029-01-15T06:00:00Z', a, [
  [p1, 10],
  [p2, 5],
]);
await order(retail, '2029-02-10T06:00:00Z', b, [[p1, 2]]);
const o3 = await order(wholesale, '2029-04-20T06:00:00Z', a, [[p2, 10]], 'Scheduled');
const o4 = await order(retail, '2029-05-05T06:00:00Z', b, [[p1, 1]], 'Scheduled');
await db.execute(sql`update orders set status = 'Cancelled' where order_id = ${o4}`);
await order(retail, '2029-05-06T06:00:00Z', a, [[p2, 3]], 'Pending');

// trains: 10 of 100 and 10 of 10 within 30 days; one trip outside the window
const trip1 = await createTrip(app, a.cityId, { departH: 5 * 24, capacity: 100, base: NOW });
const trip2 = await createTrip(app, a.cityId, { departH: 2 * 24, capacity: 10, base: NOW });
await createTrip(app, b.cityId, { departH: 40 * 24, capacity: 50, base: NOW });
await db.execute(
  sql`insert into train_allocations (order_id, train_trip_id, space) values (${o3}, ${trip1.trainTripId}, 10), (${o1}, ${trip2.trainTripId}, 10)`,
);

// trucks and crew: 4 h this week (late: still In Transit), 6 h two weeks ago (never started)
const truckA = await createTruck(app, a.storeId);
const truckB = await createTruck(app, a.storeId);
await createTruck(app, a.storeId, { status: 'Under Repair' });
const d1 = await createCrewMember(app, 'Driver', a.storeId);
const d2 = await createCrewMember(app, 'Driver', a.storeId, 35);
const a1 = await createCrewMember(app, 'Assistant', a.storeId);
const late = await insertDelivery(app, {
  truckId: truckA.truckId,
  routeId: a.routeId,
  start: new Date(NOW.getTime() - 20 * HOUR),
  hours: 4,
  driverId: d1.employeeId,
  assistantId: a1.employeeId,
  status: 'In Transit',
});
const failed = await insertDelivery(app, {
  truckId: truckA.truckId,
  routeId: a.routeId,
  start: new Date('2029-06-01T04:00:00Z'),
  hours: 6,
  driverId: d2.employeeId,
});
await db.execute(sql`insert into delivery_orders (delivery_id, order_id) values (${late}, ${o3})`);
await db.execute(
  sql`update users set last_login_at = ${new Date(NOW.getTime() - 5 * DAY).toISOString()} where user_id = ${manager.userId}`,
);
await db.execute(
  sql`update users set last_login_at = '2029-04-01T00:00:00Z' where user_id = ${warehouse.userId}`,
);

const get = (url: string, auth = admin.auth) => app.inject({ url, headers: auth });
const rowsOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};

describe('admin dashboard', () => {
  it('admin-stats counts orders by status, active users, utilisation and staff on a delivery this week', async () => {
    expect(await (await get('/api/dashboard/admin-stats')).json()).toEqual({
      total_orders: 6,
      pending_orders: 1,
      delivered_orders: 3,
      active_users: 1,
      train_utilization: 18.2, // 20 of 110
      truck_utilization: 0.8, // 10 h of 2 trucks x 60 days x 10 h
      staff_active: 2,
    });
  });

  it('admin-chart-data splits revenue by month and customer type with growth against the period before', async () => {
    const data = (await get('/api/dashboard/admin-chart-data?from=2029-01-01&to=2029-06-30')).json();
    expect(data.revenue.total).toBe(292);
    expect(data.revenue.previous_total).toBe(35);
    expect(data.revenue.growth_percent).toBe(734.3);
    expect(Object.keys(data.revenue.monthly_data)).toEqual([
      '2029-01',
      '2029-02',
      '2029-03',
      '2029-04',
      '2029-05',
      '2029-06',
    ]);
    expect(data.revenue.monthly_data['2029-01']).toEqual({
      revenue: 145,
      orders: 1,
      wholesale: 145,
      retail: 0,
      current_clients: 1,
      subscribers: 0,
      new_customers: 1,
    });
    expect(data.revenue.monthly_data['2029-03'].subscribers).toBe(1);
    // the cancelled order's customer still ordered in May
    expect(data.revenue.monthly_data['2029-05']).toMatchObject({
      revenue: 37,
      orders: 1,
      current_clients: 1,
    });
    expect(data.revenue_analysis).toEqual({
      total: 292,
      wholesale: { revenue: 210, orders: 2, percent: 71.9 },
      retail: { revenue: 82, orders: 2, percent: 28.1 },
    });
    const byDefault = (await get('/api/dashboard/admin-chart-data')).json();
    expect(byDefault.period).toEqual({ from: '2028-07-01', to: '2029-06-15' });
    expect(Object.keys(byDefault.revenue.monthly_data)).toHaveLength(12);
  });

  it('admin-alerts names late and failed deliveries, stock, orders without a train and full trips', async () => {
    const alerts = (await get('/api/dashboard/admin-alerts')).json() as Array<{
      type: string;
      ref_id: number;
      message: string;
    }>;
    const of = (type: string) => alerts.filter((x) => x.type === type).map((x) => x.ref_id);
    expect(of('delivery_late')).toEqual([late]);
    expect(of('delivery_failed')).toEqual([failed]);
    expect(of('out_of_stock').sort()).toEqual([p1.productId, p2.productId].sort());
    expect(of('trip_near_full')).toEqual([trip2.trainTripId]);
    expect(alerts.find((x) => x.type === 'delivery_late')?.message).toContain('still in transit');
  });
});

describe('business reports', () => {
  it('quarterly-sales: value and volume per quarter, cancelled orders left out', async () => {
    expect(await rowsOf('/api/report/quarterly-sales?from=2029-01-01&to=2029-06-30')).toEqual([
      {
        quarter: '2029-Q1',
        orders: 2,
        units: 17,
        space: 11,
        goods_revenue: 140,
        delivery_fees: 50,
        total_revenue: 190,
        avg_order_value: 95,
      },
      {
        quarter: '2029-Q2',
        orders: 2,
        units: 13,
        space: 13,
        goods_revenue: 52,
        delivery_fees: 50,
        total_revenue: 102,
        avg_order_value: 51,
      },
    ]);
  });

  it('top-items ranks the products of a quarter', async () => {
    const q1 = await rowsOf('/api/report/top-items?quarter=2029-Q1');
    expect(q1.map((r) => [r.rank, r.product_name, r.units, r.orders, r.revenue])).toEqual([
      [1, 'Tea 1kg', 12, 2, 120],
      [2, '=Soap bar', 5, 1, 20],
    ]);
    const q2 = await rowsOf('/api/report/top-items?quarter=2029-Q2');
    expect(q2.map((r) => [r.product_name, r.units])).toEqual([['=Soap bar', 13]]);
  });

  it('city-sales and route-sales', async () => {
    expect(await rowsOf('/api/report/city-sales?from=2029-01-01&to=2029-06-30')).toEqual([
      { city: a.cityName, orders: 3, units: 28, total_revenue: 247, percent: 84.6 },
      { city: b.cityName, orders: 1, units: 2, total_revenue: 45, percent: 15.4 },
    ]);
    const routes = await rowsOf('/api/report/route-sales?from=2029-01-01&to=2029-06-30');
    expect(routes.map((r) => [r.route, r.city, r.orders, r.total_revenue])).toEqual([
      [a.routeName, a.cityName, 3, 247],
      [b.routeName, b.cityName, 1, 45],
    ]);
  });

  it('revenue-analysis per month and customer type', async () => {
    expect(await rowsOf('/api/report/revenue-analysis?from=2029-01-01&to=2029-06-30')).toEqual([
      {
        month: '2029-01',
        customer_type: 'Wholesale',
        order_count: 1,
        total_revenue: 145,
        avg_order_value: 145,
        unique_customers: 1,
      },
      {
        month: '2029-02',
        customer_type: 'Retail',
        order_count: 1,
        total_revenue: 45,
        avg_order_value: 45,
        unique_customers: 1,
      },
      {
        month: '2029-04',
        customer_type: 'Wholesale',
        order_count: 1,
        total_revenue: 65,
        avg_order_value: 65,
        unique_customers: 1,
      },
      {
        month: '2029-05',
        customer_type: 'Retail',
        order_count: 1,
        total_revenue: 37,
        avg_order_value: 37,
        unique_customers: 1,
      },
    ]);
  });

  it('crew-hours and employee-workload per driver and assistant', async () => {
    const crew = await rowsOf('/api/report/crew-hours');
    expect(crew.find((r) => r.employee_id === d1.employeeId)).toMatchObject({
      deliveries: 1,
      total_hours: 4,
      weekly_hour_limit: 40,
    });
    expect(crew.find((r) => r.employee_id === d2.employeeId)).toMatchObject({
      deliveries: 1,
      total_hours: 6,
      avg_hours_per_week: 1.4,
      weekly_hour_limit: 35,
    });
    expect(crew.find((r) => r.employee_id === a1.employeeId)).toMatchObject({
      deliveries: 1,
      total_hours: 4,
      weekly_hour_limit: 60,
    });
    const work = await rowsOf('/api/report/employee-workload');
    expect(work.find((r) => r.employee_id === d2.employeeId)).toMatchObject({
      total_assignments: 1,
      total_hours: 6,
      avg_hours_per_assignment: 6,
      assignments_this_week: 0,
      last_assignment: '2029-06-01T04:00:00Z',
    });
    expect(work.find((r) => r.employee_id === a1.employeeId)).toMatchObject({
      total_assignments: 1,
      assignments_this_week: 1,
    });
  });

  it('truck-usage per month and train-capacity-utilization', async () => {
    const usage = await rowsOf('/api/report/truck-usage?from=2029-05-20&to=2029-06-15');
    expect(usage.find((r) => r.month === '2029-06' && r.truck_id === truckA.truckId)).toEqual({
      month: '2029-06',
      truck_id: truckA.truckId,
      plate_number: truckA.plateNumber,
      deliveries: 2,
      hours_used: 10,
      hours_available: 150,
      usage_percent: 6.7,
    });
    expect(usage.find((r) => r.month === '2029-05' && r.truck_id === truckB.truckId)).toMatchObject({
      deliveries: 0,
      hours_available: 120,
    });
    expect(usage).toHaveLength(6);
    const trips = await rowsOf('/api/report/train-capacity-utilization');
    expect(trips.map((t) => [t.train_trip_id, t.utilization_percent, t.orders_count, t.status])).toEqual([
      [trip2.trainTripId, 100, 1, 'Full'],
      [trip1.trainTripId, 10, 1, 'On Schedule'],
    ]);
  });

  it("customer-orders: a customer's history with the truck that carries each order", async () => {
    const rows = await rowsOf(
      `/api/report/customer-orders?customer_id=${wholesale.customerId}&from=2029-01-01&to=2029-12-31`,
    );
    expect(rows.map((r) => [r.order_id, r.order_total, r.items, r.plate_number, r.driver_name])).toEqual([
      [o3, 65, 1, truckA.plateNumber, d1.name],
      [o1, 145, 2, null, null],
    ]);
  });

  it('CSV parses back to the same rows with formula cells neutralised; the PDF holds title and totals', async () => {
    const json = await rowsOf('/api/report/top-items?quarter=2029-Q1');
    const csv = await get('/api/report/top-items?quarter=2029-Q1&format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const [header, ...lines] = parseCsv(csv.body);
    expect(header).toEqual(['Rank', 'Product', 'Category', 'Units', 'Orders', 'Revenue']);
    expect(lines).toHaveLength(json.length);
    expect(lines[0]).toEqual(['1', 'Tea 1kg', 'Household', '12', '2', '120.00']);
    expect(lines[1]![1]).toBe("'=Soap bar");
    const pdf = await get('/api/report/quarterly-sales?from=2029-01-01&to=2029-06-30&format=pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Quarterly Sales');
    expect(text).toContain('2029-01-01');
    expect(text).toContain('Total');
    expect(text).toContain('$292.00');
  });

  it('the rollups the triggers keep equal a rebuild from the orders', async () => {
    const snapshot = async () =>
      (
        await db.execute(
          sql`select sales_date::text, customer_type, city_id, route_id, sum(orders)::int as orders,
                     sum(units)::int as units, sum(space)::text as space, sum(revenue)::text as revenue,
                     sum(fees)::text as fees
                from sales_daily group by 1, 2, 3, 4 having sum(orders) <> 0 or sum(units) <> 0 order by 1, 2, 3, 4`,
        )
      ).rows;
    const kept = await snapshot();
    await db.execute(sql`select rebuild_admin_rollups()`);
    expect(await snapshot()).toEqual(kept);
    const months = await db.execute(sql`select month::text, customer_id from customer_months order by 1, 2`);
    await db.execute(sql`select rebuild_admin_rollups()`);
    expect(
      (await db.execute(sql`select month::text, customer_id from customer_months order by 1, 2`)).rows,
    ).toEqual(months.rows);
  });

  it('sales reports are financial (admins only); operations ones are for managers too; never the warehouse', async () => {
    expect((await get('/api/report/quarterly-sales', manager.auth)).statusCode).toBe(403);
    expect((await get('/api/report/quarterly-sales', warehouse.auth)).statusCode).toBe(403);
    expect((await get('/api/report/crew-hours', manager.auth)).statusCode).toBe(200);
    expect((await get('/api/report/crew-hours', warehouse.auth)).statusCode).toBe(403);
    expect((await get('/api/report/top-items?quarter=2029-Q5')).statusCode).toBe(422);
  });
});
