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
    if (!json) return plain;
    const compiled = fastJson(json as never) as Serialize;
    if (!options.check) return compiled;
    return (data) => {
      const expected = plain(data);
      const actual = compiled(data);
      if (actual !== expected) {
        throw new Error(
          `compiled serialisation of ${route.method} ${route.url} (${route.httpStatus}) differs from zod's:\n${actual.slice(0, 500)}\n${expected.slice(0, 500)}`,
        );
      }
      return actual;
    };
  };
}
