import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';
import { literalCount, prepared, preparedSearch } from '#server/db/prepared';

/** A query prepared for matching: folded words (src/shared/search-fold.ts), and a number when it is one. */
export interface Match {
  /** The folded words joined by one space: the trigram side of the match. */
  folded: string;
  tokens: string[];
  /** `4512` or `#4512`: an id to look up directly. */
  number: number | null;
  /** The words without separators (plates: `wp cab 1234` finds `WP-CAB-1234`). */
  compact: string;
  limit: number;
  /** The typo pass: each word, or a dictionary word close to it (`words`), instead of the word alone. */
  fuzzy: boolean;
  /**
   * The typo pass's words per query word: the word itself first (weight 1), then the dictionary
   * words close to it with their trigram word similarity (search_words_near, migration 0018).
   */
  words?: Alternative[][];
  /** The typo pass's query as the best corrections spell it (the ranking's "starts with" bonus). */
  phrase?: string;
  /** Where every lookup of this pass gathers, to run as one statement. */
  batch?: Batch;
}

/**
 * Trigram word similarity from which a text counts as a typo of the query: "slva" is 0.4 from
 * "silva", pg_trgm's default (0.6) would miss it; below 0.4 unrelated words start to match.
 * Compared explicitly (`word_similarity(...) >= 0.4`, not `<%`): a pass is one statement outside
 * any transaction, so no setting of an earlier statement holds for it.
 */
export const TYPO_THRESHOLD = 0.4;

export interface Alternative {
  word: string;
  sim: number;
}

/** What one query word may be found as: itself, or in the typo pass also its corrections. */
export const alternatives = (m: Match, i: number): Alternative[] =>
  (m.fuzzy && m.words?.[i]) || [{ word: m.tokens[i]!, sim: 1 }];

/** `doc` holds one of the words as a substring (the trigram index's LIKE support, OR-ed). */
function holdsAny(doc: SQL, words: readonly Alternative[]): SQL {
  const likes = words.map((a) => sql`${doc} like ${`%${a.word}%`}`);
  return likes.length === 1 ? likes[0]! : sql`(${sql.join(likes, sql` or `)})`;
}

