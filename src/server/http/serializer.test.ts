import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { asciiJson, createSerializerCompiler, jsonWriter, RawJson, responseJsonSchema } from './serializer';

type JsonSchema = Record<string, unknown>;
type Variant = 'full' | 'nulls' | 'extra';

const TRICKY = 'Kandy "Tea" \\ 50% é\n\t\u2028 😀 </script>';

/** A value of the schema: every field (`full`), nulls and no optional fields (`nulls`), unknown keys added (`extra`). */
function sample(schema: JsonSchema, variant: Variant, depth = 0): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null);
    return variant === 'nulls' && schema.enum.includes(null) ? null : values[depth % values.length];
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const pick =
      variant === 'nulls'
        ? (branches.find((b) => b.type === 'null') ?? branches[0])
        : branches[depth % branches.length];
    return sample(pick as JsonSchema, variant, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (variant === 'nulls' && types.includes('null')) return null;
  const type = types.find((t) => t !== 'null');
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 42;
    case 'number':
      return 1234.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      if (variant === 'nulls') return [];
      const item = schema.items as JsonSchema;
      return [sample(item, variant, depth + 1), sample(item, variant, depth + 2)];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((schema.required as string[]) ?? []);
      for (const [name, child] of Object.entries((schema.properties as Record<string, JsonSchema>) ?? {})) {
        if (variant === 'nulls' && !required.has(name)) continue;
        out[name] = sample(child, variant, depth + 1);
      }
      if (typeof schema.additionalProperties === 'object') {
        out.first_key = sample(schema.additionalProperties as JsonSchema, variant, depth + 1);
        out['second key'] = sample(schema.additionalProperties as JsonSchema, variant, depth + 2);
      }
      if (variant === 'extra') {
        out.password_hash = 'must not be written';
        out.internal = { nested: 1 };
      }
      return out;
    }
    default:
      return { anything: [1, 'two', null] };
  }
}

function stringFor(schema: JsonSchema): string {
  if (schema.format === 'date-time') return '2026-03-04T09:00:00.000Z';
  if (schema.format === 'date') return '2026-03-04';
  if (schema.format === 'email') return 'someone@kandypack.lk';
  if (typeof schema.pattern === 'string' && schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}'))
    return '2026-03-04';
  return TRICKY;
}

const app = await buildApp({ db: {} as never, jwtSecret: 'serializer-test-secret-long-enough-for-hs256' });
const contracts = app.declaredRoutes.flatMap((route) =>
  Object.entries(
    ((route.schema as { response?: Record<string, z.ZodType> }).response ?? {}) as Record<string, z.ZodType>,
  ).map(([status, schema]) => ({ name: `${route.method} ${route.url} ${status}`, route, status, schema })),
);

