// The language of the page: the provider, the typed `t`, the formatters and the language choice
// (docs/decisions/0083; how to add a message: docs/translating.md).
import { I18nProvider, useLingui } from '@lingui/react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ApiError, api } from '#web/lib/api-client';
import type { Formatters } from './format';
import { type Locale, storeLocale } from './locale';
import type english from './locales/en.json';
import { activateLocale, i18n, loadedFormatters } from './runtime';

/** Every message key: the keys of the English catalogue, so a misspelt key fails the typecheck. */
export type MessageKey = Exclude<keyof typeof english, '//'>;
/** The values an ICU message takes: `{count}`, `{name}`, ... (numbers are formatted by the message). */
export type MessageValues = Record<string, string | number | ReactNode>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

interface LanguageControl {
  locale: Locale;
  /** Switches the page's language; `remote`: also store it on the signed-in person's profile. */
  setLocale(locale: Locale, options?: { remote?: boolean }): Promise<void>;
}

const LanguageContext = createContext<LanguageControl | null>(null);

/** PUT /auth/profile/language; a server without the endpoint yet (404) keeps the choice local. */
export async function saveProfileLanguage(locale: Locale) {
  try {
    await api('/auth/profile/language', { method: 'PUT', body: { language: locale } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return;
    console.warn('Could not store the language on the profile', err);
  }
}

/** Wraps the app once `activateLocale(initial)` has loaded the first catalogue (main.tsx). */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<Locale>(() => (i18n.locale || 'en') as Locale);
  const setLocale = useCallback(async (next: Locale, options: { remote?: boolean } = {}) => {
    await activateLocale(next);
    storeLocale(next);
    setState(next);
    if (options.remote) await saveProfileLanguage(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LanguageContext.Provider value={value}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </LanguageContext.Provider>
  );
}

export function useLanguage(): LanguageControl {
  const control = useContext(LanguageContext);
  if (!control) throw new Error('useLanguage must be used inside <LanguageProvider>');
  return control;
}

/** `t('key', { count: 3 })`: the message in the page's language. */
export function useT(): Translate {
  const { _ } = useLingui();
  return useCallback<Translate>((key, values) => _(key, values as Record<string, unknown>), [_]);
}

/** Numbers, money and dates in the page's language, times in Colombo time (./format.ts). */
export function useFormat(): Formatters {
  return loadedFormatters().formatters(useLanguage().locale);
}
