import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
import { languageOr } from '#server/lib/i18n/messages';
import {
  SEARCH_KIND_PERMISSION,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchQuery,
  type SearchResponse,
} from '#shared/contract/search';
import { can } from '#shared/permissions';
import { searchTokens } from '#shared/search-fold';
import { corrected, highlight } from './highlight';
import {
  type Alternative,
  Batch,
  type FoundRow,
  type Match,
  type Near,
  type NearOptions,
  nearWords,
  TYPO_THRESHOLD,
} from './search.queries';
import { KINDS, type KindSpec } from './search-kinds';

/** Dictionary words a misspelt word may stand for (the closest first). */
export const CORRECTIONS = 3;

/** The typo pass's match: each word or its corrections, and the query as the best ones spell it. */
function corrections(m: Match, near: readonly Near[]): Match {
  const words = m.tokens.map((t, i): Alternative[] => [
    { word: t, sim: 1 },
    ...(near[i]?.words ?? []).map((word, j) => ({ word, sim: near[i]!.sims[j] ?? 0 })),
  ]);
  const phrase = m.tokens.map((t, i) => (near[i]?.known ? t : (near[i]?.words[0] ?? t))).join(' ');
  return { ...m, fuzzy: true, words, phrase };
}

/** The query as the matchers take it; null when it holds nothing to look for (`#`, `-`). */
export function toMatch(q: string, limit: number): Match | null {
  const tokens = searchTokens(q).slice(0, 8);
  if (tokens.length === 0) return null;
  const number = /^#?\s*(\d{1,9})$/.exec(q.trim());
  return {
    folded: tokens.join(' '),
    tokens,
    number: number ? Number(number[1]) : null,
    compact: tokens.join(''),
    limit,
    fuzzy: false,
  };
}

/** The exact pass's rows, then the fuzzy pass's new ones, best first (stable: ties keep their order). */
function mergeByScore<Row extends FoundRow>(exact: Row[], fuzzy: Row[], limit: number): Row[] {
  const seen = new Set(exact.map((r) => r.id));
  return [...exact, ...fuzzy.filter((r) => !seen.has(r.id))]
    .sort((a, b) => Number(b.score) - Number(a.score))
    .slice(0, limit);
}

/** The dictionary lookup of a typo search: corrections of every word (the closest first). */
const EVERY_WORD: NearOptions = { threshold: TYPO_THRESHOLD, max: CORRECTIONS, everyWord: true };

/**
 * One pass over the kinds: every kind's lookup gathers in the match's batch, which runs as one
 * prepared statement (plus, for the ledger, one unnamed statement beside it: docs/decisions/0046).
 * `near`: the dictionary lookup to make in the same statement when nothing is found (null when
 * it was not made).
 */
async function pass(
  db: Executor,
  kinds: readonly KindSpec[],
  m: Match,
  user: AuthUser,
  ctx: AppContext,
  near?: NearOptions,
): Promise<{ rows: FoundRow[][]; near: Near[] | null }> {
  const batch = new Batch();
  const matched = { ...m, batch };
  const asked = kinds.map((spec) => spec.find(db, matched, user, ctx));
  let found: Near[] | null;
  try {
    found = await batch.flush(db, near && { tokens: m.tokens, options: near });
  } catch (failure) {
    // a cancelled or timed-out statement: every promise of the pass settles before the failure
    // goes up, so none is left rejected with nobody waiting (which would end the process)
    await Promise.allSettled(asked);
    throw failure;
  }
  return { rows: await Promise.all(asked), near: found };
}

/**
 * Each allowed kind's rows, and whether they come from the typo pass. No transaction: at most
 * four statements (the dictionary lookup, a pass, and in the rare case a second lookup and pass),
 * each reading its own snapshot (a search's answer is a glance, not a report), each on whichever
 * pooled connection is free (docs/decisions/0046). A crew member's typo search is two: the first
 * pass also looks the words up when it finds nothing (docs/decisions/0055).
 */
