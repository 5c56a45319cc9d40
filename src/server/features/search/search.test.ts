import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct, createUser, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  createCrewMember,
  createPendingOrder,
  createStore,
  createTrip,
  createTruck,
  insertDelivery,
  type TestStore,
} from '#server/test/scheduling-factories';
import type { SearchResponse } from '#shared/contract/search';
import { businessDateTimeText } from '#shared/dates';

const { app } = await createTestApp();
const dialect = new PgDialect();
const db = app.ctx.db;

let counter = 0;
/** A name no other test file uses, so matches are this file's rows only. */
const tag = () => `q${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`;

async function search(user: TestUser, q: string, limit?: number): Promise<SearchResponse> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/search',
    query: limit ? { q, limit: String(limit) } : { q },
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const kinds = (r: SearchResponse) => r.groups.map((g) => g.kind);
const hits = (r: SearchResponse, kind: string) => r.groups.find((g) => g.kind === kind)?.hits ?? [];
const ids = (r: SearchResponse, kind: string) => hits(r, kind).map((h) => h.id);

async function renameCustomer(user: TestUser, name: string, address = '12 Lake Road', city = 'Kandy') {
  await db.execute(
    sql`update customers set name = ${name}, address = ${address}, city = ${city} where customer_id = ${user.customerId}`,
  );
}

let store: TestStore;
let perera: TestUser;
let jaya: TestUser;
let manager: TestUser;
let warehouse: TestUser;
let admin: TestUser;
let pereraOrder: number;
let jayaOrders: number[];
const surname = `Jayasinghe${tag()}`;
const accented = `Sénanayake${tag()}`;

beforeAll(async () => {
  store = await createStore(app);
  perera = await createUser(app, 'Customer');
  jaya = await createUser(app, 'Customer');
  manager = await createUser(app, 'Manager');
  warehouse = await createUser(app, 'Warehouse Manager');
  admin = await createUser(app, 'Admin');
  await renameCustomer(perera, `Nuwan ${accented}`);
  await renameCustomer(jaya, `Kasun ${surname}`, '8 Temple Street', 'Galle');
  pereraOrder = (await createPendingOrder(app, store, { space: 1, customer: perera })).orderId;
  jayaOrders = [];
  for (let i = 0; i < 3; i++)
    jayaOrders.push((await createPendingOrder(app, store, { space: 1, customer: jaya })).orderId);
});

/** A driver who may search (a login) and another, each on a delivery of the store's route, a day apart. */
async function twoDrivers(on: TestStore, inDays: number) {
  const driver = await createUser(app, 'Driver');
  const other = await createCrewMember(app, 'Driver', on.storeId);
  const truck = await createTruck(app, on.storeId);
  const start = new Date(Date.now() + inDays * 86_400_000);
  const deliver = (driverId: number, at: Date) =>
    insertDelivery(app, { truckId: truck.truckId, routeId: on.routeId, start: at, hours: 2, driverId });
  const mine = await deliver(driver.employeeId!, start);
  const theirs = await deliver(other.employeeId, new Date(start.getTime() + 86_400_000));
  return { driver, mine, theirs };
}

describe('GET /api/search', () => {
  it('refuses a missing or too long query and a bad limit with a 422 naming it, and strangers with a 401', async () => {
    for (const url of [
      '/api/search',
      '/api/search?q=',
      `/api/search?q=${'x'.repeat(101)}`,
      '/api/search?q=a&limit=0',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: manager.auth });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().detail, url).toMatch(/q|limit/);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/search?q=order' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers nothing for a query without letters or digits', async () => {
    expect((await search(manager, '#-')).groups).toEqual([]);
  });
});

