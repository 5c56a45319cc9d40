import Tinypool from 'tinypool';
import { AppError } from '#server/http/errors';
import type { PdfTableInput } from '#server/lib/pdf-table';
import type { OrderDetail } from '#shared/contract/orders';

/**
 * PDFs are laid out by pdfkit, pure CPU (about 15 ms for a page of 60 rows, fonts and deflate
 * included). They are made in worker threads so that a download never holds up the event loop,
 * and so other requests of the same process keep being answered (decision 0042).
 *
 * One thread per server process by default: the server already runs a process per core, so a
 * second thread would only take CPU from the other process's requests. PDFs wait their turn in a
 * bounded queue; past it a download is refused with 503 rather than queued for minutes.
 */
export const PDF_THREADS = 1;
export const PDF_QUEUE = 32;

let pool: Tinypool | undefined;

function thePool(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL('./pdf-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: PDF_THREADS,
    maxQueue: PDF_QUEUE,
    // an idle thread ends after a minute; idle threads never keep the process alive
    idleTimeout: 60_000,
  });
  return pool;
}

interface PdfTasks {
  table: PdfTableInput;
  invoice: { order: OrderDetail; issuedAt: Date };
}

/**
 * Runs a layout in a PDF worker thread. `signal`: the client went away; a queued PDF is dropped,
 * one being made is stopped (its thread ends; the next PDF starts a new one).
 */
export async function renderPdf<K extends keyof PdfTasks>(
  name: K,
  input: PdfTasks[K],
  signal?: AbortSignal,
): Promise<Buffer> {
  try {
    const bytes: Uint8Array = await thePool().run(input, { name, signal: signal ?? null });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (err instanceof Error && err.message === 'Task queue is at limit')
      throw new AppError(503, 'Too many PDF downloads are being made right now; please try again shortly', {
        'Retry-After': '5',
      });
    throw err;
  }
}

/** An AbortSignal that fires when the client of a response goes away before it is sent. */
export function abandoned(raw: import('node:http').ServerResponse): AbortSignal {
  const controller = new AbortController();
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
