import type { App, AppContext } from '#server/context';
import { unprocessable } from '#server/http/errors';
import { auditListQuery, auditListResponse } from '#shared/contract/audit-log';
import { errorSchema } from '#shared/contract/common';
import { addDays, startOfBusinessDay } from '#shared/dates';
import { auditCount, auditPage } from './audit-log.queries';

export function registerAuditLogRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/auditlog',
    {
      config: { permission: 'audit:read' },
      schema: {
        tags: ['audit'],
        summary:
          'The audit log, newest first: filters operation, table, actor (user id), period `from`/`to` (business days) and text `q` over table and operation; total in X-Total-Count (X-Total-Count-Exact: false when capped)',
        querystring: auditListQuery,
        response: { 200: auditListResponse, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const { page, page_size, from, to, ...rest } = request.query;
      if (from && to && from > to)
        throw unprocessable(`from: the period starts (${from}) after it ends (${to})`);
      const filter = {
        ...rest,
        from: from ? startOfBusinessDay(from) : undefined,
        before: to ? startOfBusinessDay(addDays(to, 1)) : undefined,
      };
      const [rows, count] = await Promise.all([
        auditPage(ctx.db, filter, page_size, (page - 1) * page_size),
        auditCount(ctx.db, filter),
      ]);
      return reply
        .header('X-Total-Count', String(count.total))
        .header('X-Total-Count-Exact', String(count.exact))
        .send(rows);
    },
  );
}
