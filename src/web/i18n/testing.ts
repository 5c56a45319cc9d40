// For unit tests (Node): a translator straight from the catalogue files, compiled as the build does.
import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import {
  CATALOGUE_PARTS,
  type CatalogueFile,
  type CataloguePart,
  catalogueMessages,
  compileCatalogue,
} from './catalogue';
import { INTL_LOCALE, type Locale } from './locale';
import type { Translate } from './provider';

export function readCatalogue(locale: Locale): CatalogueFile {
  return JSON.parse(
    readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8'),
  ) as CatalogueFile;
}

/** `t` in `locale`, over every part of its catalogue, or only over `parts` (what a page loads). */
export function testTranslator(locale: Locale, parts: readonly CataloguePart[] = CATALOGUE_PARTS): Translate {
  const file = readCatalogue(locale);
  const english = readCatalogue('en');
  const messages = Object.assign(
    {},
    ...parts.map((part) => compileCatalogue(catalogueMessages(file, english, part))),
  );
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  return (key, values) => i18n._(key, values as Record<string, unknown>);
}