/** How well `doc` holds query word i: 1 as typed, else the similarity of the correction it holds. */
function weight(doc: SQL, m: Match, i: number): SQL {
  const cases = alternatives(m, i).map((a) => sql`when ${doc} like ${`%${a.word}%`} then ${a.sim}::float8`);
  return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/** A dictionary word close to each word of the query (search_words_near, migration 0018). */
export interface Near {
  /** Some dictionary word holds the query word as typed (or it is shorter than 3 letters). */
  known: boolean;
  words: string[];
  sims: number[];
}

/** How the query's words are looked up in the dictionary (search_words_near's arguments). */
export interface NearOptions {
  threshold: number;
  max: number;
  /** Corrections of every word (else only of the words no dictionary word holds). */
  everyWord: boolean;
}

/**
 * The dictionary lookup of the query's words (a few index lookups on the dictionary, its plans
 * kept by PL/pgSQL) as one JSON value: whether each word is held by a dictionary word, and the
 * corrections of those that are not (`everyWord`: of all), in the words' order. Read by
 * `toNear`: a statement of its own (nearWords), or a column of a crew member's first pass.
 */
const nearQuery = (tokens: readonly string[], options: NearOptions) =>
  sql`(select json_agg(json_build_object('known', r.known, 'words', r.words, 'sims', r.sims) order by r.n)
         from search_words_near(${pgTextArray(tokens)}::text[], ${options.threshold}::float8,
                                ${options.max}::int, ${options.everyWord}) with ordinality as r(known, words, sims, n))`;

/** nearQuery's value as the driver hands it (parsed JSON from pg, its text from PGlite). */
function toNear(value: unknown): Near[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{
    known: boolean;
    words: string[] | null;
    sims: number[] | null;
  }> | null;
  return (rows ?? []).map((r) => ({
    known: r.known,
    words: r.words ?? [],
    sims: (r.sims ?? []).map(Number),
  }));
}

/** Looks the query's words up in the word dictionary, in a statement of its own (nearQuery). */
export async function nearWords(
  db: Executor,
  tokens: readonly string[],
  options: NearOptions,
): Promise<Near[]> {
  const res = await db.execute<{ near: unknown }>(
    prepared(sql`select ${nearQuery(tokens, options)} as near`),
  );
  return toNear(res.rows[0]?.near);
}

/** Words as one text[] parameter (a PostgreSQL array literal; query words are letters and digits). */
const pgTextArray = (words: readonly string[]) => `{${JSON.stringify(words).slice(1, -1)}}`;
/** How a lookup may be planned (see Batch). */
export type Plan = 'generic' | 'custom';

/**
 * Every lookup of one pass (each kind's statement, the small tables' and the big ones') gathered
 * into one statement, each kind's rows a JSON array column: one round trip and one plan instead
 * of one per kind. Planning was most of a pass's cost (6-13 ms for 2-6 ms of execution), so the
 * lookups whose generic plan was checked on the 1M-order copy (`generic`) run as one prepared
 * statement (its plan kept per connection, row counts written into the text; a crew member's
 * own rows, one level since decision 0055, are prepared too, PostgreSQL keeping custom plans for
 * them where the statistics say so); the others (the ledger: its generic plan reads far more) run
 * as a second, unnamed statement beside it. Each lookup's rows keep the order its own ORDER BY gives them (json_agg
 * over a sorted subquery with nothing else at its level).
 */
export class Batch {
  private parts: Array<{
    query: SQL;
    plan: Plan;
    resolve: (rows: unknown[]) => void;
    reject: (e: unknown) => void;
  }> = [];
  private flushed = false;

  /** How many lookups wait to run. */
  get size(): number {
    return this.parts.length;
  }

  /**
   * The rows of `query` once the batch has run. If its statement fails, every promise handed out
   * for it rejects with the error; one whose caller stopped waiting (its pass failed first) is
   * no unobserved rejection (which would end the process): each promise is marked handled here,
   * and a caller awaiting it still sees the rejection.
   */
  add<Row>(query: SQL, plan: Plan = 'custom'): Promise<Row[]> {
    const rows = this.flushed
      ? Promise.reject<Row[]>(new Error('a lookup was added to a search batch after it ran'))
      : new Promise<Row[]>((resolve, reject) => {
          this.parts.push({ query, plan, resolve: resolve as (rows: unknown[]) => void, reject });
        });
    rows.catch(() => undefined);
    return rows;
  }

  /**
   * Runs what was gathered (once every kind of the pass has asked; only once). `near`: when
   * every lookup found nothing, the dictionary lookup of these words too, in the same statement
   * (a crew member's first pass: docs/decisions/0055); its answer, or null when it was not asked,
   * not needed, or the lookups are not all in one statement.
   */
  async flush(
    db: Executor,
    near?: { tokens: readonly string[]; options: NearOptions },
  ): Promise<Near[] | null> {
    const parts = this.parts;
    this.parts = [];
    this.flushed = true;
    const generic = parts.filter((p) => p.plan === 'generic');
    const custom = parts.filter((p) => p.plan === 'custom');
    const alsoNear = near && custom.length === 0 && generic.length > 0 ? near : undefined;
    let found: Near[] | null = null;
    const run = async (group: typeof parts, mark: (q: SQL) => SQL, withNear = alsoNear) => {
      if (group.length === 0) return;
      try {
        const columns = group.map(
          (p, i) =>
            sql`(select coalesce(json_agg(x), '[]'::json) from (${p.query}) x) as ${sql.raw(`k${i}`)}`,
        );
        let query = sql`select ${sql.join(columns, sql`, `)}`;
        if (withNear) {
          // the lookup is an init plan of the CASE's branch: it runs only when that branch is taken
          const none = group.map((_, i) => sql`json_array_length(b.${sql.raw(`k${i}`)}) = 0`);
          query = sql`select b.*, case when ${sql.join(none, sql` and `)}
                                       then ${nearQuery(withNear.tokens, withNear.options)} end as near
                        from (${query} offset 0) b`;
        }
        const res = await db.execute<Record<string, unknown>>(mark(query));
        const row = res.rows[0]!;
        if (withNear && row.near !== null && row.near !== undefined) found = toNear(row.near);
        group.forEach((p, i) => {
          const value = row[`k${i}`];
          p.resolve((typeof value === 'string' ? JSON.parse(value) : value) as unknown[]);
        });
      } catch (e) {
        for (const p of group) p.reject(e);
        throw e;
      }
    };
    // side by side, each on a pooled connection of its own (no transaction: decision 0046)
    const done = await Promise.allSettled([run(generic, preparedSearch), run(custom, (q) => q, undefined)]);
    for (const d of done) if (d.status === 'rejected') throw d.reason;
    return found;
  }
}

/**
 * A lookup's rows: gathered in the pass's batch when there is one, else a statement of its own.
 * `plan`: 'generic' only where the generic plan was checked against skewed values.
 */
export function lookUp<Row>(db: Executor, m: Match, query: SQL, plan: Plan = 'custom'): Promise<Row[]> {
  if (m.batch) return m.batch.add<Row>(query, plan);
  return db.execute<Record<string, unknown>>(query).then((res) => res.rows as Row[]);
}

/** What every kind answers; extra columns feed the title, subtitle and path. */
export type FoundRow = {
  id: number;
  score: number;
};

/**
 * `doc` (a folded expression, the same text as a trigram index where one exists) holds every
 * word as a substring (words and prefixes; the index's LIKE support). In the typo pass (see
 * search.service.ts) a word may instead be one of its corrections from the word dictionary, so
 * the conditions stay LIKEs on the trigram index, whatever the table's size.
 */
export function matches(doc: SQL, m: Match): SQL {
  // a number finds things by their number (and plates that hold it), not street numbers
  if (m.number !== null) return sql`false`;
  const words = m.tokens.map((_, i) => holdsAny(doc, alternatives(m, i)));
  return sql`(${sql.join(words, sql` and `)})`;
}

/**
 * `matches`, and in the typo pass also every word of 3 letters or more within trigram word
 * similarity (TYPO_THRESHOLD) of some stretch of `doc`: for texts the
 * dictionary does not hold (order addresses), read only over a caller's own few rows.
 */
export function matchesLoosely(doc: SQL, m: Match): SQL {
  if (m.number !== null) return sql`false`;
  const words = m.tokens.map((_, i) => holdsWord(doc, m, i, true));
  return sql`(${sql.join(words, sql` and `)})`;
}

/** Query word i alone: as `matches` (or, `loose`, `matchesLoosely`) takes each word. */
export function holdsWord(doc: SQL, m: Match, i: number, loose = false): SQL {
  const t = m.tokens[i]!;
  const held = holdsAny(doc, alternatives(m, i));
  return loose && m.fuzzy && t.length >= 3
    ? sql`(${held} or word_similarity(${t}, ${doc}) >= ${TYPO_THRESHOLD}::float8)`
    : held;
}

/**
 * Best match first. Words as typed: the text that starts with the query, then one with a word
 * that does, shorter texts first (cheap: no similarity over thousands of "Negombo" rows). Typos
 * (fuzzy pass): 0.8 x how well the words are held (1 as typed, a correction's similarity), below
 * the words found as typed; `loose` texts (matchesLoosely) by trigram word similarity instead.
 */
export function score(doc: SQL, m: Match, loose = false): SQL {
  const phrase = m.fuzzy ? (m.phrase ?? m.folded) : m.folded;
  const bonus = sql`case when ${doc} like ${`${phrase}%`} then 0.3 when ${doc} like ${`% ${phrase}%`} then 0.2 else 0 end`;
  const short = sql`least(length(${doc}), 200) / 1000.0`;
  if (!m.fuzzy) return sql`(1 + ${bonus} - ${short})::float8`;
  if (loose) return sql`(word_similarity(${m.folded}, ${doc}) * 0.8 + ${bonus})::float8`;
  const held = sql.join(
    m.tokens.map((_, i) => weight(doc, m, i)),
    sql` + `,
  );
  return sql`(0.8 * (${held}) / ${m.tokens.length} + ${bonus} - ${short})::float8`;
}

/**
 * At most this many matching rows of one table are ranked: a word in thousands of rows (a city,
 * a common surname) ranks the first found, so the cost stays flat (docs/decisions/0028).
 */
export const CANDIDATES = 200;

/** The exact-id score: above any text match. */
export const EXACT = 3;

export const fold = (expr: string) => sql.raw(`search_fold(${expr})`);

const byId = (m: Match, column: string) =>
  m.number === null ? sql`false` : sql`${sql.raw(column)} = ${m.number}`;

/** One table (and its joins) found by id or by the folded text `doc`; `columns` name what is shown. */
function findInQuery(m: Match, q: { id: string; columns: SQL; from: SQL; doc: SQL; where?: SQL }): SQL {
  return sql`
    select x.*, case when x.exact_ then ${EXACT}::float8 else ${score(sql`x.doc_`, m)} end as score
      from (select ${sql.raw(q.id)} as id, ${q.columns}, ${q.doc} as doc_, ${byId(m, q.id)} as exact_
              from ${q.from}
             where ${q.where ?? sql`true`} and (${byId(m, q.id)} or ${matches(q.doc, m)})
             limit ${literalCount(CANDIDATES)}) x
     order by score desc, x.id limit ${literalCount(m.limit)}`;
}

function findIn<Row extends FoundRow>(
  db: Executor,
  m: Match,
  q: { id: string; columns: SQL; from: SQL; doc: SQL; where?: SQL },
): Promise<Row[]> {
  return lookUp<Row>(db, m, findInQuery(m, q), 'generic');
}

export type CustomerRow = FoundRow & { name: string; type: string; address: string; city: string };
const customersLookup = {
  id: 'customer_id',
  columns: sql`name, type, address, city`,
  from: sql`customers`,
  doc: sql`search_text`,
};
/** Customers by name or address. */
export const findCustomers = (db: Executor, m: Match) => findIn<CustomerRow>(db, m, customersLookup);
/** The customers kind's query (best first): the orders kind reaches orders through it. */
export const customersQuery = (m: Match) => findInQuery(m, customersLookup);

export type ProductRow = FoundRow & { name: string; category: string; available_units: number };
export const findProducts = (db: Executor, m: Match) =>
  findIn<ProductRow>(db, m, {
    id: 'product_id',
    columns: sql`name, category, available_units`,
    from: sql`products`,
    doc: sql`search_text`,
  });

export type StoreRow = FoundRow & { city: string; address: string; near_station_name: string };
export const findStores = (db: Executor, m: Match) =>
  findIn<StoreRow>(db, m, {
    id: 's.store_id',
    columns: sql`c.name as city, s.address, s.near_station_name`,
    from: sql`stores s join cities c on c.city_id = s.city_id`,
    doc: fold(`c.name || ' ' || s.address || ' ' || s.near_station_name`),
  });

export type TruckRow = FoundRow & { plate_number: string; status: string; city: string };
export function findTrucks(db: Executor, m: Match): Promise<TruckRow[]> {
  const doc = fold('t.plate_number');
  // plates are compared without their separators too: "cab1234" finds "CAB-1234"
  const compact = sql`regexp_replace(${doc}, '[^a-z0-9]', '', 'g')`;
  return lookUp<TruckRow>(
    db,
    m,
    sql`
    select t.truck_id as id, t.plate_number, t.status, c.name as city,
           case when ${compact} = ${m.compact} then ${EXACT}::float8
                else greatest(${score(doc, m)}, similarity(${m.compact}, ${compact})::float8) end as score
      from trucks t join stores s on s.store_id = t.store_id join cities c on c.city_id = s.city_id
     where ${matches(doc, m)} or ${compact} like ${`%${m.compact}%`} or ${m.compact} % ${compact}
     order by score desc, t.plate_number limit ${literalCount(m.limit)}`,
    'generic',
  );
}

export type RouteRow = FoundRow & { name: string; end_location: string; towns: string; city: string };
export const findRoutes = (db: Executor, m: Match) =>
  findIn<RouteRow>(db, m, {
    id: 'r.route_id',
    columns: sql`r.name, r.end_location, array_to_string(r.covered_towns, ', ') as towns, c.name as city`,
    from: sql`routes r join stores s on s.store_id = r.store_id join cities c on c.city_id = s.city_id`,
    doc: fold(`r.name || ' ' || r.end_location || ' ' || array_to_string(r.covered_towns, ' ')`),
  });

export type EmployeeRow = FoundRow & { name: string; type: string; city: string | null; is_active: boolean };
/** Employees, of the given types only (null: all). */
export const findEmployees = (db: Executor, m: Match, types: readonly string[] | null) =>
  findIn<EmployeeRow>(db, m, {
    id: 'e.employee_id',
    columns: sql`e.first_name || ' ' || e.last_name as name, e.type, c.name as city, e.is_active`,
    from: sql`employees e left join stores s on s.store_id = e.store_id left join cities c on c.city_id = s.city_id`,
    doc: sql`e.search_text`,
    where: types
      ? sql`e.type in (${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : undefined,
  });

export type UserRow = FoundRow & { user_name: string; email: string; role: string };
export const findUsers = (db: Executor, m: Match) =>
  findIn<UserRow>(db, m, {
    id: 'u.user_id',
    columns: sql`u.user_name, u.email, r.role_name as role`,
    from: sql`users u join roles r on r.role_id = u.role_id`,
    doc: sql`u.search_text`,
  });

export type RoleRow = FoundRow & { role_name: string; access_rights: string; user_count: number };
export const findRoles = (db: Executor, m: Match) =>
  findIn<RoleRow>(db, m, {
    id: 'r.role_id',
    columns: sql`r.role_name, r.access_rights,
                 (select count(*) from users u where u.role_id = r.role_id)::int as user_count`,
    from: sql`roles r`,
    doc: fold(`r.role_name || ' ' || r.access_rights`),
    // a retired role (migrations/0033) is kept for its deleted users' history only
    where: sql`r.deleted_at is null`,
  });
