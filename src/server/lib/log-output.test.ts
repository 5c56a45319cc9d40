import { describe, expect, it } from 'vitest';
import { prettyLine, readyLine } from './log-output';

const demo = {
  usernames: ['admin', 'manager', 'warehouse', 'driver', 'assistant', 'customer'],
  password: 'demo-password',
};

describe('ready line', () => {
  it('says where to open the app and how to sign in when the demo accounts work', () => {
    expect(readyLine({ host: '0.0.0.0', port: 8000, demo })).toBe(
      'KandyPack Portal is ready at http://localhost:8000/ — sign in as admin, manager, warehouse, driver, assistant or customer with password demo-password',
    );
  });

  it('names only the address when there is no demo sign-in', () => {
    expect(readyLine({ host: '127.0.0.1', port: 3000, demo: null })).toBe(
      'KandyPack Portal is ready at http://127.0.0.1:3000/',
    );
    expect(readyLine({ host: '::1', port: 80, demo: null })).toBe(
      'KandyPack Portal is ready at http://[::1]:80/',
    );
  });
});

describe('terminal log lines', () => {
  const time = new Date(2026, 10, 27, 14, 3, 7).getTime();

  it('writes a request as one short line with its id', () => {
    const json = JSON.stringify({
      level: 30,
      time,
      reqId: 'req-4',
      method: 'GET',
      url: '/api/orders',
      status: 200,
      ms: 12.3,
      msg: 'request',
    });
    expect(prettyLine(json)).toBe('14:03:07 GET /api/orders 200 12.3 ms req-4\n');
  });

  it('labels warnings and errors, and adds other fields', () => {
    const json = JSON.stringify({ level: 40, time, msg: 'slow query', table: 'orders' });
    expect(prettyLine(json)).toBe('14:03:07 WARN slow query table=orders\n');
  });

  it('leaves out Fastify’s "Server listening at" lines (the ready line says it once)', () => {
    expect(
      prettyLine(JSON.stringify({ level: 30, time, msg: 'Server listening at http://127.0.0.1:8000' })),
    ).toBe('');
  });
});
