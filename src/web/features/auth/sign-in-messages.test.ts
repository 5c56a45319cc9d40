// The sign-in pages load the `landing` and `signin` parts of the catalogue only (router.tsx:
// signInScreen, docs/decisions/0088): every text they may show must be in one of these.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HEADER_KEY, partOf } from '#web/i18n/catalogue';
import { knownText } from '#web/i18n/known-texts';
import { LOCALES } from '#web/i18n/locale';
import { readCatalogue, testTranslator } from '#web/i18n/testing';
import { checkLogin, LOGIN_FAILED_MESSAGE, NO_PORTAL_MESSAGE } from './login-schema';
import { signupSchema } from './signup-schema';

const WEB = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  'features/auth/components/staff-login-page.tsx',
  'features/auth/components/customer-login-page.tsx',
];
// The table of the server's and the forms' known texts names every screen's; what it gives the
// sign-in pages is checked below with the texts they can receive.
const NOT_FOLLOWED = new Set(['i18n/known-texts.ts']);

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('#web/')
    ? join(WEB, spec.slice('#web/'.length))
    : spec.startsWith('.')
      ? resolve(dirname(from), spec)
      : null;
  if (!base) return null;
  return ['', '.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f)) ?? null;
}

/** Every web file a sign-in page runs: its imports, static and lazy, followed to the end. */
function signInFiles(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || NOT_FOLLOWED.has(file.slice(WEB.length))) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      const target = resolveImport(file, spec ?? '');
      if (target) visit(target);
    }
  };
  for (const page of PAGES) visit(join(WEB, page));
  return [...seen];
}

const keys = Object.keys(readCatalogue('en')).filter((k) => k !== HEADER_KEY);

describe('the sign-in pages’ messages', () => {
  it('every message key their code names is in the parts they load', () => {
    const files = signInFiles();
    expect(files.map((f) => f.slice(WEB.length))).toContain('features/auth/components/signup-form.tsx');
    const named = new Map<string, string>();
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const key of keys) if (code.includes(`'${key}'`)) named.set(key, file.slice(WEB.length));
    }
    expect(named.size).toBeGreaterThan(20);
    const elsewhere = [...named].filter(([key]) => partOf(key) === 'app');
    expect(elsewhere).toEqual([]);
  });

  it('every known text the forms and the server give them is said in the reader’s language', () => {
    const signupIssues = signupSchema.safeParse({
      name: '',
      username: 'a b',
      password: 'short',
      email: 'nope',
      contactNumber: 'x'.repeat(41),
      address: 'x'.repeat(301),
    });
    const texts = [
      ...Object.values(checkLogin({ username: '', password: '' }).errors),
      ...Object.values(checkLogin({ username: 'u'.repeat(201), password: 'p'.repeat(201) }).errors),
      ...(signupIssues.error?.issues.map((i) => i.message) ?? []),
      'Username is required',
      'Email is required',
      LOGIN_FAILED_MESSAGE,
      NO_PORTAL_MESSAGE,
      "Username 'nimal' already exists",
      "Email 'nimal@example.com' is already registered",
      'Network request failed: offline',
      'Request failed (502)',
    ];
    expect(texts.length).toBeGreaterThan(12);
    for (const locale of LOCALES) {
      const t = testTranslator(locale, ['landing', 'signin']);
      const full = testTranslator(locale);
      for (const text of texts) {
        const shown = knownText(t, text);
        // a key missing from the loaded parts comes back as the key itself
        expect(keys, `${locale}: ${text}`).not.toContain(shown);
        expect(shown, `${locale}: ${text}`).toBe(knownText(full, text));
      }
    }
  });
});
