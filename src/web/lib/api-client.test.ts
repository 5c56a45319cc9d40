import { describe, expect, it } from 'vitest';
import { buildUrl, errorMessage, fileNameFromDisposition } from './api-client';

describe('errorMessage (the precedence of docs/product/portals.md#screens-in-common)', () => {
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

describe('fileNameFromDisposition (RFC 6266)', () => {
  it('prefers the UTF-8 name, then the plain one, quoted or not', () => {
    expect(
      fileNameFromDisposition("attachment; filename=____.pdf; filename*=UTF-8''%D1%84%D0%B0%D0%B9%D0%BB.pdf"),
    ).toBe('файл.pdf');
    expect(fileNameFromDisposition('attachment; filename="floor plan \\"v2\\".png"')).toBe(
      'floor plan "v2".png',
    );
    expect(fileNameFromDisposition('attachment; filename=invoice-7.pdf')).toBe('invoice-7.pdf');
    expect(fileNameFromDisposition("attachment; filename=x.pdf; filename*=UTF-8''%E0%A4")).toBe('x.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});
