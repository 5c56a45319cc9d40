import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCustomer, createProduct, createRole, createUser, placeOrderAs } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createCrewMember } from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, auth = admin.auth) =>
  app.inject({
    method,
    url,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe('users', () => {
  it('creates a user with an existing role, lists it, and the user signs in', async () => {
    await createRole(app, 'Driver');
    const crew = await createCrewMember(app, 'Driver', null);
    const res = await call('POST', '/api/users', {
      username: 'nimal.driver',
      email: 'nimal@example.test',
      role: 'driver',
      password: 'long-enough-pass',
      employee_id: crew.employeeId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_name: 'nimal.driver',
      email: 'nimal@example.test',
      role: 'Driver',
      employee_id: crew.employeeId,
      customer_id: null,
      linked_name: crew.name,
    });
    const list = await call('GET', '/api/users?q=nimal');
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0].user_name).toBe('nimal.driver');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: 'username=nimal.driver&password=long-enough-pass',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an unknown role, a taken username or email, and an employee that has a login', async () => {
    const base = {
      username: 'someone',
      email: 'someone@example.test',
      role: 'Admin',
      password: 'long-enough-pass',
    };
    expect((await call('POST', '/api/users', { ...base, role: 'Pilot' })).json()).toEqual({
      detail: "role: there is no role named 'Pilot'",
    });
    const taken = await call('POST', '/api/users', { ...base, username: admin.userName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(`Username '${admin.userName.toUpperCase()}' is already taken`);
    const email = await call('POST', '/api/users', { ...base, email: admin.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().detail).toContain('already used');
    const crew = await createCrewMember(app, 'Assistant', null);
    await createRole(app, 'Assistant');
    const first = await call('POST', '/api/users', {
      ...base,
      username: 'kamal',
      email: 'kamal@example.test',
      role: 'Assistant',
      employee_id: crew.employeeId,
    });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/api/users', {
      ...base,
      role: 'Assistant',
      employee_id: crew.employeeId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(`Employee ${crew.employeeId} already has a login (kamal)`);
    const missing = await call('POST', '/api/users', { ...base, password: 'short' });
    expect(missing.statusCode).toBe(422);
  });

  it('changes email and role and resets the password', async () => {
    const user = await createUser(app, 'Manager');
    const res = await call('PUT', `/api/users/${user.userId}`, {
      email: 'new.mail@example.test',
      role: 'Admin',
      password: 'a-new-password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new.mail@example.test', role: 'Admin' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: `username=${user.userName}&password=a-new-password`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    expect((await call('PUT', `/api/users/${user.userId}`, {})).statusCode).toBe(422);
    expect((await call('PUT', '/api/users/999999', { email: 'x@example.test' })).statusCode).toBe(404);
  });

  it('refuses a staff account with a customer role, naming the problem; a customer login keeps it', async () => {
    await createUser(app, 'Customer'); // the role exists
    const staff = await call('POST', '/api/users', {
      username: 'not.a.customer',
      email: 'not.a.customer@example.test',
      role: 'customer',
      password: 'long-enough-pass',
    });
    expect(staff.statusCode).toBe(422);
    expect(staff.json()).toEqual({
      detail:
        "role: 'Customer' is a customer role: a staff account needs a staff role (admin, manager, warehouse, driver or assistant); customers sign up themselves",
    });
    const crew = await createCrewMember(app, 'Assistant', null);
    const linked = await call('POST', '/api/users', {
      username: 'crew.as.customer',
      email: 'crew.as.customer@example.test',
      role: 'Customer',
      password: 'long-enough-pass',
      employee_id: crew.employeeId,
    });
    expect(linked.statusCode).toBe(422);
    expect(linked.json().detail).toContain(
      "'Customer' is a customer role, and a staff member's login needs a staff role",
    );
    const listed = await call('GET', '/api/users?q=not.a.customer');
    expect(listed.json()).toEqual([]);

    // a staff user is not turned into a customer either
    const manager = await createUser(app, 'Manager');
    const demoted = await call('PUT', `/api/users/${manager.userId}`, { role: 'Customer' });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json().detail).toContain("'Customer' is a customer role");

    // a login for a customer record (customer_id) may hold it
    const shop = await createCustomer(app);
    const customerLogin = await call('POST', '/api/users', {
      username: 'shop.login',
      email: 'shop.login@example.test',
      role: 'Customer',
      password: 'long-enough-pass',
      customer_id: shop.customerId,
    });
    expect(customerLogin.statusCode).toBe(201);
    expect(customerLogin.json()).toMatchObject({ role: 'Customer', customer_id: shop.customerId });
  });

  it('deletes a user without erasing its orders or audit rows, and it can no longer sign in', async () => {
    const customer = await createUser(app, 'Customer');
    const product = await createProduct(app, { units: 10 });
    const order = await placeOrderAs(app, customer, [{ productID: product.productId, quantity: 1 }]);
    expect(order.statusCode).toBe(201);
    const res = await call('DELETE', `/api/users/${customer.userId}`);
    expect(res.statusCode).toBe(204);
    const still = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where created_by = ${customer.userId}`,
    );
    expect(still.rows[0]!.n).toBe(1);
    const audit = await app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where performed_by = ${customer.userId}`,
    );
    expect(audit.rows[0]!.n).toBeGreaterThan(0);
    expect((await app.inject({ url: '/api/auth/profile', headers: customer.auth })).statusCode).toBe(401);
    const list = await call('GET', `/api/users?q=${customer.userName}`);
    expect(list.json()).toEqual([]);
    const again = await call('POST', '/api/users', {
      username: customer.userName,
      email: 'fresh@example.test',
      role: 'Admin',
      password: 'long-enough-pass',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toContain('belonged to a deleted user');
  });

  it('refuses deleting yourself and removing or demoting the last admin', async () => {
    const { app: lone } = await createTestApp();
    const only = await createUser(lone, 'Admin');
    const other = await createUser(lone, 'Manager');
    const as = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
      lone.inject({ method, url, headers: only.auth, ...(payload ? { payload } : {}) });
    const self = await as('DELETE', `/api/users/${only.userId}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot delete your own account');
    const demote = await as('PUT', `/api/users/${only.userId}`, { role: 'Manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe('You are the last admin: make another user an admin first');
    const rename = await as('PUT', `/api/roles/${await createRole(lone, 'Admin')}`, { role_name: 'Boss' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().detail).toContain('would leave no admin');
    // a second admin makes the first removable
    expect((await as('PUT', `/api/users/${other.userId}`, { role: 'Admin' })).statusCode).toBe(200);
    expect((await as('PUT', `/api/users/${only.userId}`, { role: 'Manager' })).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('creates with either spelling of the access rights, updates, and deletes an unused role', async () => {
    const created = await call('POST', '/api/roles', { role_name: 'Auditor', access_rights: 'Reports' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      role_name: 'Auditor',
      accessRights: 'Reports',
      user_count: 0,
      portal: null,
    });
    const id = created.json().role_id as number;
    const updated = await call('PUT', `/api/roles/${id}`, {
      accessRights: 'Reports, audit log',
      role_name: 'Audit admin',
    });
    expect(updated.json()).toMatchObject({
      role_name: 'Audit admin',
      accessRights: 'Reports, audit log',
      portal: 'admin',
    });
    const list = await call('GET', '/api/roles');
    expect(list.json().some((r: { role_id: number }) => r.role_id === id)).toBe(true);
    expect((await call('DELETE', `/api/roles/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/roles/${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name, a missing name or rights, and deleting a role in use', async () => {
    const dup = await call('POST', '/api/roles', { role_name: 'admin', accessRights: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe("A role named 'admin' already exists");
    const noRights = await call('POST', '/api/roles', { role_name: 'Clerk' });
    expect(noRights.statusCode).toBe(422);
    expect(noRights.json().detail).toContain('accessRights is required');
    expect((await call('POST', '/api/roles', { accessRights: 'x' })).statusCode).toBe(422);
    const roleId = await createRole(app, 'Dispatcher manager');
    await createUser(app, 'Dispatcher manager');
    const inUse = await call('DELETE', `/api/roles/${roleId}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().detail).toBe(
      "Role 'Dispatcher manager' is held by 1 user(s): give them another role first",
    );
  });
});

describe('only admins', () => {
  it('refuses users, roles, employees writes, admin dashboards and the audit log to other roles', async () => {
    const manager = await createUser(app, 'Manager');
    const customer = await createCustomer(app);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['PUT', `/api/users/${admin.userId}`],
      ['DELETE', `/api/users/${admin.userId}`],
      ['GET', '/api/roles'],
      ['POST', '/api/roles'],
      ['DELETE', '/api/roles/1'],
      ['POST', '/api/employees'],
      ['PUT', '/api/employees/1'],
      ['GET', '/api/auditlog'],
      ['GET', '/api/dashboard/admin-stats'],
      ['GET', '/api/dashboard/admin-chart-data'],
      ['GET', '/api/dashboard/admin-alerts'],
    ] as const) {
      const res = await app.inject({ method, url, headers: manager.auth, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await app.inject({ method, url })).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    expect(customer.customerId).toBeGreaterThan(0);
  });
});
