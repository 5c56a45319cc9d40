import { type Translate, useT } from '#web/i18n/provider';
import { usePublicFigures } from '../api/get-public-figures';
import { type FigureText, figureTexts } from '../lib/figure-texts';

/** The figure texts (English from figure-texts.ts) in the reader's language. */
function translated(t: Translate, text: string): string {
  if (text === 'Orders processed') return t('landing.figure.processed');
  if (text === 'Delivered to customers, all time') return t('landing.figure.processedHint');
  if (text === 'On-time delivery') return t('landing.figure.onTime');
  if (text === 'Figures are unavailable right now') return t('landing.figure.unavailable');
  const none = text.match(/^No deliveries in the last (\d+) days$/);
  if (none) return t('landing.figure.noDeliveries', { days: none[1]! });
  const by = text.match(/^By the requested day, last (\d+) days \((.+) of (.+)\)$/);
  if (by) return t('landing.figure.onTimeHint', { days: by[1]!, onTime: by[2]!, delivered: by[3]! });
  return text;
}

/**
 * The landing page's figures from the database (decision 0052): a skeleton while they load,
 * dashes (never a made-up number) when they cannot be loaded.
 */
export function LandingFigures() {
  const query = usePublicFigures();
  const loading = query.isPending;
  const t = useT();
  const texts = figureTexts(query.data ?? null).map((f) => ({
    ...f,
    label: translated(t, f.label),
    hint: translated(t, f.hint),
  }));
  return (
    <dl className="mt-12 grid max-w-md grid-cols-2 gap-6" aria-busy={loading}>
      {texts.map((figure) => (
        <Figure key={figure.label} figure={figure} loading={loading} loadingText={t('common.loading')} />
      ))}
    </dl>
  );
}

function Figure({
  figure,
  loading,
  loadingText,
}: {
  figure: FigureText;
  loading: boolean;
  loadingText: string;
}) {
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
          <span className="sr-only">{loadingText}</span>
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
