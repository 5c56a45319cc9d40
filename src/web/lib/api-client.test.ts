import { describe, expect, it } from 'vitest';
import { buildUrl, errorMessage } from './api-client';

describe('errorMessage (portal-spec §8 precedence)', () => {
  it('prefers detail', () => {
    expect(errorMessage(400, { detail: 'Username already taken', message: 'other' })).toBe(
      'Username already taken',
    );
  });

  it('falls back to message', () => {
    expect(errorMessage(500, { message: 'Boom' })).toBe('Boom');
    expect(errorMessage(500, { detail: '', message: 'Boom' })).toBe('Boom');
  });

  it('falls back to the JSON text of the body', () => {
    expect(errorMessage(422, { errors: ['a'] })).toBe('{"errors":["a"]}');
    expect(errorMessage(422, { detail: [{ msg: 'bad' }] })).toBe('{"detail":[{"msg":"bad"}]}');
  });

  it('falls back to plain text', () => {
    expect(errorMessage(502, 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('falls back to Request failed ({status})', () => {
    expect(errorMessage(503, '')).toBe('Request failed (503)');
    expect(errorMessage(503, '   ')).toBe('Request failed (503)');
    expect(errorMessage(404, null)).toBe('Request failed (404)');
    expect(errorMessage(404, undefined)).toBe('Request failed (404)');
  });
});

describe('buildUrl', () => {
  it('prefixes the API base', () => {
    expect(buildUrl('/orders')).toBe('/api/orders');
  });

  it('adds query parameters and drops empty ones', () => {
    expect(
      buildUrl('/deliveries/deliveries', { truck_id: 3, route_id: 7, driver_employee_id: null, note: '' }),
    ).toBe('/api/deliveries/deliveries?truck_id=3&route_id=7');
    expect(buildUrl('/orders', { status: 'In Transit', flag: false })).toBe(
      '/api/orders?status=In+Transit&flag=false',
    );
  });

  it('gives no question mark when every parameter is empty', () => {
    expect(buildUrl('/orders', { status: undefined })).toBe('/api/orders');
  });
});
