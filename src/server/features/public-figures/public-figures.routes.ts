import type { App, AppContext } from '#server/context';
import { ON_TIME_WINDOW_DAYS } from '#shared/constants';
import { publicFiguresSchema } from '#shared/contract/public-figures';
import { PUBLIC_FIGURES_CACHE_MS, publicFiguresSource } from './public-figures.service';

/** The landing page's figures, for anyone: aggregates only (decision 0052). */
export function registerPublicFiguresRoutes(app: App, ctx: AppContext): void {
  const figures = publicFiguresSource(ctx, ctx.cachePublicFigures ? PUBLIC_FIGURES_CACHE_MS : 0);
  app.get(
    '/api/public/figures',
    {
      config: { public: true },
      schema: {
        tags: ['public'],
        summary: `The landing page's figures, no sign-in: orders delivered (all time) and the on-time rate of the orders delivered in the last ${ON_TIME_WINDOW_DAYS} days; up to ${PUBLIC_FIGURES_CACHE_MS / 1000} s old`,
        security: [],
        response: { 200: publicFiguresSchema },
      },
    },
    async () => figures(),
  );
}
