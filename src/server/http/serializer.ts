import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** Keywords fast-json-stringify reads to write a value, or ignores; a schema using any other falls back to zod. */
const KNOWN = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'enum',
  'const',
  'anyOf',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'description',
  'title',
  'examples',
]);
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * The JSON Schema fast-json-stringify compiles for a response contract, or null when the
 * contract cannot be written that way with the same result (a transform, a default, a
 * reference, a keyword not in KNOWN): then the response goes through zod as before.
 * Nullable scalars (`anyOf: [X, {type: null}]`) become `type: [X, null]` so no branch has to
 * be chosen by validating the value.
 */
export function responseJsonSchema(schema: ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
  } catch {
    return null;
  }
  return simplify(json);
}

function simplify(node: unknown): JsonSchema | null {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KNOWN.has(key)) return null;
    if (key === 'properties') {
      const props: JsonSchema = {};
      for (const [name, child] of Object.entries(value as JsonSchema)) {
        const s = simplify(child);
        if (!s) return null;
        props[name] = s;
      }
      out.properties = props;
    } else if (key === 'items' || key === 'propertyNames') {
      const s = simplify(value);
      if (!s) return null;
      out[key] = s;
    } else if (key === 'additionalProperties' && typeof value !== 'boolean') {
      const s = simplify(value);
      if (!s) return null;
      out[key] = s;
    } else if (key === 'anyOf') {
      const branches: JsonSchema[] = [];
      for (const b of value as unknown[]) {
        const s = simplify(b);
        if (!s) return null;
        branches.push(s);
      }
      out.anyOf = branches;
    } else {
      out[key] = value;
    }
  }
  return nullableScalar(out);
}

function nullableScalar(node: JsonSchema): JsonSchema {
  const branches = node.anyOf as JsonSchema[] | undefined;
  if (!branches || branches.length !== 2 || Object.keys(node).some((k) => k !== 'anyOf' && k !== '$schema'))
    return node;
  const nullAt = branches.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
  const other = branches[1 - nullAt];
  if (nullAt < 0 || !other || typeof other.type !== 'string' || !SCALARS.has(other.type) || other.anyOf)
    return node;
  const merged: JsonSchema = { ...other, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
  if (node.$schema) merged.$schema = node.$schema;
  return merged;
}

type Serialize = (data: unknown) => string;
type Send = (data: unknown) => string | Buffer;

/**
 * A response body already written as JSON: `asciiJson` of what the route's serializer writes for
 * its value (made with `jsonWriter` of its contract, or of parts the caller joins exactly as that
 * writer would), e.g. stored that way in the database. The route's serializer sends it as one
 * buffer, each part copied once, without parsing it or writing it again (docs/decisions/0045):
 * a large string handed to Fastify would be measured, joined to the headers and encoded again
 * on the way out (about twice the CPU for a 150 KB answer). The route keeps its response schema
 * (OpenAPI, and in tests the check below, byte for byte).
 */
export class RawJson {
  readonly parts: string[];
  constructor(...parts: string[]) {
    this.parts = parts;
  }

  get text(): string {
    return this.parts.join('');
  }

  bytes(): Buffer {
    const lengths = this.parts.map((part) => Buffer.byteLength(part));
    const out = Buffer.allocUnsafe(lengths.reduce((a, b) => a + b, 0));
    let at = 0;
    this.parts.forEach((part, i) => {
      // as many bytes as characters: ASCII, a plain copy
      at += out.write(part, at, lengths[i] === part.length ? 'latin1' : 'utf8');
    });
    return out;
  }
}

const NON_ASCII = /[\u0080-\uffff]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The same JSON with every character outside ASCII written as its `\uXXXX` escape (an astral
 * character as its two surrogate escapes): the same value for any JSON reader. A large text
 * stays a one-byte string in V8 when it is read back from the database, so decoding it, taking
 * its byte length and writing it to the socket are plain copies instead of UTF-8 passes over a
 * two-byte string (about 4x cheaper for a proposal; decision 0045).
 */
export function asciiJson(text: string): string {
  return text.replace(NON_ASCII, escapeChar);
}

/**
 * The function that writes a value of `schema` as the route's serializer would: the compiled
 * fast-json-stringify writer when the schema compiles, zod + JSON.stringify otherwise.
 */
export function jsonWriter<T>(schema: ZodType<T>): (value: T) => string {
  const json = responseJsonSchema(schema);
  if (json) return fastJson(json as never) as (value: T) => string;
  return (value) => JSON.stringify(schema.parse(value));
}

/** The plain serialisation: zod parses (strips, checks) and JSON.stringify writes. */
function zodSerializer(route: Parameters<FastifySerializerCompiler<ZodType>>[0]): Serialize {
  return zodSerializerCompiler(route as never) as Serialize;
}

/**
 * Response serialisation through compiled schemas (docs/decisions/0033): each response
 * contract is turned once into JSON Schema and compiled by fast-json-stringify, which writes
 * the declared fields only, in the contract's order, without building a parsed copy.
 *
 * `check` (tests): every response is also written the plain way (zod + JSON.stringify) and a
 * difference, or data zod refuses, fails the request, so the whole suite proves both agree.
 */
export function createSerializerCompiler(
  options: { check?: boolean } = {},
): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const plain = zodSerializer(route);
    const json = responseJsonSchema(route.schema as ZodType);
    const compiled = json ? (fastJson(json as never) as Serialize) : plain;
    const fail = (actual: string, expected: string) =>
      new Error(
        `compiled serialisation of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's:\n${actual.slice(0, 500)}\n${expected.slice(0, 500)}`,
      );
    const send: Send = (data) => (data instanceof RawJson ? data.bytes() : compiled(data));
    if (!options.check) return send as Serialize;
    const checked: Send = (data) => {
      if (data instanceof RawJson) {
        // a ready text must be byte for byte what writing its value would give
        const text = data.text;
        const expected = asciiJson(plain(JSON.parse(text)));
        if (text !== expected) throw fail(text, expected);
        const bytes = data.bytes();
        if (!bytes.equals(Buffer.from(text))) throw fail(bytes.toString(), text);
        return bytes;
      }
      const expected = plain(data);
      const actual = compiled(data);
      if (actual !== expected) throw fail(actual, expected);
      return actual;
    };
    return checked as Serialize;
  };
}
