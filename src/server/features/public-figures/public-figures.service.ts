import type { AppContext } from '#server/context';
import { onTimeRate } from '#server/domain/on-time';
import { ON_TIME_WINDOW_DAYS } from '#shared/constants';
import type { PublicFigures } from '#shared/contract/public-figures';
import { publicFigures } from './public-figures.queries';

const DAY_MS = 86_400_000;

/**
 * How long a server process answers the landing page's figures from memory (decision 0052): the
 * same for every visitor, asked by anyone without signing in, so a burst of visitors (or of
 * anonymous requests) costs the database one statement per process every 5 s.
 */
export const PUBLIC_FIGURES_CACHE_MS = 5_000;

/**
 * GET /public/figures: orders processed (delivered, all time) and the on-time rate of the last
 * ON_TIME_WINDOW_DAYS days, the manager dashboard's rate to the decimal (decision 0052).
 */
export async function readPublicFigures(ctx: AppContext): Promise<PublicFigures> {
  const now = ctx.clock();
  const f = await publicFigures(ctx.db, now, new Date(now.getTime() - ON_TIME_WINDOW_DAYS * DAY_MS));
  return {
    orders_processed: f.orders_processed,
    delivered_in_window: f.delivered,
    on_time_in_window: f.on_time,
    on_time_rate: onTimeRate(f.on_time, f.delivered),
    on_time_window_days: ON_TIME_WINDOW_DAYS,
  };
}

/**
 * The figures at most `maxAgeMs` old (by the app's clock); 0: read every time. Requests that
 * arrive while a read is under way share it; a failed read is not kept.
 */
export function publicFiguresSource(ctx: AppContext, maxAgeMs: number): () => Promise<PublicFigures> {
  if (maxAgeMs <= 0) return () => readPublicFigures(ctx);
  let kept: { at: number; figures: Promise<PublicFigures> } | null = null;
  return () => {
    const now = ctx.clock().getTime();
    if (kept && now - kept.at < maxAgeMs) return kept.figures;
    const entry = { at: now, figures: readPublicFigures(ctx) };
    kept = entry;
    entry.figures.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.figures;
  };
}
