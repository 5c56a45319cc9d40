import { threadPool } from '#server/workers/thread-pool';
import type { Proposed, ProposeInput } from './planner-run';

/**
 * The dispatch planner is pure CPU: 0.3-1.5 s for a week of 10,000 orders on the 2-core machine
 * (bench/planner.ts), and five plans asked together held the event loop for 4.5 s, every other
 * request of the process waiting behind them (issue 24, docs/decisions/0074). It runs in a worker
 * thread: the process goes on answering while a plan is made. One thread per process (the
 * server runs a process per core; plans wait their turn before they get here, http/heavy-work.ts).
 * Started with the first plan and kept; an idle thread does not keep the process alive.
 */
export const PLANNER_THREADS = 1;

export const plannerThreads = threadPool(new URL('./planner-worker.mjs', import.meta.url), PLANNER_THREADS);

/** Plans in the worker thread: the rows go over by copy, the body's text comes back. */
export function proposeInWorker(input: ProposeInput): Promise<Proposed> {
  return plannerThreads.run<Proposed>('propose', input);
}
