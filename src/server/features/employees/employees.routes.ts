import type { App, AppContext } from '#server/context';
import { employeeListQuery, employeeListResponse } from '#shared/contract/employees';
import { listEmployees } from './employees.queries';

export function registerEmployeeRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/employees',
    {
      config: { permission: 'employees:read' },
      schema: {
        tags: ['employees'],
        summary: 'Staff records (drivers, assistants, office staff) with their store, weekly limit and login',
        querystring: employeeListQuery,
        response: { 200: employeeListResponse },
      },
    },
    async (request) =>
      listEmployees(ctx.db, {
        type: request.query.type,
        includeInactive: request.query.include_inactive === 'true',
      }),
  );
}
