import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client';

/**
 * PostgreSQL LISTEN/NOTIFY for every server process on one database: cache invalidation, live
 * events. Channels are named per schema (`{schema}_{name}`), so test files that share a server
 * in separate schemas never hear each other; `notify` below derives the same name in SQL from
 * current_schema(), so triggers and services need not know it.
 */
export type Listen = (
  name: string,
  onMessage: (payload: string) => void,
  /** Called after the connection was lost and restored: messages may have been missed. */
  onReset?: () => void,
  /**
   * Called as soon as the connection is lost: until onReset, no message arrives, so whatever
   * trusts the messages to stay current (the user cache) must not.
   */
  onLost?: () => void,
) => Promise<() => Promise<void>>;

/** Sends a notification on the channel `name` of the current schema, delivered on commit. */
export async function notify(db: Executor, name: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(current_schema() || '_' || ${name}, ${payload})`);
}

const channelName = (schema: string, name: string) => {
  const channel = `${schema}_${name}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad notification channel name: ${channel}`);
  return channel;
};

/** PGlite: one process, its own notifications, delivered in-process. */
export function pgliteListen(client: PGlite): Listen {
  return async (name, onMessage) => {
    const unlisten = await client.listen(channelName('public', name), onMessage);
    return async () => {
      await unlisten();
    };
  };
}

/** Longest wait between two attempts to reconnect the listening connection. */
export const LISTEN_RETRY_MAX_MS = 2000;

/**
 * PostgreSQL: one dedicated connection per process (outside the pool) holds every LISTEN; when
 * it drops, every subscriber is told (onLost), and it reconnects with backoff (up to
 * LISTEN_RETRY_MAX_MS, so that live events and the user cache are back soon after the
 * database), listens again and tells every subscriber to resync (onReset).
 */
export function postgresListen(url: string, schema: string) {
  type Handler = { onMessage: (p: string) => void; onReset?: () => void; onLost?: () => void };
  const handlers = new Map<string, Set<Handler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retryMs = 250;

  const connect = (): Promise<pg.Client> => {
    // a subscriber may have connected while the retries waited: one connection, never two
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h.onMessage(msg.payload ?? '');
      });
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      client = c;
      retryMs = 250;
      return c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const lost = (c: pg.Client) => {
    if (client !== c || closed) return;
    client = null;
    for (const set of handlers.values()) for (const h of set) h.onLost?.();
    const retry = () => {
      if (closed) return;
      connect().then(
        () => {
          for (const set of handlers.values()) for (const h of set) h.onReset?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          setTimeout(retry, retryMs).unref();
        },
      );
    };
    setTimeout(retry, retryMs).unref();
  };

  const listen: Listen = async (name, onMessage, onReset, onLost) => {
    const channel = channelName(schema, name);
    const entry = { onMessage, onReset, onLost };
    const first = !handlers.has(channel);
    if (first) handlers.set(channel, new Set());
    handlers.get(channel)!.add(entry);
    const unlisten = async () => {
      const set = handlers.get(channel);
      set?.delete(entry);
      if (set && set.size === 0) {
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
      }
    };
    try {
      const c = client ?? (await connect());
      if (first && client === c) await c.query(`LISTEN ${channel}`);
    } catch (error) {
      // the database is not reachable: a subscriber that tries again is not heard twice later
      await unlisten();
      throw error;
    }
    return unlisten;
  };

  return {
    listen,
    close: async () => {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
