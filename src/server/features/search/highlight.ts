import type { Highlight } from '#shared/contract/search';
import { foldText } from '#shared/search-fold';

/** pg_trgm's trigrams of one word: two spaces before, one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

function similarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared);
}

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Where the query's words are in `text`: each word where it appears (at a word start by
 * preference: "per" marks "Perera", not "Super"), else, for a typo, the word of the text most
 * like it. Offsets are those of the original text (folding keeps one unit for one).
 */
export function highlight(text: string, tokens: readonly string[]): Highlight[] {
  if (!text) return [];
  const folded = foldText(text);
  const words = [...folded.matchAll(WORD)].map((w) => ({ start: w.index, word: w[0] }));
  const found: Highlight[] = [];
  for (const token of tokens) {
    const atWordStart = words.find((w) => w.word.startsWith(token));
    if (atWordStart) {
      found.push({ start: atWordStart.start, length: token.length });
      continue;
    }
    const inside = folded.indexOf(token);
    if (inside >= 0) {
      found.push({ start: inside, length: token.length });
      continue;
    }
    let best: { start: number; word: string; sim: number } | null = null;
    for (const w of words) {
      const sim = similarity(token, w.word);
      if (sim >= 0.3 && (!best || sim > best.sim)) best = { ...w, sim };
    }
    if (best) found.push({ start: best.start, length: best.word.length });
  }
  return merge(found);
}

/**
 * The query as a plain substring filter would find `text`: each word where the text holds it,
 * else (a typo) the word of the text most like it, both as the text spells them. The "see
 * all" links of a typo search carry this to list screens that match by substring.
 */
export function corrected(text: string, tokens: readonly string[]): string {
  const folded = foldText(text);
  const words = [...folded.matchAll(WORD)].map((w) => ({ start: w.index, word: w[0] }));
  return tokens
    .map((token) => {
      const at = folded.indexOf(token);
      if (at >= 0) return text.slice(at, at + token.length);
      let best: { start: number; word: string; sim: number } | null = null;
      for (const w of words) {
        const sim = similarity(token, w.word);
        if (sim >= 0.3 && (!best || sim > best.sim)) best = { ...w, sim };
      }
      return best ? text.slice(best.start, best.start + best.word.length) : token;
    })
    .join(' ');
}

/** Sorted, overlapping stretches joined. */
function merge(ranges: Highlight[]): Highlight[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: Highlight[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.start + last.length) {
      last.length = Math.max(last.length, r.start + r.length - last.start);
    } else out.push({ ...r });
  }
  return out;
}
