import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { openTestDatabase, TEST_JWT_SECRET } from '#server/test/harness';

// short limits, so the test does not wait for the real ones (CLIENT_TIMEOUTS)
const database = await openTestDatabase();
const app = await buildApp({
  db: database.db,
  jwtSecret: TEST_JWT_SECRET,
  timeouts: { idleMs: 400, headersMs: 1500, requestMs: 2500 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Opens a connection, lets `talk` write to it, and resolves with all it read once the server closes it. */
function connection(talk: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => talk(socket));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      out += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(out));
  });
}

/** Writes one byte every 100 ms (never idle long enough for the idle limit) until stopped. */
function trickle(socket: net.Socket, text: string) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed) return clearInterval(timer);
    socket.write(text[i++ % text.length]!);
  }, 100);
  socket.on('close', () => clearInterval(timer));
}

describe('slow clients do not hold connections', () => {
  it('a client that sends headers and part of a body, then nothing, is disconnected', async () => {
    const answer = await connection((socket) =>
      socket.write(
        'POST /api/auth/register_public_customer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":',
      ),
    );
    expect(answer).toBe('');
  });

  it('headers that never finish are a 408 { detail }', async () => {
    const answer = await connection((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      trickle(socket, 'X-Slow: aaaaaaaaaa\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('{"detail":"Request timeout: the request was not received in time"}');
  });

  it('a body that trickles in past the request limit is a 408 { detail }', async () => {
    const answer = await connection((socket) => {
      socket.write(
        'POST /api/auth/register_public_customer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      );
      trickle(socket, ' ');
    });
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain('{"detail":"Request timeout: the request was not received in time"}');
  });
});
