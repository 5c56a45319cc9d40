import { usePublicFigures } from '../api/get-public-figures';
import { type FigureText, figureTexts } from '../lib/figure-texts';

/**
 * The landing page's figures from the database (decision 0052): a skeleton while they load,
 * dashes (never a made-up number) when they cannot be loaded.
 */
export function LandingFigures() {
  const query = usePublicFigures();
  const loading = query.isPending;
  const texts = figureTexts(query.data ?? null);
  return (
    <dl className="mt-12 grid max-w-md grid-cols-2 gap-6" aria-busy={loading}>
      {texts.map((figure) => (
        <Figure key={figure.label} figure={figure} loading={loading} />
      ))}
    </dl>
  );
}

function Figure({ figure, loading }: { figure: FigureText; loading: boolean }) {
  return (
    <div className="border-l-2 border-indigo-500 pl-4">
      <dt className="text-sm text-slate-600">{figure.label}</dt>
      {loading ? (
        <dd className="mt-1">
          <span className="block h-9 w-20 animate-pulse rounded-md bg-slate-200" />
          {/* two lines, as tall as the hint under a loaded figure: the page does not move */}
          <span className="mt-1 flex h-8 flex-col justify-center gap-1.5">
            <span className="block h-3 w-28 animate-pulse rounded bg-slate-100" />
            <span className="block h-3 w-20 animate-pulse rounded bg-slate-100" />
          </span>
          <span className="sr-only">Loading</span>
        </dd>
      ) : (
        <dd className="mt-1">
          <span className="block text-3xl font-bold tracking-tight text-slate-900" title={figure.exact}>
            {figure.value}
            {figure.exact && <span className="sr-only"> ({figure.exact})</span>}
          </span>
          <span className="mt-1 block text-xs text-slate-500">{figure.hint}</span>
        </dd>
      )}
    </div>
  );
}
