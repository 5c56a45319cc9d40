import type { Listen } from '#server/db/listen';
import type { Portal } from '#shared/roles';
import { EVENTS_CHANNEL } from './notifications.service';

/** An open event stream and whose events it may receive. */
export interface StreamClient {
  userId: number;
  employeeId: number | null;
  customerId: number | null;
  portal: Portal | null;
  send(event: string, data: unknown): void;
  end(): void;
}

type Published = {
  kind: 'notification' | 'delivery' | 'order' | 'support';
  notification_id?: number;
  type?: string;
  status?: string;
  delivery_id?: number | null;
  order_id?: number | null;
  request_id?: number | null;
  employee_id?: number | null;
  user_id?: number | null;
  customer_id?: number | null;
  employee_ids?: (number | null)[];
};

const STAFF: readonly (Portal | null)[] = ['manager', 'admin'];

function isFor(e: Published, c: StreamClient): boolean {
  switch (e.kind) {
    case 'notification':
      return (
        (e.user_id != null && e.user_id === c.userId) ||
        (e.employee_id != null && e.employee_id === c.employeeId) ||
        (e.customer_id != null && e.customer_id === c.customerId)
      );
    case 'delivery':
      return STAFF.includes(c.portal) || (c.employeeId !== null && !!e.employee_ids?.includes(c.employeeId));
    case 'order':
    case 'support':
      return STAFF.includes(c.portal) || (e.customer_id != null && e.customer_id === c.customerId);
    default:
      return false;
  }
}

/**
 * Fans the database's "events" channel out to this process's open streams. Every process
 * LISTENs (PostgreSQL; in-process on PGlite), so an event written through any server reaches a
 * client connected to any other (docs/decisions/0023).
 */
export class EventHub {
  private readonly clients = new Set<StreamClient>();
  private subscription: Promise<() => Promise<void>> | null = null;

  constructor(private readonly listen: Listen) {}

  async add(client: StreamClient): Promise<void> {
    this.clients.add(client);
    this.subscription ??= this.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        // the connection to the database was lost: events may be missed, so clients refetch
        for (const c of this.clients) c.send('resync', {});
      },
    ).catch((error: unknown) => {
      this.subscription = null;
      throw error;
    });
    await this.subscription;
  }

  remove(client: StreamClient): void {
    this.clients.delete(client);
  }

  get size(): number {
    return this.clients.size;
  }

  private dispatch(payload: string): void {
    let event: Published;
    try {
      event = JSON.parse(payload) as Published;
    } catch {
      return;
    }
    // recipients' ids stay on the server
    const data = {
      kind: event.kind,
      notification_id: event.notification_id,
      type: event.type,
      status: event.status,
      delivery_id: event.delivery_id ?? null,
      order_id: event.order_id ?? null,
      request_id: event.request_id ?? null,
    };
    for (const c of this.clients) if (isFor(event, c)) c.send(event.kind, data);
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.end();
    this.clients.clear();
    const sub = this.subscription;
    this.subscription = null;
    if (sub) await (await sub.catch(() => async () => undefined))();
  }
}
