import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { createPortalUsers } from './test/factories';
import { createTestApp, TEST_JWT_SECRET } from './test/harness';
import { leaves, objectKeys, sample, withLeaf } from './test/schema-walk';

// Walks every route of the app's route table (routes added later are covered without editing
// this file) with what an attacker sends: out-of-range and malformed ids, a NUL byte in each
// string field, numbers out of any range, malformed bodies. Each must be a 4xx { detail }.
const { app } = await createTestApp();
const users = await createPortalUsers(app, { assistant: 'Driver Assistant' });

const routes = app.declaredRoutes.filter((r) => r.method !== 'HEAD');
const hasBody = (method: string) => !['GET', 'DELETE', 'OPTIONS'].includes(method);

/** Headers of a user allowed to call the route, so validation (not the permission check) answers. */
function authFor(permission: string | null): Record<string, string> {
  if (!permission) return {};
  const portal = (PERMISSIONS[permission as Permission] as readonly Portal[])[0]!;
  return users.get(portal)!.auth;
}

/** The route's path with each `:param` filled (the one named gets `value`, the others 1). */
function pathWith(url: string, param?: string, value?: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => (name === param ? value! : '1'));
}

function expectDetail(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.payload.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}: ${res.payload.slice(0, 200)}`).toBeLessThan(500);
  const body = res.json();
  expect(Object.keys(body), what).toEqual(['detail']);
  expect(typeof body.detail, what).toBe('string');
}

describe('every route answers bad input with a 4xx { detail }', () => {
  it('the route table is walked', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (name, route) => {
    const headers = authFor(route.permission);
    const send = (url: string, extra: { payload?: unknown; headers?: Record<string, string> } = {}) =>
      app.inject({
        method: route.method as 'GET',
        url,
        headers: { ...headers, ...extra.headers },
        payload: extra.payload as string,
      });

    // ids in the path: out of the column's range, not written in plain digits, a NUL
    for (const param of [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!)) {
      for (const bad of ['2147483648', '99999999999999999999', '1e1', '0x19', '-1', '0', '1.5', '%00']) {
        const res = await send(pathWith(route.url, param, bad));
        expectDetail(res, `${name} ${param}=${bad}`);
        expect(res.statusCode, `${name} ${param}=${bad}`).toBe(422);
        expect(res.json().detail).toContain(`params.${param}`);
      }
      expect((await send(pathWith(route.url, param, '2147483647'))).statusCode).toBeLessThan(500);
    }

    // each query parameter: a NUL, and numbers far out of range
    const base = pathWith(route.url);
    for (const key of objectKeys(route.schema.querystring)) {
      const nul = await send(`${base}?${key}=a%00b`);
      expectDetail(nul, `${name} ?${key}=NUL`);
      expect(nul.statusCode).toBe(422);
      expect(nul.json().detail).toContain(`querystring.${key}: must not contain a NUL`);
      for (const big of ['2147483648', '9'.repeat(30), '1e999', '%']) {
        const res = await send(`${base}?${key}=${big}`);
        if (res.statusCode >= 400) expectDetail(res, `${name} ?${key}=${big}`);
        else expect(res.statusCode, `${name} ?${key}=${big}`).toBeLessThan(400);
      }
    }

    if (!hasBody(route.method)) return;
    const json = { 'content-type': 'application/json' };
    // malformed bodies
    for (const [what, payload, type] of [
      ['broken JSON', '{"a":', 'application/json'],
      ['empty JSON', '', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['JSON array', '[1,2]', 'application/json'],
      ['multipart without boundary', 'x', 'multipart/form-data'],
      ['text', 'hello', 'text/plain'],
      ['XML', '<a/>', 'application/xml'],
    ] as const) {
      expectDetail(await send(base, { payload, headers: { 'content-type': type } }), `${name} ${what}`);
    }
    if (!route.schema.body) return;
    // a NUL in each string field, out-of-range numbers in each number field, sent the way the
    // route takes its body (JSON, or the form-encoded sign-in form)
    const body = sample(route.schema.body);
    const asForm = !(route.schema.consumes ?? ['application/json']).includes('application/json');
    const encode = (value: unknown) =>
      asForm
        ? {
            payload: new URLSearchParams(value as Record<string, string>).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: JSON.stringify(value), headers: json };
    for (const leaf of leaves(route.schema.body)) {
      const field = leaf.path.join('.');
      if (leaf.kind === 'string') {
        const res = await send(base, encode(withLeaf(body, leaf.path, 'a\u0000b')));
        expectDetail(res, `${name} ${field}=NUL`);
        expect(res.json().detail, `${name} ${field}=NUL`).toContain(`${field}: must not contain a NUL`);
      } else {
        const isId = /id$/i.test(String(leaf.path.at(-1)));
        for (const value of isId ? [2147483648, 1e300, 1.5] : [1e300, -1e300]) {
          const res = await send(base, encode(withLeaf(body, leaf.path, value)));
          expectDetail(res, `${name} ${field}=${value}`);
        }
      }
    }
  });

  it('a signed token whose user id is out of range is a 401 on every protected route', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('2147483648')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    for (const route of routes.filter((r) => !r.public)) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: pathWith(route.url),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or expired token' });
    }
  });
});
