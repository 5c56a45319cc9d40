// The Lingui instance of the web app, its lazy catalogues and fonts (docs/decisions/0083).

import englishLanding from 'virtual:catalogue/en/landing';
import { type I18n, setupI18n } from '@lingui/core';
import type { CataloguePart } from './catalogue';
import { INTL_LOCALE, type Locale } from './locale';

type Messages = Parameters<I18n['load']>[1];
type Loader = () => Promise<{ default: Messages }>;

// One chunk per language and part, fetched only when that language is in use (vite.config.ts
// compiles them from src/web/i18n/locales/*.json). English's landing part is in the entry itself
// (1.2 kB): the first page in English renders once the entry has run, without waiting for one
// more round trip, and every route's first load counted it already (decision 0088).
const CATALOGUES: Record<Locale, Record<CataloguePart, Loader>> = {
  en: {
    landing: () => Promise.resolve({ default: englishLanding }),
    signin: () => import('virtual:catalogue/en/signin'),
    app: () => import('virtual:catalogue/en/app'),
  },
  si: {
    landing: () => import('virtual:catalogue/si/landing'),
    signin: () => import('virtual:catalogue/si/signin'),
    app: () => import('virtual:catalogue/si/app'),
  },
  ta: {
    landing: () => import('virtual:catalogue/ta/landing'),
    signin: () => import('virtual:catalogue/ta/signin'),
    app: () => import('virtual:catalogue/ta/app'),
  },
};

// The Sinhala and Tamil faces (Fontsource), fetched only for their language: a phone without
// system fonts for these scripts still renders them.
const FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  si: () => import('./fonts-si.css'),
  ta: () => import('./fonts-ta.css'),
};

export const i18n = setupI18n();

/** A promise React's `use` can read without suspending once it is settled. */
type Tracked = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const loads = new Map<string, Tracked>();
/**
 * The parts a language switch loads: `landing` always, `signin` once a sign-in page or portal
 * opened, `app` once a portal did.
 */
const parts = new Set<CataloguePart>(['landing']);

type FormatModule = typeof import('./format');
let formatModule: FormatModule | null = null;

/**
 * The number, money and date formatters (./format.ts): they come with the `app` part, since only
 * the portals format anything; the landing and sign-in pages load none (decisions 0085, 0088).
 */
export function loadedFormatters(): FormatModule {
  if (!formatModule) throw new Error('useFormat outside a page that waits for appMessages() (router.tsx)');
  return formatModule;
}

function loadPart(locale: Locale, part: CataloguePart): Tracked {
  const id = `${locale}/${part}`;
  let load = loads.get(id);
  if (!load) {
    const formats =
      part === 'app' && !formatModule
        ? import('./format').then((m) => {
            formatModule = m;
          })
        : undefined;
    const started: Tracked = Promise.all([CATALOGUES[locale][part](), formats]).then(
      ([{ default: messages }]) => {
        i18n.load(locale, messages);
        started.status = 'fulfilled';
      },
    );
    started.catch(() => loads.delete(id));
    load = started;
    loads.set(id, load);
  }
  return load;
}

function activeLocale(): Locale {
  return (i18n.locale || 'en') as Locale;
}

/** Loads what `locale` needs (messages, font), then makes it the active language. */
export async function activateLocale(locale: Locale) {
  await Promise.all([...[...parts].map((p) => loadPart(locale, p)), FONTS[locale]?.()]);
  i18n.activate(locale, [INTL_LOCALE[locale]]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = locale;
    document.documentElement.dataset.locale = locale;
  }
}

/**
 * The sign-in pages' messages in the active language (for React's `use`, or to await beside a
 * lazy import); from then on every language switch loads them too.
 */
export function signInMessages(locale: Locale = activeLocale()): Tracked {
  parts.add('signin');
  return loadPart(locale, 'signin');
}

const portalLoads = new Map<Locale, Tracked>();

/**
 * The portals' messages in the active language, the sign-in part with them (a portal shows some
 * of its texts: the session check, the server's known errors); from then on every language
 * switch loads them too.
 */
export function appMessages(locale: Locale = activeLocale()): Tracked {
  parts.add('app');
  let load = portalLoads.get(locale);
  if (!load) {
    const started: Tracked = Promise.all([signInMessages(locale), loadPart(locale, 'app')]).then(() => {
      started.status = 'fulfilled';
    });
    started.catch(() => portalLoads.delete(locale));
    load = started;
    portalLoads.set(locale, load);
  }
  return load;
}
