import { sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import type { Employee } from '#shared/contract/employees';

export async function listEmployees(
  db: Executor,
  filter: { type?: Employee['type']; includeInactive: boolean; employeeId?: number },
): Promise<Employee[]> {
  const res = await db.execute<Employee>(
    sql`select e.employee_id, e.first_name as "firstName", e.last_name as "lastName", e.type,
          e.store_id, ci.name as store_city, e.weekly_hour_limit::float8 as weekly_hour_limit,
          e.contact_number, e.is_active, u.user_id, u.user_name
        from employees e
        left join stores s on s.store_id = e.store_id
        left join cities ci on ci.city_id = s.city_id
        left join lateral (select user_id, user_name from users where employee_id = e.employee_id
                           order by user_id limit 1) u on true
        where ${filter.type ? sql`e.type = ${filter.type}` : sql`true`}
          and ${filter.includeInactive ? sql`true` : sql`e.is_active`}
          and ${filter.employeeId === undefined ? sql`true` : sql`e.employee_id = ${filter.employeeId}`}
        order by e.type, e.last_name, e.first_name, e.employee_id`,
  );
  return res.rows;
}
