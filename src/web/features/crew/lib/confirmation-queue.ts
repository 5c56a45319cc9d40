import { type DBSchema, openDB } from 'idb';
import type { Confirmation } from '#shared/contract/crew';
import { ApiError, api } from '#web/lib/api-client';
import { crewEndpoints } from '../api/crew-keys';

/**
 * Confirmations made on the phone are written to IndexedDB before they are sent, each with the
 * confirmation_id the server stores: a confirmation made without signal is never lost, and a
 * retry (after a reload, a lost answer, the connection returning) can never confirm twice
 * (docs/decisions/0024).
 */
export interface QueuedConfirmation {
  confirmation_id: string;
  delivery_id: number;
  order_id: number;
  product_id: number;
  recipient_name: string | null;
  signature: string | null;
  note: string | null;
  queued_at: string;
}

interface CrewDb extends DBSchema {
  confirmations: { key: string; value: QueuedConfirmation };
}

let dbPromise: ReturnType<typeof openDB<CrewDb>> | null = null;
const db = () => {
  dbPromise ??= openDB<CrewDb>('kandypack-crew', 1, {
    upgrade(database) {
      database.createObjectStore('confirmations', { keyPath: 'confirmation_id' });
    },
  });
  return dbPromise;
};

/** A random UUID (v4); crypto.randomUUID where the browser has it. */
export function newConfirmationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export async function enqueue(items: QueuedConfirmation[]): Promise<void> {
  const tx = (await db()).transaction('confirmations', 'readwrite');
  await Promise.all([...items.map((c) => tx.store.put(c)), tx.done]);
}

export async function listQueued(): Promise<QueuedConfirmation[]> {
  const all = await (await db()).getAll('confirmations');
  return all.sort((a, b) => a.queued_at.localeCompare(b.queued_at));
}

async function remove(id: string) {
  await (await db()).delete('confirmations', id);
}

export interface FlushResult {
  sent: Confirmation[];
  /** Refused by the server (4xx): dropped from the queue, with the reason. */
  refused: { item: QueuedConfirmation; detail: string }[];
  /** Still waiting: no connection (or the server failed); tried again later. */
  waiting: number;
}

/** A refusal the server made on purpose (4xx other than 401/408/429): sending again cannot help. */
const isFinalRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status);

let flushing: Promise<FlushResult> | null = null;

/**
 * Sends every queued confirmation in order; stops at the first one that cannot reach the server.
 * `onSent` runs with each acknowledgement before its entry leaves the queue, so the screen can
 * show the item confirmed without a moment where it is neither waiting nor confirmed.
 */
export function flushQueue(onSent?: (confirmation: Confirmation) => void): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: [], refused: [], waiting: 0 };
    const queued = await listQueued();
    for (const [i, item] of queued.entries()) {
      const { delivery_id, queued_at: _, ...body } = item;
      try {
        const confirmation = await api<Confirmation>(crewEndpoints.confirm(delivery_id), {
          method: 'POST',
          body,
        });
        result.sent.push(confirmation);
        onSent?.(confirmation);
        await remove(item.confirmation_id);
      } catch (error) {
        if (isFinalRefusal(error)) {
          result.refused.push({ item, detail: (error as Error).message });
          await remove(item.confirmation_id);
        } else {
          result.waiting = queued.length - i;
          break;
        }
      }
    }
    return result;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
