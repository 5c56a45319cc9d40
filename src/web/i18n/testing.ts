// For unit tests (Node): a translator straight from the catalogue files, compiled as the build does.
import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { type CatalogueFile, catalogueMessages, compileCatalogue } from './catalogue';
import { INTL_LOCALE, type Locale } from './locale';
import type { Translate } from './provider';

export function readCatalogue(locale: Locale): CatalogueFile {
  return JSON.parse(
    readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as CatalogueFile;
}

/** `t` in `locale`, over both parts of its catalogue. */
export function testTranslator(locale: Locale): Translate {
  const file = readCatalogue(locale);
  const english = readCatalogue('en');
  const messages = {
    ...compileCatalogue(catalogueMessages(file, english, 'landing')),
    ...compileCatalogue(catalogueMessages(file, english, 'app')),
  };
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values as Record<string, unknown>);
}
