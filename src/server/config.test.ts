import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('reads false, true, a hop count or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24')).toBe('10.0.0.1,10.0.1.0/24');
    const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kp-config-test' };
    expect(loadConfig({ ...env, TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe('127.0.0.1');
    expect(loadConfig(env).trustProxy).toBe(false);
  });

  it('stops the server on a value it cannot read', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: 'yes please' })).toThrow(
      /TRUST_PROXY/,
    );
  });
});

describe('METRICS_TOKEN', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kp-config-test' };

  it('is off unless set; set, it is the bearer token of GET /api/metrics', () => {
    expect(loadConfig(env).metricsToken).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ ...env, METRICS_TOKEN: 'scrape-me-0123456789' }).metricsToken).toBe(
      'scrape-me-0123456789',
    );
  });

  it('stops the server on a token shorter than 16 characters', () => {
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });
});
