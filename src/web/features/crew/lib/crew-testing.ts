// For the crew unit tests (Node): `t` straight from the catalogue files, compiled as the build
// compiles them (src/web/i18n/catalogue.ts).
import { setupI18n } from '@lingui/core';
import { type CatalogueFile, catalogueMessages, compileCatalogue } from '#web/i18n/catalogue';
import { INTL_LOCALE, type Locale } from '#web/i18n/locale';
import en from '#web/i18n/locales/en.json';
import si from '#web/i18n/locales/si.json';
import ta from '#web/i18n/locales/ta.json';
import type { Translate } from '#web/i18n/provider';

const FILES: Record<Locale, CatalogueFile> = { en, si, ta };

export function crewTranslator(locale: Locale): Translate {
  const messages = {
    ...compileCatalogue(catalogueMessages(FILES[locale], en, 'landing')),
    ...compileCatalogue(catalogueMessages(FILES[locale], en, 'app')),
  };
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values as Record<string, unknown>);
}
