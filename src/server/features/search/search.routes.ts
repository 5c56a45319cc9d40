import type { App, AppContext } from '#server/context';
import { currentUser } from '#server/http/auth-context';
import { errorSchema } from '#shared/contract/common';
import { searchQuery, searchResponse } from '#shared/contract/search';
import { search } from './search.service';

export function registerSearchRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/search',
    {
      config: { permission: 'search:use' },
      schema: {
        tags: ['search'],
        summary: 'Global search: what the caller may see, grouped by kind, best match first',
        description:
          'Order numbers (4512, #4512), plates, names and addresses by words and prefixes, tolerant of case, accents and small typos. Each hit carries the portal path that opens it and the matched stretches of its title and subtitle.',
        querystring: searchQuery,
        response: { 200: searchResponse, 401: errorSchema, 422: errorSchema },
      },
    },
    async (request) => search(ctx, currentUser(request), request.query),
  );
}
