import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/harness';
import { securityHeaders } from './security-headers';

const webRoot = mkdtempSync(join(tmpdir(), 'kp-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>KandyPack</title>');
const { app } = await createTestApp({ webRoot });

describe('security headers', () => {
  it('every answer (API, error, web app, docs) carries the CSP, frame and sniffing protection', async () => {
    for (const url of ['/api/health', '/api/nope', '/', '/customer/orders', '/api/docs']) {
      const res = await app.inject({ url });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('sends the same headers on a refused request and helmet sets nothing a request could change', async () => {
    const res = await app.inject({ url: '/api/auth/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    const once = securityHeaders();
    expect(securityHeaders()).toEqual(once);
    expect(Object.keys(once)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-content-type-options']),
    );
  });
});
