import { z } from 'zod';
import type { App, AppContext } from '#server/context';
import { tooManyRequests } from '#server/features/auth/index';
import { assertSelfOrStaff, currentUser } from '#server/http/auth-context';
import { findUsersByIds } from '#server/http/user-lookup';
import { refuseBody } from '#server/http/validation';
import { errorSchema, idParam } from '#shared/contract/common';
import { employeeParam } from '#shared/contract/crew';
import { notificationListQuery, notificationSchema, readAllResponse } from '#shared/contract/notifications';
import { EventHub } from './event-hub';
import { listFor, markAllRead, markRead, scopeOf } from './notifications.service';

/** A comment line on every open stream this often keeps proxies and idle timeouts from closing it. */
const HEARTBEAT_MS = 15_000;
/** When a user at the cap of open streams may try again (a tab closed frees its slot at once). */
const STREAM_RETRY_AFTER_SECONDS = 30;

export function registerNotificationRoutes(app: App, ctx: AppContext): void {
  const list = { 200: z.array(notificationSchema), 403: errorSchema, 422: errorSchema };

  app.get(
    '/api/deliveries/assistant/:employee_id/notifications',
    {
      config: { permission: 'deliveries:assignments' },
      schema: {
        tags: ['notifications'],
        summary: "A crew member's notifications, newest first; the unread count in X-Unread-Count",
        params: employeeParam,
        querystring: notificationListQuery,
        response: list,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      assertSelfOrStaff(user, request.params.employee_id, 'notifications');
      const { rows, unread } = await listFor(
        ctx,
        { employeeId: request.params.employee_id },
        request.query.limit,
      );
      return reply.header('X-Unread-Count', String(unread)).send(rows);
    },
  );

  app.get(
    '/api/notifications',
    {
      config: { permission: 'notifications:read' },
      schema: {
        tags: ['notifications'],
        summary:
          "The signed-in user's notifications (its own, its crew record's, its customer's), newest first",
        querystring: notificationListQuery,
        response: list,
      },
    },
    async (request, reply) => {
      const { rows, unread } = await listFor(ctx, scopeOf(currentUser(request)), request.query.limit);
      return reply.header('X-Unread-Count', String(unread)).send(rows);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { permission: 'notifications:read' },
      preValidation: refuseBody,
      schema: {
        tags: ['notifications'],
        summary: 'Marks one of your notifications read',
        params: idParam,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      await markRead(ctx, currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { permission: 'notifications:read' },
      preValidation: refuseBody,
      schema: {
        tags: ['notifications'],
        summary: 'Marks all your notifications read',
        response: { 200: readAllResponse },
      },
    },
    async (request) => markAllRead(ctx, currentUser(request)),
  );

  const hub = new EventHub(ctx.listen, (ids) => findUsersByIds(ctx.db, ids), ctx.clock);
  ctx.readings.openEventStreams = () => hub.size;
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/api/events',
    {
      config: { permission: 'events:read' },
      schema: {
        tags: ['notifications'],
        summary:
          "Server-sent events: the caller's new notifications and changes of its deliveries or orders (event: notification | delivery | order | resync | end). The stream ends when the token expires or the user changes; a user holds a limited number open (429 with Retry-After past it)",
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const token = request.token!;
      // checked and taken with no await in between (hub.add registers synchronously)
      if (hub.countFor(user.userId) >= ctx.eventStreamsPerUser) {
        throw tooManyRequests(
          `You already have ${ctx.eventStreamsPerUser} live update streams open (one per browser tab); close one and try again`,
          STREAM_RETRY_AFTER_SECONDS,
        );
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write('retry: 5000\n\n');
      let open = true;
      const heartbeat = setInterval(() => open && raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      const client = {
        userId: user.userId,
        employeeId: user.employeeId,
        customerId: user.customerId,
        portal: user.portal,
        role: user.role,
        token,
        send: (event: string, data: unknown) => {
          if (open) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end: () => {
          open = false;
          clearInterval(heartbeat);
          raw.end();
        },
      };
      request.raw.on('close', () => {
        open = false;
        clearInterval(heartbeat);
        hub.remove(client);
      });
      try {
        if (await hub.add(client)) client.send('ready', {});
      } catch (error) {
        request.log.error({ err: error }, 'event stream: cannot listen for database notifications');
        hub.remove(client);
        client.send('error', { detail: 'Live updates are unavailable; the page falls back to polling' });
        client.end();
      }
    },
  );
}
