import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#shared/permissions';
import { buildApp } from './app';
import { createTestApp, openTestDatabase, TEST_JWT_SECRET } from './test/harness';

const { app } = await createTestApp();

describe('routes and permissions', () => {
  it('every /api route declares a permission from the table or is explicitly public', () => {
    expect(app.declaredRoutes.length).toBeGreaterThan(3);
    for (const route of app.declaredRoutes) {
      if (route.public) continue;
      expect(Object.keys(PERMISSIONS), `${route.method} ${route.url}`).toContain(route.permission);
    }
    const publicRoutes = app.declaredRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual([
      'GET /api/health',
      'GET /api/public/figures',
      'POST /api/auth/login',
      'POST /api/auth/register_public_customer',
    ]);
  });

  it('refuses to start with a route that declares no permission', async () => {
    const database = await openTestDatabase();
    const other = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET });
    expect(() => other.get('/api/undeclared', async () => 'x')).toThrow(/declares no permission/);
    await other.close();
    await database.close();
  });
});

describe('error format', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/nope' });
  });

  it('answers malformed JSON with a 400 detail', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register_public_customer',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });

  it('hides the cause of a 500 behind "Internal server error"', async () => {
    const database = await openTestDatabase();
    const broken = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET });
    broken.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secret connection string leaked');
    });
    const res = await broken.inject({ url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });
    await broken.close();
    await database.close();
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/login'].post).toBeDefined();
    expect(doc.paths['/api/auth/register_public_customer'].post.requestBody).toBeDefined();
  });
});

describe('serving the web app', () => {
  it('serves index.html at / and for client-side routes, files as they are, and JSON 404 under /api', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'kp-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>KandyPack</title>');
    const database = await openTestDatabase();
    const web = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET, webRoot });
    for (const url of ['/', '/customer/history', '/admin/unknown/deep']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.payload).toContain('<title>KandyPack</title>');
    }
    // a file written after start (a rebuild) is served without a restart
    writeFileSync(join(webRoot, 'late.js'), 'console.log(1)');
    const late = await web.inject({ url: '/late.js' });
    expect(late.headers['content-type']).toMatch(/javascript/);
    expect((await web.inject({ url: '/api/missing' })).json()).toEqual({
      detail: 'Not found: GET /api/missing',
    });
    await web.close();
    await database.close();
  });

  it("sends a built asset's brotli or gzip form to a browser that takes it, cached for good, and says it varies", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'kp-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>KandyPack</title>');
    mkdirSync(join(webRoot, 'assets'));
    const text = `console.log(${JSON.stringify('x'.repeat(2000))})`;
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), text);
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync(text));
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.gz'), gzipSync(text));
    const database = await openTestDatabase();
    const web = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET, webRoot });
    const url = '/assets/index-abc123.js';
    const br = await web.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    const gz = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);
    const plain = await web.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(text);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // the page itself is asked again every time (it names the assets of the newest build)
    expect((await web.inject({ url: '/' })).headers['cache-control']).not.toMatch(/immutable/);
    await web.close();
    await database.close();
  });
});
