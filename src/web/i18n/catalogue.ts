// How a catalogue file becomes what the browser loads (docs/decisions/0083). Runs at build time (the
// Vite plugin in vite.config.ts) and in the unit tests, never in the browser: the page receives
// messages already compiled by Lingui, so no ICU parser ships.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalogue file: the header under "//", then one ICU message per key. */
export type CatalogueFile = Record<string, string>;

/** The header key of every catalogue file (a note for translators, not a message). */
export const HEADER_KEY = '//';

/**
 * The two parts each catalogue is cut into, so the landing page loads only its own few messages:
 * `landing` holds the keys under these prefixes (the landing page, the language switch, shared
 * words such as "Loading..."), `app` everything else (sign-in pages, portals), loaded with them.
 */
export const LANDING_PREFIXES = ['landing.', 'lang.', 'portal.', 'city.', 'common.'] as const;
export type CataloguePart = 'landing' | 'app';

export function partOf(key: string): CataloguePart {
  return LANDING_PREFIXES.some((p) => key.startsWith(p)) ? 'landing' : 'app';
}

/** The messages of one part, a key missing from the translation falling back to English. */
export function catalogueMessages(file: CatalogueFile, english: CatalogueFile, part: CataloguePart) {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(english)) {
    if (key === HEADER_KEY || partOf(key) !== part) continue;
    out[key] = file[key] ?? message;
  }
  return out;
}

/** Lingui's compiled form of each message (throws on a malformed ICU message, naming its key). */
export function compileCatalogue(messages: Record<string, string>) {
  const out: Record<string, ReturnType<typeof compileMessageOrThrow>> = {};
  for (const [key, message] of Object.entries(messages)) {
    try {
      out[key] = compileMessageOrThrow(message);
    } catch (err) {
      throw new Error(`catalogue message "${key}" is not valid ICU: ${(err as Error).message}`);
    }
  }
  return out;
}
