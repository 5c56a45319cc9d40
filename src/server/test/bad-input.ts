/**
 * Generators of bad input for any route of the app's route table (fast-check), for
 * src/server/bad-input.property.test.ts. A case is one request: a route's valid input with one
 * defect put in (a wrong value, a field left out or added, a body that cannot be read, a wrong
 * content type, a body too large). Each case says whether the route's own schemas refuse it
 * (`refused`: the answer must be a 4xx and nothing may be written) or it may be valid (an extra
 * field, SQL in a name: the answer may be a 2xx, never a 5xx).
 */
import fc from 'fast-check';
import { type ZodType, z } from 'zod';
import type { DeclaredRoute } from '../http/authenticate';
import { DEFAULT_CONSUMES } from '../http/content-types';
import { findNul } from '../http/validation';
import { fields, objectKeys, unwrap, withLeaf } from './schema-walk';

/** A route with a valid input, sent as a user its permission allows. */
export interface RouteInput {
  route: DeclaredRoute;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The valid body; undefined when the route takes none. */
  body: unknown;
  /** The body goes form-encoded (the sign-in form), else JSON. */
  form: boolean;
  auth: Record<string, string>;
  /** MAX_BODY_BYTES of the app: a body one byte larger is refused. */
  maxBodyBytes: number;
}

export interface Case {
  kind: string;
  /** What the defect is, short (no huge values): printed with a failure. */
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The route's schemas refuse it (or the body cannot be read): 4xx, nothing written. */
  refused: boolean;
}

/** A number written into JSON as it is (1e400, 30 digits), which JSON.stringify cannot do. */
class RawNumber {
  constructor(readonly text: string) {}
}

const short = (value: unknown): string => {
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'string')
    return value.length > 40 ? `'${value.slice(0, 12)}...' (${value.length} chars)` : JSON.stringify(value);
  if (value instanceof Uint8Array) return `bytes[${value.length}]`;
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 60 ? `${text.slice(0, 40)}... (${text.length} chars)` : text;
  } catch {
    return String(value);
  }
};

/** JSON text of a value whose leaves may be RawNumber. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? '').replace(/"@@raw(\d+)@@"/g, (_, i: string) => raws[Number(i)]!);
}

// ---------------------------------------------------------------------------------------------
// values

const SQL_HTML = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(10)',
  "Robert'); DELETE FROM users;--",
  '\\',
  "%' AND '%'='",
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}\u0024{7*7}',
  '../../etc/passwd',
  '\u202Egnp.exe',
  '\r\nSet-Cookie: a=1',
];
export const sqlHtml = fc.constantFrom(...SQL_HTML);
const nulString = fc
  .tuple(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const loneSurrogate = fc.constantFrom('\ud800', 'a\udfffb', '\udc00\ud800', 'x\ud83d');
/** Long strings, cheap to build: past every field's limit, under the body limit. */
const hugeString = fc
  .tuple(fc.integer({ min: 201, max: 300_000 }), fc.constantFrom('a', 'é', '🚚', "'", '<'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));
const DATES = [
  '1970-01-01',
  '0001-01-01',
  '1899-12-31',
  '1999-12-31',
  '2000-02-30',
  '2025-13-01',
  '99999-01-01',
  '+099999-01-01T00:00:00Z',
  '99999-12-31T23:59:59Z',
  '1969-12-31T23:59:59Z',
  '1999-12-31T23:59:59+05:30',
  '2030-01-01T25:00:00Z',
  '2030-01-01T10:00:00',
  '0000-00-00',
  'now',
  'yesterday',
];
export const dates = fc.constantFrom(...DATES);
const NUMBERS = [
  2 ** 31 - 1,
  2 ** 31,
  2 ** 31 + 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  1e-300,
  -1,
  -0.5,
  0.5,
  0.001,
  1.5,
  0,
  99_999_999.999,
];
const rawNumbers = fc
  .constantFrom('1e400', '-1e400', '123456789012345678901234567890', '1e-400', '-0', '1E2', '0.1e1')
  .map((text) => new RawNumber(text));
export const numbers = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  rawNumbers,
);
const wrongTypes = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, '', '1', 'null', 'true'),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { minKeys: 1, maxKeys: 2 }),
  fc.string({ maxLength: 12 }),
);

