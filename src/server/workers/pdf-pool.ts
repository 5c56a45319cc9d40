import type { ServerResponse } from 'node:http';
import type { PdfTableInput } from '#server/lib/pdf-table';
import type { Language } from '#shared/contract/auth';
import type { OrderDetail } from '#shared/contract/orders';
import { threadPool } from './thread-pool';

/**
 * PDFs are laid out by pdfkit, pure CPU (about 15 ms for a page of 60 rows, fonts and deflate
 * included). They are made in worker threads so that a download never holds up the event loop:
 * the other requests of the same process keep being answered (decision 0042).
 *
 * One thread per server process: the server already runs a process per core, so a second thread
 * would only take CPU from the other process's requests. Which PDFs may be made, how many wait
 * and which are refused is decided once, by the heavy-work admission (http/heavy-work.ts: an
 * invoice takes a turn of `pdf`, a report's PDF one of `report`; decision 0081); here they only
 * take the thread in arrival order, and one whose client went away leaves the line.
 */
export const PDF_THREADS = 1;

interface PdfTasks {
  table: PdfTableInput;
  /** The invoice in the customer's language (English when not given). */
  invoice: { order: OrderDetail; issuedAt: Date; language?: Language };
}

export const pdfThreads = threadPool(new URL('./pdf-worker.mjs', import.meta.url), PDF_THREADS);

/** Starts the PDF thread now, so the first download does not wait for it (the server calls it). */
export function startPdfWorkers(): void {
  pdfThreads.start();
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
  const bytes = await pdfThreads.run<Uint8Array>(name, input, signal);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** An AbortSignal that fires when the client of a response goes away before it is sent. */
export function abandoned(raw: ServerResponse): AbortSignal {
  const controller = new AbortController();
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
