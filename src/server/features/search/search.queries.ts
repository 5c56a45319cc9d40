import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client';

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
  /** The second pass, for typos: words by trigram similarity instead of as substrings. */
  fuzzy: boolean;
  /** Where the small tables' lookups of this pass gather, to run as one statement. */
  batch?: Batch;
}

/**
 * The small tables' lookups of one pass (customers, products, stores, routes, crew, users,
 * roles) gathered into one statement, each kind's rows a JSON array column: a round trip and
 * a plan instead of up to seven (planning, not execution, was most of their cost).
 */
export class Batch {
  private parts: Array<{ query: SQL; resolve: (rows: unknown[]) => void; reject: (e: unknown) => void }> = [];

  add<Row>(query: SQL): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      this.parts.push({ query, resolve: resolve as (rows: unknown[]) => void, reject });
    });
  }

  /** Runs what was gathered (call once every kind of the pass has asked). */
  async flush(db: Executor): Promise<void> {
    const parts = this.parts;
    this.parts = [];
    if (parts.length === 0) return;
    try {
      const columns = parts.map(
        (p, i) => sql`(select coalesce(json_agg(x), '[]'::json) from (${p.query}) x) as ${sql.raw(`k${i}`)}`,
      );
      const res = await db.execute<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
      const row = res.rows[0]!;
      parts.forEach((p, i) => {
        const value = row[`k${i}`];
        p.resolve((typeof value === 'string' ? JSON.parse(value) : value) as unknown[]);
      });
    } catch (e) {
      for (const p of parts) p.reject(e);
      throw e;
    }
  }
}

/** What every kind answers; extra columns feed the title, subtitle and path. */
export type FoundRow = {
  id: number;
  score: number;
};

/**
 * `doc` (a folded expression, the same text as a trigram index where one exists) holds every
 * word as a substring (words and prefixes; the index's LIKE support). In the fuzzy pass (see
 * search.service.ts), every word of 3 letters or more is instead within trigram word similarity
 * of some stretch of it (typos: `<%`, threshold set per transaction); all the words' conditions
 * go to one index scan, whose candidates are the rows close to every word.
 */
export function matches(doc: SQL, m: Match): SQL {
  // a number finds things by their number (and plates that hold it), not street numbers
  if (m.number !== null) return sql`false`;
  const words = m.tokens.map((t) =>
    m.fuzzy && t.length >= 3 ? sql`${t} <% ${doc}` : sql`${doc} like ${`%${t}%`}`,
  );
  return sql`(${sql.join(words, sql` and `)})`;
}

/**
 * Best match first. Words as typed: the text that starts with the query, then one with a word
 * that does, shorter texts first (cheap: no similarity over thousands of "Negombo" rows). Typos
 * (fuzzy pass): trigram word similarity (0.4-1), below the words found as typed.
 */
export function score(doc: SQL, m: Match): SQL {
  const bonus = sql`case when ${doc} like ${`${m.folded}%`} then 0.3 when ${doc} like ${`% ${m.folded}%`} then 0.2 else 0 end`;
  return m.fuzzy
    ? sql`(word_similarity(${m.folded}, ${doc}) * 0.8 + ${bonus})::float8`
    : sql`(1 + ${bonus} - least(length(${doc}), 200) / 1000.0)::float8`;
}

/**
 * At most this many matching rows of one table are ranked: a word in thousands of rows (a city,
 * a common surname) ranks the first found, so the cost stays flat (docs/decisions/0028).
 */
export const CANDIDATES = 200;

/** The exact-id score: above any text match. */
export const EXACT = 3;

export const fold = (expr: string) => sql.raw(`search_fold(${expr})`);

/** Applies the similarity threshold of the current transaction (pg_trgm's default 0.6 misses "slva"). */
export async function setThreshold(db: Executor, threshold: number): Promise<void> {
  await db.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
}

const byId = (m: Match, column: string) =>
  m.number === null ? sql`false` : sql`${sql.raw(column)} = ${m.number}`;

/** One table (and its joins) found by id or by the folded text `doc`; `columns` name what is shown. */
async function findIn<Row extends FoundRow>(
  db: Executor,
  m: Match,
  q: { id: string; columns: SQL; from: SQL; doc: SQL; where?: SQL },
): Promise<Row[]> {
  const query = sql`
    select x.*, case when x.exact_ then ${EXACT}::float8 else ${score(sql`x.doc_`, m)} end as score
      from (select ${sql.raw(q.id)} as id, ${q.columns}, ${q.doc} as doc_, ${byId(m, q.id)} as exact_
              from ${q.from}
             where ${q.where ?? sql`true`} and (${byId(m, q.id)} or ${matches(q.doc, m)})
             limit ${CANDIDATES}) x
     order by score desc, x.id limit ${m.limit}`;
  if (!m.batch) return (await db.execute<Row>(query)).rows;
  // JSON arrays keep their order in practice; sorted again so that nothing depends on it
  const rows = await m.batch.add<Row>(query);
  return rows.sort((a, b) => Number(b.score) - Number(a.score) || Number(a.id) - Number(b.id));
}

export type CustomerRow = FoundRow & { name: string; type: string; address: string; city: string };
const customersOf = new WeakMap<Match, Promise<CustomerRow[]>>();
/** Customers by name or address; asked once per match (the orders kind reaches orders through them). */
export function findCustomers(db: Executor, m: Match): Promise<CustomerRow[]> {
  let found = customersOf.get(m);
  if (!found) {
    found = queryCustomers(db, m);
    customersOf.set(m, found);
  }
  return found;
}
const queryCustomers = (db: Executor, m: Match) =>
  findIn<CustomerRow>(db, m, {
    id: 'customer_id',
    columns: sql`name, type, address, city`,
    from: sql`customers`,
    doc: sql`search_text`,
  });

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
export async function findTrucks(db: Executor, m: Match): Promise<TruckRow[]> {
  const doc = fold('t.plate_number');
  // plates are compared without their separators too: "cab1234" finds "CAB-1234"
  const compact = sql`regexp_replace(${doc}, '[^a-z0-9]', '', 'g')`;
  const res = await db.execute<TruckRow>(sql`
    select t.truck_id as id, t.plate_number, t.status, c.name as city,
           case when ${compact} = ${m.compact} then ${EXACT}::float8
                else greatest(${score(doc, m)}, similarity(${m.compact}, ${compact})::float8) end as score
      from trucks t join stores s on s.store_id = t.store_id join cities c on c.city_id = s.city_id
     where ${matches(doc, m)} or ${compact} like ${`%${m.compact}%`} or ${m.compact} % ${compact}
     order by score desc, t.plate_number limit ${m.limit}`);
  return res.rows;
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
  });