/** A bad value for any field of a JSON body: every kind, the field's schema decides. */
export const badJsonValue = fc.oneof(
  { arbitrary: wrongTypes, weight: 3 },
  { arbitrary: numbers, weight: 3 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: dates, weight: 2 },
  { arbitrary: sqlHtml, weight: 2 },
  { arbitrary: nulString, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
);

const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** A bad id or number written in a path or query string. */
export const badIdString = fc
  .oneof(
    fc.bigInt({ min: 2n ** 31n - 1n, max: 2n ** 70n }).map(String),
    fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
    fc.constantFrom(
      '1.5',
      '0.5',
      '-1',
      '1e3',
      '1E3',
      '0x1F',
      '+1',
      ' 1',
      '1 ',
      '01',
      '٣',
      '１',
      'NaN',
      'Infinity',
      'null',
      'undefined',
      'true',
      '[]',
      '{}',
      '1,2',
      '1;2',
    ),
    fc.double({ noNaN: true }).map(String),
    sqlHtml,
    dates,
    nulString,
    fc.string({ minLength: 1, maxLength: 20 }),
    fc.integer({ min: 101, max: 5000 }).map((n) => '9'.repeat(n)),
  )
  .filter((s) => s.length > 0 && !/^\.+$/.test(s) && isWellFormed(s));

/** A bad value of a query parameter: one of the above, or the key repeated (an array). */
const badQueryValue = fc.oneof(
  { arbitrary: badIdString, weight: 4 },
  { arbitrary: fc.constantFrom('', 'json', 'csv', 'pdf', 'xlsx', 'Pending', 'pending'), weight: 1 },
  {
    arbitrary: fc.array(fc.string({ minLength: 1, maxLength: 6 }).filter(isWellFormed), {
      minLength: 2,
      maxLength: 3,
    }),
    weight: 1,
  },
);

/** Byte sequences that are not UTF-8: a lone byte, an overlong form, a surrogate, too long. */
const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc3],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0x80],
  [0xf4, 0x90, 0x80, 0x80],
];

// ---------------------------------------------------------------------------------------------
// requests

const fails = (schema: unknown, value: unknown) => !!schema && !(schema as ZodType).safeParse(value).success;

/** Whether the route's schemas (and the NUL rule every route has) refuse this input. */
export function schemasRefuse(
  route: DeclaredRoute,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
  body: unknown,
): boolean {
  // the NUL rule runs with a part's validation: a route without a query schema ignores its
  // query string (and the parser drops a `__proto__` key: it cannot be an own key of the result)
  query = Object.fromEntries(Object.entries(query).filter(([key]) => key !== '__proto__'));
  if (findNul(params) !== undefined) return true;
  if (route.schema.querystring && findNul(query) !== undefined) return true;
  if (route.schema.body && body !== undefined && findNul(body) !== undefined) return true;
  return (
    fails(route.schema.params, params) ||
    fails(route.schema.querystring, query) ||
    fails(route.schema.body, body)
  );
}

function urlOf(input: RouteInput, params: Record<string, string>, query: Record<string, unknown>) {
  const path = input.route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (v) => `${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`,
    ),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** A form-encoded body and what the server reads from it (every value a string). */
