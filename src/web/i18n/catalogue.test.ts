import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { HEADER_KEY } from './catalogue';
import { LOCALES } from './locale';
import { readCatalogue } from './testing';

const WEB = fileURLToPath(new URL('..', import.meta.url));

function sourceText(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return [sourceText(path)];
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
        ? [readFileSync(path, 'utf8')]
        : [];
    })
    .join('\n');
}

type Compiled = ReturnType<typeof compileMessageOrThrow>;

/** The {names} an ICU message takes, plural/select arguments and those inside their branches. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Compiled) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      if (name !== '#') names.add(name);
      if (format && typeof format === 'object') {
        for (const [branch, inner] of Object.entries(format))
          if (branch !== 'offset') walk(inner as Compiled);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

const english = readCatalogue('en');
const keys = Object.keys(english).filter((k) => k !== HEADER_KEY);

describe('catalogues', () => {
  it('every key of the English catalogue is written in full somewhere in the web code', () => {
    const code = sourceText(WEB);
    const unused = keys.filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has exactly the keys of English, each with the same {arguments}`, () => {
      const file = readCatalogue(locale);
      const own = Object.keys(file).filter((k) => k !== HEADER_KEY);
      expect(keys.filter((k) => !(k in file))).toEqual([]);
      expect(own.filter((k) => !(k in english))).toEqual([]);
      const mismatched = keys.filter(
        (k) => file[k] !== undefined && argumentsOf(file[k]!).join() !== argumentsOf(english[k]!).join(),
      );
      expect(mismatched).toEqual([]);
    });

    it(`${locale}'s header says it awaits a native speaker's review`, () => {
      expect(readCatalogue(locale)[HEADER_KEY]).toMatch(/awaiting a native speaker's review/);
    });
  }
});
