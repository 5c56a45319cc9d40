import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  createEmployeeRequest,
  employeeListQuery,
  employeeListResponse,
  employeeSchema,
  updateEmployeeRequest,
} from '#shared/contract/employees';
import { createEmployee, updateEmployee } from './employee-records';
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

  app.post(
    '/api/employees',
    {
      config: { permission: 'employees:manage' },
      schema: {
        tags: ['employees'],
        summary: 'Hire: a staff record (name, type, store, weekly hour limit)',
        body: createEmployeeRequest,
        response: { 201: employeeSchema, 422: errorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEmployee(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/employees/:id',
    {
      config: { permission: 'employees:manage' },
      schema: {
        tags: ['employees'],
        summary: 'Change a staff record; `is_active: false` marks a former employee',
        params: idParam,
        body: updateEmployeeRequest,
        response: { 200: employeeSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => updateEmployee(ctx, currentUser(request), request.params.id, request.body),
  );
}
