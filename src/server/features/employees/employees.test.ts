import { describe, expect, it } from 'vitest';
import { withActor } from '#server/db/client';
import { employees } from '#server/db/schema';
import { createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';

const { app } = await createTestApp();

describe('GET /api/employees', () => {
  it('lists active staff with their login, filters by type, and hides former staff unless asked', async () => {
    const manager = await createUser(app, 'Manager');
    const driver = await createUser(app, 'Driver');
    const [former] = await withActor(app.ctx.db, null, (tx) =>
      tx
        .insert(employees)
        .values({ firstName: 'Old', lastName: 'Hand', type: 'Driver', isActive: false })
        .returning(),
    );
    const res = await app.inject({ url: '/api/employees?type=Driver', headers: manager.auth });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ employee_id: number; type: string; user_name: string | null }>;
    expect(rows.every((r) => r.type === 'Driver')).toBe(true);
    expect(rows.find((r) => r.employee_id === driver.employeeId)).toMatchObject({
      user_name: driver.userName,
    });
    expect(rows.some((r) => r.employee_id === former!.employeeId)).toBe(false);
    const all = await app.inject({ url: '/api/employees?include_inactive=true', headers: manager.auth });
    expect(
      (all.json() as Array<{ employee_id: number }>).some((r) => r.employee_id === former!.employeeId),
    ).toBe(true);
  });

  it('is for managers and admins only, and names a bad filter', async () => {
    const driver = await createUser(app, 'Driver');
    expect((await app.inject({ url: '/api/employees', headers: driver.auth })).statusCode).toBe(403);
    const admin = await createUser(app, 'Admin');
    const bad = await app.inject({ url: '/api/employees?type=Pilot', headers: admin.auth });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toMatch(/type/);
  });
});
