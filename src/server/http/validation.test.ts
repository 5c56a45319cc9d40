import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { findNul } from './validation';

describe('findNul', () => {
  it('names the first string or key holding a NUL, however deep', () => {
    expect(findNul({ a: 'ok', b: [1, { c: 'x\u0000y' }] })).toBe('b.1.c');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\\0');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ a: 'fine', b: [null, 2, true] })).toBeUndefined();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)+$/);
  });
});

const { app } = await createTestApp();

describe('a NUL byte in any text field is a 422 naming the field', () => {
  const nul = 'a\u0000b';

  it('in the login form and the registration', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a%00b&password=secret',
    });
    expect(login.statusCode).toBe(422);
    expect(login.json()).toEqual({
      detail: 'Invalid request: username: must not contain a NUL character (\\0)',
    });
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      payload: { username: 'someone', password: 'long-enough', name: 'N', email: 'a@b.lk', address: nul },
    });
    expect(register.statusCode).toBe(422);
    expect(register.json().detail).toMatch(/^Invalid request: address: must not contain a NUL/);
  });

  it('in order fields, support text and a search query', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app);
    const order = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }], {
      specialInstructions: nul,
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().detail).toMatch(/^Invalid request: specialInstructions: must not contain a NUL/);
    const support = await app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: { subject: 'Help', message: nul },
    });
    expect(support.statusCode).toBe(422);
    expect(support.json().detail).toMatch(/^Invalid request: message: must not contain a NUL/);
    const search = await app.inject({ url: '/api/orders?q=a%00b', headers: customer.auth });
    expect(search.statusCode).toBe(422);
    expect(search.json().detail).toMatch(/^Invalid request: querystring.q: must not contain a NUL/);
  });
});

describe('ids: decimal digits within the column range, else 422', () => {
  it('in a path, a body and a nested body field', async () => {
    const customer = await createUser(app, 'Customer');
    for (const id of ['2147483648', '1e1', '0x19', '-1', '0', '07', '1.0', '%2010']) {
      const res = await app.inject({ url: `/api/orders/${id}`, headers: customer.auth });
      expect(res.statusCode, id).toBe(422);
      expect(res.json().detail, id).toMatch(/^Invalid request: params.id: /);
    }
    expect((await app.inject({ url: '/api/orders/2147483647', headers: customer.auth })).statusCode).toBe(
      404,
    );
    const support = await app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: customer.auth,
      payload: { subject: 'Help', message: 'Where is it?', order_id: 2147483648 },
    });
    expect(support.statusCode).toBe(422);
    expect(support.json().detail).toMatch(/order_id: must be at most 2147483647/);
    const order = await placeOrderAs(app, customer, [{ productID: 2 ** 31, quantity: 1 }]);
    expect(order.statusCode).toBe(422);
    expect(order.json().detail).toMatch(/items.0.productID: must be at most 2147483647/);
  });
});
