// How a catalogue file becomes what the browser loads (docs/decisions/0083). Runs at build time (the
// Vite plugin in vite.config.ts) and in the unit tests, never in the browser: the page receives
// messages already compiled by Lingui, so no ICU parser ships.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/** A catalogue file: the header under "//", then one ICU message per key. */
export type CatalogueFile = Record<string, string>;

/** The header key of every catalogue file (a note for translators, not a message). */
export const HEADER_KEY = '//';

/**
 * The three parts each catalogue is cut into, so a page loads only the messages it may show
 * (docs/decisions/0085, 0088): `landing` holds the keys under these prefixes (the landing page, the
 * language switch, shared words such as "Loading..."); `signin` the sign-in pages' (SIGN_IN_KEYS);
 * `app` everything else (the portals), loaded with `signin`.
 */
export const LANDING_PREFIXES = ['landing.', 'lang.', 'portal.', 'city.', 'common.'] as const;
/**
 * The sign-in and sign-up forms' texts: the pages' own (`auth.`), the messages a form check or the
 * server may give them in the reader's language (`validation.`, `error.`: known-texts.ts), and the
 * spinner shown while the session is checked. An entry ending in "." is a prefix, else one key.
 */
export const SIGN_IN_KEYS = ['auth.', 'validation.', 'error.', 'layout.checkingSession'] as const;
export const CATALOGUE_PARTS = ['landing', 'signin', 'app'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

export function partOf(key: string): CataloguePart {
  if (LANDING_PREFIXES.some((p) => key.startsWith(p))) return 'landing';
  const signIn = SIGN_IN_KEYS.some((k) => (k.endsWith('.') ? key.startsWith(k) : key === k));
  return signIn ? 'signin' : 'app';
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
