import type { ServerResponse } from 'node:http';
import Tinypool from 'tinypool';
import { AppError } from '#server/http/errors';
import type { PdfTableInput } from '#server/lib/pdf-table';
import type { Language } from '#shared/contract/auth';
import type { OrderDetail } from '#shared/contract/orders';

/**
 * PDFs are laid out by pdfkit, pure CPU (about 15 ms for a page of 60 rows, fonts and deflate
 * included). They are made in worker threads so that a download never holds up the event loop:
 * the other requests of the same process keep being answered (decision 0042).
 *
 * One thread per server process: the server already runs a process per core, so a second thread
 * would only take CPU from the other process's requests. PDFs wait their turn here, in a bounded
 * queue (past it a download is refused with 503 rather than kept waiting for minutes); one whose
 * client went away leaves the queue. A PDF being made is never stopped: it is short (at most
 * PDF_ROW_CAP rows), and stopping it would end its thread, whose successor pays the start again.
 */
export const PDF_THREADS = 1;
export const PDF_QUEUE = 32;

interface PdfTasks {
  table: PdfTableInput;
  /** The invoice in the customer's language (English when not given). */
  invoice: { order: OrderDetail; issuedAt: Date; language?: Language };
}

let pool: Tinypool | undefined;
let running = 0;
const waiting: Array<() => void> = [];

function thePool(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL('./pdf-worker.mjs', import.meta.url).href,
    // the thread stays once started (an idle one never keeps the process alive)
    minThreads: PDF_THREADS,
    maxThreads: PDF_THREADS,
  });
  return pool;
}

/** Starts the PDF thread now, so the first download does not wait for it (the server calls it). */
export function startPdfWorkers(): void {
  thePool();
}

/** Waits for a free thread; false when the client went away first. */
function turn(signal: AbortSignal | undefined): Promise<boolean> {
  if (running < PDF_THREADS) {
    running++;
    return Promise.resolve(true);
  }
  if (waiting.length >= PDF_QUEUE)
    throw new AppError(503, 'Too many PDF downloads are being made right now; please try again shortly', {
      'Retry-After': '5',
    });
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
}

function done(): void {
  running--;
  waiting.shift()?.();
}

/**
 * Runs a layout in the PDF worker thread. `signal`: the client went away; a PDF still waiting for
 * the thread is dropped (rejected with AppError 499, which nobody reads).
 */
export async function renderPdf<K extends keyof PdfTasks>(
  name: K,
  input: PdfTasks[K],
  signal?: AbortSignal,
): Promise<Buffer> {
  if (!(await turn(signal))) throw new AppError(499, 'The client went away');
  try {
    const bytes: Uint8Array = await thePool().run(input, { name });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    done();
  }
}

/** An AbortSignal that fires when the client of a response goes away before it is sent. */
export function abandoned(raw: ServerResponse): AbortSignal {
  const controller = new AbortController();
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
