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
import { Batch, type FoundRow, type Match, setThreshold } from './search.queries';
import { KINDS, type KindSpec } from './search-kinds';

/**
 * Trigram word similarity from which a text counts as a typo of the query: "slva" is 0.4 from
 * "silva", pg_trgm's default (0.6) would miss it; below 0.4 unrelated words start to match.
 */
export const TYPO_THRESHOLD = 0.4;

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

/**
 * One pass over the kinds: each kind asks at once (the small tables' lookups gather in the
 * match's batch, the others' statements queue, one at a time on the transaction's connection),
 * then the batch runs.
 */
async function pass(
  tx: Executor,
  kinds: readonly KindSpec[],
  m: Match,
  user: AuthUser,
  ctx: AppContext,
): Promise<FoundRow[][]> {
  // one statement at a time on the connection, in the order the kinds ask
  let last: Promise<unknown> = Promise.resolve();
  const serial = {
    execute: (query: unknown) => {
      const next = last.then(() => tx.execute(query as never));
      last = next.catch(() => undefined);
      return next;
    },
  } as unknown as Executor;
  const asked = Promise.all(kinds.map((spec) => spec.find(serial, m, user, ctx)));
  const [rows] = await Promise.all([asked, m.batch?.flush(serial)]);
  return rows;
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
    const out = (await pass(tx, allowed, { ...m, batch: new Batch() }, user, ctx)).map((rows, i) => ({
      spec: allowed[i]!,
      rows,
    }));
    // typos: a second pass by trigram similarity, only when the words as typed found nothing
    // at all (a misspelt word finds nothing as typed), so a query that finds is one pass
    const total = out.reduce((n, x) => n + x.rows.length, 0);
    if (total === 0 && m.number === null && m.tokens.some((t) => t.length >= 3)) {
      await setThreshold(tx, TYPO_THRESHOLD);
      fuzzy = true;
      const typos = await pass(tx, allowed, { ...m, fuzzy: true, batch: new Batch() }, user, ctx);
      out.forEach((x, i) => {
        x.rows = mergeByScore(x.rows, typos[i]!, m.limit);
      });
    }
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
