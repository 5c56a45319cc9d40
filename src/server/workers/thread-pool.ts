import Tinypool from 'tinypool';
import { AppError } from '#server/lib/errors';

/**
 * A worker-thread pool for CPU-bound work (PDF layouts, the dispatch planner), shared by
 * pdf-pool.ts and planner-pool.ts. tinypool runs the threads; tasks take the threads in arrival
 * order here, so that a task whose client went away while it waited leaves the line (tinypool's
 * own abort would end a thread that is running one).
 *
 * The line has no limit and refuses nothing: how many tasks may reach it is decided once, before
 * the route's handler runs, by the heavy-work admission (http/heavy-work.ts; decision 0081).
 * Every caller holds a turn of a kind (reports and invoice PDFs reach the PDF thread, plans the
 * planner's), so the line is at most the sum of those kinds' `running`.
 */
export interface ThreadPool {
  /** Starts the threads now, so the first task does not wait for them. */
  start(): void;
  /**
   * Runs the worker file's export `name` on `input` in a thread. `signal`: the client went away;
   * a task still waiting for a thread is dropped (AppError 499, which nobody reads). A task being
   * run is never stopped: stopping it would end its thread, whose successor pays the start again.
   */
  run<T>(name: string, input: unknown, signal?: AbortSignal): Promise<T>;
  /** Tasks on a thread now and tasks waiting for one (metrics, tests). */
  state(): { running: number; waiting: number };
}

/**
 * One pool per worker file, started lazily (or by `start`). Its threads stay once started; an idle
 * thread never keeps the process alive.
 */
export function threadPool(worker: URL, threads: number): ThreadPool {
  let pool: Tinypool | undefined;
  let running = 0;
  const waiting: Array<() => void> = [];

  const thePool = (): Tinypool => {
    pool ??= new Tinypool({ filename: worker.href, minThreads: threads, maxThreads: threads });
    return pool;
  };

  /** Waits for a free thread; false when the client went away first. */
  const turn = (signal: AbortSignal | undefined): Promise<boolean> => {
    if (running < threads) {
      running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const go = () => {
        signal?.removeEventListener('abort', leave);
        running++;
        resolve(true);
      };
      const leave = () => {
        waiting.splice(waiting.indexOf(go), 1);
        resolve(false);
      };
      waiting.push(go);
      signal?.addEventListener('abort', leave, { once: true });
    });
  };

  const done = (): void => {
    running--;
    waiting.shift()?.();
  };

  return {
    start: () => {
      thePool();
    },
    run: async <T>(name: string, input: unknown, signal?: AbortSignal): Promise<T> => {
      if (signal?.aborted || !(await turn(signal))) throw new AppError(499, 'The client went away');
      try {
        return (await thePool().run(input, { name })) as T;
      } finally {
        done();
      }
    },
    state: () => ({ running, waiting: waiting.length }),
  };
}