describe('compiled response serialisation', () => {
  it('writes exactly what zod + JSON.stringify write, for every response contract of every route', () => {
    const plainCompiler = createSerializerCompiler({ check: false });
    let compiledCount = 0;
    const fallbacks: string[] = [];
    for (const c of contracts) {
      const json = responseJsonSchema(c.schema);
      if (!json) {
        fallbacks.push(c.name);
        continue;
      }
      compiledCount += 1;
      const compiled = plainCompiler({
        schema: c.schema,
        method: c.route.method,
        url: c.route.url,
        httpStatus: c.status,
      } as never);
      let checked = 0;
      for (const variant of ['full', 'nulls', 'extra'] as const) {
        const data = sample(json, variant);
        const parsed = c.schema.safeParse(data);
        // a sample a refinement or a pattern refuses says nothing about serialisation
        if (!parsed.success) continue;
        checked += 1;
        expect(compiled(data), `${c.name} (${variant})`).toBe(JSON.stringify(parsed.data));
      }
      expect(checked, `${c.name}: no sample the contract accepts`).toBeGreaterThan(0);
    }
    // nearly every contract is compiled; the rest (transforms, defaults) keep the zod path
    expect(compiledCount).toBeGreaterThan(contracts.length * 0.9);
    expect(fallbacks.length).toBeLessThan(contracts.length * 0.1);
  });

  it('keeps nulls, numbers and strings as they are and drops fields the contract does not name', () => {
    const schema = z.object({
      id: z.number().int(),
      price: z.number(),
      code: z.string(),
      note: z.string().nullable(),
      count: z.number().int().nullable(),
      status: z.enum(['Pending', 'Delivered']).nullable(),
      tags: z.array(z.object({ name: z.string() })),
      totals: z.record(z.string(), z.number()),
      when: z.string().optional(),
    });
    const compiled = createSerializerCompiler()({
      schema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as never);
    const data = {
      id: 7,
      price: 0.1 + 0.2,
      code: '0012',
      note: null,
      count: null,
      status: null,
      tags: [{ name: 'a', secret: 'x' }],
      totals: { Pending: 3, 'In Transit': 1e21 },
      password: 'x',
    };
    expect(compiled(data)).toBe(JSON.stringify(schema.parse(data)));
    expect(JSON.parse(compiled(data))).toEqual({
      id: 7,
      price: 0.30000000000000004,
      code: '0012',
      note: null,
      count: null,
      status: null,
      tags: [{ name: 'a' }],
      totals: { Pending: 3, 'In Transit': 1e21 },
    });
  });

  it('in check mode, a response zod refuses or the compiled writer would change fails loudly', () => {
    const schema = z.object({ id: z.number().int() });
    const checked = createSerializerCompiler({ check: true })({
      schema,
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    } as never);
    expect(checked({ id: 1 })).toBe('{"id":1}');
    expect(() => checked({ id: '1' })).toThrow();
    expect(() => checked({ id: 1.5 })).toThrow();
  });

  it('sends a RawJson text as it is; in check mode only when it is what writing its value gives', () => {
    const schema = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()) });
    const route = { schema, method: 'GET', url: '/x', httpStatus: '200' } as never;
    const written = jsonWriter(schema)({ id: 1, name: TRICKY, tags: ['a'] });
    expect(written).toBe(JSON.stringify({ id: 1, name: TRICKY, tags: ['a'] }));
    // outside ASCII escaped: the same value, every character below 0x80
    const text = asciiJson(written);
    expect(Buffer.byteLength(text)).toBe(text.length);
    expect(text).toContain('\\u00e9');
    expect(text).toContain('\\ud83d\\ude00');
    expect(JSON.parse(text)).toEqual(JSON.parse(written));
    const sent = createSerializerCompiler()(route);
    const checked = createSerializerCompiler({ check: true })(route);
    expect(checked(new RawJson(text))).toEqual(Buffer.from(text));
    // parts are joined; a part outside ASCII is written as UTF-8
    expect(checked(new RawJson(text.slice(0, 7), text.slice(7)))).toEqual(Buffer.from(text));
    expect((sent(new RawJson('{"a":"', 'é😀', '"}')) as unknown as Buffer).toString()).toBe('{"a":"é😀"}');
    // the unescaped text is not the form a RawJson must have
    expect(() => checked(new RawJson(written))).toThrow();
    // not parsed nor written again outside tests: whatever the text is goes out
    expect(sent(new RawJson('{"id": 1}'))).toEqual(Buffer.from('{"id": 1}'));
    // spaces, another order, a key the contract does not name, a value it refuses
    expect(() => checked(new RawJson('{"id": 1, "name": "a", "tags": []}'))).toThrow();
    expect(() => checked(new RawJson('{"name":"a","id":1,"tags":[]}'))).toThrow();
    expect(() => checked(new RawJson('{"id":1,"name":"a","tags":[],"secret":"x"}'))).toThrow();
    expect(() => checked(new RawJson('{"id":1.5,"name":"a","tags":[]}'))).toThrow();
  });
});
