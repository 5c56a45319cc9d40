import { clsx } from 'clsx';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A chart whose code (Recharts, about 110 KB gzipped) loads once the chart is on screen, not with
 * the portal: the page paints its tiles and tables first, a placeholder of the chart's height holds
 * the place meanwhile (docs/decisions/0085).
 */
export function lazyChart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholderHeight = 'h-64',
): ComponentType<P> {
  const Chart = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chart at module level, as React.lazy makes its component
  function LazyChart(props: P) {
    return (
      <Suspense
        fallback={
          <div
            aria-hidden="true"
            className={clsx(placeholderHeight, 'animate-pulse rounded-lg bg-slate-100')}
          />
        }
      >
        <Chart {...props} />
      </Suspense>
    );
  }
  return LazyChart;
}
