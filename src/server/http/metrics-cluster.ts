import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import { AppError } from './errors';
import type { MetricsText } from './metrics';

/**
 * GET /api/metrics with WORKERS > 1 (decision 0080). The processes share one port, so a scrape
 * reaches whichever process the primary hands the connection to; that process asks the primary,
 * which asks every worker for its figures (prom-client's AggregatorRegistry) and answers their
 * sum: request counts and histograms, pool connections, streams and queues summed over the
 * processes, `kandypack_server_processes` says how many answered, and
 * `kandypack_process_memory_bytes` stays per process (its `pid` label).
 */
const ASK = 'kandypack:metrics-ask';
const ANSWER = 'kandypack:metrics-answer';
/** prom-client gives up on a worker after 5 s; this is the asking worker's own limit. */
const ANSWER_TIMEOUT_MS = 7000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers a worker's ask with every worker's figures, aggregated. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Ask) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id: message.id, text } satisfies Answer),
      (error: Error) => worker.send({ type: ANSWER, id: message.id, error: error.message } satisfies Answer),
    );
  });
}

/**
 * In a worker: offers `registries` to the primary's aggregation and answers the MetricsText that
 * asks the primary for the whole server's figures (503 `{detail}` when it gets no answer).
 */
export function clusterMetricsText(registries: Registry[]): MetricsText {
  // constructing one in a worker adds prom-client's listener for the primary's requests
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registries);
  const pending = new Map<number, (answer: Answer) => void>();
  let next = 0;
  process.on('message', (message: Answer) => {
    if (message?.type === ANSWER) pending.get(message.id)?.(message);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = next++;
      const fail = (why: string) =>
        reject(new AppError(503, `The server processes' figures could not be gathered: ${why}`));
      const timer = setTimeout(() => {
        pending.delete(id);
        fail('no answer in time');
      }, ANSWER_TIMEOUT_MS);
      pending.set(id, (answer) => {
        pending.delete(id);
        clearTimeout(timer);
        if (answer.text !== undefined) resolve(answer.text);
        else fail(answer.error ?? 'no figures');
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}
