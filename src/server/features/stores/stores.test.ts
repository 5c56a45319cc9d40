import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import {
  allocateToTrip,
  cancelOrder,
  createDelivery,
  createStoreCity,
  createTrip,
  startDelivery,
} from '#server/test/warehouse-factories';

const t = await createTestApp();
const { app } = t;

const warehouse = await createUser(app, 'Warehouse Manager');
const customer = await createUser(app, 'Customer');
const galle = await createStoreCity(app, 'Galle');
const matara = await createStoreCity(app, 'Matara');
const soap = await createProduct(app, { name: 'Soap', units: 500 });
const tea = await createProduct(app, { name: 'Tea', units: 500 });

const hoursFrom = (at: Date, h: number) => new Date(at.getTime() + h * 3_600_000);

async function order(city: string, items: Array<[number, number]>, by: TestUser = customer) {
  const res = await placeOrderAs(
    app,
    by,
    items.map(([productID, quantity]) => ({ productID, quantity })),
    { city, deliveryAddress: `1 Beach Road, ${city}` },
  );
  expect(res.statusCode).toBe(201);
  return res.json().order_id as number;
}

const stock = async (storeId: number) => {
  const res = await app.inject({ url: `/api/stores/${storeId}/stock`, headers: warehouse.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const summary = (
  lines: Array<{ product_name: string; units: number; orders: Array<{ order_id: number }> }>,
) => lines.map((l) => [l.product_name, l.units, l.orders.map((o) => o.order_id)]);

describe('GET /api/stores', () => {
  it('lists the stores with city, address and nearby station, for every signed-in role', async () => {
    const res = await app.inject({ url: '/api/stores', headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        store_id: galle.storeId,
        city: 'Galle',
        address: 'Station Road',
        near_station_name: 'Galle Station',
        contact_number: null,
      },
      expect.objectContaining({ store_id: matara.storeId, city: 'Matara' }),
    ]);
  });
});

describe('GET /api/stores/{id}/stock', () => {
  it('follows a train arrival and a truck delivery', async () => {
    const now = new Date();
    t.setNow(now);
    const first = await order('Galle', [
      [soap.productId, 10],
      [tea.productId, 4],
    ]);
    const second = await order('Galle', [[soap.productId, 6]]);
    const elsewhere = await order('Matara', [[soap.productId, 99]]);
    const cancelled = await order('Galle', [[tea.productId, 50]]);
    const notAllocated = await order('Galle', [[tea.productId, 7]]);

    const trip = await createTrip(app, galle.cityId, hoursFrom(now, 2));
    const later = await createTrip(app, galle.cityId, hoursFrom(now, 5));
    await allocateToTrip(app, first, trip);
    await allocateToTrip(app, second, trip);
    await allocateToTrip(app, second, later); // split over two trains
    await allocateToTrip(app, cancelled, trip);
    await cancelOrder(app, cancelled);
    await allocateToTrip(app, elsewhere, await createTrip(app, matara.cityId, hoursFrom(now, 1)));
    expect(notAllocated).toBeGreaterThan(0);

    // before the train arrives: everything is on its way, nothing at the store
    let body = await stock(galle.storeId);
    expect(body.store).toMatchObject({ city: 'Galle', near_station_name: 'Galle Station' });
    expect(body.at_store).toEqual([]);
    expect(summary(body.on_the_way)).toEqual([
      ['Soap', 16, [first, second]],
      ['Tea', 4, [first]],
    ]);
    expect(body.totals).toEqual({
      units_at_store: 0,
      units_on_the_way: 20,
      orders_at_store: 0,
      orders_on_the_way: 2,
    });

    // the first train has arrived: the first order is at the store, the split one still waits
    t.setNow(hoursFrom(now, 3)); // tokens live 8 h: the story stays within them
    body = await stock(galle.storeId);
    expect(summary(body.at_store)).toEqual([
      ['Soap', 10, [first]],
      ['Tea', 4, [first]],
    ]);
    expect(body.at_store[0].orders[0]).toMatchObject({
      customer_name: expect.any(String),
      quantity: 10,
      arrival_date_time: hoursFrom(now, 2)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z'),
      delivery_id: null,
    });
    expect(body.on_the_way[0].orders[0]).toMatchObject({
      order_id: second,
      trips_arrived: 1,
      trips_total: 2,
    });

    // loaded on a truck that has not left: still at the store, with its delivery
    const delivery = await createDelivery(app, galle.routeId, [first], 'Scheduled', hoursFrom(now, 4));
    body = await stock(galle.storeId);
    expect(body.at_store[0].orders[0]).toMatchObject({ order_id: first, delivery_id: delivery });

    // the truck left with it: the store no longer holds it
    await startDelivery(app, delivery);
    body = await stock(galle.storeId);
    expect(body.at_store).toEqual([]);
    expect(summary(body.on_the_way)).toEqual([['Soap', 6, [second]]]);

    // the second train arrived too
    t.setNow(hoursFrom(now, 6));
    body = await stock(galle.storeId);
    expect(summary(body.at_store)).toEqual([['Soap', 6, [second]]]);
    expect(body.on_the_way).toEqual([]);

    const matara_ = await stock(matara.storeId);
    expect(summary(matara_.at_store)).toEqual([['Soap', 99, [elsewhere]]]);
    t.setNow(new Date());
  });

  it('lists at most 10 orders per product, longest waiting first, with the totals of all', async () => {
    const now = new Date();
    t.setNow(now);
    const city = await createStoreCity(app, 'Jaffna');
    const trips = [
      await createTrip(app, city.cityId, hoursFrom(now, 1)),
      await createTrip(app, city.cityId, hoursFrom(now, 2)),
    ];
    const orders: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await order('Jaffna', [[tea.productId, 2]]);
      await allocateToTrip(app, id, trips[i < 2 ? 1 : 0]!);
      orders.push(id);
    }
    t.setNow(hoursFrom(now, 3));
    const body = await stock(city.storeId);
    expect(body.at_store).toHaveLength(1);
    expect(body.at_store[0]).toMatchObject({ product_name: 'Tea', units: 24, order_count: 12 });
    expect(body.at_store[0].orders.map((o: { order_id: number }) => o.order_id)).toEqual(orders.slice(2));
    expect(body.totals).toMatchObject({ units_at_store: 24, orders_at_store: 12 });
    t.setNow(new Date());
  });

  it('answers 404 for an unknown store and 403 to customers and crews', async () => {
    expect((await app.inject({ url: '/api/stores/999999/stock', headers: warehouse.auth })).statusCode).toBe(
      404,
    );
    for (const user of [customer, await createUser(app, 'Driver')]) {
      const res = await app.inject({ url: `/api/stores/${galle.storeId}/stock`, headers: user.auth });
      expect(res.statusCode).toBe(403);
    }
  });
});
