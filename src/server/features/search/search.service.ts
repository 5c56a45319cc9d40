import type { AppContext } from '#server/context';
import type { Executor } from '#server/db/client';
import type { AuthUser } from '#server/http/auth-context';
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
import { type Alternative, Batch, type FoundRow, type Match, type Near, nearWords } from './search.queries';
import { KINDS, type KindSpec } from './search-kinds';

/**
 * Trigram word similarity from which a text counts as a typo of the query: "slva" is 0.4 from
 * "silva", pg_trgm's default (0.6) would miss it; below 0.4 unrelated words start to match.
 */
export const TYPO_THRESHOLD = 0.4;
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

/** A kind's statement not run: the pass stopped after its first statement. */
const SKIPPED = Symbol('skipped');

/**
 * One pass over the kinds: each kind asks at once; the small tables' lookups gather in one
 * statement (the match's batch), which runs first, with the dictionary lookup of the query's
 * words when `lookup`. The others' statements queue behind it, one at a time on the
 * transaction's connection, and do not run at all when the dictionary says a word is in no
 * name or address (nothing can hold it as typed: the typo pass follows).
 */
async function pass(
  tx: Executor,
  kinds: readonly KindSpec[],
  m: Match,
  user: AuthUser,
  ctx: AppContext,
  lookup: boolean,
): Promise<{ rows: FoundRow[][]; near: Near[] | null; skipped: boolean }> {
  const batch = new Batch();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let skipped = false;
  let last: Promise<unknown> = gate;
  const serial = {
    execute: (query: unknown) => {
      const next = last.then(() => {
        if (skipped) throw SKIPPED;
        return tx.execute(query as never);
      });
      last = next.catch(() => undefined);
      return next;
    },
  } as unknown as Executor;
  const asked = Promise.all(
    kinds.map((spec) =>
      spec.find(serial, { ...m, batch }, user, ctx).catch((e: unknown) => {
        if (e === SKIPPED) return [];
        throw e;
      }),
    ),
  );
  // the lookup rides on a statement the pass runs anyway (a crew member's pass has none: its
  // typos are looked up only when its words as typed found nothing)
  const near =
    lookup && batch.size > 0
      ? nearWords(batch, m.tokens, { threshold: TYPO_THRESHOLD, max: CORRECTIONS, everyWord: false })
      : null;
  let words: Near[] | null = null;
  try {
    await batch.flush(tx);
    words = near && (await near);
    skipped = !!words?.some((n) => !n.known);
  } catch (failure) {
    // the transaction is lost (a cancelled or timed-out statement): the queued statements do
    // not run on it, and every promise of the pass settles before the failure goes up, so none
    // is left rejected with nobody waiting (which would end the process)
    skipped = true;
    open();
    await Promise.allSettled([asked, near]);
    throw failure;
  }
  open();
  return { rows: await asked, near: words, skipped };
}

/** What the caller may find, grouped by kind, best group first. */
export async function search(ctx: AppContext, user: AuthUser, query: SearchQuery): Promise<SearchResponse> {
  const m = toMatch(query.q, query.limit);
  if (!m) return { q: query.q, groups: [] };
  const allowed = KINDS.filter((k) => can(user.portal, SEARCH_KIND_PERMISSION[k.kind]));
  const portal = user.portal!;
  // one transaction: one snapshot, and the typo threshold holds for its queries only
  let fuzzy = false;
  const found = await ctx.db.transaction(async (tx) => {
    // typos (docs/decisions/0041): the words of a text are looked up in the word dictionary
    const typo = m.number === null && m.tokens.some((t) => t.length >= 3);
    const exact = await pass(tx, allowed, m, user, ctx, typo);
    const out = exact.rows.map((rows, i) => ({ spec: allowed[i]!, rows }));
    let near = exact.near ?? [];
    if (!exact.skipped) {
      // every word is somewhere (or, a crew member, not looked up yet), but nothing holds them
      // all: each word's corrections (a statement more: a rare case), and a pass with them,
      // unless none has any and the caller's own orders and deliveries (matched by similarity
      // too: their addresses are not in the dictionary) are not searched
      if (!typo || out.some((x) => x.rows.length > 0)) return out;
      const batch = new Batch();
      const asked = nearWords(batch, m.tokens, {
        threshold: TYPO_THRESHOLD,
        max: CORRECTIONS,
        everyWord: true,
      });
      // together: if the statement fails, `asked` fails with it and is awaited all the same
      [, near] = await Promise.all([batch.flush(tx), asked]);
      const ownRows = portal === 'customer' || portal === 'assistant';
      if (!ownRows && near.every((n) => n.words.length === 0)) return out;
    }
    fuzzy = true;
    const typos = await pass(tx, allowed, corrections(m, near), user, ctx, false);
    out.forEach((x, i) => {
      x.rows = mergeByScore(x.rows, typos.rows[i]!, m.limit);
    });
    return out;
  });
  const groups: Array<SearchGroup & { best: number }> = [];
  for (const { spec, rows } of found) {
    if (rows.length === 0) continue;
    const hits = rows.map((row) => {
      const shown = spec.show(row, portal);
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
        ) ?? null,
      best: Math.max(...hits.map((h) => h.score)),
    });
  }
  groups.sort((a, b) => b.best - a.best || SEARCH_KINDS.indexOf(a.kind) - SEARCH_KINDS.indexOf(b.kind));
  return { q: query.q, groups: groups.map(({ best: _best, ...g }) => g) };
}
