import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema, idParam } from '#shared/contract/common';
import {
  createRoleRequest,
  createUserRequest,
  roleListResponse,
  roleSchema,
  updateRoleRequest,
  updateUserRequest,
  userListQuery,
  userListResponse,
  userSchema,
} from '#shared/contract/users';
import { listUsers } from './users.queries';
import * as service from './users.service';

const refusals = { 404: errorSchema, 409: errorSchema, 422: errorSchema };

export function registerUserRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/users',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Users (deleted ones left out), by name; search `q`, the total in X-Total-Count',
        querystring: userListQuery,
        response: { 200: userListResponse },
      },
    },
    async (request, reply) => {
      const { page, page_size, q, role_id } = request.query;
      const { total, rows } = await listUsers(ctx.db, {
        q,
        roleId: role_id,
        limit: page_size,
        offset: (page - 1) * page_size,
      });
      return reply.header('X-Total-Count', String(total)).send(rows);
    },
  );

  app.post(
    '/api/users',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Create a login: role by name; staff may be linked to an employee',
        body: createUserRequest,
        response: { 201: userSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createUser(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/users/:id',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Change email, username, role, employee link, or reset the password',
        params: idParam,
        body: updateUserRequest,
        response: { 200: userSchema, ...refusals },
      },
    },
    async (request) => service.updateUser(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['users'],
        summary: 'Delete a user: it can no longer sign in; its orders and audit rows keep their history',
        params: idParam,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.deleteUser(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/roles',
    {
      config: { permission: 'roles:manage' },
      schema: {
        tags: ['roles'],
        summary: 'Roles with the number of users holding each',
        response: { 200: roleListResponse },
      },
    },
    async () => service.listRoles(ctx),
  );

  app.post(
    '/api/roles',
    {
      config: { permission: 'roles:manage' },
      schema: {
        tags: ['roles'],
        summary: 'Create a role (`role_name`, `accessRights` or `access_rights`)',
        body: createRoleRequest,
        response: { 201: roleSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRole(ctx, currentUser(request), request.body)),
  );

  app.put(
    '/api/roles/:id',
    {
      config: { permission: 'roles:manage' },
      schema: {
        tags: ['roles'],
        summary: "Change a role's access rights and/or name",
        params: idParam,
        body: updateRoleRequest,
        response: { 200: roleSchema, ...refusals },
      },
    },
    async (request) => service.updateRole(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/roles/:id',
    {
      config: { permission: 'roles:manage' },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role no user holds',
        params: idParam,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await service.deleteRole(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