function formOf(body: unknown): { text: string; read: Record<string, string | string[]> } {
  const read: Record<string, string | string[]> = {};
  const pairs: string[] = [];
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    const values = (Array.isArray(value) ? value : [value]).map((v) =>
      v instanceof RawNumber ? v.text : typeof v === 'object' ? JSON.stringify(v) : String(v),
    );
    if (!values.every(isWellFormed)) continue;
    read[key] = values.length === 1 ? values[0]! : values;
    for (const v of values) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(v)}`);
  }
  return { text: pairs.join('&'), read };
}

interface Parts {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** A body value (JSON or form); `undefined` keeps the valid one. */
  body?: { value: unknown };
}

/** A request with the valid input changed as `parts` says, classified by the route's schemas. */
function build(input: RouteInput, kind: string, what: string, parts: Parts, forceRefused = false): Case {
  const params = parts.params ?? input.params;
  const query = parts.query ?? input.query;
  const headers: Record<string, string> = { ...input.auth };
  let payload: string | undefined;
  let read: unknown;
  const value = parts.body ? parts.body.value : input.body;
  if (value !== undefined) {
    if (input.form) {
      const form = formOf(value);
      payload = form.text;
      read = form.read;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      payload = toJson(value);
      read = JSON.parse(payload);
      headers['content-type'] = 'application/json';
    }
  }
  const refused =
    forceRefused || schemasRefuse(input.route, params, query, input.route.schema.body ? read : undefined);
  return {
    kind,
    what,
    method: input.route.method,
    url: urlOf(input, params, query),
    headers,
    payload,
    refused,
  };
}

/** The body of the route sent as it would be (JSON text or form), for byte-level changes. */
function bodyText(input: RouteInput): string {
  if (input.body === undefined) return '{}';
  return input.form ? formOf(input.body).text : toJson(input.body);
}

function withoutLeaf(value: unknown, path: Array<string | number>): unknown {
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, i) => i !== path[0]);
    const copy = { ...(value as Record<string, unknown>) };
    delete copy[path[0]!];
    return copy;
  }
  const [head, ...rest] = path;
  const container = value as Record<string | number, unknown>;
  if (container?.[head!] === undefined) return value;
  return withLeaf(value, [head!], withoutLeaf(container[head!], rest));
}

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'role',
  'role_id',
  'customer_id',
  'user_id',
  'is_admin',
  'status',
  'deleted_at',
  'performed_by',
  'available_units',
];

const EDGE_ARRAY = Symbol('array edge');

/** An array edge (see edgeValues) made from the array in the valid input, or the value itself. */
function edgeOf(edge: unknown, current: unknown): unknown {
  if (typeof edge !== 'object' || edge === null || !(EDGE_ARRAY in edge)) return edge;
  const { [EDGE_ARRAY]: how, max } = edge as { [EDGE_ARRAY]: string; max?: number };
  const first = Array.isArray(current) ? current[0] : undefined;
  if (first === undefined) return current;
  return Array.from({ length: how === 'twice' ? 2 : Math.min(max ?? 1000, 10_000) }, () => first);
}

/** The field at `path` of a value. */
function valueAt(value: unknown, path: Array<string | number>): unknown {
  return path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value);
}

/** The schema of the field at `path` (array elements as index 0; a union by its first option). */
function schemaAt(schema: unknown, path: Array<string | number>): unknown {
  let current = schema;
  for (const key of path) {
    let inner = unwrap(current);
    if (inner?._zod.def.type === 'union') inner = unwrap((inner._zod.def.options as unknown[])[0]);
    const def = inner?._zod.def;
    if (def?.type === 'object') current = (def.shape as Record<string, unknown>)[key as string];
    else if (def?.type === 'array') current = def.element;
    else return undefined;
  }
  return current;
}

/** The edges a field's schema allows: its bounds, and its longest text (in 1, 2 and 4 UTF-8 bytes). */
function edgeValues(schema: unknown): unknown[] {
  let inner = unwrap(schema);
  if (inner?._zod.def.type === 'union') inner = unwrap((inner._zod.def.options as unknown[])[0]);
  if (!inner) return [];
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(inner as unknown as ZodType, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
  } catch {
    return [];
  }
  if (json.type === 'number' || json.type === 'integer') {
    return ['maximum', 'minimum'].map((k) => json[k]).filter((v) => typeof v === 'number');
  }
  if (json.type === 'array') {
    // the list's own first element twice (a duplicate), and as long as allowed
    return ['twice', 'longest'].map((how) => ({ [EDGE_ARRAY]: how, max: json.maxItems }));
  }
  if (json.type === 'string' && typeof json.maxLength === 'number') {
    const n = json.maxLength;
    return ['x'.repeat(n), 'é'.repeat(n), '🚚'.repeat(Math.floor(n / 2)), "'".repeat(n)];
  }
  return [];
}

const hasBody = (method: string) => !['GET', 'DELETE', 'HEAD', 'OPTIONS'].includes(method);

/**
 * Every kind of bad input the route can take, as one arbitrary: `sure` cases carry a defect the
 * route must refuse (most of them; which ones the schemas refuse is decided per case), `maybe`
 * cases may be valid (an extra field, SQL or HTML in a text, an id that merely does not exist).
 */
export function caseArbitrary(input: RouteInput, mode: 'sure' | 'maybe'): fc.Arbitrary<Case> {
  const { route } = input;
  const kinds: Array<fc.Arbitrary<Case>> = [];
  // a wrong value in a body field is the commonest bad input: it gets more of the cases
  const weighted: Array<{ arbitrary: fc.Arbitrary<Case>; weight: number }> = [];
  const paramNames = Object.keys(input.params);
  const queryKeys = objectKeys(route.schema.querystring);
  const bodyFields = route.schema.body && input.body !== undefined ? fields(route.schema.body) : [];
  const takesBody = hasBody(route.method);
  const consumes: readonly string[] = route.schema.consumes ?? DEFAULT_CONSUMES;

  if (paramNames.length > 0) {
    const value =
      mode === 'sure'
        ? badIdString
        : fc.oneof(
            fc.constantFrom('2147483647', '999999', '1'),
            fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
          );
    kinds.push(
      fc
        .tuple(fc.constantFrom(...paramNames), value)
        .map(([name, v]) =>
          build(input, 'param', `params.${name}=${short(v)}`, { params: { ...input.params, [name]: v } }),
        ),
    );
  }
  if (queryKeys.length > 0) {
    const value =
      mode === 'sure'
        ? badQueryValue
        : fc.oneof(
            sqlHtml,
            fc.string({ maxLength: 30 }).filter(isWellFormed),
            fc.constantFrom('1', '100', '1000000', '2147483647', '2000-01-01', '2099-12-31', 'csv', 'pdf'),
          );
    kinds.push(
      fc
        .tuple(fc.constantFrom(...queryKeys), value)
        .map(([key, v]) =>
          build(input, 'query', `query.${key}=${short(v)}`, { query: { ...input.query, [key]: v } }),
        ),
    );
  }
  if (route.schema.querystring || mode === 'maybe') {
    // a key the route does not know
    kinds.push(
      fc
        .tuple(fc.constantFrom(...EXTRA_KEYS, 'x', 'page[size]', 'a.b'), badQueryValue)
        .map(([key, v]) =>
          build(input, 'query-extra', `query.${key}=${short(v)}`, { query: { ...input.query, [key]: v } }),
        ),
    );
  }
  if (bodyFields.length > 0) {
    const paths = fc.constantFrom(...bodyFields);
    if (mode === 'sure') {
      weighted.push({
        weight: 6,
        arbitrary: fc.tuple(paths, badJsonValue).map(([field, v]) =>
          build(input, 'field', `${field.path.join('.')}=${short(v)}`, {
            body: { value: withLeaf(input.body, field.path, v) },
          }),
        ),
      });
      weighted.push({
        weight: 2,
        arbitrary: paths.map((field) =>
          build(input, 'missing', `${field.path.join('.')} left out`, {
            body: { value: withoutLeaf(input.body, field.path) },
          }),
        ),
      });
    } else {
      // texts a field may well take, and any value (past dates, numbers the schema allows)
      const value = fc.oneof(
        sqlHtml,
        loneSurrogate,
        fc.string({ maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        badJsonValue,
      );
      kinds.push(
        fc.tuple(paths, value).map(([field, v]) =>
          build(input, 'field', `${field.path.join('.')}=${short(v)}`, {
            body: { value: withLeaf(input.body, field.path, v) },
          }),
        ),
      );
      // each field at the edges its schema allows: the largest number, the longest text
      const edges = bodyFields.flatMap((field) =>
        edgeValues(schemaAt(route.schema.body, field.path)).map((v) => [field, v] as const),
      );
      if (edges.length > 0) {
        kinds.push(
          fc.constantFrom(...edges).map(([field, edge]) => {
            const v = edgeOf(edge, valueAt(input.body, field.path));
            return build(input, 'edge', `${field.path.join('.')}=${short(v)}`, {
              body: { value: withLeaf(input.body, field.path, v) },
            });
          }),
        );
      }
    }
  }
  if (takesBody && !input.form && mode === 'maybe') {
    // a field the route does not know, at the top (the prototype's names too)
    kinds.push(
      fc.tuple(fc.constantFrom(...EXTRA_KEYS), badJsonValue).map(([key, v]) => {
        const base = input.body === undefined ? {} : input.body;
        const value =
          typeof base === 'object' && base !== null && !Array.isArray(base)
            ? Object.defineProperty({ ...base }, key, { value: v, enumerable: true })
            : base;
        return build(input, 'extra', `${key}=${short(v)} added`, { body: { value } });
      }),
    );
  }
  if (takesBody && mode === 'sure') {
    // the body as a whole: not an object, nested past any reason
    if (route.schema.body && !input.form) {
      kinds.push(
        fc
          .oneof(
            fc.constantFrom<unknown>(null, [], 'text', 42, true, [input.body]),
            fc.integer({ min: 100, max: 5000 }).map((depth) => ({ deep: depth })),
          )
          .map((whole) => {
            if (typeof whole === 'object' && whole !== null && 'deep' in whole) {
              const depth = (whole as { deep: number }).deep;
              const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
              return {
                ...build(input, 'whole', `body nested ${depth} deep`, {}),
                payload: text,
                refused: true,
              };
            }
            return build(input, 'whole', `body=${short(whole)}`, { body: { value: whole } });
          }),
      );
    }
    // bytes that do not read as the body: cut short, trailing garbage, random, not UTF-8
    const valid = bodyText(input);
    const type = input.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const raw = (kind: string, what: string, payload: string | Buffer, refused: boolean): Case => ({
      ...build(input, kind, what, {}),
      headers: { ...input.auth, 'content-type': type },
      payload,
      refused,
    });
    if (!input.form) {
      kinds.push(
        fc
          .nat({ max: Math.max(0, valid.length - 1) })
          .map((at) => raw('raw', `JSON cut at ${at} of ${valid.length}`, valid.slice(0, at), true)),
        fc
          .constantFrom('x', '}', ',', '{}', ' //c', "'", '\u0000')
          .map((tail) => raw('raw', `JSON then ${short(tail)}`, valid + tail, true)),
        fc
          .constantFrom("{'a': 1}", '{a: 1}', '[1,]', '{"a":1,}', 'NaN', 'undefined', '{"a":01}', '"\\x41"')
          .map((text) => raw('raw', `not JSON: ${text}`, text, true)),
        fc
          .uint8Array({ minLength: 1, maxLength: 64 })
          .filter((bytes) => {
            try {
              JSON.parse(Buffer.from(bytes).toString('utf8'));
              return false;
            } catch {
              return true;
            }
          })
          .map((bytes) => raw('raw', `random bytes[${bytes.length}]`, Buffer.from(bytes), true)),
      );
    }
    // invalid UTF-8 put into the body's text (inside a string where there is one)
    kinds.push(
      fc.tuple(fc.constantFrom(...INVALID_UTF8), fc.nat()).map(([bytes, n]) => {
        const quote = valid.indexOf('"', valid.indexOf(':'));
        const at = input.form
          ? valid.indexOf('=') + 1 || valid.length
          : quote >= 0
            ? quote + 1
            : n % (valid.length + 1);
        const payload = Buffer.concat([
          Buffer.from(valid.slice(0, at)),
          Buffer.from(bytes),
          Buffer.from(valid.slice(at)),
        ]);
        const hex = bytes.map((b) => b.toString(16)).join(' ');
        return raw('utf8', `bytes ${hex} (not UTF-8) at ${at}`, payload, true);
      }),
    );
    // content types the route does not take
    const types = [
      'text/plain',
      'text/html',
      'application/xml',
      'application/octet-stream',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      'application/jsonx',
      'image/png',
    ].filter((t) => !consumes.includes(t.split(';')[0]!));
    kinds.push(
      fc.constantFrom(...types).map((t) => ({
        ...raw('content-type', `content-type ${t}`, valid, true),
        headers: { ...input.auth, 'content-type': t },
      })),
    );
    // larger than the server takes
    kinds.push(
      fc.integer({ min: 1, max: input.maxBodyBytes }).map((extra) => {
        const size = input.maxBodyBytes + extra;
        const payload = input.form
          ? `${valid}&pad=${'a'.repeat(size)}`
          : `{"pad":"${'a'.repeat(size)}"${valid.length > 2 ? `,${valid.slice(1)}` : '}'}`;
        return raw('oversized', `body of ${payload.length} bytes`, payload, true);
      }),
    );
  }
  if (kinds.length === 0 && weighted.length === 0)
    throw new Error(`${route.method} ${route.url}: no kind of input to vary`);
  weighted.push(...kinds.map((arbitrary) => ({ arbitrary, weight: 1 })));
  return fc.oneof(...weighted).map((c) =>
    Object.defineProperty(c, fc.toStringMethod, {
      value: () =>
        `${c.kind}: ${c.what} -> ${c.method} ${c.url.length > 120 ? `${c.url.slice(0, 120)}...` : c.url}`,
    }),
  );
}
