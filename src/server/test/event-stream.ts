import { expect } from 'vitest';

/**
 * Opens GET /api/events on a listening server with `headers` (the bearer token) and collects the
 * names of the events it sends until closed.
 */
export async function openEventStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  const events: string[] = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const match of value.matchAll(/^event: (.+)$/gm)) events.push(match[1]!);
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
