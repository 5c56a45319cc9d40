// The languages of the web app and how a person's language is chosen (docs/decisions/0083).
// Light on purpose: the landing page imports it before any catalogue has loaded.

export const LOCALES = ['en', 'si', 'ta'] as const;
export type Locale = (typeof LOCALES)[number];

/** The Intl locale of each language: Sri Lankan conventions (digits, grouping, month names). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };

/** Each language's own name, as the switch shows it (never translated). */
export const LOCALE_NAME: Record<Locale, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

/** Where a signed-out person's choice is kept in this browser. */
export const LOCALE_STORAGE_KEY = 'kandypack.language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first of the browser's languages that we have ("si-LK" → si), else English. */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

export function storedLocale(): Locale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** The language to start in: this browser's last choice, else the browser's language. */
export function initialLocale(): Locale {
  return storedLocale() ?? browserLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** The language stored on the server for a signed-in person (null: never chosen, or not sent). */
export function profileLocale(profile: object | null | undefined): Locale | null {
  const value = profile && 'language' in profile ? profile.language : null;
  return isLocale(value) ? value : null;
}
