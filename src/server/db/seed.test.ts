import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '#server/domain/password';
import { crewViolation, truckViolation } from '#server/domain/roster-rules';
import { START_WINDOW_MS } from '#shared/constants';
import { startOfBusinessDay } from '#shared/dates';
import { ORDER_STATUSES } from '#shared/order-status';
import { portalForRole } from '#shared/roles';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { hasAnyUser, isDatabaseEmpty, type SeedSummary, seedDemoData } from './seed';
import { buildSeedPlan } from './seed/build-plan';
import { DEMO_PASSWORD } from './seed-data';

const NOW = new Date('2025-03-14T04:20:00Z');

describe('demo seed plan', () => {
  it('is deterministic and valid at any time of day (buildSeedPlan validates the business rules)', () => {
    const shape = (now: Date) => {
      const plan = buildSeedPlan(now);
      return JSON.stringify([plan.orders.map((o) => [o.customerIdx, o.status, o.items]), plan.finalUnits]);
    };
    const reference = shape(NOW);
    for (const iso of [
      '2025-03-14T00:00:00Z',
      '2025-03-14T23:59:00Z',
      '2025-12-31T18:45:00Z',
      '2026-02-28T01:05:00Z',
      '2024-02-29T12:00:00Z',
    ]) {
      expect(shape(new Date(iso))).toBe(reference);
    }
  });
});

