import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createStore } from '#server/test/scheduling-factories';

// A brand-new customer is greeted by its name (the profile's customer_name), and its first order
// starts from the address given at sign-up, later ones from the address last used (decision 0063).
const { app } = await createTestApp();
const manager = await createUser(app, 'Manager');

async function signUp(address: string) {
  const username = `first${Math.floor(Math.random() * 1e9)}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register_public_customer',
    payload: {
      username,
      password: 'a-long-password',
      name: 'Kamala Wijesinghe',
      email: `${username}@example.lk`,
      type: 'Retail',
      address,
      city: '',
      contactNumber: null,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      username,
      password: 'a-long-password',
      grant_type: 'password',
    }).toString(),
  });
  const auth = { authorization: `Bearer ${login.json().access_token}` };
  return { profile: res.json(), auth };
}

const defaultsOf = (customerId: number, auth: Record<string, string>) =>
  app.inject({ url: `/api/customers/${customerId}/delivery-defaults`, headers: auth });

describe('the profile names the customer', () => {
  it('answers the customer’s name (not the login name) at sign-up and after, and null for staff', async () => {
    const { profile, auth } = await signUp('Silva Traders, 4 Market Street, Matara');
    expect(profile.customer_name).toBe('Kamala Wijesinghe');
    const res = await app.inject({ url: '/api/auth/profile', headers: auth });
    expect(res.json()).toMatchObject({
      customer_id: profile.customer_id,
      customer_name: 'Kamala Wijesinghe',
    });
    // a renamed customer is greeted by its new name at once
    await app.ctx.db.execute(
      sql`update customers set name = 'Kamala W. Stores' where customer_id = ${profile.customer_id}`,
    );
    expect((await app.inject({ url: '/api/auth/profile', headers: auth })).json().customer_name).toBe(
      'Kamala W. Stores',
    );
    const staff = await app.inject({ url: '/api/auth/profile', headers: manager.auth });
    expect(staff.json()).toMatchObject({ customer_id: null, customer_name: null });
  });
});

describe('GET /api/customers/{id}/delivery-defaults', () => {
  it('starts from the sign-up address, then from the address and city of the latest order', async () => {
    const { profile, auth } = await signUp('  Silva Traders, 4 Market Street, Matara ');
    const first = await defaultsOf(profile.customer_id, auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      customer_name: 'Kamala Wijesinghe',
      delivery_address: 'Silva Traders, 4 Market Street, Matara',
      city: null,
      source: 'sign_up',
    });

    const store = await createStore(app);
    const product = await createProduct(app, { units: 10 });
    const user = { customerId: profile.customer_id, auth } as TestUser;
    const placed = await placeOrderAs(app, user, [{ productID: product.productId, quantity: 1 }], {
      deliveryAddress: `7 Temple Road, ${store.town}`,
      city: store.cityName,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await defaultsOf(profile.customer_id, auth)).json()).toEqual({
      customer_name: 'Kamala Wijesinghe',
      delivery_address: `7 Temple Road, ${store.town}`,
      city: store.cityName,
      source: 'last_order',
    });
  });

  it('says so when there is nothing to start from', async () => {
    const { profile, auth } = await signUp('');
    expect((await defaultsOf(profile.customer_id, auth)).json()).toMatchObject({
      delivery_address: '',
      city: null,
      source: 'none',
    });
  });

  it('is the customer’s own; staff who place orders for customers may read any', async () => {
    const owner = await createUser(app, 'Customer');
    const stranger = await createUser(app, 'Customer');
    const res = await defaultsOf(owner.customerId!, stranger.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('You can only act for your own customer account');
    expect((await defaultsOf(owner.customerId!, manager.auth)).json()).toMatchObject({
      delivery_address: '1 Main St',
      source: 'sign_up',
    });
    expect((await defaultsOf(999_999, manager.auth)).statusCode).toBe(404);
  });
});
