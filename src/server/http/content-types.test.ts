import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp } from '../test/harness';
import { NOT_UTF8 } from './content-types';

// Found by the bad-input suite (src/server/bad-input.property.test.ts): bytes that are not UTF-8
// in a JSON or form body were decoded as U+FFFD and stored ("\uFFFDFuzz" as a role's name).
const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const json = { ...admin.auth, 'content-type': 'application/json' };

const roleCount = async () =>
  (await app.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from roles`)).rows[0]!.n;

describe('a JSON or form body must be UTF-8', () => {
  it.each([
    ['a lone byte', [0xff]],
    ['a lead byte without its continuation', [0xc3]],
    ['an overlong /', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
  ])('%s in a string is refused with 400, nothing written', async (_, bytes) => {
    const before = await roleCount();
    const payload = Buffer.concat([
      Buffer.from('{"role_name":"Caf'),
      Buffer.from(bytes),
      Buffer.from('","accessRights":"x"}'),
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/roles', headers: json, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: NOT_UTF8 });
    expect(await roleCount()).toBe(before);
  });

  it('a sequence cut off at the end of the body is refused', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: json,
      payload: Buffer.concat([
        Buffer.from('{"role_name":"a","accessRights":"x"}'),
        Buffer.from([0xe2, 0x82]),
      ]),
    });
    expect(res.json()).toEqual({ detail: NOT_UTF8 });
  });

  it('a form body (the sign-in form) is held to it too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: Buffer.concat([Buffer.from('username=Caf'), Buffer.from([0xe9]), Buffer.from('&password=x')]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: NOT_UTF8 });
  });

  it('UTF-8 is read as sent, also a character split between two chunks and U+FFFD itself', async () => {
    const name = `Café 🚚 \uFFFD ${Date.now()}`;
    const bytes = Buffer.from(JSON.stringify({ role_name: name, accessRights: 'x' }));
    // split inside the truck's four bytes
    const at = bytes.indexOf(Buffer.from('🚚')) + 2;
    const res = await app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { ...json, 'content-length': String(bytes.length) },
      payload: Readable.from([bytes.subarray(0, at), bytes.subarray(at)]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().role_name).toBe(name);
  });

  it('a multipart body (files are bytes) is not held to it', async () => {
    const boundary = 'b0undary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`),
      Buffer.from([0xff, 0xfe, 0x00]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/customers/1/orders',
      headers: { ...admin.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.json().detail).not.toBe(NOT_UTF8);
  });
});
