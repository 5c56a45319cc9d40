import { describe, expect, it } from 'vitest';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createStore } from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');

describe('POST/PUT /api/employees', () => {
  it('hires a driver with a store and weekly limit, then gives them a login', async () => {
    const store = await createStore(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/employees',
      headers: admin.auth,
      payload: {
        firstName: 'Sunil',
        lastName: 'Perera',
        type: 'Driver',
        store_id: store.storeId,
        weekly_hour_limit: 35,
      },
    });
    expect(res.statusCode).toBe(201);
    const employee = res.json();
    expect(employee).toMatchObject({
      firstName: 'Sunil',
      lastName: 'Perera',
      type: 'Driver',
      store_id: store.storeId,
      store_city: store.cityName,
      weekly_hour_limit: 35,
      is_active: true,
      user_id: null,
    });
    await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin.auth,
      payload: { role_name: 'Driver', accessRights: 'Deliveries' },
    });
    const user = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.auth,
      payload: {
        username: 'sunil',
        email: 'sunil@example.test',
        role: 'Driver',
        password: 'long-enough-pass',
        employee_id: employee.employee_id,
      },
    });
    expect(user.statusCode).toBe(201);
    const list = await app.inject({ url: '/api/employees?type=Driver', headers: admin.auth });
    expect(
      list.json().find((e: { employee_id: number }) => e.employee_id === employee.employee_id),
    ).toMatchObject({
      user_name: 'sunil',
    });
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/employees/${employee.employee_id}`,
      headers: admin.auth,
      payload: { weekly_hour_limit: 40, is_active: false },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ weekly_hour_limit: 40, is_active: false });
  });

  it('names what is wrong', async () => {
    const post = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/employees', headers: admin.auth, payload });
    expect((await post({ firstName: 'A', lastName: 'B', type: 'Pilot' })).statusCode).toBe(422);
    const store = await post({ firstName: 'A', lastName: 'B', type: 'Driver', store_id: 999999 });
    expect(store.statusCode).toBe(422);
    expect(store.json().detail).toBe('store_id: there is no such store');
    const none = await app.inject({
      method: 'PUT',
      url: '/api/employees/999999',
      headers: admin.auth,
      payload: { firstName: 'X' },
    });
    expect(none.statusCode).toBe(404);
  });
});
