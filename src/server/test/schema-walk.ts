/**
 * Reads zod schemas the way a fuzzer needs: a sample value for any schema, and the paths of
 * its string and number leaves. Used by the test that walks every route of the app, so a
 * route added later is covered without editing the test.
 */

interface ZodLike {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/nullable/default/pipe wrappers (a pipe is read by what it takes in). */
export function unwrap(schema: unknown): ZodLike | undefined {
  let current = schema;
  for (let i = 0; i < 20 && isZod(current); i++) {
    const def = current._zod.def;
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'lazy') current = (def.getter as () => unknown)();
    else return current;
  }
  return isZod(current) ? current : undefined;
}

/** The field names of an object schema (params, querystring, body), or none. */
export function objectKeys(schema: unknown): string[] {
  const inner = unwrap(schema);
  return inner?._zod.def.type === 'object' ? Object.keys(inner._zod.def.shape as object) : [];
}

/** A value of the schema's shape (not necessarily valid: strings are 'x', numbers 1). */
export function sample(schema: unknown, depth = 0): unknown {
  const inner = unwrap(schema);
  if (!inner || depth > 8) return null;
  const def = inner._zod.def;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, sample(v, depth + 1)]),
      );
    case 'array':
      return [sample(def.element, depth + 1)];
    case 'string':
      return 'x';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return sample((def.options as unknown[])[0], depth + 1);
    default:
      return null;
  }
}

export interface Leaf {
  path: Array<string | number>;
  kind: 'string' | 'number';
}

/** The string and number leaves of a schema, with their paths (array elements as index 0). */
export function leaves(schema: unknown, path: Array<string | number> = [], depth = 0): Leaf[] {
  const inner = unwrap(schema);
  if (!inner || depth > 8) return [];
  const def = inner._zod.def;
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
        leaves(v, [...path, k], depth + 1),
      );
    case 'array':
      return leaves(def.element, [...path, 0], depth + 1);
    case 'union':
      return leaves((def.options as unknown[])[0], path, depth + 1);
    case 'string':
      return [{ path, kind: 'string' }];
    case 'number':
    case 'int':
      return [{ path, kind: 'number' }];
    default:
      return [];
  }
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withLeaf(value: unknown, path: Array<string | number>, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = withLeaf(copy[head as number], rest, leaf);
    return copy;
  }
  const copy = { ...(value as Record<string | number, unknown>) };
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

export interface Field {
  path: Array<string | number>;
  /** The field may be left out (optional, or has a default). */
  optional: boolean;
}

/**
 * Every field of a schema at any depth (object keys, an array's element as index 0), whatever
 * its type: the places a fuzzer can put a wrong value, leave out or add next to.
 */
export function fields(schema: unknown, path: Array<string | number> = [], depth = 0): Field[] {
  const inner = unwrap(schema);
  if (!inner || depth > 8) return [];
  const def = inner._zod.def;
  if (def.type === 'union') return fields((def.options as unknown[])[0], path, depth + 1);
  if (def.type === 'array') {
    return [{ path: [...path, 0], optional: false }, ...fields(def.element, [...path, 0], depth + 1)];
  }
  if (def.type !== 'object') return [];
  return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) => {
    return [
      { path: [...path, key], optional: isOptional(value) },
      ...fields(value, [...path, key], depth + 1),
    ];
  });
}

function isOptional(schema: unknown): boolean {
  // zod marks a field that may be left out (optional, default) on its input side
  return !!(schema as { _zod?: { optin?: string } })._zod?.optin;
}
