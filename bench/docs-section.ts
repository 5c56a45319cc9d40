import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHMARKS = join(fileURLToPath(new URL('..', import.meta.url)), 'docs', 'benchmarks.md');

/**
 * Writes a bench's results into docs/benchmarks.md between its two markers (`section` starts
 * with `start` and ends with `end`), replacing what was there; the first time, at the end of the
 * file, after `heading` when one is given.
 */
export function writeBenchmarksSection(start: string, end: string, section: string, heading?: string): void {
  let text: string;
  try {
    text = readFileSync(BENCHMARKS, 'utf8');
  } catch {
    text = '# Benchmarks\n\n';
  }
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  text =
    a >= 0 && b > a
      ? text.slice(0, a) + section + text.slice(b + end.length)
      : `${text.trimEnd()}\n\n${heading ? `${heading}\n\n` : ''}${section}\n`;
  writeFileSync(BENCHMARKS, text);
}

/** The value after `name` among a bench's arguments (`--seconds 3`), or undefined. */
export function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}