describe('orders', () => {
  it('finds an order by its number, with or without #, exact number first', async () => {
    for (const q of [String(jayaOrders[1]), `#${jayaOrders[1]}`]) {
      const r = await search(manager, q);
      expect(r.groups[0]!.kind).toBe('order');
      expect(r.groups[0]!.hits[0]).toMatchObject({
        id: jayaOrders[1],
        title: `Order #${jayaOrders[1]}`,
        path: `/manager/orders?status=Pending&order=${jayaOrders[1]}`,
        title_highlights: [{ start: 7, length: String(jayaOrders[1]).length }],
      });
    }
  });

  it('a manager finds a customer and their orders by a name with a typo, newest order first', async () => {
    const typo = surname.replace('singhe', 'sinhe');
    const r = await search(manager, typo);
    expect(ids(r, 'customer')).toEqual([jaya.customerId]);
    expect(ids(r, 'order')).toEqual([...jayaOrders].reverse());
    const first = hits(r, 'order')[0]!;
    expect(first.subtitle.startsWith(`Kasun ${surname}`)).toBe(true);
    // the typo marks the whole surname of the subtitle
    expect(first.subtitle_highlights).toEqual([{ start: 6, length: surname.length }]);
    // the "see all" link carries the name as spelt, and the staff order list finds the same orders
    const more = r.groups.find((g) => g.kind === 'order')!.more_path!;
    expect(more).toBe(`/manager/orders?q=${encodeURIComponent(surname)}`);
    const list = await app.inject({
      method: 'GET',
      url: `/api/orders?q=${new URL(more, 'http://x').searchParams.get('q')}`,
      headers: manager.auth,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as Array<{ order_id: number }>).map((o) => o.order_id).sort()).toEqual(
      [...jayaOrders].sort(),
    );
  });

  it("a manager's see-all after a search by address words opens the order list holding those orders, on the best hit's tab", async () => {
    const street = `Vihara${tag()}`;
    const customer = await createUser(app, 'Customer');
    await renameCustomer(customer, `Sunil Wije${tag()}`, `14 ${street} Mawatha`, 'Matara');
    const orders: number[] = [];
    for (let i = 0; i < 2; i++)
      orders.push((await createPendingOrder(app, store, { space: 1, customer })).orderId);
    const words = `${street.toLowerCase()} mawatha matara`;
    const listed = async (more: string) => {
      const url = new URL(more, 'http://x');
      const res = await app.inject({
        method: 'GET',
        url: '/api/orders',
        query: { status: url.searchParams.get('status') ?? 'Pending', q: url.searchParams.get('q')! },
        headers: manager.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: (res.json() as Array<{ order_id: number }>).map((o) => o.order_id),
        total: res.headers['x-total-count'],
      };
    };
    const r = await search(manager, words);
    expect(ids(r, 'order')).toEqual([...orders].reverse());
    const more = r.groups.find((g) => g.kind === 'order')!.more_path!;
    expect(more).toBe(`/manager/orders?q=${encodeURIComponent(words)}`);
    expect(await listed(more)).toEqual({ ids: [...orders].reverse(), total: '2' });

    // the newest (the best hit) approved: the link opens the Scheduled tab, which holds it
    await db.execute(sql`update orders set status = 'Scheduled' where order_id = ${orders[1]!}`);
    const again = (await search(manager, words)).groups.find((g) => g.kind === 'order')!.more_path!;
    expect(again).toBe(`/manager/orders?status=Scheduled&q=${encodeURIComponent(words)}`);
    expect(await listed(again)).toEqual({ ids: [orders[1]], total: '1' });
  });

  it('is tolerant of case and accents, and matches word prefixes and addresses', async () => {
    const plain = accented.replace('é', 'e').toUpperCase();
    expect(ids(await search(manager, plain), 'customer')).toEqual([perera.customerId]);
    expect(ids(await search(manager, `nuwan ${accented.slice(0, 6)}`), 'customer')).toEqual([
      perera.customerId,
    ]);
    const byAddress = await search(manager, `temple street galle ${surname.slice(0, 8)}`);
    expect(ids(byAddress, 'customer')).toEqual([jaya.customerId]);
    const customer = hits(await search(manager, plain), 'customer')[0]!;
    expect(customer.title.slice(6, 6 + accented.length)).toBe(accented);
    expect(customer.title_highlights).toEqual([{ start: 6, length: accented.length }]);
  });

  it('a customer finds only its own orders, whatever it types', async () => {
    const own = await search(perera, String(pereraOrder));
    expect(ids(own, 'order')).toEqual([pereraOrder]);
    expect(hits(own, 'order')[0]!.path).toBe(`/customer/orders/${pereraOrder}`);
    const queries = [
      String(jayaOrders[0]),
      `#${jayaOrders[0]}`,
      surname,
      'Kasun',
      'Temple Street',
      store.town,
      'order',
    ];
    for (const q of queries) {
      const r = await search(perera, q);
      for (const id of ids(r, 'order')) expect([pereraOrder], q).toContain(id);
      expect(
        kinds(r).every((k) => k === 'order' || k === 'product'),
        q,
      ).toBe(true);
    }
    // its own orders by delivery town, with the link to its filtered history
    const byTown = await search(perera, store.town);
    expect(ids(byTown, 'order')).toEqual([pereraOrder]);
    expect(byTown.groups.find((g) => g.kind === 'order')!.more_path).toBe(
      `/customer/history?q=${encodeURIComponent(store.town)}`,
    );
  });

  it('a customer finds its own orders by the products on them, with a typo, and never another’s', async () => {
    const word = `Kithul${tag()}`;
    await db.execute(sql`update products set name = ${`${word} Treacle`}
                          where product_id = (select product_id from order_items where order_id = ${pereraOrder} limit 1)`);
    const typo = word.replace('Kithul', 'Kitul');
    for (const q of [word.toLowerCase(), `${word} treacle`, typo]) {
      expect(ids(await search(perera, q), 'order'), q).toEqual([pereraOrder]);
      expect(ids(await search(jaya, q), 'order'), q).toEqual([]);
    }
  });
});

describe("the reader's language", () => {
  it("writes a customer's hits in the language it chose; the staff portals stay English", async () => {
    const customer = await createUser(app, 'Customer');
    await renameCustomer(customer, `Ravi ${tag()}`, '3 Hill Street', 'Galle');
    const orderId = (await createPendingOrder(app, store, { space: 1, customer })).orderId;
    const choose = async (user: TestUser, language: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/auth/profile/language',
        payload: { language },
        headers: user.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const english = hits(await search(customer, String(orderId)), 'order')[0]!;
    expect(english.title).toBe(`Order #${orderId}`);
    expect(english.subtitle).toMatch(/^Pending · deliver by \d{1,2} [A-Z][a-z]{2} \d{4} · /);

    await choose(customer, 'ta');
    const tamil = hits(await search(customer, String(orderId)), 'order')[0]!;
    expect(tamil.title).toBe(`ஆர்டர் #${orderId}`);
    expect(tamil.subtitle).toMatch(/^நிலுவையில் · விநியோகம் \d{1,2} \p{L}[\p{L}\p{M}.]* \d{4} · /u);
    // the number typed is still marked in the translated title
    expect(tamil.title_highlights).toEqual([
      { start: tamil.title.indexOf(String(orderId)), length: String(orderId).length },
    ]);

    await choose(manager, 'si');
    const staff = hits(await search(manager, String(orderId)), 'order')[0]!;
    expect(staff.title).toBe(`Order #${orderId}`);
    await choose(manager, 'en');
  });
});

describe('what each role finds', () => {
  it('products for customers and warehouse, with the products of the catalogue', async () => {
    const name = `Ceylon Cinnamon ${tag()}`;
    const product = await createProduct(app, { name, category: 'Spices' });
    for (const user of [perera, warehouse, admin]) {
      const r = await search(user, name.slice(0, 12).toLowerCase());
      expect(ids(r, 'product'), user.userName).toContain(product.productId);
    }
    expect(kinds(await search(manager, name))).not.toContain('product');
    const typo = await search(warehouse, `cinamon ${name.slice(-5)}`);
    expect(ids(typo, 'product')[0]).toBe(product.productId);
  });

  it('a warehouse manager finds stores and stock movements, never orders or customers', async () => {
    const r = await search(warehouse, store.cityName);
    expect(ids(r, 'store')).toEqual([store.storeId]);
    expect(hits(r, 'store')[0]!.path).toBe(`/warehouse/store-stock?store=${store.storeId}`);
    const byOrder = await search(warehouse, String(pereraOrder));
    expect(kinds(byOrder)).not.toContain('order');
    expect(hits(byOrder, 'stock_movement').length).toBeGreaterThan(0);
    // its reservation (a movement whose own number is the same may come first)
    expect(hits(byOrder, 'stock_movement').some((h) => h.subtitle.includes(`order #${pereraOrder}`))).toBe(
      true,
    );
    expect(kinds(await search(warehouse, surname))).toEqual([]);
  });

  it('a manager finds trips, deliveries, trucks, routes and crew; plates without their separators', async () => {
    const truck = await createTruck(app, store.storeId);
    const plate = `WP CAB-${tag()}`;
    await db.execute(sql`update trucks set plate_number = ${plate} where truck_id = ${truck.truckId}`);
    const crew = await createCrewMember(app, 'Driver', store.storeId);
    const start = new Date(Date.now() + 3 * 86_400_000);
    const deliveryId = await insertDelivery(app, {
      truckId: truck.truckId,
      routeId: store.routeId,
      start,
      hours: 2,
      driverId: crew.employeeId,
    });
    const trip = await createTrip(app, store.cityId, { departH: 30, capacity: 100 });

    const byPlate = await search(manager, plate.replace(/[ -]/g, '').toLowerCase());
    expect(hits(byPlate, 'truck')[0]).toMatchObject({ id: truck.truckId, title: plate });
    expect(ids(byPlate, 'delivery')).toContain(deliveryId);
    const byCity = await search(manager, store.cityName);
    expect(ids(byCity, 'train_trip')).toContain(trip.trainTripId);
    const tripHit = hits(byCity, 'train_trip').find((h) => h.id === trip.trainTripId)!;
    expect(tripHit.path).toBe(`/manager/train?trip=${trip.trainTripId}`);
    // times read as on every screen: Colombo time, "22 Nov 2026, 14:30" (decision 0064)
    expect(tripHit.subtitle).toContain(`departs ${businessDateTimeText(trip.departureDateTime)}`);
    expect(hits(byPlate, 'delivery').find((h) => h.id === deliveryId)!.subtitle).toContain(
      businessDateTimeText(start),
    );
    expect(ids(await search(manager, store.town), 'route')).toEqual([store.routeId]);
    const byCrew = await search(manager, crew.name);
    expect(ids(byCrew, 'employee')).toEqual([crew.employeeId]);
    expect(hits(byCrew, 'employee')[0]!.path).toBe(`/manager/truck?employee=${crew.employeeId}`);
    const byDelivery = await search(manager, `#${deliveryId}`);
    expect(hits(byDelivery, 'delivery')[0]).toMatchObject({
      id: deliveryId,
      path: `/manager/truck?delivery=${deliveryId}`,
    });
    expect(kinds(await search(manager, 'admin'))).not.toContain('user');
  });

  it('a driver finds its own deliveries and the orders on them, no one else’s', async () => {
    const { driver, mine, theirs } = await twoDrivers(store, 5);
    await db.execute(
      sql`insert into delivery_orders (delivery_id, order_id) values (${mine}, ${jayaOrders[0]}), (${theirs}, ${jayaOrders[1]})`,
    );

    const byTown = await search(driver, store.town);
    expect(ids(byTown, 'delivery')).toEqual([mine]);
    expect(hits(byTown, 'delivery')[0]!.path).toBe(`/assistant/assignments?delivery=${mine}`);
    const byName = await search(driver, surname);
    expect(ids(byName, 'order')).toEqual([jayaOrders[0]]);
    expect(ids(await search(driver, String(jayaOrders[1])), 'order')).not.toContain(jayaOrders[1]);
    expect(ids(await search(driver, `#${theirs}`), 'delivery')).not.toContain(theirs);
    expect(ids(await search(driver, store.town), 'order')).toEqual([jayaOrders[0]]);
    expect(kinds(await search(driver, store.cityName)).every((k) => k === 'order' || k === 'delivery')).toBe(
      true,
    );
  });

  it('an admin also finds users and roles', async () => {
    const r = await search(admin, manager.userName);
    expect(hits(r, 'user')[0]).toMatchObject({
      id: manager.userId,
      path: `/admin/users?q=${manager.userName}`,
    });
    const roles = await search(admin, 'warehouse manager');
    expect(hits(roles, 'role')[0]!.title).toBe('Warehouse Manager');
    expect(kinds(await search(admin, surname))).toEqual(expect.arrayContaining(['customer', 'order']));
  });

  it('keeps to the limit per kind', async () => {
    const r = await search(manager, surname, 2);
    expect(hits(r, 'order')).toHaveLength(2);
  });
});

describe('typos, for every role', () => {
  /** A word of letters only (digits folded to letters), unique to this file's run. */
  const word = (stem: string) => `${stem}${tag().replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

  it('a manager finds a route by a misspelt town and a driver by a misspelt surname', async () => {
    const s = await createStore(app);
    const town = word('Kotikawatta');
    await db.execute(sql`update routes set covered_towns = array[${town}] where route_id = ${s.routeId}`);
    expect(ids(await search(manager, town.replace('tikawatta', 'tikawata')), 'route')).toEqual([s.routeId]);
    const crew = await createCrewMember(app, 'Driver', s.storeId);
    const surname = word('Wijesundara');
    await db.execute(sql`update employees set last_name = ${surname} where employee_id = ${crew.employeeId}`);
    const r = await search(manager, surname.replace('sundara', 'sundra'));
    expect(hits(r, 'employee')[0]).toMatchObject({
      id: crew.employeeId,
      path: `/manager/truck?employee=${crew.employeeId}`,
    });
  });

  it('an admin finds a user by a misspelt name', async () => {
    const user = await createUser(app, 'Manager');
    const name = word('chathurika');
    await db.execute(sql`update users set user_name = ${name} where user_id = ${user.userId}`);
    expect(ids(await search(admin, name.replace('thurika', 'turika')), 'user')).toEqual([user.userId]);
  });

  it('a driver finds its own delivery by a misspelt town, never another’s', async () => {
    const s = await createStore(app);
    const town = word('Bandarawela');
    await db.execute(sql`update routes set covered_towns = array[${town}] where route_id = ${s.routeId}`);
    const { driver, mine } = await twoDrivers(s, 4);
    expect(ids(await search(driver, town.replace('wela', 'wla')), 'delivery')).toEqual([mine]);
    // an order on it by a misspelt word of its address, which no name holds
    const street = word('Kovilwatta');
    await db.execute(
      sql`insert into delivery_orders (delivery_id, order_id) values (${mine}, ${jayaOrders[2]})`,
    );
    await db.execute(
      sql`update orders set delivery_address = ${`4 ${street} Lane`} where order_id = ${jayaOrders[2]}`,
    );
    expect(ids(await search(driver, street.replace('watta', 'wata')), 'order')).toEqual([jayaOrders[2]]);
  });

  it('a driver’s typo search is two statements: the first pass also looks the words up when it finds nothing', async () => {
    const s = await createStore(app);
    const town = word('Haputale');
    await db.execute(sql`update routes set covered_towns = array[${town}] where route_id = ${s.routeId}`);
    const { driver, mine } = await twoDrivers(s, 3);
    const sent: string[] = [];
    const execute = db.execute.bind(db);
    const spy = vi.spyOn(db, 'execute').mockImplementation(((query: Parameters<typeof db.execute>[0]) => {
      sent.push(dialect.sqlToQuery((query as SQL).getSQL()).sql);
      return execute(query);
    }) as typeof db.execute);
    try {
      expect(ids(await search(driver, town.replace('tale', 'tle')), 'delivery')).toEqual([mine]);
      const typo = sent.filter((q) => q.includes('/* prepared: search */'));
      expect(typo).toHaveLength(2);
      expect(sent.filter((q) => q.includes('search_words_near'))).toHaveLength(1);
      expect(typo[0]).toContain('search_words_near');
      // found as typed: one statement, the dictionary lookup not made
      sent.length = 0;
      expect(ids(await search(driver, town), 'delivery')).toEqual([mine]);
      expect(sent.filter((q) => q.includes('/* prepared: search */'))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a customer finds its own order by an address word no name holds, as typed and misspelt; never another’s', async () => {
    const street = word('Pagoda');
    await db.execute(
      sql`update orders set delivery_address = ${`9 ${street} Mawatha`} where order_id = ${pereraOrder}`,
    );
    for (const q of [street, street.replace('Pagoda', 'Pagda')]) {
      expect(ids(await search(perera, q), 'order'), q).toEqual([pereraOrder]);
      expect(ids(await search(jaya, q), 'order'), q).toEqual([]);
    }
  });

  it('words each held somewhere but never together: each is corrected (Kasun Pereira finds Kasun Perera)', async () => {
    const held = word('Gunawardana');
    const near = held.replace('dana', 'dena'); // another customer's real word, one letter away
    const [a, b] = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];
    await renameCustomer(a, `Ruwini ${held}`);
    await renameCustomer(b, `Sampath ${near}`);
    expect(ids(await search(manager, `Ruwini ${near}`), 'customer')).toEqual([a.customerId]);
  });

  it('ranks the closest correction first; a word found as typed gets no corrections', async () => {
    const t = word('');
    const [close, far, typed] = [
      await createUser(app, 'Customer'),
      await createUser(app, 'Customer'),
      await createUser(app, 'Customer'),
    ];
    await renameCustomer(close, `Nimali Kumaradasa${t}`); // one letter from the query
    await renameCustomer(far, `Nimali Kumaredasa${t}`); // two
    const r = await search(manager, `nimali kumaradusa${t}`);
    expect(ids(r, 'customer')).toEqual([close.customerId, far.customerId]);
    expect(hits(r, 'customer')[0]!.score).toBeGreaterThan(hits(r, 'customer')[1]!.score);
    // once a name holds the word as typed, that is what the search finds
    await renameCustomer(typed, `Nimali Kumaradusa${t}`);
    expect(ids(await search(manager, `nimali kumaradusa${t}`), 'customer')).toEqual([typed.customerId]);
  });
});
