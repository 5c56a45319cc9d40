import { API_BASE, getToken } from '#web/lib/api-client';

export interface LiveMessage {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads GET /api/events (Server-Sent Events) with fetch, so the bearer token travels in a header
 * rather than the URL, and reconnects with backoff (docs/decisions/0023). Returns a stop function.
 */
export function connectLiveEvents(onMessage: (m: LiveMessage) => void, onOpen?: () => void): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let retryMs = 1_000;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const run = async () => {
    const token = getToken();
    if (stopped || !token) return;
    if (!navigator.onLine) return; // the 'online' listener reconnects
    controller = new AbortController();
    try {
      const response = await fetch(`${API_BASE}/events`, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) {
        // 401: the session ended; the app signs out through its normal calls
        if (response.status !== 401) schedule();
        return;
      }
      retryMs = 1_000;
      onOpen?.();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event && data) {
            try {
              onMessage({ event, data: JSON.parse(data) as Record<string, unknown> });
            } catch {
              // a malformed event is skipped
            }
          }
          end = buffer.indexOf('\n\n');
        }
      }
      schedule();
    } catch {
      if (!stopped) schedule();
    }
  };

  const online = () => {
    if (timer) clearTimeout(timer);
    retryMs = 1_000;
    controller?.abort();
    run();
  };
  window.addEventListener('online', online);
  run();
  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