describe('seedDemoData', () => {
  let database: Database;
  let summary: SeedSummary;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
  const one = async <T>(query: ReturnType<typeof sql>) => {
    const [row] = await rows<T>(query);
    if (!row) throw new Error('no row');
    return row;
  };
  const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(query)).n;

  beforeAll(async () => {
    database = await openTestDatabase();
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    summary = await seedDemoData(database.db, { now: NOW });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reports what it wrote and refuses to seed a second time', async () => {
    expect(summary.counts.orders).toBeGreaterThanOrEqual(45);
    expect(summary.counts.orders).toBe(await count(sql`select count(*)::int as n from orders`));
    expect(summary.counts.stock_movements).toBe(
      await count(sql`select count(*)::int as n from stock_movements`),
    );
    expect(await hasAnyUser(database.db)).toBe(true);
    await expect(seedDemoData(database.db, { now: NOW })).rejects.toThrow(/empty database/);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(6);
  });

  it('creates the six demo logins with the right roles and the demo password', async () => {
    const users = await rows<{
      user_name: string;
      role_name: string;
      password_hash: string;
      employee_type: string | null;
      customer_id: number | null;
    }>(sql`
      select u.user_name, r.role_name, u.password_hash, e.type as employee_type, u.customer_id
        from users u join roles r using (role_id) left join employees e using (employee_id)
       order by u.user_id`);
    const byName = new Map(users.map((u) => [u.user_name, u]));
    const expected = {
      admin: ['Admin', 'admin', 'Admin'],
      manager: ['Manager', 'manager', 'Manager'],
      warehouse: ['Warehouse Manager', 'warehouse', 'Warehouse Manager'],
      driver: ['Driver', 'assistant', 'Driver'],
      assistant: ['Driver Assistant', 'assistant', 'Assistant'],
      customer: ['Customer', 'customer', null],
    } as const;
    for (const [name, [roleName, portal, employeeType]] of Object.entries(expected)) {
      const user = byName.get(name);
      expect(user, name).toBeDefined();
      if (!user) continue;
      expect(user.role_name).toBe(roleName);
      expect(portalForRole(user.role_name)).toBe(portal);
      expect(user.employee_type).toBe(employeeType);
      expect(await verifyPassword(user.password_hash, DEMO_PASSWORD)).toBe(true);
    }
    expect(byName.get('customer')?.customer_id).not.toBeNull();
  });

  it('has the reference data of the demo business (docs/product/business-rules.md#demo-data)', async () => {
    const c = await one<Record<string, number>>(sql`
      select (select count(*)::int from cities) as cities,
             (select count(*)::int from cities where is_hub and name = 'Kandy') as hubs,
             (select count(*)::int from stores) as stores,
             (select count(*)::int from products) as products,
             (select count(distinct category)::int from products) as categories,
             (select count(*)::int from customers) as customers,
             (select count(distinct type)::int from customers) as customer_types,
             (select count(distinct city_id)::int from customers) as customer_cities,
             (select count(*)::int from routes) as routes,
             (select count(*)::int from trucks) as trucks,
             (select count(*)::int from trucks where status = 'Under Repair') as trucks_in_repair,
             (select count(*)::int from employees where type = 'Driver' and weekly_hour_limit = 40) as drivers,
             (select count(*)::int from employees where type = 'Assistant' and weekly_hour_limit = 60) as assistants,
             (select min(space_per_unit)::float8 from products) as min_space,
             (select max(space_per_unit)::float8 from products) as max_space`);
    expect(c).toMatchObject({
      cities: 7,
      hubs: 1,
      stores: 6,
      products: 12,
      customers: 24,
      customer_types: 2,
      customer_cities: 6,
      routes: 12,
      trucks: 10,
      trucks_in_repair: 1,
      drivers: 8,
      assistants: 8,
    });
    expect(c.categories).toBeGreaterThanOrEqual(5);
    // a believable fleet: two or three trucks at the busy stores, the one under repair says why
    const fleet = await rows<{ city: string; trucks: number; in_repair: number; noted: number }>(sql`
      select ci.name as city, count(*)::int as trucks,
             count(*) filter (where t.status = 'Under Repair')::int as in_repair,
             count(*) filter (where t.status <> 'Available' and t.status_note is not null)::int as noted
        from trucks t join stores s using (store_id) join cities ci using (city_id)
       group by ci.name order by ci.name`);
    const of = (city: string) => fleet.find((f) => f.city === city);
    expect(of('Colombo')).toMatchObject({ trucks: 3, in_repair: 1 });
    expect(of('Negombo')?.trucks).toBe(2);
    expect(of('Galle')?.trucks).toBe(2);
    expect(fleet.every((f) => f.trucks - f.in_repair >= 1)).toBe(true);
    expect(
      await count(
        sql`select count(*)::int as n from trucks where status <> 'Available' and status_note is null`,
      ),
    ).toBe(0);
    expect(c.min_space).toBeLessThanOrEqual(0.05);
    expect(c.max_space).toBeGreaterThanOrEqual(1.5);
    // every customer's town is covered by a route of the customer's city
    expect(
      await count(sql`
        select count(*)::int as n from customers cu
         where not exists (select 1 from routes r join stores s using (store_id)
                            where s.city_id = cu.city_id
                              and split_part(cu.address, ', ', 2) = any (r.covered_towns))`),
    ).toBe(0);
  });

  it('has at least 45 orders in every status, with the 7-day lead time', async () => {
    const statuses = await rows<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from orders group by status`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(statuses.reduce((s, x) => s + x.n, 0)).toBeGreaterThanOrEqual(45);
    expect(
      await count(
        sql`select count(*)::int as n from orders where schedule_date < (order_date at time zone 'UTC')::date + 7`,
      ),
    ).toBe(0);
    // spread over the past year, nothing placed in the future
    const span = await one<{ days: number; future: number }>(sql`
      select (${NOW.toISOString()}::timestamptz::date - min(order_date)::date)::int as days,
             count(*) filter (where order_date > ${NOW.toISOString()}::timestamptz)::int as future
        from orders`);
    expect(span.days).toBeGreaterThan(300);
    expect(span.future).toBe(0);
    // address in a covered town of the order's route, which belongs to the order's city
    expect(
      await count(sql`
        select count(*)::int as n from orders o join routes r using (route_id) join stores s using (store_id)
         where s.city_id <> o.city_id or not (split_part(o.delivery_address, ', ', 2) = any (r.covered_towns))`),
    ).toBe(0);
    // prices captured from the product
    expect(
      await count(sql`
        select count(*)::int as n from order_items oi join products p using (product_id)
         where oi.unit_price <> p.unit_price`),
    ).toBe(0);
  });

  it('keeps a status history for every order that ends at its status', async () => {
    expect(
      await count(sql`
        select count(*)::int as n from orders o
         where (select to_status from order_status_history h where h.order_id = o.order_id
                 order by changed_at desc, history_id desc limit 1) is distinct from o.status
            or (select from_status is null and to_status = 'Pending' from order_status_history h
                 where h.order_id = o.order_id order by changed_at, history_id limit 1) is not true`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from order_status_history
         where to_status = 'Cancelled' and coalesce(reason, '') = ''`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from order_status_history where changed_at > ${NOW.toISOString()}::timestamptz`),
    ).toBe(0);
  });

  it('keeps stock as the sum of the ledger, with a few products low', async () => {
    const products = await rows<{
      name: string;
      available_units: number;
      ledger: number;
      reorder_point: number;
    }>(sql`
      select p.name, p.available_units, p.reorder_point, coalesce(sum(m.delta), 0)::int as ledger
        from products p left join stock_movements m using (product_id)
       group by p.product_id order by p.product_id`);
    for (const p of products) {
      expect(p.available_units, p.name).toBe(p.ledger);
      expect(p.available_units, p.name).toBeGreaterThanOrEqual(0);
    }
    const low = products.filter((p) => p.available_units < 50);
    expect(low.length).toBeGreaterThanOrEqual(2);
    expect(low.length).toBeLessThanOrEqual(4);
    expect(products.some((p) => p.available_units <= 10)).toBe(true);
    expect(products.filter((p) => p.available_units >= 150).length).toBeGreaterThanOrEqual(6);
    // every order reserved its items; cancelled orders got them back
    expect(
      await count(sql`
        select count(*)::int as n from order_items oi
         where (select coalesce(-sum(delta), 0) from stock_movements m
                 where m.order_id = oi.order_id and m.product_id = oi.product_id and m.reason = 'order_reserved')
               <> oi.quantity`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from orders o
         where (o.status = 'Cancelled') <> exists (select 1 from stock_movements m
                                                    where m.order_id = o.order_id and m.reason = 'order_cancelled')
            or (o.status = 'Cancelled' and (select sum(delta) from stock_movements m where m.order_id = o.order_id) <> 0)`),
    ).toBe(0);
    const reasons = await rows<{ reason: string }>(sql`select distinct reason from stock_movements`);
    expect(reasons.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['initial', 'production_receipt', 'order_reserved', 'order_cancelled']),
    );
  });

  it('books train space consistently, before each order is due', async () => {
    expect(
      await count(sql`
        select count(*)::int as n from train_trips t
         where t.used_capacity <> (select coalesce(sum(a.space), 0) from train_allocations a
                                    where a.train_trip_id = t.train_trip_id)
            or t.used_capacity > t.total_capacity`),
    ).toBe(0);
    // Scheduled / In Transit / Delivered orders have all their space booked, others none
    expect(
      await count(sql`
        select count(*)::int as n from orders o
         where coalesce((select sum(a.space) from train_allocations a where a.order_id = o.order_id), 0)
               <> case when o.status in ('Scheduled', 'In Transit', 'Delivered')
                       then (select ceil(sum(oi.quantity * p.space_per_unit) * 100) / 100
                               from order_items oi join products p using (product_id)
                              where oi.order_id = o.order_id)
                       else 0 end`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from train_allocations a
          join orders o using (order_id) join train_trips t using (train_trip_id)
         where t.arrival_city_id <> o.city_id
            or t.arrival_date_time >= (o.schedule_date::timestamp at time zone 'UTC')
            or t.departure_date_time < a.created_at`),
    ).toBe(0);
    const trains = await one<{
      upcoming_small: number;
      cities: number;
      past: number;
      future: number;
      split: number;
    }>(sql`
      select count(*) filter (where total_capacity <= 10 and departure_date_time > ${NOW.toISOString()}::timestamptz
                               and departure_date_time < ${NOW.toISOString()}::timestamptz + interval '7 days')::int
               as upcoming_small,
             count(distinct arrival_city_id)::int as cities,
             count(*) filter (where departure_date_time < ${NOW.toISOString()}::timestamptz
                                and departure_date_time > ${NOW.toISOString()}::timestamptz - interval '8 weeks')::int as past,
             count(*) filter (where departure_date_time > ${NOW.toISOString()}::timestamptz)::int as future,
             (select count(*)::int from (select order_id from train_allocations group by order_id
                                          having count(*) > 1) x) as split
        from train_trips`);
    expect(trains.upcoming_small).toBe(6);
    expect(trains.cities).toBe(6);
    expect(trains.past).toBeGreaterThanOrEqual(6 * 7);
    expect(trains.future).toBeGreaterThanOrEqual(6 * 4);
    expect(trains.split).toBeGreaterThanOrEqual(1);
  });

  it('never overlaps deliveries of one truck, driver or assistant, and respects the roster rules', async () => {
    expect(
      await count(sql`
        select count(*)::int as n from deliveries a join deliveries b on a.delivery_id < b.delivery_id
         where (a.truck_id = b.truck_id or a.driver_employee_id = b.driver_employee_id
                or a.assistant_employee_id = b.assistant_employee_id)
           and a.delivery_date_time < b.end_date_time and b.delivery_date_time < a.end_date_time`),
    ).toBe(0);
    // a driver rests at least an hour between two deliveries
    expect(
      await count(sql`
        select count(*)::int as n from deliveries a join deliveries b
          on a.driver_employee_id = b.driver_employee_id and a.delivery_id <> b.delivery_id
         where b.delivery_date_time >= a.end_date_time and b.delivery_date_time < a.end_date_time + interval '1 hour'`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from (
          select d.driver_employee_id as e, date_trunc('week', d.delivery_date_time at time zone 'UTC') as w,
                 sum(extract(epoch from d.end_date_time - d.delivery_date_time) / 3600) as h, 40 as lim
            from deliveries d group by 1, 2
          union all
          select d.assistant_employee_id, date_trunc('week', d.delivery_date_time at time zone 'UTC'),
                 sum(extract(epoch from d.end_date_time - d.delivery_date_time) / 3600), 60
            from deliveries d group by 1, 2) x
         where h > lim`),
    ).toBe(0);
    // a delivery lasts its route's maximum time, with a crew and truck of the route's store
    expect(
      await count(sql`
        select count(*)::int as n from deliveries d join routes r using (route_id)
          join trucks t using (truck_id)
          join employees dr on dr.employee_id = d.driver_employee_id
          join employees asst on asst.employee_id = d.assistant_employee_id
         where d.end_date_time <> d.delivery_date_time + r.max_delivery_hours * interval '1 hour'
            or t.store_id <> r.store_id or dr.store_id <> r.store_id or asst.store_id <> r.store_id
            or dr.type <> 'Driver' or asst.type <> 'Assistant'`),
    ).toBe(0);
    // loads fit the truck and every order rides on its own route
    expect(
      await count(sql`
        select count(*)::int as n from deliveries d join trucks t using (truck_id)
         where t.capacity < (select coalesce(sum(a.space), 0) from delivery_orders x
                               join train_allocations a using (order_id) where x.delivery_id = d.delivery_id)
            or exists (select 1 from delivery_orders x join orders o using (order_id)
                        where x.delivery_id = d.delivery_id and o.route_id <> d.route_id)`),
    ).toBe(0);
  });

  it("passes the manager's scheduling rules exactly as the server checks them (roster-rules.ts, allocation.ts)", async () => {
    const list = await rows<{
      id: number;
      truck: number;
      driver: number | null;
      assistant: number | null;
      start: Date;
      end: Date;
      status: string;
      truck_status: string;
      plate: string;
      truck_store: number;
      route_store: number;
      loaded: number;
      booked: number;
    }>(sql`select d.delivery_id as id, d.truck_id as truck, d.driver_employee_id as driver,
             d.assistant_employee_id as assistant, d.delivery_date_time as start, d.end_date_time as end,
             d.status, t.status as truck_status, t.plate_number as plate, t.store_id as truck_store,
             r.store_id as route_store, d.loaded_space::float8 as loaded,
             (select coalesce(sum(x.space), 0)::float8 from delivery_orders x where x.delivery_id = d.delivery_id) as booked
           from deliveries d join trucks t using (truck_id) join routes r using (route_id)`);
    const slot = (d: (typeof list)[number]) => ({
      deliveryId: d.id,
      start: new Date(d.start),
      end: new Date(d.end),
    });
    const route = { name: 'r', storeCity: '', maxDeliveryHours: 0 };
    for (const d of list) {
      expect(d.loaded, `delivery ${d.id} load`).toBe(d.booked);
      const truck = {
        plateNumber: d.plate,
        // a truck's status is today's condition: only deliveries still to come need it Available
        status: d.status === 'Scheduled' ? d.truck_status : 'Available',
        storeId: d.truck_store,
        storeCity: '',
      };
      const others = list.filter((o) => o.truck === d.truck).map(slot);
      expect(truckViolation(truck, { ...route, storeId: d.route_store }, others, slot(d))).toBeNull();
      for (const [role, id] of [
        ['driver', d.driver],
        ['assistant', d.assistant],
      ] as const) {
        if (id === null) continue;
        const mine = list.filter((o) => (role === 'driver' ? o.driver : o.assistant) === id).map(slot);
        const member = {
          employeeId: id,
          name: `${id}`,
          role,
          storeId: null,
          storeCity: null,
          weeklyHourLimit: null,
        };
        expect(
          crewViolation(member, { ...route, storeId: d.route_store }, mine, slot(d))?.detail ?? null,
        ).toBeNull();
      }
    }
    const late = await rows<{ order_id: number; arrival: Date; schedule_date: string }>(sql`
      select a.order_id, t.arrival_date_time as arrival, to_char(o.schedule_date, 'YYYY-MM-DD') as schedule_date
        from train_allocations a join train_trips t using (train_trip_id) join orders o using (order_id)`);
    for (const a of late) {
      expect(new Date(a.arrival) < startOfBusinessDay(a.schedule_date), `order ${a.order_id}`).toBe(true);
    }
  });

  it('puts In Transit and Delivered orders on deliveries whose status fits, with confirmations', async () => {
    expect(
      await count(sql`
        select count(*)::int as n from orders o
         where o.status in ('In Transit', 'Delivered')
           and not exists (select 1 from delivery_orders x where x.order_id = o.order_id)`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from delivery_orders x join orders o using (order_id) join deliveries d using (delivery_id)
         where not (d.status = 'Scheduled' and o.status = 'Scheduled'
                    or d.status = 'In Transit' and o.status in ('In Transit', 'Delivered')
                    or d.status = 'Delivered' and o.status = 'Delivered')`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from orders o join order_items oi using (order_id)
         where o.status = 'Delivered'
           and (o.delivered_at is null
                or not exists (select 1 from item_confirmations c
                                where c.order_id = o.order_id and c.product_id = oi.product_id))`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*)::int as n from deliveries d
         where (d.status = 'Delivered') <> (d.completed_at is not null)
            or (d.status = 'Scheduled') <> (d.started_at is null)
            or (d.status = 'Scheduled' and d.delivery_date_time <= ${NOW.toISOString()}::timestamptz)`),
    ).toBe(0);
    const statuses = await rows<{ status: string }>(
      sql`select distinct status from deliveries order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['Delivered', 'In Transit', 'Scheduled']);
  });

  it('gives the demo customer and the demo crew something to see on first login', async () => {
    const mine = await rows<{ status: string; n: number }>(sql`
      select o.status, count(*)::int as n from orders o join users u on u.customer_id = o.customer_id
       where u.user_name = 'customer' group by o.status`);
    expect(mine.reduce((s, x) => s + x.n, 0)).toBeGreaterThanOrEqual(5);
    expect(mine.length).toBeGreaterThanOrEqual(4);

    const crew = await rows<{ role: string; status: string; n: number; open_items: number }>(sql`
      select u.user_name as role, d.status, count(distinct d.delivery_id)::int as n,
             count(oi.order_item_id) filter (where not exists (
               select 1 from item_confirmations c
                where c.delivery_id = d.delivery_id and c.order_id = oi.order_id and c.product_id = oi.product_id))::int
               as open_items
        from users u
        join deliveries d on d.driver_employee_id = u.employee_id or d.assistant_employee_id = u.employee_id
        join delivery_orders x on x.delivery_id = d.delivery_id
        join order_items oi on oi.order_id = x.order_id
       where u.user_name in ('driver', 'assistant')
       group by u.user_name, d.status`);
    for (const role of ['driver', 'assistant']) {
      const of = (status: string) => crew.find((c) => c.role === role && c.status === status);
      // not on the road: one run on the road per person (docs/decisions/0056), and the next is theirs to start
      expect(of('In Transit'), role).toBeUndefined();
      expect(of('Scheduled')?.n, role).toBeGreaterThanOrEqual(3);
      expect(of('Delivered')?.n, role).toBeGreaterThanOrEqual(1);
    }
    // a run the demo crew can start right away: inside the start window, nothing holding its truck
    const startable = await rows<{ role: string; items: number; starts_in_minutes: number }>(sql`
      select u.user_name as role, count(oi.order_item_id)::int as items,
             min(extract(epoch from d.delivery_date_time - ${NOW.toISOString()}::timestamptz) / 60)::int as starts_in_minutes
        from users u
        join deliveries d on d.driver_employee_id = u.employee_id or d.assistant_employee_id = u.employee_id
        join trucks t on t.truck_id = d.truck_id
        join delivery_orders x on x.delivery_id = d.delivery_id
        join order_items oi on oi.order_id = x.order_id
       where u.user_name in ('driver', 'assistant') and d.status = 'Scheduled'
         and d.driver_employee_id is not null and d.assistant_employee_id is not null
         and t.status <> 'Under Repair'
         and d.delivery_date_time <= ${new Date(NOW.getTime() + START_WINDOW_MS).toISOString()}::timestamptz
         and not exists (select 1 from deliveries o where o.status = 'In Transit' and o.truck_id = d.truck_id)
       group by u.user_name order by u.user_name`);
    expect(startable.map((r) => r.role)).toEqual(['assistant', 'driver']);
    expect(startable.every((r) => r.items > 0)).toBe(true);
    expect(startable.every((r) => r.starts_in_minutes >= 30 && r.starts_in_minutes <= 60)).toBe(true);
    // a truck on the road past its planned end (so a run of that truck is refused until it is finished)
    const late = await rows<{ plate: string; driver: string }>(sql`
      select t.plate_number as plate, e.first_name as driver from deliveries d
        join trucks t using (truck_id) join employees e on e.employee_id = d.driver_employee_id
       where d.status = 'In Transit' and d.end_date_time < ${NOW.toISOString()}::timestamptz`);
    expect(late).toEqual([{ plate: 'WP LG-1187', driver: 'Ruwan' }]);
    const notes = await rows<{ user_name: string; types: string }>(sql`
      select u.user_name, string_agg(distinct n.type, ',' order by n.type) as types
        from notifications n join users u on u.employee_id = n.employee_id
       group by u.user_name order by u.user_name`);
    expect(notes).toEqual([
      { user_name: 'assistant', types: 'Alert,Info' },
      { user_name: 'driver', types: 'Alert,Info' },
    ]);
    expect(await count(sql`select count(*)::int as n from support_requests`)).toBeGreaterThanOrEqual(2);
  });

  it('fills the support inbox: requests today, some answered, one closed, the staff and the customer told', async () => {
    const requests = await rows<{
      status: string;
      today: boolean;
      customer: string;
      messages: number;
      notes: number;
    }>(sql`
      select s.status, s.created_at >= ${startOfBusinessDay('2025-03-14').toISOString()}::timestamptz as today,
             u.user_name as customer, s.message_count as messages,
             (select count(*)::int from notifications n where n.request_id = s.request_id) as notes
        from support_requests s left join users u on u.customer_id = s.customer_id
       order by s.request_id`);
    expect(requests.filter((r) => r.today && r.status !== 'Closed').length).toBeGreaterThanOrEqual(3);
    expect(requests.filter((r) => r.status === 'Closed')).toHaveLength(1);
    expect(requests.filter((r) => r.status === 'Answered').length).toBeGreaterThanOrEqual(1);
    expect(requests.filter((r) => r.status === 'Open').length).toBeGreaterThanOrEqual(2);
    // a reply reopened one: open with the staff's answer and the customer's message after it
    expect(requests.some((r) => r.status === 'Open' && r.messages >= 3)).toBe(true);
    // the demo customer has its answer, with a notification
    expect(requests.find((r) => r.customer === 'customer')).toMatchObject({ status: 'Answered', notes: 1 });
    // the manager and the admin hear of each open one
    for (const r of requests.filter((x) => x.status === 'Open')) expect(r.notes).toBe(2);
    // nothing after "now"
    expect(
      await count(
        sql`select count(*)::int as n from support_messages where created_at > ${NOW.toISOString()}::timestamptz`,
      ),
    ).toBe(0);
  });
});