async function findRows(ctx: AppContext, user: AuthUser, m: Match, allowed: readonly KindSpec[]) {
  const db = ctx.db;
  const portal = user.portal!;
  // typos (docs/decisions/0041): the words of a text are looked up in the word dictionary
  const typo = m.number === null && m.tokens.some((t) => t.length >= 3);
  // a driver's or assistant's search (only its own orders and deliveries, whose addresses the
  // dictionary does not hold) looks its words up only when nothing was found as typed
  const crew = portal === 'assistant';
  let near: Near[] = typo && !crew ? await nearWords(db, m.tokens, { ...EVERY_WORD, everyWord: false }) : [];
  const out = allowed.map((spec) => ({ spec, rows: [] as FoundRow[] }));
  // a word no dictionary word holds cannot be found as typed in anything the dictionary covers:
  // one pass, each such word as typed or as its corrections
  if (!near.some((n) => !n.known)) {
    const exact = await pass(db, allowed, m, user, ctx, typo && crew ? EVERY_WORD : undefined);
    exact.rows.forEach((rows, i) => {
      out[i]!.rows = rows;
    });
    // every word is somewhere (or, a crew member, not looked up yet), but nothing holds them
    // all: each word's corrections (a statement more: a rare case; a crew member's pass made
    // the lookup already), and a pass with them, unless none has any and the caller's own
    // orders and deliveries (matched by similarity too: their addresses are not in the
    // dictionary) are not searched
    if (!typo || out.some((x) => x.rows.length > 0)) return { found: out, fuzzy: false };
    near = exact.near ?? (await nearWords(db, m.tokens, EVERY_WORD));
    const ownRows = portal === 'customer' || portal === 'assistant';
    if (!ownRows && near.every((n) => n.words.length === 0)) return { found: out, fuzzy: false };
  }
  const typos = await pass(db, allowed, corrections(m, near), user, ctx);
  out.forEach((x, i) => {
    x.rows = mergeByScore(x.rows, typos.rows[i]!, m.limit);
  });
  return { found: out, fuzzy: true };
}

/** What the caller may find, grouped by kind, best group first. */
export async function search(ctx: AppContext, user: AuthUser, query: SearchQuery): Promise<SearchResponse> {
  const m = toMatch(query.q, query.limit);
  if (!m) return { q: query.q, groups: [] };
  const allowed = KINDS.filter((k) => can(user.portal, SEARCH_KIND_PERMISSION[k.kind]));
  const portal = user.portal!;
  // the portals that speak Sinhala and Tamil write their hits in the reader's language
  const language = portal === 'customer' || portal === 'assistant' ? languageOr(user.language) : 'en';
  const { found, fuzzy } = await findRows(ctx, user, m, allowed);
  const groups: Array<SearchGroup & { best: number }> = [];
  for (const { spec, rows } of found) {
    if (rows.length === 0) continue;
    const hits = rows.map((row) => {
      const shown = spec.show(row, portal, language);
      return {
        kind: spec.kind,
        id: Number(row.id),
        ...shown,
        score: Math.round(Number(row.score) * 1000) / 1000,
        title_highlights: highlight(shown.title, m.tokens),
        subtitle_highlights: highlight(shown.subtitle, m.tokens),
      };
    });
    groups.push({
      kind: spec.kind,
      label: spec.label,
      hits,
      // a list screen filters by substring: after a typo, its link carries the words as the best hit spells them
      more_path:
        spec.more?.(
          fuzzy ? corrected(`${hits[0]!.subtitle} ${hits[0]!.title}`, m.tokens) : query.q,
          portal,
          rows,
        ) ?? null,
      best: Math.max(...hits.map((h) => h.score)),
    });
  }
  groups.sort((a, b) => b.best - a.best || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind));
  return { q: query.q, groups: groups.map(({ best: _best, ...g }) => g) };
}
