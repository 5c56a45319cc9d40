import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openTestDatabase, TEST_JWT_SECRET } from '#server/test/harness';

const database = await openTestDatabase();
const app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET });
afterAll(async () => {
  await app.close();
  await database.close();
});
// two routes that hand the database what validation would refuse: the class-22 safety net
app.get('/api/test/nul', { config: { public: true } }, async () => {
  await app.ctx.db.execute(sql`select ${'a\u0000b'}::text`);
  return 'unreachable';
});
app.get('/api/test/overflow', { config: { public: true } }, async () => {
  await app.ctx.db.execute(sql`select ${'2147483648'}::integer`);
  return 'unreachable';
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function rawRequest(text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = out.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('protocol-level errors answer { detail }', () => {
  it('a path with bad %-encoding is a 400', async () => {
    const res = await rawRequest('GET /api/orders/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed URL: the path has an invalid %-encoding' });
  });

  it('a 100 KB header is a 431', async () => {
    const res = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request headers too large' });
  });

  it('a malformed request line is a 400', async () => {
    const res = await rawRequest('GARBAGE\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed HTTP request' });
  });

  it('a malformed chunked body is a 400', async () => {
    const res = await rawRequest(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\n',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Malformed HTTP request' });
  });
});

describe('the database refusing a value (class 22) is a 422, not a 500', () => {
  it('a NUL byte in text', async () => {
    const res = await app.inject({ url: '/api/test/nul' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^Invalid value: .*0x00/);
  });

  it('an integer out of range, without the query text in the answer', async () => {
    const res = await app.inject({ url: '/api/test/overflow' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/^Invalid value: .*out of range/);
    expect(res.json().detail).not.toMatch(/select/i);
  });
});
