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

describe('a pooler and a replica (docs/scaling.md)', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/kp-config-test' };
  const url = 'postgres://postgres@127.0.0.1:6432/kandypack';

  it('pools in session mode with no replica unless told otherwise', () => {
    const config = loadConfig({ ...env, DATABASE_URL: url });
    expect(config).toMatchObject({ poolMode: 'session', sessionUrl: undefined, reportsUrl: undefined });
    expect(config.reportsMaxLagMs).toBe(5000);
  });

  it('reads the transaction mode with its session connection, and the replica with its lag bound', () => {
    const session = 'postgres://postgres@127.0.0.1:6432/kandypack_session';
    const replica = 'postgres://postgres@127.0.0.1:5433/kandypack';
    const config = loadConfig({
      ...env,
      DATABASE_URL: url,
      DATABASE_POOL_MODE: 'transaction',
      DATABASE_SESSION_URL: session,
      REPORTS_DATABASE_URL: replica,
      REPORTS_MAX_LAG_MS: '1500',
    });
    expect(config).toMatchObject({
      poolMode: 'transaction',
      sessionUrl: session,
      reportsUrl: replica,
      reportsMaxLagMs: 1500,
    });
  });

  it('stops on a transaction mode without a session connection, naming both settings', () => {
    expect(() => loadConfig({ ...env, DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction' })).toThrow(
      /DATABASE_POOL_MODE=transaction needs DATABASE_SESSION_URL/,
    );
    expect(() => loadConfig({ ...env, DATABASE_URL: url, DATABASE_POOL_MODE: 'statement' })).toThrow(
      /DATABASE_POOL_MODE/,
    );
  });

  it('stops on a replica or session connection without DATABASE_URL', () => {
    expect(() => loadConfig({ ...env, REPORTS_DATABASE_URL: url })).toThrow(
      /REPORTS_DATABASE_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...env, DATABASE_SESSION_URL: url })).toThrow(
      /DATABASE_SESSION_URL needs DATABASE_URL/,
    );
  });
});
